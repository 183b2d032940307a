"""Shanten speed: hands per second through ``majiang.shanten`` and the ``mahjong`` package's
``Shanten.calculate_shanten`` (and ``xiangting`` when it is installed) on the same hands.

    .venv/bin/python bench/shanten.py [--hands 20000] [--repeat 3]

The hands are 13 and 14 tiles (alternately) dealt from a shuffled 136-tile wall with a fixed
seed; all three forms count (standard, seven pairs, thirteen orphans). Each side gets its input
ready beforehand: the peer its 34-count lists, majiang a ``PreparedHand`` (the hand's four
block keys). Nothing is cached per hand: majiang keeps per-suit tables (filled on first use)
and the memoized convolution of two suit tables; the final combination runs on every call.

Reported: a cold pass (tables empty, so it includes filling them), warm passes over the same
hands (best of ``--repeat``), a pass over fresh hands from another seed with the tables as the
warm passes left them, the same once ``precompute()`` has filled every suit of up to
``--precompute`` tiles (its time is printed), and majiang on raw 34-count lists (reading the
counts included).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from mahjong.shanten import Shanten

from majiang.shanten import PreparedHand, precompute, prepare, shanten


def deal(n: int, seed: int) -> list[list[int]]:
    """Return ``n`` hands of 13 and 14 tiles as 34-count lists."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for i in range(n):
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[: 13 + i % 2]:
            counts[t] += 1
        hands.append(counts)
    return hands


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """Return the best CPU time of ``repeat`` runs (CPU time: the machine may be shared)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def xiangting_runner(hands: Sequence[list[int]]) -> Callable[[], object] | None:
    """Return a runner for the ``xiangting`` bindings, or None when they are not installed."""
    try:
        import xiangting  # type: ignore[import-not-found]
    except ImportError:
        return None
    calc = xiangting.calculate_replacement_number
    four = xiangting.PlayerCount.FOUR
    return lambda: [calc(h, four) - 1 for h in hands]


def main() -> int:
    """Print hands per second for each library and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--precompute", type=int, default=8, help="suit size for precompute()")
    args = parser.parse_args()
    n = args.hands
    hands = deal(n, args.seed)
    fresh = deal(n, args.seed + 1)
    peer = Shanten()

    start = time.process_time()
    prepared: list[PreparedHand] = [prepare(c) for c in hands]
    prepare_time = time.process_time() - start
    prepared_fresh = [prepare(c) for c in fresh]

    start = time.process_time()
    ours = [shanten(h) for h in prepared]
    cold = time.process_time() - start
    warm = best_of(args.repeat, lambda: [shanten(h) for h in prepared])
    start = time.process_time()
    for h in prepared_fresh:
        shanten(h)
    fresh_time = time.process_time() - start
    start = time.process_time()
    added = precompute(args.precompute)
    precompute_time = time.process_time() - start
    newer = [prepare(c) for c in deal(n, args.seed + 2)]
    start = time.process_time()
    for h in newer:
        shanten(h)
    newer_time = time.process_time() - start
    raw = best_of(args.repeat, lambda: [shanten(c) for c in hands])
    theirs = [peer.calculate_shanten(c) for c in hands]
    peer_time = best_of(args.repeat, lambda: [peer.calculate_shanten(c) for c in hands])
    if ours != theirs:
        print("results differ!")
        return 1

    rows: list[tuple[str, float]] = [
        ("mahjong 2.1.0 Shanten.calculate_shanten (34 counts)", peer_time),
        ("majiang.shanten, prepared hands, warm tables", warm),
        ("majiang.shanten, prepared fresh hands (seed + 1)", fresh_time),
        (f"  same after precompute({args.precompute}) (seed + 2)", newer_time),
        ("majiang.shanten, prepared hands, cold tables", cold),
        ("majiang.shanten, raw 34-count lists, warm", raw),
        ("majiang.shanten.prepare (reading 34 counts)", prepare_time),
    ]
    xt = xiangting_runner(hands)
    if xt is not None:
        rows.append(("xiangting (Rust bindings)", best_of(args.repeat, xt)))
    print(f"{n} hands of 13/14 tiles, seed {args.seed}, results identical")
    print(f"precompute({args.precompute}): {added} suit tables in {precompute_time:.1f} s")
    print(f"{'':54} {'hands/s':>10} {'us/hand':>8} {'vs mahjong':>10}")
    for name, seconds in rows:
        print(f"{name:54} {n / seconds:10.0f} {seconds / n * 1e6:8.2f} {peer_time / seconds:9.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

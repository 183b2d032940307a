"""Shanten speed: hands per second through ``majiang.shanten`` and the ``mahjong`` package's
``Shanten.calculate_shanten`` (and ``xiangting`` when it is installed), from the same input.

    .venv/bin/python bench/shanten.py [--hands 20000] [--sets 3] [--warmup 20000]

The hands are 13 and 14 tiles (alternately) dealt from a shuffled 136-tile wall, each set from a
seed of its own; all three forms count (standard, seven pairs, thirteen orphans). Both sides get
the same input, a list of 34 counts per hand, and each does inside the timed call whatever reading
it needs (majiang reads the 34 counts straight off, ``counts_distance``; the peer reads the list as it is). Both get the
same warm-up first: one pass over ``--warmup`` hands of another seed. The clock is CPU time (the
machine may be shared), and every result of the two sides is checked equal.

The headline is **fresh hands**: ``--sets`` sets of ``--hands`` hands that neither side has seen,
each timed once per side; majiang's suit tables ship with the package, and its honors' tables and
convolutions hold what the warm-up and the sets before filled, as in a process that has analysed
that many hands. Nothing of a hand is cached by either
side. Printed below it, labelled as such:

- the first pass of the run (the warm-up itself): only the shipped suit tables are filled;
- the last set again: majiang's tables now hold every suit of those hands, so this is its best
  case, not a like-for-like figure (the peer keeps nothing and costs the same);
- ``--precompute N`` (0: skipped): fresh hands again after ``precompute(N)`` filled every suit
  of up to N tiles, a one-time cost printed beside it.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from mahjong.shanten import Shanten

from majiang.shanten import precompute, shanten

Hands = list[list[int]]
Runner = Callable[[Hands], list[int]]


def deal(n: int, seed: int) -> Hands:
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


def timed(run: Runner, hands: Hands) -> tuple[float, list[int]]:
    """Return the CPU seconds of one pass of ``run`` over ``hands``, and its results."""
    start = time.process_time()
    results = run(hands)
    return time.process_time() - start, results


def xiangting_runner() -> Runner | None:
    """Return a runner for the ``xiangting`` bindings, or None when they are not installed."""
    try:
        import xiangting  # type: ignore[import-not-found]
    except ImportError:
        return None
    calc = xiangting.calculate_replacement_number
    four = xiangting.PlayerCount.FOUR
    return lambda hands: [calc(h, four) - 1 for h in hands]


def main() -> int:
    """Print hands per second of each side and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands in each set")
    parser.add_argument("--sets", type=int, default=3, help="sets of fresh hands")
    parser.add_argument("--warmup", type=int, default=20_000, help="hands of the warm-up pass")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--precompute", type=int, default=8, help="suit size (0: skip)")
    args = parser.parse_args()
    peer = Shanten()
    sides: dict[str, Runner] = {
        "majiang": lambda hands: [shanten(c) for c in hands],
        "mahjong": lambda hands: [peer.calculate_shanten(c) for c in hands],
    }
    xt = xiangting_runner()
    if xt is not None:
        sides["xiangting"] = xt
    seconds: dict[str, dict[str, float]] = {name: {} for name in sides}

    def measure(label: str, hands: Hands) -> dict[str, float]:
        """Time each side over ``hands``, add the times to ``label``'s; return them."""
        spent, results = {}, {}
        for name in sides:
            spent[name], results[name] = timed(sides[name], hands)
            seconds[name][label] = seconds[name].get(label, 0.0) + spent[name]
        if len({tuple(r) for r in results.values()}) != 1:
            raise SystemExit(f"results differ in {label!r}")
        return spent

    measure("first pass", deal(args.warmup, args.seed))
    fresh_ratios = []
    last: Hands = []
    for k in range(args.sets):
        last = deal(args.hands, args.seed + 1 + k)
        spent = measure("fresh", last)
        fresh_ratios.append(spent["mahjong"] / spent["majiang"])
    measure("again", last)
    precompute_time = 0.0
    if args.precompute:
        start = time.process_time()
        precompute(args.precompute)
        precompute_time = time.process_time() - start
        measure("precomputed", deal(args.hands, args.seed + 1 + args.sets))

    counts = {
        "first pass": args.warmup,
        "fresh": args.hands * args.sets,
        "again": args.hands,
        "precomputed": args.hands,
    }
    titles = {
        "fresh": f"FRESH hands: {args.sets} sets of {args.hands:,}, unseen by both sides",
        "first pass": f"first pass ({args.warmup:,} hands; no warm-up)",
        "again": "the last set again (majiang's tables hold its suits: best case)",
        "precomputed": f"fresh hands after precompute({args.precompute}) "
        f"({precompute_time:.1f} s once)",
    }
    print(f"34-count lists in, every result identical; CPU time; warm-up {args.warmup:,} hands")
    header = "".join(f"{name + ' us/hand':>18}" for name in sides)
    print(f"{'':64}{header}{'ratio':>8}")
    for label, title in titles.items():
        if label not in seconds["majiang"]:
            continue
        per_hand = {name: seconds[name][label] / counts[label] * 1e6 for name in sides}
        cells = "".join(f"{per_hand[name]:18.2f}" for name in sides)
        ratio = per_hand["mahjong"] / per_hand["majiang"]
        print(f"{title:64}{cells}{ratio:7.1f}x")
        if label == "fresh":
            spread = ", ".join(f"{r:.1f}x" for r in fresh_ratios)
            print(f"  (each set: {spread})")
    hands_per_second = counts["fresh"] / seconds["majiang"]["fresh"]
    print(f"headline: majiang {hands_per_second:,.0f} fresh hands/s, ", end="")
    print(f"{seconds['mahjong']['fresh'] / seconds['majiang']['fresh']:.1f}x the mahjong package")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

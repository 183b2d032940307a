"""Riichi scoring speed: requests per second through ``majiang.scoring.score`` and through the
peer's ``HandCalculator.estimate_hand_value`` on the same generated hands, in one run.

    .venv/bin/python bench/score.py [--hands 3000] [--repeat 3] [--warmup 3000] [--clock wall|cpu]

Both sides get their own input format prepared beforehand (our request dicts, the peer's
136-tile arrays, melds and ``HandConfig``); each timed call scores one hand from scratch (no
cache of whole results on either side).

majiang keeps one table, never of requests: each suit's splits by its tile counts
(``decompose``). So that it helps only as much as shapes genuinely repeat, the headline
figure never scores a hand twice: after a warm-up on other hands (``--warmup``, not timed), each
of ``--repeat`` sets of fresh hands (seeds ``--seed``, ``--seed + 1``...) is scored once by
each side, and the best set is reported. Two more figures put it in context: the warm-up
itself (the first hands of the process, every table empty) and the last set scored again.
The two parts of ``score`` are timed too: reading and checking the request dict
(``ScoreRequest.from_dict``) and the riichi calculator on an already parsed request.

``--clock cpu`` times with the process's CPU time instead of the wall clock: on a shared,
loaded machine it leaves out the time the process waits for a core, so the ratio is steadier.
The first line names the clock.

Before each timed run the harness collects garbage (``gc.collect()``, for both sides alike, in
the harness, never in the library), so that neither side pays the cyclic collector's passes
over the request dicts ``generate()`` just made.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mahjong.hand_calculating.hand import HandCalculator

from majiang.rules import get_ruleset
from majiang.scoring import ScoreRequest, score
from test_riichi_peer import generate, peer_inputs


def _ours(requests: list[dict[str, Any]]) -> Callable[[], None]:
    def run() -> None:
        for r in requests:
            score(r)

    return run


def _peer(requests: list[dict[str, Any]]) -> Callable[[], None]:
    args = [peer_inputs(r) for r in requests]

    def run() -> None:
        for tiles, win, melds, dora, ura, config in args:
            HandCalculator.estimate_hand_value(
                tiles,
                win,
                melds=melds,
                dora_indicators=dora,
                ura_dora_indicators=ura,
                config=config,
            )

    return run


def main() -> int:
    """Print requests per second for majiang and the peer, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per timed set")
    parser.add_argument("--repeat", type=int, default=3, help="timed sets of fresh hands")
    parser.add_argument("--warmup", type=int, default=3000, help="hands scored before timing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall: time.perf_counter; cpu: time.process_time (steadier on a loaded machine)",
    )
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    def rate(fn: Callable[[], None], n: int) -> float:
        gc.collect()  # the harness's own garbage and young objects: not the timed side's
        t0 = clock()
        fn()
        return n / (clock() - t0)

    warmup = generate(args.warmup, args.seed - 1)
    first = rate(_ours(warmup), len(warmup)) if warmup else 0.0
    first_peer = rate(_peer(warmup), len(warmup)) if warmup else 0.0
    ours: list[float] = []
    peer: list[float] = []
    requests: list[dict[str, Any]] = []
    for i in range(args.repeat):
        requests = generate(args.hands, args.seed + i)
        ours.append(rate(_ours(requests), args.hands))
        peer.append(rate(_peer(requests), args.hands))
    again = rate(_ours(requests), args.hands)
    parsed = [ScoreRequest.from_dict(r) for r in requests]
    riichi = get_ruleset("riichi")

    def run_parse() -> None:
        for r in requests:
            ScoreRequest.from_dict(r)

    def run_typed() -> None:
        for req in parsed:
            riichi.score(req)

    parse = rate(run_parse, args.hands)
    typed = rate(run_typed, args.hands)
    best, best_peer = max(ours), max(peer)
    print(
        f"riichi score, {args.clock} clock: {args.repeat} sets of {args.hands} fresh generated "
        f"hands (seeds {args.seed}-{args.seed + args.repeat - 1}) after a warm-up of "
        f"{args.warmup}; best set"
    )
    print(f"  majiang.scoring.score              {best:10.0f} requests/s")
    print(f"  mahjong 2.1.0 HandCalculator       {best_peer:10.0f} requests/s")
    print(f"  ratio                              {best / best_peer:10.2f}x")
    print("majiang.scoring.score in other conditions:")
    if warmup:
        print(
            f"  the warm-up (tables empty)         {first:10.0f} requests/s"
            f"  ({first / first_peer:.2f}x the peer on those hands)"
        )
    print(
        f"  the last set again                 {again:10.0f} requests/s"
        f"  ({again / best_peer:.2f}x the peer's best)"
    )
    print("parts, on the last set:")
    print(f"  ScoreRequest.from_dict alone       {parse:10.0f} requests/s")
    print(
        f"  Riichi.score on parsed             {typed:10.0f} requests/s"
        f"  ({typed / best_peer:.2f}x the peer's best)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

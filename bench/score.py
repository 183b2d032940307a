"""Riichi scoring speed: requests per second through ``majiang.scoring.score`` and through the
peer's ``HandCalculator.estimate_hand_value`` on the same generated hands, in one run.

    .venv/bin/python bench/score.py [--hands 3000] [--repeat 3] [--clock wall|cpu]

Both sides get their own input format prepared beforehand (our request dicts, the peer's
136-tile arrays, melds and ``HandConfig``); each timed call scores one hand from scratch (no
cache of whole results on either side). The best of ``--repeat`` runs is reported. The two
parts of ``score`` are timed too: reading and checking the request dict
(``ScoreRequest.from_dict``) and the riichi calculator on an already parsed request.

``--clock cpu`` times with the process's CPU time instead of the wall clock: on a shared,
loaded machine it leaves out the time the process waits for a core, so the ratio is steadier.
The first line names the clock. Example (shared 2-core machine, ``--clock cpu``)::

    riichi score, 3000 generated hands (seed 2026), best of 3, cpu clock
      majiang.scoring.score             11963 requests/s
      mahjong 2.1.0 HandCalculator       9222 requests/s
      ratio                              1.30x
    parts of majiang.scoring.score:
      ScoreRequest.from_dict alone      33873 requests/s
      Riichi.score on parsed            23876 requests/s  (2.59x the peer)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mahjong.hand_calculating.hand import HandCalculator

from majiang.rules import get_ruleset
from majiang.scoring import ScoreRequest, score
from test_riichi_peer import generate, peer_inputs


def main() -> int:
    """Print requests per second for majiang and the peer, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall: time.perf_counter; cpu: time.process_time (steadier on a loaded machine)",
    )
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    requests = generate(args.hands, args.seed)
    peer_args = [peer_inputs(r) for r in requests]
    parsed = [ScoreRequest.from_dict(r) for r in requests]
    riichi = get_ruleset("riichi")

    def run_ours() -> None:
        for r in requests:
            score(r)

    def run_typed() -> None:
        for req in parsed:
            riichi.score(req)

    def run_parse() -> None:
        for r in requests:
            ScoreRequest.from_dict(r)

    def run_peer() -> None:
        for tiles, win, melds, dora, ura, config in peer_args:
            HandCalculator.estimate_hand_value(
                tiles,
                win,
                melds=melds,
                dora_indicators=dora,
                ura_dora_indicators=ura,
                config=config,
            )

    def best(fn: object) -> float:
        times = []
        for _ in range(args.repeat):
            t0 = clock()
            fn()  # type: ignore[operator]
            times.append(clock() - t0)
        return min(times)

    ours = args.hands / best(run_ours)
    typed = args.hands / best(run_typed)
    parse = args.hands / best(run_parse)
    peer = args.hands / best(run_peer)
    print(
        f"riichi score, {args.hands} generated hands (seed {args.seed}), "
        f"best of {args.repeat}, {args.clock} clock"
    )
    print(f"  majiang.scoring.score        {ours:10.0f} requests/s")
    print(f"  mahjong 2.1.0 HandCalculator {peer:10.0f} requests/s")
    print(f"  ratio                        {ours / peer:10.2f}x")
    print("parts of majiang.scoring.score:")
    print(f"  ScoreRequest.from_dict alone {parse:10.0f} requests/s")
    print(
        f"  Riichi.score on parsed       {typed:10.0f} requests/s  ({typed / peer:.2f}x the peer)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

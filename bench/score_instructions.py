"""Riichi scoring cost in instructions: callgrind counts of ``majiang.scoring.score`` and of the
peer's ``HandCalculator.estimate_hand_value`` per request, on the same generated hands.

    .venv/bin/python bench/score_instructions.py [--hands 2000] [--warmup 3000] [--cache]

Needs valgrind (``make bench-instructions`` installs it, as ``make test`` installs its Debian
packages). Each figure is one process under callgrind that counts only while the hands are
scored: they are fed through ``itertools.starmap`` and ``--toggle-collect=starmap_next`` turns
counting on for exactly those calls, after ``gc.collect()`` (in this harness, never in the
library) and with ``PYTHONHASHSEED=0``. The load of the machine does not move the counts, so
they are what a change is judged by; ``bench/score.py`` gives the time, which they do not
wholly predict (``--cache`` adds the simulated first-level cache misses, docs/riichi.md says
why they matter).

The conditions are ``bench/score.py``'s: a warm-up of ``--warmup`` hands (seed 2025, not
counted), then ``--hands`` fresh hands (seed 2026) scored once ("fresh"); the same after
``majiang.rules.riichi.precompute()`` ("fresh after precompute()"); the fresh hands scored a
second time ("met before"); and the peer on the fresh hands, its inputs prepared beforehand.
A run takes about three minutes (four processes under valgrind, one after another; seven with
``--cache``).
"""

from __future__ import annotations

import argparse
import collections
import gc
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

#: what each counted process does, and how the table names it
CONDITIONS = (
    ("fresh", "majiang fresh (the headline)"),
    ("precompute", "majiang fresh after precompute()"),
    ("seen", "majiang met before"),
    ("peer", "mahjong 2.1.0 HandCalculator"),
)


def child(condition: str, hands: int, warmup: int) -> None:
    """Score the hands of one condition, the counted ones through ``starmap``."""
    from mahjong.hand_calculating.hand import HandCalculator

    from majiang.rules.riichi import precompute
    from majiang.scoring import score
    from test_riichi_peer import generate, peer_inputs

    def peer(*args: Any) -> None:
        tiles, win, melds, dora, ura, config = args
        HandCalculator.estimate_hand_value(
            tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
        )

    run: Callable[..., object]
    counted: list[tuple[Any, ...]]
    if condition == "peer":
        for args in map(peer_inputs, generate(warmup, 2025)):
            peer(*args)
        counted = [peer_inputs(r) for r in generate(hands, 2026)]
        run = peer
    else:
        for request in generate(warmup, 2025):
            score(request)
        if condition == "precompute":
            precompute()
        requests = generate(hands, 2026)
        if condition == "seen":
            for request in requests:
                score(request)
        counted = [(r,) for r in requests]
        run = score
    gc.collect()
    collections.deque(itertools.starmap(run, counted), maxlen=0)


def count(condition: str, hands: int, warmup: int, cache: bool) -> dict[str, int]:
    """Return callgrind's totals (event -> count) for one condition, run in a child process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        command = [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            "--toggle-collect=starmap_next",
            f"--callgrind-out-file={out}",
            *(["--cache-sim=yes"] if cache else []),
            sys.executable,
            __file__,
            "--child",
            condition,
            "--hands",
            str(hands),
            "--warmup",
            str(warmup),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(command, check=True, env=env, capture_output=True)
        events: list[str] = []
        totals: list[int] = []
        for line in Path(out).read_text().splitlines():
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("totals:"):
                totals = [int(n) for n in line.split()[1:]]
    return dict(zip(events, totals, strict=False))


def main() -> int:
    """Print instructions (and with ``--cache`` cache misses) per request for each condition."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands counted")
    parser.add_argument("--warmup", type=int, default=3000, help="hands scored before counting")
    parser.add_argument("--cache", action="store_true", help="simulate the caches too")
    parser.add_argument("--child", choices=[c for c, _ in CONDITIONS], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.hands, args.warmup)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind not found: `make bench-instructions` installs it", file=sys.stderr)
        return 2
    print(
        f"riichi score, callgrind: {args.hands} fresh generated hands (seed 2026) after a "
        f"warm-up of {args.warmup} (seed 2025); per request"
    )
    counts = {c: count(c, args.hands, args.warmup, args.cache) for c, _ in CONDITIONS}
    peer = counts["peer"]["Ir"]
    for condition, name in CONDITIONS:
        found = counts[condition]
        line = f"  {name:36s} {found['Ir'] / args.hands / 1000:7.1f}k instructions"
        if condition != "peer":
            line += f"  (the peer's {peer / found['Ir']:.2f}x)"
        if args.cache:
            line += "  misses: " + ", ".join(
                f"{event} {found[event] / args.hands:,.0f}"
                for event in ("I1mr", "D1mr", "D1mw")
                if event in found
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Scoring speed: riichi requests per second through ``majiang.scoring.score`` and through the
peer's ``HandCalculator.estimate_hand_value`` on the same generated hands, in one run; then the
other families' requests per second (hk, hk2, hkos, taiwan, sichuan), which have no peer.

    .venv/bin/python bench/score.py [--hands 3000] [--repeat 3] [--warmup 3000] [--clock wall|cpu]
        [--variants riichi,hk,hk2,hkos,taiwan,sichuan]

Both sides do the same work from the same inputs. The headline starts from the request dicts
with their notation strings (``"hand": "234777s55566677z"``, ``"melds": ["pon 111z"]``, dora
strings, the situation list) and each side reads them inside the timed part with its own
tools: ours ``majiang.scoring.score(request)``; the peer ``TilesConverter`` on each string,
``Meld`` objects and ``HandConfig`` (``peer_parse`` in ``tests/test_riichi_peer.py``, which a
test checks gives the peer the same answers as the arguments built from our parser), then
``estimate_hand_value``. A second line times the calculators alone on inputs parsed beforehand
on both sides: ``Riichi.score`` on a ``ScoreRequest`` against the peer on its prepared arrays.

Every timed set is of fresh hands (no hand is scored twice; seeds ``--seed``, ``--seed + 1``...,
other seeds for the parsed sets), after the same warm-up of ``--warmup`` other hands on both
sides (not timed). majiang keeps one table, never of requests: each suit's splits by its tile
counts (``decompose``), which helps only as much as shapes genuinely repeat. Each of
``--repeat`` sets is scored once by each side and the best set of each is reported. The parsing
alone is timed on the parsed sets too (``ScoreRequest.from_dict``; the peer's ``peer_parse``).

``--clock cpu`` times with the process's CPU time instead of the wall clock: on a shared,
loaded machine it leaves out the time the process waits for a core, so the ratio is steadier.
The first line names the clock.

The other families have no peer library to time against: their lines give our figure alone,
``majiang.scoring.score`` on request dicts (reading included), fresh hands per timed set after
the same warm-up, best of ``--repeat`` sets. Their hands come from the scoring snapshot's
generator (``tests/scoring_snapshot.py``: random complete hands biased to the shapes the pattern
tables look at, random winds, situations, bonus tiles and table options); the requests it makes
that a family's request check refuses (a situation that contradicts the hand...) are dropped
before timing (read, not scored, so the hands stay fresh), and every timed request is scored.

Before each timed run the harness collects garbage (``gc.collect()``, for both sides alike, in
the harness, never in the library), so that neither side pays the cyclic collector's passes
over the objects the harness just made.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mahjong.hand_calculating.hand import HandCalculator

from majiang.errors import MajiangError
from majiang.rules import get_ruleset
from majiang.scoring import ScoreRequest, score
from scoring_snapshot import request
from test_riichi_peer import PeerArgs, generate, peer_inputs, peer_parse

Requests = list[dict[str, Any]]
#: the families timed alone (no peer library scores them)
FAMILIES = ("hk", "hk2", "hkos", "taiwan", "sichuan")


def ours_from_dicts(requests: Requests) -> None:
    """Score each request dict (reading it included)."""
    for r in requests:
        score(r)


def peer_from_dicts(requests: Requests) -> None:
    """Read each request dict with the peer's tools, then score it with the peer."""
    for r in requests:
        peer_scores(peer_parse(r))


def peer_scores(args: PeerArgs) -> None:
    """Score one hand with the peer from its prepared arguments."""
    tiles, win, melds, dora, ura, config = args
    HandCalculator.estimate_hand_value(
        tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config
    )


def scored_requests(variant: str, n: int, seed: int) -> Requests:
    """Return ``n`` generated requests of a family that it accepts: those its request check
    refuses are dropped (read, never scored, so the hands stay fresh)."""
    rng = random.Random(f"bench-{variant}-{seed}")
    out: Requests = []
    while len(out) < n:
        req = request(variant, rng)
        try:
            ScoreRequest.from_dict(req)
        except MajiangError:
            continue
        out.append(req)
    return out


def riichi_lines(
    args: argparse.Namespace, best: Callable[[Callable[[Any], object], list[list[Any]]], float]
) -> None:
    """Print riichi's lines: ours and the peer's rates from the dicts, from parsed inputs, and
    the reading alone."""
    riichi = get_ruleset("riichi")
    warmup = generate(args.warmup, args.seed - 1)
    ours_from_dicts(warmup)
    peer_from_dicts(warmup)
    seeds = [args.seed + i for i in range(2 * args.repeat)]
    fresh = [generate(args.hands, s) for s in seeds[: args.repeat]]
    ours_dict, peer_dict = best(ours_from_dicts, fresh), best(peer_from_dicts, fresh)
    for_parsing = [generate(args.hands, s) for s in seeds[args.repeat :]]
    ours_parse = best(lambda rs: [ScoreRequest.from_dict(r) for r in rs], for_parsing)
    peer_parse_rate = best(lambda rs: [peer_parse(r) for r in rs], for_parsing)
    ours_parsed = best(
        lambda reqs: [riichi.score(req) for req in reqs],
        [[ScoreRequest.from_dict(r) for r in rs] for rs in for_parsing],
    )
    peer_parsed = best(
        lambda items: [peer_scores(a) for a in items],
        [[peer_inputs(r) for r in rs] for rs in for_parsing],
    )
    print(
        f"riichi score, {args.clock} clock: best of {args.repeat} sets of {args.hands} fresh "
        f"generated hands on each line, after a warm-up of {args.warmup} on both sides"
    )
    print("from the request dicts (each side reads the notation with its own tools):")
    print(f"  majiang.scoring.score              {ours_dict:10.0f} requests/s")
    print(f"  mahjong 2.1.0 (parse + score)      {peer_dict:10.0f} requests/s")
    print(f"  ratio                              {ours_dict / peer_dict:10.2f}x")
    print("from inputs parsed beforehand on both sides:")
    print(f"  Riichi.score on a ScoreRequest     {ours_parsed:10.0f} requests/s")
    print(f"  mahjong 2.1.0 estimate_hand_value  {peer_parsed:10.0f} requests/s")
    print(f"  ratio                              {ours_parsed / peer_parsed:10.2f}x")
    print("the reading alone:")
    print(f"  ScoreRequest.from_dict             {ours_parse:10.0f} requests/s")
    print(f"  the peer's TilesConverter etc.     {peer_parse_rate:10.0f} requests/s")


def main() -> int:
    """Print requests per second for majiang and the peer, their ratio, and the other
    families' requests per second."""
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
    parser.add_argument(
        "--variants",
        default=",".join(("riichi", *FAMILIES)),
        help="comma-separated: riichi (against the peer) and any of " + ", ".join(FAMILIES),
    )
    args = parser.parse_args()
    variants = args.variants.split(",")
    unknown = sorted(set(variants) - {"riichi", *FAMILIES})
    if unknown:
        parser.error(f"unknown variants {unknown}: choose among riichi, {', '.join(FAMILIES)}")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    def rate(fn: Callable[[Any], object], items: list[Any]) -> float:
        gc.collect()  # the harness's own garbage and young objects: not the timed side's
        t0 = clock()
        fn(items)
        return len(items) / (clock() - t0)

    def best(fn: Callable[[Any], object], sets: list[list[Any]]) -> float:
        return max(rate(fn, items) for items in sets)

    if "riichi" in variants:
        riichi_lines(args, best)
    families = [v for v in FAMILIES if v in variants]
    if families:
        print(
            f"other families, {args.clock} clock: best of {args.repeat} sets of {args.hands} fresh "
            f"generated requests, after a warm-up of {args.warmup}; no peer library scores them"
        )
    for variant in families:
        ours_from_dicts(scored_requests(variant, args.warmup, args.seed - 1))
        fresh = [scored_requests(variant, args.hands, args.seed + i) for i in range(args.repeat)]
        print(
            f"  {variant:7s} majiang.scoring.score      {best(ours_from_dicts, fresh):10.0f} requests/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

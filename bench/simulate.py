"""Riichi play speed: hands per second with four random bots on one core, through the whole
engine (legal actions, views, steps, scoring of wins), and riichienv's figure when installed.

    .venv/bin/python bench/simulate.py [--games 40] [--seed 0]

Games are east-round games of four ``random`` bots (which take any win offered); the figure is
hands finished per second of this process's CPU time (one core), after one warm-up game that
fills the per-suit tables. The peer is riichienv (a Rust engine with Python bindings; `make
bench` installs it from pyproject's ``bench`` extra), played the same way: four agents in Python
that take a win when one is offered (``TSUMO``, ``RON``) and otherwise choose uniformly among
its legal actions, red fives on, one east round per game. Its hands are counted from its own
record (the ``start_kyoku`` events of ``mjai_log``, read after the clock stops): its
``kyoku_idx`` counts rounds, not the repeated hands of a dealer who keeps the deal.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.events import Event, HandEnded
from majiang.rules import get_ruleset
from majiang.state import GameState


def ours(games: int, seed: int) -> tuple[int, float]:
    """Return (hands, CPU seconds) of ``games`` east-round games of random bots."""
    rules = get_ruleset("riichi")
    hands = 0

    def count(state: GameState, events: list[Event]) -> None:
        nonlocal hands
        hands += sum(1 for e in events if isinstance(e, HandEnded))

    play_game(rules, [make_bot("random", s) for s in range(4)], seed=-1, record_events=False)
    hands = 0
    start = time.process_time()
    for g in range(games):
        bots = [make_bot("random", g * 16 + s) for s in range(4)]
        play_game(rules, bots, seed=seed + g, record_events=False, on_events=count)
    return hands, time.process_time() - start


def peer(games: int, seed: int) -> tuple[int, float] | None:
    """Return riichienv's (hands, CPU seconds) with random agents, or None when not installed."""
    try:
        from riichienv import ActionType, RiichiEnv  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    wins = {ActionType.TSUMO, ActionType.RON}
    rng = random.Random(seed)

    def choose(legal: list[Any]) -> Any:
        for a in legal:
            if a.action_type in wins:
                return a
        return legal[rng.randrange(len(legal))]

    hands = 0
    seconds = 0.0
    for _ in range(games):
        start = time.process_time()
        env = RiichiEnv(game_mode="4p-red-east")
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: choose(o.legal_actions()) for pid, o in obs.items()})
        seconds += time.process_time() - start
        hands += sum(1 for e in env.mjai_log if _event_type(e) == "start_kyoku")
    return hands, seconds


def _event_type(event: Any) -> str:
    """Return an mjai event's type, whether the log holds it as a dict or as JSON text."""
    if isinstance(event, str):
        event = json.loads(event)
    return str(event.get("type", ""))


def main() -> int:
    """Print hands per second for majiang (and riichienv when installed)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    hands, seconds = ours(args.games, args.seed)
    print(f"majiang   {hands:6d} hands {seconds:7.2f} s  {hands / seconds:8.1f} hands/s")
    other = None
    try:
        other = peer(args.games, args.seed)
    except Exception as exc:  # the peer's API may differ between versions
        print(f"riichienv failed: {exc!r}")
    if other is None:
        print("riichienv not installed (pip install riichienv to compare)")
    else:
        h, s = other
        print(f"riichienv {h:6d} hands {s:7.2f} s  {h / s:8.1f} hands/s")
        print(f"ratio     majiang / riichienv = {(hands / seconds) / (h / s):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

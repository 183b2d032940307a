"""Riichi play speed: hands per second with four random bots on one core, through the whole
engine (legal actions, views, steps, scoring of wins), and riichienv's figure when installed.

    .venv/bin/python bench/simulate.py [--hands 400] [--seed 1]

Both sides do the same work, measured the same way:

- east-round games of four players that take a win when one is offered and otherwise choose
  uniformly among the legal actions, red fives on: majiang's ``random`` bots, and for riichienv
  (a Rust engine with Python bindings; `make bench` installs it from pyproject's ``bench``
  extra) four agents in Python doing the same (``TSUMO``, ``RON``, else any legal action);
- one warm-up game each, not timed (it fills majiang's per-suit tables);
- no game record on either side: majiang plays with ``record_events=False``, riichienv with
  ``skip_mjai_logging=True`` (its mjai log took 17% to 30% of its time in our runs);
- whole games until each side has finished ``--hands`` hands, so the counts differ by less than
  a game. riichienv's games are longer (it extends an east round Tenhou's way while nobody has
  30,000 points), so hands, not games, are compared. Each side counts its hands in its loop,
  the cheapest way it has: majiang the ``HandEnded`` events of each step, riichienv a change
  of (round wind, hand number, honba) after each step (the same count as its log's
  ``start_kyoku`` events).

The figure is hands finished per second of this process's CPU time (one core).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.events import Event, HandEnded
from majiang.rules import get_ruleset
from majiang.state import GameState


def ours(wanted: int, seed: int) -> tuple[int, int, float]:
    """Return (games, hands, CPU seconds) of east-round games of random bots, played until
    ``wanted`` hands are finished, after one warm-up game."""
    rules = get_ruleset("riichi")
    hands = 0

    def count(state: GameState, events: list[Event]) -> None:
        nonlocal hands
        hands += sum(1 for e in events if isinstance(e, HandEnded))

    def game(n: int) -> None:
        bots = [make_bot("random", n * 16 + s) for s in range(4)]
        play_game(rules, bots, seed=seed + n, record_events=False, on_events=count)

    game(-1)  # the warm-up
    hands = games = 0
    start = time.process_time()
    while hands < wanted:
        game(games)
        games += 1
    return games, hands, time.process_time() - start


def peer(wanted: int, seed: int) -> tuple[int, int, float] | None:
    """Return riichienv's (games, hands, CPU seconds) played the same way, or None when it is
    not installed."""
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

    def game(n: int) -> int:
        """Play one game; return its hands."""
        env = RiichiEnv(game_mode="4p-red-east", skip_mjai_logging=True, seed=seed + n)
        obs = env.reset()
        hands, hand = 0, None
        while not env.done():
            obs = env.step({pid: choose(o.legal_actions()) for pid, o in obs.items()})
            now = (env.round_wind, env.kyoku_idx, env.honba)
            if now != hand:
                hands, hand = hands + 1, now
        return hands

    game(-1)  # the warm-up
    hands = games = 0
    start = time.process_time()
    while hands < wanted:
        hands += game(games)
        games += 1
    return games, hands, time.process_time() - start


def main() -> int:
    """Print hands per second for majiang and riichienv (when installed), and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands each side plays (at least)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games, hands, seconds = ours(args.hands, args.seed)
    print(
        f"majiang   {games:4d} games {hands:5d} hands {seconds:7.2f} s  {hands / seconds:8.1f} hands/s"
    )
    other = None
    try:
        other = peer(args.hands, args.seed)
    except Exception as exc:  # the peer's API may differ between versions
        print(f"riichienv failed: {exc!r}")
    if other is None:
        print("riichienv not installed (pip install riichienv to compare)")
    else:
        g, h, s = other
        print(f"riichienv {g:4d} games {h:5d} hands {s:7.2f} s  {h / s:8.1f} hands/s")
        print(f"ratio     majiang / riichienv = {(hands / seconds) / (h / s):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

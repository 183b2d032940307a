"""Environment speed: agent steps per CPU second of majiang.env's PettingZoo environment in every
variant, beside riichienv's environment (riichi) and RLCard's mahjong when installed.

    .venv/bin/python bench/env.py [--steps 3000] [--seed 1] [--variants riichi,hk,...]

A step is one agent's decision as a learner sees it, on both sides:

- majiang: ``env.last()`` (the encoded 16 x 34 view and the action mask; the infos with the raw
  view and the legal actions are refreshed by every step) and ``env.step(slot)``;
- riichienv (a Rust engine with Python bindings; `make bench` installs it): for every player
  its ``step`` asks to act, ``Observation.encode()`` (its feature vector, 2,516 float32) and
  ``Observation.mask()``, then one ``env.step`` with every player's action; each player's
  action counts as a step;
- RLCard (pure Python with numpy; `make bench` installs it): ``env.step(action)``, which returns
  the next player's encoded state (its 6 x 34 x 4 planes and legal action ids) as every RLCard
  environment does.

RLCard's mahjong is a much simpler game than any of ours: one hand of 136 tiles without scoring
(the winner gets 1, the others -1); a win is found by its judge after each step, never offered as
an action, and comes only from a self-drawn tile or a fourth meld (no win on a discard, no
riichi, bonus tiles, furiten, dead wall or robbed kong); a discard is offered to one seat only
(the lowest-numbered seat with a pung or kong, else the next seat's chow), and its 38 actions
are a kind to discard, pung, chow, kong or stand. Its figure shows what a Python mahjong
environment costs, not a like-for-like race.

The policy is the same: a win when one is offered, else a uniform choice among the legal actions
(majiang: among the mask's slots; RLCard offers no win to choose). One-hand games for majiang, east-round games for riichienv
(it has no one-hand mode; a game is dealt again until the steps are done on both sides), red
fives on, one warm-up game each, not timed; no game log on either side. The figure is steps
per second of this process's CPU time (one core).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from majiang.env import env
from majiang.rules import VARIANTS


def timed(play: Callable[[int, int], int], wanted: int) -> tuple[int, float]:
    """Return (steps, CPU seconds) of ``play(game, limit)`` called game after game until
    ``wanted`` steps, after one warm-up game (game -1) that is not timed."""
    play(-1, 10**9)
    steps = games = 0
    start = time.process_time()
    while steps < wanted:
        steps += play(games, wanted - steps)
        games += 1
    return steps, time.process_time() - start


def ours(variant: str, wanted: int, seed: int) -> tuple[int, float]:
    """Return (steps, CPU seconds) of masked random play in ``variant`` until ``wanted`` steps."""
    e = env(variant, seed=seed)
    space = e.space
    wins = [space.index[w] for w in (("tsumo",), ("ron",)) if w in space.index]
    rng = random.Random(seed)

    def play(_game: int, limit: int) -> int:
        steps = 0
        e.reset()
        for _ in e.agent_iter():
            obs, _, terminated, _, _ = e.last()
            if terminated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            won = [i for i in wins if obs["action_mask"][i]]
            e.step(won[0] if won else int(legal[rng.randrange(len(legal))]))
            steps += 1
            if steps >= limit:
                break
        return steps

    return timed(play, wanted)


def peer(wanted: int, seed: int) -> tuple[int, float] | None:
    """Return riichienv's (steps, CPU seconds) played the same way, or None when it is not
    installed."""
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

    def play(n: int, limit: int) -> int:
        game = RiichiEnv(game_mode="4p-red-east", skip_mjai_logging=True, seed=seed + n)
        obs = game.reset()
        steps = 0
        while not game.done() and steps < limit:
            actions = {}
            for pid, o in obs.items():
                np.frombuffer(o.encode(), dtype=np.float32)
                np.frombuffer(o.mask(), dtype=np.uint8)
                actions[pid] = choose(o.legal_actions())
            steps += len(actions)
            obs = game.step(actions)
        return steps

    return timed(play, wanted)


def rlcard_peer(wanted: int, seed: int) -> tuple[int, float] | None:
    """Return RLCard's mahjong (steps, CPU seconds) of uniform random play, or None when it is
    not installed."""
    try:
        import rlcard  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    game = rlcard.make("mahjong", config={"seed": seed})
    rng = random.Random(seed)

    def play(_game: int, limit: int) -> int:
        steps = 0
        state, _ = game.reset()
        while not game.is_over() and steps < limit:
            legal = list(state["legal_actions"])
            state, _ = game.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return timed(play, wanted)


def main() -> int:
    """Print steps per second per variant, riichienv's beside riichi, and RLCard's mahjong with
    the ratio of each of ours to it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="agent steps per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args()
    rate: dict[str, float] = {}
    for variant in args.variants.split(","):
        steps, seconds = ours(variant, args.steps, args.seed)
        rate[variant] = steps / seconds
        print(
            f"majiang   {variant:8} {steps:6d} steps {seconds:7.2f} s {steps / seconds:9.0f} steps/s"
        )
        if variant != "riichi":
            continue
        other = None
        try:
            other = peer(args.steps, args.seed)
        except Exception as exc:  # the peer's API may differ between versions
            print(f"riichienv failed: {exc!r}")
        if other is None:
            print("riichienv not installed (pip install riichienv to compare)")
        else:
            s, t = other
            print(f"riichienv {'riichi':8} {s:6d} steps {t:7.2f} s {s / t:9.0f} steps/s")
            print(f"ratio     majiang / riichienv = {(steps / seconds) / (s / t):.3f}x")
    simple = rlcard_peer(args.steps, args.seed)
    if simple is None:
        print("rlcard not installed (pip install rlcard to compare)")
        return 0
    s, t = simple
    print(f"rlcard    {'mahjong':8} {s:6d} steps {t:7.2f} s {s / t:9.0f} steps/s  (a simpler game)")
    for variant, r in rate.items():
        print(f"ratio     majiang {variant} / rlcard = {r / (s / t):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

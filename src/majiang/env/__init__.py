"""Reinforcement-learning environments over the engine (the ``[rl]`` extra: numpy, gymnasium,
pettingzoo): ``env(...)`` is a PettingZoo AEC environment of one game, every seat an agent;
``majiang.env.single.SingleSeatEnv`` is a Gymnasium environment of one seat against our bots.
docs/env.md describes the observation, the action space and the rewards.

Outside the dependency-free core: the core never imports this package.

>>> e = env("riichi", seed=7)
>>> e.reset()
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) == len(info["legal_actions"])
((16, 34), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.env.actions import ActionSpace, action_key
from majiang.env.aec import REWARDS, MahjongEnv
from majiang.env.observation import ROW, ROWS, encode

__all__ = ["REWARDS", "ROW", "ROWS", "ActionSpace", "MahjongEnv", "action_key", "encode", "env"]


def env(
    variant: str = "riichi",
    length: str = "one_hand",
    rules: Mapping[str, Any] | None = None,
    seed: int | None = None,
    reward: str = "points",
) -> MahjongEnv:
    """Return a PettingZoo AEC environment of one ``variant`` game of ``length`` under the
    table options ``rules``; ``seed`` fixes the first deal, ``reward`` is ``points`` or
    ``placement``."""
    return MahjongEnv(variant, length, rules, seed, reward)

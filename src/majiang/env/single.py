"""A Gymnasium environment of one seat against our bots: ``SingleSeatEnv``.

The learner holds ``seat``; the other seats are bots (``opponents``: one level for all, such as
``"expert"``, or one name per other seat, in seat order), made as the arena makes them
(``make_bot(level, variant, game_seed * 16 + seat, rules)``), so a game is fixed by its seed
and the learner's actions. ``reset`` deals a game and lets the bots play until the learner must
act; ``step`` plays the learner's action, then the bots', until the learner must act again or
the game ends. Observations, the action space and the rewards are the AEC environment's
(docs/env.md); the reward of a step counts every point the learner gained or lost since its
last action, the bots' actions included. ``action_masks()`` returns the current mask (the name
sb3-contrib's MaskablePPO looks for).

An action outside the mask is, by default (``illegal="replace"``), replaced as the arena
replaces an external bot's illegal reply: a pass when one is offered, else the discard of the
drawn tile, else the first discard; ``info["illegal"]`` is then True and ``illegal_penalty`` is
added to the reward. ``illegal="raise"`` raises ``IllegalAction`` instead.

A game that ends before the learner acts (riichi's dealer may abort on nine terminals) is not
an episode: ``reset`` deals the next seed.

>>> e = SingleSeatEnv("riichi", opponents="tsumogiri", seed=5)
>>> obs, info = e.reset()
>>> obs["observation"].shape, int(e.action_masks().sum()) == len(info["legal_actions"])
((16, 34), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from majiang.bots.base import Bot
from majiang.bots.levels import make_bot
from majiang.bots.simple import pass_or_tsumogiri
from majiang.engine import legal_actions, new_game, step
from majiang.env.aec import MahjongEnv, Observation, fresh_space
from majiang.env.observation import encode
from majiang.errors import IllegalAction, InvalidRequest
from majiang.state import GameState
from majiang.view import player_view

__all__ = ["SingleSeatEnv"]

ILLEGAL = ("replace", "raise")


class SingleSeatEnv(gym.Env[Observation, np.int64]):
    """One seat of a ``variant`` game against bots (see the module docstring)."""

    metadata = {"render_modes": []}  # noqa: RUF012  (gymnasium's own attribute)

    def __init__(
        self,
        variant: str = "riichi",
        opponents: str | Sequence[str] = "normal",
        seat: int = 0,
        length: str = "one_hand",
        rules: Mapping[str, Any] | None = None,
        seed: int | None = None,
        reward: str = "points",
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
    ) -> None:
        self.table = MahjongEnv(variant, length, rules, seed, reward)
        n = len(self.table.possible_agents)
        if not 0 <= seat < n:
            raise InvalidRequest(f"seat must be 0-{n - 1}, got {seat}", field="seat")
        others = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != n - 1:
            raise InvalidRequest(
                f"{variant} seats {n - 1} opponents, got {len(others)}: {opponents!r}",
                field="opponents",
            )
        for name in others:
            make_bot(name, variant, 0, rules)  # fail early on an unknown level
        if illegal not in ILLEGAL:
            raise InvalidRequest(
                f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}", field="illegal"
            )
        self.seat = seat
        self.opponents = others
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.observation_space = fresh_space(self.table.observation_spaces["player_0"])
        self.action_space = gym.spaces.Discrete(self.table.space.size)
        self._bots: list[Bot | None] = []
        self._state: GameState | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a game (of ``seed`` when given, else the next seed) and play the bots up to the
        learner's first decision."""
        super().reset(seed=seed)
        game_seed = self.table._next_seed if seed is None else seed
        while True:
            self.table._next_seed = game_seed + 1
            self.game_seed = game_seed
            state, _ = new_game(
                self.table.ruleset, self.table.options, game_seed, self.table.length
            )
            self._bots = [
                None
                if s == self.seat
                else make_bot(
                    self.opponents[s if s < self.seat else s - 1],
                    self.table.variant,
                    game_seed * 16 + s,
                    self.table.options,
                )
                for s in range(len(self.table.possible_agents))
            ]
            self._state = state
            self._start = state.scores[self.seat]
            self._play_bots()
            if not self._game().game_over:
                break
            game_seed += 1
        obs, info = self._observe()
        return obs, info

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' up to the learner's next decision."""
        state = self._game()
        if state.game_over:
            raise InvalidRequest("the game is over: call reset()", field="action")
        legal = legal_actions(self.table.ruleset, state, self.seat)
        view = player_view(self.table.ruleset, state, self.seat)
        illegal = False
        try:
            chosen = self.table.space.decode(int(action), legal, view.claim_tile)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            chosen = pass_or_tsumogiri(view, legal)
            illegal = True
        before = state.scores[self.seat]
        self._state, _ = step(self.table.ruleset, state, self.seat, chosen)
        self._play_bots()
        state = self._game()
        if self.table.reward_mode == "points":
            reward = float(state.scores[self.seat] - before)
        elif state.game_over:
            reward = (len(state.scores) + 1) / 2 - state.placements[self.seat]
        else:
            reward = 0.0
        if illegal:
            reward += self.illegal_penalty
        obs, info = self._observe()
        info["illegal"] = illegal
        return obs, reward, state.game_over, False, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """Return the learner's action mask now (all zero once the game is over)."""
        state = self._game()
        legal = legal_actions(self.table.ruleset, state, self.seat)
        claim = state.claim_tile if state.phase == "claim" else None
        return self.table.space.mask(legal, claim)

    @property
    def game_state(self) -> GameState:
        """Return the whole game state, hidden tiles included (for tests and tools)."""
        return self._game()

    def _game(self) -> GameState:
        if self._state is None:
            raise InvalidRequest("call reset() before using the environment", field="reset")
        return self._state

    def _play_bots(self) -> None:
        state = self._game()
        rules = self.table.ruleset
        while not state.game_over:
            seat = state.waiting_seats()[0]
            bot = self._bots[seat]
            if bot is None:
                break
            legal = legal_actions(rules, state, seat)
            state, _ = step(rules, state, seat, bot.choose(player_view(rules, state, seat), legal))
        self._state = state

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        state = self._game()
        view = player_view(self.table.ruleset, state, self.seat)
        legal = legal_actions(self.table.ruleset, state, self.seat)
        obs: Observation = {
            "observation": encode(view),
            "action_mask": self.table.space.mask(legal, view.claim_tile),
        }
        return obs, {"view": view, "legal_actions": tuple(legal)}

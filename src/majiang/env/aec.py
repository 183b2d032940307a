"""The PettingZoo AEC environment: one game of a variant, the seats as agents ``player_0`` ...

The agent to act is the first seat the engine waits for (``GameState.waiting_seats``); in a
claim window every seat offered a claim answers in turn order, none seeing another's answer.
Its observation is ``{"observation": encode(view), "action_mask": mask}`` (observation.py,
actions.py); ``infos[agent]`` holds the seat's raw ``view`` (``majiang.view.PlayerView``) and
its ``legal_actions`` (``Action`` values, in the engine's order), both refreshed after every
step. An action is a slot index; one outside the mask raises ``IllegalAction`` and changes
nothing.

Rewards: ``reward="points"`` (default) gives every seat, after each step, the points it gained
or lost in that step as the variant counts them (riichi's deposit included), so an agent's
rewards over a game sum to its final score minus its starting score. ``reward="placement"``
gives nothing until the game ends, then ``(players + 1) / 2 - place``: +1.5, +0.5, -0.5, -1.5
for four players, ties broken as the engine places them (the seat nearer the first dealer
first).

Seeds: ``reset(seed=s)`` deals the game of seed ``s`` (``new_game(rules, options, s, length)``);
each later ``reset()`` without a seed deals seed ``s + 1``, ``s + 2`` ... The first ``reset()``
of ``env(seed=s)`` deals seed ``s``; with ``seed=None`` the first seed is drawn at random.

>>> e = MahjongEnv("hk", seed=4)
>>> e.reset()
>>> e.agent_selection, e.observe("player_0")["observation"].shape
('player_0', (16, 34))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from majiang.actions import Action
from majiang.engine import legal_actions, new_game, step
from majiang.env.actions import ActionSpace
from majiang.env.observation import COLUMNS, ROWS, bounds, encode
from majiang.errors import InvalidRequest
from majiang.rules import get_ruleset
from majiang.rules.game import rounds_for_length
from majiang.state import GameState
from majiang.view import player_view

__all__ = ["REWARDS", "MahjongEnv"]

REWARDS = ("points", "placement")
Observation = dict[str, Any]  # "observation" and "action_mask", numpy arrays


class MahjongEnv(AECEnv):  # type: ignore[misc]  # (pettingzoo ships no type information)
    """One game of ``variant`` as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "majiang_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "riichi",
        length: str = "one_hand",
        rules: Mapping[str, Any] | None = None,
        seed: int | None = None,
        reward: str = "points",
    ) -> None:
        super().__init__()
        self.ruleset = get_ruleset(variant)
        rounds_for_length(length)  # fail early on an unknown length
        if reward not in REWARDS:
            raise InvalidRequest(
                f"unknown reward {reward!r} (expected one of {', '.join(REWARDS)})",
                field="reward",
            )
        self.variant = variant
        self.length = length
        self.options = dict(rules or {})
        self.reward_mode = reward
        new_game(self.ruleset, self.options, 0, length)  # fail early on a bad option
        self._next_seed = random.randrange(2**31) if seed is None else seed
        self.space = ActionSpace.for_variant(variant)
        n = self.ruleset.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        low, high = bounds()
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (len(ROWS), COLUMNS), np.float32),
                "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
            }
        )
        self.observation_spaces = {
            a: observation if s == 0 else fresh_space(observation)
            for s, a in enumerate(self.possible_agents)
        }
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.state_now: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Return the agent's observation space (a ``Dict`` of ``observation`` and ``action_mask``)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Return the agent's action space: ``Discrete`` over the variant's slots."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: of ``seed`` when given, else of the next seed in turn."""
        game_seed = self._next_seed if seed is None else seed
        self._next_seed = game_seed + 1
        self.game_seed = game_seed
        state, _ = new_game(self.ruleset, self.options, game_seed, self.length)
        self.state_now = state
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._refresh_infos()
        self.agent_selection = self._to_act()

    def observe(self, agent: str) -> Observation:
        """Return the agent's encoded view and action mask."""
        state = self._state()
        seat = self._seats[agent]
        view = player_view(self.ruleset, state, seat)
        legal = legal_actions(self.ruleset, state, seat)
        return {
            "observation": encode(view),
            "action_mask": self.space.mask(legal, view.claim_tile),
        }

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (a slot index; ``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidRequest(f"{agent} must act: an action index, not None", field="action")
        state = self._state()
        seat = self._seats[agent]
        legal = legal_actions(self.ruleset, state, seat)
        claim_tile = state.claim_tile if state.phase == "claim" else None
        chosen: Action = self.space.decode(int(action), legal, claim_tile)
        before = state.scores
        state, _ = step(self.ruleset, state, seat, chosen)
        self.state_now = state
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.reward_mode == "points":
            for a in self.agents:
                s = self._seats[a]
                self.rewards[a] = float(state.scores[s] - before[s])
        if state.game_over:
            n = len(self.possible_agents)
            for a in self.agents:
                self.terminations[a] = True
                if self.reward_mode == "placement":
                    self.rewards[a] = (n + 1) / 2 - state.placements[self._seats[a]]
        else:
            self.agent_selection = self._to_act()
        self._refresh_infos()
        self._accumulate_rewards()

    def close(self) -> None:
        """Nothing to release."""

    @property
    def game_state(self) -> GameState:
        """Return the whole game state, hidden tiles included (for tests and tools, not agents)."""
        return self._state()

    def _state(self) -> GameState:
        if self.state_now is None:
            raise InvalidRequest("call reset() before using the environment", field="reset")
        return self.state_now

    def _to_act(self) -> str:
        return self.possible_agents[self._state().waiting_seats()[0]]

    def _refresh_infos(self) -> None:
        state = self._state()
        for a in self.agents:
            s = self._seats[a]
            self.infos[a] = {
                "view": player_view(self.ruleset, state, s),
                "legal_actions": tuple(legal_actions(self.ruleset, state, s)),
            }


def fresh_space(space: spaces.Dict) -> spaces.Dict:
    """Return an equal space of its own (each agent's space is seeded on its own)."""
    box = space["observation"]
    mask = space["action_mask"]
    assert isinstance(box, spaces.Box) and isinstance(mask, spaces.Box)
    return spaces.Dict(
        {
            "observation": spaces.Box(box.low, box.high, box.shape, np.float32),
            "action_mask": spaces.Box(0, 1, mask.shape, np.int8),
        }
    )

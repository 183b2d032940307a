"""Bot levels (issue 10): legal moves in every variant the engine plays, determinism given a
seed, and view-only access (a bot handed a view cannot reach the state).

The variants are every registered one (``majiang.rules.VARIANTS``), so a variant the engine
gains is tested without editing this file, and one whose ``new_game`` fails is a failure here,
not a variant left out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from majiang.actions import Action
from majiang.bots import make_bot as make_named_bot
from majiang.bots.levels import LEVELS, make_bot
from majiang.bots.play import play_game
from majiang.engine import legal_actions, new_game, step
from majiang.rules import VARIANTS, get_ruleset
from majiang.state import GameState
from majiang.view import PlayerView, player_view

ENGINE_VARIANTS = list(VARIANTS)


class Checked:
    """Wraps a bot: asserts every choice is one of the legal actions it was handed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.choices = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.bot.choose(view, legal)
        assert action in legal, f"{self.name} chose {action} not in {legal}"
        self.choices += 1
        return action


def test_riichi_is_played() -> None:
    assert "riichi" in ENGINE_VARIANTS


@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
def test_every_registered_variant_starts_a_game(variant: str) -> None:
    state, _ = new_game(get_ruleset(variant), seed=0, length="one_hand")
    assert not state.game_over and state.waiting_seats()


@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_levels_play_legal_moves(variant: str, level: str) -> None:
    rules = get_ruleset(variant)
    names = [level, "random", level, "tsumogiri"][: rules.players]
    for seed in (1,):
        bots = [Checked(make_bot(n, variant, seed * 10 + s)) for s, n in enumerate(names)]
        game = play_game(rules, bots, seed=seed, length="one_hand", record_events=False)
        assert game.state.game_over
        assert bots[0].choices > 0


@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
def test_same_seed_same_game(variant: str) -> None:
    rules = get_ruleset(variant)
    names = ["expert", "normal", "beginner", "expert"][: rules.players]

    def actions(seed: int) -> list[tuple[int, Action]]:
        bots = [make_bot(n, variant, seed=seed + s) for s, n in enumerate(names)]
        return play_game(rules, bots, seed=5, length="one_hand").record.actions

    first = actions(3)
    assert first == actions(3)
    assert len(first) > 20


def test_levels_are_registered_by_name() -> None:
    # simulate and the server build bots by name and seed only: the levels read the variant
    # from each view
    bot = make_named_bot("expert", seed=4)
    rules = get_ruleset("hk")
    game = play_game(
        rules, [bot, *(make_named_bot("normal", s) for s in range(3))], seed=1, length="one_hand"
    )
    assert game.state.game_over


def _reachable(value: Any, seen: set[int], depth: int = 0) -> list[type]:
    """Return the types of every object reachable from ``value`` through fields and items."""
    if id(value) in seen or depth > 12:
        return []
    seen.add(id(value))
    found: list[type] = [type(value)]
    if isinstance(value, dict):
        children: list[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        children = list(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif hasattr(value, "__dict__"):
        children = list(vars(value).values())
    else:
        children = []
    for child in children:
        found.extend(_reachable(child, seen, depth + 1))
    return found


def test_a_view_holds_no_state() -> None:
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, seed=8)
    view = player_view(rules, state, 0)
    assert GameState not in _reachable(view, set())


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_the_view_alone(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot is handed views and legal actions only: with the engine's entry points made to
    fail during its decisions, it still plays, and nothing it keeps refers to a state."""
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, seed=11, length="one_hand")
    bots = [make_bot(level, "riichi", seed=s) for s in range(4)]
    import majiang.engine as engine

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a bot reached the engine")

    real_legal, real_step = legal_actions, step
    steps = 0
    while not state.game_over and steps < 400:
        seat = state.waiting_seats()[0]
        legal = real_legal(rules, state, seat)
        view = player_view(rules, state, seat)
        with monkeypatch.context() as m:
            m.setattr(engine, "legal_actions", forbidden)
            m.setattr(engine, "step", forbidden)
            m.setattr(engine, "new_game", forbidden)
            action = bots[seat].choose(view, legal)
        state, _ = real_step(rules, state, seat, action)
        steps += 1
    assert state.game_over
    for bot in bots:
        assert GameState not in _reachable(bot, set())

"""Seat bots at a table and play a whole game: the loop ``simulate`` and the tests use.

>>> from majiang.bots import make_bot
>>> from majiang.rules import get_ruleset
>>> game = play_game(get_ruleset("riichi"), [make_bot("random", s) for s in range(4)], seed=1,
...                  length="one_hand")
>>> game.state.game_over, game.record.events[-1]["type"]
(True, 'game_ended')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from majiang.bots.base import Bot, decide
from majiang.engine import legal_actions, new_game, step
from majiang.events import Event
from majiang.records.native import GameRecord
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.view import player_view

__all__ = ["PlayedGame", "play_game"]


@dataclass
class PlayedGame:
    """The final state, every event, and the record of a game."""

    state: GameState
    events: list[Event]
    record: GameRecord


def play_game(
    rules: Ruleset,
    bots: Sequence[Bot],
    *,
    seed: int | str = 0,
    length: str = "east",
    options: Mapping[str, Any] | None = None,
    record_events: bool = True,
    on_events: Callable[[GameState, list[Event]], None] | None = None,
) -> PlayedGame:
    """Return the game the bots play (each sees only its view and legal actions)."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.id} needs {rules.players} bots, got {len(bots)}")
    state, events = new_game(rules, options, seed, length)
    record = GameRecord(rules.id, dict(state.options), seed, length, [b.name for b in bots])
    all_events = list(events)
    if on_events is not None:
        on_events(state, events)
    while not state.game_over:
        seat = state.waiting_seats()[0]
        legal = legal_actions(rules, state, seat)
        action = decide(bots[seat], partial(player_view, rules, state, seat), legal)
        state, events = step(rules, state, seat, action)
        record.actions.append((seat, action))
        all_events.extend(events)
        if on_events is not None:
            on_events(state, events)
    if record_events:
        record.events = [e.to_dict() for e in all_events]
    record.result = {
        "scores": list(state.scores),
        "placements": list(state.placements),
        "final_points": list(state.final_points),
    }
    return PlayedGame(state, all_events, record)

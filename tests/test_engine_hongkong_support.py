"""Helpers for the Hong Kong engine tests: fixed walls in the variant's own deal order, and a
scripted driver that passes every claim the script does not answer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from majiang.actions import Pass, parse_action
from majiang.engine import legal_actions, new_game, step
from majiang.events import Event
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import parse_tiles, tile_set


def hk_wall(variant: str, hands: Sequence[str], draws: str = "", *, tail: str = "") -> list[int]:
    """Return a wall of ``variant`` that deals ``hands`` (seat order from the dealer, in the
    variant's deal order: blocks of 13 in hk, stacks of four in hkos), then draws ``draws`` in
    order; ``tail`` are the replacement tiles from the end of the wall, the first taken first.
    The other tiles fill the middle in id order (so leftover flowers sit just before the tail).
    """
    rules = get_ruleset(variant)
    parsed = [parse_tiles(h) for h in hands]
    assert len(parsed) == rules.players
    taken = [0] * rules.players
    front: list[int] = []
    for seat, count in rules.deal_order({}, rules.players, 0):
        front.extend(parsed[seat][taken[seat] : taken[seat] + count])
        taken[seat] += count
    assert taken == [len(p) for p in parsed], (taken, hands)
    front.extend(parse_tiles(draws))
    back = list(reversed(parse_tiles(tail)))
    pool = Counter(tile_set(variant).tiles())
    for t in [*front, *back]:
        assert pool[t] > 0, f"too many of tile {t}"
        pool[t] -= 1
    wall = [*front, *sorted(pool.elements()), *back]
    assert len(wall) == tile_set(variant).size
    return wall


def hk_start(
    variant: str,
    hands: Sequence[str],
    draws: str = "",
    *,
    tail: str = "",
    options: dict[str, Any] | None = None,
    length: str = "one_hand",
    **kwargs: Any,
) -> tuple[Ruleset, GameState, list[Event]]:
    """Return the ruleset and a game of ``variant`` started on a fixed wall."""
    rules = get_ruleset(variant)
    wall = hk_wall(variant, hands, draws, tail=tail)
    state, events = new_game(rules, options, 0, length, walls=[wall], **kwargs)
    return rules, state, events


def run(rules: Ruleset, state: GameState, script: Sequence[str]) -> tuple[GameState, list[Event]]:
    """Return the state after each ``"seat: action"`` line, and all the events.

    Before a line, a claim window the line does not answer (a seat not asked, or a turn action)
    is passed by everyone in it; a line answering a claim leaves the other claimants to answer
    by later lines or to pass.
    """
    events: list[Event] = []
    last = ""
    for line in script:
        who, _, text = line.partition(":")
        seat, action = int(who), parse_action(text.strip())
        answers = action.kind in ("pass", "ron", "chi", "pon", "kan")
        if state.phase == "claim" and (seat not in state.waiting_seats() or not answers):
            state = _pass_all(rules, state, events)
        state, more = step(rules, state, seat, action)
        events.extend(more)
        last = action.kind
    if state.phase == "claim" and last in ("ron", "chi", "pon", "kan"):
        state = _pass_all(rules, state, events)
    return state, events


def finish_claims(rules: Ruleset, state: GameState, events: list[Event]) -> GameState:
    """Return the state after every seat still asked passes."""
    return _pass_all(rules, state, events)


def _pass_all(rules: Ruleset, state: GameState, events: list[Event]) -> GameState:
    while state.phase == "claim":
        seat = state.waiting_seats()[0]
        state, more = step(rules, state, seat, Pass())
        events.extend(more)
    return state


def of_kind(events: Sequence[Event], kind: str) -> list[Any]:
    """Return the events of one kind."""
    return [e for e in events if e.kind == kind]


def offers(rules: Ruleset, state: GameState, seat: int) -> list[str]:
    """Return the seat's legal actions as text."""
    return [str(a) for a in legal_actions(rules, state, seat)]

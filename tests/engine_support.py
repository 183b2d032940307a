"""Helpers for the engine tests: fixed walls, scripted play, and the true state's public tiles."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from majiang.actions import Action, Chi, Discard, Kan, Pass, Pon, Ron, parse_action
from majiang.engine import legal_actions, new_game, step
from majiang.events import Event
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import parse_tiles, tile_set

RIICHI = get_ruleset("riichi")
NO_RED = {"aka": 0}


def riichi_wall(
    hands: Sequence[str],
    draws: str = "",
    *,
    rinshan: str = "",
    dora: str = "",
    ura: str = "",
    tail: str = "",
) -> list[int]:
    """Return a 136-tile riichi wall (no red fives) dealing ``hands`` (seat order from the dealer,
    13 tiles each), then ``draws`` in order, then ``tail`` at the end of the live wall (the last
    draws), the rest in canonical order; dead wall: replacement tiles (``rinshan``, first drawn
    first), dora and ura indicators."""
    pool = Counter(tile_set("riichi", NO_RED).tiles())
    front: list[int] = []
    for h in hands:
        tiles = parse_tiles(h)
        assert len(tiles) == 13, h
        front.extend(tiles)
    front.extend(parse_tiles(draws))
    back = parse_tiles(tail)
    dead: list[int | None] = [None] * 14
    for k, t in enumerate(parse_tiles(rinshan)):
        dead[13 - k] = t
    for i, t in enumerate(parse_tiles(dora)):
        dead[9 - 2 * i] = t
    for i, t in enumerate(parse_tiles(ura)):
        dead[8 - 2 * i] = t
    for t in [*front, *back, *(t for t in dead if t is not None)]:
        assert pool[t] > 0, f"too many {t}"
        pool[t] -= 1
    rest = sorted(pool.elements())
    for i in range(14):
        if dead[i] is None:
            dead[i] = rest.pop()
    middle = rest
    wall = [*front, *middle, *back, *(t for t in dead if t is not None)]
    assert len(wall) == 136
    return wall


def start(
    hands: Sequence[str],
    draws: str = "",
    *,
    rules: Ruleset = RIICHI,
    options: dict[str, Any] | None = None,
    length: str = "one_hand",
    **kwargs: Any,
) -> tuple[GameState, list[Event]]:
    """Return a riichi game started on a fixed wall (options default to no red fives)."""
    wall_args = {k: kwargs.pop(k) for k in ("rinshan", "dora", "ura", "tail") if k in kwargs}
    wall = riichi_wall(hands, draws, **wall_args)
    return new_game(rules, {**NO_RED, **(options or {})}, 0, length, walls=[wall], **kwargs)


def play(
    state: GameState, script: Sequence[str], rules: Ruleset = RIICHI
) -> tuple[GameState, list[Event]]:
    """Return the state after each ``"seat: action"`` of the script, and all their events.

    ``"*: pass"`` makes every seat still asked pass; a claim window the script does not answer
    (the next line is a turn action, or a seat not asked) is passed by everyone in it.
    """
    events: list[Event] = []
    for line in script:
        who, _, text = line.partition(":")
        action = parse_action(text.strip())
        seats = state.waiting_seats() if who.strip() == "*" else [int(who)]
        claim = isinstance(action, Pass | Ron | Chi | Pon | Kan)
        if (
            state.phase == "claim"
            and who.strip() != "*"
            and (not claim or int(who) not in state.waiting_seats())
        ):
            for other in state.waiting_seats():  # claims the script does not mention: pass
                state, more = step(rules, state, other, Pass())
                events.extend(more)
        for seat in seats:
            state, more = step(rules, state, seat, action)
            events.extend(more)
    return state, events


def auto(
    state: GameState,
    until: Callable[[GameState, list[Event]], bool],
    rules: Ruleset = RIICHI,
    limit: int = 1000,
) -> tuple[GameState, list[Event]]:
    """Return the state after everyone passes claims and discards the drawn tile (never a win),
    stopping as soon as ``until(state, events so far)`` holds."""
    events: list[Event] = []
    for _ in range(limit):
        if until(state, events) or state.game_over:
            return state, events
        seat = state.waiting_seats()[0]
        legal = legal_actions(rules, state, seat)
        action: Action
        if Pass() in legal:
            action = Pass()
        else:
            plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
            action = next((a for a in plain if a.tile == state.drawn), plain[-1])
        state, more = step(rules, state, seat, action)
        events.extend(more)
    raise AssertionError("auto play did not reach the condition")


def kinds(events: Sequence[Event]) -> list[str]:
    """Return the event kinds in order."""
    return [e.kind for e in events]


def of_kind(events: Sequence[Event], kind: str) -> list[Any]:
    """Return the events of one kind."""
    return [e for e in events if e.kind == kind]


def physical_tiles(state: GameState) -> Counter[int]:
    """Return every tile where it physically is: hands, melds, rivers (unclaimed), bonus tiles
    and the undrawn wall (indicators included)."""
    out: Counter[int] = Counter()
    for s in range(state.players):
        out.update(state.concealed[s])
        for m in state.melds[s]:
            out.update(m.tiles)
        out.update(r.tile for r in state.rivers[s] if not r.claimed)
        out.update(state.bonus[s])
    out.update(state.wall[state.draw_pos : len(state.wall) - state.back_taken])
    return out


def public_tiles(state: GameState, rules: Ruleset) -> Counter[int]:
    """Return the tiles anyone may see, read from the true state (not through the view code)."""
    out: Counter[int] = Counter()
    for s in range(state.players):
        for m in state.melds[s]:
            out.update(m.tiles)
        out.update(r.tile for r in state.rivers[s] if not r.claimed)
        out.update(state.bonus[s])
    for i in range(state.indicators):
        pos = rules.indicator_position(len(state.wall), i, False)
        if pos is not None:
            out[state.wall[pos]] += 1
    return out

"""Tiles taken from the wall: a turn's draw, replacements from the back (after a kong, for a
bonus tile), bonus tiles set aside in play with the window of wins on one just revealed, and
the indicators turned.
"""

from __future__ import annotations

from majiang.actions import Action, Ron, Tsumo
from majiang.engine import deal, hand_end
from majiang.engine.common import PASS, RON, TSUMO, replace_at
from majiang.engine.wins import win_result
from majiang.events import BonusDeclared, Drew, Event, IndicatorRevealed
from majiang.rules.base import Ruleset
from majiang.rules.game import Outcome
from majiang.state import GameState
from majiang.tiles import Tile, is_bonus

__all__ = [
    "draw",
    "open_bonus_wins",
    "resolve_bonus_wins",
    "reveal_indicator",
    "reveal_pending",
    "take",
]


def take(st: GameState, replacement: bool) -> Tile:
    """Return the next tile of the wall: from the front, or from the back for a ``replacement``."""
    if replacement:
        st.back_taken += 1
        return st.wall[len(st.wall) - st.back_taken]
    st.draw_pos += 1
    return st.wall[st.draw_pos - 1]


def draw(
    rules: Ruleset, st: GameState, seat: int, ev: list[Event], replacement: bool = False
) -> None:
    """The seat draws (from the back for a ``replacement``) and its turn begins."""
    tile = take(st, replacement)
    ev.append(Drew(seat, tile, replacement))
    st.bonus_replaced = False
    if not replacement:
        st.kong_chain = 0
    _keep_drawn(rules, st, seat, tile, ev)


def _keep_drawn(rules: Ruleset, st: GameState, seat: int, tile: Tile, ev: list[Event]) -> None:
    """The seat keeps the tile it drew and its turn begins; a bonus tile is first set aside
    (a win on it may be offered: play pauses) and replaced from the back, in a chain."""
    if is_bonus(tile):
        st.bonus_replaced = True
        st.bonus = replace_at(st.bonus, seat, (*st.bonus[seat], tile))
        ev.append(BonusDeclared(seat, tile))
        if not open_bonus_wins(rules, st, seat, tile, "bonus"):
            _replace_bonus(rules, st, seat, ev)
        return
    st.concealed = replace_at(st.concealed, seat, (*st.concealed[seat], tile))
    if "until_draw" in rules.furiten and "furiten_temp" in st.status[seat]:
        st.status = replace_at(st.status, seat, st.status[seat] - {"furiten_temp"})
    st.drawn = tile
    st.turn = seat
    st.phase = "turn"
    st.called_this_turn = False
    st.forbidden = frozenset()


def _replace_bonus(rules: Ruleset, st: GameState, seat: int, ev: list[Event]) -> None:
    """Replace the bonus tile the seat has just set aside in play, from the back of the wall
    (the hand is drawn when no live tile is left to replace it)."""
    if st.live_tiles(rules.dead_wall) <= 0:
        hand_end.exhaustive_draw(rules, st, ev)
        return
    tile = take(st, True)
    ev.append(Drew(seat, tile, True))
    _keep_drawn(rules, st, seat, tile, ev)


def open_bonus_wins(rules: Ruleset, st: GameState, revealer: int, tile: Tile, what: str) -> bool:
    """Open the window of wins on the bonus tile ``revealer`` has just set aside (``what``:
    ``bonus`` in play, ``deal_bonus`` in the deal) when ``bonus_win`` offers one that scores;
    return whether it opened. The revealer's own win is a ``tsumo``, another seat's a ``ron``."""
    offers: list[tuple[Action, ...]] = []
    for s in range(st.players):
        offer = None if "out" in st.status[s] else rules.bonus_win(st.options, st, s, revealer)
        source = None if s == revealer else revealer
        if offer is None or not win_result(rules, st, s, tile, source, bonus=True).valid:
            offers.append(())
            continue
        win = TSUMO if source is None else RON
        offers.append((win,) if offer.forced else (PASS, win))
    if not any(offers):
        return False
    st.phase = "claim"
    st.claim_tile = tile
    st.claim_kind = what
    st.turn = revealer
    st.claim_options = tuple(offers)
    st.responses = (None,) * st.players
    return True


def resolve_bonus_wins(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Apply the answers to a window of wins on a bonus tile: the revealer's own win, else the
    wins of the others (``ron_winners``); when all pass, the deal or the draw goes on."""
    revealer = st.turn
    tile = st.claim_tile
    assert tile is not None
    what = st.claim_kind
    n = st.players
    st.phase = "turn"
    if isinstance(st.responses[revealer], Tsumo):
        hand_end.award_wins(rules, st, (revealer,), None, tile, ev, bonus=True)
        return
    order = [(revealer + i) % n for i in range(1, n)]
    rons = tuple(s for s in order if isinstance(st.responses[s], Ron))
    if rons:
        winners = rules.ron_winners(st.options, rons)
        if winners is None:
            hand_end.end_hand(rules, st, Outcome("abortive_draw", "triple_ron"), ev)
        else:
            hand_end.award_wins(rules, st, winners, revealer, tile, ev, bonus=True)
        return
    st.claim_tile = None
    st.claim_kind = ""
    if what == "deal_bonus":
        deal.replace_dealt_bonus(rules, st, ev)
    else:
        _replace_bonus(rules, st, revealer, ev)


def reveal_indicator(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Turn the next indicator, where the variant has one left to turn."""
    pos = rules.indicator_position(len(st.wall), st.indicators, False)
    if pos is None:
        return
    st.indicators += 1
    st.dora_indicators = (*st.dora_indicators, st.wall[pos])
    ev.append(IndicatorRevealed(st.wall[pos]))


def reveal_pending(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Turn the indicators a kong left to turn after its discard."""
    while st.pending_indicators:
        st.pending_indicators -= 1
        reveal_indicator(rules, st, ev)

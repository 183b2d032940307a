"""Claims on a discard, or on a kong that can be robbed: the window opened, the answers
resolved in rank (ron, then kan and pon, then chi, nearest seat first), a riichi made good once
its discard passes, the call made, or the next seat's draw.
"""

from __future__ import annotations

from majiang.actions import Action, Chi, Kan, Pon, Ron
from majiang.engine import draws, hand_end, turn
from majiang.engine.common import next_seat, replace_at
from majiang.engine.legal import claim_offers
from majiang.events import Called, Event, PointsMoved, RiichiDeclared
from majiang.melds import Meld
from majiang.rules.base import Ruleset
from majiang.rules.game import Outcome
from majiang.state import GameState
from majiang.tiles import Tile, kind, sort_key

__all__ = ["open_claims", "resolve_claims"]


def open_claims(
    rules: Ruleset, st: GameState, seat: int, tile: Tile, what: str, ev: list[Event]
) -> None:
    """Offer the others their claims on ``tile``; resolved at once when nobody has one."""
    n = st.players
    st.claim_tile = tile
    st.claim_kind = what
    st.turn = seat
    offers = tuple(
        () if s == seat or "out" in st.status[s] else tuple(claim_offers(rules, st, s, tile, seat))
        for s in range(n)
    )
    st.claim_options = offers
    st.responses = (None,) * n
    if any(offers):
        st.phase = "claim"
    else:
        resolve_claims(rules, st, ev)


def resolve_claims(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Apply the answers to a claim window: ron, then kan and pon, then chi, else play on."""
    if st.claim_kind in ("bonus", "deal_bonus"):
        draws.resolve_bonus_wins(rules, st, ev)
        return
    n = st.players
    source = st.turn
    tile = st.claim_tile
    assert tile is not None
    order = [(source + i) % n for i in range(1, n)]
    rons = tuple(s for s in order if isinstance(st.responses[s], Ron))
    what = st.claim_kind
    st.phase = "turn"
    if rons:
        _mark_missed(st, source, tile)  # a seat that passed the win stays furiten if play goes on
        winners = rules.ron_winners(st.options, rons)
        if winners is None:
            hand_end.end_hand(rules, st, Outcome("abortive_draw", "triple_ron"), ev)
        else:
            hand_end.award_wins(rules, st, winners, source, tile, ev, robbed=what != "discard")
        return
    _mark_missed(st, source, tile)
    if what != "discard":
        turn.finish_kong(rules, st, source, what, ev)
        return
    call: tuple[int, Action] | None = None
    for rank in ((Kan, Pon), (Chi,)):
        for s in order:
            if isinstance(st.responses[s], rank):
                call = (s, st.responses[s])  # type: ignore[assignment]
                break
        if call:
            break
    _discard_passed(rules, st, source, call, ev)


def _mark_missed(st: GameState, source: int, tile: Tile) -> None:
    k = kind(tile)
    for s in range(st.players):
        if s != source and k in st.waits[s]:
            extra = {"furiten_temp"}
            if "riichi" in st.status[s]:
                extra.add("furiten_riichi")
            st.status = replace_at(st.status, s, st.status[s] | extra)


def _discard_passed(
    rules: Ruleset,
    st: GameState,
    source: int,
    call: tuple[int, Action] | None,
    ev: list[Event],
) -> None:
    status = st.status[source]
    if "riichi_pending" in status:
        double = len(st.rivers[source]) == 1 and not st.calls_made
        flags = {"riichi", "ippatsu"} | ({"double_riichi"} if double else set())
        st.status = replace_at(st.status, source, (status - {"riichi_pending"}) | flags)
        ev.append(RiichiDeclared(source, double))
        cost = rules.stick_value
        if cost:
            st.scores = replace_at(st.scores, source, st.scores[source] - cost)
            st.sticks += 1
            ev.append(PointsMoved("riichi", replace_at((0,) * st.players, source, -cost), 1, cost))
    reason = rules.abortive_draw(st.options, st)
    if reason is not None:
        hand_end.end_hand(rules, st, Outcome("abortive_draw", reason), ev)
        return
    if call is not None:
        _apply_call(rules, st, call[0], call[1], source, ev)
    elif st.live_tiles(rules.dead_wall) <= 0:
        hand_end.exhaustive_draw(rules, st, ev)
    else:
        draws.draw(rules, st, next_seat(st, source), ev)


def _apply_call(
    rules: Ruleset, st: GameState, seat: int, action: Action, source: int, ev: list[Event]
) -> None:
    tile = st.claim_tile
    assert tile is not None and isinstance(action, Chi | Pon | Kan)
    river = st.rivers[source]
    st.rivers = replace_at(st.rivers, source, (*river[:-1], river[-1]._replace(claimed=True)))
    held = list(st.concealed[seat])
    for t in action.tiles:
        held.remove(t)
    st.concealed = replace_at(st.concealed, seat, tuple(held))
    tiles = tuple(sorted((*action.tiles, tile), key=sort_key))
    meld = Meld(action.kind, tiles, (seat - source) % st.players)  # type: ignore[arg-type]
    turn.add_meld(st, seat, meld, source)
    liable = rules.liability(st.options, st, seat, meld, source)
    if liable is not None:
        st.liable = replace_at(st.liable, seat, liable)
    ev.append(Called(seat, action.kind, tiles, tile, source))
    st.kong_chain = 0
    if isinstance(action, Kan):
        st.kongs = (*st.kongs, seat)
        turn.finish_kong(rules, st, seat, "kan", ev)
        return
    st.turn = seat
    st.phase = "turn"
    st.drawn = None
    st.called_this_turn = True
    st.forbidden = rules.forbidden_after_call(
        st.options, action.kind, kind(tile), tuple(kind(t) for t in action.tiles)
    )

"""The seat on turn: its discard (a riichi discard included) and its kongs, concealed or
added; a kong that stands pays what the variant says, turns its indicator and draws its
replacement. Melds are added here for calls too.
"""

from __future__ import annotations

from majiang.actions import Ankan, Discard, Kakan
from majiang.engine import claims, draws
from majiang.engine.common import KIND, kind_counts, pay, replace_at
from majiang.events import Called, Discarded, Event
from majiang.melds import Meld
from majiang.readiness import waits
from majiang.rules.base import Ruleset
from majiang.state import GameState, RiverTile
from majiang.tiles import kind, sort_key

__all__ = ["add_meld", "declare_kong", "discard", "finish_kong"]


def discard(rules: Ruleset, st: GameState, seat: int, action: Discard, ev: list[Event]) -> None:
    """The seat discards (a riichi discard pays its stick once the tile passes); claims open.

    The drawn tile when it is the tile named (tsumogiri), unless ``from_hand``: then the copy
    held before leaves and the drawn tile stays (the concealed tiles are the same either way).
    """
    tile = action.tile
    held = list(st.concealed[seat])
    held.remove(tile)
    st.concealed = replace_at(st.concealed, seat, tuple(held))
    tsumogiri = tile == st.drawn and not st.called_this_turn and not action.from_hand
    st.rivers = replace_at(
        st.rivers, seat, (*st.rivers[seat], RiverTile(tile, tsumogiri, action.riichi))
    )
    ev.append(Discarded(seat, tile, tsumogiri, action.riichi))
    status = st.status[seat]
    if status or action.riichi:
        flags = set(status)
        if "until_draw" not in rules.furiten:
            flags.discard("furiten_temp")
        flags.discard("ippatsu")
        if "riichi" in flags and KIND[tile] in st.waits[seat]:
            flags.add("furiten_riichi")  # passed a self-drawn win while in riichi
        if action.riichi:
            flags.add("riichi_pending")
        status = frozenset(flags)
        st.status = replace_at(st.status, seat, status)
    if not ("riichi" in status and tsumogiri):
        st.waits = replace_at(st.waits, seat, tuple(waits(kind_counts(held), rules.win_forms)))
    draws.reveal_pending(rules, st, ev)
    st.kong_discarder = seat if st.kong_chain else None
    st.kong_chain = 0
    st.drawn = None
    st.called_this_turn = False
    st.forbidden = frozenset()
    st.discards_made += 1
    claims.open_claims(rules, st, seat, tile, "discard", ev)


def declare_kong(
    rules: Ruleset, st: GameState, seat: int, action: Ankan | Kakan, ev: list[Event]
) -> None:
    """The seat declares a concealed or added kong; the others may rob it first."""
    held = list(st.concealed[seat])
    if isinstance(action, Ankan):
        for t in action.tiles:
            held.remove(t)
        meld = Meld("ankan", action.tiles)
        st.concealed = replace_at(st.concealed, seat, tuple(held))
        add_meld(st, seat, meld, None, breaks_ippatsu=False)
        ev.append(Called(seat, "ankan", action.tiles))
        tile = action.tiles[0]
    else:
        tile = action.tile
        held.remove(tile)
        st.concealed = replace_at(st.concealed, seat, tuple(held))
        melds = list(st.melds[seat])
        i = next(i for i, m in enumerate(melds) if m.kind == "pon" and m.first == kind(tile))
        old = melds[i]
        melds[i] = Meld("kakan", tuple(sorted((*old.tiles, tile), key=sort_key)), old.source)
        st.melds = replace_at(st.melds, seat, tuple(melds))
        st.calls_made = True
        ev.append(Called(seat, "kakan", melds[i].tiles, tile))
    st.kongs = (*st.kongs, seat)
    st.drawn = None
    claims.open_claims(rules, st, seat, tile, action.kind, ev)


def finish_kong(rules: Ruleset, st: GameState, seat: int, what: str, ev: list[Event]) -> None:
    """A kong stands: it pays, turns its indicator and the seat draws a replacement."""
    # a kong that stands breaks every ippatsu (one robbed did not: chankan keeps ippatsu)
    _break_ippatsu(st)
    moves, st.variant_state = rules.on_kong(st.options, st, seat, what)
    pay(st, moves, ev)
    when = rules.kong_indicator(st.options, what)
    draws.reveal_pending(rules, st, ev)
    if when == "now":
        draws.reveal_indicator(rules, st, ev)
    elif when == "after_discard":
        st.pending_indicators += 1
    st.kong_chain += 1
    st.claim_tile = None
    # the kong's tiles have left the hand: its waits before the replacement draw
    st.waits = replace_at(
        st.waits, seat, tuple(waits(kind_counts(st.concealed[seat]), rules.win_forms))
    )
    draws.draw(rules, st, seat, ev, replacement=True)


def add_meld(
    st: GameState, seat: int, meld: Meld, source: int | None, breaks_ippatsu: bool = True
) -> None:
    """Add ``meld`` to the seat's melds (``source``: the seat it was called from)."""
    st.melds = replace_at(st.melds, seat, (*st.melds[seat], meld))
    st.meld_sources = replace_at(st.meld_sources, seat, (*st.meld_sources[seat], source))
    st.calls_made = True
    if breaks_ippatsu:
        _break_ippatsu(st)


def _break_ippatsu(st: GameState) -> None:
    if any("ippatsu" in s for s in st.status):
        st.status = tuple(s - {"ippatsu"} for s in st.status)

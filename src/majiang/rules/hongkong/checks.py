"""Requests a Hong Kong table cannot have seen: ``check_request`` rejects them by field.

The common fields are already read by ``ScoreRequest.from_dict``; this adds what only makes
sense at a Hong Kong table: the size of the hand, the seats of the 2-player table, situations
that contradict the win or the melds, and a liable player without a reason for liability.

>>> from majiang.scoring import ScoreRequest
>>> ScoreRequest.from_dict({"variant": "hk", "hand": "123m456m789m11z222z", "win_tile": "2z",
...                         "situation": ["kong_replacement"], "win": "tsumo"})
Traceback (most recent call last):
...
majiang.errors.InvalidRequest: situation 'kong_replacement' needs a kong among the melds
"""

from __future__ import annotations

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.melds import Meld
from majiang.scoring import WIND_LETTERS, ScoreRequest, check_way_of_winning
from majiang.tiles import DRAGONS, counts34, kind, tile_name


def check_seats(req: ScoreRequest, players: int) -> None:
    """Raise when a seat is not at the table (the 2-player table seats East and South)."""
    seats = WIND_LETTERS[:players]
    for name, seat in (
        ("seat_wind", req.seat_wind),
        ("discarder", req.discarder),
        ("liable", req.liable),
    ):
        if seat is not None and seat >= players:
            raise InvalidRequest(
                _(
                    "{field} {seat} is not a seat of the {players}-player table (seats: {seats})"
                ).format(
                    field=name, seat=WIND_LETTERS[seat], players=players, seats=", ".join(seats)
                ),
                field=name,
            )
    if req.tsumo and req.discarder is not None:
        raise InvalidRequest(
            _("a self-drawn win has no discarder: leave the discarder out or choose 'ron'"),
            field="discarder",
        )


def check_situation(req: ScoreRequest) -> None:
    """Raise for a situation that cannot happen with this win and these melds."""
    check_way_of_winning(req)
    kongs = sum(1 for m in req.hand.melds if m.is_kong)
    if "kong_replacement" in req.situation and kongs == 0:
        raise InvalidRequest(
            _("situation 'kong_replacement' needs a kong among the melds"), field="situation"
        )
    if "consecutive_kongs" in req.situation and kongs < 2:
        raise InvalidRequest(
            _("situation 'consecutive_kongs' needs two kongs among the melds, got {kongs}").format(
                kongs=kongs
            ),
            field="situation",
        )
    for name, dealer in (("heavenly", True), ("earthly", False)):
        if name not in req.situation:
            continue
        if req.is_dealer != dealer:
            why = (
                _("situation {name!r} is a win by the dealer (seat East)")
                if dealer
                else _("situation {name!r} is a win by a non-dealer")
            )
            raise InvalidRequest(why.format(name=name), field="situation")
        if req.hand.melds:
            raise InvalidRequest(
                _(
                    "situation {name!r} is a win before any call or kong, but the hand has melds"
                ).format(name=name),
                field="situation",
            )
    if "robbing_kong" in req.situation:
        held = counts34(req.hand.all_tiles())[kind(req.win_tile)]
        if held != 1:
            raise InvalidRequest(
                _(
                    "situation 'robbing_kong': the robbed {tile!r} is the fourth of its kind, "
                    "so the winner holds only that one, not {held}"
                ).format(tile=tile_name(req.win_tile), held=held),
                field="situation",
            )


def _liability_sets(req: ScoreRequest) -> list[Meld]:
    """Return the claimed sets that can make a discarder liable: the four exposed sets, or
    the three exposed dragon sets (empty when there are not enough)."""
    exposed = [m for m in req.hand.melds if m.is_open]
    dragons = [m for m in exposed if m.is_pung_like and m.first in DRAGONS]
    if len(exposed) == 4:
        return exposed
    if len(dragons) == 3:
        return dragons
    return []


def check_liable(req: ScoreRequest, pao: bool) -> None:
    """Raise for a ``liable`` player the table or the melds cannot make liable.

    Liability needs the ``pao`` option, and a fourth exposed set or a third exposed dragon
    set among the melds; when those melds say where they came from (``from=``), the liable
    seat must be one of those sources.
    """
    if req.liable is None:
        return
    if not pao:
        raise InvalidRequest(
            _("a liable player is given, but this table plays with the rule pao=false"),
            field="liable",
        )
    sets = _liability_sets(req)
    if not sets:
        raise InvalidRequest(
            _("liable needs a fourth exposed set or a third exposed dragon set among the melds"),
            field="liable",
        )
    if all(m.source is not None for m in sets):
        sources = {(req.seat_wind - m.source) % 4 for m in sets if m.source is not None}
        if req.liable not in sources:
            shown = ", ".join(WIND_LETTERS[s] for s in sorted(sources))
            raise InvalidRequest(
                _(
                    "liable {seat} fed none of the sets that make a player liable (they came "
                    "from {sources})"
                ).format(seat=WIND_LETTERS[req.liable], sources=shown),
                field="liable",
            )

"""Taiwan requests that contradict themselves, rejected with the field at fault.

>>> from majiang.scoring import ScoreRequest
>>> ScoreRequest.from_dict({"variant": "taiwan", "hand": "123456789m123p11222z", "win_tile": "2z",
...                         "win": "tsumo", "seat_wind": "S", "situation": ["heavenly"]})
Traceback (most recent call last):
...
majiang.errors.InvalidRequest: heavenly hand is the dealer's (seat wind E), not S's
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.taiwan.options import TaiwanOptions
from majiang.rules.taiwan.readings import WIN_SIZE
from majiang.scoring import SITUATION_WIN, WIND_LETTERS, Win, check_way_of_winning
from majiang.tiles import BONUS

if TYPE_CHECKING:
    from majiang.rules.taiwan.options import TaiwanOptions
from majiang.scoring import ScoreRequest

#: situation -> the win it needs ("tsumo" or "ron")
NEEDS_WIN: Mapping[str, Win] = {
    **SITUATION_WIN,
    "flower_replacement": "tsumo",
    "robbing_flower": "ron",
}
_FIRST_TURN = ("heavenly", "earthly", "human")
_LATE = ("last_tile", "last_discard", "kong_replacement", "robbing_kong")


def hand_tiles(req: ScoreRequest) -> int:
    """Return the hand's tiles with the winning one, a kong counted as three."""
    return len(req.hand.concealed) + 3 * len(req.hand.melds)


def instant_flower_win(req: ScoreRequest) -> bool:
    """Return whether the request may be a 16-tile bonus-tile win: seven bonus tiles robbing
    the eighth, or eight bonus tiles self-drawn (each under its option)."""
    if "robbing_flower" in req.situation:
        return True
    return (
        TaiwanOptions.of(req.rules).eight_flowers
        and set(BONUS) <= set(req.hand.bonus)
        and req.tsumo
    )


def _check_first_turn(req: ScoreRequest) -> None:
    """Raise ``InvalidRequest`` when a heavenly, earthly or human hand cannot be: heavenly is
    the dealer's, the others a non-dealer's, all won before any call and on the first turn."""
    seat = WIND_LETTERS[req.seat_wind]
    if "heavenly" in req.situation and not req.is_dealer:
        raise InvalidRequest(
            _("heavenly hand is the dealer's (seat wind E), not {seat}'s").format(seat=seat),
            field="situation",
        )
    for name in ("earthly", "human"):
        if name in req.situation and req.is_dealer:
            raise InvalidRequest(
                _("{name} hand is a non-dealer's, the winner is the dealer (E)").format(name=name),
                field="situation",
            )
    first = [s for s in _FIRST_TURN if s in req.situation]
    if first and req.hand.melds:
        raise InvalidRequest(
            _("{name} hand is won before any call, but the hand has melds").format(name=first[0]),
            field="melds",
        )
    late = [s for s in _LATE if s in req.situation]
    if first and late:
        raise InvalidRequest(
            _("{name} hand is won on the first turn, not with {other!r}").format(
                name=first[0], other=late[0]
            ),
            field="situation",
        )


def check(req: ScoreRequest) -> None:
    """Raise ``InvalidRequest`` naming the field of the first contradiction in a Taiwan request."""
    size = hand_tiles(req)
    if size != WIN_SIZE and not (instant_flower_win(req) and size == WIN_SIZE - 1):
        raise InvalidRequest(
            _(
                "a taiwan hand holds {count} tiles with the winning tile (a kong counts as 3), "
                "got {size}"
            ).format(count=WIN_SIZE, size=size),
            field="hand",
        )
    if req.tsumo and req.discarder is not None:
        raise InvalidRequest(
            _("a self-drawn win has no discarder (got {seat})").format(
                seat=WIND_LETTERS[req.discarder]
            ),
            field="discarder",
        )
    check_way_of_winning(req, NEEDS_WIN)
    _check_first_turn(req)
    if "robbing_kong" in req.situation and "last_discard" in req.situation:
        raise InvalidRequest(
            _("robbing a kong is not a win on a discard ('last_discard')"), field="situation"
        )
    if "kong_replacement" in req.situation and not any(m.is_kong for m in req.hand.melds):
        raise InvalidRequest(
            _("a win on a kong replacement needs a kong among the melds"), field="situation"
        )
    if "robbing_flower" in req.situation:
        if not TaiwanOptions.of(req.rules).seven_rob_eighth:
            raise InvalidRequest(
                _("robbing_flower needs the rule seven_rob_eighth=true"), field="situation"
            )
        if not set(BONUS) <= set(req.hand.bonus):
            raise InvalidRequest(
                _("robbing_flower: list all eight bonus tiles (the seven held and the robbed one)"),
                field="flowers",
            )
        if size != WIN_SIZE - 1:
            raise InvalidRequest(
                _(
                    "robbing_flower is won on another player's bonus tile: the hand holds "
                    "{count} tiles, got {size}"
                ).format(count=WIN_SIZE - 1, size=size),
                field="hand",
            )

"""Score a Taiwan win: the best reading's tai, then the payments with the dealer's tai.

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "taiwan", "hand": "123456789m234p55666s",
...                               "win_tile": "6s", "win": "ron", "seat_wind": "S",
...                               "discarder": "W"})
>>> result = score_win(req)
>>> [(i.id, i.value) for i in result.items], result.total, result.points.total
([('closed_hand', 1)], 1, 4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from majiang.i18n import _
from majiang.patterns import Reading, Win, best, win_contexts
from majiang.rules.taiwan.checks import hand_tiles, instant_flower_win
from majiang.rules.taiwan.options import TaiwanOptions
from majiang.rules.taiwan.payments import dealer_involved, dealer_tai, payments
from majiang.rules.taiwan.readings import FORMS, SETS, WIN_SIZE, reading_text, waits
from majiang.rules.taiwan.tai import BY_ID, count_tai
from majiang.scoring import Item, Points, ScoreResult

if TYPE_CHECKING:
    from majiang.scoring import ScoreRequest

UNIT = "tai"


def best_reading(req: ScoreRequest) -> tuple[Reading, list[Item]] | None:
    """Return the highest-scoring reading and its items, or ``None`` for an incomplete hand.

    Ties keep the first reading found.
    """
    before = tuple(waits(req.hand, req.win_tile)) if hand_tiles(req) == WIN_SIZE else ()
    win = Win.of_request(req, TaiwanOptions.of(req.rules), waits=before)
    counted = [(ctx.reading, count_tai(ctx)) for ctx in win_contexts(win, sets=SETS, forms=FORMS)]
    return best(counted, lambda c: (sum(i.value for i in c[1]),))


def _instant_items(req: ScoreRequest) -> list[Item] | None:
    """Return the items of a 16-tile bonus-tile win, or ``None`` when it is not one."""
    if hand_tiles(req) != WIN_SIZE - 1 or not instant_flower_win(req):
        return None
    pattern = BY_ID["seven_rob_eighth" if "robbing_flower" in req.situation else "eight_flowers"]
    assert isinstance(pattern.value, int)  # every tai of the table is a number
    return [Item(pattern.id, pattern.name, pattern.value)]


def score_win(req: ScoreRequest) -> ScoreResult:
    """Return the scoring contract's result for a Taiwan win."""
    found = best_reading(req)
    if found is not None:
        text: str | None = reading_text(found[0], req.win_tile)
        items = found[1]
    else:
        instant = _instant_items(req)
        if instant is None:
            return ScoreResult.invalid(
                UNIT,
                _(
                    "not a complete hand: the tiles form neither five sets and a pair "
                    "nor lik gu lik gu (seven pairs and a pung)"
                ),
            )
        text, items = None, instant
    total = sum(i.value for i in items)
    points = request_points(req, total)
    involved = dealer_involved(req.seat_wind, req.tsumo, req.discarder)
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=tuple(items),
        total=total,
        points=points,
        extra={
            "dealer_tai": dealer_tai(req.dealer_streak) if involved else 0,
            "reading": text,
        },
    )


def request_points(req: ScoreRequest, total: int) -> Points:
    """Return who pays a win of ``total`` tai in this request's setting (the dealer's tai with
    the streak wherever the dealer pays or wins)."""
    return payments(
        total,
        winner=req.seat_wind,
        tsumo=req.tsumo,
        discarder=req.discarder,
        dealer_streak=req.dealer_streak,
        base=TaiwanOptions.of(req.rules).base,
        tai_value=TaiwanOptions.of(req.rules).tai_value,
    )

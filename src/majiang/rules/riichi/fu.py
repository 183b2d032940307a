"""Fu: the minipoints of one reading, item by item, and their rounding.

Base 20; a closed ron +10; tsumo +2 (not with pinfu); sets by kind (pung 2 open / 4 concealed,
doubled for a terminal or honor, kongs four times that); a pair of dragon, seat or round wind
+2 (a double-wind pair +4, or +2 with ``double_wind_pair_fu: 2``); an edge, closed or single
wait +2; an open hand that would score 20 fu scores 30. The total is rounded up to the next 10,
except seven pairs: 25 fu flat.

>>> round_fu(32), round_fu(40), round_fu(25, seven_pairs=True)
(40, 40, 25)
"""

from __future__ import annotations

from majiang.rules.riichi.context import Reading, WinContext, is_orphan
from majiang.scoring import FuItem

SEVEN_PAIRS_FU = 25

_WAIT_FU = {
    "kanchan": FuItem("closed_wait", 2),
    "penchan": FuItem("edge_wait", 2),
    "tanki": FuItem("single_wait", 2),
}
_BASE = FuItem("base", 20)
_CLOSED_RON = FuItem("closed_ron", 10)
_TSUMO = FuItem("tsumo", 2)
_OPEN_PINFU = FuItem("open_pinfu", 10)
_SEVEN_PAIRS = FuItem("seven_pairs", SEVEN_PAIRS_FU)
_DRAGON_PAIR = FuItem("dragon_pair", 2)
_SEAT_WIND_PAIR = FuItem("seat_wind_pair", 2)
_ROUND_WIND_PAIR = FuItem("round_wind_pair", 2)
_DOUBLE_WIND_PAIR = {v: FuItem("double_wind_pair", v) for v in (2, 4)}


def _set_fu(k: int, is_open: bool, is_kong: bool) -> FuItem:
    value = 2
    if is_orphan(k):
        value *= 2
        sort = "honor" if k >= 27 else "terminal"
    else:
        sort = "simple"
    if not is_open:
        value *= 2
    if is_kong:
        value *= 4
    return FuItem(
        f"{'open' if is_open else 'concealed'}_{sort}_{'kong' if is_kong else 'pung'}", value
    )


#: (kind, open, kong) -> the set's fu item, built once
_SET_FU: dict[tuple[int, bool, bool], FuItem] = {
    (k, o, q): _set_fu(k, o, q) for k in range(34) for o in (False, True) for q in (False, True)
}


def round_fu(raw: int, seven_pairs: bool = False) -> int:
    """Return the fu after rounding: up to the next 10, seven pairs fixed at 25."""
    if seven_pairs:
        return SEVEN_PAIRS_FU
    return -(-raw // 10) * 10


def fu_items(ctx: WinContext, r: Reading) -> tuple[list[FuItem], int, bool]:
    """Return the fu items of a reading, the rounded fu, and whether the reading has the pinfu
    shape (closed, no fu beyond the base and the closed ron).

    The winning tile's placement decides the wait; a pung completed by a winning discard
    counts as open (``Reading.open_pungs``).
    """
    if r.form == "seven_pairs":
        return [_SEVEN_PAIRS], SEVEN_PAIRS_FU, False
    items = [_BASE]
    closed = ctx.closed
    tsumo = ctx.tsumo
    if closed and not tsumo:
        items.append(_CLOSED_RON)
    extra = 0
    kongs = r.kongs
    for k, is_open in zip(r.pungs, r.open_pungs, strict=True):
        item = _SET_FU[(k, is_open, k in kongs)]
        items.append(item)
        extra += item.value
    pair = r.pair
    if pair >= 31:
        items.append(_DRAGON_PAIR)
        extra += 2
    elif pair >= 27:
        seat = pair == ctx.seat_wind
        rnd = pair == ctx.round_wind
        if seat and rnd:
            value = int(ctx.rules.get("double_wind_pair_fu", 4))
            items.append(_DOUBLE_WIND_PAIR.get(value) or FuItem("double_wind_pair", value))
            extra += value
        elif seat:
            items.append(_SEAT_WIND_PAIR)
            extra += 2
        elif rnd:
            items.append(_ROUND_WIND_PAIR)
            extra += 2
    wait_item = _WAIT_FU.get(r.wait)
    if wait_item is not None:
        items.append(wait_item)
        extra += 2
    pinfu_shape = closed and extra == 0
    if tsumo and not pinfu_shape:
        items.append(_TSUMO)
        extra += 2
    if not closed and extra == 0:
        items.append(_OPEN_PINFU)
        extra += 10
    raw = 20 + extra + (10 if closed and not tsumo else 0)
    return items, -(-raw // 10) * 10, pinfu_shape

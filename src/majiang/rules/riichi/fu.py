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

_WAIT_FU = {"kanchan": "closed_wait", "penchan": "edge_wait", "tanki": "single_wait"}


def _set_id(k: int, is_open: bool, is_kong: bool) -> tuple[str, int]:
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
    return f"{'open' if is_open else 'concealed'}_{sort}_{'kong' if is_kong else 'pung'}", value


#: (kind, open, kong) -> (id, value), filled once
_SET_FU: dict[tuple[int, bool, bool], tuple[str, int]] = {
    (k, o, q): _set_id(k, o, q) for k in range(34) for o in (False, True) for q in (False, True)
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
        return [FuItem("seven_pairs", SEVEN_PAIRS_FU)], SEVEN_PAIRS_FU, False
    items = [FuItem("base", 20)]
    closed = ctx.closed
    if closed and not ctx.tsumo:
        items.append(FuItem("closed_ron", 10))
    extra = 0
    kongs = r.kongs
    for k, is_open in zip(r.pungs, r.open_pungs, strict=True):
        fid, value = _SET_FU[(k, is_open, k in kongs)]
        items.append(FuItem(fid, value))
        extra += value
    pair = r.pair
    if pair >= 31:
        items.append(FuItem("dragon_pair", 2))
        extra += 2
    elif pair >= 27:
        seat = pair == ctx.seat_wind
        rnd = pair == ctx.round_wind
        if seat and rnd:
            value = int(ctx.rules.get("double_wind_pair_fu", 4))
            items.append(FuItem("double_wind_pair", value))
            extra += value
        elif seat:
            items.append(FuItem("seat_wind_pair", 2))
            extra += 2
        elif rnd:
            items.append(FuItem("round_wind_pair", 2))
            extra += 2
    wait_id = _WAIT_FU.get(r.wait)
    if wait_id is not None:
        items.append(FuItem(wait_id, 2))
        extra += 2
    pinfu_shape = closed and extra == 0
    if ctx.tsumo and not pinfu_shape:
        items.append(FuItem("tsumo", 2))
        extra += 2
    if not closed and extra == 0:
        items.append(FuItem("open_pinfu", 10))
        extra += 10
    raw = 20 + extra + (10 if closed and not ctx.tsumo else 0)
    return items, round_fu(raw), pinfu_shape

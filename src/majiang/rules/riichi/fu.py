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

from majiang.rules.riichi.shapes import ORPHAN
from majiang.scoring import FuItem

SEVEN_PAIRS_FU = 25

#: per wait (``shapes.TANKI``...): its fu item, ``None`` for none
_WAIT_FU: tuple[FuItem | None, ...] = (
    FuItem("single_wait", 2),  # tanki
    None,  # shanpon: the pung's own fu
    FuItem("closed_wait", 2),  # kanchan
    FuItem("edge_wait", 2),  # penchan
    None,  # ryanmen
)
_BASE = FuItem("base", 20)
_CLOSED_RON = FuItem("closed_ron", 10)
_TSUMO = FuItem("tsumo", 2)
_OPEN_PINFU = FuItem("open_pinfu", 10)
SEVEN_PAIRS_ITEM = FuItem("seven_pairs", SEVEN_PAIRS_FU)
_DRAGON_PAIR = FuItem("dragon_pair", 2)
_SEAT_WIND_PAIR = FuItem("seat_wind_pair", 2)
_ROUND_WIND_PAIR = FuItem("round_wind_pair", 2)
_DOUBLE_WIND_PAIR = {v: FuItem("double_wind_pair", v) for v in (2, 4)}


def _set_fu(k: int, is_open: bool, is_kong: bool) -> FuItem:
    value = 2
    if ORPHAN[k]:
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
SET_FU: dict[tuple[int, bool, bool], FuItem] = {
    (k, o, q): _set_fu(k, o, q) for k in range(34) for o in (False, True) for q in (False, True)
}


def round_fu(raw: int, seven_pairs: bool = False) -> int:
    """Return the fu after rounding: up to the next 10, seven pairs fixed at 25."""
    if seven_pairs:
        return SEVEN_PAIRS_FU
    return -(-raw // 10) * 10


def fu_items(
    closed: bool,
    tsumo: bool,
    sets: list[FuItem],
    pair: int,
    wait: int,
    seat_wind: int,
    round_wind: int,
    double_wind_pair_fu: int,
) -> tuple[list[FuItem], int]:
    """Return the fu items of a standard reading and its rounded fu.

    ``sets`` are the items of its pungs and kongs (``SET_FU``, a pung completed by a winning
    discard as open), ``pair`` the pair's kind, ``wait`` the wait the winning tile completed
    (``shapes.TANKI``...), winds as kinds (27 = East).

    >>> from majiang.rules.riichi.shapes import TANKI
    >>> items, fu = fu_items(True, False, [SET_FU[(31, False, False)]], 27, TANKI, 28, 27, 4)
    >>> [i.id for i in items], fu
    (['base', 'closed_ron', 'concealed_honor_pung', 'round_wind_pair', 'single_wait'], 50)
    """
    items = [_BASE]
    if closed and not tsumo:
        items.append(_CLOSED_RON)
    extra = 0
    for item in sets:
        items.append(item)
        extra += item.value
    pair_item = pair_fu_item(pair, seat_wind, round_wind, double_wind_pair_fu)
    if pair_item is not None:
        items.append(pair_item)
        extra += pair_item.value
    wait_item = _WAIT_FU[wait]
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
    return items, -(-raw // 10) * 10


def pair_fu_item(
    pair: int, seat_wind: int, round_wind: int, double_wind_pair_fu: int
) -> FuItem | None:
    """Return the fu item of a pair (a dragon, the seat or the round wind), or ``None``."""
    if pair >= 31:
        return _DRAGON_PAIR
    if pair < 27:
        return None
    seat = pair == seat_wind
    rnd = pair == round_wind
    if seat and rnd:
        return _DOUBLE_WIND_PAIR.get(double_wind_pair_fu) or FuItem(
            "double_wind_pair", double_wind_pair_fu
        )
    if seat:
        return _SEAT_WIND_PAIR
    if rnd:
        return _ROUND_WIND_PAIR
    return None

"""Fu: the minipoints of one reading, item by item, and their rounding.

Base 20; a closed ron +10; tsumo +2 (not with pinfu); sets by kind (pung 2 open / 4 concealed,
doubled for a terminal or honor, kongs four times that); a pair of dragon, seat or round wind
+2 (a double-wind pair +4, or +2 with ``double_wind_pair_fu: 2``); an edge, closed or single
wait +2; an open hand that would score 20 fu scores 30. The total is rounded up to the next 10,
except seven pairs: 25 fu flat.

A set's or a pair's item is an ``(id, value)`` pair here; ``fu_items`` gives the reading's
items as the contract's ``{"id", "value"}`` dicts.

>>> round_fu(32), round_fu(40), round_fu(25, seven_pairs=True)
(40, 40, 25)
"""

from __future__ import annotations

from typing import Any

from majiang.rules.riichi.shapes import ORPHAN

#: one fu item: its stable id and its value
Fu = tuple[str, int]

SEVEN_PAIRS_FU = 25
SEVEN_PAIRS: Fu = ("seven_pairs", SEVEN_PAIRS_FU)

#: per wait (``shapes.TANKI``...): its fu item, ``None`` for none
_WAIT_FU: tuple[Fu | None, ...] = (
    ("single_wait", 2),  # tanki
    None,  # shanpon: the pung's own fu
    ("closed_wait", 2),  # kanchan
    ("edge_wait", 2),  # penchan
    None,  # ryanmen
)
_DRAGON_PAIR: Fu = ("dragon_pair", 2)
_SEAT_WIND_PAIR: Fu = ("seat_wind_pair", 2)
_ROUND_WIND_PAIR: Fu = ("round_wind_pair", 2)


def _set_fu(k: int, is_open: bool, is_kong: bool) -> Fu:
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
    return f"{'open' if is_open else 'concealed'}_{sort}_{'kong' if is_kong else 'pung'}", value


#: (kind, open, kong) -> the set's fu item, built once
SET_FU: dict[tuple[int, bool, bool], Fu] = {
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
    sets: list[Fu],
    pair: int,
    wait: int,
    seat_wind: int,
    round_wind: int,
    double_wind_pair_fu: int,
) -> tuple[list[dict[str, Any]], int]:
    """Return the fu items of a standard reading as the contract's dicts, and its rounded fu.

    ``sets`` are the items of its pungs and kongs (``SET_FU``, a pung completed by a winning
    discard as open), ``pair`` the pair's kind, ``wait`` the wait the winning tile completed
    (``shapes.TANKI``...), winds as kinds (27 = East).

    >>> from majiang.rules.riichi.shapes import TANKI
    >>> items, fu = fu_items(True, False, [SET_FU[(31, False, False)]], 27, TANKI, 28, 27, 4)
    >>> [(i["id"], i["value"]) for i in items], fu
    ([('base', 20), ('closed_ron', 10), ('concealed_honor_pung', 8), ('round_wind_pair', 2), ('single_wait', 2)], 50)
    """
    items = [{"id": "base", "value": 20}]
    if closed and not tsumo:
        items.append({"id": "closed_ron", "value": 10})
    extra = 0
    for fu_id, value in sets:
        items.append({"id": fu_id, "value": value})
        extra += value
    if pair >= 27:
        pair_item = pair_fu(pair, seat_wind, round_wind, double_wind_pair_fu)
        if pair_item is not None:
            items.append({"id": pair_item[0], "value": pair_item[1]})
            extra += pair_item[1]
    wait_item = _WAIT_FU[wait]
    if wait_item is not None:
        items.append({"id": wait_item[0], "value": 2})
        extra += 2
    pinfu_shape = closed and extra == 0
    if tsumo and not pinfu_shape:
        items.append({"id": "tsumo", "value": 2})
        extra += 2
    if not closed and extra == 0:
        items.append({"id": "open_pinfu", "value": 10})
        extra += 10
    raw = 20 + extra + (10 if closed and not tsumo else 0)
    return items, -(-raw // 10) * 10


def pair_fu(pair: int, seat_wind: int, round_wind: int, double_wind_pair_fu: int) -> Fu | None:
    """Return the fu item of a pair (a dragon, the seat or the round wind), or ``None``.

    >>> pair_fu(27, 27, 27, 4), pair_fu(28, 27, 27, 4), pair_fu(33, 27, 27, 4)
    (('double_wind_pair', 4), None, ('dragon_pair', 2))
    """
    if pair >= 31:
        return _DRAGON_PAIR
    if pair < 27:
        return None
    seat = pair == seat_wind
    rnd = pair == round_wind
    if seat and rnd:
        return "double_wind_pair", double_wind_pair_fu
    if seat:
        return _SEAT_WIND_PAIR
    if rnd:
        return _ROUND_WIND_PAIR
    return None

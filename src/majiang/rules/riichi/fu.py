"""Fu: the minipoints of one reading, item by item; the fu is their sum.

Base 20; a closed ron +10; tsumo +2 (not with pinfu); sets by kind (pung 2 open / 4 concealed,
doubled for a terminal or honor, kongs four times that); a pair of dragon, seat or round wind
+2 (a double-wind pair +4, or +2 with ``double_wind_pair_fu: 2``); an edge, closed or single
wait +2; an open hand that would score 20 fu scores 30 (``open_pinfu``). The total is rounded
up to the next 10, shown as a ``rounding`` item; seven pairs: 25 fu flat.

>>> from majiang.scoring import ScoreRequest
>>> from majiang.rules.riichi.context import win_contexts
>>> from majiang.rules.riichi.options import RiichiOptions
>>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
...     "win_tile": "5p", "seat_wind": "S", "situation": ["riichi"]})
>>> [(i.id, i.value) for i in fu_items(win_contexts(req, RiichiOptions())[0])]
[('base', 20), ('closed_ron', 10), ('concealed_honor_pung', 8), ('single_wait', 2)]
"""

from __future__ import annotations

from majiang.patterns import HONORS, TERMINALS, HandSet
from majiang.rules.riichi.context import RiichiContext
from majiang.scoring import FuItem
from majiang.tiles import DRAGONS

SEVEN_PAIRS_FU = 25
#: the fu a hand may count: 20 (pinfu tsumo), 25 (seven pairs), then 30 to 110 in tens
FU_VALUES = (20, SEVEN_PAIRS_FU, *range(30, 120, 10))
#: the waits worth 2 fu, by their fu item's id
WAIT_FU = {"edge": "edge_wait", "closed": "closed_wait", "single": "single_wait"}


def set_fu(s: HandSet) -> FuItem:
    """Return the fu item of a pung or kong.

    >>> set_fu(HandSet("kong", 27, melded=True, concealed=True))
    FuItem(id='concealed_honor_kong', value=32)
    """
    if s.tile in HONORS:
        sort, value = "honor", 4
    elif s.tile in TERMINALS:
        sort, value = "terminal", 4
    else:
        sort, value = "simple", 2
    if s.concealed:
        value *= 2
    if s.kind == "kong":
        value *= 4
    where = "concealed" if s.concealed else "open"
    return FuItem(f"{where}_{sort}_{s.kind}", value)


def pair_fu(ctx: RiichiContext) -> FuItem | None:
    """Return the fu item of the pair (a dragon, the seat or the round wind), or ``None``."""
    pair = ctx.pair
    if pair in DRAGONS:
        return FuItem("dragon_pair", 2)
    seat, round_ = pair == ctx.seat_wind, pair == ctx.round_wind
    if seat and round_:
        return FuItem("double_wind_pair", ctx.options.double_wind_pair_fu)
    if seat or round_:
        return FuItem("seat_wind_pair" if seat else "round_wind_pair", 2)
    return None


def fu_items(ctx: RiichiContext) -> list[FuItem]:
    """Return the fu items of a reading (none for thirteen orphans, which is a yakuman)."""
    if ctx.form == "seven_pairs":
        return [FuItem("seven_pairs", SEVEN_PAIRS_FU)]
    if ctx.form == "thirteen_orphans":
        return []
    items = [FuItem("base", 20)]
    if ctx.closed and not ctx.tsumo:
        items.append(FuItem("closed_ron", 10))
    extra = [set_fu(s) for s in ctx.sets if s.is_pung]
    pair = pair_fu(ctx)
    if pair is not None:
        extra.append(pair)
    if ctx.wait in WAIT_FU:
        extra.append(FuItem(WAIT_FU[ctx.wait], 2))
    if ctx.tsumo and (extra or not ctx.closed):  # a pinfu tsumo scores no tsumo fu
        extra.append(FuItem("tsumo", 2))
    if not ctx.closed and not extra:
        extra.append(FuItem("open_pinfu", 10))
    items += extra
    raw = sum(i.value for i in items)
    if raw % 10:
        items.append(FuItem("rounding", 10 - raw % 10))
    return items

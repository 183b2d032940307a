"""The riichi yaku as tables: id, name, han closed / open, and one predicate ``applies(ctx)``.

Read it next to shared/rules/riichi.md "Yaku": a row per line of the rule page, in its order
(docs/riichi.md lists the ids). ``YAKU`` are the ordinary yaku (han 0 when open: closed only);
``YAKUMAN`` the limit hands, with their multiple under the ``double_yakuman`` option. Where one
yaku gives way to another (iipeikou to ryanpeikou, honitsu to chinitsu, chanta to junchan)
their predicates keep them apart.

>>> [y.id for y in YAKU][:4]
['riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo']
>>> next(y for y in YAKUMAN if y.id == "kokushi_13_wait").multiple
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from majiang.patterns import pung_of, situation
from majiang.rules.riichi.context import WinContext
from majiang.scoring import Item
from majiang.tiles import DRAGONS, GREEN, RED, WHITE, WINDS

Predicate = Callable[[WinContext], bool]

#: han of one yakuman in ``items``
YAKUMAN_HAN = 13
#: the kinds of all green: 2 3 4 6 8 bamboo and the green dragon
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, GREEN})
#: the nine gates' counts of one suit before the winning tile: 1112345678999
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True)
class Yaku:
    """An ordinary yaku: han when closed and when open (0: closed only), and when it applies."""

    id: str
    name: str
    closed: int
    open: int
    applies: Predicate


@dataclass(frozen=True)
class Yakuman:
    """A limit hand: ``multiple`` 2 for the double forms (with the ``double_yakuman`` option)."""

    id: str
    name: str
    multiple: int
    applies: Predicate


# -- predicates, in the order of the rule page ---------------------------------------------


def riichi(ctx: WinContext) -> bool:
    """Riichi declared (double riichi replaces it)."""
    return "riichi" in ctx.situation and "double_riichi" not in ctx.situation


def menzen_tsumo(ctx: WinContext) -> bool:
    """A closed hand won by self-draw."""
    return ctx.closed and ctx.tsumo


def pinfu(ctx: WinContext) -> bool:
    """A closed hand of four chows won on a two-sided wait, its pair no dragon, seat or round
    wind."""
    return (
        ctx.closed
        and ctx.wait == "two_sided"
        and len(ctx.chows) == 4
        and ctx.pair not in DRAGONS
        and ctx.pair not in (ctx.seat_wind, ctx.round_wind)
    )


def identical_chow_pairs(ctx: WinContext) -> int:
    """Return how many pairs of identical chows the reading holds."""
    return sum(n // 2 for n in Counter(ctx.chows).values())


def iipeikou(ctx: WinContext) -> bool:
    """A closed hand with one pair of identical chows."""
    return ctx.closed and identical_chow_pairs(ctx) == 1


def tanyao(ctx: WinContext) -> bool:
    """Simples only (on an open hand only with the ``open_tanyao`` option)."""
    return not ctx.has_terminals and not ctx.has_honors and (ctx.closed or ctx.options.open_tanyao)


def seat_wind_pung(ctx: WinContext) -> bool:
    """A pung or kong of the seat wind."""
    return ctx.seat_wind in ctx.pungs


def round_wind_pung(ctx: WinContext) -> bool:
    """A pung or kong of the round wind."""
    return ctx.round_wind in ctx.pungs


def haitei(ctx: WinContext) -> bool:
    """Self-drawn on the last tile of the wall."""
    return ctx.tsumo and "last_tile" in ctx.situation


def houtei(ctx: WinContext) -> bool:
    """Won on the last discard."""
    return not ctx.tsumo and "last_discard" in ctx.situation


def chiitoitsu(ctx: WinContext) -> bool:
    """Seven pairs."""
    return ctx.form == "seven_pairs"


def sanshoku(ctx: WinContext) -> bool:
    """The same chow in all three suits."""
    chows = ctx.chows
    return any(t in chows and t + 9 in chows and t + 18 in chows for t in range(7))


def ittsu(ctx: WinContext) -> bool:
    """123, 456 and 789 of one suit."""
    chows = ctx.chows
    return any(s in chows and s + 3 in chows and s + 6 in chows for s in (0, 9, 18))


def outside(ctx: WinContext) -> bool:
    """A chow, and every set and the pair hold a terminal or honor."""
    if not ctx.chows or ctx.pair is None or not _orphan(ctx.pair):
        return False
    return all(_orphan(s.tile) or (s.kind == "chow" and s.tile % 9 == 6) for s in ctx.sets)


def _orphan(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


def chanta(ctx: WinContext) -> bool:
    """Every set and the pair outside, with an honor and a chow."""
    return ctx.has_honors and outside(ctx)


def toitoi(ctx: WinContext) -> bool:
    """Four pungs or kongs."""
    return ctx.form == "standard" and len(ctx.pungs) == 4


def sanankou(ctx: WinContext) -> bool:
    """Exactly three concealed pungs or kongs (one completed by the winning discard is open)."""
    return ctx.concealed_pungs == 3


def sanshoku_doukou(ctx: WinContext) -> bool:
    """The same pung in all three suits."""
    pungs = ctx.pungs
    return any(t in pungs and t + 9 in pungs and t + 18 in pungs for t in range(9))


def sankantsu(ctx: WinContext) -> bool:
    """Three kongs."""
    return ctx.kongs == 3


def honroutou(ctx: WinContext) -> bool:
    """Terminals and honors only, both present."""
    return not ctx.has_simples and ctx.has_terminals and ctx.has_honors


def dragon_pungs(ctx: WinContext) -> int:
    """Return how many dragon pungs or kongs the reading holds."""
    return sum(1 for k in ctx.pungs if k in DRAGONS)


def wind_pungs(ctx: WinContext) -> int:
    """Return how many wind pungs or kongs the reading holds."""
    return sum(1 for k in ctx.pungs if k in WINDS)


def shousangen(ctx: WinContext) -> bool:
    """Two dragon pungs and a pair of the third dragon."""
    return ctx.pair in DRAGONS and dragon_pungs(ctx) == 2


def honitsu(ctx: WinContext) -> bool:
    """One suit and honors."""
    return len(ctx.suits) == 1 and ctx.has_honors


def junchan(ctx: WinContext) -> bool:
    """Every set and the pair hold a terminal, with a chow and no honor."""
    return not ctx.has_honors and outside(ctx)


def ryanpeikou(ctx: WinContext) -> bool:
    """A closed hand with two pairs of identical chows."""
    return ctx.closed and identical_chow_pairs(ctx) == 2


def chinitsu(ctx: WinContext) -> bool:
    """One suit, no honor."""
    return len(ctx.suits) == 1 and not ctx.has_honors


def renhou_as(value: str) -> Predicate:
    """Return the predicate "renhou, counted as ``value`` by the table's ``renhou`` option"."""
    return lambda ctx: "human" in ctx.situation and ctx.options.renhou == value


def kokushi(ctx: WinContext) -> bool:
    """Thirteen orphans, the winning tile not the paired one."""
    return ctx.form == "thirteen_orphans" and ctx.counts[ctx.win_tile] == 1


def kokushi_13_wait(ctx: WinContext) -> bool:
    """Thirteen orphans on the 13-sided wait: the winning tile made the pair."""
    return ctx.form == "thirteen_orphans" and ctx.counts[ctx.win_tile] == 2


def suuankou(ctx: WinContext) -> bool:
    """Four concealed pungs or kongs, the winning tile not completing the pair."""
    return ctx.concealed_pungs == 4 and ctx.wait != "single"


def suuankou_tanki(ctx: WinContext) -> bool:
    """Four concealed pungs or kongs, won on the pair."""
    return ctx.concealed_pungs == 4 and ctx.wait == "single"


def daisangen(ctx: WinContext) -> bool:
    """Three dragon pungs."""
    return dragon_pungs(ctx) == 3


def shousuushii(ctx: WinContext) -> bool:
    """Three wind pungs and a wind pair."""
    return ctx.pair in WINDS and wind_pungs(ctx) == 3


def daisuushii(ctx: WinContext) -> bool:
    """Four wind pungs."""
    return wind_pungs(ctx) == 4


def tsuuiisou(ctx: WinContext) -> bool:
    """Honors only (seven pairs included)."""
    return not ctx.suits


def chinroutou(ctx: WinContext) -> bool:
    """Terminals only."""
    return not ctx.has_simples and not ctx.has_honors


def ryuuiisou(ctx: WinContext) -> bool:
    """2 3 4 6 8 bamboo and the green dragon only (the dragon is not required)."""
    return ctx.kinds <= GREEN_KINDS


def nine_gates(ctx: WinContext) -> bool:
    """No meld (not even a concealed kong), one suit: 1112345678999 and one more tile of it."""
    if not ctx.closed or ctx.kongs or ctx.has_honors or len(ctx.suits) != 1:
        return False
    lo = 9 * min(ctx.suits)
    return all(n >= need for n, need in zip(ctx.counts[lo : lo + 9], NINE_GATES, strict=True))


def nine_sided(ctx: WinContext) -> bool:
    """The 13 tiles before the win were 1112345678999: the winning tile is the extra one."""
    lo = 9 * (ctx.win_tile // 9)
    return ctx.counts[ctx.win_tile] - NINE_GATES[ctx.win_tile - lo] == 1


def chuuren_poutou(ctx: WinContext) -> bool:
    """Nine gates, the winning tile not the extra one."""
    return nine_gates(ctx) and not nine_sided(ctx)


def junsei_chuuren_poutou(ctx: WinContext) -> bool:
    """Nine gates on the nine-sided wait."""
    return nine_gates(ctx) and nine_sided(ctx)


def suukantsu(ctx: WinContext) -> bool:
    """Four kongs."""
    return ctx.kongs == 4


YAKU: tuple[Yaku, ...] = (
    Yaku("riichi", "Riichi", 1, 0, riichi),
    Yaku("double_riichi", "Double riichi", 2, 0, situation("double_riichi")),
    Yaku("ippatsu", "Ippatsu", 1, 0, situation("ippatsu")),
    Yaku("menzen_tsumo", "Menzen tsumo", 1, 0, menzen_tsumo),
    Yaku("pinfu", "Pinfu", 1, 0, pinfu),
    Yaku("iipeikou", "Iipeikou", 1, 0, iipeikou),
    Yaku("tanyao", "Tanyao (all simples)", 1, 1, tanyao),
    Yaku("yakuhai_seat_wind", "Seat wind", 1, 1, seat_wind_pung),
    Yaku("yakuhai_round_wind", "Round wind", 1, 1, round_wind_pung),
    Yaku("yakuhai_white", "White dragon", 1, 1, pung_of(WHITE)),
    Yaku("yakuhai_green", "Green dragon", 1, 1, pung_of(GREEN)),
    Yaku("yakuhai_red", "Red dragon", 1, 1, pung_of(RED)),
    Yaku("haitei", "Haitei raoyue (last tile)", 1, 1, haitei),
    Yaku("houtei", "Houtei raoyui (last discard)", 1, 1, houtei),
    Yaku("rinshan", "Rinshan kaihou", 1, 1, situation("kong_replacement")),
    Yaku("chankan", "Chankan (robbing a kong)", 1, 1, situation("robbing_kong")),
    Yaku("chiitoitsu", "Chiitoitsu (seven pairs)", 2, 0, chiitoitsu),
    Yaku("sanshoku", "Sanshoku doujun", 2, 1, sanshoku),
    Yaku("ittsu", "Ittsu (pure straight)", 2, 1, ittsu),
    Yaku("chanta", "Chanta", 2, 1, chanta),
    Yaku("toitoi", "Toitoi", 2, 2, toitoi),
    Yaku("sanankou", "Sanankou", 2, 2, sanankou),
    Yaku("sanshoku_doukou", "Sanshoku doukou", 2, 2, sanshoku_doukou),
    Yaku("sankantsu", "Sankantsu", 2, 2, sankantsu),
    Yaku("honroutou", "Honroutou", 2, 2, honroutou),
    Yaku("shousangen", "Shousangen", 2, 2, shousangen),
    Yaku("honitsu", "Honitsu (half flush)", 3, 2, honitsu),
    Yaku("junchan", "Junchan", 3, 2, junchan),
    Yaku("ryanpeikou", "Ryanpeikou", 3, 0, ryanpeikou),
    Yaku("chinitsu", "Chinitsu (full flush)", 6, 5, chinitsu),
    Yaku("renhou", "Renhou (mangan)", 5, 0, renhou_as("mangan")),
)

YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi", "Kokushi musou", 1, kokushi),
    Yakuman("kokushi_13_wait", "Kokushi musou, 13-sided wait", 2, kokushi_13_wait),
    Yakuman("suuankou", "Suuankou", 1, suuankou),
    Yakuman("suuankou_tanki", "Suuankou, single wait", 2, suuankou_tanki),
    Yakuman("daisangen", "Daisangen", 1, daisangen),
    Yakuman("shousuushii", "Shousuushii", 1, shousuushii),
    Yakuman("daisuushii", "Daisuushii", 2, daisuushii),
    Yakuman("tsuuiisou", "Tsuuiisou (all honors)", 1, tsuuiisou),
    Yakuman("chinroutou", "Chinroutou (all terminals)", 1, chinroutou),
    Yakuman("ryuuiisou", "Ryuuiisou (all green)", 1, ryuuiisou),
    Yakuman("chuuren_poutou", "Chuuren poutou", 1, chuuren_poutou),
    Yakuman(
        "junsei_chuuren_poutou",
        "Junsei chuuren poutou (nine-sided wait)",
        2,
        junsei_chuuren_poutou,
    ),
    Yakuman("suukantsu", "Suukantsu", 1, suukantsu),
    Yakuman("tenhou", "Tenhou", 1, situation("heavenly")),
    Yakuman("chiihou", "Chiihou", 1, situation("earthly")),
    Yakuman("renhou_yakuman", "Renhou (yakuman)", 1, renhou_as("yakuman")),
)


def count_yakuman(ctx: WinContext) -> list[Item]:
    """Return the yakuman of a reading, each worth 13 han (26 for a double form under the
    ``double_yakuman`` option)."""
    double = ctx.options.double_yakuman
    return [
        Item(y.id, y.name, YAKUMAN_HAN * (y.multiple if double else 1))
        for y in YAKUMAN
        if y.applies(ctx)
    ]


def count_yaku(ctx: WinContext) -> list[Item]:
    """Return the ordinary yaku of a reading: closed or open values (a yaku worth nothing open
    is left out of an open hand).

    >>> from majiang.scoring import ScoreRequest
    >>> from majiang.rules.riichi.context import readings
    >>> from majiang.rules.riichi.options import RiichiOptions
    >>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
    ...     "win_tile": "5p", "situation": ["riichi"]})
    >>> [(i.id, i.value) for i in count_yaku(readings(req, RiichiOptions())[0])]
    [('riichi', 1), ('yakuhai_red', 1)]
    """
    out = []
    for y in YAKU:
        han = y.closed if ctx.closed else y.open
        if han and y.applies(ctx):
            out.append(Item(y.id, y.name, han))
    return out

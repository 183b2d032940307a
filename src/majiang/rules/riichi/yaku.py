"""The riichi yaku as tables: id, name, han closed / open, and one predicate ``applies(ctx)``.

Read it next to shared/rules/riichi.md "Yaku": a row per line of the rule page, in its order
(docs/riichi.md lists the ids). Every row is a row of the pattern core
(``majiang.patterns.Pattern``), as in every other family. ``YAKU`` are the ordinary yaku, each
worth ``han(closed, open)`` (open 0: closed only, which the predicates do not repeat);
``YAKUMAN`` the limit hands, each worth its multiple of the limit (2 for a double form,
counted as such under the ``double_yakuman`` option). Where one yaku gives way to another (iipeikou to ryanpeikou, honitsu to chinitsu,
chanta to junchan) their predicates keep them apart; junsei chuuren poutou ``replaces`` the
nine gates it includes, as such a row does in every family. A hand other families count too
takes the pattern core's predicate (``majiang.patterns``: honitsu is ``half_flush``, chuuren
poutou ``nine_gates``, daisangen ``big_three_dragons``...).

>>> [y.id for y in YAKU][:4]
['riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo']
>>> next(y for y in YAKUMAN if y.id == "kokushi_13_wait").value
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from majiang.patterns import (
    NINE_GATES,
    Pattern,
    all_honors,
    all_terminals,
    big_four_winds,
    big_three_dragons,
    count,
    four_kongs,
    full_flush,
    half_flush,
    nine_gates,
    outside_hand,
    pung_of,
    round_wind_pung,
    seat_wind_pung,
    situation,
    small_four_winds,
    small_three_dragons,
)
from majiang.rules.riichi.context import RiichiContext
from majiang.scoring import Item
from majiang.tiles import DRAGONS, GREEN, RED, WHITE

Predicate = Callable[[RiichiContext], bool]
#: a yaku: a row of the pattern core, worth ``han(closed, open)``
Yaku = Pattern[RiichiContext]
#: a yakuman: a row of the pattern core, worth its multiple of the limit
Yakuman = Pattern[RiichiContext]

#: han of one yakuman in ``items``
YAKUMAN_HAN = 13
#: the kinds of all green: 2 3 4 6 8 bamboo and the green dragon
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, GREEN})


def han(closed: int, open_: int) -> Callable[[RiichiContext], int]:
    """Return the value of a yaku worth ``closed`` han on a closed hand and ``open_`` on an
    open one (0: closed only, not counted open)."""
    return lambda ctx: closed if ctx.closed else open_


# -- predicates, in the order of the rule page ---------------------------------------------


def riichi(ctx: RiichiContext) -> bool:
    """Riichi declared (double riichi replaces it)."""
    return "riichi" in ctx.situation and "double_riichi" not in ctx.situation


def menzen_tsumo(ctx: RiichiContext) -> bool:
    """Won by self-draw (on a closed hand: its row is worth nothing open)."""
    return ctx.tsumo


def pinfu(ctx: RiichiContext) -> bool:
    """Four chows won on a two-sided wait, the pair no dragon, seat or round wind (closed)."""
    return (
        ctx.wait == "two_sided"
        and len(ctx.chows) == 4
        and ctx.pair not in DRAGONS
        and ctx.pair not in (ctx.seat_wind, ctx.round_wind)
    )


def identical_chow_pairs(ctx: RiichiContext) -> int:
    """Return how many pairs of identical chows the reading holds."""
    return sum(n // 2 for n in Counter(ctx.chows).values())


def iipeikou(ctx: RiichiContext) -> bool:
    """One pair of identical chows (closed)."""
    return identical_chow_pairs(ctx) == 1


def tanyao(ctx: RiichiContext) -> bool:
    """Simples only (on an open hand only with the ``open_tanyao`` option)."""
    return not ctx.has_terminals and not ctx.has_honors and (ctx.closed or ctx.options.open_tanyao)


def haitei(ctx: RiichiContext) -> bool:
    """Self-drawn on the last tile of the wall."""
    return ctx.tsumo and "last_tile" in ctx.situation


def houtei(ctx: RiichiContext) -> bool:
    """Won on the last discard."""
    return not ctx.tsumo and "last_discard" in ctx.situation


def chiitoitsu(ctx: RiichiContext) -> bool:
    """Seven pairs."""
    return ctx.form == "seven_pairs"


def sanshoku(ctx: RiichiContext) -> bool:
    """The same chow in all three suits."""
    chows = ctx.chows
    return any(t in chows and t + 9 in chows and t + 18 in chows for t in range(7))


def ittsu(ctx: RiichiContext) -> bool:
    """123, 456 and 789 of one suit."""
    chows = ctx.chows
    return any(s in chows and s + 3 in chows and s + 6 in chows for s in (0, 9, 18))


def outside(ctx: RiichiContext) -> bool:
    """A chow, and every set and the pair hold a terminal or honor."""
    return bool(ctx.chows) and outside_hand(ctx)


def chanta(ctx: RiichiContext) -> bool:
    """Every set and the pair outside, with an honor and a chow."""
    return ctx.has_honors and outside(ctx)


def toitoi(ctx: RiichiContext) -> bool:
    """Four pungs or kongs."""
    return ctx.all_pungs


def sanankou(ctx: RiichiContext) -> bool:
    """Exactly three concealed pungs or kongs (one completed by the winning discard is open)."""
    return ctx.concealed_pungs == 3


def sanshoku_doukou(ctx: RiichiContext) -> bool:
    """The same pung in all three suits."""
    pungs = ctx.pungs
    return any(t in pungs and t + 9 in pungs and t + 18 in pungs for t in range(9))


def sankantsu(ctx: RiichiContext) -> bool:
    """Three kongs."""
    return ctx.kongs == 3


def honroutou(ctx: RiichiContext) -> bool:
    """Terminals and honors only, both present."""
    return not ctx.has_simples and ctx.has_terminals and ctx.has_honors


def junchan(ctx: RiichiContext) -> bool:
    """Every set and the pair hold a terminal, with a chow and no honor."""
    return not ctx.has_honors and outside(ctx)


def ryanpeikou(ctx: RiichiContext) -> bool:
    """Two pairs of identical chows (closed)."""
    return identical_chow_pairs(ctx) == 2


def renhou_as(value: str) -> Predicate:
    """Return the predicate "renhou, counted as ``value`` by the table's ``renhou`` option"."""
    return lambda ctx: "human" in ctx.situation and ctx.options.renhou == value


def win_copies(ctx: RiichiContext) -> int:
    """Return how many tiles of the winning tile's kind the hand holds, the winning one
    included."""
    return 0 if ctx.win_tile is None else ctx.counts[ctx.win_tile]


def kokushi(ctx: RiichiContext) -> bool:
    """Thirteen orphans, the winning tile not the paired one."""
    return ctx.form == "thirteen_orphans" and win_copies(ctx) == 1


def kokushi_13_wait(ctx: RiichiContext) -> bool:
    """Thirteen orphans on the 13-sided wait: the winning tile made the pair."""
    return ctx.form == "thirteen_orphans" and win_copies(ctx) == 2


def suuankou(ctx: RiichiContext) -> bool:
    """Four concealed pungs or kongs, the winning tile not completing the pair."""
    return ctx.concealed_pungs == 4 and ctx.wait != "single"


def suuankou_tanki(ctx: RiichiContext) -> bool:
    """Four concealed pungs or kongs, won on the pair."""
    return ctx.concealed_pungs == 4 and ctx.wait == "single"


def ryuuiisou(ctx: RiichiContext) -> bool:
    """2 3 4 6 8 bamboo and the green dragon only (the dragon is not required)."""
    return ctx.kinds <= GREEN_KINDS


def nine_sided(ctx: RiichiContext) -> bool:
    """The 13 tiles before the win were 1112345678999: the winning tile is the extra one."""
    win = ctx.win_tile
    return win is not None and win_copies(ctx) - NINE_GATES[win % 9] == 1


def junsei_chuuren_poutou(ctx: RiichiContext) -> bool:
    """Nine gates on the nine-sided wait."""
    return nine_gates(ctx) and nine_sided(ctx)


YAKU: tuple[Yaku, ...] = (
    Yaku("riichi", "Riichi", han(1, 0), riichi),
    Yaku("double_riichi", "Double riichi", han(2, 0), situation("double_riichi")),
    Yaku("ippatsu", "Ippatsu", han(1, 0), situation("ippatsu")),
    Yaku("menzen_tsumo", "Menzen tsumo", han(1, 0), menzen_tsumo),
    Yaku("pinfu", "Pinfu", han(1, 0), pinfu),
    Yaku("iipeikou", "Iipeikou", han(1, 0), iipeikou),
    Yaku("tanyao", "Tanyao (all simples)", han(1, 1), tanyao),
    Yaku("yakuhai_seat_wind", "Seat wind", han(1, 1), seat_wind_pung),
    Yaku("yakuhai_round_wind", "Round wind", han(1, 1), round_wind_pung),
    Yaku("yakuhai_white", "White dragon", han(1, 1), pung_of(WHITE)),
    Yaku("yakuhai_green", "Green dragon", han(1, 1), pung_of(GREEN)),
    Yaku("yakuhai_red", "Red dragon", han(1, 1), pung_of(RED)),
    Yaku("haitei", "Haitei raoyue (last tile)", han(1, 1), haitei),
    Yaku("houtei", "Houtei raoyui (last discard)", han(1, 1), houtei),
    Yaku("rinshan", "Rinshan kaihou", han(1, 1), situation("kong_replacement")),
    Yaku("chankan", "Chankan (robbing a kong)", han(1, 1), situation("robbing_kong")),
    Yaku("chiitoitsu", "Chiitoitsu (seven pairs)", han(2, 0), chiitoitsu),
    Yaku("sanshoku", "Sanshoku doujun", han(2, 1), sanshoku),
    Yaku("ittsu", "Ittsu (pure straight)", han(2, 1), ittsu),
    Yaku("chanta", "Chanta", han(2, 1), chanta),
    Yaku("toitoi", "Toitoi", han(2, 2), toitoi),
    Yaku("sanankou", "Sanankou", han(2, 2), sanankou),
    Yaku("sanshoku_doukou", "Sanshoku doukou", han(2, 2), sanshoku_doukou),
    Yaku("sankantsu", "Sankantsu", han(2, 2), sankantsu),
    Yaku("honroutou", "Honroutou", han(2, 2), honroutou),
    Yaku("shousangen", "Shousangen", han(2, 2), small_three_dragons),
    Yaku("honitsu", "Honitsu (half flush)", han(3, 2), half_flush),
    Yaku("junchan", "Junchan", han(3, 2), junchan),
    Yaku("ryanpeikou", "Ryanpeikou", han(3, 0), ryanpeikou),
    Yaku("chinitsu", "Chinitsu (full flush)", han(6, 5), full_flush),
    Yaku("renhou", "Renhou (mangan)", han(5, 0), renhou_as("mangan")),
)

YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi", "Kokushi musou", 1, kokushi),
    Yakuman("kokushi_13_wait", "Kokushi musou, 13-sided wait", 2, kokushi_13_wait),
    Yakuman("suuankou", "Suuankou", 1, suuankou),
    Yakuman("suuankou_tanki", "Suuankou, single wait", 2, suuankou_tanki),
    Yakuman("daisangen", "Daisangen", 1, big_three_dragons),
    Yakuman("shousuushii", "Shousuushii", 1, small_four_winds),
    Yakuman("daisuushii", "Daisuushii", 2, big_four_winds),
    Yakuman("tsuuiisou", "Tsuuiisou (all honors)", 1, all_honors),
    Yakuman("chinroutou", "Chinroutou (all terminals)", 1, all_terminals),
    Yakuman("ryuuiisou", "Ryuuiisou (all green)", 1, ryuuiisou),
    Yakuman("chuuren_poutou", "Chuuren poutou", 1, nine_gates),
    Yakuman(
        "junsei_chuuren_poutou",
        "Junsei chuuren poutou (nine-sided wait)",
        2,
        junsei_chuuren_poutou,
        replaces=("chuuren_poutou",),
    ),
    Yakuman("suukantsu", "Suukantsu", 1, four_kongs),
    Yakuman("tenhou", "Tenhou", 1, situation("heavenly")),
    Yakuman("chiihou", "Chiihou", 1, situation("earthly")),
    Yakuman("renhou_yakuman", "Renhou (yakuman)", 1, renhou_as("yakuman")),
)


def count_yakuman(ctx: RiichiContext) -> list[Item]:
    """Return the yakuman of a reading, each worth 13 han (26 for a double form under the
    ``double_yakuman`` option)."""
    double = ctx.options.double_yakuman
    return [
        Item(i.id, i.name, YAKUMAN_HAN * (i.value if double else 1)) for i in count(YAKUMAN, ctx)
    ]

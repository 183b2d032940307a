"""The riichi yaku as tables: id, name, han closed / open, and the predicate that finds it.

Every predicate has the one signature ``applies(ctx, reading) -> bool`` (``ctx`` the win as a
whole, ``reading`` one way to read it), so the tables can be printed, tested and documented
(docs/riichi.md lists the ids). ``YAKU`` are the ordinary yaku (han 0 when open = closed
only); ``YAKUMAN`` the limit hands, with their multiple under the ``double_yakuman`` option.

>>> [y.id for y in YAKU][:4]
['riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo']
>>> next(y for y in YAKUMAN if y.id == "kokushi_13_wait").multiple
2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from majiang.rules.riichi.context import (
    ALL_GREEN,
    ALL_HONORS,
    ALL_ORPHANS,
    ALL_SIMPLES,
    ALL_TERMINALS,
    CHOW,
    CLOSED,
    DRAGON_PAIR,
    DRAGON_PUNG,
    DRAGONS,
    FOUR_PUNGS,
    HAS_HONORS,
    NO_HONORS,
    ONE_SUIT,
    ORPHAN_PAIR,
    SEVEN_PAIRS,
    SIT_DOUBLE_RIICHI,
    SIT_EARTHLY,
    SIT_HEAVENLY,
    SIT_HUMAN,
    SIT_IPPATSU,
    SIT_KONG_REPLACEMENT,
    SIT_LAST_DISCARD,
    SIT_LAST_TILE,
    SIT_RIICHI,
    SIT_ROBBING_KONG,
    THIRTEEN,
    THREE_CHOWS,
    THREE_KONGS,
    THREE_PUNGS,
    TSUMO,
    TWIN_CHOWS,
    WIND_PAIR,
    WIND_PUNG,
    Reading,
    WinContext,
    is_orphan,
)
from majiang.scoring import Item

Predicate = Callable[[WinContext, Reading], bool]


@dataclass(frozen=True)
class Yaku:
    """An ordinary yaku: han when closed and when open (0 = closed only)."""

    id: str
    name: str
    closed: int
    open: int
    applies: Predicate
    #: "hand" when the predicate does not look at the reading (evaluated once per win)
    scope: str = "reading"
    #: the fact bits (``WinContext.facts``, ``Reading.shape``) the yaku cannot do without:
    #: a predicate is only asked when every one of them is present
    needs: int = 0


@dataclass(frozen=True)
class Yakuman:
    """A limit hand: ``multiple`` 2 for the double forms (with the ``double_yakuman`` option)."""

    id: str
    name: str
    multiple: int
    applies: Predicate
    scope: str = "reading"
    needs: int = 0


_WINDS = (27, 28, 29, 30)


def _pinfu(c: WinContext, r: Reading) -> bool:
    return (
        c.closed
        and len(r.chows) == 4
        and r.wait == "ryanmen"
        and not c.is_value_tile(r.pair)
        and r.form == "standard"
    )


def _peikou(r: Reading) -> int:
    """Return how many pairs of identical concealed chows the reading has."""
    ch = r.closed_chows
    if len(ch) < 2:
        return 0
    seen: dict[int, int] = {}
    for x in ch:
        seen[x] = seen.get(x, 0) + 1
    return sum(n // 2 for n in seen.values())


def _sanshoku(c: WinContext, r: Reading) -> bool:
    ch = r.chows
    for x in ch:  # noqa: SIM110 - a plain loop: no generator on this hot path
        if x < 9 and x + 9 in ch and x + 18 in ch:
            return True
    return False


def _ittsu(c: WinContext, r: Reading) -> bool:
    ch = r.chows
    for s in (0, 9, 18):  # noqa: SIM110 - a plain loop: no generator on this hot path
        if s in ch and s + 3 in ch and s + 6 in ch:
            return True
    return False


#: chow starts that hold a terminal (123 and 789 of each suit)
_OUTSIDE_CHOWS = frozenset({0, 6, 9, 15, 18, 24})
#: the terminals and honors
_ORPHAN_KINDS = frozenset(k for k in range(34) if is_orphan(k))


def _outside(r: Reading) -> bool:
    """Return whether every set and the pair hold a terminal or honor, with at least one chow."""
    if r.form != "standard" or not r.chows or not is_orphan(r.pair):
        return False
    return _OUTSIDE_CHOWS.issuperset(r.chows) and _ORPHAN_KINDS.issuperset(r.pungs)


def _doukou(c: WinContext, r: Reading) -> bool:
    pu = r.pungs
    for x in pu:  # noqa: SIM110 - a plain loop: no generator on this hot path
        if x < 9 and x + 9 in pu and x + 18 in pu:
            return True
    return False


def _dragon_pungs(r: Reading) -> int:
    n = 0
    for p in r.pungs:
        if p >= 31:
            n += 1
    return n


def _wind_pungs(r: Reading) -> int:
    n = 0
    for p in r.pungs:
        if 27 <= p <= 30:
            n += 1
    return n


def _chuuren(c: WinContext) -> bool:
    if c.melds or c.has_honors or len(c.suits) != 1:
        return False
    s = 9 * next(iter(c.suits))
    n = c.concealed[s : s + 9]
    return n[0] >= 3 and n[8] >= 3 and all(x >= 1 for x in n)


def _junsei(c: WinContext) -> bool:
    """Return whether the 13 tiles before the win were exactly 1112345678999 (nine-sided wait)."""
    w = c.win
    return c.concealed[w] == (4 if w % 9 in (0, 8) else 2)


YAKU: tuple[Yaku, ...] = (
    Yaku(
        "riichi",
        "Riichi",
        1,
        0,
        lambda c, r: "riichi" in c.situation and "double_riichi" not in c.situation,
        scope="hand",
        needs=SIT_RIICHI,
    ),
    Yaku(
        "double_riichi",
        "Double riichi",
        2,
        0,
        lambda c, r: "double_riichi" in c.situation,
        scope="hand",
        needs=SIT_DOUBLE_RIICHI,
    ),
    Yaku(
        "ippatsu",
        "Ippatsu",
        1,
        0,
        lambda c, r: "ippatsu" in c.situation,
        scope="hand",
        needs=SIT_IPPATSU,
    ),
    Yaku(
        "menzen_tsumo",
        "Menzen tsumo",
        1,
        0,
        lambda c, r: c.closed and c.tsumo,
        scope="hand",
        needs=CLOSED | TSUMO,
    ),
    Yaku("pinfu", "Pinfu", 1, 0, _pinfu, needs=CLOSED | THREE_CHOWS),
    Yaku(
        "iipeikou",
        "Iipeikou",
        1,
        0,
        lambda c, r: c.closed and _peikou(r) == 1,
        needs=CLOSED | TWIN_CHOWS,
    ),
    Yaku(
        "tanyao",
        "Tanyao (all simples)",
        1,
        1,
        lambda c, r: c.all_simples and (c.closed or bool(c.rules.get("open_tanyao", True))),
        scope="hand",
        needs=ALL_SIMPLES,
    ),
    Yaku(
        "yakuhai_seat_wind",
        "Seat wind",
        1,
        1,
        lambda c, r: c.seat_wind in r.pungs,
        needs=WIND_PUNG,
    ),
    Yaku(
        "yakuhai_round_wind",
        "Round wind",
        1,
        1,
        lambda c, r: c.round_wind in r.pungs,
        needs=WIND_PUNG,
    ),
    Yaku(
        "yakuhai_white", "White dragon", 1, 1, lambda c, r: DRAGONS[0] in r.pungs, needs=DRAGON_PUNG
    ),
    Yaku(
        "yakuhai_green", "Green dragon", 1, 1, lambda c, r: DRAGONS[1] in r.pungs, needs=DRAGON_PUNG
    ),
    Yaku("yakuhai_red", "Red dragon", 1, 1, lambda c, r: DRAGONS[2] in r.pungs, needs=DRAGON_PUNG),
    Yaku(
        "haitei",
        "Haitei raoyue (last tile)",
        1,
        1,
        lambda c, r: c.tsumo and "last_tile" in c.situation,
        scope="hand",
        needs=TSUMO | SIT_LAST_TILE,
    ),
    Yaku(
        "houtei",
        "Houtei raoyui (last discard)",
        1,
        1,
        lambda c, r: not c.tsumo and "last_discard" in c.situation,
        scope="hand",
        needs=SIT_LAST_DISCARD,
    ),
    Yaku(
        "rinshan",
        "Rinshan kaihou",
        1,
        1,
        lambda c, r: "kong_replacement" in c.situation,
        scope="hand",
        needs=SIT_KONG_REPLACEMENT,
    ),
    Yaku(
        "chankan",
        "Chankan (robbing a kong)",
        1,
        1,
        lambda c, r: "robbing_kong" in c.situation,
        scope="hand",
        needs=SIT_ROBBING_KONG,
    ),
    Yaku(
        "chiitoitsu",
        "Chiitoitsu (seven pairs)",
        2,
        0,
        lambda c, r: r.form == "seven_pairs",
        needs=SEVEN_PAIRS,
    ),
    Yaku("sanshoku", "Sanshoku doujun", 2, 1, _sanshoku, needs=THREE_CHOWS),
    Yaku("ittsu", "Ittsu (pure straight)", 2, 1, _ittsu, needs=THREE_CHOWS),
    Yaku(
        "chanta",
        "Chanta",
        2,
        1,
        lambda c, r: c.has_honors and _outside(r),
        needs=CHOW | HAS_HONORS | ORPHAN_PAIR,
    ),
    Yaku("toitoi", "Toitoi", 2, 2, lambda c, r: len(r.pungs) == 4, needs=FOUR_PUNGS),
    Yaku("sanankou", "Sanankou", 2, 2, lambda c, r: r.concealed_pungs == 3, needs=THREE_PUNGS),
    Yaku("sanshoku_doukou", "Sanshoku doukou", 2, 2, _doukou, needs=THREE_PUNGS),
    Yaku("sankantsu", "Sankantsu", 2, 2, lambda c, r: len(r.kongs) == 3, needs=THREE_KONGS),
    Yaku(
        "honroutou",
        "Honroutou",
        2,
        2,
        lambda c, r: c.all_orphans,
        scope="hand",
        needs=ALL_ORPHANS,
    ),
    Yaku(
        "shousangen",
        "Shousangen",
        2,
        2,
        lambda c, r: r.pair >= 31 and _dragon_pungs(r) == 2,
        needs=DRAGON_PUNG | DRAGON_PAIR,
    ),
    Yaku(
        "honitsu",
        "Honitsu (half flush)",
        3,
        2,
        lambda c, r: c.has_honors and len(c.suits) == 1,
        scope="hand",
        needs=HAS_HONORS | ONE_SUIT,
    ),
    Yaku(
        "junchan",
        "Junchan",
        3,
        2,
        lambda c, r: not c.has_honors and _outside(r),
        needs=CHOW | NO_HONORS | ORPHAN_PAIR,
    ),
    Yaku(
        "ryanpeikou",
        "Ryanpeikou",
        3,
        0,
        lambda c, r: c.closed and _peikou(r) == 2,
        needs=CLOSED | TWIN_CHOWS,
    ),
    Yaku(
        "chinitsu",
        "Chinitsu (full flush)",
        6,
        5,
        lambda c, r: not c.has_honors and len(c.suits) == 1,
        scope="hand",
        needs=ONE_SUIT | NO_HONORS,
    ),
    Yaku(
        "renhou",
        "Renhou (mangan)",
        5,
        0,
        lambda c, r: "human" in c.situation and c.rules.get("renhou") == "mangan",
        scope="hand",
        needs=SIT_HUMAN,
    ),
)

YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman(
        "kokushi",
        "Kokushi musou",
        1,
        lambda c, r: r.form == "thirteen_orphans" and r.wait != "thirteen",
        needs=THIRTEEN,
    ),
    Yakuman(
        "kokushi_13_wait",
        "Kokushi musou, 13-sided wait",
        2,
        lambda c, r: r.form == "thirteen_orphans" and r.wait == "thirteen",
        needs=THIRTEEN,
    ),
    Yakuman(
        "suuankou",
        "Suuankou",
        1,
        lambda c, r: r.concealed_pungs == 4 and r.wait != "tanki",
        needs=FOUR_PUNGS,
    ),
    Yakuman(
        "suuankou_tanki",
        "Suuankou, single wait",
        2,
        lambda c, r: r.concealed_pungs == 4 and r.wait == "tanki",
        needs=FOUR_PUNGS,
    ),
    Yakuman(
        "daisangen",
        "Daisangen",
        1,
        lambda c, r: _dragon_pungs(r) == 3,
        needs=DRAGON_PUNG | THREE_PUNGS,
    ),
    Yakuman(
        "shousuushii",
        "Shousuushii",
        1,
        lambda c, r: 27 <= r.pair <= 30 and _wind_pungs(r) == 3,
        needs=WIND_PUNG | WIND_PAIR | THREE_PUNGS,
    ),
    Yakuman(
        "daisuushii",
        "Daisuushii",
        2,
        lambda c, r: _wind_pungs(r) == 4,
        needs=WIND_PUNG | FOUR_PUNGS,
    ),
    Yakuman(
        "tsuuiisou",
        "Tsuuiisou (all honors)",
        1,
        lambda c, r: c.all_honors,
        scope="hand",
        needs=ALL_HONORS,
    ),
    Yakuman(
        "chinroutou",
        "Chinroutou (all terminals)",
        1,
        lambda c, r: c.all_terminals,
        scope="hand",
        needs=ALL_TERMINALS,
    ),
    Yakuman(
        "ryuuiisou",
        "Ryuuiisou (all green)",
        1,
        lambda c, r: c.all_green,
        scope="hand",
        needs=ALL_GREEN,
    ),
    Yakuman(
        "chuuren_poutou",
        "Chuuren poutou",
        1,
        lambda c, r: _chuuren(c) and not _junsei(c),
        scope="hand",
        needs=CLOSED | ONE_SUIT | NO_HONORS,
    ),
    Yakuman(
        "junsei_chuuren_poutou",
        "Junsei chuuren poutou (nine-sided wait)",
        2,
        lambda c, r: _chuuren(c) and _junsei(c),
        scope="hand",
        needs=CLOSED | ONE_SUIT | NO_HONORS,
    ),
    Yakuman(
        "suukantsu", "Suukantsu", 1, lambda c, r: len(r.kongs) == 4, needs=THREE_KONGS | FOUR_PUNGS
    ),
    Yakuman(
        "tenhou",
        "Tenhou",
        1,
        lambda c, r: "heavenly" in c.situation,
        scope="hand",
        needs=SIT_HEAVENLY,
    ),
    Yakuman(
        "chiihou",
        "Chiihou",
        1,
        lambda c, r: "earthly" in c.situation,
        scope="hand",
        needs=SIT_EARTHLY,
    ),
    Yakuman(
        "renhou_yakuman",
        "Renhou (yakuman)",
        1,
        lambda c, r: "human" in c.situation and c.rules.get("renhou") == "yakuman",
        scope="hand",
        needs=SIT_HUMAN,
    ),
)

#: han of one yakuman in ``items``
YAKUMAN_HAN = 13


Scored = list[tuple[int, Item]]  # (position in its table, item)
#: a yaku that may apply, with its position in the table and its item (han already chosen)
Candidate = tuple[int, Predicate, Item]

_yaku_candidates: dict[tuple[str, int], list[Candidate]] = {}
_yakuman_candidates: dict[tuple[str, int, bool], list[Candidate]] = {}


def yaku_candidates(scope: str, facts: int) -> list[Candidate]:
    """Return the ordinary yaku of ``scope`` ("hand" or "reading") that the fact bits allow,
    each with its item worth the closed or open han (a yaku worth 0 han open is left out).

    The lists are built once per combination of bits and reused.
    """
    key = (scope, facts)
    found = _yaku_candidates.get(key)
    if found is None:
        closed = bool(facts & CLOSED)
        found = [
            (n, y.applies, Item(y.id, y.name, y.closed if closed else y.open))
            for n, y in enumerate(YAKU)
            if y.scope == scope and (y.closed if closed else y.open) and y.needs & facts == y.needs
        ]
        _yaku_candidates[key] = found
    return found


def yakuman_candidates(scope: str, facts: int, double: bool) -> list[Candidate]:
    """Return the yakuman of ``scope`` that the fact bits allow, each with its item (13 han per
    yakuman; the double forms 26 when ``double``)."""
    key = (scope, facts, double)
    found = _yakuman_candidates.get(key)
    if found is None:
        found = [
            (n, y.applies, Item(y.id, y.name, YAKUMAN_HAN * (y.multiple if double else 1)))
            for n, y in enumerate(YAKUMAN)
            if y.scope == scope and y.needs & facts == y.needs
        ]
        _yakuman_candidates[key] = found
    return found


def _found(candidates: list[Candidate], ctx: WinContext, r: Reading) -> Scored:
    return [(n, item) for n, applies, item in candidates if applies(ctx, r)]


def yakuman_items(ctx: WinContext, r: Reading, scope: str | None = None) -> Scored:
    """Return the limit hands of a reading (value 13 han per yakuman, 26 for a double form)
    with their table positions; ``scope`` limits them to the ``hand`` or ``reading`` ones."""
    double = bool(ctx.rules.get("double_yakuman", True))
    if scope == "hand":
        return _found(yakuman_candidates("hand", ctx.facts, double), ctx, r)
    found = _found(yakuman_candidates("reading", ctx.facts | r.shape, double), ctx, r)
    if scope is None:
        found = sorted(_found(yakuman_candidates("hand", ctx.facts, double), ctx, r) + found)
    return found


def yaku_items(ctx: WinContext, r: Reading, scope: str | None = None) -> Scored:
    """Return the ordinary yaku of a reading with their han (open values when the hand is
    open) and table positions; ``scope`` limits them to the ``hand`` or ``reading`` ones.

    Iipeikou gives way to ryanpeikou, honitsu to chinitsu, chanta to junchan by their
    predicates; a yaku worth 0 han open is not counted on an open hand.
    """
    if scope == "hand":
        return _found(yaku_candidates("hand", ctx.facts), ctx, r)
    found = _found(yaku_candidates("reading", ctx.facts | r.shape), ctx, r)
    if scope is None:
        found = sorted(_found(yaku_candidates("hand", ctx.facts), ctx, r) + found)
    return found

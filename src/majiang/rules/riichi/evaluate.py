"""The riichi calculator's core: every reading of a win scored, the one that pays most kept.

Readings cover every split of the concealed tiles into sets and a pair (products of the
blocks' splits, ``shapes.py``), seven pairs and thirteen orphans, and every placement of the
winning tile (the wait: it decides the fu, pinfu and whether a pung is concealed). Each
reading is one integer of fact bits (``features.py``); what those give is looked up in the
yaku tables (``yaku.py``: the hand's facts once per win, a reading's once per reading).
Among the readings the one that pays the most wins; on equal points a yakuman, then more han,
then more fu, then the first found.

Both faces of the contract come here: the typed ``ScoreRequest`` (``calculate.score_win``)
and the request dict read directly (``request.py``). Nothing of a request is kept.

>>> from majiang.rules.riichi.shapes import block, tile_flags
>>> blocks = (block((0, 1, 1, 1, 1, 1, 1, 0, 0), False), block((0, 1, 1, 1, 2, 0, 0, 0, 0), False),
...           block(EMPTY, False), block((0, 0, 0, 0, 0, 0, 3, 0, 0), True))
>>> flags = tile_flags([1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 33])
>>> best = best_reading(*blocks, (), 13, False, 28, 27, f.RIICHI, 0, False, True, 4, 0, flags)
>>> form, _, _, yakuman, han, fu, _, _, base, _ = best
>>> form, yakuman, han, fu, [i.id for _, i, _ in found_yaku(best)]
('standard', 0, 2, 40, ['riichi', 'yakuhai_red'])
"""

from __future__ import annotations

from itertools import product
from typing import Any

from majiang.melds import Meld
from majiang.rules.riichi import features as f
from majiang.rules.riichi.fu import SET_FU, SEVEN_PAIRS_FU, Fu
from majiang.rules.riichi.payments import POINTS, hand_value, points_of
from majiang.rules.riichi.shapes import (
    EMPTY,
    HONOR,
    MAN,
    NOT_GREEN,
    ORPHAN,
    OUTSIDE_CHOWS,
    PIN,
    RYANMEN,
    SHANPON,
    SIMPLE,
    SOU,
    TANKI,
    TERMINAL,
    TILE_BITS,
    Block,
    Part,
    tile_flags,
)
from majiang.rules.riichi.yaku import (
    HAND_SCORED,
    READING_SCORED,
    Found,
    Scored,
    hand_scored,
    reading_scored,
)
from majiang.tiles import RED_BASE, kind

__all__ = [
    "EMPTY",
    "Best",
    "MeldFacts",
    "base_points",
    "best_reading",
    "found_yaku",
    "meld_facts",
    "option_bits",
]


def _mask(kinds: object) -> int:
    bits = 0
    for k in kinds:  # type: ignore[attr-defined]
        bits |= 1 << k
    return bits


_ORPHAN_BITS = _mask(k for k in range(34) if ORPHAN[k])
#: a suit's chows by first place (7 bits) -> whether they hold 123, 456 and 789 (a straight)
_STRAIGHT_IN = tuple(bool(chows & chows >> 3 & chows >> 6 & 1) for chows in range(128))
#: a pung of ``k`` completed by a winning discard counts open: this much fu less
_OPENED_FU = tuple(4 if ORPHAN[k] else 2 for k in range(34))
#: kind -> its block (0-3: m, p, s, the honors) and its place there
_BLOCK_PLACE = tuple(divmod(k, 9) for k in range(34))
#: a reading's parts' ``Part.packed`` added up -> its chows, its pungs (concealed), its pairs
#: of identical chows and its pungs' fu (each field read by a lookup, not by shifts and masks
#: that make an int each): every sum four parts can make (at most 4 sets, 2 pairs of twins,
#: 32 fu)
_SUMS = {
    chows | pungs << 3 | twins << 6 | fu << 9: (chows, pungs, twins, fu)
    for chows in range(5)
    for pungs in range(5 - chows)
    for twins in range(3)
    for fu in range(0, 33, 4)
}
#: raw fu (up to 30 and four concealed kongs of terminals or honors, 128, and 12 more) ->
#: rounded up to 10
_ROUND_FU = tuple((raw + 9) // 10 * 10 for raw in range(200))
#: a hand without melds: its melds' facts (chows, chow bits, pung bits, fu, closed kongs, kongs)
_NO_MELD_FACTS = (0, 0, 0, 0, 0, 0)
#: by the winner's seat wind (27-30; the indexes below 27 are not winds): (how many times the
#: base a ron pays, what the winner receives in ``payments.POINTS``) on a ron and on a tsumo
_RON_PAYS = ((0, 0),) * 27 + ((6, 1), (4, 0), (4, 0), (4, 0))
_TSUMO_PAYS = ((0, 0),) * 27 + ((6, 3), (4, 2), (4, 2), (4, 2))
#: the honors a wind (27-30) or dragon (31-33) pair makes count (see ``_honor_facts``)
_PAIR_SORT = tuple(0 if k < 27 else (1 if k < 31 else 2) for k in range(34))


def _honor_facts(pungs: int, pair_sort: int) -> int:
    """Return the dragon and wind facts of honor pungs (bit i = kind 27 + i) and the pair."""
    bits = 0
    for i, name in ((4, f.WHITE_PUNG), (5, f.GREEN_PUNG), (6, f.RED_PUNG)):
        if pungs >> i & 1:
            bits |= name
    dragons = bin(pungs >> 4).count("1")
    winds = bin(pungs & 15).count("1")
    if dragons == 3:
        bits |= f.BIG_DRAGONS
    elif dragons == 2 and pair_sort == 2:
        bits |= f.LITTLE_DRAGONS
    if winds == 4:
        bits |= f.BIG_WINDS
    elif winds == 3 and pair_sort == 1:
        bits |= f.LITTLE_WINDS
    return bits


def _tile_facts(flags: int) -> int:
    """Return the hand facts of the sorts of tiles it holds (``shapes.tile_flags``)."""
    bits = 0
    if not flags & (TERMINAL | HONOR):
        bits |= f.ALL_SIMPLES
    elif not flags & SIMPLE:
        bits |= f.ALL_ORPHANS
        if not flags & HONOR:
            bits |= f.ALL_TERMINALS
    if flags & HONOR:
        bits |= f.HAS_HONORS
        if not flags & (MAN | PIN | SOU):
            bits |= f.ALL_HONORS
    if bool(flags & MAN) + bool(flags & PIN) + bool(flags & SOU) == 1:
        bits |= f.ONE_SUIT
    if not flags & NOT_GREEN:
        bits |= f.ALL_GREEN
    return bits


#: whether the hand is closed, whether it won by tsumo, the sorts of tiles it holds
#: (``shapes.tile_flags``) -> its facts (``[closed][tsumo][flags]``: the bools index a tuple)
_TILE_FACTS = tuple(
    tuple(
        tuple(
            _tile_facts(flags) | (f.CLOSED if closed else 0) | (f.TSUMO if tsumo else 0)
            for flags in range(128)
        )
        for tsumo in (False, True)
    )
    for closed in (False, True)
)


#: the sorts of tiles a hand holds -> whether they are of one suit with no honor (nine gates)
_ONE_SUIT_ALONE = tuple(
    bool(_tile_facts(flags) & f.ONE_SUIT) and not flags & HONOR for flags in range(128)
)


#: the dragons' and winds' facts (``_honor_facts``) by the pair's sort (``_PAIR_SORT``: 0 none,
#: 1 wind, 2 dragon) and the honor pung bits (bit i = kind 27 + i)
_DRAGONS_WINDS = tuple(
    tuple(_honor_facts(p, pair_sort) for p in range(128)) for pair_sort in range(3)
)
#: the same with the seat and round wind pungs' facts, by the seat wind and the round wind as
#: kinds (``[seat][round]``, 27-30; the indexes below 27 are not winds): every fact of the honor
#: pungs in one lookup a reading
_HONOR_FACTS = ((),) * 27 + tuple(
    ((),) * 27
    + tuple(
        tuple(
            tuple(
                facts[pungs]
                | (f.SEAT_WIND_PUNG if pungs >> seat & 1 else 0)
                | (f.ROUND_WIND_PUNG if pungs >> round_ & 1 else 0)
                for pungs in range(128)
            )
            for facts in _DRAGONS_WINDS
        )
        for round_ in range(4)
    )
    for seat in range(4)
)


class MeldFacts:
    """A called or declared set as the readings use it (built once per meld, kept).

    ``kinds`` lists its tiles as kinds, ``red_suit`` the suit of its red five (-1 none),
    ``chow_bits``/``pung_bits`` its bit among the chows or pungs, ``fu`` its fu and ``fu_dict``
    its fu item as the contract's dict (a chow: 0 and ``None``).
    """

    __slots__ = (
        "adds",
        "chow_bits",
        "flags",
        "fu",
        "fu_dict",
        "is_chow",
        "is_kong",
        "is_open",
        "kinds",
        "outside",
        "present",
        "pung_bits",
        "red_suit",
        "tiles",
    )

    def __init__(self, meld: Meld) -> None:
        kinds = tuple(kind(t) for t in meld.tiles)
        first = min(kinds)
        red = [t for t in meld.tiles if t >= RED_BASE]
        self.kinds = kinds
        #: (kind, copies) of its tiles
        self.adds = tuple((k, kinds.count(k)) for k in sorted(set(kinds)))
        self.red_suit = red[0] - RED_BASE if red else -1
        #: its tiles counted as a ``Block.tiles`` of the four suits (kind ``k`` at ``TILE_BITS * k``)
        self.tiles = sum(n << TILE_BITS * k for k, n in self.adds)
        self.present = _mask(kinds)
        self.flags = tile_flags(kinds)
        self.is_chow = meld.kind == "chi"
        self.is_open = meld.kind != "ankan"
        self.is_kong = meld.kind in ("kan", "ankan", "kakan")
        self.chow_bits = 1 << first if self.is_chow else 0
        self.pung_bits = 0 if self.is_chow else 1 << first
        self.outside = first in OUTSIDE_CHOWS if self.is_chow else ORPHAN[first]
        fu_item: Fu | None = None if self.is_chow else SET_FU[(first, self.is_open, self.is_kong)]
        self.fu = 0 if fu_item is None else fu_item[1]
        #: its fu item as the contract's dict (a template: a result gets a copy)
        self.fu_dict: dict[str, Any] | None = (
            None if fu_item is None else {"id": fu_item[0], "value": fu_item[1]}
        )


_MELD_FACTS: dict[Meld, MeldFacts] = {}


def meld_facts(meld: Meld) -> MeldFacts:
    """Return the ``MeldFacts`` of a meld (kept per meld: there are a few hundred)."""
    found = _MELD_FACTS.get(meld)
    if found is None:
        found = _MELD_FACTS[meld] = MeldFacts(meld)
    return found


def option_bits(open_tanyao: bool, renhou: str, double_yakuman: bool) -> int:
    """Return the fact bits of the table options that change a yaku."""
    bits = f.OPEN_TANYAO if open_tanyao else 0
    if renhou == "mangan":
        bits |= f.RENHOU_MANGAN
    elif renhou == "yakuman":
        bits |= f.RENHOU_YAKUMAN
    if double_yakuman:
        bits |= f.DOUBLE_YAKUMAN
    return bits


#: the reading that pays the most: (form, what the hand's facts give, what the reading's give,
#: the number of yakuman (0: an ordinary hand), han (with dora; 13 per yakuman), fu (``None``
#: for a yakuman), the blocks' parts of a standard reading (else ``None``), the wait, the base
#: points, the pair's kind (-1 but in a standard reading)
Best = tuple[str, Scored, Scored, int, int, "int | None", "tuple[Part, ...] | None", int, int, int]


def found_yaku(best: Best) -> tuple[Found, ...]:
    """Return the yaku of the best reading (or its yakuman) in table order; no dora."""
    if best[3]:
        hand, reading = best[1][1], best[2][1]
    else:
        hand, reading = best[1][3], best[2][3]
    if not hand:
        return reading
    if not reading:
        return hand
    return tuple(sorted(hand + reading))  # positions differ: the items are never compared


#: ``yaku.HAND_SCORED``, ``READING_SCORED`` and ``payments.POINTS`` under names of this module:
#: a method called on an imported name is looked up as an attribute (a bound method made at each
#: call), on another name as a method
_HAND_SCORED = HAND_SCORED
_READING_SCORED = READING_SCORED
_POINTS = POINTS
_LIMITS = ((11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"), (5, 2000, "mangan"))


def best_reading(
    b0: Block,
    b1: Block,
    b2: Block,
    b3: Block,
    melds: tuple[MeldFacts, ...],
    win: int,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
    situation: int,
    options: int,
    kiriage: bool,
    kazoe: bool,
    double_wind_pair_fu: int,
    dora: int,
    flags: int,
) -> Best | str:
    """Return the best reading of a win, or why there is none (the ``valid: false`` reason).

    ``b0``-``b3`` are the concealed tiles (winning tile included) per suit and honors, ``win``
    the winning kind, winds as kinds (27 = East), ``situation`` and ``options`` fact bits
    (``features.situation_bits``, ``option_bits``), ``dora`` the han of dora, ura dora and
    red fives together (they count only for a hand with a yaku), ``flags`` the sorts of the
    concealed tiles (``shapes.tile_flags``).
    """
    packed = b0.packed + b1.packed + b2.packed + b3.packed  # see ``Block.packed``
    closed = True
    meld_chows, meld_chow_bits, meld_pung_bits, meld_fu, ankans, kongs = _NO_MELD_FACTS
    meld_outside = True
    if melds:
        for m in melds:
            flags |= m.flags
            if m.is_chow:
                meld_chows += 1
                meld_chow_bits |= m.chow_bits
            else:
                meld_pung_bits |= m.pung_bits
                meld_fu += m.fu
                if m.is_kong:
                    kongs += 1
            if m.is_open:
                closed = False
            elif not m.is_chow:
                ankans += 1
            if not m.outside:
                meld_outside = False
        # the melds' sets per suit, as the parts' bits (by place)
        meld_m_chows = meld_chow_bits & 127
        meld_p_chows = meld_chow_bits >> 9 & 127
        meld_s_chows = meld_chow_bits >> 18 & 127
        meld_m_pungs = meld_pung_bits & 511
        meld_p_pungs = meld_pung_bits >> 9 & 511
        meld_s_pungs = meld_pung_bits >> 18 & 511
        meld_honor_pungs = meld_pung_bits >> 27
    else:
        meld_m_chows = meld_p_chows = meld_s_chows = 0
        meld_m_pungs = meld_p_pungs = meld_s_pungs = meld_honor_pungs = 0

    # the facts of the hand, shared by every reading
    bits = situation | options | _TILE_FACTS[closed][tsumo][flags]
    if _ONE_SUIT_ALONE[flags] and not melds and (b0, b1, b2)[win // 9].nine_gates:
        bits |= f.NINE_GATES
        if (b0, b1, b2)[win // 9].counts[win % 9] == (4 if win % 9 in (0, 8) else 2):
            bits |= f.NINE_SIDED
    if kongs >= 3:
        bits |= f.THREE_KONGS if kongs == 3 else f.FOUR_KONGS
    hand = _HAND_SCORED.get(bits) or hand_scored(bits)
    hand_limit, _, hand_han, _, context, double = hand

    #: how many times the base a ron pays (a yakuman's tsumo too), and what the winner
    #: receives in a base's ``payments.POINTS`` entry (``2 * tsumo + dealer``)
    scale, how = _TSUMO_PAYS[seat_wind] if tsumo else _RON_PAYS[seat_wind]
    #: the honor pungs' facts with these winds (``_HONOR_FACTS``)
    honor_facts = _HONOR_FACTS[seat_wind][round_wind]
    points = _POINTS
    #: the best so far, and (value, is yakuman, han, fu) to compare readings
    best: Best | None = None
    best_key = (-1, 0, 0, 0)
    complete = False

    if not melds and packed & 63 == 14:
        if (
            not flags & SIMPLE
            and b0.present | b1.present << 9 | b2.present << 18 | b3.present << 27 == _ORPHAN_BITS
        ):
            wait13 = (b0, b1, b2, b3)[win // 9].counts[win % 9] == 2
            h = context | (f.THIRTEEN_WAIT if wait13 else f.THIRTEEN_ORPHANS)
            r = _READING_SCORED.get(h) or reading_scored(h)
            multiple = (hand_limit + r[0]) // 13 if double else 1
            return (
                "thirteen_orphans",
                hand,
                r,
                multiple,
                13 * multiple,
                None,
                None,
                TANKI,
                8000 * multiple,
                -1,
            )
        if b0.twos + b1.twos + b2.twos + b3.twos == 7:  # seven kinds held twice
            complete = True
            h = context | f.SEVEN_PAIRS
            r = _READING_SCORED.get(h) or reading_scored(h)
            limit_han = hand_limit + r[0]
            if limit_han:
                multiple = limit_han // 13 if double else 1
                base = 8000 * multiple
                best_key = (hand_value(base, seat_wind == 27, tsumo), 1, limit_han, 0)
                best = (
                    "seven_pairs",
                    hand,
                    r,
                    multiple,
                    13 * multiple,
                    None,
                    None,
                    TANKI,
                    base,
                    -1,
                )
            elif hand_han + r[2]:
                han = hand_han + r[2] + dora
                base = base_points(han, SEVEN_PAIRS_FU, kiriage, kazoe)[0]
                best_key = (hand_value(base, seat_wind == 27, tsumo), 0, han, SEVEN_PAIRS_FU)
                best = ("seven_pairs", hand, r, 0, han, SEVEN_PAIRS_FU, None, TANKI, base, -1)

    # as many tiles as four sets and a pair (``Block.packed``'s size), one block holding the pair
    if packed & 511 == (14 - 3 * len(melds)) | 64:
        win_block, win_at = _BLOCK_PLACE[win]
        pair_block = 0 if b0.has_pair else 1 if b1.has_pair else 2 if b2.has_pair else 3
        pair_lo = 9 * pair_block
        base_fu = 30 if closed and not tsumo else 20
        opened_fu = _OPENED_FU[win]
        table = _READING_SCORED
        combos: Any
        p0 = b0.one_part
        p1 = b1.one_part
        p2 = b2.one_part
        p3 = b3.one_part
        if p0 is not None and p1 is not None and p2 is not None and p3 is not None:
            combos = ((p0, p1, p2, p3),)
        else:
            combos = product(b0.parts, b1.parts, b2.parts, b3.parts)
        for parts in combos:
            p0, p1, p2, p3 = parts
            pair = parts[pair_block].pair + pair_lo
            complete = True
            n_chows, concealed, twins, set_fu = _SUMS[
                p0.packed + p1.packed + p2.packed + p3.packed  # see ``Part.packed``
            ]
            n_chows += meld_chows
            g = context
            if n_chows:
                if n_chows >= 3:  # the chows by first place per suit (small ints: no new int)
                    chows_m = p0.chow_bits | meld_m_chows
                    chows_p = p1.chow_bits | meld_p_chows
                    chows_s = p2.chow_bits | meld_s_chows
                    if chows_m & chows_p & chows_s:
                        g |= f.MIXED_CHOWS
                    if _STRAIGHT_IN[chows_m] or _STRAIGHT_IN[chows_p] or _STRAIGHT_IN[chows_s]:
                        g |= f.STRAIGHT
                if closed and twins:
                    g |= f.TWIN_CHOWS if twins == 1 else f.TWO_TWIN_CHOWS
                if (
                    ORPHAN[pair]
                    and meld_outside
                    and p0.outside
                    and p1.outside
                    and p2.outside
                    and p3.outside
                ):
                    g |= f.OUTSIDE
            else:
                g |= f.FOUR_PUNGS
            if n_chows <= 1 and (p0.pung_bits | meld_m_pungs) & (p1.pung_bits | meld_p_pungs) & (
                p2.pung_bits | meld_s_pungs
            ):
                g |= f.MIXED_PUNGS
            honors = p3.pung_bits | meld_honor_pungs
            if honors:
                g |= honor_facts[_PAIR_SORT[pair]][honors]
            concealed += ankans
            set_fu += meld_fu
            if pair >= 27:  # the pair's fu (``fu.pair_fu``)
                if pair >= 31:
                    set_fu += 2
                elif pair == seat_wind:
                    set_fu += double_wind_pair_fu if pair == round_wind else 2
                elif pair == round_wind:
                    set_fu += 2
            holder = parts[win_block]
            for wait in holder.waits[win_at] or holder.waits_at(win_at):
                h = g
                n_concealed = concealed
                extra = set_fu
                if wait == RYANMEN:
                    if n_chows == 4 and pair < 31 and pair != seat_wind and pair != round_wind:
                        h |= f.PINFU_SHAPE
                elif wait == TANKI:
                    h |= f.SINGLE_WAIT
                    extra += 2
                elif wait == SHANPON:
                    if not tsumo:
                        n_concealed -= 1
                        extra -= opened_fu
                else:
                    extra += 2
                if n_concealed >= 3:
                    h |= f.THREE_CONCEALED if n_concealed == 3 else f.FOUR_CONCEALED
                r = table.get(h) or reading_scored(h)
                limit_han = hand_limit + r[0]
                if limit_han:
                    multiple = limit_han // 13 if double else 1
                    base = 8000 * multiple
                    # what the winner receives (``hand_value``): a multiple of 100 already
                    key = (base * scale, 1, limit_han, 0)
                    if best is None or key > best_key:
                        best_key = key
                        best = (
                            "standard",
                            hand,
                            r,
                            multiple,
                            13 * multiple,
                            None,
                            parts,
                            wait,
                            base,
                            pair,
                        )
                    continue
                han = hand_han + r[2]
                if not han:
                    continue
                if tsumo and not (closed and extra == 0):
                    extra += 2
                elif not closed and extra == 0:
                    extra = 10
                fu = _ROUND_FU[base_fu + extra]
                han += dora
                # the base points (``base_points``)
                if han < 13:
                    base = _BASE_OF[han][fu]
                    if kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
                        base = 2000
                else:
                    base = 8000 if kazoe else 6000
                key = ((points.get(base) or points_of(base))[how], 0, han, fu)
                if best is None or key > best_key:
                    best_key = key
                    best = ("standard", hand, r, 0, han, fu, parts, wait, base, pair)
    if best is not None:
        return best
    if complete:
        return "no yaku: the hand is complete but has no yaku (dora do not count)"
    return "not a complete hand: no four sets and a pair, seven pairs or thirteen orphans"


#: the limit of an ordinary hand by its base points (below mangan: none)
LIMIT_OF_BASE = {
    2000: "mangan",
    3000: "haneman",
    4000: "baiman",
    6000: "sanbaiman",
    8000: "yakuman",
}


def base_points(han: int, fu: int, kiriage: bool, kazoe: bool) -> tuple[int, str | None]:
    """Return the base points and the limit of an ordinary hand (``payments.base_points`` with
    the options as flags)."""
    if han >= 5:
        if han >= 13:
            return (8000, "yakuman") if kazoe else (6000, "sanbaiman")
        for least, base, name in _LIMITS:
            if han >= least:
                return base, name
    base = fu << (han + 2)
    if base >= 2000:
        return 2000, "mangan"
    if kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return 2000, "mangan"
    return base, None


#: han (up to 12) and fu (up to 200, as rounded) -> the base points (``base_points`` without
#: kiriage, the limits below 13 han included): one lookup a reading, no shift making an int
_BASE_OF = tuple(
    tuple(base_points(han, fu, False, True)[0] for fu in range(201)) for han in range(13)
)

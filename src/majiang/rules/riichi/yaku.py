"""The riichi yaku as tables: id, name, han closed / open, and the facts that make each one.

A yaku is a row: the fact bits it needs (``needs``, all of them) and the bits that rule it out
(``excludes``, any of them), from ``features.py``. So the table reads like the rule page
(pinfu: a closed hand of the pinfu shape; houtei: the last discard, not a tsumo) and is printed,
tested and documented as data (docs/riichi.md lists the ids). ``YAKU`` are the ordinary yaku
(han 0 when open = closed only); ``YAKUMAN`` the limit hands, with their multiple under the
``double_yakuman`` option. Where one yaku gives way to another (iipeikou to ryanpeikou,
honitsu to chinitsu, chanta to junchan) their facts exclude each other.

``yaku_of(bits)`` returns what a reading with these facts scores; the answer per combination
of bits is kept (a reading's facts are a few dozen bits, met again and again), and a
combination met for the first time is matched against every row at once (``_Table``).

>>> [y.id for y in YAKU][:4]
['riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo']
>>> next(y for y in YAKUMAN if y.id == "kokushi_13_wait").multiple
2
>>> multiple, han, items = yaku_of(f.CLOSED | f.TSUMO | f.PINFU_SHAPE | f.RIICHI)
>>> multiple, han, [i.id for i in items]
(0, 3, ['riichi', 'menzen_tsumo', 'pinfu'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.rules.riichi import features as f
from majiang.scoring import Item


@dataclass(frozen=True)
class Yaku:
    """An ordinary yaku: han when closed and when open (0 = closed only), and its facts.

    ``open_needs`` are further bits an open hand needs for it (a table option).
    """

    id: str
    name: str
    closed: int
    open: int
    needs: int
    excludes: int = 0
    open_needs: int = 0


@dataclass(frozen=True)
class Yakuman:
    """A limit hand: ``multiple`` 2 for the double forms (with the ``double_yakuman`` option)."""

    id: str
    name: str
    multiple: int
    needs: int
    excludes: int = 0


YAKU: tuple[Yaku, ...] = (
    Yaku("riichi", "Riichi", 1, 0, f.RIICHI, excludes=f.DOUBLE_RIICHI),
    Yaku("double_riichi", "Double riichi", 2, 0, f.DOUBLE_RIICHI),
    Yaku("ippatsu", "Ippatsu", 1, 0, f.IPPATSU),
    Yaku("menzen_tsumo", "Menzen tsumo", 1, 0, f.CLOSED | f.TSUMO),
    Yaku("pinfu", "Pinfu", 1, 0, f.CLOSED | f.PINFU_SHAPE),
    Yaku("iipeikou", "Iipeikou", 1, 0, f.CLOSED | f.TWIN_CHOWS),
    Yaku("tanyao", "Tanyao (all simples)", 1, 1, f.ALL_SIMPLES, open_needs=f.OPEN_TANYAO),
    Yaku("yakuhai_seat_wind", "Seat wind", 1, 1, f.SEAT_WIND_PUNG),
    Yaku("yakuhai_round_wind", "Round wind", 1, 1, f.ROUND_WIND_PUNG),
    Yaku("yakuhai_white", "White dragon", 1, 1, f.WHITE_PUNG),
    Yaku("yakuhai_green", "Green dragon", 1, 1, f.GREEN_PUNG),
    Yaku("yakuhai_red", "Red dragon", 1, 1, f.RED_PUNG),
    Yaku("haitei", "Haitei raoyue (last tile)", 1, 1, f.TSUMO | f.LAST_TILE),
    Yaku("houtei", "Houtei raoyui (last discard)", 1, 1, f.LAST_DISCARD, excludes=f.TSUMO),
    Yaku("rinshan", "Rinshan kaihou", 1, 1, f.KONG_REPLACEMENT),
    Yaku("chankan", "Chankan (robbing a kong)", 1, 1, f.ROBBING_KONG),
    Yaku("chiitoitsu", "Chiitoitsu (seven pairs)", 2, 0, f.SEVEN_PAIRS),
    Yaku("sanshoku", "Sanshoku doujun", 2, 1, f.MIXED_CHOWS),
    Yaku("ittsu", "Ittsu (pure straight)", 2, 1, f.STRAIGHT),
    Yaku("chanta", "Chanta", 2, 1, f.OUTSIDE | f.HAS_HONORS),
    Yaku("toitoi", "Toitoi", 2, 2, f.FOUR_PUNGS),
    Yaku("sanankou", "Sanankou", 2, 2, f.THREE_CONCEALED),
    Yaku("sanshoku_doukou", "Sanshoku doukou", 2, 2, f.MIXED_PUNGS),
    Yaku("sankantsu", "Sankantsu", 2, 2, f.THREE_KONGS),
    Yaku("honroutou", "Honroutou", 2, 2, f.ALL_ORPHANS),
    Yaku("shousangen", "Shousangen", 2, 2, f.LITTLE_DRAGONS),
    Yaku("honitsu", "Honitsu (half flush)", 3, 2, f.ONE_SUIT | f.HAS_HONORS),
    Yaku("junchan", "Junchan", 3, 2, f.OUTSIDE, excludes=f.HAS_HONORS),
    Yaku("ryanpeikou", "Ryanpeikou", 3, 0, f.CLOSED | f.TWO_TWIN_CHOWS),
    Yaku("chinitsu", "Chinitsu (full flush)", 6, 5, f.ONE_SUIT, excludes=f.HAS_HONORS),
    Yaku("renhou", "Renhou (mangan)", 5, 0, f.HUMAN | f.RENHOU_MANGAN),
)

YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi", "Kokushi musou", 1, f.THIRTEEN_ORPHANS),
    Yakuman("kokushi_13_wait", "Kokushi musou, 13-sided wait", 2, f.THIRTEEN_WAIT),
    Yakuman("suuankou", "Suuankou", 1, f.FOUR_CONCEALED, excludes=f.SINGLE_WAIT),
    Yakuman("suuankou_tanki", "Suuankou, single wait", 2, f.FOUR_CONCEALED | f.SINGLE_WAIT),
    Yakuman("daisangen", "Daisangen", 1, f.BIG_DRAGONS),
    Yakuman("shousuushii", "Shousuushii", 1, f.LITTLE_WINDS),
    Yakuman("daisuushii", "Daisuushii", 2, f.BIG_WINDS),
    Yakuman("tsuuiisou", "Tsuuiisou (all honors)", 1, f.ALL_HONORS),
    Yakuman("chinroutou", "Chinroutou (all terminals)", 1, f.ALL_TERMINALS),
    Yakuman("ryuuiisou", "Ryuuiisou (all green)", 1, f.ALL_GREEN),
    Yakuman("chuuren_poutou", "Chuuren poutou", 1, f.NINE_GATES, excludes=f.NINE_SIDED),
    Yakuman(
        "junsei_chuuren_poutou",
        "Junsei chuuren poutou (nine-sided wait)",
        2,
        f.NINE_GATES | f.NINE_SIDED,
    ),
    Yakuman("suukantsu", "Suukantsu", 1, f.FOUR_KONGS),
    Yakuman("tenhou", "Tenhou", 1, f.HEAVENLY),
    Yakuman("chiihou", "Chiihou", 1, f.EARTHLY),
    Yakuman("renhou_yakuman", "Renhou (yakuman)", 1, f.HUMAN | f.RENHOU_YAKUMAN),
)

#: han of one yakuman in ``items``
YAKUMAN_HAN = 13

#: one yaku found: its table position, its item and the item as the contract's dict (a
#: template: a result gets a copy)
Found = tuple[int, Item, dict[str, Any]]
#: what a set of rows gives: (han of its yakuman, its yakuman, han of its ordinary yaku, those
#: yaku)
Answer = tuple[int, tuple[Found, ...], int, tuple[Found, ...]]
#: what the hand's facts, or a reading's, give: their rows' ``Answer``, then the facts'
#: ``READING_CONTEXT`` and their ``DOUBLE_YAKUMAN`` bit (what a hand's readings are asked with:
#: read once per combination of facts, not per request)
Scored = tuple[int, tuple[Found, ...], int, tuple[Found, ...], int, int]

#: the facts of the hand as a whole; a yaku that needs no other is asked once per win
HAND_FACTS = f.SEVEN_PAIRS - 1
_HAND_YAKU = [
    (n, y) for n, y in enumerate(YAKU) if not (y.needs | y.excludes | y.open_needs) & ~HAND_FACTS
]
_HAND_YAKUMAN = [(n, y) for n, y in enumerate(YAKUMAN) if not (y.needs | y.excludes) & ~HAND_FACTS]
_READING_YAKU = [(n, y) for n, y in enumerate(YAKU) if (n, y) not in _HAND_YAKU]
_READING_YAKUMAN = [(n, y) for n, y in enumerate(YAKUMAN) if (n, y) not in _HAND_YAKUMAN]
#: the facts of the hand that the reading's yaku look at (with closed, which sets their
#: value, and the double_yakuman option): a reading's key holds these and its own
READING_CONTEXT = f.CLOSED | f.DOUBLE_YAKUMAN
for _n, _y in _READING_YAKU:
    READING_CONTEXT |= (_y.needs | _y.excludes | _y.open_needs) & HAND_FACTS
for _n, _m in _READING_YAKUMAN:
    READING_CONTEXT |= (_m.needs | _m.excludes) & HAND_FACTS

#: the answers per combination of facts, for the hand and for readings (filled as met)
HAND_SCORED: dict[int, Scored] = {}
READING_SCORED: dict[int, Scored] = {}
#: the kept answers are dropped past this many (a guard; real hands meet a few thousand)
_KEEP = 1 << 16


def _found(position: int, yaku_id: str, name: str, value: int) -> Found:
    return position, Item(yaku_id, name, value), {"id": yaku_id, "name": name, "value": value}


#: a row ready to test: (the facts it looks at: those it needs and those that rule it out,
#: the facts it needs, what it gives); it matches when the facts looked at are those it needs
#: (no row rules out a fact it needs)
_Row = tuple[int, int, Found]


def _row(needs: int, excludes: int, found: Found) -> _Row:
    """Return the row of a yaku that needs ``needs`` and is ruled out by ``excludes``."""
    return needs | excludes, needs, found


def _rows(yaku: list[tuple[int, Yaku]]) -> list[_Row]:
    """Return the rows of the yaku: each on a closed hand (it needs ``CLOSED``) and, for those
    worth something open, on an open one (``CLOSED`` rules it out)."""
    rows = []
    for n, y in yaku:
        rows.append(_row(y.needs | f.CLOSED, y.excludes, _found(n, y.id, y.name, y.closed)))
        if y.open:
            open_found = _found(n, y.id, y.name, y.open)
            rows.append(_row(y.needs | y.open_needs, y.excludes | f.CLOSED, open_found))
    return rows


def _limit_rows(yakuman: list[tuple[int, Yakuman]]) -> list[_Row]:
    """Return the yakuman rows: each as a single yakuman (``DOUBLE_YAKUMAN`` rules it out) and
    under the ``double_yakuman`` option (it needs ``DOUBLE_YAKUMAN``)."""
    rows = []
    for n, y in yakuman:
        single = _found(n, y.id, y.name, YAKUMAN_HAN)
        rows.append(_row(y.needs, y.excludes | f.DOUBLE_YAKUMAN, single))
        double = _found(n, y.id, y.name, YAKUMAN_HAN * y.multiple)
        rows.append(_row(y.needs | f.DOUBLE_YAKUMAN, y.excludes, double))
    return rows


def _allowed(rows: list[_Row], facts: list[int]) -> dict[int, int]:
    """Return, per combination of ``facts``, the rows it allows as bits (bit k: ``rows[k]``)."""
    allowed = {0: (1 << len(rows)) - 1}
    for fact in facts:
        lacking = having = 0  # the rows allowed without the fact, with it
        for k, (looked, needs, _) in enumerate(rows):
            if not needs & fact:
                lacking |= 1 << k
            if not looked & ~needs & fact:
                having |= 1 << k
        allowed = {
            **{key: allows & lacking for key, allows in allowed.items()},
            **{key | fact: allows & having for key, allows in allowed.items()},
        }
    return allowed


#: what no row gives
_NO_ROWS: Answer = (0, (), 0, ())


class _Table:
    """Yaku rows and yakuman rows tested all at once, each row a bit (in the table's order, the
    yakuman above): ``slices`` hold, for each third of the facts the rows look at (its mask),
    the rows each combination of those facts allows (it lacks no fact they need and has none
    that rules them out), so the rows that match are the rows the three allow; ``answers`` what
    each set of rows gives (filled as met: combinations of facts that match the same rows, as
    hands alike but for a table option that does not count for them, share one); ``kept`` the
    answer per combination of facts."""

    def __init__(self, rows: list[_Row], limit_rows: list[_Row], kept: dict[int, Scored]) -> None:
        every = rows + limit_rows
        looked = 0
        for row_looked, _, _ in every:
            looked |= row_looked
        facts = [1 << n for n in range(looked.bit_length()) if looked >> n & 1]
        third = -(-len(facts) // 3)  # 9 of the 26 or 27 facts: 512 combinations
        first, second, last = facts[:third], facts[third : 2 * third], facts[2 * third :]
        #: the mask and the allowed rows of each third, one after the other
        self.slices = (
            sum(first),
            _allowed(every, first),
            sum(second),
            _allowed(every, second),
            sum(last),
            _allowed(every, last),
        )
        #: the bits of the yaku rows
        self.yaku_rows = (1 << len(rows)) - 1
        #: each row's bit -> what it gives, its value
        self.found = {1 << k: (found, found[1].value) for k, (_, _, found) in enumerate(every)}
        self.answers: dict[int, Answer] = {}
        self.kept = kept

    def answer(self, matched: int) -> Answer:
        """Return (and keep) what the rows ``matched`` give: what its rows but the highest give
        (kept, or answered the same way) with that row's added last (rows are in order)."""
        if matched:
            highest = 1 << matched.bit_length() >> 1
            rest = matched ^ highest
            limit_han, limits, han, yaku = self.answers.get(rest) or self.answer(rest)
            found, value = self.found[highest]
            if highest <= self.yaku_rows:
                yaku += (found,)
                han += value
            else:
                limits += (found,)
                limit_han += value
            scored = (limit_han, limits, han, yaku)
        else:
            scored = _NO_ROWS
        if len(self.answers) >= _KEEP:
            self.answers.clear()
        self.answers[matched] = scored
        return scored

    def scored(self, bits: int) -> Scored:
        """Return (and keep in ``kept``) what the facts ``bits`` give."""
        mask0, allowed0, mask1, allowed1, mask2, allowed2 = self.slices
        matched = allowed0[bits & mask0] & allowed1[bits & mask1] & allowed2[bits & mask2]
        found = (self.answers.get(matched) or self.answer(matched)) + (
            bits & READING_CONTEXT,
            bits & f.DOUBLE_YAKUMAN,
        )
        if len(self.kept) >= _KEEP:
            self.kept.clear()
        self.kept[bits] = found
        return found


#: what the facts of the hand give on their own (riichi, tanyao, tenhou...), kept in
#: ``HAND_SCORED`` (callers look there first)
hand_scored = _Table(_rows(_HAND_YAKU), _limit_rows(_HAND_YAKUMAN), HAND_SCORED).scored
#: what a reading's facts give (pinfu, yakuhai, toitoi, suuankou...), kept in
#: ``READING_SCORED`` (callers look there first); its bits hold the reading's facts and the
#: hand's ``READING_CONTEXT``
reading_scored = _Table(_rows(_READING_YAKU), _limit_rows(_READING_YAKUMAN), READING_SCORED).scored


def yaku_of(bits: int) -> tuple[int, int, tuple[Item, ...]]:
    """Return what a reading with these fact bits (the hand's and its own) scores:
    ``(yakuman, han, items)`` with the items in table order.

    With any yakuman only yakuman count: ``yakuman`` is their number (each 13 han, the double
    forms 26 with ``DOUBLE_YAKUMAN``; without it one yakuman at most) and ``han`` their sum.
    Otherwise ``yakuman`` is 0 and the items are the yaku (open values on an open hand; a
    yaku worth nothing open is left out). No yaku at all: ``(0, 0, ())``.

    >>> yaku_of(f.BIG_DRAGONS | f.ALL_HONORS | f.DOUBLE_YAKUMAN)[:2]
    (2, 26)
    >>> yaku_of(f.BIG_DRAGONS | f.ALL_HONORS)[:2]
    (1, 26)
    """
    hand = hand_scored(bits & HAND_FACTS)
    reading = reading_scored(bits & (READING_CONTEXT | ~HAND_FACTS))
    return combine(hand, reading, bool(bits & f.DOUBLE_YAKUMAN))


def combine(hand: Scored, reading: Scored, double: bool) -> tuple[int, int, tuple[Item, ...]]:
    """Return ``(yakuman, han, items)`` of a reading from its two parts (see ``yaku_of``)."""
    limit_han = hand[0] + reading[0]
    if limit_han:
        items = tuple(i for _, i, _ in sorted(hand[1] + reading[1], key=_position))
        return (limit_han // YAKUMAN_HAN if double else 1), limit_han, items
    found = sorted(hand[3] + reading[3], key=_position)
    return 0, hand[2] + reading[2], tuple(i for _, i, _ in found)


def _position(found: Found) -> int:
    return found[0]

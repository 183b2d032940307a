"""Shanten, waits and tile acceptance: how far a hand is from complete, table-driven per suit.

The shanten of a hand is the least number of tile exchanges (draw one, discard one) that makes
it complete, minus one: ``0`` is ready (tenpai), ``-1`` is complete. It is exact: the target
hand never holds a fifth copy of a kind (nor more copies than the variant has, nor copies that
the hand's own melds already hold).

How it is computed (see docs/analysis.md): each suit's counts, and the honors' counts, are
looked up in a lazily filled table that gives, for every ``m`` sets and ``p`` pairs (``p`` 0 or
1), the least number of tiles that suit must gain to hold them. Identical tables are interned
and the min-plus convolution of two interned tables (characters with dots, bamboo with honors)
is memoized; the last step, which reads off the one entry the hand needs, runs on every call.
Seven pairs, thirteen orphans and seven pairs plus a pung come from per-suit counts summed on
every call. Nothing is cached per hand.

>>> shanten("123m456p789s11222z")
-1
>>> shanten("123m456p789s1122z")
0
>>> shanten("1122m3344p5566s7z", form="standard"), shanten("1122m3344p5566s7z")
(3, 0)
>>> [tile_name(t) for t in waits("1112345678999m")]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import add
from typing import Literal, TypeAlias

from majiang.errors import InvalidNotation, InvalidRequest
from majiang.hand import Hand, parse_hand
from majiang.tiles import format_tiles, kind, parse_tiles, tile_name, tile_set

Form = Literal["standard", "seven_pairs", "thirteen_orphans", "seven_pairs_one_pung"]
FORMS: tuple[Form, ...] = ("standard", "seven_pairs", "thirteen_orphans", "seven_pairs_one_pung")
HandLike: TypeAlias = "Hand | PreparedHand | str | Sequence[int]"

#: the form flags: a mask of them chooses forms (``VARIANT_FORMS``, ``special_distance``, the
#: bots' plans in bots/analysis.py)
STANDARD, SEVEN_PAIRS, SEVEN_PAIRS_QUADS, THIRTEEN_ORPHANS, SEVEN_PAIRS_ONE_PUNG = 1, 2, 4, 8, 16

VARIANT_FORMS: dict[str | None, int] = {
    None: STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS,
    "riichi": STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS,
    "hk": STANDARD | THIRTEEN_ORPHANS,
    "hk2": STANDARD | THIRTEEN_ORPHANS,
    "hkos": STANDARD | THIRTEEN_ORPHANS,
    "taiwan": STANDARD | SEVEN_PAIRS_ONE_PUNG,
    "sichuan": STANDARD | SEVEN_PAIRS_QUADS,
}

# A block (one suit, or the honors) is keyed by ``bytes``: its counts, followed (only when
# some are nonzero) by how many copies each kind lacks from 4: for variants without some tiles,
# or kinds the hand's melds hold. A bytes object caches its hash, so a prepared hand's keys
# cost one dictionary probe each.
# A block's table entry is an int: the interned table id in the low ID_BITS bits, and above
# them seven 6-bit counts (summed over the four blocks on each call).
ID_BITS = 20
ID_MASK = (1 << ID_BITS) - 1
INF = 99
_ORPHAN_SPOTS = {0, 8}  # positions of the terminals in a suit

_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))
_NO_LACKS = (0,) * 34


@cache
def _kind_summary(count: int, orphan: bool) -> int:
    """Return one kind's share of the packed counts the special forms read (every field of a
    block's summary is a sum over its kinds)."""
    fields = (
        count >= 2,  # a kind with a pair
        count > 0,  # a kind held
        orphan and count > 0,  # an orphan kind held
        orphan and count >= 2,  # an orphan pair
        count // 2,  # pairs when four of a kind is two pairs
        count % 2,  # a kind with an odd count
        count >= 3,  # a kind with a pung
    )
    packed = 0
    for i, value in enumerate(fields):
        packed |= int(value) << (6 * i)
    return packed


def _summary(counts: Sequence[int], orphan_spots: Iterable[int]) -> int:
    """Return the packed per-block counts used by the special forms: the sum of its kinds'."""
    spots = set(orphan_spots)
    return sum(_kind_summary(c, i in spots) for i, c in enumerate(counts)) << ID_BITS


@cache
def _choices(before: int, chows: bool) -> tuple[tuple[int, int, int, int], ...]:
    """Return (tiles used, chows started, sets added, pair added) for one kind, fewest first.

    ``before`` is how many chows started at the two previous kinds pass through this one.
    """
    out = []
    for a in (0, 1, 2) if chows else (0,):
        for b in (0, 1):
            for q in (0, 1):
                used = before + a + 3 * b + 2 * q
                if used <= 4:
                    out.append((used, a, a + b, q))
    return tuple(sorted(out))


_Rows = dict[tuple[int, int], list[int]]


def _step(current: _Rows, held: int, cap: int, can_start: bool, n: int) -> _Rows:
    """Return the DP rows after one more kind holding ``held`` tiles (``cap`` at most)."""
    width = 2 * n
    following: _Rows = {}
    for (s1, s2), row in current.items():
        for used, a, dm, q in _choices(s1 + s2, can_start):
            if used > cap:
                break
            if dm >= n:
                continue
            cost = used - held if used > held else 0
            out = following.get((a, s1))
            if out is None:
                out = following[(a, s1)] = [INF] * width
            if q:  # the pair is taken here: no-pair costs move to the pair half
                for j in range(n - dm):
                    v = row[j] + cost
                    if v < out[n + dm + j]:
                        out[n + dm + j] = v
            else:
                for j in range(n - dm):
                    v = row[j] + cost
                    if v < out[dm + j]:
                        out[dm + j] = v
                    v = row[n + j] + cost
                    if v < out[n + dm + j]:
                        out[n + dm + j] = v
    return following


def _finish(current: _Rows, n: int) -> tuple[int, ...]:
    """Return the table d[m*2+p] from the rows after the last kind."""
    row = current.get((0, 0), [INF] * (2 * n))
    return tuple(min(v, INF) for pair in zip(row[:n], row[n:], strict=True) for v in pair)


def _start(n: int) -> _Rows:
    return {(0, 0): [0] + [INF] * (2 * n - 1)}


#: DP rows after the first kinds of a suit (default caps), shared by suits that start alike.
_PREFIX_ROWS: dict[tuple[int, bytes], _Rows] = {}
_PREFIX_LENGTH = 5


def _block_table(
    counts: tuple[int, ...], caps: tuple[int, ...], sets: int, chows: bool
) -> tuple[int, ...]:
    """Return d[m*2+p]: the fewest tiles to add so the block holds m sets and p pairs.

    A dynamic programme over the block's kinds: the state is how many chows started at the
    two previous kinds (at most two each: three equal chows are the same tiles as three pungs),
    and each kind chooses chows started there, a pung and a pair, never above its cap. A row
    holds the costs without a pair (``m`` = 0..sets) and then those with one. For a suit with
    every cap at 4, the rows after its first five kinds are kept and shared.
    """
    n = sets + 1
    size = len(counts)
    current = _start(n)
    first = 0
    if chows and min(caps) == 4:
        for first in range(1, _PREFIX_LENGTH + 1):
            key = (n, bytes(counts[:first]))
            found = _PREFIX_ROWS.get(key)
            if found is None:
                found = _PREFIX_ROWS[key] = _step(current, counts[first - 1], 4, True, n)
            current = found
    for i in range(first, size):
        current = _step(current, counts[i], caps[i], chows and i + 2 < size, n)
    return _finish(current, n)


def _convolve(a: tuple[int, ...], b: tuple[int, ...], sets: int) -> tuple[int, ...]:
    """Return the min-plus convolution of two block tables (m sets and p pairs in both)."""
    out = [INF] * (2 * (sets + 1))
    for m1 in range(sets + 1):
        for p1 in (0, 1):
            x = a[2 * m1 + p1]
            for m2 in range(sets + 1 - m1):
                for p2 in range(2 - p1):
                    j = 2 * (m1 + m2) + p1 + p2
                    v = x + b[2 * m2 + p2]
                    if v < out[j]:
                        out[j] = min(v, INF)
    return tuple(out)


#: every suit of at most 14 tiles, for hands of up to four sets, shipped with the package
#: (``tools/shanten_tables.py`` writes it, zlib-compressed): ``SHIPPED_MAGIC``, how many
#: distinct tables and their width, the tables, then one byte per suit (its nine counts read as
#: a base-5 number: ``suit_index``) naming its table, ``_NOT_SHIPPED`` for more than 14 tiles
SHIPPED_PATH = "data/suit_tables.bin"
SHIPPED_MAGIC = b"majiang-suits-1"
_NOT_SHIPPED = 255


def suit_index(counts: Sequence[int]) -> int:
    """Return a suit's place among the shipped suits: its nine counts read as a base-5 number.

    >>> suit_index([0] * 8 + [1]), suit_index([1] + [0] * 8)
    (1, 390625)
    """
    index = 0
    for c in counts:
        index = index * 5 + c
    return index


def read_shipped(data: bytes) -> tuple[list[tuple[int, ...]], bytes]:
    """Return the shipped suits' distinct tables and the table number of every suit."""
    raw = zlib.decompress(data)
    if not raw.startswith(SHIPPED_MAGIC):
        raise ValueError(f"not a shipped suit table: starts {raw[:16]!r}")
    at = len(SHIPPED_MAGIC)
    count, width = raw[at], raw[at + 1]
    at += 2
    tables = [tuple(raw[at + i * width : at + (i + 1) * width]) for i in range(count)]
    return tables, raw[at + count * width :]


class _BlockEntries(dict[bytes, int]):
    """Block key -> packed entry (table id and summary), filled on first use.

    A suit of at most 14 tiles without lacks reads its table off the shipped suits (for hands
    of up to four sets). Otherwise a suit read backwards (9 for 1) has the same table and
    summary, and the honors' depend only on their sorted counts, so a key first looks for its
    mirror image before computing.
    """

    def __init__(self, family: Tables, size: int, chows: bool) -> None:
        super().__init__()
        self.family = family
        self.size = size
        self.chows = chows
        self.spots = _ORPHAN_SPOTS if chows else set(range(size))

    def __missing__(self, key: bytes) -> int:
        shipped = self.family.shipped
        if self.chows and shipped and len(key) == 9 and max(key) <= 4:
            number = shipped[suit_index(key)]
            if number != _NOT_SHIPPED:
                shipped_entry = self.family.shipped_ids[number] | _summary(key, self.spots)
                self[key] = shipped_entry
                return shipped_entry
        counts = tuple(key[: self.size])
        caps = tuple(4 - x for x in key[self.size :]) or (4,) * self.size
        if self.chows:
            twin = bytes(counts[::-1]) + (bytes(4 - x for x in caps[::-1]) if key[9:] else b"")
        else:
            order = sorted(range(self.size), key=lambda i: (counts[i], caps[i]))
            twin = bytes(counts[i] for i in order)
            if key[7:]:
                twin += bytes(4 - caps[i] for i in order)
        entry = self.get(twin)
        if entry is None:
            table = _block_table(counts, caps, self.family.sets, self.chows)
            entry = self.family.intern(table) | _summary(counts, self.spots)
        self[key] = entry
        return entry


class _PairEntries(dict[int, tuple[int, ...]]):
    """(table id, table id) packed in one int -> their convolution (reversed if ``back``)."""

    def __init__(self, family: Tables, back: bool) -> None:
        super().__init__()
        self.family = family
        self.back = back

    def __missing__(self, key: int) -> tuple[int, ...]:
        tables = self.family.tables
        table = _convolve(tables[key >> ID_BITS], tables[key & ID_MASK], self.family.sets)
        if self.back:
            table = table[::-1]
        self[key] = table
        return table


class Tables:
    """The tables for hands needing up to ``sets`` sets (4 for 13/14 tiles, 5 for 16/17).

    ``suits`` and ``honors`` map a block key (see above) to its packed entry: the id of its
    table in ``tables`` (``entry & ID_MASK``), which gives the fewest tiles to add for ``m``
    sets and ``p`` pairs at ``2 * m + p``, and the summary the special forms read. ``front``
    and ``back`` hold the convolutions of two blocks' tables. Read by ``shanten``,
    ``majiang.readiness`` and the bots' ``HandCalc``.
    """

    def __init__(self, sets: int) -> None:
        self.sets = sets
        self.width = 2 * (sets + 1)
        self.tables: list[tuple[int, ...]] = []
        self.ids: dict[tuple[int, ...], int] = {}
        self.suits = _BlockEntries(self, 9, True)
        self.honors = _BlockEntries(self, 7, False)
        self.front = _PairEntries(self, back=False)
        self.back = _PairEntries(self, back=True)
        #: the shipped suits (four sets only): per suit, its table's number, which
        #: ``shipped_ids`` turns into the table's id here
        self.shipped = b""
        self.shipped_ids: list[int] = []
        if sets == 4:
            data = resources.files("majiang").joinpath(SHIPPED_PATH).read_bytes()
            tables, self.shipped = read_shipped(data)
            self.shipped_ids = [self.intern(t) for t in tables]

    def intern(self, table: tuple[int, ...]) -> int:
        """Return the id of this table, adding it if new."""
        found = self.ids.get(table)
        if found is None:
            found = self.ids[table] = len(self.tables)
            self.tables.append(table)
            if found > ID_MASK >> 2:  # four ids must sum below 2**ID_BITS
                raise OverflowError("too many distinct shanten tables")
        return found


_FAMILIES: dict[int, Tables] = {}


def tables_for(sets: int) -> Tables:
    """Return the tables for hands of up to ``sets`` sets (at least 4), made on first use."""
    sets = max(sets, 4)
    found = _FAMILIES.get(sets)
    if found is None:
        found = _FAMILIES[sets] = Tables(sets)
    return found


def block_distance(counts: bytes, honors: bool, sets: int, pair: bool) -> int:
    """Return the fewest tiles a block (a suit's 9 counts, or the honors' 7) must gain to hold
    exactly ``sets`` sets and ``pair`` pairs; 0 means its tiles are exactly that.

    >>> block_distance(bytes([1, 1, 1, 0, 0, 0, 0, 2, 0]), False, 1, True)
    0
    >>> block_distance(bytes([1, 1, 0, 0, 0, 0, 0, 2, 0]), False, 1, True)
    1
    """
    fam = tables_for(sets)
    entry = (fam.honors if honors else fam.suits)[counts]
    return fam.tables[entry & ID_MASK][2 * sets + pair]


_F4 = tables_for(4)


def precompute(max_tiles: int = 8, sets: int = 4) -> int:
    """Return how many suit entries were added: every suit of at most ``max_tiles`` tiles.

    Optional: tables otherwise fill on first use. The suits are walked as a tree of their
    first kinds, so each table costs about one step of the programme instead of nine. The
    honors' tables (one per sorted count vector) and the convolutions of every two distinct
    tables known at the end are filled too.

    >>> precompute(2) >= 0
    True
    """
    fam = tables_for(sets)
    n = fam.sets + 1
    before = len(fam.suits)
    counts = [0] * 9

    def walk(i: int, left: int, rows: _Rows) -> None:
        if i == 9:
            key = bytes(counts)
            if key not in fam.suits:
                table = _finish(rows, n)
                fam.suits[key] = fam.intern(table) | _summary(counts, _ORPHAN_SPOTS)
            return
        for held in range(min(4, left) + 1):
            counts[i] = held
            walk(i + 1, left - held, _step(rows, held, 4, i + 2 < 9, n))
        counts[i] = 0

    walk(0, max_tiles, _start(n))

    def honors(i: int, low: int, left: int, key: list[int]) -> None:
        if i == 7:
            fam.honors[bytes(key)]  # fills the entry
            return
        for held in range(low, min(4, left) + 1):
            honors(i + 1, held, left - held, [*key, held])

    honors(0, 0, max_tiles, [])
    ids = range(len(fam.tables))
    for i in ids:
        for j in ids:
            fam.front[i << ID_BITS | j]
            fam.back[i << ID_BITS | j]
    return len(fam.suits) - before


@cache
def _variant_caps(variant: str | None) -> tuple[int, ...]:
    """Return how many copies of each of the 34 kinds the variant has."""
    if variant is None:
        return (4,) * 34
    ts = tile_set(variant)
    return tuple(ts.limit(k) for k in range(34))


def allowed_forms(size: int, closed: bool = True) -> int:
    """Return the flags of the forms a concealed hand of ``size`` tiles allows (with melds,
    ``closed`` False: the standard form only).

    >>> allowed_forms(14) == STANDARD | SEVEN_PAIRS | SEVEN_PAIRS_QUADS | THIRTEEN_ORPHANS
    True
    """
    if not closed:
        return STANDARD
    if size in (13, 14):
        return STANDARD | SEVEN_PAIRS | SEVEN_PAIRS_QUADS | THIRTEEN_ORPHANS
    if size in (16, 17):
        return STANDARD | SEVEN_PAIRS_ONE_PUNG
    return STANDARD


class PreparedHand:
    """A hand read once for repeated analysis: its block keys, size and which forms apply.

    >>> h = prepare("123m456p789s11222z")
    >>> h.size, h.sets, shanten(h)
    (14, 4, -1)
    """

    __slots__ = (
        "allowed_forms",
        "closed",
        "counts",
        "family",
        "hand",
        "keys",
        "lacks",
        "sets",
        "size",
        "variant",
    )

    def __init__(
        self,
        counts: Sequence[int],
        lacks: Sequence[int] = _NO_LACKS,
        closed: bool = True,
        variant: str | None = None,
    ) -> None:
        #: the hand it was read from, to read again for another variant (None: plain counts)
        self.hand: Hand | None = None
        c = bytes(counts)
        self.counts: Sequence[int] = c
        self.lacks = lacks if lacks is _NO_LACKS else tuple(lacks)
        self.size = size = sum(c)
        if size % 3 == 0:
            raise InvalidRequest(
                f"a concealed hand of {size} tiles: shanten needs 3k+1 or 3k+2 tiles",
                field="hand",
            )
        self.sets = (size - 1) // 3
        self.closed = closed
        self.variant = variant
        self.family = _F4 if size <= 14 else tables_for(self.sets)
        #: the flags of the forms this hand's size and melds allow
        self.allowed_forms = allowed_forms(size, closed)
        if lacks is not _NO_LACKS and any(lacks):
            self.keys = tuple(c[lo:hi] + bytes(lacks[lo:hi]) for lo, hi in _BLOCKS)
        else:
            self.keys = (c[0:9], c[9:18], c[18:27], c[27:34])

    def with_tile(self, k: int, delta: int) -> PreparedHand:
        """Return the hand with one tile of kind ``k`` added (``delta=1``) or removed (-1)."""
        counts = list(self.counts)
        counts[k] += delta
        return PreparedHand(counts, self.lacks, self.closed, self.variant)

    def __repr__(self) -> str:
        tiles = [k for k, n in enumerate(self.counts) for _ in range(n)]
        return f"PreparedHand({format_tiles(tiles)!r})"


def _tile_list(tiles: Sequence[int]) -> list[int]:
    if len(tiles) == 34:
        return [k for k, n in enumerate(tiles) for _ in range(n)]
    return list(tiles)


def _plain_counts(hand: HandLike) -> bytes | None:
    """Return ``hand`` as 34 bytes when it is a sequence of 34 counts 0-4, else None."""
    if isinstance(hand, (str, Hand, PreparedHand)) or len(hand) != 34:
        return None
    try:
        raw = bytes(hand)
    except (TypeError, ValueError):
        return None
    return raw if max(raw) <= 4 else None


def prepare(hand: HandLike, variant: str | None = None) -> PreparedHand:
    """Return the hand read for analysis: a Hand, notation, a tile list or a 34-count list.

    A sequence of exactly 34 numbers is read as counts per kind; any other sequence as tiles.
    Flowers and seasons are ignored; red fives count as fives.

    >>> tuple(prepare([0, 0, 0, 1]).counts[:2])
    (3, 1)
    >>> prepare("1111m1m")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidNotation: a fifth copy of '1m'
    """
    if isinstance(hand, PreparedHand):
        if variant is None or variant == hand.variant:
            return hand
    elif variant is None:
        raw = _plain_counts(hand)
        if raw is not None:
            return PreparedHand(raw)
    if isinstance(hand, PreparedHand):
        if hand.hand is not None:
            return prepare(hand.hand, variant)
        return prepare(Hand(tuple(k for k, n in enumerate(hand.counts) for _ in range(n))), variant)
    if isinstance(hand, str):
        hand = parse_hand(hand, variant)
    elif not isinstance(hand, Hand):
        tiles = _tile_list(hand)
        if any(not isinstance(t, int) or t < 0 or t > 44 for t in tiles):
            raise InvalidRequest(f"not a tile list or 34 counts: {list(hand)!r}", field="hand")
        hand = Hand(tuple(tiles))
    caps = list(_variant_caps(variant))
    for meld in hand.melds:
        for t in meld.tiles:
            caps[kind(t)] -= 1
    counts = [0] * 34
    for t in hand.concealed:
        k = kind(t)
        if k < 34:
            counts[k] += 1
    for k in range(34):
        if counts[k] > caps[k] or caps[k] < 0:
            name = tile_name(k)
            limit = _variant_caps(variant)[k]
            if limit == 0:
                raise InvalidNotation(f"tile {name!r} is not used in {variant}", token=name)
            if limit == 4:
                raise InvalidNotation(f"a fifth copy of {name!r}", token=name)
            raise InvalidNotation(f"too many {name!r}: {variant} has {limit}", token=name)
    prepared = PreparedHand(counts, [4 - c for c in caps], not hand.melds, variant)
    prepared.hand = hand
    return prepared


def _resolve_forms(variant: str | None, form: str | None) -> int:
    if form is None:
        try:
            return VARIANT_FORMS[variant]
        except KeyError:
            tile_set(str(variant))  # raises InvalidNotation naming the unknown variant
            raise
    if form == "standard":
        return STANDARD
    if form == "seven_pairs":
        return SEVEN_PAIRS_QUADS if variant == "sichuan" else SEVEN_PAIRS
    if form == "thirteen_orphans":
        return THIRTEEN_ORPHANS
    if form == "seven_pairs_one_pung":
        return SEVEN_PAIRS_ONE_PUNG
    raise InvalidRequest(
        f"unknown form {form!r} (expected one of {', '.join(FORMS)})", field="form"
    )


def special_distance(summary: int, forms: int) -> int:
    """Return the least tile additions over the special forms in ``forms`` (given summaries)."""
    best = INF
    pairs = summary & 63
    kinds = summary >> 6 & 63
    if forms & SEVEN_PAIRS:
        d = 7 - pairs + (7 - kinds if kinds < 7 else 0) if pairs < 7 else 0
        best = min(best, d)
    if forms & SEVEN_PAIRS_QUADS:
        halves, odd = summary >> 24 & 63, summary >> 30 & 63
        d = 7 - halves + (7 - halves - odd if halves + odd < 7 else 0) if halves < 7 else 0
        best = min(best, d)
    if forms & THIRTEEN_ORPHANS:
        d = 13 - (summary >> 12 & 63) + (0 if summary >> 18 & 63 else 1)
        best = min(best, d)
    if forms & SEVEN_PAIRS_ONE_PUNG:
        d = 8 - pairs + (8 - kinds if kinds < 8 else 0) if pairs < 8 else 0
        best = min(best, d + (0 if summary >> 36 & 63 else 1))
    return best


def distance(h: PreparedHand, forms: int) -> int:
    """Return the least tiles to exchange for a complete hand of one of ``forms`` (a mask of
    the form flags): the shanten plus one.

    >>> distance(prepare("123m456p789s1122z"), STANDARD), distance(prepare("1122m3344p5566s7z"), SEVEN_PAIRS)
    (1, 1)
    """
    fam = h.family
    km, kp, ks, kz = h.keys
    entries = (fam.suits[km], fam.suits[kp], fam.suits[ks], fam.honors[kz])
    return _distance(fam, entries, h.sets, forms, h.allowed_forms, h.size, h.closed)


def counts_distance(counts: bytes, forms: int) -> int:
    """Return ``distance`` of a closed hand given as its 34 counts (each 0-4), read straight
    off the counts: the question the engine asks on every turn, without a ``PreparedHand``.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> counts_distance(bytes(counts34(parse_tiles("123m456p789s1122z"))), STANDARD)
    1
    """
    size = sum(counts)
    if size % 3 == 0:
        raise InvalidRequest(
            f"a concealed hand of {size} tiles: shanten needs 3k+1 or 3k+2 tiles", field="hand"
        )
    sets = (size - 1) // 3
    fam = _F4 if size <= 14 else tables_for(sets)
    suits = fam.suits
    entries = (
        suits[counts[0:9]],
        suits[counts[9:18]],
        suits[counts[18:27]],
        fam.honors[counts[27:34]],
    )
    return _distance(fam, entries, sets, forms, allowed_forms(size), size, True)


def _distance(
    fam: Tables,
    entries: tuple[int, int, int, int],
    sets: int,
    forms: int,
    allowed: int,
    size: int,
    closed: bool,
) -> int:
    """Return the distance of a hand from its four blocks' packed entries (``distance``)."""
    a, b, c, d = entries
    best = INF
    if forms & STANDARD:
        front = fam.front[(a & ID_MASK) << ID_BITS | b & ID_MASK]
        back = fam.back[(c & ID_MASK) << ID_BITS | d & ID_MASK]
        if sets == fam.sets:
            best = min(map(add, front, back))
        else:
            best = min(map(add, front, back[fam.width - 2 * sets - 2 :]))
    special = forms & allowed & ~STANDARD
    if special:
        best = min(best, special_distance((a + b + c + d) >> ID_BITS, special))
    elif not forms & STANDARD:
        raise InvalidRequest(
            f"the form asked for does not apply to this hand ({size} concealed tiles"
            f"{'' if closed else ', with melds'})",
            field="form",
        )
    if best >= INF:
        raise InvalidRequest("no complete hand can be reached with these tiles", field="hand")
    return best


def shanten(hand: HandLike, variant: str | None = None, form: str | None = None) -> int:
    """Return the shanten number: 0 ready, -1 complete, n tiles short of ready otherwise.

    ``hand`` is a ``Hand``, notation text (melds after commas), a list of tiles, a list of 34
    counts or a ``PreparedHand``. The concealed tiles number 3k+1 or 3k+2 and need k sets and
    a pair; called melds are simply not there. ``variant`` chooses the forms (no variant:
    standard, seven pairs and thirteen orphans); ``form`` asks for one form alone.

    >>> shanten("19m19p19s1234567z")
    0
    >>> shanten("19m19p19s1234567z", variant="sichuan")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidNotation: tile '1z' is not used in sichuan
    >>> shanten("1122m3344p5566s77z", variant="taiwan", form="seven_pairs_one_pung")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: the form asked for does not apply to this hand (14 concealed tiles)
    >>> shanten("11m, pon 777z, chi 123p, kan 5555s, pon 111z")
    -1
    """
    if isinstance(hand, PreparedHand) and form is None and variant in (None, hand.variant):
        return distance(hand, VARIANT_FORMS[hand.variant]) - 1
    forms = _resolve_forms(variant, form)
    counts = _plain_counts(hand) if variant is None else None
    if counts is not None:
        return counts_distance(counts, forms) - 1
    return distance(prepare(hand, variant), forms) - 1


def _free_kinds(h: PreparedHand) -> list[int]:
    """Return the kinds the hand could still draw without exceeding the variant's copies."""
    return [k for k in range(34) if h.counts[k] + h.lacks[k] < 4]


def waits(hand: HandLike, variant: str | None = None, form: str | None = None) -> list[int]:
    """Return the kinds that complete a ready hand of 3k+1 tiles (empty if it is not ready).

    A kind of which the hand (with its melds) already holds every copy is not a wait: it can
    never be drawn. ``1111m`` plus four sets is therefore not ready at all.

    >>> [tile_name(t) for t in waits("123m456p789s11222z")]
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: waits needs 3k+1 concealed tiles, got 14
    >>> waits("1111m234p567p789s")
    []
    >>> [tile_name(t) for t in waits("1111234m456p789p")]  # 1m only by shape
    ['4m']
    """
    forms = _resolve_forms(variant, form)
    h = prepare(hand, variant)
    if h.size % 3 != 1:
        raise InvalidRequest(f"waits needs 3k+1 concealed tiles, got {h.size}", field="hand")
    if distance(h, forms) != 1:
        return []
    return [k for k in _free_kinds(h) if distance(h.with_tile(k, 1), forms) == 0]


@dataclass(frozen=True)
class Acceptance:
    """What a discard (or none, for a 3k+1 hand) leaves: the shanten and the improving tiles.

    ``tiles`` pairs each kind that lowers the shanten with its unseen copies.
    """

    discard: int | None
    shanten: int
    tiles: tuple[tuple[int, int], ...]

    @property
    def unseen(self) -> int:
        """Return the number of unseen tiles that improve the hand."""
        return sum(n for _, n in self.tiles)

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form: tiles in notation."""
        return {
            "discard": None if self.discard is None else tile_name(self.discard),
            "shanten": self.shanten,
            "tiles": {tile_name(k): n for k, n in self.tiles},
            "unseen": self.unseen,
        }


def _visible_counts(visible: str | Sequence[int] | None) -> list[int]:
    counts = [0] * 34
    if visible is None:
        return counts
    tiles = parse_tiles(visible) if isinstance(visible, str) else _tile_list(visible)
    for t in tiles:
        if not isinstance(t, int) or t < 0 or t > 44:
            raise InvalidRequest(f"not a tile: {t!r}", field="visible")
        k = kind(t)
        if k < 34:
            counts[k] += 1
    return counts


def _improvements(h: PreparedHand, forms: int, seen: Sequence[int]) -> Acceptance:
    base = distance(h, forms)
    tiles = []
    for k in _free_kinds(h):
        if distance(h.with_tile(k, 1), forms) < base:
            tiles.append((k, max(0, 4 - h.lacks[k] - h.counts[k] - seen[k])))
    return Acceptance(None, base - 1, tuple(tiles))


def acceptance(
    hand: HandLike,
    variant: str | None = None,
    visible: str | Sequence[int] | None = None,
    form: str | None = None,
) -> list[Acceptance]:
    """Return, per distinct discard, the shanten left and the unseen tiles that lower it.

    For a 3k+2 hand there is one entry per kind it can discard, best first (lowest shanten,
    then most unseen improving tiles); for a 3k+1 hand a single entry with ``discard=None``.
    Unseen copies are 4 minus those in the hand, in its melds and in ``visible`` (tiles,
    notation or 34 counts: discards, others' melds, dora indicators).

    >>> best = acceptance("123m456p789s11223z")[0]
    >>> tile_name(best.discard), best.shanten, [(tile_name(k), n) for k, n in best.tiles]
    ('3z', 0, [('1z', 2), ('2z', 2)])
    >>> acceptance("123m456p789s1122z", visible="2z")[0].to_dict()
    {'discard': None, 'shanten': 0, 'tiles': {'1z': 2, '2z': 1}, 'unseen': 3}
    """
    forms = _resolve_forms(variant, form)
    h = prepare(hand, variant)
    seen = _visible_counts(visible)
    for k in range(34):
        if seen[k] + h.counts[k] + h.lacks[k] > 4 and seen[k]:
            raise InvalidRequest(
                f"more than 4 copies of {tile_name(k)!r} between the hand and visible tiles",
                field="visible",
            )
    if h.size % 3 == 1:
        return [_improvements(h, forms, seen)]
    out = []
    for k in range(34):
        if h.counts[k]:
            after = _improvements(h.with_tile(k, -1), forms, seen)
            out.append(Acceptance(k, after.shanten, after.tiles))
    out.sort(key=lambda e: (e.shanten, -e.unseen, e.discard))
    return out

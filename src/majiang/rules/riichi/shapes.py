"""One block of the concealed tiles (a suit, or the honors) and every way it splits, as tables.

A hand's readings are products of its four blocks' splits (``Part``), exactly one of which
holds the pair. Everything a yaku or the fu asks of a set is known per block and combines by
``|`` or ``+`` across blocks: which chows (as bits by first place) and pungs (bits by place) a
split has, its twin chows (peikou), whether every set holds a terminal or honor, the fu of its
concealed pungs, and, for each place the winning tile may take, the waits it can complete.

A block is read by place (0-8 in a suit, 0-6 among the honors), so the three suits share one
table: a ``Block`` is built once per tile counts (``block``) and serves the characters, dots
and bamboo alike; the reader shifts its bits to the suit (9 places per suit, honors from 27).
Nothing of a request is kept.

>>> b = block((1, 1, 1, 0, 0, 0, 2, 2, 2), honors=False)
>>> [(p.pair, p.chows, p.pungs) for p in b.parts]
[(-1, (0, 6, 6), ())]
>>> b.parts[0].peikou, [WAIT_NAMES[w] for w in b.parts[0].waits_at(7)]
(1, ['kanchan'])
"""

from __future__ import annotations

from operator import mul
from typing import Any

#: a fu item as the contract's dict, ``{"id": ..., "value": ...}`` (kept ones are templates:
#: a result gets copies)
FuItem = dict[str, Any]

#: the waits the winning tile can complete (``Part.waits``), in the order readings are tried
TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN = range(5)
WAIT_NAMES = ("tanki", "shanpon", "kanchan", "penchan", "ryanmen")

#: kinds that are a terminal or an honor
ORPHAN = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
#: chow first kinds that hold a terminal (123 and 789 of each suit)
OUTSIDE_CHOWS = frozenset({0, 6, 9, 15, 18, 24})

#: what sorts of tiles a suit's digits or a meld hold, as flags (``tile_flags``)
SIMPLE, TERMINAL, HONOR, NOT_GREEN, MAN, PIN, SOU = (1 << i for i in range(7))
_GREEN = frozenset({19, 20, 21, 23, 25, 32})


def _flags(k: int) -> int:
    flags = 0 if k in _GREEN else NOT_GREEN
    if k >= 27:
        return flags | HONOR
    return flags | (MAN, PIN, SOU)[k // 9] | (TERMINAL if k % 9 in (0, 8) else SIMPLE)


#: kind -> its ``tile_flags``
FLAGS = tuple(_flags(k) for k in range(34))


def tile_flags(kinds: list[int] | tuple[int, ...]) -> int:
    """Return the ``SIMPLE``... ``SOU`` flags of these kinds.

    >>> tile_flags([0, 31]) == TERMINAL | MAN | HONOR | NOT_GREEN
    True
    """
    flags = 0
    for k in kinds:
        flags |= FLAGS[k]
    return flags


#: per suit (3 = the honors): the places it holds (9 bits) -> the sorts of those tiles
SUIT_FLAGS = tuple(
    tuple(
        tile_flags([9 * suit + i for i in range(9 if suit < 3 else 7) if present >> i & 1])
        for present in range(512)
    )
    for suit in range(4)
)

#: the places a block holds (9 bits) -> its ``SUIT_FLAGS`` in each suit (one tuple each, shared)
_SUIT_FLAGS_OF = tuple(
    (SUIT_FLAGS[0][present], SUIT_FLAGS[1][present], SUIT_FLAGS[2][present], SUIT_FLAGS[3][present])
    for present in range(512)
)


def chow_wait(first: int, win: int) -> int:
    """Return the wait the winning tile completes in the chow starting at ``first`` (places
    or kinds alike).

    >>> [WAIT_NAMES[chow_wait(0, w)] for w in (0, 1, 2)], WAIT_NAMES[chow_wait(6, 6)]
    (['ryanmen', 'kanchan', 'penchan'], 'penchan')
    """
    pos = win - first
    if pos == 1:
        return KANCHAN
    rank = first % 9
    if (pos == 2 and rank == 0) or (pos == 0 and rank == 6):
        return PENCHAN
    return RYANMEN


class Part:
    """One split of a block (``Split``, packed in one integer): its pair's place (``-1`` for
    none), chows by first place and pungs by place (ascending), and the facts readings combine.

    ``chow_bits``/``pung_bits`` have bit ``i`` for a chow starting at / a pung of place ``i``;
    ``peikou`` counts pairs of identical chows; ``outside`` says every set and the pair hold a
    terminal or honor; ``pung_fu`` is the fu of the pungs as concealed and ``fu_items`` their
    fu items (templates, as concealed); ``waits[i]`` lists the waits of a winning tile at place
    ``i`` (tanki, shanpon, then one per chow wait in chow order, each wait once), worked out
    when first asked (``waits_at``; ``None`` until then).
    """

    __slots__ = (
        "chow_bits",
        "chows",
        "fu_items",
        "outside",
        "packed",
        "pair",
        "pung_bits",
        "pungs",
        "waits",
    )
    chow_bits: int
    chows: tuple[int, ...]
    fu_items: tuple[FuItem, ...]
    outside: bool
    packed: int
    pair: int
    pung_bits: int
    pungs: tuple[int, ...]
    waits: list[tuple[int, ...] | None]

    @property
    def peikou(self) -> int:
        """Return how many pairs of identical chows it holds."""
        return self.packed >> 6 & 7

    @property
    def pung_fu(self) -> int:
        """Return the fu of its pungs as concealed."""
        return self.packed >> 9

    def waits_at(self, win: int) -> tuple[int, ...]:
        """Return (and keep in ``waits``) the waits of a winning tile at place ``win``."""
        waits = _WAITS_AT[win][
            (self.pair == win)
            | (self.pung_bits << 1 >> win & 2)
            | (self.chow_bits << 4 >> win & 28)
        ]
        self.waits[win] = waits
        return waits


def _waits(tanki: bool, shanpon: bool, chows: int, win: int) -> tuple[int, ...]:
    """Return the waits of a winning tile at place ``win`` (kept once in ``_WAITS``): tanki on
    the pair there, shanpon on a pung there, then the wait of each chow holding it (``chows``:
    bit 0 a chow from ``win - 2``, bit 1 from ``win - 1``, bit 2 from ``win``), each once."""
    found: list[int] = []
    if tanki:
        found.append(TANKI)
    if shanpon:
        found.append(SHANPON)
    for pos in (2, 1, 0):  # chows in ascending order
        if chows >> (2 - pos) & 1 and 0 <= win - pos <= 6:
            wait = chow_wait(win - pos, win)
            if wait not in found:
                found.append(wait)
    waits = tuple(found)
    return _WAITS.setdefault(waits, waits)


#: a split's chows (its ``_CHOW_FIELD``) -> their bits, their count and peikou as in
#: ``Part.packed``, whether each holds a terminal, and their first places (ascending); a
#: split's pungs (its ``_PUNG_FIELD``, per suits, honors) -> their bits, their count and fu as
#: in ``Part.packed``, whether each holds a terminal or honor, their fu items and their places
#: (a few hundred shapes of sets, kept as met)
_CHOWS: dict[int, tuple[int, int, bool, tuple[int, ...]]] = {}
_PUNGS: tuple[dict[int, tuple[int, int, bool, tuple[FuItem, ...], tuple[int, ...]]], ...] = ({}, {})
#: the fu item of a concealed pung of honors, of terminals, of simples (templates)
_HONOR_PUNG_FU: FuItem = {"id": "concealed_honor_pung", "value": 8}
_TERMINAL_PUNG_FU: FuItem = {"id": "concealed_terminal_pung", "value": 8}
_SIMPLE_PUNG_FU: FuItem = {"id": "concealed_simple_pung", "value": 4}


def _chow_facts(field: int) -> tuple[int, int, bool, tuple[int, ...]]:
    """Return (and keep) the ``_CHOWS`` entry of a split's chows."""
    chows = _chows_of(field)
    chow_bits = peikou = 0
    outside = True
    last = -1
    twin = False  # the chow before was the second of a pair of identical chows
    for c in chows:  # ascending: identical chows are neighbours
        chow_bits |= 1 << c
        if c == last and not twin:
            peikou += 1
            twin = True
        else:
            twin = False
        last = c
        if c != 0 and c != 6:
            outside = False
    found = _CHOWS[field] = (chow_bits, len(chows) | peikou << 6, outside, chows)
    return found


def _pung_facts(
    field: int, honors: bool
) -> tuple[int, int, bool, tuple[FuItem, ...], tuple[int, ...]]:
    """Return (and keep) the ``_PUNGS`` entry of a split's pungs."""
    pungs = _pungs_of(field)
    pung_bits = pung_fu = 0
    outside = True
    fu_items: list[FuItem] = []
    for p in pungs:
        pung_bits |= 1 << p
        if honors:
            pung_fu += 8
            fu_items.append(_HONOR_PUNG_FU)
        elif p in (0, 8):
            pung_fu += 8
            fu_items.append(_TERMINAL_PUNG_FU)
        else:
            pung_fu += 4
            fu_items.append(_SIMPLE_PUNG_FU)
            outside = False
    found = _PUNGS[honors][field] = (
        pung_bits,
        len(pungs) << 3 | pung_fu << 9,
        outside,
        tuple(fu_items),
        pungs,
    )
    return found


#: every tuple of waits, each kept once
_WAITS: dict[tuple[int, ...], tuple[int, ...]] = {}
#: a winning place's waits in a part (``Part.waits_at``) by the place, then by: the pair there
#: (bit 0), a pung there (bit 1), the chows holding it (bits 2-4, as ``_waits``)
_WAITS_AT = tuple(
    tuple(_waits(bool(i & 1), bool(i & 2), i >> 2, win) for i in range(32)) for win in range(9)
)


class Block:
    """A block's tile counts read once: its splits (``parts``, empty when it cannot split),
    the bits of the places it holds, its size and whether it holds the pair in ``packed`` (a
    small int: four blocks add up with no new int), how many places it holds twice (``twos``,
    seven pairs), and whether a suit block is 1112345678999 plus one tile (nine gates)."""

    __slots__ = (
        "counts",
        "has_pair",
        "nine_gates",
        "one_part",
        "packed",
        "parts",
        "present",
        "suit_flags",
        "tiles",
        "twos",
    )
    counts: tuple[int, ...]
    has_pair: bool
    nine_gates: bool
    one_part: Part | None
    packed: int
    parts: tuple[Part, ...]
    present: int
    suit_flags: tuple[int, ...]
    tiles: int
    twos: int


def new_block(key: int, honors: bool, size: int) -> Block:
    """Return a new ``Block`` of a key (``key_of``) and size (its number of tiles), with its
    parts (not kept: ``block_at`` keeps it)."""
    b = Block()  # no ``__init__``: the fields are set below (as the part's)
    # its counts and facts, from its two halves' (``_LOW_HALF``, ``_HIGH_HALF``)
    try:
        held, facts, tiles, weight, alone, lowest = _LOW_HALF[key & 0xFFFFF]
        high_held, high_facts, high_tiles, high_weight, high_alone, high_lowest = _HIGH_HALF[
            key >> 20
        ]
    except KeyError:  # a place held 5 times or more (no hand's block): worked out
        held, facts, tiles, weight, alone = _counts_facts(key)
        high_weight = high_alone = 0
        lowest = _LOWEST[key & -key]
    else:
        held += high_held
        facts += high_facts
        tiles += high_tiles
        lowest = lowest or high_lowest
    #: its count at each place
    b.counts = held
    parts: tuple[Part, ...] = ()  # a tuple: one part (most blocks) is kept as made
    pungs_of = _PUNGS[honors]
    #: the block splits into sets and at most one pair (``size % 3 == 2``: exactly one)
    has_pair, sized, left = _SIZED[size]
    found: tuple[Split, ...]
    if honors:  # pungs and the pair only: one split, or none (``_ALONE_SHIFT``)
        alone += high_alone  # (the weight and the split as the honors' summed where asked)
        if alone >> _ALONE_SHIFT == has_pair:
            found = (alone & _ALONE_SPLIT,)
        elif alone < 0:  # a place held 5 times or more: split as a suit's, without chows
            found = _splits(key, left, False, (weight + high_weight) % 3, lowest)
        else:
            found = ()
    else:
        found = _splits(key, left, True, (weight + high_weight) % 3, lowest)
    for split in found:
        part = Part()
        part.pair = pair = (split >> PAIR_SHIFT) - 1
        try:  # (a subscript costs less than ``get``; a few hundred shapes: seldom missed)
            chow_bits, chows_packed, chows_outside, part.chows = _CHOWS[split & _CHOW_FIELD]
        except KeyError:
            chow_bits, chows_packed, chows_outside, part.chows = _chow_facts(split & _CHOW_FIELD)
        try:
            pung_bits, pungs_packed, pungs_outside, part.fu_items, part.pungs = pungs_of[
                split & _PUNG_FIELD
            ]
        except KeyError:
            pung_bits, pungs_packed, pungs_outside, part.fu_items, part.pungs = _pung_facts(
                split & _PUNG_FIELD, honors
            )
        part.chow_bits = chow_bits
        part.pung_bits = pung_bits
        #: chows, pungs, peikou and pung fu in one number (``PACKED_*``): a reading's parts
        #: add up in one sum (no field overflows into the next)
        part.packed = chows_packed + pungs_packed
        part.outside = (
            chows_outside and pungs_outside and (honors or pair < 0 or pair == 0 or pair == 8)
        )
        # its own list (one shared until the first wait asked cost more: a check at each ask;
        # written out, it is built in one step)
        part.waits = [None, None, None, None, None, None, None, None, None]
        parts += (part,)
    b.parts = parts
    #: the block splits exactly one way (its part, else ``None``)
    b.one_part = part if len(parts) == 1 else None
    #: per suit (m, p, s, the honors): the sorts of its tiles there (``SUIT_FLAGS``)
    present, b.twos, b.suit_flags = _BY_FACTS[facts]
    b.present = present
    b.has_pair = has_pair
    #: size and holds the pair in one number: four blocks add up in one sum
    b.packed = sized
    b.nine_gates = present == 511 and not honors and held[0] >= 3 and held[8] >= 3
    #: its counts packed, ``TILE_BITS`` bits per place (place ``i`` at bit ``TILE_BITS * i``)
    b.tiles = tiles
    return b


def _counts_facts(key: int) -> tuple[tuple[int, ...], int, int, int, int]:
    """Return a block's counts by place, its facts in one small number: the places it holds
    (9 bits, ``Block.present``) and how many it holds twice (from bit 9, ``Block.twos``), its
    counts packed (``Block.tiles``), its ``_weight`` and its split as the honors'
    (``_ALONE_SHIFT``; -1 with a place held 5 times or more)."""
    counts = tuple(key >> 4 * place & 15 for place in range(9))
    facts = tiles = weight = 0
    alone = _NOTHING
    for place, n in enumerate(counts):
        more_facts, more_tiles, more_weight, more_alone = _place_facts(place, n)
        facts += more_facts
        tiles += more_tiles
        weight += more_weight
        alone += more_alone
    return counts, facts, tiles, weight, max(alone, -1)


def _place_facts(place: int, n: int) -> tuple[int, int, int, int]:
    """Return what ``n`` tiles at ``place`` add to a block's facts and packed counts
    (``_counts_facts``), its ``_weight`` and its split as the honors' (``_ALONE_SHIFT``; far
    below 0 for 5 or more)."""
    facts = bool(n) << place | (n == 2) << _TWOS_SHIFT
    if n == 2:
        alone = _PAIR_AT[place] + (1 << _ALONE_SHIFT)
    elif n == 3:
        alone = -_PUNG_AT[place]
    elif n == 1 or n == 4:
        alone = _ALONE_NONE
    else:
        alone = -(1 << 50) if n else 0
    return facts, n << TILE_BITS * place, -place % 3 * n, alone


def _weight(counts: tuple[int, ...]) -> int:
    """Return a block's weight: each tile counts its place's distance below the next multiple
    of 3 (0 at places 0, 3, 6; 2 at 1, 4, 7; 1 at 2, 5, 8). A set (three of a place, or three
    places in a row) weighs 0 by 3, so a block splits into sets only if its weight is 0 by 3,
    and into sets and a pair only with the pair at a place that is its weight by 3 (two tiles
    at place ``p`` weigh ``-2p``, that is ``p``, by 3): a split never tried elsewhere."""
    return sum(-place % 3 * n for place, n in enumerate(counts))


#: bits per kind in a packed count of tiles: room for 20 copies (four kongs and four more), so
#: that adding 11 to each field sets its top bit (``TILE_TOP``) exactly when it holds 5 or more
TILE_BITS = 5
#: a suit's 9 places (the honors use 7) shifted apart in a packed count of the four suits
SUIT_BITS = 9 * TILE_BITS
#: 11 in every field of a packed count of 34 kinds, and each field's top bit
TILE_ELEVENS = sum(11 << TILE_BITS * k for k in range(34))
TILE_TOP = sum(16 << TILE_BITS * k for k in range(34))
#: a place's copy in a block's key (``key_of``): 4 bits a place, place ``i`` at bit ``4 * i``
KEY_UNITS = tuple(1 << 4 * i for i in range(9))
#: from which bit a block's facts (``_counts_facts``) hold how many places it holds twice
#: (``Block.twos``)
_TWOS_SHIFT = 9
#: a block's facts (up to 9 places held twice) -> the places it holds, how many it holds
#: twice and their ``SUIT_FLAGS`` in each suit: three of its fields in one lookup
_BY_FACTS = tuple(
    (facts & 511, facts >> _TWOS_SHIFT, _SUIT_FLAGS_OF[facts & 511])
    for facts in range(10 << _TWOS_SHIFT)
)
#: a block's size (up to 9 places held 15 times) -> whether it holds the pair, its size and
#: that as in ``Block.packed``, and its size by 3 (``_splits``)
_SIZED = tuple((size % 3 == 2, size | (size % 3 == 2) << 6, size % 3) for size in range(136))


def key_of(counts: tuple[int, ...]) -> int:
    """Return a block's key: its 9 counts (each below 16) packed 4 bits a place, place ``i``
    at bit ``4 * i`` (the tables of blocks and splits are kept by key).

    >>> hex(key_of((1, 1, 1, 0, 0, 0, 0, 0, 2)))
    '0x200000111'
    """
    return sum(map(mul, counts, KEY_UNITS))


#: how many shapes a table keeps at most: every shape a complete suit can take is about 22,000;
#: past this a shape is still read, just not kept (requests cannot make the tables grow on);
#: the splits' table, which a new block adds a few keys to at once, is emptied instead
KEEP = 1 << 17

#: one split of a block, packed in one integer so that splits sort in ``decompose``'s order
#: by value: from bit ``PAIR_SHIFT`` the pair's place + 1 (0: no pair); from bit 9, for each
#: place 0-6, four less the chows starting there (3 bits, place 0 the highest); in bits 0-8,
#: a bit for each place without a pung (place 0 the highest). Taking a set off a split is one
#: subtraction; ``splits`` gives them back as (pair or -1, chow first places, pung places)
Split = int
PAIR_SHIFT = 30
_CHOW_FIELD = ((1 << PAIR_SHIFT) - 1) & ~511
_PUNG_FIELD = 511
#: no pair, no chow, no pung
_NOTHING = sum(4 << 9 + 3 * (6 - place) for place in range(7)) | _PUNG_FIELD
#: a set or the pair at each place, as a change of a split
_PUNG_AT = tuple(1 << 8 - place for place in range(9))
_CHOW_AT = tuple(1 << 9 + 3 * (6 - place) if place <= 6 else 0 for place in range(9))
_PAIR_AT = tuple(place + 1 << PAIR_SHIFT for place in range(9))
#: a block's split as the honors' (no chows: a pung of each place held 3 times, the pair of
#: the one held twice; ``_ALONE_SPLIT`` its bits) with its pairs counted from bit
#: ``_ALONE_SHIFT`` (``_ALONE_NONE`` added for a place held once or 4 times; a block with a
#: place held 5 times or more gets -1: ``_counts_facts``): the honors split that way when that
#: count is ``has_pair``, else not at all
_ALONE_SHIFT = 36
_ALONE_SPLIT = (1 << _ALONE_SHIFT) - 1
_ALONE_NONE = 1 << _ALONE_SHIFT + 4


#: a key's lowest bit set (``key & -key``) -> the shift of the place holding it in the key
#: (4 bits a place), the place by 3, and for a pung, the pair and a chow from that place:
#: its tiles in a key and the set or pair as a change of a split (``_PUNG_AT``...)
_LOWEST = {
    1 << bit: (
        bit & ~3,
        place % 3,
        3 << 4 * place,
        _PUNG_AT[place],
        2 << 4 * place,
        _PAIR_AT[place],
        0x111 << 4 * place,
        _CHOW_AT[place],
    )
    for bit in range(36)
    for place in [bit >> 2]
}


#: the counts of three places in a row (4 bits each, as in a key) -> the first one's count and
#: whether the two others are held (a chow from the first one may be taken off)
_LOW_THREE = tuple((three & 15, bool(three & 0xF0 and three & 0xF00)) for three in range(1 << 12))


def _half(
    first: int, places: int, alone: int
) -> dict[int, tuple[tuple[int, ...], int, int, int, int, tuple[int, ...]]]:
    """Return a half's table (``_LOW_HALF``) of ``places`` places from ``first``, its split as
    the honors' starting from ``alone``: built a place at a time, each count's
    ``_place_facts`` added, and the ``_LOWEST`` entry of the first place held (``()`` for
    none)."""
    table: dict[int, tuple[tuple[int, ...], int, int, int, int, tuple[int, ...]]] = {
        0: ((), 0, 0, 0, alone, ())
    }
    for i in range(places):
        at = _LOWEST[1 << 4 * (first + i)]
        adds = [(n, n << 4 * i, *_place_facts(first + i, n), at if n else ()) for n in range(5)]
        table = {
            nibbles + more_nibbles: (
                (*counts, n),
                facts + more,
                tiles + more_tiles,
                weight + heavier,
                alone + also,
                lowest or held,
            )
            for nibbles, (counts, facts, tiles, weight, alone, lowest) in table.items()
            for n, more_nibbles, more, more_tiles, heavier, also, held in adds
        }
    return table


#: a block's low half (places 0-4) by its 20 bits of the key (each place held 0 to 4 times:
#: 3,125 entries) and its high half (places 5-8, the key shifted down 20 bits: 625 entries)
#: -> its counts at those places, its facts, packed counts, weight and split as the honors'
#: (``_counts_facts``, at its own places; the high half's split without the nothing it starts
#: from), and the ``_LOWEST`` entry of its first place held: a block's counts are its halves'
#: joined, its lowest place the low half's or else the high half's, the rest their sums. Two
#: lookups instead of a reading of each place (a request meeting a new shape builds its block)
_LOW_HALF = _half(0, 5, _NOTHING)
_HIGH_HALF = _half(5, 4, 0)


def _chows_of(field: int) -> tuple[int, ...]:
    """Return the chow first places (ascending) of a split's ``_CHOW_FIELD``."""
    return tuple(place for place in range(7) for _ in range(4 - (field >> 9 + 3 * (6 - place) & 7)))


def _pungs_of(field: int) -> tuple[int, ...]:
    """Return the pung places (ascending) of a split's ``_PUNG_FIELD``."""
    return tuple(place for place in range(9) if not field >> 8 - place & 1)


#: a suit's (with chows) and the honors' (without) keys (``key_of``) -> their splits, each built
#: from the splits of what is left once the lowest tile's set or pair is taken (kept as met)
_SPLITS: tuple[dict[int, tuple[Split, ...]], ...] = ({}, {})
_WHOLE: tuple[Split, ...] = (_NOTHING,)


def splits(
    counts: tuple[int, ...], chows: bool
) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """Return every split of one block's counts into sets and at most one pair, as (pair or
    -1, chow first places, pung places), in the order ``decompose`` lists a suit's splits
    (empty when there is none).

    >>> splits((3, 3, 3, 0, 0, 0, 0, 0, 0), True)
    ((-1, (0, 0, 0), ()), (-1, (), (0, 1, 2)))
    >>> splits((2, 0, 0, 0, 3, 0, 0, 0, 0), False)
    ((0, (), (4,)),)
    """
    key = key_of(counts)
    lowest = _LOWEST[key & -key] if key else ()
    return tuple(
        ((split >> PAIR_SHIFT) - 1, _chows_of(split & _CHOW_FIELD), _pungs_of(split & _PUNG_FIELD))
        for split in _splits(key, sum(counts) % 3, chows, _weight(counts) % 3, lowest)
    )


def _splits(
    key: int, left: int, chows: bool, residue: int, lowest: tuple[int, ...]
) -> tuple[Split, ...]:
    """Return the splits (``Split``) of the block of this key (``key_of``), size by 3, weight
    by 3 (``_weight``) and lowest place held (its ``_LOWEST`` entry), kept by key, in order."""
    table = _SPLITS[chows]
    found = table.get(key)
    if found is None:
        if not key:
            return _WHOLE
        if len(table) >= KEEP:  # full (``KEEP``): started again, rather than a check per key
            table.clear()
        if left == 2:  # with the pair: at a place that is ``residue`` by 3
            found = _new_splits(table, key, residue, chows, lowest)
        elif left or residue:  # no split (what is left of a block keeps both: only here)
            found = table[key] = ()
        else:
            found = _new_splits(table, key, -1, chows, lowest)
    return found


def _new_splits(
    table: dict[int, tuple[Split, ...]], key: int, pair: int, chows: bool, lowest: tuple[int, ...]
) -> tuple[Split, ...]:
    """Return (and keep in ``table``) the splits of a key (not 0, not in ``table``; with the
    pair at a place that is ``pair`` by 3, its size 2 by 3, else ``pair`` is -1, its size and
    weight 0 by 3: ``_weight``): each built from the splits of what is left once the lowest
    tile's set or pair is taken (a table hit, or built the same way), with that set or pair
    added back. ``lowest`` is the ``_LOWEST`` entry of its lowest place held."""
    shift, by_three, pung, pung_at, two, pair_at, chow, chow_at = lowest
    # its count at the lowest place held, and whether the two places above it are held
    n, chow_held = _LOW_THREE[key >> shift & 0xFFF]
    out: tuple[Split, ...] = ()  # a tuple: one split (most keys) is kept as made, no copy
    merged = False  # splits of two ways to take the lowest tile: to sort, and unite
    if n >= 3:
        rest = key - pung
        found = table.get(rest)
        if found is None:
            found = _new_splits(table, rest, pair, chows, _LOWEST[rest & -rest]) if rest else _WHOLE
        for split in found:
            out += (split - pung_at,)
    if n >= 2 and by_three == pair:
        rest = key - two
        found = table.get(rest)
        if found is None:
            found = _new_splits(table, rest, -1, chows, _LOWEST[rest & -rest]) if rest else _WHOLE
        if out and found:
            merged = True
        for split in found:
            out += (split + pair_at,)
    if chows and chow_held:  # (from place 7 on, a place past 8: none held)
        rest = key - chow
        found = table.get(rest)
        if found is None:
            found = _new_splits(table, rest, pair, chows, _LOWEST[rest & -rest]) if rest else _WHOLE
        if out and found:
            merged = True
        for split in found:
            out += (split - chow_at,)
    if merged:
        out = tuple(sorted(set(out)))
    table[key] = out
    return out


#: the blocks of the suits (shared by all three) and of the honors, by key (``key_of``; the
#: honors' last two counts are 0)
BLOCKS: tuple[dict[int, Block], ...] = ({}, {})
EMPTY: tuple[int, ...] = (0,) * 9


def block(counts: tuple[int, ...], honors: bool) -> Block:
    """Return the ``Block`` of a suit's (or the honors') counts, built once and kept.

    Blocks are kept per key (``block_at``), as the splits are: a hand's block has usually been
    met before (any hand holding the same shape in any suit). The counts asked here are kept
    too (``_BY_COUNTS``), so that the typed path's next ask is one lookup.
    """
    table = _BY_COUNTS[honors]
    found = table.get(counts)
    if found is None:
        found = block_at(key_of(counts), honors, sum(counts))
        if len(table) < KEEP:
            table[counts] = found
    return found


#: counts asked of ``block`` -> their block (the typed path reads counts, not keys)
_BY_COUNTS: tuple[dict[tuple[int, ...], Block], ...] = ({}, {})


def block_at(key: int, honors: bool, size: int) -> Block:
    """Return the ``Block`` of a key (``key_of``) and size (its number of tiles), built once
    and kept."""
    table = BLOCKS[honors]
    found = table.get(key)
    if found is None:
        found = new_block(key, honors, size)
        if len(table) < KEEP:
            table[key] = found
    return found


def complete_shapes(honors: bool) -> list[tuple[int, ...]]:
    """Return every counts a block of a complete hand can hold, smallest first: up to four
    sets and at most one pair (14 tiles at most, 4 of a kind at most), seven pairs' kinds held
    twice, and thirteen orphans' terminals or honors (once each, one of them twice).

    >>> len(complete_shapes(False)), len(complete_shapes(True))
    (22167, 626)
    """
    places = 7 if honors else 9
    sets = [tuple(3 if j == i else 0 for j in range(9)) for i in range(places)]
    if not honors:
        sets += [tuple(1 if i <= j <= i + 2 else 0 for j in range(9)) for i in range(7)]
    found: set[tuple[int, ...]] = {EMPTY}
    #: (counts, index of the last set added): sets are added in order, each multiset once
    layer: list[tuple[tuple[int, ...], int]] = [(EMPTY, 0)]
    for _ in range(4):
        layer = [
            (grown, n)
            for counts, start in layer
            for n in range(start, len(sets))
            if max(grown := tuple(map(int.__add__, counts, sets[n]))) <= 4
        ]
        found.update(counts for counts, _ in layer)
    for counts in list(found):
        for i in range(places):
            if counts[i] <= 2:
                found.add((*counts[:i], counts[i] + 2, *counts[i + 1 :]))
    for pairs in range(1 << places):  # seven pairs: every kind held twice, at most seven
        if bin(pairs).count("1") <= 7:
            found.add(tuple(2 * (pairs >> i & 1) for i in range(9)))
    ends = (0, 1, 2, 3, 4, 5, 6) if honors else (0, 8)
    orphans = tuple(1 if i in ends else 0 for i in range(9))
    found.add(orphans)
    for i in ends:
        found.add((*orphans[:i], 2, *orphans[i + 1 :]))
    return sorted(found, key=lambda counts: (sum(counts), counts))


def precompute() -> int:
    """Return how many blocks were added: every block a complete hand can hold is built and
    kept (``complete_shapes``), with the waits of each split at every place it holds.

    Optional: blocks are otherwise built when first met. A long-running process (a server,
    an arena, a benchmark's warm-up) may call it once so that no request pays for a new
    shape. The splits of the shapes met on the way are dropped once every block holds its
    own (a shape not kept is split again when met).

    >>> precompute() >= 0
    True
    """
    added = 0
    for honors in (False, True):
        for counts in complete_shapes(honors):
            key = key_of(counts)
            if key not in BLOCKS[honors]:
                added += 1
            b = block_at(key, honors, sum(counts))
            for part in b.parts:
                for place in range(9):
                    if counts[place] and part.waits[place] is None:
                        part.waits_at(place)
    for kept in _SPLITS:
        kept.clear()
    return added

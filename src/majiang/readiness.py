"""Waits and readiness (tenpai) of concealed tiles, fast enough to run on every turn of play.

The engine asks three questions many times per hand: which kinds complete a 13-tile (3n+1)
hand (``waits``), is a 14-tile (3n+2) hand complete (``is_complete``), and which discards leave
a hand ready (``ready_discards``). Each suit is judged on its own: whether it splits exactly
into sets (and a pair) is read off the per-suit tables of ``majiang.shanten`` (the one
implementation of hand analysis; a suit splits when it needs no tile to hold them), and the
suit's waits and moves are memoized by its counts, so a question costs a few dictionary
look-ups. ``forms`` names the special
hands a variant allows beside four sets and a pair: ``seven_pairs`` and ``thirteen_orphans``;
``seven_pairs_quads`` (four identical tiles count as two pairs: Sichuan) and
``seven_pairs_one_pung`` (17 tiles: seven distinct pairs and a pung, Taiwan's lik gu lik gu).

A kind of which the hand already holds all four copies is never a wait (it cannot be drawn).

>>> from majiang.tiles import counts34, parse_tiles, format_tiles
>>> format_tiles(waits(counts34(parse_tiles("1112345678999m"))))
'123456789m'
>>> format_tiles(waits(counts34(parse_tiles("1133557799m11p3s")), ("seven_pairs",)))
'3s'
>>> is_complete(counts34(parse_tiles("19m19p19s12345677z")), ("thirteen_orphans",))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import itemgetter

from majiang.shanten import (
    SEVEN_PAIRS,
    SEVEN_PAIRS_ONE_PUNG,
    SEVEN_PAIRS_QUADS,
    STANDARD,
    THIRTEEN_ORPHANS,
    block_distance,
    counts_distance,
)
from majiang.tiles import ORPHANS

Forms = tuple[str, ...]

_BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
#: the form names of ``forms`` and ``majiang.shanten``'s flags for them
_FORM_FLAGS = {
    "seven_pairs": SEVEN_PAIRS,
    "thirteen_orphans": THIRTEEN_ORPHANS,
    "seven_pairs_quads": SEVEN_PAIRS_QUADS,
    "seven_pairs_one_pung": SEVEN_PAIRS_ONE_PUNG,
}
_SETS_ONLY = 1
_WITH_PAIR = 2


@cache
def _suit_shapes(counts: tuple[int, ...], chows: bool) -> int:
    """Return bit 1 if the suit splits into sets only, bit 2 if into sets and exactly one pair
    (read off ``majiang.shanten``'s tables: the block needs no tile to hold them)."""
    n = sum(counts)
    if n % 3 == 1:
        return 0
    pair = n % 3 == 2
    if block_distance(bytes(counts), not chows, n // 3, pair):
        return 0
    return _WITH_PAIR if pair else _SETS_ONLY


@cache
def _suit_waits(counts: tuple[int, ...], chows: bool, want: int) -> tuple[int, ...]:
    """Return the offsets whose addition gives the suit the shape ``want`` (bit of _suit_shapes)."""
    out = []
    for w in range(len(counts)):
        if counts[w] >= 4:
            continue
        grown = (*counts[:w], counts[w] + 1, *counts[w + 1 :])
        if _suit_shapes(grown, chows) & want:
            out.append(w)
    return tuple(out)


class _Facts(dict[bytes, tuple[int, int]]):
    """A block's counts (9 bytes: a suit, 7: the honors) -> its tiles modulo 3 and the bits of
    ``_suit_shapes``, filled on first use: a question costs one probe per block."""

    def __missing__(self, key: bytes) -> tuple[int, int]:
        facts = self[key] = (sum(key) % 3, _suit_shapes(tuple(key), len(key) == 9))
        return facts


_FACTS = _Facts()
#: the counts of the thirteen orphan kinds, read off 34 counts
_orphan_counts = itemgetter(*ORPHANS)


def _block_facts(raw: bytes) -> list[tuple[int, int]]:
    """Return (tiles modulo 3, shape bits) of each block of 34 counts."""
    return [_FACTS[raw[lo:hi]] for lo, hi, _ in _BLOCKS]


def _standard_waits(raw: bytes) -> list[int]:
    """Return the kinds that complete 34 counts as sets and a pair: the one block short of its
    shape (or either of two blocks holding a pair) gains the tile, the others stay as they are."""
    facts = _block_facts(raw)
    short = [b for b, (_, shape) in enumerate(facts) if not shape]
    if len(short) > 1:
        return []  # two blocks short of their sets: no single tile completes the hand
    out: list[int] = []
    for b, (lo, hi, chows) in enumerate(_BLOCKS):
        rest = facts[b][0]
        if rest == 0 or (short and short[0] != b):
            continue
        pairs = sum(r == 2 for o, (r, _) in enumerate(facts) if o != b)
        if rest == 1 and pairs == 0:
            want = _WITH_PAIR
        elif rest == 2 and pairs == 1:
            want = _SETS_ONLY
        else:
            continue
        out.extend(lo + w for w in _suit_waits(tuple(raw[lo:hi]), chows, want))
    return out


def waits(counts: Sequence[int], forms: Forms = ()) -> list[int]:
    """Return the kinds (sorted) that complete a 3n+1-tile hand, in any allowed form.

    >>> from majiang.tiles import counts34, parse_tiles, format_tiles
    >>> format_tiles(waits(counts34(parse_tiles("19m19p19s1234567z")), ("thirteen_orphans",)))
    '19m19p19s1234567z'
    >>> waits(counts34(parse_tiles("1111m")))
    []
    """
    raw = bytes(counts[:34])
    found = set(_standard_waits(raw))
    total = sum(raw)
    if total == 13:
        # seven pairs: six pairs and a single (so no kind held three or four times)
        if "seven_pairs" in forms and raw.count(2) == 6 and raw.count(1) == 1:
            found.add(raw.index(1))
        if "thirteen_orphans" in forms and sum(_orphan_counts(raw)) == 13:
            missing = [k for k in ORPHANS if raw[k] == 0]
            if not missing:
                found.update(ORPHANS)
            elif len(missing) == 1 and max(_orphan_counts(raw)) == 2:
                found.add(missing[0])
        # seven pairs where four of a kind is two pairs: a single kind with an odd count
        if "seven_pairs_quads" in forms and raw.count(1) + raw.count(3) == 1:
            found.add(next(k for k, n in enumerate(raw) if n % 2))
    elif total == 16 and "seven_pairs_one_pung" in forms:
        held = [k for k in range(34) if raw[k]]
        if all(raw[k] == 2 for k in held) and len(held) == 8:
            found.update(held)
        elif sorted(raw[k] for k in held) == [1, 2, 2, 2, 2, 2, 2, 3]:
            found.add(next(k for k in held if raw[k] == 1))
    return sorted(found)


def is_complete(counts: Sequence[int], forms: Forms = ()) -> bool:
    """Return whether a 3n+2-tile hand is complete in any allowed form.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> is_complete(counts34(parse_tiles("123m456p789s11122z"))), is_complete(counts34(parse_tiles("12m")))
    (True, False)
    """
    facts = _block_facts(bytes(counts[:34]))
    if all(shape for _, shape in facts) and sum(rest == 2 for rest, _ in facts) == 1:
        return True  # every block splits into sets, one of them with the pair
    if sum(counts[:34]) == 14:
        if "seven_pairs" in forms and all(n in (0, 2) for n in counts[:34]):
            return True
        if "seven_pairs_quads" in forms and all(n % 2 == 0 for n in counts[:34]):
            return True
        if "thirteen_orphans" in forms and all(counts[k] for k in ORPHANS):
            return sum(counts[k] for k in ORPHANS) == 14
    if "seven_pairs_one_pung" in forms and sum(counts[:34]) == 17:
        held = sorted(n for n in counts[:34] if n)
        return held == [2, 2, 2, 2, 2, 2, 2, 3]
    return False


def can_be_ready(counts: Sequence[int], forms: Forms = ()) -> bool:
    """Return whether some discard leaves a 3n+2-tile hand ready (a quick test, no waits listed):
    its shanten (``majiang.shanten.counts_distance``, the same forms) is at most 0.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> can_be_ready(counts34(parse_tiles("123456789m11p55s9s"))), can_be_ready(counts34(parse_tiles("1357m2468p13579s1z")))
    (True, False)
    """
    flags = STANDARD
    for form in forms:
        flags |= _FORM_FLAGS[form]
    return counts_distance(bytes(counts[:34]), flags) <= 1


def ready_discards(counts: Sequence[int], forms: Forms = ()) -> dict[int, list[int]]:
    """Return, for each kind whose discard leaves a 3n+2-tile hand ready, the waits left.

    >>> from majiang.tiles import counts34, parse_tiles, format_tiles
    >>> {format_tiles([d]): format_tiles(w) for d, w in ready_discards(counts34(parse_tiles("123456789m11p55s9s"))).items()}
    {'9s': '1p5s'}
    """
    out: dict[int, list[int]] = {}
    if not can_be_ready(counts, forms):
        return out
    c = list(counts)
    for d in range(34):
        if not c[d]:
            continue
        c[d] -= 1
        w = waits(c, forms)
        c[d] += 1
        if w:
            out[d] = w
    return out

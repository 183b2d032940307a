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

from majiang.shanten import (
    SEVEN_PAIRS,
    SEVEN_PAIRS_ONE_PUNG,
    SEVEN_PAIRS_QUADS,
    STANDARD,
    THIRTEEN_ORPHANS,
    PreparedHand,
    block_distance,
    distance,
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


def _blocks(counts: Sequence[int]) -> list[tuple[int, tuple[int, ...], bool, int]]:
    out = []
    for lo, hi, chows in _BLOCKS:
        c = tuple(counts[lo:hi])
        out.append((lo, c, chows, sum(c) % 3))
    return out


def _standard_waits(counts: Sequence[int]) -> list[int]:
    blocks = _blocks(counts)
    shapes = [_suit_shapes(c, chows) if r != 1 else 0 for _, c, chows, r in blocks]
    out: list[int] = []
    for b, (lo, c, chows, r) in enumerate(blocks):
        if r == 0:
            continue
        pairs = 0
        ok = True
        for o, (_, _, _, ro) in enumerate(blocks):
            if o == b:
                continue
            if ro == 1 or not shapes[o]:
                ok = False
                break
            if ro == 2:
                pairs += 1
        if not ok:
            continue
        if r == 1 and pairs == 0:
            out.extend(lo + w for w in _suit_waits(c, chows, _WITH_PAIR))
        elif r == 2 and pairs == 1:
            out.extend(lo + w for w in _suit_waits(c, chows, _SETS_ONLY))
    return out


def waits(counts: Sequence[int], forms: Forms = ()) -> list[int]:
    """Return the kinds (sorted) that complete a 3n+1-tile hand, in any allowed form.

    >>> from majiang.tiles import counts34, parse_tiles, format_tiles
    >>> format_tiles(waits(counts34(parse_tiles("19m19p19s1234567z")), ("thirteen_orphans",)))
    '19m19p19s1234567z'
    >>> waits(counts34(parse_tiles("1111m")))
    []
    """
    found = set(_standard_waits(counts))
    total = sum(counts[:34])
    if total == 13:
        if "seven_pairs" in forms:
            singles = [k for k in range(34) if counts[k] == 1]
            if len(singles) == 1 and all(n in (0, 1, 2) for n in counts[:34]):
                found.add(singles[0])
        if "thirteen_orphans" in forms and sum(counts[k] for k in ORPHANS) == 13:
            missing = [k for k in ORPHANS if counts[k] == 0]
            if not missing:
                found.update(ORPHANS)
            elif len(missing) == 1 and max(counts[k] for k in ORPHANS) == 2:
                found.add(missing[0])
        if "seven_pairs_quads" in forms:
            odd = [k for k in range(34) if counts[k] % 2]
            if len(odd) == 1:
                found.add(odd[0])
    elif total == 16 and "seven_pairs_one_pung" in forms:
        held = [k for k in range(34) if counts[k]]
        if all(counts[k] == 2 for k in held) and len(held) == 8:
            found.update(held)
        elif sorted(counts[k] for k in held) == [1, 2, 2, 2, 2, 2, 2, 3]:
            found.add(next(k for k in held if counts[k] == 1))
    return sorted(found)


def is_complete(counts: Sequence[int], forms: Forms = ()) -> bool:
    """Return whether a 3n+2-tile hand is complete in any allowed form.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> is_complete(counts34(parse_tiles("123m456p789s11122z"))), is_complete(counts34(parse_tiles("12m")))
    (True, False)
    """
    pairs = 0
    for _, c, chows, r in _blocks(counts):
        if r == 1:
            break
        shape = _suit_shapes(c, chows)
        if not shape:
            break
        pairs += r == 2
    else:
        if pairs == 1:
            return True
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
    its shanten (``majiang.shanten.distance``, the same forms) is at most 0.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> can_be_ready(counts34(parse_tiles("123456789m11p55s9s"))), can_be_ready(counts34(parse_tiles("1357m2468p13579s1z")))
    (True, False)
    """
    flags = STANDARD
    for form in forms:
        flags |= _FORM_FLAGS[form]
    return distance(PreparedHand(counts[:34]), flags) <= 1


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

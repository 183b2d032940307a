"""Every way a complete hand splits into sets and a pair, and the special forms.

Rule-free: works on a 34-kind count array of the concealed tiles, for any number of sets (4 for
13-tile hands, 5 for Taiwan's 16-tile hands, fewer once melds are called). Each suit is split on
its own through a lazily filled table keyed by that suit's counts; a hand's decompositions are
the products of its suits' splits with exactly one pair among them. No search per call beyond
that product.

>>> from majiang.tiles import counts34, parse_tiles
>>> [str(d) for d in decompositions(counts34(parse_tiles("11122233344455m")))]
['22m 111m 234m 345m 345m', '55m 123m 123m 123m 444m', '55m 111m 234m 234m 234m', '55m 111m 222m 333m 444m']
>>> is_seven_pairs(counts34(parse_tiles("1122m3344p5566s77z")))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import Literal, NamedTuple

from majiang.tiles import ORPHANS, format_tiles

GroupKind = Literal["chow", "pung"]


class Group(NamedTuple):
    """A concealed set found in the hand: a chow starting at ``tile`` or a pung of ``tile``."""

    kind: GroupKind
    tile: int

    @property
    def tiles(self) -> tuple[int, int, int]:
        """Return the three kinds of the set."""
        t = self.tile
        return (t, t + 1, t + 2) if self.kind == "chow" else (t, t, t)

    def __str__(self) -> str:
        return format_tiles(self.tiles)


class Decomposition(NamedTuple):
    """One reading of a complete standard hand: the pair's kind and the sets (sorted)."""

    pair: int
    sets: tuple[Group, ...]

    def __str__(self) -> str:
        return " ".join([format_tiles((self.pair, self.pair)), *(str(g) for g in self.sets)])


_Split = tuple[
    int, tuple[tuple[int, int], ...]
]  # (pair offset or -1, ((0=chow|1=pung, offset)...))


@cache
def _suit_splits(counts: tuple[int, ...], chows: bool) -> tuple[_Split, ...]:
    """Return every split of one suit's counts into sets and at most one pair."""
    out: set[_Split] = set()

    def walk(c: list[int], pair: int, sets: list[tuple[int, int]]) -> None:
        i = next((k for k, n in enumerate(c) if n), -1)
        if i < 0:
            out.add((pair, tuple(sorted(sets))))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets.append((1, i))
            walk(c, pair, sets)
            sets.pop()
            c[i] += 3
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(c, i, sets)
            c[i] += 2
        if chows and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            sets.append((0, i))
            walk(c, pair, sets)
            sets.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    if sum(counts) % 3 != 1:
        walk(list(counts), -1, [])
    return tuple(sorted(out))


_BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Return every reading of the counts as n sets and one pair (empty if there is none).

    >>> from majiang.tiles import counts34, parse_tiles
    >>> decompositions(counts34(parse_tiles("123m")))
    []
    >>> [str(d) for d in decompositions(counts34(parse_tiles("55z")))]
    ['55z']
    """
    total = sum(counts[:34])
    if total % 3 != 2:
        return []
    per_block: list[tuple[int, tuple[_Split, ...]]] = []
    for lo, hi, chows in _BLOCKS:
        c = tuple(counts[lo:hi])
        n = sum(c)
        if n == 0:
            continue
        if n % 3 == 1:
            return []
        splits = _suit_splits(c, chows)
        if not splits:
            return []
        per_block.append((lo, splits))
    partial: list[tuple[int, list[Group]]] = [(-1, [])]
    for lo, splits in per_block:
        nxt: list[tuple[int, list[Group]]] = []
        for pair, groups in partial:
            for spair, ssets in splits:
                if spair >= 0 and pair >= 0:
                    continue
                new = groups + [Group("pung" if k else "chow", lo + off) for k, off in ssets]
                nxt.append((pair if spair < 0 else lo + spair, new))
        partial = nxt
    result = [
        Decomposition(pair, tuple(sorted(groups, key=lambda g: (g.tile, g.kind))))
        for pair, groups in partial
        if pair >= 0
    ]
    return result


#: one reading in compact form: (pair kind, chow first kinds, pung kinds), tuples ascending
SetSplit = tuple[int, tuple[int, ...], tuple[int, ...]]


#: per block (man, pin, sou, honors): the block's counts -> its splits, filled as met
_BLOCK_SPLITS: tuple[dict[tuple[int, ...], tuple[SetSplit, ...]], ...] = ({}, {}, {}, {})


def _block_splits(lo: int, counts: tuple[int, ...]) -> tuple[SetSplit, ...]:
    """Return one block's splits with absolute kinds (pair -1 when the block has none)."""
    table = _BLOCK_SPLITS[lo // 9]
    found = table.get(counts)
    if found is None:
        found = table[counts] = tuple(
            (
                lo + pair if pair >= 0 else -1,
                tuple(lo + off for k, off in sets if k == 0),
                tuple(lo + off for k, off in sets if k == 1),
            )
            for pair, sets in _suit_splits(counts, lo < 27)
        )
    return found


def set_splits(counts: Sequence[int]) -> list[SetSplit]:
    """Return every reading of the counts as ``(pair, chows, pungs)`` (empty if there is none).

    The compact twin of ``decompositions`` for callers that only need the kinds: ``chows``
    holds each chow's lowest kind, ``pungs`` each pung's kind, both ascending, in the same
    order of readings as ``decompositions``.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> set_splits(counts34(parse_tiles("123m456p789s11z555z")))
    [(27, (0, 12, 24), (31,))]
    """
    tables = _BLOCK_SPLITS
    key = tuple(counts[0:9])
    man = tables[0].get(key) or _block_splits(0, key)
    key = tuple(counts[9:18])
    pin = tables[1].get(key) or _block_splits(9, key)
    key = tuple(counts[18:27])
    sou = tables[2].get(key) or _block_splits(18, key)
    key = tuple(counts[27:34])
    honors = tables[3].get(key) or _block_splits(27, key)
    if len(man) == len(pin) == len(sou) == len(honors) == 1:
        # the usual case: each block splits one way; the hand reads if exactly one has the pair
        (p0, c0, q0), (p1, c1, q1), (p2, c2, q2), (p3, c3, q3) = man[0], pin[0], sou[0], honors[0]
        if (p0 >= 0) + (p1 >= 0) + (p2 >= 0) + (p3 >= 0) != 1:
            return []
        return [(max(p0, p1, p2, p3), c0 + c1 + c2 + c3, q0 + q1 + q2 + q3)]
    return [
        (max(p0, p1, p2, p3), c0 + c1 + c2 + c3, q0 + q1 + q2 + q3)
        for (p0, c0, q0), (p1, c1, q1), (p2, c2, q2), (p3, c3, q3) in product(man, pin, sou, honors)
        if (p0 >= 0) + (p1 >= 0) + (p2 >= 0) + (p3 >= 0) == 1
    ]


def is_standard(counts: Sequence[int]) -> bool:
    """Return whether the counts form n sets and a pair."""
    return bool(decompositions(counts))


def is_seven_pairs(counts: Sequence[int], distinct: bool = True) -> bool:
    """Return whether 14 tiles form seven pairs; ``distinct=False`` lets four of a kind be two pairs.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> c = counts34(parse_tiles("1111m3344p5566s77z"))
    >>> is_seven_pairs(c), is_seven_pairs(c, distinct=False)
    (False, True)
    """
    if sum(counts[:34]) != 14:
        return False
    if distinct:
        return all(n in (0, 2) for n in counts[:34])
    return all(n in (0, 2, 4) for n in counts[:34])


def seven_pairs_one_pung(counts: Sequence[int]) -> int | None:
    """Return the pung's kind when 17 tiles are seven distinct pairs and a pung (lik gu lik gu).

    >>> from majiang.tiles import counts34, parse_tiles
    >>> seven_pairs_one_pung(counts34(parse_tiles("1122m3344p5566s11777z")))
    33
    """
    if sum(counts[:34]) != 17:
        return None
    pungs = [k for k, n in enumerate(counts[:34]) if n == 3]
    if len(pungs) != 1 or any(n not in (0, 2, 3) for n in counts[:34]):
        return None
    return pungs[0]


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """Return whether 14 tiles are the thirteen orphans (each terminal and honor, one paired).

    >>> from majiang.tiles import counts34, parse_tiles
    >>> is_thirteen_orphans(counts34(parse_tiles("19m19p19s12345677z")))
    True
    """
    if sum(counts[:34]) != 14:
        return False
    return all(counts[k] >= 1 for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14

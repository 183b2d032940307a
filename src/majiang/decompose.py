"""Every way a complete hand splits into sets and a pair, and the special forms.

Rule-free: works on a 34-kind count array of the concealed tiles, for any number of sets (4 for
13-tile hands, 5 for Taiwan's 16-tile hands, fewer once melds are called). Each block (a suit,
the honors) is split on its own through the module's one table, filled as blocks are met and
keyed by the block's first kind and counts, which holds the block's splits as sets of absolute
kinds already sorted; a hand's decompositions are the products of its blocks' splits with
exactly one pair among them, joined with no search or sort per call.

>>> from majiang.tiles import counts34, parse_tiles
>>> [str(d) for d in decompositions(counts34(parse_tiles("11122233344455m")))]
['22m 111m 234m 345m 345m', '55m 123m 123m 123m 444m', '55m 111m 234m 234m 234m', '55m 111m 222m 333m 444m']
>>> is_seven_pairs(counts34(parse_tiles("1122m3344p5566s77z")))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
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


#: a block's split: the pair's kind (``None``: the block holds no pair) and its sets
_BlockSplit = tuple[int | None, tuple[Group, ...]]
#: the blocks a hand splits into, each on its own: the three suits (chows allowed), the honors
_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))


@cache
def _block_splits(lo: int, counts: tuple[int, ...]) -> tuple[_BlockSplit, ...]:
    """Return every split of one block's counts (the block's first kind ``lo``) into sets and
    at most one pair, the sets as ``Group``s sorted by kind (empty when it has none).

    The table of the module: a suit's shape is split once, then met again from the table.
    """
    chows = lo < 27
    out: set[tuple[int, tuple[tuple[int, int], ...]]] = set()

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
    return tuple(
        (
            None if pair < 0 else lo + pair,
            tuple(
                sorted(
                    (Group("pung" if pung else "chow", lo + at) for pung, at in sets),
                    key=lambda g: (g.tile, g.kind),
                )
            ),
        )
        for pair, sets in sorted(out)
    )


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Return every reading of the counts as n sets and one pair (empty if there is none).

    Each block (a suit, the honors) is split on its own (``_block_splits``), and a hand with a
    block that does not split has none; a reading takes one split of each block, exactly one
    of them with the pair. The blocks come in order of kinds, so a reading's sets are sorted by
    kind as they are joined.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> decompositions(counts34(parse_tiles("123m")))
    []
    >>> [str(d) for d in decompositions(counts34(parse_tiles("55z")))]
    ['55z']
    """
    if sum(counts[:34]) % 3 != 2:
        return []
    blocks: list[tuple[_BlockSplit, ...]] = []
    for lo, hi in _BLOCKS:
        block = tuple(counts[lo:hi])
        held = sum(block)
        if held == 0:
            continue
        if held % 3 == 1:  # sets of 3 and one pair never make 3k + 1 tiles
            return []
        splits = _block_splits(lo, block)
        if not splits:
            return []
        blocks.append(splits)
    partial: list[_BlockSplit] = [(None, ())]
    for splits in blocks:
        partial = [
            (pair if block_pair is None else block_pair, sets + block_sets)
            for pair, sets in partial
            for block_pair, block_sets in splits
            if pair is None or block_pair is None
        ]
    return [Decomposition(pair, sets) for pair, sets in partial if pair is not None]


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
    kinds = counts[:34]
    pairs = kinds.count(2) if distinct else kinds.count(2) + 2 * kinds.count(4)
    return pairs == 7 and sum(kinds) == 14


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
    if not all(counts[k] for k in ORPHANS):
        return False
    return sum(counts[:34]) == sum(counts[k] for k in ORPHANS) == 14

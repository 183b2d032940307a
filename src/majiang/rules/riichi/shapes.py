"""One block of the concealed tiles (a suit, or the honors) and every way it splits, as tables.

A hand's readings are products of its four blocks' splits (``Part``), exactly one of which
holds the pair. Everything a yaku or the fu asks of a set is known per block and combines by
``|`` or ``+`` across blocks: which chows (as bits by first kind) and pungs (bits by kind) a
split has, its twin chows (peikou), whether every set holds a terminal or honor, the fu of its
concealed pungs, and, for each kind the winning tile may be, the waits it can complete. A
``Block`` is built once per suit and tile counts and kept (``block``); nothing of a request is.

>>> b = block(0, (1, 1, 1, 0, 0, 0, 2, 2, 2))
>>> [(p.pair, p.chows, p.pungs) for p in b.parts]
[(-1, (0, 6, 6), ())]
>>> b.parts[0].peikou, [WAIT_NAMES[w] for w in b.parts[0].waits_at(7)]
(1, ['kanchan'])
"""

from __future__ import annotations

from majiang.decompose import block_splits

#: the waits the winning tile can complete (``Part.waits``), in the order readings are tried
TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN = range(5)
WAIT_NAMES = ("tanki", "shanpon", "kanchan", "penchan", "ryanmen")

#: kinds that are a terminal or an honor
ORPHAN = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
#: chow first kinds that hold a terminal (123 and 789 of each suit)
OUTSIDE_CHOWS = frozenset({0, 6, 9, 15, 18, 24})


def chow_wait(first: int, win: int) -> int:
    """Return the wait the winning kind completes in the chow starting at ``first``.

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
    """One split of a block: its pair (``-1`` for none), chows by first kind and pungs by kind
    (ascending, absolute kinds), and the facts readings combine.

    ``chow_bits``/``pung_bits`` have bit ``k`` for a chow starting at / a pung of kind ``k``;
    ``peikou`` counts pairs of identical chows; ``outside`` says every set and the pair hold a
    terminal or honor; ``pung_fu`` is the fu of the pungs as concealed; ``waits[i]`` lists the
    waits of a winning tile of the block's ``i``-th kind (tanki, shanpon, then one per chow
    wait in chow order, each wait once), worked out when first asked (``waits_at``).
    """

    __slots__ = (
        "chow_bits",
        "chows",
        "lo",
        "n_chows",
        "n_pungs",
        "outside",
        "pair",
        "peikou",
        "pung_bits",
        "pung_fu",
        "pungs",
        "waits",
    )

    def __init__(self, lo: int, pair: int, chows: tuple[int, ...], pungs: tuple[int, ...]) -> None:
        self.pair = pair
        self.chows = chows
        self.pungs = pungs
        self.n_chows = len(chows)
        self.n_pungs = len(pungs)
        self.chow_bits = sum(1 << c for c in set(chows))
        self.pung_bits = sum(1 << p for p in pungs)
        self.peikou = sum(chows.count(c) // 2 for c in set(chows))
        self.outside = (
            OUTSIDE_CHOWS.issuperset(chows)
            and all(ORPHAN[p] for p in pungs)
            and (pair < 0 or ORPHAN[pair])
        )
        self.pung_fu = sum(8 if ORPHAN[p] else 4 for p in pungs)
        self.lo = lo
        self.waits: list[tuple[int, ...] | None] = [None] * 9

    def waits_at(self, i: int) -> tuple[int, ...]:
        """Return (and keep in ``waits``) the waits of a winning tile of the ``i``-th kind."""
        win = self.lo + i
        found: list[int] = []
        if self.pair == win:
            found.append(TANKI)
        if win in self.pungs:
            found.append(SHANPON)
        for c in self.chows:
            if c <= win <= c + 2:
                wait = chow_wait(c, win)
                if wait not in found:
                    found.append(wait)
        waits = self.waits[i] = tuple(found)
        return waits


class Block:
    """A block's tile counts read once: its splits (``parts``, empty when it cannot split),
    the bits of the kinds present, its size, how many kinds it holds twice (seven pairs), and
    whether a suit block is 1112345678999 plus one tile (nine gates)."""

    __slots__ = ("counts", "has_pair", "nine_gates", "one_part", "parts", "present", "size", "twos")

    def __init__(self, suit: int, counts: tuple[int, ...]) -> None:
        lo = 9 * suit
        width = 9 if suit < 3 else 7
        self.counts = counts
        self.parts = tuple(
            Part(lo, pair, chows, pungs) for pair, chows, pungs in block_splits(lo, counts[:width])
        )
        self.present = sum(1 << (lo + i) for i, n in enumerate(counts) if n)
        self.size = sum(counts)
        #: the block's splits hold the pair (its size leaves 2 by 3)
        self.has_pair = self.size % 3 == 2
        #: the block splits exactly one way (its part, else ``None``)
        self.one_part = self.parts[0] if len(self.parts) == 1 else None
        self.twos = counts.count(2)
        self.nine_gates = (
            suit < 3 and counts[0] >= 3 and counts[8] >= 3 and all(n >= 1 for n in counts)
        )


#: per block (man, pin, sou, honors): the counts (9 entries; honors pad 2 zeros) -> its Block
BLOCKS: tuple[dict[tuple[int, ...], Block], ...] = ({}, {}, {}, {})
EMPTY = (0,) * 9


def block(suit: int, counts: tuple[int, ...]) -> Block:
    """Return the ``Block`` of a suit (0-2; 3 = the honors, 7 counts padded to 9) and counts.

    The blocks are kept per counts, as the suit splits are: a hand's block is usually met
    before (any hand holding the same tiles of that suit).
    """
    table = BLOCKS[suit]
    found = table.get(counts)
    if found is None:
        found = table[counts] = Block(suit, counts)
    return found

"""Call-aware acceptance: how fast an improving tile comes, by the ways it can come.

Where every bot claims every call that brings its hand on (Taiwan), an improving tile does not
come only from the wall. A tile that turns a pair into a set can also be ponned from any of the
three others' discards, a tile that completes a run from two tiles held can be chowed from the
discards of the seat before (the one whose discards this seat may chow), and a winning tile
wins on anybody's discard; a tile that only makes the pair (or a set the hand cannot call) must
be drawn. Per unseen copy, the rate at which it arrives is one own draw plus the others'
discards of it that the hand could claim: ``1 + every`` for a pon or a win, ``1 + left`` for a
chow only, ``1`` for a draw only, where ``left`` and ``every`` are the copies the seat before,
and the three others together, still discard per copy the viewer still draws itself (measured
in self-play per kind category and stage, ``RATES``). The weights are divided by the stage's
mean chow weight, so a chow shape counts about one tile, a draw-only tile less, a pon or a win
more.

>>> from majiang.bots.analysis import HandCalc, seen_counts
>>> from majiang.tiles import counts34, parse_tiles
>>> arrival = Arrival(left=(0.5,) * 34, every=(1.5,) * 34)
>>> calc, open_calc = HandCalc("taiwan"), HandCalc("taiwan", (OPEN_MELD,))
>>> counts = counts34(parse_tiles("123m456m789m11z55s78s9p"))  # one from ready
>>> [arrival.factor(open_calc, counts, k, 1) for k in (22, 23)]  # 5s: a pon; 6s: a chow
[2.5, 1.5]
>>> counts = counts34(parse_tiles("123m456m789m123p78s1z5p"))
>>> arrival.factor(open_calc, counts, 27, 1)  # 1z: the pair, drawn only
1.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from majiang.bots.analysis import HandCalc, seen_counts
from majiang.melds import Meld
from majiang.view import PlayerView

__all__ = ["OPEN_MELD", "RATES", "Arrival", "arrival_for", "category", "stage"]

#: any open meld: a calculator made with it reads a hand as open (no special forms), the way a
#: hand is once it has called
OPEN_MELD = Meld("pon", (0, 0, 0))

#: per kind category (``category``) and stage (``stage``, 0-3): the copies the seat before
#: discards, and the three others together, per copy the viewer draws itself from then on
#: (self-play of expert,expert,normal,normal, every rotation, 200 deals from seed 65800;
#: see docs/bots.md, session 8)
RATES: dict[str, tuple[tuple[float, float], ...]] = {
    "e": ((1.14, 3.47), (1.23, 3.9), (1.21, 3.99), (1.39, 5.07)),
    "m": ((0.8, 2.44), (0.96, 2.99), (0.99, 3.23), (1.07, 3.9)),
    "t": ((1.58, 4.87), (1.47, 4.7), (1.39, 4.62), (1.49, 5.23)),
    "z0": ((1.78, 5.53), (1.34, 4.25), (1.1, 4.16), (1.25, 4.5)),
    "z1": ((1.45, 4.58), (1.26, 3.97), (1.34, 4.33), (1.21, 3.43)),
    "z2": ((0.94, 3.33), (1.01, 3.25), (1.1, 3.78), (1.18, 4.56)),
    "zv0": ((1.99, 6.21), (1.78, 5.62), (1.46, 4.71), (1.6, 5.2)),
    "zv1": ((1.57, 5.39), (1.31, 4.3), (1.33, 4.52), (1.11, 4.14)),
    "zv2": ((1.24, 4.35), (1.15, 3.73), (1.2, 4.04), (1.38, 5.1)),
}


def category(k: int, public: int, value: bool) -> str:
    """Return the category of kind ``k`` for ``RATES``: an honor by value (``v``) and its
    public copies (0, 1, 2 or more: ``z0``..``zv2``), a suited kind by rank (``t`` 1/9,
    ``e`` 2/8, ``m`` 3-7).

    >>> category(0, 0, False), category(7, 1, False), category(4, 0, False)
    ('t', 'e', 'm')
    >>> category(31, 1, True), category(28, 3, False)
    ('zv1', 'z2')
    """
    if k >= 27:
        return f"z{'v' if value else ''}{min(public, 2)}"
    r = k % 9
    return "t" if r in (0, 8) else "e" if r in (1, 7) else "m"


def stage(view: PlayerView) -> int:
    """Return the stage of the hand: the discards made so far at the table by sixteens (0-3)."""
    return min(3, sum(len(s.river) for s in view.seats) // 16)


@dataclass(frozen=True)
class Arrival:
    """Per kind: the copies the seat before (``left``, a chow) and all three others
    (``every``, a pon or a win) discard per copy this seat draws, and the weight that makes
    a chow shape count about one tile (``norm``)."""

    left: tuple[float, ...]
    every: tuple[float, ...]
    norm: float = 1.0
    #: weigh the improving tiles short of ready by their shape too (else they count one each
    #: and only the ready waits are weighed: session 8 measured the shapes as worth nothing)
    shapes: bool = True

    def wait(self, k: int) -> float:
        """Return the weight of an unseen copy of ``k`` that a ready hand waits on: it wins on
        any discard as well as by a draw."""
        return (1.0 + self.every[k]) / self.norm

    def factor(self, open_calc: HandCalc, counts: list[int], k: int, shanten: int) -> float:
        """Return the weight of an unseen copy of ``k``, an improving tile of the 3n+1 hand
        ``counts`` (``shanten`` from ready; ``open_calc`` reads hands as open): ready, a win
        on any discard; else a pon when the hand holds a pair of it and the pon brings it on,
        a chow when two tiles held make a run with it and the chow brings it on, else a draw.
        """
        if shanten <= 0:
            return self.wait(k)
        if not self.shapes:
            return 1.0
        if counts[k] >= 2:
            counts[k] -= 2
            ponned = open_calc.shanten(counts)
            counts[k] += 2
            if ponned < shanten:
                return (1.0 + self.every[k]) / self.norm
        if k < 27:
            r = k % 9
            for da, db in ((-2, -1), (-1, 1), (1, 2)):
                if r + da < 0 or r + db > 8:
                    continue
                a, b = k + da, k + db
                if counts[a] and counts[b]:
                    counts[a] -= 1
                    counts[b] -= 1
                    chowed = open_calc.shanten(counts)
                    counts[a] += 1
                    counts[b] += 1
                    if chowed < shanten:
                        return (1.0 + self.left[k]) / self.norm
        return 1.0 / self.norm

    def weighted(
        self,
        open_calc: HandCalc,
        counts: list[int],
        unseen: Sequence[float],
        kinds: Sequence[int],
        shanten: int,
    ) -> float:
        """Return the unseen copies of the improving ``kinds`` of ``counts``, each weighed by
        how fast it arrives (``factor``)."""
        return sum(
            unseen[k] * self.factor(open_calc, counts, k, shanten) for k in kinds if unseen[k]
        )


def arrival_for(
    view: PlayerView,
    value_kinds: Sequence[int],
    rates: Mapping[str, Sequence[Sequence[float]]],
    shapes: bool = True,
) -> Arrival:
    """Return the arrival rates of each kind at this decision of ``view``: the kind's category
    (``value_kinds`` the honors that score as a set for the viewer) and the hand's stage, read
    in ``rates`` (``RATES``'s shape; a category it lacks arrives by draws only); ``shapes``:
    see ``Arrival.shapes``."""
    public = seen_counts(view, include_own=False)  # the copies shown to every player
    st = stage(view)
    left: list[float] = []
    every: list[float] = []
    for k in range(34):
        row = rates.get(category(k, public[k], k in value_kinds))
        pair = row[st] if row else (0.0, 0.0)
        left.append(pair[0])
        every.append(pair[1])
    norm = 1.0 + sum(left) / 34
    return Arrival(tuple(left), tuple(every), norm, shapes)

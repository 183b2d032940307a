"""Call-aware acceptance: how fast a winning tile comes, by the ways it can come.

Where every bot claims every call that brings its hand on (Taiwan), a ready hand does not win
only by its own draws: its winning tile wins on anybody's discard as well. Per unseen copy of a
wait, the rate at which it arrives is one own draw plus the copies the three others still
discard per copy the viewer still draws itself (``every``, measured in self-play per kind
category and stage, ``RATES``; ``left``, the seat before's share, which a chow could take, sets
the scale). The weights are divided by the stage's mean chow weight (``norm``), the scale of one
tile the hand could take from the wall or the seat before.

Weighing the tiles short of ready by the call that would take them (a pon from any discard, a
chow from the left) measured nothing and is not done (docs/bots.md, "Decisions and what they
measured").

>>> arrival = Arrival(left=(0.5,) * 34, every=(1.5,) * 34)
>>> arrival.wait(22)  # a wait: (1 + 1.5) copies per own draw, over the norm 1
2.5
>>> Arrival(left=(0.5,) * 34, every=(1.5,) * 34, norm=1.25).wait(22)
2.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from majiang.bots.analysis import seen_counts
from majiang.view import PlayerView

__all__ = ["RATES", "Arrival", "arrival_for", "category", "stage"]

#: per kind category (``category``) and stage (``stage``, 0-3): the copies the seat before
#: discards, and the three others together, per copy the viewer draws itself from then on
#: (self-play of expert,expert,normal,normal, every rotation, 200 deals from seed 65800;
#: see docs/bots.md, "Valuation hooks")
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
    (``every``, a pon or a win) discard per copy this seat draws, and the scale of one tile
    the hand could take from the wall or the seat before (``norm``)."""

    left: tuple[float, ...]
    every: tuple[float, ...]
    norm: float = 1.0

    def wait(self, k: int) -> float:
        """Return the weight of an unseen copy of ``k`` that a ready hand waits on: it wins on
        any discard as well as by a draw."""
        return (1.0 + self.every[k]) / self.norm


def arrival_for(
    view: PlayerView,
    value_kinds: Sequence[int],
    rates: Mapping[str, Sequence[Sequence[float]]],
) -> Arrival:
    """Return the arrival rates of each kind at this decision of ``view``: the kind's category
    (``value_kinds`` the honors that score as a set for the viewer) and the hand's stage, read
    in ``rates`` (``RATES``'s shape; a category it lacks arrives by draws only)."""
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
    return Arrival(tuple(left), tuple(every), norm)

"""The values and small helpers every part of the engine uses.

Actions are immutable values, so the common ones are made once here; a state's tuples are
replaced, never changed, one entry at a time (``replace_at``).

>>> replace_at((1, 2, 3), 1, 9)
(1, 9, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.actions import Discard, Pass, Ron, Tsumo
from majiang.events import Event, PointsMoved
from majiang.rules.game import Moves
from majiang.state import GameState
from majiang.tiles import Tile, kind, sort_key

__all__ = [
    "DISCARD",
    "KIND",
    "ORDER",
    "PASS",
    "RIICHI",
    "RON",
    "TSUMO",
    "kind_counts",
    "next_seat",
    "pay",
    "replace_at",
]


KIND = tuple(kind(t) for t in range(45))
ORDER = tuple(sort_key(t) for t in range(45)).__getitem__
#: actions are immutable values, so the common ones are made once
DISCARD = tuple(Discard(t) for t in range(45))
RIICHI = tuple(Discard(t, riichi=True) for t in range(45))
PASS, RON, TSUMO = Pass(), Ron(), Tsumo()


def kind_counts(tiles: Sequence[Tile]) -> list[int]:
    """Return how many tiles of each kind ``tiles`` holds (red fives counted as fives)."""
    c = [0] * 42  # 34 kinds; room for a stray bonus tile, which no count reads
    for t in tiles:
        c[KIND[t]] += 1
    return c


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return ``values`` with the entry at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def next_seat(st: GameState, seat: int) -> int:
    """Return the next seat in turn order after ``seat`` that is still in play."""
    n = st.players
    nxt = (seat + 1) % n
    while "out" in st.status[nxt] and nxt != seat:
        nxt = (nxt + 1) % n
    return nxt


def pay(st: GameState, moves: Moves, ev: list[Event]) -> None:
    """Apply the points a hook moved, one ``points_moved`` event each."""
    for reason, deltas in moves:
        st.scores = tuple(a + b for a, b in zip(st.scores, deltas, strict=True))
        ev.append(PointsMoved(reason, deltas))

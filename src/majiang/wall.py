"""The wall: a variant's tiles in one shuffled order, built from a seeded random generator.

The engine draws ordinary tiles from the front (``tiles[0]``, ``tiles[1]`` ...) and replacement
tiles (after a kong or a flower) from the back (``tiles[-1]``, ``tiles[-2]`` ...). Riichi's dead
wall is the last 14 tiles: its four replacement tiles are the last four, its indicators sit just
before them (see ``rules/riichi/game.py``). Randomness is passed in, so a seed gives one wall.

>>> import random
>>> w = Wall.shuffled(tile_set("riichi").tiles(), random.Random("7/0"))
>>> len(w), w == Wall.shuffled(tile_set("riichi").tiles(), random.Random("7/0"))
(136, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from majiang.tiles import Tile, format_tiles, parse_tiles, tile_set

__all__ = ["Wall", "hand_rng", "tile_set"]


@dataclass(frozen=True, slots=True)
class Wall:
    """The tiles of one hand in wall order (front first)."""

    tiles: tuple[Tile, ...]

    @classmethod
    def shuffled(cls, tiles: Iterable[Tile], rng: random.Random) -> Wall:
        """Return the tiles shuffled by ``rng`` (deterministic for a seeded generator)."""
        order = list(tiles)
        rng.shuffle(order)
        return cls(tuple(order))

    @classmethod
    def from_notation(cls, text: str) -> Wall:
        """Return a wall written in notation, in wall order (for tests and fixed scenarios).

        >>> len(Wall.from_notation("1m2m3m"))
        3
        """
        return cls(tuple(parse_tiles(text)))

    def __len__(self) -> int:
        return len(self.tiles)

    def __str__(self) -> str:
        return format_tiles(self.tiles, sort=False)


def hand_rng(seed: int | str, hand: int) -> random.Random:
    """Return the generator for hand number ``hand`` of the game with ``seed``.

    Each hand has its own stream, so any hand of a record can be rebuilt on its own.

    >>> hand_rng(1, 0).random() == hand_rng(1, 0).random() != hand_rng(1, 1).random()
    True
    """
    return random.Random(f"majiang/{seed}/{hand}")

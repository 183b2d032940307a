"""Dora: the tiles the indicators point at, ura dora under riichi, and red fives.

Each indicator makes the next tile of its sequence dora (9 to 1, North to East, red dragon to
white); every copy of a dora in the hand (melds and kongs included) is worth one han per
indicator pointing at it. Kan dora are simply more indicators. Ura dora count only for a hand
in riichi (or double riichi); red fives (``0m 0p 0s``) are one han each. Dora never make a
hand valid on their own.

>>> from majiang.tiles import counts34, parse_tiles
>>> count_dora(counts34(parse_tiles("11123m")), parse_tiles("9m4z"))
3
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.scoring import Item
from majiang.tiles import NUM_TILE_IDS, dora_from_indicator

#: tile id (red fives included) -> the kind it makes dora as an indicator
DORA_OF = tuple(dora_from_indicator(t) for t in range(NUM_TILE_IDS))


def count_dora(counts: Sequence[int], indicators: Sequence[int]) -> int:
    """Return how many han the indicators give a hand with these kind counts."""
    dora_of = DORA_OF
    n = 0
    for t in indicators:
        n += counts[dora_of[t]]
    return n


def dora_items(dora: int, ura: int, red: int) -> list[Item]:
    """Return the ``dora``, ``ura_dora`` and ``aka_dora`` items of these han (those worth some).

    >>> from majiang.tiles import counts34, parse_tiles
    >>> [i.to_dict() for i in dora_items(count_dora(counts34(parse_tiles("555m")),
    ...                                             parse_tiles("4m")), 0, 1)]
    [{'id': 'dora', 'name': 'Dora', 'value': 3}, {'id': 'aka_dora', 'name': 'Red fives', 'value': 1}]
    """
    out: list[Item] = []
    if dora:
        out.append(_item("dora", "Dora", dora))
    if ura:
        out.append(_item("ura_dora", "Ura dora", ura))
    if red:
        out.append(_item("aka_dora", "Red fives", red))
    return out


_ITEMS: dict[tuple[str, int], Item] = {}


def _item(item_id: str, name: str, value: int) -> Item:
    """Return the (immutable, shared) item for a dora count."""
    found = _ITEMS.get((item_id, value))
    if found is None:
        found = _ITEMS[(item_id, value)] = Item(item_id, name, value)
    return found

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
from majiang.tiles import dora_from_indicator


def count_dora(counts: Sequence[int], indicators: Sequence[int]) -> int:
    """Return how many han the indicators give a hand with these kind counts."""
    return sum(counts[dora_from_indicator(t)] for t in indicators)


def dora_items(
    counts: Sequence[int],
    dora_indicators: Sequence[int],
    ura_indicators: Sequence[int],
    red_fives: int,
    in_riichi: bool,
) -> list[Item]:
    """Return the ``dora``, ``ura_dora`` and ``aka_dora`` items (only those worth something).

    >>> from majiang.tiles import counts34, parse_tiles
    >>> [i.to_dict() for i in dora_items(counts34(parse_tiles("555m")), parse_tiles("4m"),
    ...                                  parse_tiles("4m"), 1, in_riichi=False)]
    [{'id': 'dora', 'name': 'Dora', 'value': 3}, {'id': 'aka_dora', 'name': 'Red fives', 'value': 1}]
    """
    out: list[Item] = []
    dora = count_dora(counts, dora_indicators)
    if dora:
        out.append(Item("dora", "Dora", dora))
    if in_riichi and ura_indicators:
        ura = count_dora(counts, ura_indicators)
        if ura:
            out.append(Item("ura_dora", "Ura dora", ura))
    if red_fives:
        out.append(Item("aka_dora", "Red fives", red_fives))
    return out

"""A riichi block's facts (rules/riichi/shapes.py) against its counts read place by place.

``new_block`` reads a block's counts, the places it holds, how many it holds twice, its counts
packed 5 bits a place, nine gates, its weight and its split as the honors' from two static
tables of its halves (a count above 4, no hand's block, is worked out instead); a suit's
splits come from a table of keys that is emptied when full, the pair tried only where the
weight allows it; the honors' split is read from the halves; each part keeps its waits in its
own list. Each is checked here against the plain reading: every suit shape of up to 8 tiles
and a sample of those up to 14, the honors' shapes, and hand-picked cases (the halves'
edges, counts above 4, nine gates); the parts against ``decompose``'s splits.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from majiang.decompose import _suit_splits
from majiang.rules.riichi import shapes
from majiang.rules.riichi.shapes import TILE_BITS, complete_shapes, key_of, new_block, splits
from test_riichi_request import suit_counts


def _expected(counts: tuple[int, ...], honors: bool) -> dict[str, Any]:
    """Return a block's facts read from its counts one place at a time."""
    size = sum(counts)
    has_pair = size % 3 == 2
    return {
        "counts": counts,
        "present": sum(1 << place for place, n in enumerate(counts) if n),
        "tiles": sum(n << TILE_BITS * place for place, n in enumerate(counts)),
        "packed": size | has_pair << 6,
        "twos": counts.count(2),
        "has_pair": has_pair,
        "nine_gates": not honors and counts[0] >= 3 and counts[8] >= 3 and min(counts) >= 1,
    }


def _facts(counts: tuple[int, ...], honors: bool) -> dict[str, Any]:
    b = new_block(key_of(counts), honors, sum(counts))
    return {
        "counts": b.counts,
        "present": b.present,
        "tiles": b.tiles,
        "packed": b.packed,
        "twos": b.twos,
        "has_pair": b.has_pair,
        "nine_gates": b.nine_gates,
    }


@pytest.mark.parametrize(
    ("counts", "honors"),
    [
        ((0,) * 9, False),  # the empty block
        ((4, 4, 4, 0, 0, 0, 0, 0, 0), False),  # the low third full
        ((0, 0, 0, 4, 4, 4, 0, 0, 0), False),  # the middle third full
        ((0, 0, 0, 0, 0, 0, 4, 4, 2), False),  # the high third, a pair at 9
        ((0, 0, 0, 0, 4, 4, 0, 0, 0), False),  # the low half's last place, the high's first
        ((4, 4, 4, 4, 4, 0, 0, 0, 0), False),  # the low half full
        ((0, 0, 0, 0, 0, 4, 4, 4, 4), False),  # the high half full
        ((2, 2, 2, 2, 2, 2, 2, 0, 0), False),  # seven twos
        ((3, 1, 1, 1, 1, 1, 1, 1, 3), False),  # nine gates waiting
        ((3, 1, 1, 1, 2, 1, 1, 1, 3), False),  # nine gates complete
        ((3, 1, 1, 1, 2, 1, 1, 1, 3), True),  # not for the honors (no 8 or 9 there anyway)
        ((3, 1, 1, 1, 0, 1, 1, 2, 3), False),  # a place missing: no nine gates
        ((1, 0, 0, 0, 0, 0, 1, 0, 0), True),  # honors: East and the red dragon
        ((5, 0, 0, 0, 0, 0, 0, 0, 0), False),  # a count above 4 (no hand's): worked out
        ((0, 0, 0, 0, 7, 0, 0, 0, 0), False),  # above 4 in the middle third
        ((1, 2, 3, 4, 9, 4, 3, 2, 15), False),  # above 4 in two thirds, the most a key holds
    ],
)
def test_block_facts_of_chosen_counts(counts: tuple[int, ...], honors: bool) -> None:
    assert _facts(counts, honors) == _expected(counts, honors)


def test_block_facts_of_every_small_shape_and_a_sample_of_the_rest() -> None:
    """Every suit shape of up to 8 tiles (as suit and as honors), 4,000 of up to 14 tiles, and
    every shape a complete hand's honors can hold."""
    checked = suit_counts(8) + random.Random(7).sample(suit_counts(14), 4000)
    for counts in checked:
        assert _facts(counts, False) == _expected(counts, False), counts
        if not counts[7] and not counts[8]:
            assert _facts(counts, True) == _expected(counts, True), counts
    for counts in complete_shapes(True):
        assert _facts(counts, True) == _expected(counts, True), counts


def test_splits_table_emptied_when_full_gives_the_same_splits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for only 8 keys the splits' table is emptied again and again: every shape
    still splits as with the table kept (the table is only a shortcut)."""
    sample = random.Random(3).sample(suit_counts(14), 1500)
    kept = [splits(counts, True) for counts in sample]
    monkeypatch.setattr(shapes, "KEEP", 8)
    table = shapes._SPLITS[1]
    table.clear()
    most = 0
    for counts, split in zip(sample, kept, strict=True):
        assert splits(counts, True) == split, counts
        most = max(most, len(table))
    # past the check one block adds at most 22 keys (the most any suit shape of up to 14
    # tiles adds to an empty table: 3444 2 1 from the 5s)
    assert most <= 7 + 22
    table.clear()


def test_a_parts_waits_are_its_own() -> None:
    """Each part keeps the waits asked of it in its own list: asking one part leaves every
    other part's waits as they were."""
    first = new_block(key_of((1, 1, 1, 0, 0, 0, 0, 0, 2)), False, 5).parts[0]
    second = new_block(key_of((0, 1, 1, 1, 0, 0, 0, 2, 0)), False, 5).parts[0]
    assert first.waits == second.waits == [None] * 9
    assert first.waits is not second.waits
    assert first.waits_at(2) == (shapes.PENCHAN,)
    assert first.waits[2] == (shapes.PENCHAN,) and second.waits == [None] * 9
    assert second.waits_at(1) == (shapes.RYANMEN,)
    assert second.waits[:3] == [None, (shapes.RYANMEN,), None] and first.waits[1] is None


def _plain_parts(counts: tuple[int, ...], honors: bool) -> tuple[Any, ...]:
    """Return ``decompose``'s splits of one block as (pair, chow places, pung places)."""
    return tuple(
        (
            pair,
            tuple(place for sort, place in sets if sort == 0),
            tuple(place for sort, place in sets if sort == 1),
        )
        for pair, sets in _suit_splits(counts[:7] if honors else counts, not honors)
    )


def _parts(counts: tuple[int, ...], honors: bool) -> tuple[Any, ...]:
    b = new_block(key_of(counts), honors, sum(counts))
    found = tuple((p.pair, p.chows, p.pungs) for p in b.parts)
    assert b.one_part is (b.parts[0] if len(b.parts) == 1 else None)
    return found


def test_parts_of_every_small_shape_and_a_sample_of_the_rest_are_decomposes() -> None:
    """A suit's parts (the pair tried only at a place its weight allows, every other way taken
    off the lowest place) and the honors' (read from the halves, no recursion) are exactly
    ``decompose``'s splits, in its order: every suit shape of up to 8 tiles, 4,000 of up to
    14, and every honors shape of up to 14 tiles."""
    checked = suit_counts(8) + random.Random(11).sample(suit_counts(14), 4000)
    for counts in checked:
        assert _parts(counts, False) == _plain_parts(counts, False), counts
    for counts in suit_counts(14):
        if not counts[7] and not counts[8]:
            assert _parts(counts, True) == _plain_parts(counts, True), counts


def test_new_blocks_with_the_splits_table_emptied_when_full_are_decomposes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``new_block`` reads a suit's splits through ``_splits``: with room for only 8 keys the
    table is emptied again and again, and the parts stay the same."""
    sample = random.Random(5).sample(suit_counts(14), 1500)
    monkeypatch.setattr(shapes, "KEEP", 8)
    table = shapes._SPLITS[1]
    table.clear()
    for counts in sample:
        assert _parts(counts, False) == _plain_parts(counts, False), counts
        assert len(table) <= 7 + 22
    table.clear()


@pytest.mark.parametrize(
    "counts",
    [
        (5, 0, 0, 0, 0, 0, 0, 0, 0),  # a pung and the pair of one place
        (3, 5, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 8, 0, 0, 0, 0, 0, 0),
        (6, 0, 0, 0, 0, 0, 0, 0, 0),  # more than the split's fields hold: as before, a chow
    ],
)
def test_honors_above_4_split_as_without_chows(counts: tuple[int, ...]) -> None:
    """An honors block with a place held 5 times or more (no hand's) is split as a suit's
    without chows (the halves' reading stops at 4)."""
    assert _parts(counts, True) == splits(counts, False)

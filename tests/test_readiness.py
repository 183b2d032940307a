"""majiang.readiness against its definitions, on random hands of every variant's forms:
``can_be_ready`` (now read off the shanten tables) must say exactly whether some discard leaves
waits, and ``is_complete`` exactly whether the hand is some 3n+1 hand plus one of its waits."""

from __future__ import annotations

import random

import pytest

from majiang.readiness import can_be_ready, is_complete, ready_discards, waits
from majiang.shanten import (
    SEVEN_PAIRS,
    SEVEN_PAIRS_ONE_PUNG,
    SEVEN_PAIRS_QUADS,
    STANDARD,
    THIRTEEN_ORPHANS,
    PreparedHand,
    distance,
)
from majiang.tiles import counts34, format_tiles, parse_tiles

FORMS = [(), ("seven_pairs", "thirteen_orphans"), ("seven_pairs_quads",), ("seven_pairs_one_pung",)]


def hands(size: int, seed: int, n: int, close: bool, few: int = 6) -> list[list[int]]:
    """Return ``n`` random hands of ``size`` tiles as 34 counts; ``close`` draws from ``few``
    kinds so that ready and complete hands are common."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kinds = rng.sample(range(34), few) if close else list(range(34))
        wall = [k for k in kinds for _ in range(4)]
        counts = [0] * 34
        for k in rng.sample(wall, size):
            counts[k] += 1
        out.append(counts)
    return out


@pytest.mark.parametrize("forms", FORMS)
@pytest.mark.parametrize("size", [14, 17, 11])
def test_can_be_ready_says_whether_a_discard_leaves_waits(
    forms: tuple[str, ...], size: int
) -> None:
    ready = 0
    for counts in hands(size, size, 600, close=True):
        expected = False
        for d in range(34):
            if counts[d]:
                counts[d] -= 1
                expected = expected or bool(waits(counts, forms))
                counts[d] += 1
        assert can_be_ready(counts, forms) == expected, (counts, forms)
        assert bool(ready_discards(counts, forms)) == expected
        ready += expected
    assert 10 < ready < 590  # both answers were tested


@pytest.mark.parametrize("forms", FORMS)
def test_is_complete_is_a_ready_hand_and_its_wait(forms: tuple[str, ...]) -> None:
    complete = 0
    for counts in hands(14, 7, 600, close=True):
        expected = False
        for d in range(34):
            if counts[d]:
                counts[d] -= 1
                expected = expected or d in waits(counts, forms)
                counts[d] += 1
        assert is_complete(counts, forms) == expected, (counts, forms)
        complete += expected
    assert complete > 3


#: majiang.shanten's flags for the forms above (its distance is 0 exactly for a complete hand)
FLAGS = {
    (): STANDARD,
    ("seven_pairs", "thirteen_orphans"): STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS,
    ("seven_pairs_quads",): STANDARD | SEVEN_PAIRS_QUADS,
    ("seven_pairs_one_pung",): STANDARD | SEVEN_PAIRS_ONE_PUNG,
}


@pytest.mark.parametrize("forms", FORMS)
@pytest.mark.parametrize("size", [13, 16, 10])
def test_waits_are_the_kinds_that_complete_the_hand(forms: tuple[str, ...], size: int) -> None:
    """Every kind a fifth copy of which is not needed, whose tile makes the hand complete by
    the shanten tables' own reading (another route than waits' per-suit search)."""
    ready = 0
    # from 6 kinds (sets) and from 8 (seven pairs; eight kinds for Taiwan's pairs and a pung)
    drawn = hands(size, 100 + size, 300, True) + hands(size, 200 + size, 300, True, few=8)
    for counts in drawn:
        expected = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if distance(PreparedHand(counts), FLAGS[forms]) == 0:
                    expected.append(k)
                counts[k] -= 1
        assert waits(counts, forms) == expected, (counts, forms)
        ready += bool(expected)
    assert 10 < ready < 590  # both answers were tested


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen-sided
        ("19m19p19s1234566z", "7z"),  # the pair held, the missing orphan
        ("11m9m19p19s123456z", "7z"),
        ("129m19p19s123456z", ""),  # a simple in the hand
        ("19m19p19s1234555z", ""),  # three of one orphan
        ("1199m19p19s12345z", ""),  # two orphans missing
    ],
)
def test_thirteen_orphans_waits(hand: str, expected: str) -> None:
    counts = counts34(parse_tiles(hand))
    assert format_tiles(waits(counts, ("seven_pairs", "thirteen_orphans"))) == expected
    assert format_tiles(waits(counts)) == ""  # not a standard-form wait

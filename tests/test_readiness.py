"""majiang.readiness against its definitions, on random hands of every variant's forms:
``can_be_ready`` (now read off the shanten tables) must say exactly whether some discard leaves
waits, and ``is_complete`` exactly whether the hand is some 3n+1 hand plus one of its waits."""

from __future__ import annotations

import random

import pytest

from majiang.readiness import can_be_ready, is_complete, ready_discards, waits

FORMS = [(), ("seven_pairs", "thirteen_orphans"), ("seven_pairs_quads",), ("seven_pairs_one_pung",)]


def hands(size: int, seed: int, n: int, close: bool) -> list[list[int]]:
    """Return ``n`` random hands of ``size`` tiles as 34 counts; ``close`` draws from a few
    kinds so that ready and complete hands are common."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kinds = rng.sample(range(34), 6) if close else list(range(34))
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

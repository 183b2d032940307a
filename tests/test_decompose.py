"""Decomposition: every reading of a complete hand, the special forms, and a brute-force check."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from majiang.decompose import (
    Decomposition,
    Group,
    decompositions,
    is_seven_pairs,
    is_standard,
    is_thirteen_orphans,
    seven_pairs_one_pung,
)
from majiang.tiles import counts34, format_tiles, parse_tiles


def readings(text: str) -> list[str]:
    return sorted(str(d) for d in decompositions(counts34(parse_tiles(text))))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # one reading
        ("123m456p789s11222z", ["11z 123m 456p 789s 222z"]),
        # three pungs or three chows
        ("111222333m456p77z", ["77z 111m 222m 333m 456p", "77z 123m 123m 123m 456p"]),
        # the pair may move: 1m or 4m
        ("11223344m", ["11m 234m 234m", "44m 123m 123m"]),
        # 11122233344455m: four readings (the decompose docstring)
        (
            "11122233344455m",
            [
                "22m 111m 234m 345m 345m",
                "55m 111m 222m 333m 444m",
                "55m 111m 234m 234m 234m",
                "55m 123m 123m 123m 444m",
            ],
        ),
        # nine gates completed on 5m: one reading (567m + 789m would need two 7m)
        ("11123455678999m", ["55m 111m 234m 678m 999m"]),
        # five sets and a pair: Taiwan's 17 tiles
        ("123456789m123p11222z", ["11z 123m 456m 789m 123p 222z"]),
        # many readings of one suit: checked against the brute force below
        ("11122233344455566m", None),
        # fewer sets once melds are called
        ("55z", ["55z"]),
        ("12355m", ["55m 123m"]),
        # honors never form chows; no reading
        ("123z11m", []),
        # not 3n+2 tiles
        ("123m", []),
        ("1m", []),
        # a 3n+2 hand with no reading
        ("123m456p789s12z34z", []),
        # seven pairs is not a standard reading
        ("1122m3344p5566s77z", []),
        # four of a kind in a standard hand
        ("11112344m", ["44m 123m 111m"]),
        ("11112345m", []),
    ],
)
def test_readings(hand: str, expected: list[str] | None) -> None:
    got = readings(hand)
    if expected is None:  # checked against the brute force below instead of by hand
        assert got == brute_readings(counts34(parse_tiles(hand)))
    else:
        assert got == sorted(expected)


@pytest.mark.parametrize(
    ("hand", "distinct", "expected"),
    [
        ("1122m3344p5566s77z", True, True),
        ("1111m3344p5566s77z", True, False),  # riichi, hk: four of a kind is not two pairs
        ("1111m3344p5566s77z", False, True),  # sichuan: it is
        ("1122m3344p5566s7z", True, False),  # 13 tiles
        ("1122m3344p556s777z", True, False),  # a pung
        ("11m22m33m44m55m66m77m", True, True),
    ],
)
def test_seven_pairs(hand: str, distinct: bool, expected: bool) -> None:
    assert is_seven_pairs(counts34(parse_tiles(hand)), distinct=distinct) is expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("19m19p19s12345677z", True),
        ("119m19p19s1234567z", True),
        ("19m19p19s1234567z", False),  # 13 tiles
        ("19m19p19s12345666z", False),  # 7z missing
        ("19m19p19s1234567z5m", False),  # a simple instead of the pair
    ],
)
def test_thirteen_orphans(hand: str, expected: bool) -> None:
    assert is_thirteen_orphans(counts34(parse_tiles(hand))) is expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1122m3344p5566s11777z", "7z"),  # lik gu lik gu (taiwan.md)
        ("111m22m3344p5566s1177z", "1m"),
        ("1122m3344p5566s1177z", None),  # 16 tiles
        ("1111m3344p5566s1777z", None),  # four of a kind is not two pairs here
        ("111m222m44p5566s1177z", None),  # two pungs
        ("1122m3344p5566s11777z1m", None),  # 18 tiles
    ],
)
def test_seven_pairs_one_pung(hand: str, expected: str | None) -> None:
    got = seven_pairs_one_pung(counts34(parse_tiles(hand)))
    assert (None if got is None else format_tiles([got])) == expected


def test_groups_and_str() -> None:
    d = Decomposition(27, (Group("chow", 0), Group("pung", 9)))
    assert str(d) == "11z 123m 111p"
    assert Group("chow", 24).tiles == (24, 25, 26)
    assert is_standard(counts34(parse_tiles("123m11z"))) is True
    assert is_standard(counts34(parse_tiles("124m11z"))) is False


# --- brute force --------------------------------------------------------------------------------

SETS = [Group("pung", k) for k in range(34)] + [
    Group("chow", s * 9 + r) for s in range(3) for r in range(7)
]


def brute_readings(counts: list[int]) -> list[str]:
    """Every reading, by trying every pair and every multiset of sets that fits in the hand."""
    total = sum(counts)
    if total % 3 != 2:
        return []
    need = total // 3
    out: set[str] = set()
    for pair in range(34):
        if counts[pair] < 2:
            continue
        rest = list(counts)
        rest[pair] -= 2
        fits = [g for g in SETS if all(rest[x] >= n for x, n in Counter(g.tiles).items())]
        for combo in combinations_with_replacement(fits, need):
            used = Counter(x for g in combo for x in g.tiles)
            if all(used[x] == rest[x] for x in range(34)):
                sets = tuple(sorted(combo, key=lambda g: (g.tile, g.kind)))
                out.add(str(Decomposition(pair, sets)))
    return sorted(out)


def _complete_hand(rng: random.Random, sets: int) -> list[int]:
    """A random complete hand: random sets and a pair, never a fifth copy."""
    while True:
        counts = [0] * 34
        for _ in range(sets):
            for x in rng.choice(SETS).tiles:
                counts[x] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("sets", [1, 2, 3, 4, 5])
def test_brute_force_agreement_complete_hands(sets: int) -> None:
    rng = random.Random(sets)
    for _ in range(60 if sets < 5 else 15):
        counts = _complete_hand(rng, sets)
        got = sorted(str(d) for d in decompositions(counts))
        assert got and got == brute_readings(counts)


def test_brute_force_agreement_one_suit() -> None:
    rng = random.Random(99)
    for _ in range(60):
        tiles = sorted(rng.choice(range(9)) for _ in range(14))
        counts = counts34(tiles)
        if max(counts) > 4:
            continue
        assert sorted(str(d) for d in decompositions(counts)) == brute_readings(counts)


def test_every_reading_uses_exactly_the_tiles() -> None:
    rng = random.Random(5)
    for _ in range(200):
        counts = _complete_hand(rng, 4)
        for d in decompositions(counts):
            used = Counter(x for g in d.sets for x in g.tiles)
            used[d.pair] += 2
            assert [used[k] for k in range(34)] == counts

"""The bots' fast shanten paths give the numbers of the plain way (issue 11: a faster expert
with play unchanged).

``HandCalc`` finds a hand's improving kinds in one pass (the three blocks a draw leaves alone
are read once, table distances memoized by the blocks' table ids) instead of adding each
candidate kind and recomputing the whole hand. These tests compare it, on generated hands of
every variant (with melds, dead kinds, a void suit, a plan's forms), with
``majiang.shanten.shanten`` and with the candidate-by-candidate way, and check that an expert
built on the candidate-by-candidate calculator plays the same games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from majiang.bots.analysis import HandCalc, near_kinds, neighbours, variant_limits
from majiang.bots.master import _FORMS, _FastCalc
from majiang.bots.play import play_game
from majiang.bots.policy import EXPERT, PolicyBot
from majiang.errors import MajiangError
from majiang.melds import Meld, parse_meld
from majiang.readiness import waits
from majiang.rules import get_ruleset
from majiang.shanten import PreparedHand, shanten
from majiang.tiles import counts34, kind, parse_tiles, tile_set

VARIANTS = ["riichi", "hk", "hk2", "hkos", "taiwan", "sichuan"]
ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: the form masks a plan may keep (majiang.shanten's bits) and the public function's names
FORM_NAMES = {1: "standard", 8: "thirteen_orphans"}
BIG = 9


class OneByOne(HandCalc):
    """The calculator the way it was: each candidate kind added and the hand recomputed."""

    __slots__ = ()

    def improving_kinds(self, counts: list[int]) -> tuple[int, list[int]]:
        base = self.shanten(counts)
        found = []
        for k in drawable_neighbours(self, counts):
            counts[k] += 1
            if self.shanten(counts) < base:
                found.append(k)
            counts[k] -= 1
        return base, found


def drawable_neighbours(calc: HandCalc, counts: Sequence[int]) -> list[int]:
    """Return the kinds next to the tiles held (and, closed, the orphans) that the hand can
    still draw: the candidates the expert looks at, in order."""
    candidates: set[int] = set()
    for k in range(34):
        if counts[k]:
            candidates.update(neighbours(k))
    if calc.closed:
        candidates.update(ORPHAN_KINDS)
    return [k for k in sorted(candidates) if counts[k] + calc.lacks[k] < 4]


def public_shanten(
    variant: str, counts: Sequence[int], lacks: Sequence[int], closed: bool, form: int | None
) -> int:
    """Return ``majiang.shanten.shanten`` of the hand (``BIG`` when no complete hand is
    reachable or the form does not apply, or is none of the variant's), the variant's copies
    and ``lacks`` as caps."""
    if form is not None and not form & HandCalc(variant).forms:
        return BIG
    lacks = [min(4 - c, x) for c, x in zip(counts, lacks, strict=True)]
    hand = PreparedHand(counts, lacks, closed, variant)
    try:
        if form is None:
            return shanten(hand, variant)
        return shanten(hand, variant, form=FORM_NAMES[form])
    except MajiangError:
        return BIG


def generated_hands(
    variant: str, n: int, seed: int = 0, hold_dead: bool = True
) -> list[tuple[list[int], tuple[Meld, ...], tuple[int, ...], int | None]]:
    """Return ``n`` hands of 3k+1 tiles (counts, melds, dead kinds, forms) of the variant:
    closed and with melds, with no dead kinds, a dead suit (Sichuan's void, a flush plan's
    other suits) or scattered dead kinds (held or, ``hold_dead=False``, not), and a plan's
    forms now and then."""
    rng = random.Random(f"{variant}/{seed}")
    wall = [t for t in tile_set(variant).tiles() if kind(t) < 34]
    full = get_ruleset(variant).hand_size
    meld = parse_meld("pon 111m" if variant == "sichuan" else "pon 111z")
    out = []
    for _ in range(n):
        size = rng.choice([full] * 4 + [full - 3, full - 6, full - 9, 1])
        melds = (meld,) * ((full - size) // 3)
        r = rng.random()
        if variant == "sichuan" or r < 0.3:
            suit = rng.randrange(3)
            dead: tuple[int, ...] = tuple(range(9 * suit, 9 * suit + 9))
        elif r < 0.45:
            dead = tuple(sorted(rng.sample(range(34), rng.randrange(1, 12))))
        else:
            dead = ()
        tiles = wall if hold_dead else [t for t in wall if kind(t) not in dead]
        counts = counts34(rng.sample(tiles, size))
        forms = rng.choice([None, None, None, 1, 8])
        out.append((counts, melds, dead, forms))
    return out


def draw_toward(calc: HandCalc, counts: list[int], rng: random.Random) -> None:
    """Draw one of the hand's improving kinds and discard another tile (a hand nearer ready)."""
    _, kinds = calc.improving_kinds(counts)
    if not kinds:
        return
    k = rng.choice(kinds)
    held = [j for j in range(34) if counts[j] and j != k]
    if held:
        counts[k] += 1
        counts[rng.choice(held)] -= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_shanten_agrees_with_the_public_function(variant: str) -> None:
    # every hand without a dead kind held: what majiang.shanten.shanten says, with the
    # variant's missing tiles and the dead kinds as caps (and a plan's single form)
    limits = variant_limits(variant)
    checked = 0
    for counts, melds, dead, forms in generated_hands(variant, 150, hold_dead=False):
        calc = HandCalc(variant, melds, dead, forms)
        lacks = [4 - limits[k] if k not in dead else 4 for k in range(34)]
        for extra in [None, *range(34)]:  # the 3k+1 hand, then each 3k+2 hand with it
            hand = list(counts)
            if extra is not None:
                hand[extra] += 1
                if hand[extra] + lacks[extra] > 4:
                    continue
            if any(hand[k] for k in dead):
                continue
            expected = public_shanten(variant, hand, lacks, not melds, forms)
            assert calc.shanten(hand) == expected, (variant, hand, melds, dead, forms)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("variant", VARIANTS)
def test_improving_kinds_agree_with_the_public_function(variant: str) -> None:
    # the kinds whose draw lowers the public shanten, among the neighbours of the tiles held
    # (and the orphans, closed), for hands without a dead kind held
    limits = variant_limits(variant)
    rng = random.Random(variant)
    checked = 0
    for counts, melds, dead, forms in generated_hands(variant, 120, seed=1, hold_dead=False):
        calc = HandCalc(variant, melds, dead, forms)
        lacks = [4 - limits[k] if k not in dead else 4 for k in range(34)]
        for _ in range(3):
            if not any(counts[k] for k in dead):
                base = public_shanten(variant, counts, lacks, not melds, forms)
                expected = []
                for k in drawable_neighbours(calc, counts):
                    counts[k] += 1
                    if public_shanten(variant, counts, lacks, not melds, forms) < base:
                        expected.append(k)
                    counts[k] -= 1
                assert calc.improving_kinds(counts) == (base, expected), (variant, counts, dead)
                checked += 1
            draw_toward(calc, counts, rng)
    assert checked > 150


@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_paths_agree_with_one_by_one(variant: str) -> None:
    # every generated hand, dead kinds held or not: improving kinds, acceptance and the
    # two-step look are what the candidate-by-candidate calculator gives
    rng = random.Random(f"one-by-one/{variant}")
    for counts, melds, dead, forms in generated_hands(variant, 120, seed=2):
        fast = HandCalc(variant, melds, dead, forms)
        slow = OneByOne(variant, melds, dead, forms)
        unseen = [rng.randrange(4) for _ in range(34)]
        for _ in range(3):
            before = list(counts)
            assert fast.improving_kinds(counts) == slow.improving_kinds(counts)
            assert fast.improving(counts, unseen) == slow.improving(counts, unseen)
            assert fast.ready_quality(counts, unseen) == slow.ready_quality(counts, unseen)
            assert counts == before  # (the counts are borrowed, never changed)
            draw_toward(slow, counts, rng)


@pytest.mark.parametrize(
    ("hand", "variant", "dead", "expected"),
    [
        # a void suit held (sichuan.md): the 1m must go, so the hand is one from ready, and
        # 1p/4p (123p or 234p), 7p (234p 567p) or 1s/2s (a pung) make it ready
        ("1m23p456p789s1122s", "sichuan", range(9), (1, [9, 12, 15, 18, 19])),
        # riichi.md: thirteen orphans ready on 1m, which no tile held neighbours
        ("9m19p19s12345667z", "riichi", (), (0, [0])),
        # seven pairs one pair short: every kind held alone completes it (riichi.md)
        ("1122m3344p5566s7z", "riichi", (), (0, [33])),
    ],
)
def test_improving_kinds_examples(
    hand: str, variant: str, dead: Sequence[int], expected: tuple[int, list[int]]
) -> None:
    counts = counts34(parse_tiles(hand))
    assert HandCalc(variant, (), tuple(dead)).improving_kinds(counts) == expected
    assert OneByOne(variant, (), tuple(dead)).improving_kinds(counts) == expected


def test_memoized_kinds_are_a_fresh_list() -> None:
    # a caller may keep or change the list it gets: the memo is not touched
    calc = HandCalc("riichi")
    counts = counts34(parse_tiles("123m456p789s1122z"))
    first = calc.improving_kinds(counts)[1]
    first.append(99)
    assert calc.improving_kinds(counts) == (0, [27, 28])


@pytest.mark.parametrize("variant", VARIANTS)
def test_playout_acceptance_as_before(variant: str) -> None:
    # master's playouts read acceptance from the shape: the waits once ready, else the unseen
    # kinds next to the tiles held (bots/master.py), now from a cached neighbour list
    _FORMS.setdefault(variant, get_ruleset(variant).win_forms)
    rng = random.Random(f"playout/{variant}")
    for counts, melds, dead, _ in generated_hands(variant, 150, seed=3):
        calc = _FastCalc(variant, melds, dead)
        unseen = [rng.randrange(4) for _ in range(34)]
        base = calc.shanten(counts)
        if base == 0:
            kinds = waits(counts, _FORMS[variant])
        else:
            near = {j for k in range(34) if counts[k] for j in neighbours(k)}
            assert near_kinds(counts) == tuple(sorted(near))
            kinds = [k for k in near if unseen[k]]
        assert calc.improving(counts, unseen) == (base, len(kinds), sum(unseen[k] for k in kinds))


class OneByOneExpert(PolicyBot):
    """The expert on the candidate-by-candidate calculator."""

    calculator = OneByOne


@pytest.mark.parametrize(("variant", "seed"), [("riichi", 3), ("hk", 5), ("sichuan", 7)])
def test_expert_plays_the_same_hands(variant: str, seed: int) -> None:
    rules = get_ruleset(variant)
    games = []
    for cls in (PolicyBot, OneByOneExpert):
        bots = [cls(EXPERT, s, variant) for s in range(rules.players)]
        game = play_game(rules, bots, seed=seed, length="one_hand")
        games.append(game.record.events)
    assert games[0] == games[1]
    assert len(games[0]) > 40

"""The valuation hooks that make the normal and expert bots stronger in taiwan, sichuan and
hk2 (docs/bots.md, "Valuation hooks"): each rule from the spec pages, positive and closest
negative."""

from __future__ import annotations

import pytest

from majiang.bots.analysis import unseen_counts
from majiang.bots.levels import make_bot
from majiang.bots.policy import PolicyBot
from majiang.bots.valuation import (
    HandContext,
    HongKongValuation,
    SichuanValuation,
    valuation_for,
)
from majiang.engine import new_game
from majiang.melds import Meld, parse_meld
from majiang.rules import get_ruleset
from majiang.tiles import counts34, parse_tile, parse_tiles
from majiang.view import PlayerView, player_view


def _context(
    variant: str, hand: str, melds: tuple[Meld, ...] = (), wall: int | None = None
) -> HandContext:
    rules = get_ruleset(variant)
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, 1)
    if wall is not None:
        view = view._replace(wall_left=wall)
    return HandContext(view, counts34(parse_tiles(hand)), melds, 1, [0] * 34, [3] * 34)


# ---------------------------------------------------------------- hk2 (hongkong.md, "hk2")


@pytest.mark.parametrize(
    ("variant", "hand", "melds", "on"),
    [
        # hk2's 80 tiles hold every kind of thirteen orphans: nine kinds, closed: go for it
        ("hk2", "19m19p1s1234z55p6p", (), True),
        # eight kinds: not yet (the normal's threshold; the expert weighs the plan)
        ("hk2", "19m19p1s123z555p6p", (), False),
        # an open hand can never be thirteen orphans
        ("hk2", "19m19p1s1234z", ("pon 555p",), False),
        # hk (136 tiles): the rule is hk2's alone
        ("hk", "19m19p1s1234z55p6p", (), False),
    ],
)
def test_hk2_goes_for_thirteen_orphans(
    variant: str, hand: str, melds: tuple[str, ...], on: bool
) -> None:
    v = valuation_for(variant)
    assert isinstance(v, HongKongValuation)
    m = tuple(parse_meld(x) for x in melds)
    ctx = _context(variant, hand, m)
    assert v.on_orphans(ctx) is on
    throw = v.keep_bias(ctx, parse_tile("5p")) <= -10  # (the policy's forced discards)
    assert throw is on
    if on:
        assert v.keep_bias(ctx, parse_tile("1z")) > 0
        assert not v.call_ok(ctx, ctx.counts, (parse_meld("pon 111z"),), 3)


def test_hk2_plans_the_full_flush_and_thirteen_orphans_from_seven_kinds() -> None:
    # hongkong.md: full flush 7 fan against the half flush's 3; hk2 pays 2^fan, so a hand of
    # dots that still holds honors weighs throwing them; thirteen orphans is the cap (10)
    hk2 = valuation_for("hk2")
    ctx = _context("hk2", "1234567899p1p12z")
    names = {p.name: p.fan for p in hk2.plans(ctx)}
    assert names == {"flush p": 3, "flush p full": 7}
    seven = _context("hk2", "19m19p1s12z2345p")
    assert "thirteen orphans" in {p.name for p in hk2.plans(seven)}
    assert "thirteen orphans" not in {p.name for p in valuation_for("hk").plans(seven)}


# ---------------------------------------------------------------- taiwan (taiwan.md)


@pytest.mark.parametrize(
    ("melds", "call", "shanten_after", "wall"),
    [
        # already open: a call costs no more tai
        (("chi 789s",), "chi 123p", 2, 60),
        # a pung of a dragon is a tai of its own
        ((), "pon 555z", 2, 60),
        # the first call one from ready, with few draws left
        ((), "chi 123p", 1, 16),
        # the first call with many draws left: the closed hand's tai (1, 3 on a self-draw)
        # are worth less than the speed (docs/bots.md: weighing them lost to the beginner)
        ((), "chi 123p", 1, 80),
    ],
)
def test_taiwan_makes_every_call_that_brings_the_hand_on(
    melds: tuple[str, ...], call: str, shanten_after: int, wall: int
) -> None:
    v = valuation_for("taiwan")
    m = tuple(parse_meld(x) for x in melds)
    ctx = _context("taiwan", "123m456p789s11222z", m, wall)
    after = (*m, parse_meld(call))
    assert v.call_ok(ctx, ctx.counts, after, shanten_after)
    assert v.discard_kong_ok(ctx, ctx.counts, (*m, parse_meld("kan 2222z")), shanten_after)


@pytest.mark.parametrize(
    ("hand", "tile", "throw"),
    [
        # taiwan.md: half flush 4 tai. Three tiles outside characters: they go first
        ("12345678999m12z5p7s9s", "5p", True),
        ("12345678999m12z5p7s9s", "4m", False),
        # seven tiles outside: no flush in sight, no push
        ("12345678m1z13579p79s", "5p", False),
    ],
)
def test_taiwan_flush_in_sight_throws_the_other_suits(hand: str, tile: str, throw: bool) -> None:
    v = valuation_for("taiwan")
    ctx = _context("taiwan", hand)
    assert (v.keep_bias(ctx, parse_tile(tile)) < -0.5) is throw


# ---------------------------------------------------------------- sichuan (sichuan.md)


@pytest.mark.parametrize(
    ("hand", "plans"),
    [
        # sichuan.md: pure suit 2 fan. Eight characters with dots void: the expert weighs it
        ("12345678m1234p5s", {"flush m"}),
        # seven: not yet
        ("1234567m12345p5s", set()),
        # eight bamboo, the lone character is the void suit (the fewest tiles): bamboo
        ("1234p12345678s5m", {"flush s"}),
    ],
)
def test_sichuan_pure_suit_plan_from_eight_tiles(hand: str, plans: set[str]) -> None:
    v = valuation_for("sichuan")
    assert isinstance(v, SichuanValuation)
    ctx = _context("sichuan", hand)
    assert v.plans(ctx) == []  # by default the expert weighs no plan (docs/bots.md)
    v.pure_plan_from = 8
    assert {p.name for p in v.plans(ctx)} == plans


def _sichuan_view(voids: tuple[str | None, ...], out: tuple[bool, ...], wall: int) -> PlayerView:
    rules = get_ruleset("sichuan")
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, 0)
    seats = tuple(
        s._replace(void=v, out=o, concealed=13)
        for s, v, o in zip(view.seats, voids, out, strict=True)
    )
    return view._replace(seats=seats, wall_left=wall)


@pytest.mark.parametrize(
    ("voids", "out", "wall", "expected"),
    [
        # sichuan.md: each player declares a void suit and throws its tiles first. Seat 0 (the
        # viewer) voids bamboo; the others void characters, dots and dots: characters are
        # kept by two of them (13/18 of a kind each in hand), dots by one, bamboo by two.
        # 54 tiles in the wall: 2 per kind. live_factor 2: 2 / (2 + 2 * 2 * 13/18)
        (
            ("s", "m", "p", "p"),
            (False,) * 4,
            54,
            {"m": 2 / (2 + 4 * 13 / 18), "p": 2 / (2 + 2 * 13 / 18)},
        ),
        # nobody else keeps dots: every unseen dot is still to come (weight 1)
        (("s", "p", "p", "p"), (False,) * 4, 54, {"p": 1.0}),
        # a player who won and left play (bloody battle) holds nothing that counts
        (
            ("s", "m", "m", "p"),
            (False, True, True, False),
            54,
            {"m": 2 / (2 + 2 * 13 / 18), "p": 1.0},
        ),
        # a late wall (27 tiles, one per kind): the kept suits count for less
        (("s", "m", "p", "p"), (False,) * 4, 27, {"m": 1 / (1 + 4 * 13 / 18)}),
    ],
)
def test_sichuan_expert_counts_unseen_copies_by_who_keeps_their_suit(
    voids: tuple[str | None, ...], out: tuple[bool, ...], wall: int, expected: dict[str, float]
) -> None:
    view = _sichuan_view(voids, out, wall)
    ctx = HandContext(view, counts34(view.hand), (), 0, [0] * 34, [4] * 34)
    weights = valuation_for("sichuan").live_weights(ctx)
    assert weights is not None
    for suit, weight in expected.items():
        k = "mps".index(suit) * 9 + 4
        assert weights[k] == pytest.approx(weight)


@pytest.mark.parametrize(
    ("variant", "level", "weighed"),
    [
        ("sichuan", "expert", True),  # the expert's counting (docs/bots.md)
        ("sichuan", "normal", False),  # the normal, the ladder's baseline, counts every copy
        ("riichi", "expert", False),  # the other variants: no void suits, no weights
        ("hk", "expert", False),
        ("taiwan", "expert", False),
    ],
)
def test_only_the_sichuan_expert_weighs_unseen_copies(
    variant: str, level: str, weighed: bool
) -> None:
    rules = get_ruleset(variant)
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, 0)
    if variant == "sichuan":
        seats = tuple(s._replace(void=v) for s, v in zip(view.seats, "smpp", strict=True))
        view = view._replace(seats=seats)
    bot = make_bot(level, variant, seed=0)
    assert isinstance(bot, PolicyBot)
    ctx = bot.context(view)
    assert (list(ctx.unseen) != unseen_counts(view)) == weighed


def test_sichuan_live_factor_zero_counts_every_copy() -> None:
    v = valuation_for("sichuan")
    assert isinstance(v, SichuanValuation)
    view = _sichuan_view(("s", "m", "p", "p"), (False,) * 4, 54)
    v.live_factor = 0.0
    assert v.live_weights(HandContext(view, counts34(view.hand), (), 0, [0] * 34, [4] * 34)) is None

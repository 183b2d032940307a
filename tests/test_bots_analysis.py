"""The bots' reading of a hand and of the table (issue 10): the shanten calculator agrees
with ``majiang.shanten``, the valuation hooks follow the rule pages, and the danger of a tile
follows what the rivers show.
"""

from __future__ import annotations

import random

import pytest

from majiang.bots.analysis import HandCalc, neighbours, variant_limits
from majiang.bots.defense import Reader, danger_category, threat_key
from majiang.bots.policy import BEGINNER, NORMAL, PolicyBot, win_chance
from majiang.bots.tables import THREAT
from majiang.bots.valuation import (
    HandContext,
    choose_void_suit,
    flush_plans,
    orphans_plan,
    valuation_for,
)
from majiang.engine import new_game
from majiang.melds import Meld, parse_meld
from majiang.rules import get_ruleset
from majiang.shanten import PreparedHand, shanten
from majiang.state import RiverTile
from majiang.tiles import counts34, kind, parse_tile, parse_tiles, tile_set
from majiang.view import player_view


@pytest.mark.parametrize("variant", ["riichi", "hk", "hk2", "hkos", "taiwan", "sichuan"])
def test_hand_calc_agrees_with_shanten(variant: str) -> None:
    rng = random.Random(variant)
    wall = [t for t in tile_set(variant).tiles() if kind(t) < 34]
    sizes = [13, 14, 10, 11, 7, 8] + ([16, 17] if variant == "taiwan" else [])
    limits = variant_limits(variant)
    lacks = [4 - limits[k] for k in range(34)]
    for _ in range(400):
        size = rng.choice(sizes)
        counts = counts34(rng.sample(wall, size))
        closed = size in (13, 14, 16, 17) and rng.random() < 0.7
        melds = () if closed else (parse_meld("pon 111z" if variant != "sichuan" else "pon 111m"),)
        expected = shanten(PreparedHand(counts, lacks, closed, variant), variant)
        assert HandCalc(variant, melds).shanten(counts) == expected, (variant, counts, closed)


@pytest.mark.parametrize(
    ("hand", "variant", "expected"),
    [
        ("123m456p789s1122z", "riichi", 0),  # ready on 1z/2z
        ("1122m3344p5566s7z", "riichi", 0),  # seven pairs
        ("1122m3344p5566s7z", "hk", 3),  # no seven pairs in Hong Kong
        ("119m19p19s1234567z", "riichi", -1),  # thirteen orphans
    ],
)
def test_hand_calc_forms(hand: str, variant: str, expected: int) -> None:
    assert HandCalc(variant).shanten(counts34(parse_tiles(hand))) == expected


def test_dead_kinds_are_never_targets() -> None:
    # Sichuan: 1-9m declared void; a hand holding a void tile cannot be complete
    calc = HandCalc("sichuan", dead=range(9))
    assert calc.shanten(counts34(parse_tiles("123p456p789s1122s"))) == 0
    assert calc.shanten(counts34(parse_tiles("123p456p789s1122s"))) == 0
    assert calc.shanten(counts34(parse_tiles("1m23p456p789s1122s"))) > 0


def test_improving_counts_unseen_copies() -> None:
    calc = HandCalc("riichi")
    counts = counts34(parse_tiles("123m456p789s1122z"))
    unseen = [4] * 34
    unseen[27] = 1
    assert calc.improving(counts, unseen) == (0, 2, 1 + 4)  # 1z (one left), 2z (four)


@pytest.mark.parametrize(
    ("hand", "variant", "waits"),
    [
        # hongkong.md / riichi.md: thirteen orphans ready on its missing kind, which is no
        # neighbour of any tile held (a wait the ready hand must still see)
        ("9m19p19s12345667z", "hk2", "1m"),
        ("9m19p19s12345667z", "riichi", "1m"),
        ("19m19p19s1234567z", "riichi", "19m19p19s1234567z"),  # the thirteen-sided wait
        # the standard shape's waits stay neighbours
        ("123m456p789s1122z", "riichi", "12z"),
    ],
)
def test_ready_hand_sees_every_wait(hand: str, variant: str, waits: str) -> None:
    base, found = HandCalc(variant).improving_kinds(counts34(parse_tiles(hand)))
    assert base == 0
    assert found == sorted({kind(t) for t in parse_tiles(waits)})


def test_neighbours() -> None:
    assert neighbours(parse_tile("5p")) == tuple(parse_tiles("34567p"))
    assert neighbours(parse_tile("9s")) == tuple(parse_tiles("789s"))


@pytest.mark.parametrize(
    ("hand", "void"),
    [
        ("1234567m2345p19s", 2),  # fewest tiles: bamboo
        ("1379m23456p45678s", 0),  # characters: four loose tiles against two runs
        ("1234m5678p1357s", 2),  # a tie of four: the least connected (1357s) goes
    ],
)
def test_void_suit(hand: str, void: int) -> None:
    # sichuan.md, "Missing suit": a hand with three suits cannot win, so the suit that is
    # cheapest to throw away is declared void
    assert choose_void_suit(counts34(parse_tiles(hand))) == void


def _context(
    variant: str, hand: str, melds: tuple[Meld, ...] = (), seat_wind: int = 1
) -> HandContext:
    rules = get_ruleset(variant)
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, 1)
    counts = counts34(parse_tiles(hand))
    return HandContext(view, counts, melds, seat_wind, [0] * 34, [3] * 34)


@pytest.mark.parametrize(
    ("hand", "melds", "ok"),
    [
        # riichi.md: an open hand needs a yaku. A pon of dragons is one.
        ("23m456p678s55z", ("pon 777z",), True),
        # all simples (tanyao) with simple melds is one
        ("23m456p678s55p", ("chi 345m",), True),
        # an open hand of terminals and a non-value wind has none: refused
        ("19m456p678s44z", ("chi 123m",), False),
    ],
)
def test_riichi_calls_keep_a_yaku(hand: str, melds: tuple[str, ...], ok: bool) -> None:
    v = valuation_for("riichi")
    m = tuple(parse_meld(x) for x in melds)
    ctx = _context("riichi", hand, m)
    assert v.call_ok(ctx, ctx.counts, m, 1) is ok


@pytest.mark.parametrize(
    ("hand", "melds", "ok"),
    [
        # hongkong.md: minimum 3 fan. A half flush (3) reaches it.
        ("123567m99m11z", ("pon 444m",), True),
        # a pung of red dragons (1) and nothing else does not
        ("123m456p789s1m", ("pon 777z",), False),
        # all pungs (3) in sight: four pairs and a pung
        ("1133m55p77s", ("pon 999p",), True),
    ],
)
def test_hong_kong_calls_reach_the_minimum(hand: str, melds: tuple[str, ...], ok: bool) -> None:
    v = valuation_for("hk")
    m = tuple(parse_meld(x) for x in melds)
    ctx = _context("hk", hand, m)
    assert v.call_ok(ctx, ctx.counts, m, 1) is ok


def test_hong_kong_minimum_is_a_table_option() -> None:
    assert valuation_for("hk").min_fan == 3
    assert valuation_for("hk", {"min_fan": 0}).min_fan == 0


def test_sichuan_void_suit_goes_first() -> None:
    v = valuation_for("sichuan")
    ctx = _context("sichuan", "12m456p789p12345s")
    v.begin_hand(ctx)
    assert v.void_suit(ctx) == 0
    assert v.keep_bias(ctx, parse_tile("1m")) < -10 < v.keep_bias(ctx, parse_tile("4p"))
    assert v.dead_kinds(ctx) == tuple(range(9))


def _reader_after(
    rivers: dict[int, str], riichi_seat: int | None = None, riichi_at: int = 0
) -> Reader:
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, seed=0, length="one_hand")
    st = state.copy()
    new_rivers = list(st.rivers)
    for seat, text in rivers.items():
        tiles = parse_tiles(text)
        new_rivers[seat] = tuple(
            RiverTile(t, False, seat == riichi_seat and i == riichi_at) for i, t in enumerate(tiles)
        )
    st.rivers = tuple(new_rivers)
    if riichi_seat is not None:
        status = list(st.status)
        status[riichi_seat] = frozenset({"riichi"})
        st.status = tuple(status)
    return Reader(player_view(rules, st, 0))


def test_danger_after_riichi() -> None:
    # seat 1 declares riichi with its first discard (9p) after discarding nothing else; seat 2
    # later throws 5s, which passed seat 1's riichi: safe (riichi furiten)
    reader = _reader_after({1: "9p1m", 2: "2z5s", 3: "3z6m"}, riichi_seat=1, riichi_at=0)
    assert reader.threat[1] > 0.95  # riichi: ready (with a legal win: riichi is a yaku)
    assert reader.danger(1, parse_tile("9p")) == 0.0  # its own discard
    assert reader.danger(1, parse_tile("5s")) == 0.0  # passed after the riichi
    assert reader.danger(1, parse_tile("4m")) < reader.danger(1, parse_tile("4p"))  # 1m: suji of 4m
    assert reader.danger(1, parse_tile("1p")) < reader.danger(1, parse_tile("5p"))  # terminal
    assert reader.risk(parse_tile("5p")) > reader.risk(parse_tile("9p"))


def test_no_threat_no_risk() -> None:
    reader = _reader_after({1: "9p", 2: "1z", 3: "3z"})
    assert reader.max_threat < 0.3


@pytest.mark.parametrize(
    ("k", "river", "seen", "value", "category"),
    [
        # suji: a 1 is "half safe" when the 4 of its suit was discarded, a 5 when 2 and 8 were
        ("1m", "4m", 0, False, "1s"),
        ("1m", "5m", 0, False, "1n"),
        ("8p", "5p", 0, False, "2s"),
        ("3s", "6s", 0, False, "3s"),
        ("5m", "2m8m", 0, False, "5b"),
        ("5m", "2m", 0, False, "5o"),
        ("6p", "", 0, False, "4n"),
        # honors by copies seen, a value honor of the seat apart
        ("1z", "", 3, False, "z3"),
        ("5z", "", 1, True, "zv1"),
    ],
)
def test_danger_categories(k: str, river: str, seen: int, value: bool, category: str) -> None:
    kinds = {kind(t) for t in parse_tiles(river)} if river else set()
    assert danger_category(kind(parse_tile(k)), kinds, seen, value) == category


@pytest.mark.parametrize("variant", ["riichi", "hk", "hkos", "hk2", "taiwan", "sichuan"])
def test_calibrated_figures_are_ordered(variant: str) -> None:
    # bots/tables.py, from self-play: a seat with three open sets late is more often ready
    # than a closed one early; a hand nearer to ready and with more draws left wins more
    threat = THREAT[variant]
    assert threat.get("o3d4", threat.get("o3d5", 1.0)) > threat["o0d1"]
    assert win_chance(variant, 0, 6, 8) > win_chance(variant, 1, 20, 8)
    assert win_chance(variant, 1, 20, 8) > win_chance(variant, 2, 40, 8)
    assert win_chance(variant, 1, 20, 12) > win_chance(variant, 1, 20, 3)


def test_calibrated_riichi_threats() -> None:
    assert THREAT["riichi"]["r"] > 0.95
    assert threat_key(True, 0, 6) == "r"


@pytest.mark.parametrize(
    ("variant", "low", "high", "ratio"),
    [
        # hongkong.md "Payment": half spicy p(3) = 8, p(10) = 128, the discarder pays 2p
        ("hk", 3, 10, 16.0),
        ("hk", 3, 5, 3.0),
        # hk2: the golden value 2^fan
        ("hk2", 3, 10, 128.0),
        # sichuan.md: each fan doubles up to the cap (4)
        ("sichuan", 0, 4, 16.0),
        ("sichuan", 0, 6, 16.0),
        # taiwan.md: 3 base + 1 per tai
        ("taiwan", 1, 5, 2.0),
    ],
)
def test_points_follow_the_payment_tables(
    variant: str, low: float, high: float, ratio: float
) -> None:
    v = valuation_for(variant)
    assert v.points(high) / v.points(low) == pytest.approx(ratio)


@pytest.mark.parametrize(
    ("hand", "melds", "plans"),
    [
        # a suit with the honors holds nine tiles or more: its flush (3 fan with honors)
        ("1234578m99p11z", (), ["flush m"]),
        ("1234578m99p123s3z", (), []),  # eight of the suit and honors: none
        ("123m", ("pon 555m", "chi 789m", "pon 111z"), ["flush m"]),
        ("1234567p89m", ("chi 123s",), []),  # a set of another suit rules it out
    ],
)
def test_flush_plans(hand: str, melds: tuple[str, ...], plans: list[str]) -> None:
    m = tuple(parse_meld(x) for x in melds)
    found = flush_plans(counts34(parse_tiles(hand)), m, 3, 7)
    assert [p.name for p in found] == plans


def test_orphans_plan_needs_eight_kinds_and_a_closed_hand() -> None:
    assert orphans_plan(counts34(parse_tiles("19m19p19s1234z456m")), (), 10)
    assert not orphans_plan(counts34(parse_tiles("19m19p1s12z334567m")), (), 10)
    pon = (parse_meld("pon 777z"),)
    assert not orphans_plan(counts34(parse_tiles("19m19p19s1234z")), pon, 10)


def test_riichi_furiten_wait_wins_by_self_draw_only() -> None:
    # riichi.md furiten: a ready hand whose wait is in its own river cannot win on a discard;
    # its waits count a third (self-draw only)
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, seed=0, length="one_hand")
    st = state.copy()
    hand = parse_tiles("123m456p789s2233z4z")
    concealed = list(st.concealed)
    concealed[0] = tuple(hand)
    st.concealed = tuple(concealed)
    bot = PolicyBot(NORMAL, 0, "riichi")
    clean = bot.ready_waits(bot.context(player_view(rules, st, 0)), parse_tile("4z"))
    rivers = list(st.rivers)
    rivers[0] = (RiverTile(parse_tile("2z"), False, False),)
    st.rivers = tuple(rivers)
    bot = PolicyBot(NORMAL, 0, "riichi")
    furiten = bot.ready_waits(bot.context(player_view(rules, st, 0)), parse_tile("4z"))
    assert clean[0] > 0
    assert furiten[0] == pytest.approx(0.35 * clean[0] - 0.35)  # one 2z fewer unseen


def test_sichuan_kongs_are_worth_a_shanten() -> None:
    # sichuan.md "wind and rain": a kong is paid at once (2 base from each for a concealed one)
    ctx = _context("sichuan", "1112p456p789p1234s")
    assert valuation_for("sichuan").kong_slack(ctx) == 1
    assert valuation_for("riichi").kong_slack(_context("riichi", "1112p456p789p123s")) == 0


def test_beginner_takes_the_first_exchange_offered() -> None:
    # sichuan.md: the exchange of three tiles; the beginner has no plan for it (the engine's
    # first offer: three tiles of its shortest suit), the normal bot passes its void suit's
    # least connected tiles
    from majiang.engine import legal_actions

    rules = get_ruleset("sichuan")
    state, _ = new_game(rules, seed=0, length="one_hand")
    seat = state.waiting_seats()[0]
    legal = legal_actions(rules, state, seat)
    view = player_view(rules, state, seat)
    assert PolicyBot(BEGINNER, 0).choose(view, legal) == legal[0]
    normal = PolicyBot(NORMAL, 0)
    ctx = normal.context(view)
    assert normal.choose(view, legal) == valuation_for("sichuan").choose_special(ctx, legal)

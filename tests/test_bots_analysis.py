"""The bots' reading of a hand and of the table (issue 10): the shanten calculator agrees
with ``majiang.shanten``, the valuation hooks follow the rule pages, and the danger of a tile
follows what the rivers show.
"""

from __future__ import annotations

import random

import pytest

from majiang.bots.analysis import HandCalc, neighbours, variant_limits
from majiang.bots.defense import Reader
from majiang.bots.valuation import HandContext, choose_void_suit, valuation_for
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
    assert reader.threat[1] == 1.0
    assert reader.danger(1, parse_tile("9p")) == 0.0  # its own discard
    assert reader.danger(1, parse_tile("5s")) == 0.0  # passed after the riichi
    assert reader.danger(1, parse_tile("4m")) < reader.danger(1, parse_tile("4p"))  # 1m: suji of 4m
    assert reader.danger(1, parse_tile("1p")) < reader.danger(1, parse_tile("5p"))  # terminal
    assert reader.risk(parse_tile("5p")) > reader.risk(parse_tile("9p"))


def test_no_threat_no_risk() -> None:
    reader = _reader_after({1: "9p", 2: "1z", 3: "3z"})
    assert reader.max_threat < 0.3

"""Call-aware acceptance (bots/arrival.py): each wait of a ready hand weighed by how fast it
arrives, by draw or on anybody's discard, and the Taiwan expert's discards ranked by it.

The rates of the constructed ``Arrival`` are round numbers (the seat before discards half a
copy, the three others a copy and a half, per copy drawn), so a wait weighs 1 + 1.5.
"""

from __future__ import annotations

import dataclasses

import pytest

from majiang.actions import Discard
from majiang.bots.analysis import HandCalc
from majiang.bots.arrival import RATES, Arrival, arrival_for, category, stage
from majiang.bots.policy import EXPERT, NORMAL, PolicyBot
from majiang.bots.valuation import valuation_for
from majiang.engine import new_game
from majiang.rules import get_ruleset
from majiang.state import RiverTile
from majiang.tiles import counts34, format_tiles, parse_tile, parse_tiles
from majiang.view import PlayerView, player_view

_ARRIVAL = Arrival(left=(0.5,) * 34, every=(1.5,) * 34)
_CALC = HandCalc("taiwan")


def test_ready_waits_win_on_any_discard() -> None:
    counts = counts34(parse_tiles("123m456m789m123p78s11z"))
    shanten, waits = _CALC.improving_kinds(counts)
    assert shanten == 0
    assert [_ARRIVAL.wait(w) for w in waits] == [2.5, 2.5]
    # the norm scales every wait alike
    assert Arrival((0.5,) * 34, (1.5,) * 34, norm=1.25).wait(waits[0]) == 2.0


def test_ready_quality_reads_the_weights() -> None:
    counts = counts34(parse_tiles("123m456m789m11z55s78s9p"))
    unseen = [4 - c for c in counts]
    plain = _CALC.ready_quality(counts, unseen)
    assert _CALC.ready_quality(counts, unseen, _ARRIVAL.wait) > plain  # every wait 2.5
    # a table where nobody throws anything: every wait weighs one, as without weights
    assert _CALC.ready_quality(counts, unseen, Arrival((0.0,) * 34, (0.0,) * 34).wait) == plain


@pytest.mark.parametrize(
    ("k", "public", "value", "expected"),
    [
        (0, 0, False, "t"),  # 1m
        (17, 3, False, "t"),  # 9p
        (10, 0, False, "e"),  # 2p
        (25, 0, False, "e"),  # 8s
        (20, 0, False, "m"),  # 3s
        (13, 2, False, "m"),  # 5p
        (27, 0, False, "z0"),
        (28, 1, False, "z1"),
        (29, 3, False, "z2"),
        (31, 0, True, "zv0"),
        (33, 2, True, "zv2"),
    ],
)
def test_category(k: int, public: int, value: bool, expected: str) -> None:
    assert category(k, public, value) == expected


def _view(river: str = "", hand: str | None = None, wall_left: int = 40) -> PlayerView:
    rules = get_ruleset("taiwan")
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, 0)
    seats = []
    for s in view.seats:
        if s.seat == 3 and river:
            s = s._replace(river=tuple(RiverTile(t, False, False) for t in parse_tiles(river)))
        seats.append(s)
    view = view._replace(seats=tuple(seats), wall_left=wall_left)
    if hand is not None:
        view = view._replace(hand=tuple(parse_tiles(hand)))
    return view


def test_arrival_reads_category_and_stage() -> None:
    rates = {"z0": ((0.1, 0.3), (0.2, 0.6), (0.3, 0.9), (0.4, 1.2)), "z1": ((1, 2),) * 4}
    early = arrival_for(_view(), (31, 32, 33), rates)
    assert stage(_view()) == 0
    assert (early.left[27], early.every[27]) == (0.1, 0.3)  # 1z: an honor nobody has shown
    assert early.every[0] == 0.0  # a category the table lacks comes by draws only
    river = "1z 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m 9m"  # seventeen discards
    later = arrival_for(_view(river), (31, 32, 33), rates)
    assert stage(_view(river)) == 1
    assert (later.left[27], later.every[27]) == (1, 2)  # 1z: one copy shown
    assert (later.left[28], later.every[28]) == (0.2, 0.6)  # 2z: none shown, stage 1


def test_only_taiwan_reads_arrival() -> None:
    assert valuation_for("taiwan").arrival_rates is RATES
    for variant in ("riichi", "hk", "hk2", "hkos", "sichuan"):
        assert valuation_for(variant).arrival_rates is None


def _ranked(style_aware: bool, hand: str, rates: bool = False) -> list[str]:
    style = dataclasses.replace(EXPERT, defense=False, plans=False, call_aware=style_aware)
    bot = PolicyBot(style, 0, "taiwan")
    valuation = bot.valuation("taiwan")
    if not rates:  # (round numbers: see the module's docstring)
        valuation.arrival_rates = {c: ((0.5, 1.5),) * 4 for c in ("t", "e", "m", "z0", "z1")}
    view = _view(hand=hand)
    ctx = bot.context(view)
    discards = [Discard(t) for t in sorted(set(view.hand))]
    scored = bot.score_discards(ctx, discards, None)
    return [format_tiles([a.tile]) for _, _, a in scored]


def test_taiwan_weighs_the_ready_waits_only() -> None:
    arrival = arrival_for(_view(), (31, 32, 33), RATES)
    # ready: a wait on a tile others throw more (a terminal) outweighs a middle tile early on
    assert arrival.wait(parse_tile("9p")) > arrival.wait(parse_tile("5p"))
    # two from ready the expert ranks as without arrival: only ready waits are weighed
    # (9s: 49 unseen improving tiles against 48 for 1p)
    hand = "45688m16p25679s22277z"
    assert _ranked(True, hand)[0] == _ranked(False, hand)[0] == "9s"


def test_the_expert_waits_on_the_tile_others_throw() -> None:
    # ready either way on a single wait, three unseen copies each: 9p (a terminal, thrown
    # more by the others, RATES) or 5p (a middle tile)
    hand = "123m456m789m123p456s9p5p"
    assert _ranked(True, hand, rates=True)[0] == "5p"  # keeps the 9p wait


def test_the_normal_does_not_weigh_arrival() -> None:
    assert not NORMAL.call_aware and EXPERT.call_aware

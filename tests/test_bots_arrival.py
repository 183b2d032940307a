"""Call-aware acceptance (bots/arrival.py): each improving tile weighed by how fast it arrives,
by draw or by the call the hand would make (a pon from any discard, a chow from the seat
before's, a win on any discard), and the Taiwan expert's discards ranked by it.

The rates of the constructed ``Arrival`` are round numbers (the seat before discards half a
copy, the three others a copy and a half, per copy drawn), so the weights are 1 + 1.5 for a
pon or a win, 1 + 0.5 for a chow and 1 for a draw only.
"""

from __future__ import annotations

import dataclasses

import pytest

from majiang.actions import Discard
from majiang.bots.analysis import HandCalc
from majiang.bots.arrival import OPEN_MELD, RATES, Arrival, arrival_for, category, stage
from majiang.bots.policy import EXPERT, NORMAL, PolicyBot
from majiang.bots.valuation import valuation_for
from majiang.engine import new_game
from majiang.rules import get_ruleset
from majiang.state import RiverTile
from majiang.tiles import counts34, format_tiles, parse_tile, parse_tiles
from majiang.view import PlayerView, player_view

_ARRIVAL = Arrival(left=(0.5,) * 34, every=(1.5,) * 34)
_CALC = HandCalc("taiwan")
_OPEN = HandCalc("taiwan", (OPEN_MELD,))


@pytest.mark.parametrize(
    ("hand", "tile", "weight"),
    [
        # one from ready: 55s is a pair (a pon of 5s brings the hand on), 78s a chow partial
        # whose 6s and 9s come from the seat before's discards too
        ("123m456m789m11z55s78s9p", "5s", 2.5),
        ("123m456m789m11z55s78s9p", "1z", 2.5),
        ("123m456m789m11z55s78s9p", "6s", 1.5),
        ("123m456m789m11z55s78s9p", "9s", 1.5),
        # the pair of 1z or 5p is drawn only (a discard is not claimed for a pair)
        ("123m456m789m123p78s1z5p", "1z", 1.0),
        ("123m456m789m123p78s1z5p", "5p", 1.0),
        ("123m456m789m123p78s1z5p", "6s", 1.5),
    ],
)
def test_the_weight_of_an_improving_tile_by_shape(hand: str, tile: str, weight: float) -> None:
    counts = counts34(parse_tiles(hand))
    shanten, kinds = _CALC.improving_kinds(counts)
    k = parse_tile(tile)
    assert shanten >= 1 and k in kinds  # (the table's tiles do bring the hand on)
    assert _ARRIVAL.factor(_OPEN, counts, k, shanten) == weight


def test_ready_waits_win_on_any_discard() -> None:
    counts = counts34(parse_tiles("123m456m789m123p78s11z"))
    shanten, waits = _CALC.improving_kinds(counts)
    assert shanten == 0
    assert [_ARRIVAL.factor(_OPEN, counts, w, 0) for w in waits] == [2.5, 2.5]


def test_a_pair_shape_outweighs_a_chow_shape_of_as_many_tiles() -> None:
    # the same three sets, the pairs 11z and 99p and a lone 5z; then a third pair 55s (its 5s
    # and the 1z and 9p come by pon from any discard) or the chow partial 78s (6s and 9s by
    # chow from the seat before only), with three copies each of 6s and 9s seen, so that both
    # shapes have six unseen improving tiles
    pairs = counts34(parse_tiles("123m456m789m11z55s99p5z"))
    chow = counts34(parse_tiles("123m456m789m11z78s99p5z"))
    assert _CALC.shanten(pairs) == _CALC.shanten(chow) == 1
    unseen_pairs = [4 - c for c in pairs]
    unseen_chow = [4 - c for c in chow]
    for k in (parse_tile("6s"), parse_tile("9s")):
        unseen_chow[k] = 1
    _, pair_kinds = _CALC.improving_kinds(pairs)
    _, chow_kinds = _CALC.improving_kinds(chow)
    assert sum(unseen_pairs[k] for k in pair_kinds) == 6
    assert sum(unseen_chow[k] for k in chow_kinds) == 6
    assert _ARRIVAL.weighted(_OPEN, pairs, unseen_pairs, pair_kinds, 1) == 15.0  # 6 x 2.5
    # 6s and 9s 1 x 1.5 each, 9p and 1z 2 x 2.5 each
    assert _ARRIVAL.weighted(_OPEN, chow, unseen_chow, chow_kinds, 1) == 13.0


def test_ready_quality_reads_the_weights() -> None:
    counts = counts34(parse_tiles("123m456m789m11z55s78s9p"))
    unseen = [4 - c for c in counts]
    plain = _CALC.ready_quality(counts, unseen)
    weighted = _CALC.ready_quality(counts, unseen, lambda c, k, s: _ARRIVAL.factor(_OPEN, c, k, s))
    assert weighted > plain  # every weight is at least one, and the pons' more


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


def _ranked(style_aware: bool, hand: str, shapes: bool = True, rates: bool = False) -> list[str]:
    style = dataclasses.replace(EXPERT, defense=False, plans=False, call_aware=style_aware)
    bot = PolicyBot(style, 0, "taiwan")
    valuation = bot.valuation("taiwan")
    if not rates:  # (round numbers: see the module's docstring)
        valuation.arrival_rates = {c: ((0.5, 1.5),) * 4 for c in ("t", "e", "m", "z0", "z1")}
    valuation.arrival_shapes = shapes
    view = _view(hand=hand)
    ctx = bot.context(view)
    discards = [Discard(t) for t in sorted(set(view.hand))]
    scored = bot.score_discards(ctx, discards, None)
    return [format_tiles([a.tile]) for _, _, a in scored]


def test_the_expert_ranks_discards_by_arrival() -> None:
    # two from ready: without calls 9s is the better discard (49 unseen improving tiles
    # against 48 for 1p), with calls 1p (the tiles that 1p's discard leaves come faster)
    hand = "45688m16p25679s22277z"
    assert _ranked(False, hand)[0] == "9s"
    assert _ranked(True, hand)[0] == "1p"


def test_taiwan_weighs_the_ready_waits_only() -> None:
    valuation = valuation_for("taiwan")
    assert valuation.arrival_shapes is False
    arrival = arrival_for(_view(), (31, 32, 33), RATES, shapes=False)
    counts = counts34(parse_tiles("123m456m789m11z55s78s9p"))
    # short of ready every improving tile counts one, whatever its shape
    assert {arrival.factor(_OPEN, counts, k, 1) for k in (22, 23, 27)} == {1.0}
    # ready: a wait on a tile others throw more (a terminal) outweighs a middle tile early on
    assert arrival.factor(_OPEN, counts, parse_tile("9p"), 0) > arrival.factor(
        _OPEN, counts, parse_tile("5p"), 0
    )
    # the same hand two from ready ranks as without arrival once the shapes are off
    hand = "45688m16p25679s22277z"
    assert _ranked(True, hand, shapes=False)[0] == _ranked(False, hand)[0] == "9s"


def test_the_expert_waits_on_the_tile_others_throw() -> None:
    # ready either way on a single wait, three unseen copies each: 9p (a terminal, thrown
    # more by the others, RATES) or 5p (a middle tile)
    hand = "123m456m789m123p456s9p5p"
    assert _ranked(True, hand, shapes=False, rates=True)[0] == "5p"  # keeps the 9p wait


def test_the_normal_does_not_weigh_arrival() -> None:
    assert not NORMAL.call_aware and EXPERT.call_aware

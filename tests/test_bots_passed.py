"""Tiles passed since a seat's hand last changed (bots/passed.py): the order of play read from
the view, and the kinds safe against each seat in a game without furiten (taiwan.md: a win
ends the hand, no furiten; sichuan.md's bloody battle until a seat leaves play)."""

from __future__ import annotations

import pytest

from majiang.actions import Discard
from majiang.bots.defense import Reader
from majiang.bots.levels import make_bot
from majiang.bots.passed import discard_order, passed_kinds
from majiang.bots.policy import NORMAL, PolicyBot
from majiang.engine import legal_actions, new_game, step
from majiang.events import Discarded
from majiang.melds import parse_meld
from majiang.rules import get_ruleset
from majiang.state import RiverTile
from majiang.tiles import kind, parse_tile, parse_tiles
from majiang.view import PlayerView, player_view


def _view(
    variant: str,
    viewer: int,
    rivers: dict[int, str],
    melds: dict[int, tuple[str, ...]] | None = None,
    out: tuple[int, ...] = (),
) -> PlayerView:
    """Return a view of seat ``viewer`` (dealer 0) with these rivers: tiles separated by
    spaces, ``*`` after a tile drawn and thrown at once, ``!`` after a claimed tile."""
    rules = get_ruleset(variant)
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, viewer)
    seats = []
    for s in view.seats:
        river = []
        for token in rivers.get(s.seat, "").split():
            name = token.rstrip("*!")
            river.append(RiverTile(parse_tile(name), tsumogiri="*" in token, claimed="!" in token))
        called = tuple(parse_meld(m) for m in (melds or {}).get(s.seat, ()))
        seats.append(s._replace(river=tuple(river), melds=called, out=s.seat in out))
    return view._replace(seats=tuple(seats), dealer=0)


@pytest.mark.parametrize(
    ("rivers", "melds", "viewer", "order", "passed"),
    [
        # one round, no call: seat 1 threw from its hand, so only 3s and 4s came after; seat 2
        # threw the tile it drew, its hand is as dealt: every discard passed it; seat 3 threw
        # last
        (
            {0: "1z", 1: "2z", 2: "3z*", 3: "4z"},
            {},
            0,
            "0:1z 1:2z 2:3z 3:4z",
            {1: "3z 4z", 2: "1z 2z 3z 4z", 3: ""},
        ),
        # seat 2 pungs the dealer's 5m (source 2: across) and throws 9p; seat 3 throws 9s; seat
        # 1 lost its turn
        (
            {0: "5m!", 2: "9p", 3: "9s"},
            {2: ("pon 555m from=2",)},
            1,
            "0:5m 2:9p 3:9s",
            {0: "9p 9s", 2: "9s", 3: ""},
        ),
        # two seats could have taken the dealer's 7s: seat 1's chow (from the previous player)
        # and seat 3's pung (from=3: three seats before it, the dealer). Only seat 1 taking it
        # accounts for the rivers (seat 3 has thrown nothing)
        (
            {0: "7s!", 1: "1p", 2: "2p"},
            {1: ("chi 789s from=1",), 3: ("pon 777s from=3",)},
            0,
            "0:7s 1:1p 2:2p",
            {1: "2p", 2: "", 3: "7s 1p 2p"},
        ),
    ],
)
def test_order_and_passed_kinds(
    rivers: dict[int, str],
    melds: dict[int, tuple[str, ...]],
    viewer: int,
    order: str,
    passed: dict[int, str],
) -> None:
    view = _view("taiwan", viewer, rivers, melds)
    got = " ".join(f"{e.seat}:{e.kind}" for e in discard_order(view))
    want = " ".join(f"{s}:{kind(parse_tile(t))}" for s, t in (x.split(":") for x in order.split()))
    assert got == want
    safe = passed_kinds(view)
    assert safe[viewer] == frozenset()
    for seat, tiles in passed.items():
        assert safe[seat] == frozenset(kind(parse_tile(t)) for t in tiles.split())


def test_nothing_is_read_once_a_seat_has_left_play() -> None:
    # sichuan.md: the winner leaves play and the turn passes on from it, which the rivers do
    # not show: nothing is read as passed then
    view = _view("sichuan", 0, {0: "1m", 1: "2m", 2: "3m", 3: "4m"}, out=(2,))
    assert passed_kinds(view) == [frozenset()] * 4
    before = _view("sichuan", 0, {0: "1m", 1: "2m", 2: "3m", 3: "4m"})
    assert passed_kinds(before)[1] == {kind(parse_tile("3m")), kind(parse_tile("4m"))}


@pytest.mark.parametrize("seed", range(6))
def test_order_matches_the_engine(seed: int) -> None:
    # at every decision of a bots' game, the order read from the view is the order the engine
    # played (calls, chows and pungs from every seat included)
    rules = get_ruleset("taiwan")
    state, _ = new_game(rules, seed=seed, length="one_hand")
    bots = [make_bot("normal", "taiwan", s) for s in range(4)]
    played: list[tuple[int, int]] = []
    decisions = 0
    while not state.game_over:
        seat = state.waiting_seats()[0]
        view = player_view(rules, state, seat)
        assert [(e.seat, e.kind) for e in discard_order(view)] == played
        decisions += 1
        action = bots[seat].choose(view, legal_actions(rules, state, seat))
        state, events = step(rules, state, seat, action)
        played += [(e.seat, kind(e.tile)) for e in events if isinstance(e, Discarded)]
    assert decisions > 20


@pytest.mark.parametrize(
    ("rivers", "hand", "throw"),
    [
        # order 0:9p 1:1p 2:9s 3:3z 0:4z* (seat 0 threw the tile it drew): 4z has passed all
        # three others since their hands last changed, 3z not seat 3 (it threw 3z from its
        # hand); both lone honors with two copies unseen: the normal throws 4z
        ({0: "9p 4z*", 1: "1p", 2: "9s", 3: "3z"}, "123456789m456p578s34z", "4z"),
        # the same rivers with the honors swapped: now 3z has passed everyone
        ({0: "9p 3z*", 1: "1p", 2: "9s", 3: "4z"}, "123456789m456p578s34z", "3z"),
        # efficiency first: 6s has passed everyone but makes 568s; of the lone honors, 4z
        # has passed two seats (not seat 3, which threw it from its hand), 3z none
        ({0: "9p 6s*", 1: "1p", 2: "9s", 3: "4z"}, "123456789m456p568s34z", "4z"),
    ],
)
def test_taiwan_normal_throws_the_passed_tile_among_equals(
    rivers: dict[int, str], hand: str, throw: str
) -> None:
    view = _view("taiwan", 1, rivers)
    tiles = tuple(parse_tiles(hand))
    view = view._replace(hand=tiles, drawn=None, to_act=True, turn=1, phase="turn")
    bot = PolicyBot(NORMAL, 0, "taiwan")
    legal = [Discard(t) for t in sorted(set(tiles))]
    chosen = bot.choose(view, legal)
    assert isinstance(chosen, Discard)
    assert chosen.tile == parse_tile(throw)


@pytest.mark.parametrize(
    ("variant", "read"),
    [
        # taiwan.md: no furiten, a win ends the hand: the expert's reading counts the passed
        # tiles as safe (danger 0 against the seats they passed)
        ("taiwan", True),
        # riichi reads its own furiten rules (defense.py); the hook leaves it as it was
        ("riichi", False),
    ],
)
def test_the_expert_reads_passed_tiles_as_safe(variant: str, read: bool) -> None:
    view = _view(variant, 1, {0: "9p 4z*", 1: "1p", 2: "9s", 3: "3z"})
    bot = PolicyBot(NORMAL, 0, variant)
    ctx = bot.context(view)
    reader = Reader(view)
    bot.valuation(variant).read_table(ctx, reader)
    north = kind(parse_tile("4z"))
    # (seat 0 threw 4z itself: in riichi that is furiten, safe either way)
    assert all((north in reader.safe[p]) is read for p in (2, 3))
    assert (reader.danger(3, north) == 0.0) is read
    if read:  # seat 3 threw 3z from its hand: its wait may have changed (riichi: furiten)
        assert reader.danger(3, kind(parse_tile("3z"))) > 0.0

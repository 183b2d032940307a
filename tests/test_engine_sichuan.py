"""Sichuan in the engine, scenarios from fixed walls (sichuan.md, "Tiles and flow", "Deal and
length", "Payment"): the exchange of three tiles and its direction, the void suit declared and
discarded first, no win while holding it, several winners on one discard leaving play, three
winners ending the hand, the first winner dealing next, kong money when a kong is made and
passed on, and each settlement at an exhaustive draw."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest

from engine_support import kinds, of_kind, physical_tiles, play
from majiang.actions import Action, DeclareVoid, Discard, Exchange, Pass, Pon, Ron, Tsumo
from majiang.engine import legal_actions, new_game, step
from majiang.errors import IllegalAction
from majiang.events import Event, TilesPassed
from majiang.rules import get_ruleset
from majiang.rules.game import Outcome
from majiang.rules.sichuan.game import SichuanGame
from majiang.rules.sichuan.options import SichuanTable
from majiang.state import GameState
from majiang.tiles import kind, parse_tiles, tile_name, tile_set
from majiang.view import player_view

SICHUAN = get_ruleset("sichuan")
NO_EXCHANGE = {"exchange_three": False}

# 13-tile hands of two suits far from ready (the dealer's has a 14th tile)
JUNK_1 = "13579m2468p1357s"
JUNK_2 = "24568m3579p2468s"
JUNK_3 = "1369m4679p14699s"
JUNK_DEALER = "13579m2468p13579s"
#: wins on 5p: 123m 456m 789m 123p 55p (void s) / 111s 234s 567s 99s 456p (void m) /
#: 333m 666m 999m 11p 555p (void s); the dealer holds 5p and declares p void
WINS_5P = ("123m456m789m123p5p", "111s234s567s99s46p", "333m666m999m11p55p")
DEALER_5P = "14578m2468s1379s5p"


def sichuan_wall(
    hands: Sequence[str], draws: Sequence[int] | str = "", back: str = ""
) -> list[int]:
    """Return a 108-tile wall dealing ``hands`` from the dealer (14 tiles, then 13 each), then
    ``draws`` from the front; ``back`` are the kong replacement tiles, the first drawn first.
    The other tiles fill the middle in order."""
    pool = Counter(tile_set("sichuan", {}).tiles())
    front: list[int] = []
    for i, h in enumerate(hands):
        tiles = parse_tiles(h)
        assert len(tiles) == (14 if i == 0 else 13), h
        front.extend(tiles)
    front.extend(parse_tiles(draws) if isinstance(draws, str) else draws)
    tail = parse_tiles(back)
    for t in (*front, *tail):
        assert pool[t] > 0, f"too many of tile {t}"
        pool[t] -= 1
    wall = [*front, *sorted(pool.elements()), *reversed(tail)]
    assert len(wall) == 108
    return wall


def start(
    hands: Sequence[str],
    draws: Sequence[int] | str = "",
    back: str = "",
    *,
    options: dict[str, Any] | None = None,
    length: str = "one_hand",
    voids: str = "",
    more: Sequence[list[int]] = (),
) -> tuple[GameState, list[Event]]:
    """Return a Sichuan game on a fixed wall (exchange off unless the options say otherwise);
    ``voids`` declares each seat's void suit, one letter per seat, when given."""
    opts = {**NO_EXCHANGE, **(options or {})}
    state, events = new_game(
        SICHUAN, opts, 0, length, walls=[sichuan_wall(hands, draws, back), *more]
    )
    if voids:
        for seat, suit in enumerate(voids):
            state, more_events = step(SICHUAN, state, seat, DeclareVoid(suit))
            events += more_events
    return state, events


def answer_all(state: GameState, pick: Any) -> tuple[GameState, list[Event]]:
    """Return the state after every seat waiting answers ``pick(seat, legal)``."""
    events: list[Event] = []
    for seat in list(state.waiting_seats()):
        state, more = step(SICHUAN, state, seat, pick(seat, legal_actions(SICHUAN, state, seat)))
        events += more
    return state, events


def tsumogiri_to_the_end(state: GameState) -> tuple[GameState, list[Event]]:
    """Return the state once the hand ends: every claim passed, no win taken, each seat
    discarding the tile it drew when allowed (else the last tile it may discard)."""
    events: list[Event] = []
    for _ in range(2000):
        if of_kind(events, "hand_ended"):
            return state, events
        seat = state.waiting_seats()[0]
        legal = legal_actions(SICHUAN, state, seat)
        action: Action
        if Pass() in legal:
            action = Pass()
        else:
            discards = [a for a in legal if isinstance(a, Discard)]
            action = next((a for a in discards if a.tile == state.drawn), discards[-1])
        state, more = step(SICHUAN, state, seat, action)
        events += more
    raise AssertionError("the hand did not end")


def tiles(text: str) -> tuple[int, ...]:
    return tuple(parse_tiles(text))


def test_a_dealer_dealt_a_complete_hand_may_win_before_any_discard() -> None:
    # Sichuan deals the dealer 14 tiles: 123m 456m 789m 123p 55p is complete (void s), a
    # heavenly hand offered on the dealer's first turn
    state, _ = start(["123456789m12355p", JUNK_1, JUNK_2, JUNK_3], voids="ssss")
    assert state.phase == "turn" and state.turn == 0
    assert Tsumo() in legal_actions(SICHUAN, state, 0)
    state, events = step(SICHUAN, state, 0, Tsumo())
    (won,) = of_kind(events, "won")
    assert won.seat == 0 and won.source is None


# ---------------------------------------------------------------- the exchange


def first_exchange(seat: int, legal: list[Action]) -> Action:
    return next(a for a in legal if isinstance(a, Exchange))


@pytest.mark.parametrize(("direction", "shift"), [("next", 1), ("across", 2), ("previous", 3)])
def test_each_seat_passes_three_tiles_the_same_way(direction: str, shift: int) -> None:
    hands = ["123456789m12345p", JUNK_1, JUNK_2, JUNK_3]
    options = {"exchange_three": True, "exchange_direction": direction}
    state, _ = start(hands, options=options)
    assert state.phase == "decision" and state.waiting_seats() == [0, 1, 2, 3]
    before = state.concealed
    state, events = answer_all(state, first_exchange)
    passed = {e.seat: e for e in events if isinstance(e, TilesPassed)}
    assert sorted(passed) == [0, 1, 2, 3]
    for seat, e in passed.items():
        assert e.to == (seat + shift) % 4 and len(e.tiles) == 3
        assert len({kind(t) // 9 for t in e.tiles}) == 1  # three tiles of one suit
    for seat in range(4):
        giver = (seat - shift) % 4
        want = Counter(before[seat]) - Counter(passed[seat].tiles) + Counter(passed[giver].tiles)
        assert Counter(state.concealed[seat]) == want
    # the passed tiles are private to the two seats involved
    e = passed[0]
    third = next(s for s in range(4) if s not in (0, e.to))
    assert e.for_seat(third).to_dict()["tiles"] == "" and e.for_seat(e.to) == e
    # then the void suit is asked
    assert state.phase == "decision" and state.claim_kind == "void"
    assert player_view(SICHUAN, state, 2).decision == "void"


def test_the_dice_choose_the_direction() -> None:
    options = {"exchange_three": True}  # exchange_direction: dice (the default)
    state, events = start(["123456789m12345p", JUNK_1, JUNK_2, JUNK_3], options=options)
    state, more = answer_all(state, first_exchange)
    dice = of_kind(more, "dice_rolled")[0].dice  # a fixed wall is thrown its dice here
    shift = {1: 1, 2: 2, 0: 3}[sum(dice) % 3]  # total mod 3: 1 next, 2 across, 0 previous
    assert {(e.seat, e.to) for e in of_kind(more, "tiles_passed")} == {
        (s, (s + shift) % 4) for s in range(4)
    }
    # a seeded game throws them before the deal
    state, events = new_game(SICHUAN, {}, 11, "one_hand")
    assert kinds(events)[:2] == ["hand_started", "dice_rolled"] and state.dice


def test_the_offers_are_every_three_tiles_of_one_suit() -> None:
    dealer = "123456789m12345p"
    state, _ = start([dealer, JUNK_1, JUNK_2, JUNK_3], options={"exchange_three": True})
    offered = {a.tiles for a in legal_actions(SICHUAN, state, 0) if isinstance(a, Exchange)}
    hand = tiles(dealer)
    want = {tuple(sorted(c)) for c in combinations(hand, 3) if len({kind(t) // 9 for t in c}) == 1}
    assert offered == want and len(want) == 84 + 10  # C(9,3) characters + C(5,3) dots
    with pytest.raises(IllegalAction):
        step(SICHUAN, state, 0, Exchange(tiles("12m1p")))
    with pytest.raises(IllegalAction):
        step(SICHUAN, state, 0, Discard(tiles("1m")[0]))


# ---------------------------------------------------------------- the void suit


def test_the_void_suit_is_declared_by_every_seat_in_public() -> None:
    state, events = start(["123456789m12345p", JUNK_1, JUNK_2, JUNK_3])
    assert state.phase == "decision" and state.claim_kind == "void"
    for seat in range(4):
        assert {str(a) for a in legal_actions(SICHUAN, state, seat)} == {
            "void m",
            "void p",
            "void s",
        }
    state, events = answer_all(state, lambda seat, legal: DeclareVoid("msps"[seat]))
    declared = of_kind(events, "void_declared")
    assert [(e.seat, e.suit) for e in declared] == [(0, "m"), (1, "s"), (2, "p"), (3, "s")]
    assert all(e.for_seat(s) == e for e in declared for s in range(4))
    assert player_view(SICHUAN, state, 1).seats[2].void == "p"
    assert state.phase == "turn" and state.turn == 0


@pytest.mark.parametrize(
    ("void", "discards"),
    [
        ("s", "35s"),  # sichuan.md: "its tiles must be discarded before any other"
        ("p", "1p"),
        ("m", "123456789m"),
    ],
)
def test_the_void_suit_is_discarded_first(void: str, discards: str) -> None:
    dealer = "1234567899m11p35s"
    state, _ = start([dealer, JUNK_1, JUNK_2, JUNK_3], voids=void + "mmm")
    offered = {a.tile for a in legal_actions(SICHUAN, state, 0) if isinstance(a, Discard)}
    assert offered == set(tiles(discards))


def advance(state: GameState, until: Any) -> tuple[GameState, list[Event]]:
    """Return the state once ``until(state)`` holds, claims passed and drawn tiles discarded."""
    events: list[Event] = []
    for _ in range(500):
        if until(state):
            return state, events
        seat = state.waiting_seats()[0]
        legal = legal_actions(SICHUAN, state, seat)
        discards = [a for a in legal if isinstance(a, Discard)]
        action = (
            Pass()
            if Pass() in legal
            else next((a for a in discards if a.tile == state.drawn), discards[-1])
        )
        state, more = step(SICHUAN, state, seat, action)
        events += more
    raise AssertionError("not reached")


def test_any_tile_goes_once_the_void_suit_is_gone() -> None:
    dealer = "12345678899m11p3s"
    state, _ = start([dealer, JUNK_1, JUNK_2, JUNK_3], "8p8p8p5m", voids="sppp")
    assert [str(a) for a in legal_actions(SICHUAN, state, 0)] == ["discard 3s"]
    state, _ = play(state, ["0: discard 3s"], rules=SICHUAN)
    state, _ = advance(state, lambda s: s.turn == 0 and s.phase == "turn")
    offered = {a.tile for a in legal_actions(SICHUAN, state, 0) if isinstance(a, Discard)}
    assert offered == set(tiles("123456789m1p"))


@pytest.mark.parametrize(("void", "offered"), [("s", True), ("p", False)])
def test_no_pung_of_the_void_suit(void: str, offered: bool) -> None:
    south = "55p123456m13579s"
    state, _ = start([DEALER_5P, south, JUNK_2, JUNK_3], voids="p" + void + "mm")
    state, _ = play(state, ["0: discard 5p"], rules=SICHUAN)
    assert (Pon(tiles("55p")) in legal_actions(SICHUAN, state, 1)) is offered


@pytest.mark.parametrize(("void", "offered"), [("s", True), ("p", False)])
def test_no_win_while_holding_the_void_suit(void: str, offered: bool) -> None:
    # 123m 456m 789m 123p + 5p: two suits, complete on 5p; with p declared void it holds p
    state, _ = start([DEALER_5P, WINS_5P[0], JUNK_2, JUNK_3], voids="p" + void + "mm")
    state, _ = play(state, ["0: discard 5p"], rules=SICHUAN)
    assert (Ron() in legal_actions(SICHUAN, state, 1)) is offered


# ---------------------------------------------------------------- several winners


def test_several_winners_on_one_discard_leave_play_with_their_hands_shown() -> None:
    state, _ = start([DEALER_5P, *WINS_5P], "1p", voids="psms")
    state, _ = play(state, ["0: discard 5p"], rules=SICHUAN)
    assert all(Ron() in legal_actions(SICHUAN, state, s) for s in (1, 2, 3))
    state, events = play(state, ["1: ron", "2: ron", "3: pass"], rules=SICHUAN)
    won = of_kind(events, "won")
    assert [w.seat for w in won] == [1, 2]
    for w in won:  # each shown and paid separately by the discarder
        assert w.hand == tuple(sorted((*tiles(WINS_5P[w.seat - 1]), tiles("5p")[0])))
        assert all(w.for_seat(s) == w for s in range(4))
    moved = of_kind(events, "points_moved")
    assert [m.deltas for m in moved] == [
        (-won[0].result["points"]["total"], won[0].result["points"]["total"], 0, 0),
        (-won[1].result["points"]["total"], 0, won[1].result["points"]["total"], 0),
    ]
    assert not of_kind(events, "hand_ended")
    assert "out" in state.status[1] and "out" in state.status[2]
    assert player_view(SICHUAN, state, 0).seats[1].out
    # play goes on after the last winner: North draws; the winners are never asked again
    assert state.turn == 3 and state.phase == "turn"
    assert legal_actions(SICHUAN, state, 1) == [] and legal_actions(SICHUAN, state, 2) == []
    # North self-draws 1p: only the players still in pay (players_in_hand 1: the dealer)
    state, events = play(state, ["3: tsumo"], rules=SICHUAN)
    result = of_kind(events, "won")[0].result
    assert result["points"]["payers"] == [{"from": "each", "amount": result["points"]["total"]}]
    assert of_kind(events, "points_moved")[0].deltas == (
        -result["points"]["total"],
        0,
        0,
        result["points"]["total"],
    )
    # three have won: the hand ends
    assert of_kind(events, "hand_ended")[0].winners == (1, 2, 3)


def test_three_winners_on_one_discard_end_the_hand_and_the_first_deals_next() -> None:
    nxt = sichuan_wall([JUNK_DEALER, JUNK_1, JUNK_2, JUNK_3])
    state, _ = start([DEALER_5P, *WINS_5P], voids="psms", length="east", more=[nxt])
    state, events = play(state, ["0: discard 5p", "1: ron", "2: ron", "3: ron"], rules=SICHUAN)
    assert [w.seat for w in of_kind(events, "won")] == [1, 2, 3]
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.winners) == ("win", (1, 2, 3))
    started = of_kind(events, "hand_started")[0]
    assert started.dealer == 1  # sichuan.md: "The first player to win in a hand deals the next"


@pytest.mark.parametrize("dealer", [0, 2])
def test_after_a_hand_nobody_won_the_dealer_deals_again(dealer: int) -> None:
    # sichuan.md "Deal and length": "if nobody wins, the dealer deals again"
    wall = sichuan_wall([JUNK_DEALER, JUNK_1, JUNK_2, JUNK_3])
    state, _ = new_game(SICHUAN, NO_EXCHANGE, 0, "east", walls=[wall, wall], dealer=dealer)
    state, _ = answer_all(state, lambda seat, legal: legal[0])
    state, events = tsumogiri_to_the_end(state)
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.winners) == ("exhaustive_draw", ())
    (started,) = of_kind(events, "hand_started")
    assert (started.hand, started.dealer, started.dealer_streak) == (1, dealer, 1)
    assert state.dealer == dealer and state.concealed[dealer] and len(state.concealed[dealer]) == 14


def test_a_win_passed_by_keeps_that_seat_from_winning_on_a_discard_until_it_draws() -> None:
    # sichuan.md: "after declining a winning discard, no win on a discard until the player's
    # next draw"
    state, _ = start([DEALER_5P, *WINS_5P], "1p", voids="psms")
    state, _ = play(state, ["0: discard 5p", "1: ron", "2: pass", "3: pass"], rules=SICHUAN)
    assert state.turn == 2 and "furiten_temp" not in state.status[2]  # West drew: it ends
    assert "furiten_temp" in state.status[3]
    state, _ = play(state, ["2: discard 1p"], rules=SICHUAN)  # North waits on 1p and 5p
    assert Ron() not in legal_actions(SICHUAN, state, 3)
    assert Pon(tiles("11p")) in legal_actions(SICHUAN, state, 3)


# ---------------------------------------------------------------- kong money

#: the dealer: a concealed kong of 1p ready, 3s to discard (s void); South: three 3s
KONG_DEALER = "1111p2345m6789m13s"
SOUTH_333S = "333s456p789p22p26s"
WEST_WAITS_6S = "234567p888p78s99s"  # 234p 567p 888p 99s + 78s: waits 6s or 9s


@pytest.mark.parametrize("base", [1, 3])
def test_a_concealed_kong_is_paid_2_base_by_every_player_still_in(base: int) -> None:
    options = {"base": base}
    state, _ = start(
        [KONG_DEALER, JUNK_1, JUNK_2, JUNK_3], back="9s", options=options, voids="sppp"
    )
    state, events = play(state, ["0: ankan 1111p"], rules=SICHUAN)
    assert [(m.reason, m.deltas) for m in of_kind(events, "points_moved")] == [
        ("kong", (6 * base, -2 * base, -2 * base, -2 * base))
    ]
    assert kinds(events) == ["called", "points_moved", "drew"]


def test_a_kong_on_a_discard_is_paid_2_base_by_the_discarder() -> None:
    state, _ = start([KONG_DEALER, SOUTH_333S, JUNK_2, JUNK_3], back="2s", voids="smpp")
    state, events = play(state, ["0: discard 3s", "1: kan 333s"], rules=SICHUAN)
    assert [(m.reason, m.deltas) for m in of_kind(events, "points_moved")] == [
        ("kong", (-2, 2, 0, 0))
    ]


def test_an_added_kong_is_paid_1_base_by_every_player_still_in() -> None:
    south = "33s456p789p22p256s"
    state, _ = start([KONG_DEALER, south, JUNK_2, JUNK_3], "1m1m1m3s", voids="smpp")
    state, _ = play(state, ["0: discard 3s", "1: pon 33s", "1: discard 2s"], rules=SICHUAN)
    state, _ = advance(state, lambda s: s.turn == 1 and s.phase == "turn")
    state, events = play(state, ["1: kakan 3s"], rules=SICHUAN)
    assert [(m.reason, m.deltas) for m in of_kind(events, "points_moved")] == [
        ("kong", (-1, 3, -1, -1))
    ]


@pytest.mark.parametrize("base", [1, 3])
def test_dealing_in_right_after_ones_kong_passes_its_money_to_the_winner(base: int) -> None:
    hands = [KONG_DEALER, SOUTH_333S, WEST_WAITS_6S, JUNK_3]
    state, _ = start(hands, back="6s", options={"base": base}, voids="smmp")
    state, _ = play(state, ["0: discard 3s", "1: kan 333s"], rules=SICHUAN)
    state, events = play(state, ["1: discard 6s", "2: ron"], rules=SICHUAN)
    won = of_kind(events, "won")[0]
    assert "kong_discard" in [i["id"] for i in won.result["items"]]
    moved = [(m.reason, m.deltas) for m in of_kind(events, "points_moved")]
    total = won.result["points"]["total"]
    assert moved == [
        ("win", (0, -total, total, 0)),
        ("kong_passed_on", (0, -2 * base, 2 * base, 0)),
    ]


def test_a_kong_made_after_a_win_is_paid_only_by_the_players_still_in() -> None:
    north = "666m999m8888p127p"
    state, _ = start([DEALER_5P, WINS_5P[0], WINS_5P[1], north], "7s3p", back="2s", voids="psms")
    state, _ = play(state, ["0: discard 5p", "1: ron", "2: pass"], rules=SICHUAN)
    # South has left play; West draws and discards, then North declares a concealed kong
    state, _ = advance(state, lambda s: s.turn == 3 and s.phase == "turn")
    state, events = play(state, ["3: ankan 8888p"], rules=SICHUAN)
    kong = [m.deltas for m in of_kind(events, "points_moved") if m.reason == "kong"]
    assert kong == [(-2, 0, -2, 4)]


# ---------------------------------------------------------------- the exhaustive draw

#: the dealer: ready on 1p or 4p, 0 fan at best (123m 456m 789m 123p 11p): 1 point; 9s to discard
READY_PLAIN = "123456789m11p23p"
#: South: all three suits (the one s tile kept: it draws an s tile every turn and throws that),
#: its shape waiting on that 5s: still not ready, as it cannot win
THREE_SUITS = "789m234p456p678p5s"
#: West: not ready, with a concealed kong of 9p to make
NOT_READY_KONG = "8899m9999p13557p"
#: North: ready, best hand 4 fan (seven pairs 2 + pure suit 2 with 7m): capped 4, 16 points
READY_PURE = "1122334455667m"


def draw_scenario_wall() -> list[int]:
    """Return the wall: the four hands above, South drawing an s tile every time, West's first
    draw a 6m; the rest in order."""
    hands = [READY_PLAIN + "9s", THREE_SUITS, NOT_READY_KONG, READY_PURE]
    pool = Counter(tile_set("sichuan", {}).tiles())
    for h in (*hands, "6m"):
        pool -= Counter(parse_tiles(h))
    s_tiles = sorted(t for t in pool.elements() if t >= 18)
    others = sorted(t for t in pool.elements() if t < 18)
    draws: list[int] = []
    for i in range(108 - 53 - 1):  # the front draws; one tile replaces the kong
        if i == 1:
            draws.append(parse_tiles("6m")[0])
        elif i % 4 == 0:
            draws.append(s_tiles.pop())
        else:
            draws.append(others.pop() if others else s_tiles.pop())
    back = others.pop() if others else s_tiles.pop()
    return sichuan_wall(hands, draws, tile_name(back))


def play_the_draw_scenario(options: dict[str, Any]) -> tuple[Any, list[Any]]:
    """Return the final state and the events of the hand on ``draw_scenario_wall`` after the voids: the dealer's
    9s, play to West's concealed kong of 9p, then every seat discarding its draw to the end."""
    state, _ = new_game(SICHUAN, options, 0, "one_hand", walls=[draw_scenario_wall()])
    state, _ = answer_all(state, lambda seat, legal: DeclareVoid("s"))
    state, events = play(state, ["0: discard 9s"], rules=SICHUAN)
    state, more = advance(state, lambda s: s.turn == 2 and s.phase == "turn")
    events += more
    state, more = play(state, ["2: ankan 9999p"], rules=SICHUAN)
    events += more
    state, more = tsumogiri_to_the_end(state)
    return state, [*events, *more]


@pytest.mark.parametrize("base", [1, 2])
def test_each_settlement_at_an_exhaustive_draw(base: int) -> None:
    options = {**NO_EXCHANGE, "base": base}
    state, events = play_the_draw_scenario(options)
    moved = [
        (m.reason, tuple(d // base for d in m.deltas)) for m in of_kind(events, "points_moved")
    ]
    assert all(d % base == 0 for m in of_kind(events, "points_moved") for d in m.deltas)
    assert moved == [  # in base units
        ("kong", (-2, -2, 6, -2)),  # West's concealed kong, paid by every player still in
        # South holds three suits: pays every other player the cap (2^4) and nothing more
        ("three_suits", (16, -48, 16, 16)),
        # West is not ready: pays each ready player that player's best hand (1 and 16)
        ("not_ready", (1, 0, -17, 16)),
        # West returns its kong money to those who paid it
        ("kong_returned", (2, 2, -6, 2)),
    ]
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.ready, ended.winners) == ("exhaustive_draw", (0, 3), ())
    assert [e.seat for e in of_kind(events, "hand_revealed")] == [0, 3]
    assert sum(state.scores) == 0


def test_at_a_draw_only_the_players_still_in_settle() -> None:
    # South won early and left play: the three-suit and not-ready payments skip it
    hands = [DEALER_5P, WINS_5P[0], NOT_READY_KONG, READY_PURE]
    wall = sichuan_wall(hands)
    state, _ = new_game(SICHUAN, NO_EXCHANGE, 0, "one_hand", walls=[wall])
    state, _ = answer_all(state, lambda seat, legal: DeclareVoid("psss"[seat]))
    state, events = play(state, ["0: discard 5p", "1: ron"], rules=SICHUAN)
    state, more = tsumogiri_to_the_end(state)
    events += more
    settled = [m for m in of_kind(events, "points_moved") if m.reason != "win"]
    assert settled and all(m.deltas[1] == 0 for m in settled)
    assert of_kind(events, "hand_ended")[0].winners == (1,)


def test_after_a_draw_with_one_winner_the_winner_deals_next() -> None:
    # sichuan.md: "The first player to win in a hand deals the next", even when the wall ran out
    hands = [DEALER_5P, WINS_5P[0], NOT_READY_KONG, READY_PURE]
    wall = sichuan_wall(hands)
    state, _ = new_game(SICHUAN, NO_EXCHANGE, 0, "east", walls=[wall, wall])
    state, _ = answer_all(state, lambda seat, legal: DeclareVoid("psss"[seat]))
    state, _ = play(state, ["0: discard 5p", "1: ron"], rules=SICHUAN)
    state, events = tsumogiri_to_the_end(state)
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.winners) == ("exhaustive_draw", (1,))
    (started,) = of_kind(events, "hand_started")
    assert (started.dealer, started.dealer_streak) == (1, 0)


def test_a_robbed_added_kong_is_never_made_and_play_goes_on() -> None:
    south = "33s456p789p22p256s"
    west = "234567p888p24s99s"  # 234p 567p 888p 99s + 24s: waits on 3s
    state, _ = start([KONG_DEALER, south, west, JUNK_3], "1m1m1m3s", voids="smmp")
    state, _ = play(state, ["0: discard 3s", "1: pon 33s", "1: discard 2s"], rules=SICHUAN)
    state, _ = advance(state, lambda s: s.turn == 1 and s.phase == "turn")
    state, events = play(state, ["1: kakan 3s", "2: ron"], rules=SICHUAN)
    won = of_kind(events, "won")[0]
    assert (won.seat, won.source, won.robbed_kong) == (2, 1, True)
    assert "robbing_kong" in [i["id"] for i in won.result["items"]]
    assert [m.reason for m in of_kind(events, "points_moved")] == ["win"]  # no kong money
    # the kong never stood: South keeps its pung, the robbed tile went to the winner
    assert [str(m) for m in state.melds[1]] == ["pon 333s from=1"]
    assert len(state.concealed[1]) + 3 == 13 and state.kongs == ()
    assert Counter(state.concealed[2]) == Counter(tiles(west + "3s"))
    assert physical_tiles(state) == Counter(tile_set("sichuan", {}).tiles())
    assert state.turn == 3 and state.phase == "turn"


@pytest.mark.parametrize("rule", ["self_draw", "discarder_pays"])
def test_a_win_on_a_claimed_kongs_replacement(rule: str) -> None:
    # sichuan.md: option kong_flower_from_discard: self_draw (default) or discarder_pays
    south = "333s678p789p22p55p"  # after the kong: 678p 789p 22p 55p, the 5p replacement wins
    options = {"kong_flower_from_discard": rule}
    state, _ = start([KONG_DEALER, south, JUNK_2, JUNK_3], back="5p", options=options, voids="smpp")
    state, events = play(state, ["0: discard 3s", "1: kan 333s", "1: tsumo"], rules=SICHUAN)
    result = of_kind(events, "won")[0].result
    assert "kong_replacement" in [i["id"] for i in result["items"]]
    hand = 2 ** result["total"]
    moved = [m.deltas for m in of_kind(events, "points_moved")]
    if rule == "discarder_pays":  # the kong tile's discarder pays alone, as for a discard
        assert moved == [(-2, 2, 0, 0), (-hand, hand, 0, 0)]
    else:  # every other player still in pays, one base more each
        each = hand + 1
        assert moved == [(-2, 2, 0, 0), (-each, 3 * each, -each, -each)]


# ---------------------------------------------------------------- the dice, the decisions, the end


@pytest.mark.parametrize(
    ("dice", "shift"),
    [((3, 4), 1), ((2, 2), 1), ((1, 1), 2), ((5, 6), 2), ((1, 2), 3), ((6, 6), 3)],
)
def test_the_dice_total_mod_3_gives_the_direction(dice: tuple[int, int], shift: int) -> None:
    # engine-variants.md: "the total mod 3 is 1 = to the next seat, 2 = across, 0 = previous"
    assert SichuanGame().exchange_shift(SichuanTable(exchange_direction="dice"), dice) == shift


def test_each_die_of_a_shuffled_wall_shows_one_to_six() -> None:
    tiles_108 = list(tile_set("sichuan", {}).tiles())
    thrown = [SichuanGame().build_wall({}, tiles_108, random.Random(i))[1] for i in range(200)]
    assert {d[0] for d in thrown} == {d[1] for d in thrown} == {1, 2, 3, 4, 5, 6}


def exchange_dice(seed: int) -> tuple[int, ...]:
    """Return the dice a fixed wall throws at the exchange of a game with this seed."""
    wall = sichuan_wall(["123456789m12345p", JUNK_1, JUNK_2, JUNK_3])
    state, _ = new_game(SICHUAN, {"exchange_three": True}, seed, "one_hand", walls=[wall])
    state, events = answer_all(state, first_exchange)
    (rolled,) = of_kind(events, "dice_rolled")
    return tuple(rolled.dice)


def test_a_fixed_wall_throws_two_dice_from_the_hands_seed() -> None:
    thrown = [exchange_dice(seed) for seed in range(60)]
    assert {d[0] for d in thrown} == {d[1] for d in thrown} == {1, 2, 3, 4, 5, 6}
    assert [exchange_dice(seed) for seed in range(10)] == thrown[:10]  # the same seed, the same


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_shuffled_wall_exchanges_by_the_dice_thrown_before_the_deal(seed: int) -> None:
    state, _ = new_game(SICHUAN, {}, seed, "one_hand")
    shift = {1: 1, 2: 2, 0: 3}[sum(state.dice) % 3]
    state, events = answer_all(state, first_exchange)
    assert of_kind(events, "dice_rolled") == []
    assert {(e.seat, e.to) for e in of_kind(events, "tiles_passed")} == {
        (s, (s + shift) % 4) for s in range(4)
    }


def test_a_fixed_direction_throws_no_dice() -> None:
    options = {"exchange_three": True, "exchange_direction": "across"}
    state, _ = start(["123456789m12345p", JUNK_1, JUNK_2, JUNK_3], options=options)
    state, events = answer_all(state, first_exchange)
    assert of_kind(events, "dice_rolled") == []
    assert {(e.seat, e.to) for e in of_kind(events, "tiles_passed")} == {
        (s, (s + 2) % 4) for s in range(4)
    }


def test_the_exchange_is_the_decision_asked_first() -> None:
    state, _ = start(["123456789m12345p", JUNK_1, JUNK_2, JUNK_3], options={"exchange_three": True})
    assert state.phase == "decision" and state.claim_kind == "exchange"
    assert player_view(SICHUAN, state, 1).decision == "exchange"


def test_a_suit_of_exactly_three_tiles_is_offered_and_the_shortest_suit_first() -> None:
    dealer = "123456789m12p345s"  # 9 characters, 2 dots, 3 bamboo
    state, _ = start([dealer, JUNK_1, JUNK_2, JUNK_3], options={"exchange_three": True})
    offered = [a.tiles for a in legal_actions(SICHUAN, state, 0) if isinstance(a, Exchange)]
    assert offered[0] == tiles("345s") and len(offered) == 84 + 1


def test_the_void_suits_are_offered_the_fewest_held_first() -> None:
    state, _ = start(["123456789m12345p", JUNK_1, JUNK_2, JUNK_3])  # 9 m, 5 p, no s
    assert [str(a) for a in legal_actions(SICHUAN, state, 0)] == ["void s", "void p", "void m"]


def test_without_the_missing_suit_rule_play_starts_after_the_deal() -> None:
    dealer = "123456789m12345p"
    state, events = start([dealer, JUNK_1, JUNK_2, JUNK_3], options={"missing_suit": False})
    assert of_kind(events, "void_declared") == []
    assert state.phase == "turn" and state.turn == 0
    offered = {a.tile for a in legal_actions(SICHUAN, state, 0) if isinstance(a, Discard)}
    assert offered == set(tiles(dealer))


def test_the_void_suit_is_the_nine_kinds_of_that_suit() -> None:
    # with dots void, the bamboo 1 is not a dot: only the 1p must go first
    state, _ = start(["1234567899m1p135s", JUNK_1, JUNK_2, JUNK_3], voids="pmmm")
    offered = {a.tile for a in legal_actions(SICHUAN, state, 0) if isinstance(a, Discard)}
    assert offered == set(tiles("1p"))


@pytest.mark.parametrize(("void", "offered"), [("p", False), ("m", True)])
def test_no_pung_of_the_void_suits_one(void: str, offered: bool) -> None:
    south = "11p123456m13579s"
    state, _ = start(["1p" + DEALER_5P[:-2], south, JUNK_2, JUNK_3], voids="p" + void + "mm")
    state, _ = play(state, ["0: discard 1p"], rules=SICHUAN)
    assert (Pon(tiles("11p")) in legal_actions(SICHUAN, state, 1)) is offered


@pytest.mark.parametrize(
    ("length", "last"), [("one_hand", 0), ("east", 3), ("south", 7), ("full", 15)]
)
def test_the_game_ends_after_its_last_hand(length: str, last: int) -> None:
    # sichuan.md: "lengths count hands: one_hand 1, east 4, south 8, full 16"
    state, _ = start([JUNK_DEALER, JUNK_1, JUNK_2, JUNK_3], length=length)
    nxt = SichuanGame().next_hand(state.options, state, Outcome("exhaustive_draw", "wall"))
    for index, want in [(last - 1, None), (last, "length")]:
        if index >= 0:
            at = dataclasses.replace(state, hand_index=index)
            assert SichuanGame().game_end(state.options, at, nxt) == want


def test_a_kong_passed_on_is_not_returned_at_the_draw() -> None:
    # sichuan.md "Payment": at a draw a player not ready returns each kong's money "that was not
    # passed on". South's kong on the dealer's 3s went on to West, who won on South's discard
    # right after it; South (678p 789p 22p 2s 6s, void m) stays not ready to the end.
    hands = [KONG_DEALER, SOUTH_333S, WEST_WAITS_6S, JUNK_3]
    state, _ = start(hands, back="6s", voids="smmp")
    state, _ = play(state, ["0: discard 3s", "1: kan 333s"], rules=SICHUAN)
    state, events = play(state, ["1: discard 6s", "2: ron"], rules=SICHUAN)
    assert [m.reason for m in of_kind(events, "points_moved")] == ["win", "kong_passed_on"]
    state, events = tsumogiri_to_the_end(state)
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.winners) == ("exhaustive_draw", (2,)) and 1 not in ended.ready
    assert [m.reason for m in of_kind(events, "points_moved")].count("kong_returned") == 0


def test_a_kong_made_before_one_passed_on_is_still_returned_at_the_draw() -> None:
    # South's kong on the dealer's 3s stays with South, not ready at the draw: it returns it;
    # the dealer's concealed kong, made later and passed on to West, is not returned
    hands = [KONG_DEALER, SOUTH_333S, WEST_WAITS_6S, JUNK_3]
    state, _ = start(hands, back="7s6s", voids="smmp")
    state, _ = play(state, ["0: discard 3s", "1: kan 333s", "1: discard 7s"], rules=SICHUAN)
    state, _ = advance(state, lambda s: s.turn == 0 and s.phase == "turn")
    state, events = play(state, ["0: ankan 1111p", "0: discard 6s", "2: ron"], rules=SICHUAN)
    assert [m.reason for m in of_kind(events, "points_moved")] == [
        "kong",
        "win",
        "kong_passed_on",
    ]
    state, events = tsumogiri_to_the_end(state)
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.winners) == ("exhaustive_draw", (2,)) and 1 not in ended.ready
    returned = [m.deltas for m in of_kind(events, "points_moved") if m.reason == "kong_returned"]
    assert returned == [(2, -2, 0, 0)]


def test_a_win_on_a_discard_after_a_claimed_kong_is_paid_by_that_discarder() -> None:
    south = "333s678p789p22p55p"  # after the kong: 678p 789p 22p 55p, waiting on 2p or 5p
    west = "24568m3579p2468s"
    state, _ = start([KONG_DEALER, south, west, JUNK_3], "1m", back="9m", voids="smpp")
    state, _ = play(state, ["0: discard 3s", "1: kan 333s", "1: discard 9m"], rules=SICHUAN)
    state, events = play(state, ["2: discard 5p", "1: ron"], rules=SICHUAN)
    won = of_kind(events, "won")[0]
    total = won.result["points"]["total"]
    assert (won.seat, won.source) == (1, 2)
    assert [m.deltas for m in of_kind(events, "points_moved")] == [(0, total, -total, 0)]


def test_sichuan_counts_no_round_wind_and_no_repeat_counter() -> None:
    # sichuan.md: "There are no winds"; the dealer dealing again counts only its streak
    wall = sichuan_wall([JUNK_DEALER, JUNK_1, JUNK_2, JUNK_3])
    state, _ = new_game(SICHUAN, NO_EXCHANGE, 0, "east", walls=[wall, wall])
    state, _ = answer_all(state, lambda seat, legal: legal[0])
    state, _ = tsumogiri_to_the_end(state)
    assert (state.hand_index, state.dealer_streak) == (1, 1)
    assert (state.round_wind, state.honba) == (0, 0)


def test_a_three_suit_hand_is_ready_at_the_draw_without_the_missing_suit_rule() -> None:
    # South holds all three suits and waits on 5s (789m 234p 456p 678p + 5s): with the
    # missing-suit rule off it can win, so it is ready (with it on: THREE_SUITS above)
    south = "789m234p456p678p5s"
    options = {"missing_suit": False}
    state, _ = start([JUNK_DEALER, south, JUNK_2, JUNK_3], options=options)
    state, events = tsumogiri_to_the_end(state)
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.ready) == ("exhaustive_draw", (1,))
    # nobody pays for three suits; each player not ready pays South its best hand, a plain
    # hand of 0 fan on its 5s: one base
    moved = [(m.reason, m.deltas) for m in of_kind(events, "points_moved")]
    assert moved == [("not_ready", (-1, 3, -1, -1))]


def test_the_draw_settlement_follows_max_fan() -> None:
    # the draw of test_each_settlement_at_an_exhaustive_draw with a cap of 3 fan: South's
    # three suits cost it 2^3 to each other player, North's best hand (4 fan) is paid as 3
    options = {**NO_EXCHANGE, "max_fan": 3}
    _, events = play_the_draw_scenario(options)
    assert [(m.reason, m.deltas) for m in of_kind(events, "points_moved")] == [
        ("kong", (-2, -2, 6, -2)),
        ("three_suits", (8, -24, 8, 8)),
        ("not_ready", (1, 0, -9, 8)),
        ("kong_returned", (2, 2, -6, 2)),
    ]


def test_a_robbed_kong_after_a_kong_is_paid_by_the_robbed_player() -> None:
    # West declares a concealed kong, then on its replacement adds the fourth 5p to its pung;
    # South, whose last meld is a kong claimed from the dealer, robs it: West pays (the kong
    # tile's discarder), not the dealer of South's old kong
    south = "333s678p789p22p46p"  # after the kong: 678p 789p 22p 46p, waiting on 5p
    west = "55p99p7777s2468s9s"
    north = "123579m345p1469s"
    state, _ = start([KONG_DEALER, south, west, north], "2s8s8s1m1m4s", back="9m5p", voids="smmp")
    script = ["0: discard 3s", "1: kan 333s", "1: discard 9m", "2: discard 2s"]
    script += ["3: discard 5p", "1: pass", "2: pon 55p", "2: discard 9p", "3: discard 3p"]
    script += ["0: discard 1s", "1: discard 1m", "2: ankan 7777s", "2: kakan 5p"]
    state, _ = play(state, script, rules=SICHUAN)
    state, events = play(state, ["1: ron"], rules=SICHUAN)
    won = of_kind(events, "won")[0]
    assert (won.seat, won.source, won.robbed_kong) == (1, 2, True)
    total = won.result["points"]["total"]
    assert [m.deltas for m in of_kind(events, "points_moved")] == [(0, total, -total, 0)]


def test_a_player_who_has_won_is_offered_no_claim() -> None:
    # sichuan.md: "The winner leaves play". West wins on the dealer's 5p holding 111s and 99s;
    # North then throws a 9s (its void suit): West, out, is not offered the pung
    state, _ = start([DEALER_5P, *WINS_5P], "9s", voids="psms")
    state, _ = play(state, ["0: discard 5p", "1: pass", "2: ron", "3: pass"], rules=SICHUAN)
    assert state.winners == (2,) and "out" in state.status[2]
    assert state.turn == 3 and state.drawn == tiles("9s")[0]
    state, _ = play(state, ["3: discard 9s"], rules=SICHUAN)
    assert legal_actions(SICHUAN, state, 2) == []
    assert state.phase == "turn" and state.turn == 0

"""How hands end, from fixed walls (riichi.md "The game"): each abortive draw, the exhaustive
draw with noten payments and nagashi mangan, pao, bust, dealer rotation with honba and game
lengths, placements, and the record of a scripted game."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine_support import NO_RED, auto, of_kind, play, riichi_wall, start
from majiang.actions import NineTerminals, parse_action
from majiang.engine import legal_actions, new_game, step
from majiang.errors import InvalidRequest
from majiang.records import GameRecord, RecordMismatch, verify
from majiang.rules import get_ruleset
from majiang.rules.game import NextHand, Outcome, placements
from majiang.tiles import format_tiles, is_orphan, parse_tiles, tile_set

RIICHI = get_ruleset("riichi")
DEALER = "158p258s369s2467z"
JUNK1 = "147m258p369s2346z"
ITTSU_M = "123456789m23p11z"
JUNK3 = "89p3679m258s4567z"


# ---------------------------------------------------------------- abortive draws


def test_nine_terminals() -> None:
    state, _ = start(
        ["15569m19p19s1234z", JUNK1, ITTSU_M.replace("11z", "66z"), JUNK3], "9p", length="east"
    )
    assert NineTerminals() in legal_actions(RIICHI, state, 0)
    state, events = step(RIICHI, state, 0, NineTerminals())
    (ended,) = of_kind(events, "hand_ended")
    assert (ended.outcome, ended.reason) == ("abortive_draw", "nine_terminals")
    assert (state.dealer, state.honba) == (0, 1)


NINE_TERMINALS = "15569m19p19s1234z"  # ten different terminals and honors


def test_nine_terminals_only_on_the_first_draw() -> None:
    # the dealer keeps its ten terminals and honors through its first discard (a 5m): on its
    # second draw the abort is no longer offered
    state, _ = start([NINE_TERMINALS, JUNK1, ITTSU_M.replace("11z", "66z"), JUNK3], "9p")
    state, _ = play(state, ["0: discard 5m", "1: discard 1m", "2: discard 6z", "3: discard 8p"])
    assert (state.turn, state.phase) == (0, "turn") and len(state.rivers[0]) == 1
    assert NineTerminals() not in legal_actions(RIICHI, state, 0)


def test_no_nine_terminals_after_a_call() -> None:
    # seat 2's first draw comes after seat 1's pon of the dealer's 1p: the first go-around is
    # broken, so its nine terminals give no abortive draw (docs/riichi.md)
    pon1 = "11p234678m345s77z"
    state, _ = start([DEALER, pon1, NINE_TERMINALS, JUNK3], "9p5m")
    state, _ = play(state, ["0: discard 1p", "1: pon 11p", "1: discard 7z"])
    assert (state.turn, state.phase) == (2, "turn") and state.rivers[2] == ()
    assert NineTerminals() not in legal_actions(RIICHI, state, 2)


def test_eight_terminals_are_not_enough() -> None:
    state, _ = start(["19m19p19s12z23455m", JUNK1, ITTSU_M.replace("11z", "66z"), JUNK3], "6p")
    assert NineTerminals() not in legal_actions(RIICHI, state, 0)


FOUR_WIND_HANDS = [
    "1z123456789m234p",
    "1z123456789p234s",
    "1z123456789s234m",
    "1z567m567p567s999m",
]


def test_nine_terminals_off_is_not_offered() -> None:
    state, _ = start(
        ["15569m19p19s1234z", JUNK1, ITTSU_M.replace("11z", "66z"), JUNK3],
        "9p",
        options={"abort_nine_terminals": False},
    )
    assert NineTerminals() not in legal_actions(RIICHI, state, 0)


def test_four_winds() -> None:
    state, _ = start(FOUR_WIND_HANDS, "8m8p8s6m")
    state, events = play(
        state, ["0: discard 1z", "1: discard 1z", "2: discard 1z", "3: discard 1z"]
    )
    (ended,) = of_kind(events, "hand_ended")
    assert (ended.outcome, ended.reason) == ("abortive_draw", "four_winds")


def test_four_winds_off_plays_on() -> None:
    state, _ = start(FOUR_WIND_HANDS, "8m8p8s6m", options={"abort_four_winds": False})
    state, events = play(
        state, ["0: discard 1z", "1: discard 1z", "2: discard 1z", "3: discard 1z"]
    )
    assert not of_kind(events, "hand_ended") and state.turn == 0


@pytest.mark.parametrize(
    "first",
    [
        pytest.param(["1z", "2z", "3z", "4z"], id="four-different-winds"),
        pytest.param(["5z", "5z", "5z", "5z"], id="four-whites"),
    ],
)
def test_four_discards_not_of_one_wind_play_on(first: list[str]) -> None:
    # riichi.md: "four same winds discarded on the first go-around": four winds that differ,
    # or four of one dragon, are no abortive draw; seat 0 draws again
    hands = [f"{tile}{hand[2:]}" for tile, hand in zip(first, FOUR_WIND_HANDS, strict=True)]
    state, _ = start(hands, "8m8p8s6m")
    state, events = play(state, [f"{seat}: discard {tile}" for seat, tile in enumerate(first)])
    assert [len(river) for river in state.rivers] == [1, 1, 1, 1]
    assert not of_kind(events, "hand_ended") and (state.phase, state.turn) == ("turn", 0)


def test_four_riichi() -> None:
    state, _ = start(FOUR_WIND_HANDS, "5z6z7z5z", length="east")
    state, events = play(
        state,
        [
            "0: discard 5z riichi",
            "1: discard 6z riichi",
            "2: discard 7z riichi",
            "3: discard 5z riichi",
        ],
    )
    assert len(of_kind(events, "riichi_declared")) == 4
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.reason) == ("abortive_draw", "four_riichi")
    # the four sticks stay on the table for the next hand
    assert state.sticks == 4 and state.honba == 1 and state.scores == (24000,) * 4


def test_four_kongs_by_two_players() -> None:
    hands = ["1111m2222m345p66s", "3333m4444m567p77s", "123456789s1235z", "9m123789p147s456z"]
    state, _ = start(hands, "9p9s", rinshan="8p8s6z7z")
    state, events = play(state, ["0: ankan 1111m", "0: ankan 2222m", "0: discard 9p"])
    state, more = play(state, ["1: ankan 3333m", "1: ankan 4444m", "1: discard 7z"])
    events += more
    assert len(of_kind(events, "indicator_revealed")) == 4  # a concealed kong turns one at once
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.reason) == ("abortive_draw", "four_kongs")


def test_four_riichi_off_plays_on() -> None:
    state, _ = start(FOUR_WIND_HANDS, "5z6z7z5z", options={"abort_four_riichi": False})
    state, events = play(
        state,
        [
            "0: discard 5z riichi",
            "1: discard 6z riichi",
            "2: discard 7z riichi",
            "3: discard 5z riichi",
        ],
    )
    assert all("riichi" in status for status in state.status)
    assert not of_kind(events, "hand_ended") and (state.phase, state.turn) == ("turn", 0)


def test_four_kongs_off_plays_on() -> None:
    hands = ["1111m2222m345p66s", "3333m4444m567p77s", "123456789s1235z", "9m123789p147s456z"]
    state, _ = start(hands, "9p9s", rinshan="8p8s6z7z", options={"abort_four_kongs": False})
    state, events = play(state, ["0: ankan 1111m", "0: ankan 2222m", "0: discard 9p"])
    state, more = play(state, ["1: ankan 3333m", "1: ankan 4444m", "1: discard 7z"])
    events += more
    assert len(state.kongs) == 4
    assert not of_kind(events, "hand_ended") and (state.phase, state.turn) == ("turn", 2)


# ---------------------------------------------------------------- exhaustive draw


def _draw_wall(seed: int) -> list[int]:
    """A shuffled wall whose 70 live draws give seat 1 only terminals and honors."""
    tiles = tile_set("riichi", NO_RED).tiles()
    orphans = [x for x in tiles if is_orphan(x)]
    simples = [x for x in tiles if not is_orphan(x)]
    rng = random.Random(seed)
    rng.shuffle(orphans)
    rng.shuffle(simples)
    seat1, others = orphans[:18], simples[:52]
    rest = orphans[18:] + simples[52:]
    rng.shuffle(rest)
    draws: list[int] = []
    it1, it = iter(seat1), iter(others)
    for i in range(70):
        draws.append(next(it1) if i % 4 == 1 else next(it))
    hands, dead = rest[:52], rest[52:]
    return hands + draws + dead


def _exhaust(wall: list[int], **options: object) -> tuple[object, list[object]]:
    state, _ = new_game(RIICHI, {**NO_RED, **options}, 0, "one_hand", walls=[wall])
    return auto(state, lambda s, ev: any(e.kind == "hand_ended" for e in ev))


def test_nagashi_mangan() -> None:
    # seat 1 discards only terminals and honors, none claimed: a mangan paid as a tsumo
    _state, events = _exhaust(_draw_wall(1))
    moved = [e for e in of_kind(events, "points_moved")]
    assert [e.reason for e in moved] == ["nagashi_mangan"]
    assert moved[0].deltas == (-4000, 8000, -2000, -2000)
    assert of_kind(events, "hand_ended")[0].outcome == "exhaustive_draw"


#: hands ready at the exhaustive draw (every player discards what it draws, so they stay dealt)
READY_M = ITTSU_M  # 1p or 4p
READY_S = "123456789s23p11z"  # 1p or 4p
READY_P = "123456789p55m77z"  # 5m or 7z
READY_4Z = "456m456p456s789m4z"  # 4z alone
NOTEN2 = "258m147p147s5677z"


def _drawn_out(hands: list[str], draws: str = "", **options: object) -> list[object]:
    """Return the events of a hand on a fixed wall played out to the exhaustive draw, every
    seat discarding the tile it draws (no call, no win)."""
    state, _ = start(hands, draws, options=options)
    _state, events = auto(state, lambda s, ev: any(e.kind == "hand_ended" for e in ev))
    return events


@pytest.mark.parametrize(
    ("hands", "ready", "noten"),
    [
        # riichi.md "The game": "Exhaustive draw: 3000 noten penalty split between tenpai and
        # noten players": one ready takes 1000 from each of three
        ([DEALER, JUNK1, READY_M, JUNK3], (2,), [(-1000, -1000, 3000, -1000)]),
        # two ready take 1500 each, from the two others at 1500 each
        ([DEALER, READY_S, READY_M, JUNK3], (1, 2), [(-1500, 1500, 1500, -1500)]),
        # three ready take 1000 each from the one noten player, who pays 3000
        ([READY_P, READY_S, READY_M, JUNK3], (0, 1, 2), [(1000, 1000, 1000, -3000)]),
        # everybody or nobody ready: nobody pays
        ([READY_P, READY_S, READY_M, READY_4Z], (0, 1, 2, 3), []),
        ([DEALER, JUNK1, NOTEN2, JUNK3], (), []),
    ],
)
def test_noten_payments_split_3000(
    hands: list[str], ready: tuple[int, ...], noten: list[tuple[int, ...]]
) -> None:
    events = _drawn_out(hands)
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.ready) == ("exhaustive_draw", ready)
    assert [e.seat for e in of_kind(events, "hand_revealed")] == list(ready)
    moved = of_kind(events, "points_moved")
    assert [e.reason for e in moved] == ["noten"] * len(noten)
    assert [e.deltas for e in moved] == noten
    assert ended.scores == tuple(25000 + d for d in (noten[0] if noten else (0,) * 4))


def test_the_noten_payment_is_an_option() -> None:
    # riichi game_options "noten_payment": the total split; 0 pays nothing
    hands = [READY_P, READY_S, READY_M, JUNK3]
    (moved,) = of_kind(_drawn_out(hands, noten_payment=1500), "points_moved")
    assert moved.deltas == (500, 500, 500, -1500)
    assert of_kind(_drawn_out(hands, noten_payment=0), "points_moved") == []


@pytest.mark.parametrize(
    ("hands", "noten"),
    [
        # 1,200 by hand: one ready takes 400 from each of three, two take 600 from two, three
        # take 400 each from the one noten player
        ([DEALER, JUNK1, READY_M, JUNK3], (-400, -400, 1200, -400)),
        ([DEALER, READY_S, READY_M, JUNK3], (-600, 600, 600, -600)),
        ([READY_P, READY_S, READY_M, JUNK3], (400, 400, 400, -1200)),
    ],
)
def test_a_noten_payment_splits_into_whole_points(hands: list[str], noten: tuple[int, ...]) -> None:
    (moved,) = of_kind(_drawn_out(hands, noten_payment=1200), "points_moved")
    assert moved.deltas == noten


@pytest.mark.parametrize("payment", [1000, 3001, 2])
def test_a_noten_payment_that_does_not_split_evenly_is_refused(payment: int) -> None:
    # 1,000 between three payers is 333 1/3 each: the draw would not be zero-sum
    with pytest.raises(InvalidRequest, match=r"'noten_payment' .* a multiple of 6, got"):
        start([DEALER, JUNK1, READY_M, JUNK3], "", options={"noten_payment": payment})


def _seat1_throws_orphans(hands: list[str]) -> str:
    """Return the 70 live draws after ``hands``: seat 1 draws only terminals and honors (so it
    throws only those), the others only simples."""
    pool = Counter(tile_set("riichi", NO_RED).tiles())
    for h in hands:
        pool.subtract(parse_tiles(h))
    orphans = sorted(t for t in pool.elements() if is_orphan(t))
    simples = sorted(t for t in pool.elements() if not is_orphan(t))
    draws = [orphans.pop() if i % 4 == 1 else simples.pop() for i in range(70)]
    return format_tiles(draws, sort=False)


def test_nagashi_mangan_replaces_the_noten_payments() -> None:
    # seat 2 is ready, seat 1 throws only terminals and honors, none claimed: a mangan paid as
    # a child's tsumo (dealer 4000, children 2000: riichi.md), and no noten payment
    hands = [DEALER, JUNK1, READY_M, JUNK3]
    draws = _seat1_throws_orphans(hands)
    events = _drawn_out(hands, draws)
    assert of_kind(events, "hand_ended")[0].ready == (2,)
    moved = [(e.reason, e.deltas) for e in of_kind(events, "points_moved")]
    assert moved == [("nagashi_mangan", (-4000, 8000, -2000, -2000))]


def test_nagashi_off_pays_noten() -> None:
    # the same hand with nagashi mangan off: the noten payment to the one ready seat
    hands = [DEALER, JUNK1, READY_M, JUNK3]
    events = _drawn_out(hands, _seat1_throws_orphans(hands), nagashi_mangan=False)
    moved = [(e.reason, e.deltas) for e in of_kind(events, "points_moved")]
    assert moved == [("noten", (-1000, -1000, 3000, -1000))]
    assert of_kind(events, "hand_ended")[0].outcome == "exhaustive_draw"


def test_ready_hand_is_shown_and_paid() -> None:
    # the dealer keeps its ready hand (it discards what it draws): it is shown and paid
    state, _ = start(
        ["123456789m234p1z", "147m258p369s2346z", "258m147p147s5677z", "3669m3669p578s55z"], ""
    )
    state, events = auto(state, lambda s, ev: any(e.kind == "hand_ended" for e in ev))
    ended = of_kind(events, "hand_ended")[0]
    assert ended.ready == (0,)
    hand = format_tiles(of_kind(events, "hand_revealed")[0].tiles)
    assert [e.seat for e in of_kind(events, "hand_revealed")] == [0]
    assert hand == "123456789m234p1z"
    (noten,) = of_kind(events, "points_moved")
    assert (noten.reason, noten.deltas) == ("noten", (3000, -1000, -1000, -1000))


# ---------------------------------------------------------------- pao


def test_pao_daisangen_tsumo_is_paid_by_the_liable_player() -> None:
    # riichi.md: the player whose discard let the third dragon set be claimed pays the whole
    # of a tsumo (a child's yakuman: 32000)
    hands = ["5z1379m1379p1379s", "6z2468m2468p2468s", "7z1357m1357p2468s", "556677z123m45p99s"]
    state, _ = start(hands, "1z2z3z4z1z2z3z4z1z9s")
    state, _ = play(state, ["0: discard 5z", "3: pon 55z", "3: discard 4p", "0: discard 2z"])
    state, _ = play(state, ["1: discard 6z", "3: pon 66z", "3: discard 5p"])
    assert state.liable[3] is None
    state, _ = play(state, ["0: discard 4z", "1: discard 1z", "2: discard 7z", "3: pon 77z"])
    assert state.liable[3] == 2
    state, events = play(
        state, ["3: discard 9s", "0: discard 3z", "1: discard 4z", "2: discard 1z"]
    )
    state, events = play(state, ["3: tsumo"])
    (won,) = of_kind(events, "won")
    assert won.liable == 2 and won.result["limit"] == "yakuman"
    moved = [e for e in of_kind(events, "points_moved") if e.reason == "win"]
    assert moved[0].deltas == (0, 0, -32000, 32000)


def test_pao_off_makes_nobody_liable_and_the_tsumo_is_paid_by_all() -> None:
    # riichi.md: with pao off (option pao) nobody is liable for the third dragon set; the
    # child's yakuman tsumo is paid as any tsumo: 16000 by the dealer, 8000 by each child
    hands = ["5z1379m1379p1379s", "6z2468m2468p2468s", "7z1357m1357p2468s", "556677z123m45p99s"]
    state, _ = start(hands, "1z2z3z4z1z2z3z4z1z9s", options={"pao": False})
    state, _ = play(state, ["0: discard 5z", "3: pon 55z", "3: discard 4p", "0: discard 2z"])
    state, _ = play(state, ["1: discard 6z", "3: pon 66z", "3: discard 5p"])
    state, _ = play(state, ["0: discard 4z", "1: discard 1z", "2: discard 7z", "3: pon 77z"])
    assert state.liable[3] is None
    state, events = play(
        state, ["3: discard 9s", "0: discard 3z", "1: discard 4z", "2: discard 1z"]
    )
    state, events = play(state, ["3: tsumo"])
    (won,) = of_kind(events, "won")
    assert won.liable is None and won.result["limit"] == "yakuman"
    moved = [e for e in of_kind(events, "points_moved") if e.reason == "win"]
    assert moved[0].deltas == (-16000, -8000, -8000, 32000)


def test_pao_arises_from_an_open_kan_of_the_third_dragon() -> None:
    # riichi.md: pao falls on the discarder whose tile completed the third dragon set by a
    # call, an open kan (daiminkan) as a pon
    hands = ["5z1379m1379p1379s", "6z2468m2468p2468s", "7z1357m1357p2468s", "5566777z123m4p99s"]
    state, _ = start(hands, "1z2z3z4z1z2z3z4z1z9s")
    state, _ = play(state, ["0: discard 5z", "3: pon 55z", "3: discard 4p", "0: discard 2z"])
    state, _ = play(state, ["1: discard 6z", "3: pon 66z", "3: discard 1m"])
    assert state.liable[3] is None
    state, events = play(state, ["0: discard 4z", "1: discard 1z", "2: discard 7z", "3: kan 777z"])
    (called,) = of_kind(events, "called")
    assert called.meld == "kan" and called.source == 2
    assert state.liable[3] == 2


#: seat 3 holds a pair of each wind and waits on 5p alone once it has called the four;
#: each other seat holds the wind(s) it throws: the dealer East and North, South, West
WIND_FEEDERS = ["14z1379m1379p147s", "2z2468m2468p2468s", "3z1357m1357p1357s", "11223344z5p19m59s"]


@pytest.mark.parametrize(
    ("draws", "end", "deltas"),
    [
        # riichi.md: the liable player (the dealer, who fed the fourth wind set) pays the whole
        # of a tsumo: daisuushii is a double yakuman (option double_yakuman, default on), a
        # child's 2 x 32000
        (
            "9p6z5z6z7z5z7z6z7z5z5p",
            ["1: discard 7z", "2: discard 5z", "3: tsumo"],
            (-64000, 0, 0, 64000),
        ),
        # riichi.md: on a ron by a third player the liable player and the discarder (South)
        # each pay half
        ("9p6z5z6z7z5z7z6z5p", ["1: discard 5p", "3: ron"], (-32000, -32000, 0, 64000)),
    ],
)
def test_pao_daisuushii_is_paid_by_who_fed_the_fourth_wind(
    draws: str, end: list[str], deltas: tuple[int, ...]
) -> None:
    state, _ = start(WIND_FEEDERS, draws)
    state, _ = play(state, ["0: discard 1z", "3: pon 11z", "3: discard 1m", "0: discard 6z"])
    state, _ = play(state, ["1: discard 2z", "3: pon 22z", "3: discard 9m", "0: discard 6z"])
    state, _ = play(state, ["1: discard 7z", "2: discard 3z", "3: pon 33z", "3: discard 5s"])
    assert state.liable[3] is None  # three wind sets: nobody is liable yet
    state, _ = play(state, ["0: discard 4z", "3: pon 44z"])
    assert state.liable[3] == 0
    state, events = play(state, ["3: discard 9s", "0: discard 6z", *end])
    (won,) = of_kind(events, "won")
    assert won.liable == 0 and won.result["limit"] == "double_yakuman"
    assert "daisuushii" in [i["id"] for i in won.result["items"]]
    moved = [e for e in of_kind(events, "points_moved") if e.reason == "win"]
    assert [e.deltas for e in moved] == [deltas]


# ---------------------------------------------------------------- bust, rotation, length


def test_bust_ends_the_game() -> None:
    hands = [DEALER, JUNK1, ITTSU_M, JUNK3]
    state, _ = start(hands, "9p", dora="6z", length="east", scores=(1000, 33000, 33000, 33000))
    state, events = play(state, ["0: discard 1p", "2: ron"])
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "bust" and state.game_over
    assert state.scores == (-1600, 33000, 35600, 33000)
    assert state.placements == (4, 2, 1, 3)
    kept, _ = start(
        hands,
        "9p",
        dora="6z",
        length="east",
        scores=(1000, 33000, 33000, 33000),
        options={"bust": False},
    )
    kept, events = play(kept, ["0: discard 1p", "2: ron"])
    assert not kept.game_over and of_kind(events, "hand_started")


def _state_at(dealer: int, round_wind: int, honba: int = 0) -> object:
    state, _ = new_game(
        RIICHI, NO_RED, 0, "east", dealer=dealer, round_wind=round_wind, honba=honba
    )
    return state


@pytest.mark.parametrize(
    ("dealer", "outcome", "expected"),
    [
        # riichi.md: the dealer keeps the seat on a win or when ready at an exhaustive draw
        (0, Outcome("win", winners=(0,)), NextHand(0, 0, 2, 1)),
        (0, Outcome("win", winners=(2,)), NextHand(1, 0, 0, 0)),
        (0, Outcome("win", winners=(2, 0)), NextHand(0, 0, 2, 1)),
        (1, Outcome("exhaustive_draw", "wall", ready=(1, 3)), NextHand(1, 0, 2, 1)),
        (1, Outcome("exhaustive_draw", "wall", ready=(3,)), NextHand(2, 0, 2, 0)),
        (2, Outcome("abortive_draw", "four_winds"), NextHand(2, 0, 2, 1)),
        (3, Outcome("win", winners=(1,)), NextHand(0, 1, 0, 0)),
        (3, Outcome("exhaustive_draw", "wall", ready=()), NextHand(0, 1, 2, 0)),
    ],
)
def test_dealer_rotation_and_honba(dealer: int, outcome: Outcome, expected: NextHand) -> None:
    state = _state_at(dealer, 0, honba=1)
    assert RIICHI.next_hand(state.options, state, outcome) == expected


@pytest.mark.parametrize(
    ("length", "round_wind", "ends"),
    [
        ("one_hand", 0, True),
        ("east", 0, False),
        ("east", 1, True),
        ("south", 1, False),
        ("south", 2, True),
        ("full", 3, False),
        ("full", 4, True),
    ],
)
def test_game_lengths(length: str, round_wind: int, ends: bool) -> None:
    # without extra rounds (the default plays one while nobody holds 30,000: test_engine_game_end)
    state, _ = new_game(RIICHI, {**NO_RED, "extra_rounds": "none"}, 0, length)
    nxt = NextHand(0, round_wind, 0, 0)
    assert (RIICHI.game_end(state.options, state, nxt) is not None) == ends


def test_placements_break_ties_towards_the_first_dealer() -> None:
    assert placements((25000, 30000, 25000, 20000)) == (2, 1, 3, 4)


def test_leftover_sticks_go_to_the_first_placed() -> None:
    # the four-riichi hand of a one-hand game: the sticks go to first place at the end
    state, _ = start(FOUR_WIND_HANDS, "5z6z7z5z")
    state, events = play(
        state,
        [
            "0: discard 5z riichi",
            "1: discard 6z riichi",
            "2: discard 7z riichi",
            "3: discard 5z riichi",
        ],
    )
    final = [e for e in of_kind(events, "points_moved") if e.reason == "final_sticks"]
    assert final[0].deltas == (4000, 0, 0, 0) and state.sticks == 0
    assert state.placements == (1, 2, 3, 4)


def test_a_scripted_game_records_and_verifies() -> None:
    hands = [DEALER, JUNK1, ITTSU_M, JUNK3]
    state, events = start(hands, "9p", dora="6z")
    script = ["0: discard 1p", "2: ron"]
    final, more = play(state, script)
    record = GameRecord(
        "riichi",
        dict(state.options),
        0,
        "one_hand",
        ["a", "b", "c", "d"],
        [(int(line[0]), parse_action(line[3:])) for line in script],
        [e.to_dict() for e in events + more],
        start={"walls": [format_tiles(riichi_wall(hands, "9p", dora="6z"), sort=False)]},
    )
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert verify(again) == len(events + more)
    assert final.game_over and again.events[-1]["type"] == "game_ended"
    again.events[-2]["scores"] = [0, 0, 0, 0]
    with pytest.raises(RecordMismatch, match="differs"):
        verify(again)
    again.actions[1] = (1, parse_action("pass"))
    with pytest.raises(RecordMismatch, match="refused"):
        verify(again)

"""Hong Kong play in the engine (``hk``, ``hk2``): scenario tests from fixed walls.

Sources: hongkong.md "Flow" (no dead wall, tail replacements, draws without payments, dealer
rotation, head bump, pao), "Payment" (half-spicy p(fan); the discarder pays 2p; pao: the liable
player pays the whole win), "hk2" (80 tiles, two seats, golden g(fan) = 2^fan) and the
minimum of 3 fan (a complete hand below it is no legal win, so no win is offered).
Seats in the walls are given from the dealer (seat 0 unless said).
"""

from __future__ import annotations

import pytest

from majiang.actions import Discard, Pass, Tsumo
from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.engine import legal_actions, new_game, step
from majiang.events import Event, GameEnded, HandEnded, HandStarted
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import parse_tiles, tile_name
from test_engine_hongkong_support import hk_start, of_kind, offers, run

# ---------------------------------------------------------------- the minimum fan

#: seat 1 waits on 5p for four chows and a pair: all chows 1 + concealed hand 1 = 2 fan on a
#: discard, 3 with the self-drawn fan
MIN_FAN_HANDS = [
    "5p1z1z2z3z4z9s9s7s6z6z7z7z",
    "123m456m789p234s5p",
    "147m258s369s1234z",
    "147m258s369s1234z",
]


@pytest.mark.parametrize(
    ("min_fan", "offered"),
    [(3, False), (2, True), (0, True)],  # hongkong.md: min_fan is a table option
)
def test_a_discard_win_below_the_minimum_is_not_offered(min_fan: int, offered: bool) -> None:
    rules, state, _ = hk_start("hk", MIN_FAN_HANDS, "9m", options={"min_fan": min_fan})
    state, events = run(rules, state, ["0: discard 5p"])
    if offered:
        assert state.phase == "claim" and offers(rules, state, 1) == ["pass", "ron"]
        state, events = run(rules, state, ["1: ron"])
        (won,) = of_kind(events, "won")
        assert won.result["total"] == 2
        assert [i["id"] for i in won.result["items"]] == ["all_chows", "concealed_hand"]
    else:
        # nobody may claim 5p, so no claim window opens: seat 1 simply draws
        assert state.phase == "turn" and state.turn == 1
        assert "ron" not in offers(rules, state, 1)


@pytest.mark.parametrize(("min_fan", "offered"), [(4, False), (3, True)])
def test_a_self_drawn_win_below_the_minimum_is_not_offered(min_fan: int, offered: bool) -> None:
    # seat 1 draws 5p on its second turn (on its first it would be an earthly hand, 10 fan)
    options = {"min_fan": min_fan}
    rules, state, _ = hk_start("hk", MIN_FAN_HANDS, "9m8m8m8m8m5p", options=options)
    script = ["0: discard 9m", "1: discard 8m", "2: discard 8m", "3: discard 8m", "0: discard 8m"]
    state, _ = run(rules, state, script)
    assert state.turn == 1 and state.drawn == parse_tiles("5p")[0]
    assert (Tsumo() in legal_actions(rules, state, 1)) is offered


def test_the_first_self_draw_is_an_earthly_hand_whatever_the_minimum() -> None:
    rules, state, _ = hk_start("hk", MIN_FAN_HANDS, "9m5p", options={"min_fan": 10})
    state, events = run(rules, state, ["0: discard 9m", "1: tsumo"])
    (won,) = of_kind(events, "won")
    assert "earthly_hand" in [i["id"] for i in won.result["items"]]


# ---------------------------------------------------------------- head bump

#: seat 0 waits on 2z (half flush), seat 3 on 1z/2z (half flush); seat 2 draws and discards 2z
BUMP_HANDS = [
    "111s234s567s888s2z",
    "147m258m369m3z4z5z6z",
    "147m258m369m3z4z5z6z",
    "123p456p789p11z22z",
]
BUMP_DRAWS = "7z7z2z"


def _to_seat_2_discard(length: str = "one_hand", dealer: int = 0) -> tuple[Ruleset, GameState]:
    """Return the state after relative seat 2 discards 2z (seats counted from the dealer)."""
    rules, state, _ = hk_start("hk", BUMP_HANDS, BUMP_DRAWS, length=length, dealer=dealer)
    script = ["0: discard 7z", "1: discard 7z", "2: discard 2z"]
    state, _ = run(rules, state, _absolute(script, dealer))
    return rules, state


def _absolute(script: list[str], dealer: int) -> list[str]:
    return [f"{(int(line[0]) + dealer) % 4}{line[1:]}" for line in script]


@pytest.mark.parametrize(
    ("answers", "winner"),
    [
        # hongkong.md "Flow": the first in turn order after the discarder (seat 2): 3, 0, 1
        (["0: ron", "3: ron"], 3),
        (["3: ron", "0: ron"], 3),
        # a win beats a pung
        (["3: pon 22z", "0: ron"], 0),
        (["0: ron", "3: pass"], 0),
    ],
)
def test_head_bump_the_first_claimant_after_the_discarder_wins(
    answers: list[str], winner: int
) -> None:
    rules, state = _to_seat_2_discard()
    assert offers(rules, state, 0) == ["pass", "ron"]
    assert offers(rules, state, 3) == ["pass", "ron", "pon 22z"]
    state, events = run(rules, state, answers)
    (won,) = of_kind(events, "won")
    assert won.seat == winner and won.source == 2
    (paid,) = of_kind(events, "points_moved")
    # concealed hand 1 + half flush 3 = 4 fan (either winner); half-spicy p(4) = 16
    assert won.result["total"] == 4
    p = 16
    assert paid.deltas[2] == -2 * p and paid.deltas[winner] == 2 * p and sum(paid.deltas) == 0


# ---------------------------------------------------------------- dealer rotation and draws


def _draw_out(rules: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """Every seat discards what it draws and passes every claim (no win is taken)."""
    events: list[Event] = []
    hand = state.hand_index
    while state.hand_index == hand and not state.game_over:
        seat = state.waiting_seats()[0]
        if state.phase == "claim":
            state, more = step(rules, state, seat, Pass())
        else:
            assert state.drawn is not None
            state, more = step(rules, state, seat, Discard(state.drawn))
        events.extend(more)
    return state, events


@pytest.mark.parametrize("variant", ["hk", "hk2"])
def test_an_exhaustive_draw_pays_nothing_and_the_dealer_keeps_the_seat(variant: str) -> None:
    rules = get_ruleset(variant)
    state, _ = new_game(rules, {}, 11, "east")
    start_scores = state.scores
    state, events = _draw_out(rules, state)
    (ended,) = of_kind(events, "hand_ended")
    assert ended.outcome == "exhaustive_draw"
    assert not of_kind(events, "points_moved") and state.scores == start_scores
    # the whole wall was drawn: no dead wall is kept back
    assert state.hand_index == 1
    (started,) = of_kind(events, "hand_started")
    assert started.dealer == 0 and started.round_wind == 0 and started.dealer_streak == 1


def test_every_tile_of_the_wall_is_drawn_in_hk() -> None:
    rules = get_ruleset("hk")
    state, _ = new_game(rules, {}, 3, "one_hand")
    state, events = _draw_out(rules, state)
    drawn = [e for e in events if e.kind == "drew"]
    assert len(drawn) == 136 - 4 * 13 - 1  # the dealer's first draw came with the deal


@pytest.mark.parametrize(
    ("answers", "dealer", "streak"),
    [
        (["0: ron", "3: ron"], 1, 0),  # seat 3 won: the deal passes to seat 1
        (["3: pon 22z", "0: ron"], 0, 1),  # the dealer won: keeps the seat
    ],
)
def test_dealer_rotation_after_a_win(answers: list[str], dealer: int, streak: int) -> None:
    rules, state = _to_seat_2_discard(length="east")
    state, events = run(rules, state, answers)
    (started,) = of_kind(events, "hand_started")
    assert (started.dealer, started.round_wind, started.dealer_streak) == (dealer, 0, streak)


@pytest.mark.parametrize(
    ("length", "ends"),
    [("east", True), ("south", False), ("full", False), ("one_hand", True)],
)
def test_a_round_ends_when_the_last_dealer_loses_the_deal(length: str, ends: bool) -> None:
    # seat 3 deals the last hand of the East round; the seat after it (absolute seat 2) wins
    rules, state = _to_seat_2_discard(length=length, dealer=3)
    state, events = run(rules, state, _absolute(["0: ron", "3: ron"], 3))
    assert of_kind(events, "won")[0].seat == 2
    if ends:
        (over,) = of_kind(events, "game_ended")
        assert over.reason == "length" and state.game_over
    else:
        (started,) = of_kind(events, "hand_started")
        assert (started.dealer, started.round_wind) == (0, 1)


# ---------------------------------------------------------------- pao

#: seat 1 pungs 5z from seat 0, 6z and 7z from seat 2 (the third dragon set: seat 2 liable),
#: then wins on 1m from seat 3: big three dragons + half flush, capped at 10 fan
DRAGON_HANDS = [
    "5z1s1s2s3s4s6s7s8s1z2z3z4z",
    "55z66z77z23m99m1p5s9s",
    "6z7z1p2p3p4p6p7p8p9p1z2z3z",
    "45678m2s3s4s6s7s1z2z3z",
]
DRAGON_SCRIPT = [
    "0: discard 5z",
    "1: pon 55z",
    "1: discard 1p",
    "2: discard 6z",
    "1: pon 66z",
    "1: discard 5s",
    "2: discard 7z",
    "1: pon 77z",
    "1: discard 9s",
    "2: discard 5p",
    "3: discard 1m",
]

#: seat 1 pungs 1m (seat 0), 2m, 3p (seat 2), then 4s from seat 3: its fourth exposed set;
#: it wins on 9p from seat 2 with all pungs (3 fan)
FOURTH_SET_HANDS = [
    "1m5m6m7m8m5s6s7s8s2z3z4z6z",
    "11m22m33p44s9p5z6z7z1z",
    "2m3p9p5p6p7p8p1s2s3s3z4z7z",
    "4s3m4m5m1p2p6p7p9s9s5z2z1z",
]
FOURTH_SET_SCRIPT = [
    "0: discard 1m",
    "1: pon 11m",
    "1: discard 5z",
    "2: discard 2m",
    "1: pon 22m",
    "1: discard 6z",
    "2: discard 3p",
    "1: pon 33p",
    "1: discard 7z",
    "2: discard 9m",
    "3: discard 4s",
    "1: pon 44s",
    "1: discard 1z",
    "2: discard 9p",
]


@pytest.mark.parametrize(
    ("hands", "draws", "script", "liable", "discarder", "amount"),
    [
        # third dragon set from seat 2; seat 3 discards the win: seat 2 pays 2p(10) = 256
        (DRAGON_HANDS, "5p5p5p5p1m", DRAGON_SCRIPT, 2, 3, 256),
        # fourth exposed set from seat 3; seat 2 discards the win: seat 3 pays 2p(3) = 16
        (FOURTH_SET_HANDS, "9m9m9m9m8p8p", FOURTH_SET_SCRIPT, 3, 2, 16),
    ],
)
def test_pao_arises_in_play_and_the_liable_seat_pays(
    hands: list[str], draws: str, script: list[str], liable: int, discarder: int, amount: int
) -> None:
    rules, state, _ = hk_start("hk", hands, draws)
    state, events = run(rules, state, script)
    assert state.liable[1] == liable
    assert offers(rules, state, 1)[:2] == ["pass", "ron"]
    state, events = run(rules, state, ["1: ron"])
    (won,) = of_kind(events, "won")
    assert won.seat == 1 and won.source == discarder and won.liable == liable
    assert won.result["points"]["payers"] == [{"from": "liable", "amount": amount}]
    (paid,) = of_kind(events, "points_moved")
    expected = [0, 0, 0, 0]
    expected[1], expected[liable] = amount, -amount
    assert list(paid.deltas) == expected


def test_pao_off_leaves_the_discarder_to_pay() -> None:
    rules, state, _ = hk_start("hk", FOURTH_SET_HANDS, "9m9m9m9m8p8p", options={"pao": False})
    state, events = run(rules, state, [*FOURTH_SET_SCRIPT, "1: ron"])
    (won,) = of_kind(events, "won")
    assert state.liable[1] is None and won.liable is None
    (paid,) = of_kind(events, "points_moved")
    assert list(paid.deltas) == [0, 16, -16, 0]


def test_three_exposed_sets_make_nobody_liable() -> None:
    rules, state, _ = hk_start("hk", FOURTH_SET_HANDS, "9m9m9m9m8p8p")
    state, _ = run(rules, state, FOURTH_SET_SCRIPT[:9])
    assert len(state.melds[1]) == 3 and state.liable[1] is None


def test_a_self_drawn_win_under_pao_is_paid_whole_by_the_liable_seat() -> None:
    # the dragon scenario, but seat 3 keeps 1m and seat 1 draws its own 1m later
    hands = [*DRAGON_HANDS[:3], "45678m2s3s4s6s7s1z2z3z"]
    script = [*DRAGON_SCRIPT[:-1], "3: discard 9m", "0: discard 9m", "1: tsumo"]
    rules, state, _ = hk_start("hk", hands, "5p5p5p5p9m9m1m")
    state, events = run(rules, state, script)
    (won,) = of_kind(events, "won")
    assert won.source is None and won.liable == 2
    (paid,) = of_kind(events, "points_moved")
    assert list(paid.deltas) == [0, 384, -384, 0]  # three shares of p(10) = 128


# ---------------------------------------------------------------- hk2

#: 80 tiles: dots, honors, 1 and 9 of characters and bamboo. Seat 1 (South) waits on 1z/2z.
HK2_HANDS = ["2z1m9m1s9s1p1p3z3z4z4z5z6z", "123p456p789p11z2z2z"]


def test_hk2_deals_two_seats_from_80_tiles() -> None:
    _, state, events = hk_start("hk2", HK2_HANDS, "7z")
    assert len(state.wall) == 80 and state.players == 2
    assert [len(h) for h in state.concealed] == [14, 13]
    assert [e.seat for e in of_kind(events, "dealt")] == [0, 1]
    assert all(e.kind != "drew" or e.seat == 0 for e in events)


@pytest.mark.parametrize(
    ("script", "draws", "fan"),
    [
        # ron on 2z from East: concealed hand 1 + half flush 3 + seat wind (South) 1
        (["0: discard 2z", "1: ron"], "7z", 5),
        # 2z self-drawn on the second turn: + self-drawn 1
        (["0: discard 7z", "1: discard 8p", "0: discard 8p", "1: tsumo"], "7z8p8p2z", 6),
    ],
)
def test_hk2_wins_are_paid_golden_by_the_opponent(script: list[str], draws: str, fan: int) -> None:
    hands = HK2_HANDS if "discard 2z" in script[0] else ["7z1m9m1s9s1p1p3z3z4z4z5z6z", HK2_HANDS[1]]
    rules, state, _ = hk_start("hk2", hands, draws)
    state, events = run(rules, state, script)
    (won,) = of_kind(events, "won")
    assert won.seat == 1 and won.result["total"] == fan
    (paid,) = of_kind(events, "points_moved")
    assert list(paid.deltas) == [-(2**fan), 2**fan]  # golden g(fan) = 2^fan


def test_hk2_chow_from_the_only_opponent() -> None:
    rules, state, _ = hk_start("hk2", HK2_HANDS, "8p")
    state, _ = run(rules, state, ["0: discard 8p"])
    assert offers(rules, state, 1) == ["pass", "chi 67p", "chi 79p"]
    state, events = run(rules, state, ["1: chi 79p"])
    (called,) = of_kind(events, "called")
    assert called.seat == 1 and called.source == 0 and state.turn == 1


@pytest.mark.parametrize(
    ("dealer", "length", "next_deal"),
    [
        (0, "east", (1, 0)),  # South wins from East: South deals, still the East round
        (1, "south", (0, 1)),  # East wins from South, the dealer: the South round begins
        (1, "east", None),  # ... which ends an East game
    ],
)
def test_hk2_rotation_over_two_seats(
    dealer: int, length: str, next_deal: tuple[int, int] | None
) -> None:
    # seats from the dealer: the non-dealer (relative seat 1) wins on the dealer's 2z
    rules, state, _ = hk_start("hk2", HK2_HANDS, "7z", length=length, dealer=dealer)
    state, events = run(rules, state, [f"{dealer}: discard 2z", f"{1 - dealer}: ron"])
    if next_deal is None:
        assert state.game_over and of_kind(events, "game_ended")[0].reason == "length"
    else:
        (started,) = of_kind(events, "hand_started")
        assert (started.dealer, started.round_wind) == next_deal


def test_a_later_pao_replaces_an_earlier_one() -> None:
    # after its third dragon set (seat 2 liable) seat 1 pungs 9m from seat 3: its fourth
    # exposed set makes seat 3 liable instead; seat 1 then wins on 3m from seat 2
    hands = [*DRAGON_HANDS[:3], "456789m2s3s4s6s7s2z3z"]
    script = [*DRAGON_SCRIPT[:-1], "3: discard 9m", "1: pon 99m"]
    rules, state, _ = hk_start("hk", hands, "5p5p5p5p8s3m")
    state, _ = run(rules, state, DRAGON_SCRIPT[:-1])
    assert state.liable[1] == 2
    state, _ = run(rules, state, script[len(DRAGON_SCRIPT) - 1 :])
    assert state.liable[1] == 3
    state, events = run(rules, state, ["1: discard 2m", "2: discard 3m", "1: ron"])
    (won,) = of_kind(events, "won")
    assert won.source == 2 and won.liable == 3
    (paid,) = of_kind(events, "points_moved")
    assert list(paid.deltas) == [0, 256, 0, -256]


# ---------------------------------------------------------------- winning forms

FORM_DEALER = "1m7z2m3m4m5p6p7p2s3s4s6m8m"
FORM_OTHERS = ["147m258s369s1234z", "147m258s369s1234z"]


@pytest.mark.parametrize(
    ("hand", "discard", "offered"),
    [
        # hongkong.md: thirteen orphans is the one hand that is not four sets and a pair
        ("19m19p19s1234567z", "1m", True),
        # seven pairs is not a Hong Kong hand: no win is offered on the seventh pair
        ("2233m4455p6677s7z", "7z", False),
    ],
)
def test_thirteen_orphans_wins_and_seven_pairs_does_not(
    hand: str, discard: str, offered: bool
) -> None:
    rules, state, _ = hk_start("hk", [FORM_DEALER, hand, *FORM_OTHERS], "8p")
    state, events = run(rules, state, [f"0: discard {discard}"])
    assert ("ron" in offers(rules, state, 1)) is offered
    if offered:
        state, events = run(rules, state, ["1: ron"])
        (won,) = of_kind(events, "won")
        assert "thirteen_orphans" in [i["id"] for i in won.result["items"]]


# ---------------------------------------------------------------- whole games


def check_rotation(events: list[Event], players: int, rounds: int) -> int:
    """Assert hongkong.md "Flow" over a whole game's events; return the number of hands.

    The dealer keeps the seat after a dealer win or a draw, else the next seat deals; the round
    wind moves on when the deal comes back to the first dealer; the game ends when the round
    after the last one would begin.
    """
    started: HandStarted | None = None
    ended: HandEnded | None = None
    hands = 0
    for e in events:
        if isinstance(e, HandEnded):
            ended, hands = e, hands + 1
            assert e.outcome in ("win", "exhaustive_draw")
            if e.outcome == "exhaustive_draw":  # no payments at a draw
                assert started is not None and e.scores == started.scores
        elif isinstance(e, HandStarted | GameEnded) and started is not None:
            assert ended is not None
            keeps = ended.outcome != "win" or started.dealer in ended.winners
            dealer = started.dealer if keeps else (started.dealer + 1) % players
            round_wind = started.round_wind + (not keeps and dealer == 0)
            if isinstance(e, GameEnded):
                assert round_wind == rounds
            else:
                assert (e.dealer, e.round_wind) == (dealer, round_wind)
        if isinstance(e, HandStarted):
            started = e
    return hands


def _play_games(variant: str, games: int, length: str) -> None:
    rules = get_ruleset(variant)
    rounds = {"east": 1, "south": 2}[length]
    for game in range(games):
        names = ("eager", "random", "eager", "random")[: rules.players]
        bots = [make_bot(name, 40 * game + s) for s, name in enumerate(names)]
        played = play_game(rules, bots, seed=f"rotation/{game}", length=length)
        assert played.state.game_over
        assert check_rotation(played.events, rules.players, rounds) >= rules.players


def test_hk2_games_rotate_the_deal_and_end_after_their_rounds() -> None:
    _play_games("hk2", 2, "east")


@pytest.mark.long
@pytest.mark.parametrize("variant", ["hk", "hk2", "hkos"])
def test_whole_games_rotate_the_deal_and_end_after_their_rounds(variant: str) -> None:
    _play_games(variant, 2, "south" if variant == "hk2" else "east")


# ---------------------------------------------------------------- kongs

KONG_HANDS = [
    "1z2m3m4m6m7m8m2s3s4s6s7s8s",
    "111z123p456p789p9p",
    "147m258s369s2345z",
    "147m258s369s2345z",
]


def test_a_kong_replacement_comes_from_the_tail_and_can_win() -> None:
    rules, state, _ = hk_start("hk", KONG_HANDS, "5s", tail="9p")
    state, _ = run(rules, state, ["0: discard 1z"])
    assert offers(rules, state, 1) == ["pass", "kan 111z", "pon 11z"]
    state, events = run(rules, state, ["1: kan 111z"])
    (drew,) = of_kind(events, "drew")
    assert (drew.seat, tile_name(drew.tile), drew.replacement) == (1, "9p", True)
    assert state.back_taken == 1 and state.wall[-1] == drew.tile  # no dead wall: the tail
    state, events = run(rules, state, ["1: tsumo"])
    (won,) = of_kind(events, "won")
    ids = [i["id"] for i in won.result["items"]]
    # hongkong.md: win on the kong replacement tile, a self-draw that adds to self-drawn
    assert {"kong_replacement", "self_drawn", "round_wind_pung", "half_flush"} <= set(ids)
    (paid,) = of_kind(events, "points_moved")
    p = {6: 32}[won.result["total"]]
    assert list(paid.deltas) == [-p, 3 * p, -p, -p]


def test_robbing_a_kong_is_a_discard_win_paid_by_the_kong_maker() -> None:
    # seat 1 waits on 5m (concealed hand + seat wind: 2 fan, no win on East's 5m at the
    # minimum of 3, and no furiten in hk); seat 2 adds the fourth 5m to its pung: robbed, 3 fan
    hands = [
        "5m1z3z4z5z6z7z1s2s3s7s8s9m",
        "46m222z123p456p99p",
        "55m1s2s3s4s6s7m8m1z3z4z5z",
        "1m2m3m7p8p2s3s4s6s1z3z4z6z",
    ]
    rules, state, _ = hk_start("hk", hands, "9s9s9s9s5m")
    state, _ = run(rules, state, ["0: discard 5m"])
    assert "ron" not in offers(rules, state, 1)
    script = ["2: pon 55m", "2: discard 1s", "3: discard 9s", "0: discard 9s", "1: discard 9s"]
    state, _ = run(rules, state, [*script, "2: kakan 5m"])
    assert offers(rules, state, 1) == ["pass", "ron"]
    state, events = run(rules, state, ["1: ron"])
    (won,) = of_kind(events, "won")
    assert won.robbed_kong and won.source == 2
    assert "robbing_kong" in [i["id"] for i in won.result["items"]] and won.result["total"] == 3
    (paid,) = of_kind(events, "points_moved")
    assert list(paid.deltas) == [0, 16, -16, 0]

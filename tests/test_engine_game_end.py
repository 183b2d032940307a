"""How a riichi game ends, from fixed walls (docs/riichi.md "The end of the game"): the extra
round when nobody holds the target after the last round (entered, left by sudden death, run
out), busting below or at zero, the dealer who stops at the last hand (agari-yame, tenpai-yame),
the sticks left at the end, and the final standings after uma and oka."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine_support import auto, of_kind, play, riichi_wall, start
from majiang.actions import parse_action
from majiang.commands.replay import _line
from majiang.engine import resolve_options
from majiang.errors import InvalidRequest
from majiang.records import GameRecord
from majiang.rules import get_ruleset
from majiang.tiles import format_tiles
from majiang.web.replay import replay

RIICHI = get_ruleset("riichi")
DEALER = "158p258s369s2467z"
JUNK1 = "147m258p369s2346z"
ITTSU_M = "123456789m23p11z"  # ready on 1p-4p
JUNK3 = "89p3679m258s4567z"


def _south4_ron(scores: tuple[int, ...], options: dict[str, Any] | None = None) -> Any:
    """South 4 (seat 3 deals): the dealer discards 1p and seat 1 wins on it."""
    state, _ = start(
        [DEALER, JUNK1, ITTSU_M, JUNK3],
        "9p",
        dora="6z",
        length="south",
        dealer=3,
        round_wind=1,
        scores=scores,
        options=options,
    )
    return play(state, ["3: discard 1p", "1: ron"])


def _won(events: list[Any]) -> int:
    (moved,) = [e for e in of_kind(events, "points_moved") if e.reason == "win"]
    return int(moved.deltas[1])


def test_a_one_hand_game_ends_after_its_hand_by_length() -> None:
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p", dora="6z", length="one_hand")
    state, events = play(state, ["0: discard 1p", "2: ron"])
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "length" and state.game_over


def test_nobody_at_the_target_after_south_4_enters_the_west_round() -> None:
    state, events = _south4_ron((25000, 25000, 25000, 25000))
    assert 25000 + _won(events) < 30000
    assert not state.game_over and (state.round_wind, state.dealer) == (2, 0)


def test_without_extra_rounds_the_game_ends_after_south_4() -> None:
    state, events = _south4_ron((25000, 25000, 25000, 25000), {"extra_rounds": "none"})
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "length" and state.game_over


def test_someone_at_the_target_after_south_4_ends_the_game() -> None:
    _state, events = _south4_ron((20000, 28000, 27000, 25000))
    assert 28000 + _won(events) >= 30000
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "length"


def test_a_lower_target_ends_the_game_without_extra_round() -> None:
    _state, events = _south4_ron((25000, 25000, 25000, 25000), {"target_points": 28000})
    assert of_kind(events, "game_ended")[0].reason == "length"


def _west_ron(dealer: int, scores: tuple[int, ...], options: dict[str, Any] | None = None) -> Any:
    """A West-round hand: the dealer discards 1p and the seat two after it wins on it."""
    state, _ = start(
        [DEALER, JUNK1, ITTSU_M, JUNK3],
        "9p",
        dora="6z",
        length="south",
        dealer=dealer,
        round_wind=2,
        scores=scores,
        options=options,
    )
    winner = (dealer + 2) % 4
    return play(state, [f"{dealer}: discard 1p", f"{winner}: ron"])


def test_sudden_death_leaves_the_west_round_once_someone_reaches_the_target() -> None:
    # West 1: seat 2 wins from seat 0 and passes 30,000; the game ends though West goes on
    state, events = _west_ron(0, (25000, 25000, 28000, 22000))
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "target" and state.scores[2] >= 30000


def test_sudden_death_goes_on_while_nobody_reaches_the_target() -> None:
    state, _events = _west_ron(0, (25000, 25000, 25000, 25000))
    assert not state.game_over and (state.round_wind, state.dealer) == (2, 1)


def test_a_whole_west_round_is_played_out_even_when_someone_reaches_the_target() -> None:
    state, _events = _west_ron(0, (25000, 25000, 28000, 22000), {"extra_rounds": "west"})
    assert not state.game_over and state.scores[2] >= 30000


def test_the_extra_rounds_end_after_west_4() -> None:
    state, events = _west_ron(3, (25000, 25000, 25000, 25000))
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "extra_rounds" and max(state.scores) < 30000
    # a limit of two extra rounds goes on into North
    state, events = _west_ron(3, (25000, 25000, 25000, 25000), {"extra_round_limit": 2})
    assert not state.game_over and state.round_wind == 3


# ---------------------------------------------------------------- bust


def _east1_ron(scores: tuple[int, ...], options: dict[str, Any] | None = None) -> Any:
    state, _ = start(
        [DEALER, JUNK1, ITTSU_M, JUNK3],
        "9p",
        dora="6z",
        length="east",
        scores=scores,
        options=options,
    )
    return play(state, ["0: discard 1p", "2: ron"])


def test_a_player_left_at_zero_busts_only_under_at_zero() -> None:
    # the ron costs seat 0 exactly 2,600 (test_engine_hands.test_bust_ends_the_game)
    state, events = _east1_ron((2600, 33000, 33000, 31400))
    assert state.scores[0] == 0 and not state.game_over
    state, events = _east1_ron((2600, 33000, 33000, 31400), {"bust": "at_zero"})
    assert state.scores[0] == 0 and of_kind(events, "game_ended")[0].reason == "bust"


def test_a_player_left_with_one_point_does_not_bust_at_zero() -> None:
    # at_zero ends the game at zero points, not above it: seat 0 pays the 2,600 ron from
    # 2,601 (a start of 101 points, the option's least plus one, leaves such odd scores)
    state, events = _east1_ron((2601, 33000, 33000, 31399), {"bust": "at_zero"})
    assert state.scores[0] == 1
    assert not of_kind(events, "game_ended") and not state.game_over


def test_below_zero_busts_unless_bust_is_off() -> None:
    state, events = _east1_ron((1000, 33000, 33000, 33000))
    assert of_kind(events, "game_ended")[0].reason == "bust"
    state, events = _east1_ron((1000, 33000, 33000, 33000), {"bust": "off"})
    assert not state.game_over


@pytest.mark.parametrize(("old", "new"), [(True, "below_zero"), (False, "off")])
def test_the_old_true_false_bust_values_are_still_read(old: bool, new: str) -> None:
    assert resolve_options(RIICHI, {"bust": old})["bust"] == new


# ---------------------------------------------------------------- the dealer stops


def _south4_dealer_ron(scores: tuple[int, ...], options: dict[str, Any] | None = None) -> Any:
    """South 4: the dealer (seat 3, ready on 1p-4p) wins on seat 0's 1p."""
    state, _ = start(
        [ITTSU_M, DEALER, JUNK1, JUNK3],
        "9p2m",
        dora="6z",
        length="south",
        dealer=3,
        round_wind=1,
        scores=scores,
        options=options,
    )
    state, events = play(state, ["3: discard 9p", "0: discard 1p", "3: ron"])
    (moved,) = [e for e in of_kind(events, "points_moved") if e.reason == "win"]
    return state, events, moved.deltas[3]


def test_a_first_placed_dealer_who_wins_the_last_hand_stops() -> None:
    state, events, won = _south4_dealer_ron((24000, 24000, 24000, 28000))
    assert 28000 + won >= 30000
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "dealer_stop" and state.placements[3] == 1


def test_without_agari_yame_the_dealer_plays_on() -> None:
    state, _events, _ = _south4_dealer_ron((24000, 24000, 24000, 28000), {"agari_yame": False})
    assert not state.game_over and (state.round_wind, state.dealer, state.honba) == (1, 3, 1)


def test_a_dealer_below_the_target_does_not_stop() -> None:
    # first, but the game would go into West had the deal passed: the dealer plays on
    state, _events, won = _south4_dealer_ron((25000, 25000, 25000, 25000))
    assert 25000 + won < 30000 and state.placements == ()
    assert not state.game_over and state.dealer == 3


def test_a_dealer_not_first_does_not_stop() -> None:
    state, _events, won = _south4_dealer_ron((20000, 40000, 20000, 20000))
    assert 20000 + won < 40000 and not state.game_over


def _south4_dealer_ready(options: dict[str, Any] | None = None) -> Any:
    state, _ = start(
        [ITTSU_M, DEALER, JUNK1, JUNK3],
        "",
        dora="6z",
        length="south",
        dealer=3,
        round_wind=1,
        scores=(25000, 25000, 25000, 28000),
        options=options,
    )
    return auto(state, lambda s, ev: bool(of_kind(ev, "hand_ended")))


def test_tenpai_yame_stops_a_first_placed_dealer_ready_at_the_draw() -> None:
    state, events = _south4_dealer_ready({"tenpai_yame": True})
    (ended,) = of_kind(events, "hand_ended")
    assert ended.outcome == "exhaustive_draw" and ended.ready == (3,)
    assert state.scores[3] == 31000 and of_kind(events, "game_ended")[0].reason == "dealer_stop"


def test_without_tenpai_yame_the_ready_dealer_deals_again() -> None:
    state, _events = _south4_dealer_ready()
    assert not state.game_over and (state.dealer, state.honba) == (3, 1)


def test_an_abortive_draw_does_not_stop_the_dealer() -> None:
    # docs/riichi.md: the dealer stops after a win (agari-yame) or ready at an exhaustive draw
    # (tenpai-yame) only; South 4, the dealer first and over the target, all four throw East on
    # the first go-around: the hand is drawn, the dealer deals again
    state, _ = start(
        FOUR_WIND_HANDS,
        "5z6z7z5z",
        length="south",
        dealer=3,
        round_wind=1,
        scores=(25000, 25000, 25000, 31000),
        options={"tenpai_yame": True},
    )
    state, events = play(state, [f"{s}: discard 1z" for s in (3, 0, 1, 2)])
    (ended,) = of_kind(events, "hand_ended")
    assert (ended.outcome, ended.reason) == ("abortive_draw", "four_winds")
    assert of_kind(events, "game_ended") == []
    assert not state.game_over and (state.round_wind, state.dealer, state.honba) == (1, 3, 1)


# ---------------------------------------------------------------- sticks and standings


FOUR_WIND_HANDS = [
    "1z123456789m234p",
    "1z123456789p234s",
    "1z123456789s234m",
    "1z567m567p567s999m",
]


def test_leftover_sticks_can_be_lost() -> None:
    state, _ = start(FOUR_WIND_HANDS, "5z6z7z5z", options={"leftover_sticks": "lost"})
    riichi = ["0: discard 5z riichi", "1: discard 6z riichi", "2: discard 7z riichi"]
    state, events = play(state, [*riichi, "3: discard 5z riichi"])
    assert state.game_over and state.scores == (24000,) * 4
    assert not [e for e in of_kind(events, "points_moved") if e.reason == "final_sticks"]


def test_final_standings_after_uma_and_oka() -> None:
    # Tenhou's: 25,000 start, 30,000 returned, uma 20/10, oka 20,000 to the first
    state, events = _east1_ron((1000, 33000, 33000, 33000))
    assert state.scores == (-1600, 33000, 35600, 33000)
    expected = (
        -1600 - 30000 - 20000,
        33000 - 30000 + 10000,
        35600 - 30000 + 20000 + 20000,
        33000 - 30000 - 10000,
    )
    (end,) = of_kind(events, "game_ended")
    assert end.final_points == state.final_points == expected and sum(expected) == 0


def test_mleague_uma_in_the_standings() -> None:
    # M.League: uma 30/10 with the oka: +50/+10/-10/-30 for 30,000 returned
    state, _events = _east1_ron((1000, 33000, 33000, 33000), {"uma": [30, 10, -10, -30]})
    assert state.final_points == (-61600, 13000, 55600, -7000)


def test_tied_players_share_their_places_uma_and_oka() -> None:
    # seats 1 and 3 tie at 33,000 for 2nd and 3rd: with shared places each takes
    # (10 + -10) / 2 = 0 uma instead of +10 and -10 by seat order
    options = {"tied_places": "share"}
    state, _events = _east1_ron((1000, 33000, 33000, 33000), options)
    assert state.scores == (-1600, 33000, 35600, 33000)
    expected = (-1600 - 30000 - 20000, 33000 - 30000, 35600 - 30000 + 20000 + 20000, 3000)
    assert state.final_points == expected and sum(expected) == 0


def _final_points(scores: tuple[int, ...], options: dict[str, Any]) -> tuple[int, ...]:
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p", dora="6z", options=options)
    ended = dataclasses.replace(state, scores=scores)
    return RIICHI.final_points(resolve_options(RIICHI, options), ended)


def test_a_three_way_tie_splits_to_the_point_and_stays_zero_sum() -> None:
    # 2nd to 4th tie: (10 - 10 - 20) thousand / 3 = -6,666.67 each; the odd point goes to
    # the seat nearest the first dealer, so the table still sums to zero
    points = _final_points((40000, 20000, 20000, 20000), {"tied_places": "share"})
    assert points == (40000 - 30000 + 20000 + 20000, -10000 - 6666, -10000 - 6667, -10000 - 6667)
    assert sum(points) == 0


def test_a_tie_for_first_shares_the_oka() -> None:
    # 1st and 2nd tie: each takes (20 + 10) / 2 = 15 thousand uma and half the 20,000 oka
    points = _final_points((35000, 35000, 20000, 10000), {"tied_places": "share"})
    assert points == (5000 + 15000 + 10000, 5000 + 15000 + 10000, -10000 - 10000, -20000 - 20000)


def test_the_return_follows_start_points() -> None:
    # riichi.md: the return is start_points plus a quarter of oka: 30,000 + 5,000 = 35,000
    # here (not the default 30,000); seats 1 and 2 tie on 30,000, placed in seat order; the
    # first takes the oka (20,000) besides its uma
    points = _final_points((35000, 30000, 30000, 25000), {"start_points": 30000})
    assert points == (0 + 20000 + 20000, -5000 + 10000, -5000 - 10000, -10000 - 20000)
    assert sum(points) == 0
    assert all(type(p) is int for p in points)  # whole points, as the records write them
    # no oka (as the WRC plays): the return is start_points alone and the first takes uma only
    points = _final_points((35000, 30000, 30000, 25000), {"start_points": 30000, "oka": 0})
    assert points == (5000 + 20000, 0 + 10000, 0 - 10000, -5000 - 20000)
    # an uma of 30-10 (riichi.md: the option uma, in thousands by place)
    options = {"start_points": 30000, "oka": 0, "uma": [30, 10, -10, -30]}
    points = _final_points((35000, 30000, 30000, 25000), options)
    assert points == (5000 + 30000, 0 + 10000, 0 - 10000, -5000 - 30000)


def test_ties_go_by_seat_order_by_default() -> None:
    points = _final_points((35000, 35000, 20000, 10000), {})
    assert points == (5000 + 20000 + 20000, 5000 + 10000, -10000 - 10000, -20000 - 20000)


@pytest.mark.parametrize(
    "uma", [[30, 10, -10], [30, 10, -10, -20], [30, 10, -10, "x"], "30,10,-10,-30"]
)
def test_uma_must_be_four_whole_numbers_adding_up_to_zero(uma: Any) -> None:
    with pytest.raises(InvalidRequest, match="'uma' must be a list of 4") as err:
        resolve_options(RIICHI, {"uma": uma})
    assert err.value.field == "rules"


def _scripted_record() -> Any:
    hands = [DEALER, JUNK1, ITTSU_M, JUNK3]
    state, events = start(hands, "9p", dora="6z", length="east", scores=(1000, 33000, 33000, 33000))
    script = ["0: discard 1p", "2: ron"]
    final, more = play(state, script)
    wall = format_tiles(riichi_wall(hands, "9p", dora="6z"), sort=False)
    return final, GameRecord(
        "riichi",
        dict(state.options),
        0,
        "east",
        ["a", "b", "c", "d"],
        [(int(line[0]), parse_action(line[3:])) for line in script],
        [e.to_dict() for e in events + more],
        start={"walls": [wall], "scores": [1000, 33000, 33000, 33000]},
    )


def test_the_standings_reach_the_replay_and_the_cli() -> None:
    final, record = _scripted_record()
    expected = [-51600, 13000, 45600, -7000]  # test_final_standings_after_uma_and_oka
    assert list(final.final_points) == expected
    assert replay(record, strict=True).final["final_points"] == expected
    line = _line(record.events[-1])
    assert line is not None
    assert "Seat 1: 4 (-1600, -51.6)" in line and "Seat 3: 1 (35600, +45.6)" in line


def test_holding_exactly_the_target_after_south_4_ends_the_game() -> None:
    """The target is reached at 30,000 itself ("30,000 or more", docs/riichi.md)."""
    _state, events = _south4_ron((25000, 25000, 25000, 25000))
    won = _won(events)
    state, events = _south4_ron((25000, 30000 - won, 25000, 20000 + won))
    assert state.scores[1] == 30000
    assert of_kind(events, "game_ended")[0].reason == "length"


def test_sudden_death_ends_at_exactly_the_target() -> None:
    _state, events = _west_ron(0, (25000, 25000, 25000, 25000))
    won = int(next(e for e in of_kind(events, "points_moved") if e.reason == "win").deltas[2])
    state, events = _west_ron(0, (25000, 25000, 30000 - won, 20000 + won))
    assert state.scores[2] == 30000
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "target"


def test_a_whole_west_round_ends_by_the_target_once_someone_holds_it() -> None:
    # extra_rounds "west": West is played whole; after West 4 (seat 3 deals, seat 1 wins from
    # it) seat 1 passes 30,000, so the game ends there, and the reason is "target": someone
    # reached the target in an extra round (docs/riichi.md), not "length" (the South round's end)
    state, events = _west_ron(3, (25000, 28000, 25000, 22000), {"extra_rounds": "west"})
    assert 28000 + _won(events) >= 30000
    (end,) = of_kind(events, "game_ended")
    assert end.reason == "target" and state.game_over

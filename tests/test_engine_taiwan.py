"""Taiwan in the engine, scenarios from fixed walls (taiwan.md, "Tiles and hand", "Dealer tai and
streak", "Payment", "Calls"): the 16 reserve tiles, bonus tiles replaced in the deal and in play
(chains), the dealer's streak across hands and in payments, chow from the previous player only,
one winner per discard, and the heavenly, earthly and human hands read from the state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from engine_support import auto, kinds, of_kind, play
from majiang.actions import Chi, Pon, Ron, Tsumo
from majiang.engine import legal_actions, new_game
from majiang.events import Event
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import format_tiles, is_bonus, parse_tiles, tile_set
from majiang.view import player_view

TAIWAN = get_ruleset("taiwan")

# 16-tile hands far from ready; the four together hold every honor four times, so a scenario
# replacing one of them with its own hand may use one of each honor
JUNK_E = "147m258p369s1234567z"
JUNK_S = "258m369p147s1234567z"
JUNK_W = "369m147p258s1234567z"
JUNK_N = "258m147p369s1234567z"
#: the dealer discards 5s; South can chow it (46s); West and North win on it (34s + 5s)
DEALER_GIVES = "147m258p569s1234567z"
SOUTH_CHOW = "1258m369p46s1234567z"
WINS_ON_5S = "123456789m555p34s99s"
NORTH_WINS_5S = "333m666777888p34s88s"
#: the dealer complete with a 7p drawn: 123m 456m 789m 123p 456p 77p
HEAVENLY = "123456789m1234567p"
#: complete with a 1s drawn: 123p 456p 789p 234s 567s 11s
WAITS_ON_1S = "123456789p1234567s"


def taiwan_wall(hands: Sequence[str], draws: str = "", back: str = "") -> list[int]:
    """Return a 144-tile wall dealing ``hands`` (16 tiles each, from the dealer), then ``draws``
    from the front; ``back`` are the replacement tiles, the first drawn first (the wall's last
    tile). The other tiles fill the middle in order, the unused bonus tiles halfway."""
    pool = Counter(tile_set("taiwan", {}).tiles())
    front: list[int] = []
    for h in hands:
        tiles = parse_tiles(h)
        assert len(tiles) == 16, h
        front.extend(tiles)
    front.extend(parse_tiles(draws))
    tail = parse_tiles(back)
    for t in (*front, *tail):
        assert pool[t] > 0, f"too many of tile {t}"
        pool[t] -= 1
    rest = sorted(t for t in pool.elements() if not is_bonus(t))
    flowers = [t for t in pool.elements() if is_bonus(t)]
    middle = [*rest[: len(rest) // 2], *flowers, *rest[len(rest) // 2 :]]
    wall = [*front, *middle, *reversed(tail)]
    assert len(wall) == 144
    return wall


def start(
    hands: Sequence[str],
    draws: str = "",
    back: str = "",
    *,
    length: str = "one_hand",
    more: Sequence[list[int]] = (),
    **kwargs: Any,
) -> tuple[GameState, list[Event]]:
    """Return a Taiwan game on a fixed wall (and fixed walls for the next hands)."""
    walls = [taiwan_wall(hands, draws, back), *more]
    return new_game(TAIWAN, {}, 0, length, walls=walls, **kwargs)


def left_in_wall(state: GameState) -> int:
    return len(state.wall) - state.draw_pos - state.back_taken


# ---------------------------------------------------------------- the reserve


@pytest.mark.parametrize(
    ("script", "kongs"),
    [
        ([], 0),  # taiwan.md: "The last 16 tiles of the wall are never drawn"
        (["0: ankan 1111m"], 1),  # a kong's replacement comes from the back; 16 still stay
    ],
)
def test_the_last_16_tiles_are_never_drawn(script: list[str], kongs: int) -> None:
    dealer = "1111m258p369s123456z"
    state, events = start([dealer, JUNK_S, JUNK_W, JUNK_N], length="east")
    state, more = play(state, script, rules=TAIWAN)
    events += more
    state, more = auto(state, lambda s, e: bool(of_kind(e, "hand_ended")), rules=TAIWAN)
    events += more
    end = kinds(events).index("hand_ended")
    after, events = events[end:], events[: end + 1]
    # every draw after the deal (front, kong and bonus replacements) came out of 144 - 64 - 16
    assert len(of_kind(events, "drew")) == 144 - 4 * 16 - 16
    assert len(of_kind(events, "called")) == kongs
    ended = of_kind(events, "hand_ended")[0]
    assert ended.outcome == "exhaustive_draw"
    # the draw is declared right after the discard that left only the reserve; no payment
    i = kinds(events).index("hand_ended")
    assert kinds(events)[i - 1] in ("discarded", "hand_revealed")
    assert not of_kind(events, "points_moved")
    # the next hand: the dealer keeps the seat after a draw, its streak now 1
    started = of_kind(after, "hand_started")[0]
    assert (started.hand, started.dealer, started.dealer_streak) == (1, 0, 1)


def test_nothing_is_drawn_once_only_the_reserve_remains() -> None:
    state, _ = start([JUNK_E, JUNK_S, JUNK_W, JUNK_N])
    state, _ = auto(state, lambda s, e: s.live_tiles(TAIWAN.dead_wall) == 0, rules=TAIWAN)
    assert left_in_wall(state) == 16 and state.phase == "turn"
    assert player_view(TAIWAN, state, 1).wall_left == 0
    state, events = auto(state, lambda s, e: bool(of_kind(e, "hand_ended")), rules=TAIWAN)
    assert not of_kind(events, "drew") and left_in_wall(state) == 16
    assert of_kind(events, "hand_ended")[0].outcome == "exhaustive_draw"


# ---------------------------------------------------------------- bonus tiles


def test_bonus_tiles_in_the_deal_are_replaced_in_seat_order_with_chains() -> None:
    dealer = "1f47m258p369s1234567z"  # 1f replaced by 2f, itself replaced by 9m
    west = "3f5f369m147p258s12345z"  # 3f by 6f, 5f by 8m; then 6f by 5s
    state, events = start([dealer, JUNK_S, west, JUNK_N], draws="1m", back="2f9m6f8m5s")
    shown = [
        (e.kind, e.seat, e.to_dict()["tile"])
        for e in events
        if e.kind in ("bonus_declared", "drew")
    ]
    assert shown == [
        ("bonus_declared", 0, "1f"),
        ("drew", 0, "2f"),
        ("bonus_declared", 0, "2f"),
        ("drew", 0, "9m"),
        ("bonus_declared", 2, "3f"),
        ("drew", 2, "6f"),
        ("bonus_declared", 2, "5f"),
        ("drew", 2, "8m"),
        ("bonus_declared", 2, "6f"),
        ("drew", 2, "5s"),
        ("drew", 0, "1m"),  # then the dealer's first draw, from the front
    ]
    assert [e.replacement for e in of_kind(events, "drew")] == [True] * 5 + [False]
    assert state.bonus[0] == tuple(parse_tiles("1f2f"))
    assert state.bonus[2] == tuple(parse_tiles("3f5f6f"))
    assert [len(h) for h in state.concealed] == [17, 16, 16, 16]
    assert not any(is_bonus(t) for h in state.concealed for t in h)
    # bonus tiles are public: every seat's view shows them
    assert player_view(TAIWAN, state, 1).seats[2].bonus == tuple(parse_tiles("3f5f6f"))


def test_a_bonus_tile_drawn_in_play_is_replaced_from_the_back_chain_included() -> None:
    state, events = start([JUNK_E, JUNK_S, JUNK_W, JUNK_N], draws="7f9s", back="8f4f1s")
    shown = [(e.kind, e.to_dict()["tile"]) for e in events if e.kind in ("bonus_declared", "drew")]
    assert shown == [
        ("drew", "7f"),
        ("bonus_declared", "7f"),
        ("drew", "8f"),
        ("bonus_declared", "8f"),
        ("drew", "4f"),
        ("bonus_declared", "4f"),
        ("drew", "1s"),
    ]
    assert state.drawn == parse_tiles("1s")[0]
    assert state.bonus[0] == tuple(parse_tiles("7f8f4f"))
    # the next seat then draws from the front
    state, events = play(state, ["0: discard 1s"], rules=TAIWAN)
    assert [e.to_dict()["tile"] for e in of_kind(events, "drew")] == ["9s"]


def test_own_bonus_tiles_count_in_the_score() -> None:
    # East's flower 1f, replaced by 9p; the 9p drawn completes the hand (heavenly)
    dealer = "1f123456789m234567p"
    state, _ = start([dealer, JUNK_S, JUNK_W, JUNK_N], draws="9p", back="9p")
    state, events = play(state, ["0: tsumo"], rules=TAIWAN)
    ids = [i["id"] for i in of_kind(events, "won")[0].result["items"]]
    assert "seat_flower" in ids and "heavenly_hand" in ids


# ---------------------------------------------------------------- calls and wins


def test_chow_from_the_previous_player_only() -> None:
    west = "349s369m147p1234567z"  # holds 34s too, but sits two seats after the dealer
    state, _ = start([DEALER_GIVES, SOUTH_CHOW, west, JUNK_N], draws="9m")
    state, _ = play(state, ["0: discard 5s"], rules=TAIWAN)
    assert Chi(tuple(parse_tiles("46s"))) in legal_actions(TAIWAN, state, 1)
    assert not any(isinstance(a, Chi) for a in legal_actions(TAIWAN, state, 2))


def test_one_winner_per_discard_the_first_in_play_order() -> None:
    state, _ = start([DEALER_GIVES, SOUTH_CHOW, WINS_ON_5S, NORTH_WINS_5S], draws="7z")
    state, _ = play(state, ["0: discard 5s"], rules=TAIWAN)
    assert Ron() in legal_actions(TAIWAN, state, 2) and Ron() in legal_actions(TAIWAN, state, 3)
    state, events = play(state, ["3: ron", "2: ron", "1: pass"], rules=TAIWAN)
    # West is the first claimant in play order after the dealer: only West wins
    assert [w.seat for w in of_kind(events, "won")] == [2]
    moved = of_kind(events, "points_moved")
    assert len(moved) == 1 and moved[0].deltas[3] == 0 and moved[0].deltas[0] < 0
    assert of_kind(events, "hand_ended")[0].winners == (2,)


def test_a_win_beats_a_pung_on_the_same_discard() -> None:
    south = "55s1258m369p1234567z"
    state, _ = start([DEALER_GIVES, south, JUNK_W, NORTH_WINS_5S], draws="7z")
    state, _ = play(state, ["0: discard 5s"], rules=TAIWAN)
    assert Pon(tuple(parse_tiles("55s"))) in legal_actions(TAIWAN, state, 1)
    state, events = play(state, ["1: pon 55s", "3: ron"], rules=TAIWAN)
    assert [w.seat for w in of_kind(events, "won")] == [3] and not of_kind(events, "called")


# ---------------------------------------------------------------- the dealer's streak


def test_the_dealer_streak_carries_across_hands_and_into_payments() -> None:
    hand2 = taiwan_wall([DEALER_GIVES, WINS_ON_5S, JUNK_W, JUNK_N], "7z")
    hand3 = taiwan_wall([JUNK_S, JUNK_E, JUNK_W, JUNK_N], "1m")
    state, _ = start(
        [HEAVENLY, JUNK_S, JUNK_W, JUNK_N], draws="7p", length="east", more=[hand2, hand3]
    )
    # hand 1: the dealer wins on the first draw (heavenly): each pays 3 + tai + 1 dealer tai
    state, events = play(state, ["0: tsumo"], rules=TAIWAN)
    result = of_kind(events, "won")[0].result
    assert "heavenly_hand" in [i["id"] for i in result["items"]]
    each = 3 + result["total"] + 1
    assert of_kind(events, "points_moved")[0].deltas == (3 * each, -each, -each, -each)
    started = of_kind(events, "hand_started")[0]
    assert (started.dealer, started.dealer_streak) == (0, 1)  # the dealer keeps the seat
    # hand 2: the dealer (streak 1) deals in: the discarder pays 3 + tai + (1 + 2 x 1)
    state, events = play(state, ["0: discard 5s", "1: ron"], rules=TAIWAN)
    won = of_kind(events, "won")[0]
    assert won.result["dealer_tai"] == 3
    paid = 3 + won.result["total"] + 3
    assert of_kind(events, "points_moved")[0].deltas == (-paid, paid, 0, 0)
    # hand 3: South won, so South deals, with a new streak
    started = of_kind(events, "hand_started")[0]
    assert (started.dealer, started.dealer_streak) == (1, 0)


def test_a_self_draw_is_paid_by_every_other_seat_the_dealer_with_its_tai() -> None:
    state, _ = start([DEALER_GIVES, WAITS_ON_1S, JUNK_W, JUNK_N], draws="7z9p8p7p6p1s")
    script = ["0: discard 7z", "1: discard 9p", "2: discard 8p", "3: discard 7p", "0: discard 6p"]
    state, events = play(state, [*script, "1: tsumo"], rules=TAIWAN)
    result = of_kind(events, "won")[0].result
    assert "earthly_hand" not in [i["id"] for i in result["items"]]
    t = result["total"]
    moved = of_kind(events, "points_moved")[0]
    assert moved.deltas == (-(3 + t + 1), 3 * (3 + t) + 1, -(3 + t), -(3 + t))


# ---------------------------------------------------------------- first-turn hands


@pytest.mark.parametrize(
    ("hands", "draws", "script", "item"),
    [
        # heavenly: the dealer complete on its first draw
        ([HEAVENLY, JUNK_S, JUNK_W, JUNK_N], "7p", ["0: tsumo"], "heavenly_hand"),
        # earthly: South self-draws on its first draw, no call before
        (
            [DEALER_GIVES, WAITS_ON_1S, JUNK_W, JUNK_N],
            "7z1s",
            ["0: discard 7z", "1: tsumo"],
            "earthly_hand",
        ),
        # human: South wins on the dealer's first discard, before its own first draw
        (
            [DEALER_GIVES, WINS_ON_5S, JUNK_W, JUNK_N],
            "7z",
            ["0: discard 5s", "1: ron"],
            "human_hand",
        ),
    ],
)
def test_heavenly_earthly_and_human_hands_are_read_from_the_state(
    hands: list[str], draws: str, script: list[str], item: str
) -> None:
    state, _ = start(hands, draws)
    state, events = play(state, script, rules=TAIWAN)
    ids = [i["id"] for i in of_kind(events, "won")[0].result["items"]]
    assert item in ids


def test_no_first_turn_hand_after_the_first_go_round() -> None:
    # South passes the dealer's first 5s, then wins on the second: a plain closed hand
    dealer = "55s147m258p9s1234567z"
    state, _ = start([dealer, WINS_ON_5S, JUNK_W, JUNK_N], "7z9p8p7p6p")
    state, _ = play(state, ["0: discard 5s", "1: pass"], rules=TAIWAN)
    state, _ = auto(state, lambda s, e: s.turn == 0 and s.phase == "turn", rules=TAIWAN)
    state, events = play(state, ["0: discard 5s", "1: ron"], rules=TAIWAN)
    ids = [i["id"] for i in of_kind(events, "won")[0].result["items"]]
    assert "human_hand" not in ids and "closed_hand" in ids


def test_bonus_tiles_are_public_and_no_win_is_offered_on_a_junk_hand() -> None:
    state, events = start([JUNK_E, JUNK_S, JUNK_W, JUNK_N], draws="7f9s", back="8f4f1s")
    for e in of_kind(events, "bonus_declared"):
        assert all(e.for_seat(s) == e for s in range(4))
    assert Tsumo() not in legal_actions(TAIWAN, state, 0)


def test_a_bonus_tile_drawn_as_the_last_live_tile_ends_the_hand() -> None:
    # the 64th draw is a bonus tile: replacing it would take a reserve tile, so the hand is drawn
    hands = [JUNK_E, JUNK_S, JUNK_W, JUNK_N]
    pool = Counter(tile_set("taiwan", {}).tiles())
    for h in hands:
        pool -= Counter(parse_tiles(h))
    plain = sorted(t for t in pool.elements() if not is_bonus(t))
    draws = [*plain[:63], parse_tiles("8f")[0]]
    state, _ = start(hands, format_tiles(draws, sort=False), back="1f2f3f4f5f6f7f")
    state, events = auto(state, lambda s, e: bool(of_kind(e, "hand_ended")), rules=TAIWAN)
    assert kinds(events)[-4:] == ["drew", "bonus_declared", "hand_ended", "game_ended"]
    assert of_kind(events, "hand_ended")[0].outcome == "exhaustive_draw"
    assert left_in_wall(state) == 16 and state.bonus[3] == tuple(parse_tiles("8f"))


@pytest.mark.parametrize(("option", "counted"), [(True, True), (False, False)])
def test_a_win_on_a_bonus_tiles_replacement_under_its_option(option: bool, counted: bool) -> None:
    # taiwan.md options: "a flower kong counted as a replacement win" (flower_replacement_win)
    options = {"flower_replacement_win": option}
    wall = taiwan_wall([DEALER_GIVES, WAITS_ON_1S, JUNK_W, JUNK_N], "7z9p8p7p6p6f", back="1s")
    state, _ = new_game(TAIWAN, options, 0, "one_hand", walls=[wall])
    script = ["0: discard 7z", "1: discard 9p", "2: discard 8p", "3: discard 7p", "0: discard 6p"]
    state, events = play(state, [*script, "1: tsumo"], rules=TAIWAN)
    ids = [i["id"] for i in of_kind(events, "won")[0].result["items"]]
    assert ("flower_replacement" in ids) is counted
    assert "seat_season" in ids  # 6f is South's season

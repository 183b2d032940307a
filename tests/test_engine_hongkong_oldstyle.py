"""Hong Kong Old Style (``hkos``) play in the engine: the wall, the dice, the deal, flowers,
kongs on a discard and furiten.

Source: hongkong.md "hkos" (seed 001): walls two tiles high and 18 stacks long; East throws
three dice; counting counter-clockwise from East as 1 the sum picks the wall (5, 9, 13, 17
East; 2, 6, 10, 14, 18 South; 3, 7, 11, 15 West; 4, 8, 12, 16 North); from the right end of that
wall the sum is counted in stacks clockwise and the wall broken there; East takes the next two
stacks, then South, West, North, until each has 12, then one more each and East one last;
flowers are replaced from the end of the wall, East, South, West, North; a kong on a discard
needs a concealed triplet; a passed win bars discard wins on the whole wait until the next draw.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from majiang.actions import Tsumo
from majiang.engine import deal, legal_actions, new_game
from majiang.rules import get_ruleset
from majiang.rules.hongkong.game import break_wall, wall_of_total
from majiang.tiles import parse_tiles, tile_name, tile_set
from test_engine_hongkong_support import finish_claims, hk_start, of_kind, offers, run

HKOS = get_ruleset("hkos")
RING = list(range(144))  # tiles marked by their place in the square (stack s: 2s upper, 2s+1)


@pytest.mark.parametrize(
    ("totals", "wind"),
    [
        ((5, 9, 13, 17), 0),  # East
        ((2, 6, 10, 14, 18), 1),  # South
        ((3, 7, 11, 15), 2),  # West
        ((4, 8, 12, 16), 3),  # North
    ],
)
def test_the_dice_total_picks_the_wall(totals: tuple[int, ...], wind: int) -> None:
    assert {wall_of_total(t) for t in totals} == {wind}


#: the square clockwise from the right end of East's wall: East's stacks 0-17, North's 18-35,
#: West's 36-53, South's 54-71 (each wall from its own right end)
@pytest.mark.parametrize(
    ("total", "first_stack", "last_stack"),
    [
        (3, 36 + 3, 36 + 2),  # West: three stacks counted, the fourth dealt first
        (5, 5, 4),  # East
        (10, 54 + 10, 54 + 9),  # South
        (12, 18 + 12, 18 + 11),  # North
        (17, 17, 16),  # East: the wall's last stack is dealt first
        (18, 0, 71),  # South counted whole: the deal starts at the right end of East's wall
    ],
)
def test_the_wall_is_broken_after_the_counted_stacks(
    total: int, first_stack: int, last_stack: int
) -> None:
    wall = break_wall(RING, total)
    assert sorted(wall) == RING
    assert wall[:2] == (2 * first_stack, 2 * first_stack + 1)  # drawn clockwise, upper first
    assert wall[2:4] == (2 * first_stack + 2, 2 * first_stack + 3)
    # the end of the wall (replacement tiles) is the last stack counted, at the break
    assert wall[-2:] == (2 * last_stack, 2 * last_stack + 1)


class LoadedDice(random.Random):
    """A generator that leaves the tiles as built and throws the given dice."""

    def __init__(self, dice: tuple[int, int, int]) -> None:
        super().__init__(0)
        self.dice = list(dice)

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        return None

    def randint(self, a: int, b: int) -> int:
        return self.dice.pop(0)


@pytest.mark.skipif(
    not str(deal.__file__).endswith(".py"),
    reason="the compiled engine (make fast) keeps the hand_rng it was built with: no loaded dice",
)
@pytest.mark.parametrize("dice", [(1, 1, 1), (1, 2, 4), (6, 6, 6), (3, 4, 5)])
def test_the_engine_breaks_the_wall_by_its_dice_and_deals_in_stacks(
    dice: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("majiang.engine.deal.hand_rng", lambda seed, hand: LoadedDice(dice))
    tiles = tile_set("hkos").tiles()
    state, events = new_game(HKOS, {}, 0, "one_hand")
    assert [e.kind for e in events[:2]] == ["hand_started", "dice_rolled"]
    assert events[1].dice == dice
    wall = break_wall(list(tiles), sum(dice))
    assert state.wall == wall
    dealt = {e.seat: e.tiles for e in of_kind(events, "dealt")}
    # three rounds of two stacks each from East, then one tile each, then East one more
    for seat in range(4):
        blocks = [wall[16 * r + 4 * seat : 16 * r + 4 * seat + 4] for r in range(3)]
        extra = (wall[48 + seat],) + ((wall[52],) if seat == 0 else ())
        assert dealt[seat] == tuple(t for b in blocks for t in b) + extra
    assert len(dealt[0]) == 14 and state.turn == 0
    # East does not draw: only flower replacements come from the wall (from its end)
    assert all(e.replacement for e in of_kind(events, "drew"))
    assert state.draw_pos == 53


def test_seeded_hands_throw_three_dice_and_record_them() -> None:
    state, events = new_game(HKOS, {}, 5, "one_hand")
    (dice,) = of_kind(events, "dice_rolled")
    assert len(dice.dice) == 3 and all(1 <= d <= 6 for d in dice.dice)
    assert len(state.wall) == 144


# ---------------------------------------------------------------- flowers

#: East holds 1f: its replacement 2f is a flower too, replaced by 5m; South holds 3f (-> 6m)
FLOWER_HANDS = [
    "1f123m456p789s1122z",
    "3f147m258p369s567z",
    "147m258p369s1234z",
    "147m258p369s1234z",
]


def test_flowers_at_the_deal_are_replaced_in_seat_order_with_chains() -> None:
    _, state, events = hk_start("hkos", FLOWER_HANDS, tail="2f5m6m")
    shown = [
        (e.kind, e.seat, tile_name(e.tile)) for e in events if e.kind in ("bonus_declared", "drew")
    ]
    assert shown == [
        ("bonus_declared", 0, "1f"),
        ("drew", 0, "2f"),
        ("bonus_declared", 0, "2f"),  # the replacement was a flower: declared and replaced
        ("drew", 0, "5m"),
        ("bonus_declared", 1, "3f"),
        ("drew", 1, "6m"),
    ]
    assert all(e.replacement for e in of_kind(events, "drew"))
    assert state.bonus[0] == tuple(parse_tiles("1f2f")) and state.bonus[1] == tuple(
        parse_tiles("3f")
    )
    assert [len(h) for h in state.concealed] == [14, 13, 13, 13]


def test_a_flower_drawn_in_play_is_replaced_from_the_end_of_the_wall() -> None:
    hands = ["9m123m456p789s1122z", *FLOWER_HANDS[1:]]
    hands[1] = "9m147m258p369s567z"
    # South draws 4f; its replacement 7f is a flower; then 8m
    rules, state, _ = hk_start("hkos", hands, "4f", tail="7f8m")
    state, events = run(rules, state, ["0: discard 9m"])
    shown = [(e.kind, tile_name(e.tile)) for e in events if e.kind in ("bonus_declared", "drew")]
    assert shown == [
        ("drew", "4f"),
        ("bonus_declared", "4f"),
        ("drew", "7f"),
        ("bonus_declared", "7f"),
        ("drew", "8m"),
    ]
    assert state.turn == 1 and state.drawn == parse_tiles("8m")[0]
    assert state.bonus[1] == tuple(parse_tiles("4f7f"))
    assert state.back_taken == 2 and state.draw_pos == 54


# ---------------------------------------------------------------- kongs on a discard

KONG_HANDS = [
    "5m5p9p123m456p789s12z",
    "555m147p258s369s1z",
    "55p147m258s369s34z",
    "147m268p369s1346z",
]


@pytest.mark.parametrize(
    ("discard", "seat", "expected"),
    [
        # a concealed triplet may take the fourth tile as a kong
        ("5m", 1, ["pass", "kan 555m", "pon 55m"]),
        # a pair may only pung
        ("5p", 2, ["pass", "pon 55p"]),
    ],
)
def test_a_kong_on_a_discard_needs_a_concealed_triplet(
    discard: str, seat: int, expected: list[str]
) -> None:
    rules, state, _ = hk_start("hkos", KONG_HANDS)
    state, _ = run(rules, state, [f"0: discard {discard}"])
    assert offers(rules, state, seat) == expected


def test_an_exposed_pung_takes_no_kong_on_a_discard() -> None:
    # seat 2 pungs 5p from East, then East discards the fourth 5p: no kong is offered
    rules, state, _ = hk_start("hkos", KONG_HANDS, "7z7z")
    state, _ = run(rules, state, ["0: discard 5p", "2: pon 55p", "2: discard 1m"])
    state, _ = run(rules, state, ["3: discard 7z", "0: discard 5p"])
    assert state.rivers[0][-1].tile == parse_tiles("5p")[0]
    assert "kan" not in " ".join(offers(rules, state, 2))
    assert state.phase != "claim" or 2 not in state.waiting_seats()


# ---------------------------------------------------------------- furiten over the whole wait

#: South waits on 1m/4m (half flush); West discards 1m, North and East 4m, West another 4m
FURITEN_HANDS = [
    "9s4m1p2p3p5p6p7p3s4s5s6s7s8s",
    "23m456m789m111z22z",
    "1m4m1p2p3p5p6p7p1s2s3s5z6z",
    "4m8p8p9p1s2s3s5z6z7z7z3z3z",
]
FURITEN_START = ["0: discard 9s", "1: discard 9p", "2: discard 1m"]


def test_a_passed_win_bars_the_whole_wait_until_the_next_draw() -> None:
    rules, state, _ = hk_start("hkos", FURITEN_HANDS, "9p9p9p8p9m7p")
    state, _ = run(rules, state, FURITEN_START)
    assert offers(rules, state, 1)[:2] == ["pass", "ron"]
    state, _ = run(rules, state, ["1: pass", "3: discard 4m"])
    assert "ron" not in offers(rules, state, 1)  # 4m: another tile of the same wait
    state, _ = run(rules, state, ["0: discard 4m"])
    assert "ron" not in offers(rules, state, 1)  # still no draw in between
    # South draws again: the furiten ends and 4m from West may be won
    state, _ = run(rules, state, ["1: discard 9m", "2: discard 4m"])
    assert offers(rules, state, 1)[:2] == ["pass", "ron"]
    state, events = run(rules, state, ["1: ron"])
    assert of_kind(events, "won")[0].seat == 1


def test_self_draw_stays_allowed_in_furiten() -> None:
    rules, state, _ = hk_start("hkos", FURITEN_HANDS, "9p9p9p8p1m")
    state, events = run(rules, state, [*FURITEN_START, "1: pass", "3: discard 4m", "0: discard 4m"])
    state = finish_claims(rules, state, events)
    assert state.turn == 1 and state.drawn == parse_tiles("1m")[0]
    assert Tsumo() in legal_actions(rules, state, 1)


def test_a_call_does_not_end_the_furiten() -> None:
    # South passes 1m, pungs 2z from North (no draw), discards 1z: 4m from East is still barred
    hands = [*FURITEN_HANDS]
    hands[3] = "4m8p8p9p1s2s3s5z6z7z7z3z2z"
    rules, state, _ = hk_start("hkos", hands, "9p9p9p8p")
    state, _ = run(rules, state, [*FURITEN_START, "1: pass", "3: discard 2z", "1: pon 22z"])
    state, _ = run(rules, state, ["1: discard 1z", "2: discard 8p", "3: discard 4m"])
    assert "ron" not in offers(rules, state, 1)
    state, _ = run(rules, state, ["0: discard 4m"])
    assert "ron" not in offers(rules, state, 1)


@pytest.mark.parametrize("variant", ["hk", "hk2"])
def test_hk_and_hk2_have_no_furiten(variant: str) -> None:
    assert not get_ruleset(variant).furiten and HKOS.furiten == {"temporary", "until_draw"}

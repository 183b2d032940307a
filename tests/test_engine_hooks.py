"""The engine's structure serves every variant: hooks a variant overrides change the game
without touching the state machine (checked here with small test variants of riichi)."""

from __future__ import annotations

import random
from typing import Any

from engine_support import NO_RED, of_kind, play, riichi_wall, start
from majiang.engine import legal_actions, new_game, next_seat, step
from majiang.rules.riichi import Riichi
from majiang.state import GameState

DEALER = "158p258s369s2467z"
JUNK1 = "147m258p369s2346z"
ITTSU_M = "123456789m23p11z"
JUNK3 = "89p3679m258s4567z"


class Bloody(Riichi):
    """Winners leave play; the hand ends when three have won (Sichuan's bloody battle)."""

    def win_ends_hand(self, options: Any, state: GameState) -> bool:
        return len(state.winners) >= 3


class Dice(Riichi):
    """The wall is broken by two dice; the dealer is dealt its 14th tile."""

    def build_wall(
        self, options: Any, tiles: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        wall, _ = super().build_wall(options, tiles, rng)
        return wall, (rng.randint(1, 6), rng.randint(1, 6))

    def deal_order(self, options: Any, players: int, dealer: int) -> list[tuple[int, int]]:
        order = [((dealer + i) % players, 4) for _ in range(3) for i in range(players)]
        return [*order, *(((dealer + i) % players, 1) for i in range(players)), (dealer, 1)]


def test_a_winner_leaves_play_and_the_others_go_on() -> None:
    rules = Bloody()
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p", rules=rules)
    state, events = play(state, ["0: discard 1p", "2: ron"], rules=rules)
    assert [e.seat for e in of_kind(events, "won")] == [2]
    assert not of_kind(events, "hand_ended")
    assert "out" in state.status[2] and state.turn == 3 and state.winners == (2,)
    assert next_seat(state, 1) == 3
    # the winner is never asked again: play round the table skips it
    seen = []
    for _ in range(12):
        seat = state.waiting_seats()[0]
        assert seat != 2 and legal_actions(rules, state, 2) == []
        seen.append(seat)
        legal = legal_actions(rules, state, seat)
        pick = next(a for a in legal if a.kind in ("pass", "discard"))
        state, _ = step(rules, state, seat, pick)
    assert 2 not in seen and {0, 1, 3} <= set(seen)


def test_dice_and_a_dealer_dealt_fourteen() -> None:
    rules = Dice()
    state, events = new_game(rules, NO_RED, 5, "one_hand")
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["hand_started", "dice_rolled"]
    assert "drew" not in kinds
    assert len(state.concealed[0]) == 14 and [len(h) for h in state.concealed[1:]] == [13] * 3
    assert state.turn == 0 and state.drawn == state.concealed[0][-1]
    assert state.draw_pos == 53


def test_fixed_walls_bypass_the_wall_hook() -> None:
    wall = riichi_wall([DEALER, JUNK1, ITTSU_M, JUNK3], "9p")
    state, events = new_game(Dice(), NO_RED, 0, "one_hand", walls=[wall])
    assert "dice_rolled" not in [e.kind for e in events]
    assert state.wall == tuple(wall)

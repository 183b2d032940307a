"""Furiten from fixed walls (riichi.md "The game"): no ron on a wait the player discarded;
temporary furiten until their next discard after passing a winning tile; permanent after passing
one in riichi; self-draw always allowed. Riichi's conditions and its locked hand too."""

from __future__ import annotations

from engine_support import auto, of_kind, play, start
from majiang.actions import Discard, Ron, Tsumo
from majiang.engine import legal_actions
from majiang.events import PointsMoved
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import kind, parse_tile, tile_name

RIICHI = get_ruleset("riichi")

DEALER = "158p258s369s2467z"
JUNK1 = "147m258p369s2346z"
ITTSU_M = "123456789m23p11z"  # seat 2: waits on 1p or 4p
ITTSU_S = "123456789s23p11z"  # the same in souzu
JUNK3 = "89p3679m258s4567z"


def t(text: str) -> int:
    return parse_tile(text)


def test_discard_furiten_blocks_ron_not_tsumo() -> None:
    # seat 2 draws 4p (a win), discards it: 1p and 4p are then furiten on a discard
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p5s4p1s1p2s1p")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert Tsumo() in legal_actions(RIICHI, state, 2)
    state, _ = play(state, ["2: discard 4p", "3: discard 1s", "0: discard 1p"])
    assert legal_actions(RIICHI, state, 2) == []
    state, _ = play(state, ["1: discard 2s"])
    assert state.turn == 2 and Tsumo() in legal_actions(RIICHI, state, 2)


def test_temporary_furiten_lasts_until_the_next_own_discard() -> None:
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "1p4p9s1p")
    state, _ = play(state, ["0: discard 1p"])
    assert Ron() in legal_actions(RIICHI, state, 2)
    state, _ = play(state, ["2: pass", "1: discard 4p"])
    # seat 2 passed a win: no ron on 4p (it may still chi it)
    assert state.phase == "claim" and Ron() not in legal_actions(RIICHI, state, 2)
    state, _ = play(state, ["2: pass", "2: discard 9s", "3: discard 1p"])
    assert Ron() in legal_actions(RIICHI, state, 2)


def test_riichi_furiten_is_permanent_and_riichi_locks_the_hand() -> None:
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p5s9s1s1p2s3s4p")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert Discard(t("9s"), riichi=True) in legal_actions(RIICHI, state, 2)
    state, events = play(state, ["2: discard 9s riichi", "3: discard 1s"])
    (declared,) = of_kind(events, "riichi_declared")
    assert declared.double  # the first discard, no call before: double riichi
    assert state.sticks == 1 and state.scores[2] == 24000
    state, _ = play(state, ["0: discard 1p", "2: pass", "1: discard 2s"])
    # locked: only the drawn tile may go
    assert legal_actions(RIICHI, state, 2) == [Discard(t("3s"))]
    state, _ = play(state, ["2: discard 3s", "3: discard 4p"])
    assert legal_actions(RIICHI, state, 2) == []
    assert "furiten_riichi" in state.status[2]


def test_riichi_needs_points_and_a_closed_hand() -> None:
    draws = "9p5s9s"
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], draws, scores=(25000, 25000, 900, 25000))
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert not [a for a in legal_actions(RIICHI, state, 2) if isinstance(a, Discard) and a.riichi]
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], draws)
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert RIICHI.can_declare_riichi(state.options, state, 2)
    late = state.copy()
    late.draw_pos = len(late.wall) - RIICHI.dead_wall - 3  # three tiles left to draw
    assert not RIICHI.can_declare_riichi(late.options, late, 2)


def test_riichi_not_offered_to_an_open_hand() -> None:
    # seat 1 chis and is ready after its discard; on its next turn no riichi is offered
    seat1 = "23p456m789m1z5z678s"
    state, _ = start([DEALER, seat1, "1359m1359p1359s2z", JUNK3], "9p2z3z4z")
    state, _ = play(state, ["0: discard 1p", "1: chi 23p", "1: discard 5z"])
    state, _ = play(state, ["2: discard 2z", "3: discard 3z", "0: discard 9p"])
    state, _ = play(state, ["*: pass"]) if state.phase == "claim" else (state, [])
    assert state.turn == 1
    assert not [a for a in legal_actions(RIICHI, state, 1) if isinstance(a, Discard) and a.riichi]


def test_discard_furiten_looks_at_the_whole_river() -> None:
    # riichi.md: "no ron on a wait the player discarded" -- any discard, not only the last one.
    # Seat 2 throws its winning 4p, then 9s on its next turn (its temporary furiten ends there);
    # the dealer's 1p, on the same wait, is still no ron for seat 2.
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p5s4p1s2s3s9s7s1p")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s", "2: discard 4p", "3: discard 1s"])
    state, _ = play(state, ["0: discard 2s", "1: discard 3s", "2: discard 9s", "3: discard 7s"])
    assert [tile_name(r.tile) for r in state.rivers[2]] == ["4p", "9s"]
    assert state.status[2] == frozenset()  # no temporary or riichi furiten: only the river's
    state, _ = play(state, ["0: discard 1p"])
    assert state.waits[2] == (kind(t("1p")), kind(t("4p")))
    assert Ron() not in legal_actions(RIICHI, state, 2)


def _riichi_offered(state: GameState, seat: int) -> list[Discard]:
    legal = legal_actions(RIICHI, state, seat)
    return [a for a in legal if isinstance(a, Discard) and a.riichi]


def test_riichi_with_exactly_the_stick_in_hand() -> None:
    # riichi.md: "≥ 1000 points": a player holding exactly the 1000 of the stick may declare
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p5s9s", scores=(25000, 25000, 1000, 25000))
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert _riichi_offered(state, 2) == [Discard(t("9s"), riichi=True)]
    state, events = play(state, ["2: discard 9s riichi"])
    assert state.scores[2] == 0 and state.sticks == 1
    # the stick goes down once the discard passes: 1000 from seat 2, one stick on the table
    assert of_kind(events, "points_moved") == [PointsMoved("riichi", (0, 0, -1000, 0), 1, 1000)]


def test_riichi_needs_four_tiles_left_to_draw() -> None:
    # riichi.md: "at least 4 tiles left to draw". 70 tiles are left after the deal; every draw
    # takes one, so seat 1 draws with 4 left (68, 64, ... 4) and seat 2 with 3 left. Both hold
    # a ready hand (ittsu, waiting on 1p-4p) and, as auto play does, throw each drawn tile.
    state, _ = start([DEALER, ITTSU_M, ITTSU_S, JUNK3])

    def turn_with(seat: int, left: int) -> object:
        def reached(s: GameState, _events: object) -> bool:
            return s.phase == "turn" and s.turn == seat and s.live_tiles(RIICHI.dead_wall) == left

        return reached

    state, _ = auto(state, turn_with(1, 4))
    assert state.live_tiles(RIICHI.dead_wall) == 4
    assert Discard(state.drawn, riichi=True) in _riichi_offered(state, 1)
    state, _ = auto(state, turn_with(2, 3))
    assert state.live_tiles(RIICHI.dead_wall) == 3
    assert _riichi_offered(state, 2) == []


def test_riichi_after_a_concealed_kong() -> None:
    # riichi.md: riichi needs a closed hand; a concealed kong keeps it closed. The dealer draws
    # 8s, makes its kong of 1m, draws 1z from the dead wall and is ready on 6s-9s without 1z.
    state, _ = start(
        ["1111m234p567p7s55z", "2589m3689p136s23z", "123456789s1234z", JUNK3],
        "8s",
        rinshan="1z",
    )
    state, _ = play(state, ["0: ankan 1111m"])
    assert [m.kind for m in state.melds[0]] == ["ankan"]
    assert _riichi_offered(state, 0) == [Discard(t("1z"), riichi=True)]


def test_no_second_riichi_for_a_seat_in_riichi() -> None:
    # the rules' hook itself (GameRules.can_declare_riichi, which a variant or a tool may ask):
    # a seat already in riichi may not declare it again, though it is closed, holds 24,000
    # points and is ready
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p5s9s1s1p2s")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert RIICHI.can_declare_riichi(state.options, state, 2)
    state, _ = play(state, ["2: discard 9s riichi", "3: discard 1s", "0: discard 1p", "2: pass"])
    state, _ = play(state, ["1: discard 2s"])
    assert state.turn == 2 and "riichi" in state.status[2]
    assert not RIICHI.can_declare_riichi(state.options, state, 2)

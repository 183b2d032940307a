"""Whole games kept on the score sheet agree with the same games played by the engine.

Bots play seeded games (eager and random seats: eager bots win and declare riichi, random ones
call, so kongs and pao happen); each hand's outcome is entered on a sheet as a person at the
table would enter it (riichi declarations, kongs where they pay, who won from whom and the
hand's value only, who was ready at a draw), and every hand's running totals, the end of the
game, the final scores and the placements must be the engine's. A few games per variant in the
default suite, many more under ``-m long``.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.engine.common import replace_at
from majiang.events import (
    Called,
    Discarded,
    Event,
    GameEnded,
    HandEnded,
    PointsMoved,
    RiichiDeclared,
    Won,
)
from majiang.keep import Sheet
from majiang.rules import VARIANTS, get_ruleset
from majiang.state import GameState

NAMES = ("Ann", "Bob", "Cy", "Dee")


def win_value(variant: str, result: dict[str, Any]) -> dict[str, Any]:
    """Return the hand's value as a player says it: han and fu (or yakuman), fan or tai."""
    if variant == "riichi":
        if result["fu"] is None and "yakuman" in (result["limit"] or ""):
            return {"yakuman": result["total"] // 13}
        return {"han": result["total"], "fu": result["fu"]}
    return {get_ruleset(variant).unit: result["total"]}


class Table:
    """Watches a game step by step and enters what happened on a sheet, checking each hand."""

    def __init__(self, variant: str, sheet: Sheet) -> None:
        self.variant = variant
        self.sheet = sheet
        self.before: GameState | None = None
        self.called: dict[int, Called] = {}
        self.hands_checked = 0
        self.ended = False

    def see(self, state: GameState, events: list[Event]) -> None:
        before, self.before = self.before, state
        wins: list[Won] = []
        passed_on = any(isinstance(e, PointsMoved) and e.reason == "kong_passed_on" for e in events)
        for e in events:
            if isinstance(e, Won):
                wins.append(e)
                continue
            if isinstance(e, PointsMoved) and e.reason in ("win", "kong_passed_on"):
                continue
            self.enter_wins(wins, passed_on)
            wins = []
            if isinstance(e, RiichiDeclared):
                self.sheet.add({"type": "riichi", "player": NAMES[e.seat]})
            elif isinstance(e, Called):
                self.called[e.seat] = e
            elif isinstance(e, PointsMoved) and e.reason == "kong":
                seat = max(range(len(e.deltas)), key=lambda s: e.deltas[s])
                made = self.called[seat]
                step = {"type": "kong", "player": NAMES[seat], "kind": made.meld}
                if made.meld == "kan":
                    assert made.source is not None
                    step["from"] = NAMES[made.source]
                self.sheet.add(step)
            elif isinstance(e, HandEnded):
                self.end_hand(e, events, before)
            elif isinstance(e, GameEnded):
                s = self.sheet.standing()
                assert (s.ended, s.scores, s.placements) == (e.reason, e.scores, e.placements)
                self.ended = True
        self.enter_wins(wins, passed_on)

    def enter_wins(self, wins: list[Won], passed_on: bool) -> None:
        if not wins:
            return
        source = wins[0].source
        entered = []
        for w in wins:
            one: dict[str, Any] = {
                "player": NAMES[w.seat],
                **win_value(self.variant, dict(w.result)),
            }
            if w.liable is not None and w.liable != w.seat:
                one["pao"] = NAMES[w.liable]
            entered.append(one)
        step: dict[str, Any] = {
            "type": "win",
            "from": None if source is None else NAMES[source],
            "wins": entered,
        }
        if passed_on:
            step["after_kong"] = True
        self.sheet.add(step)

    def end_hand(self, e: HandEnded, events: list[Event], before: GameState | None) -> None:
        if e.outcome == "exhaustive_draw":
            step: dict[str, Any] = {"type": "draw", "ready": [NAMES[s] for s in e.ready]}
            nagashi = [
                NAMES[max(range(len(m.deltas)), key=lambda s: m.deltas[s])]
                for m in events
                if isinstance(m, PointsMoved) and m.reason == "nagashi_mangan"
            ]
            if nagashi:
                step["nagashi"] = nagashi
            if self.variant == "sichuan":
                # each player still in reads their own tiles: three suits, or the best waiting fan
                assert before is not None
                at_draw = before.copy()
                for d in events:
                    if isinstance(d, Discarded):  # the last discard passed: the wall is empty
                        held = list(at_draw.concealed[d.seat])
                        held.remove(d.tile)
                        at_draw.concealed = replace_at(at_draw.concealed, d.seat, tuple(held))
                    if isinstance(d, Won):  # won on that discard: out of the hand before the draw
                        out = at_draw.status[d.seat] | {"out"}
                        at_draw.status = replace_at(at_draw.status, d.seat, out)
                rules = get_ruleset("sichuan")
                facts = rules.draw_facts(at_draw.options, at_draw, e.ready)
                step = {
                    "type": "draw",
                    "ready_fan": {NAMES[s]: fan for s, fan in facts.ready_fan},
                    "three_suits": [NAMES[s] for s in facts.three_suits],
                }
            self.sheet.add(step)
        elif e.outcome == "abortive_draw":
            self.sheet.add({"type": "abortive", "reason": e.reason})
        s = self.sheet.standing()
        assert not s.hand_open, f"hand {len(s.rows)} still open on the sheet after {e}"
        assert s.rows[-1].scores == e.scores, f"hand {len(s.rows)}: {s.rows[-1]} vs {e}"
        self.hands_checked += 1


def keep_game(
    variant: str, seed: int, length: str = "east", bots: tuple[str, ...] = ("eager", "random")
) -> Table:
    """Return the table that kept the seeded game on a sheet, every hand checked; ``bots``
    take the seats in turn."""
    rules = get_ruleset(variant)
    names = list(NAMES[: rules.players])
    sheet = Sheet.new(variant, names, length=length)
    table = Table(variant, sheet)
    seated = [make_bot(bots[s % len(bots)], seed * 16 + s) for s in range(rules.players)]
    game = play_game(
        rules, seated, seed=seed, length=length, record_events=False, on_events=table.see
    )
    assert table.ended and game.state.game_over
    assert table.hands_checked == len(sheet.standing().rows) == game.state.hand_index + 1
    return table


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_sheet_agrees_with_the_engine(variant: str, seed: int) -> None:
    keep_game(variant, seed)


@pytest.mark.parametrize(("seed", "found"), [(1003, "double ron"), (1010, "four_riichi")])
def test_double_ron_and_abortive_draws_agree(seed: int, found: str) -> None:
    # four eager bots: seeds found to hold a double ron and an abortive draw (four riichi)
    table = keep_game("riichi", seed, "south", bots=("eager",))
    steps = [step for hand in table.sheet.hands for step in hand]
    if found == "double ron":
        assert any(s["type"] == "win" and len(s["wins"]) == 2 for s in steps)
    else:
        assert any(s["type"] == "abortive" and s["reason"] == found for s in steps)


@pytest.mark.long
@pytest.mark.parametrize("variant", VARIANTS)
def test_sheet_agrees_with_the_engine_over_many_games(variant: str) -> None:
    hands = 0
    for seed in range(40):
        bots = ("eager",) if seed % 2 else ("eager", "random")
        hands += keep_game(variant, 1000 + seed, "south", bots).hands_checked
    assert hands >= 40 * 8

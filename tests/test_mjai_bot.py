"""``majiang bot --mjai``: our bots as mjai players, refereed by our own engine.

The referee is the arena's mjai seat (``bots/mjai.py``, written separately from the player):
it converts our engine's events to mjai, sends them, and counts every reply that is not legal.
Most games run the player in-process (the same ``react`` the command calls per line); one runs
four real ``majiang bot --mjai`` processes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from majiang.bots.mjai import MjaiProcessBot
from majiang.bots.mjai_player import MjaiPlayer
from majiang.bots.play import play_game
from majiang.events import Event
from majiang.rules import get_ruleset
from majiang.state import GameState

RULES = get_ruleset("riichi")


class InProcessSeat(MjaiProcessBot):
    """The arena's mjai seat, talking to an ``MjaiPlayer`` in this process instead of a pipe."""

    def __init__(
        self, level: str, seed: int, one_per_line: bool = False, anonymous: bool = False
    ) -> None:
        super().__init__(f"in-process {level}")
        self.player = MjaiPlayer(level, seed)
        self.lines = 0
        #: send each event on its own line (the original mjai stream), answering every one
        self.one_per_line = one_per_line
        #: leave ``id`` out of start_game: the seat must come from start_kyoku's hands
        self.anonymous = anonymous

    def _start(self, seat: int) -> None:
        from majiang.bots.mjai import MjaiConverter

        self.seat = seat
        self.converter = MjaiConverter(seat)
        self.pending = self.converter.start([f"seat{s}" for s in range(4)])
        if self.anonymous:
            del self.pending[0]["id"]

    def _ask(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        batches = [[e] for e in events] if self.one_per_line and events else [events]
        reply: dict[str, Any] = {}
        for batch in batches:
            self.lines += 1
            line = json.dumps(batch[0] if self.one_per_line else batch)  # the wire form
            reply = dict(json.loads(json.dumps(self.player.react(json.loads(line)))))
        return reply

    def close(self) -> None:
        if self.pending:
            self.player.react(self.pending)
            self.pending = []


def play(seats: Sequence[MjaiProcessBot], seed: int, length: str = "one_hand") -> GameState:
    """Return the final state of a game between mjai seats (each told what its seat sees)."""

    def tell(state: GameState, events: list[Event]) -> None:
        for s, bot in enumerate(seats):
            bot.observe(s, [e.for_seat(s) for e in events])

    try:
        game = play_game(RULES, list(seats), seed=seed, length=length, on_events=tell)
    finally:
        for bot in seats:
            bot.close()
    return game.state


@pytest.mark.parametrize(
    ("levels", "seeds", "length"),
    [
        (("random", "random", "random", "random"), range(0, 10), "one_hand"),  # calls, kongs
        (("beginner", "beginner", "random", "eager"), range(20, 26), "one_hand"),  # riichi
        (("expert", "normal", "eager", "random"), range(40, 41), "east"),  # a whole game
    ],
)
def test_in_process_players_make_only_legal_moves(
    levels: tuple[str, ...], seeds: range, length: str
) -> None:
    for seed in seeds:
        seats = [InProcessSeat(level, seed * 4 + s) for s, level in enumerate(levels)]
        state = play(seats, seed, length)
        assert state.game_over
        for bot in seats:
            assert bot.illegal == 0, (seed, bot.player.log)
            assert bot.player.log == [], (seed, bot.player.log)
            assert bot.lines > 0


@pytest.mark.parametrize(("one_per_line", "anonymous"), [(True, False), (False, True)])
def test_one_event_per_line_and_the_seat_from_the_dealt_hands(
    one_per_line: bool, anonymous: bool
) -> None:
    for seed in range(60, 64):
        seats = [
            InProcessSeat(level, seed * 4 + s, one_per_line, anonymous)
            for s, level in enumerate(("normal", "random", "eager", "beginner"))
        ]
        assert play(seats, seed).game_over
        for s, bot in enumerate(seats):
            assert bot.illegal == 0 and bot.player.log == [], (seed, bot.player.log)
            assert bot.player.seat == s


def test_unfollowable_events_are_answered_none_until_the_next_hand() -> None:
    player = MjaiPlayer("beginner")
    assert player.react({"type": "start_game", "id": 1}) == {"type": "none"}
    # a tsumo with no hand dealt, then a dahai the shadow cannot place: none, never a crash
    assert player.react([{"type": "tsumo", "actor": 1, "pai": "1m"}]) == {"type": "none"}
    assert player.react({"type": "dahai", "actor": 3, "pai": "9z"}) == {"type": "none"}
    assert player.react({"type": "mystery"}) == {"type": "none"}


def _command(level: str, *extra: str) -> str:
    return " ".join(
        [sys.executable, "-m", "majiang.cli", "bot", "--mjai", "--level", level, *extra]
    )


def test_four_bot_processes_play_a_hand_without_an_illegal_move() -> None:
    """Four ``majiang bot --mjai`` processes (master with few samples, three lower levels)."""
    seats = [
        MjaiProcessBot(_command("master", "--samples", "2", "--budget", "0.2", "--seed", "1")),
        MjaiProcessBot(_command("expert", "--seed", "2")),
        MjaiProcessBot(_command("beginner", "--seed", "3")),
        MjaiProcessBot(_command("random", "--seed", "4")),
    ]
    state = play(seats, seed=7)
    assert state.game_over
    assert [bot.illegal for bot in seats] == [0, 0, 0, 0]


def test_command_answers_one_line_per_line() -> None:
    """One reaction per line: an object or an array of events, even a line that is not JSON."""
    lines = [
        '{"type":"start_game","id":2}',  # one object: the seat from start_game's id
        '[{"type":"start_game","id":2,"names":["a","b","c","d"]}]',  # an array
        "not json",  # answered (none), never a crash
        '[{"type":"end_game"}]',
    ]
    out = subprocess.run(
        [sys.executable, "-m", "majiang.cli", "bot", "--mjai", "--level", "tsumogiri"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert [json.loads(x) for x in out.stdout.splitlines()] == [{"type": "none"}] * 4


def test_command_needs_mjai() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "majiang.cli", "bot", "--level", "expert"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "--mjai" in out.stderr

"""A seat learns nothing from the server that it could not see at a real table.

Another seat's answer to a claim (usually a pass) makes no event: a seat only has one to give
when its hidden hand could claim. So nothing a client receives may depend on those answers:

- the numbers: whole games are played through the websocket with one seat connected (it
  answers every decision with its default) and bots in the others; every event number and
  every decision number the seat receives is recomputed from the seat's own earlier frames by
  the rule docs/protocol.md states ("What a seat can learn"). Numbers that counted the others'
  answers (the old ``len(actions) + 1``) gave each one away and fail this;
- the pacing: with ``bot_delay_ms`` every window of claims (after each discard and each kong
  that may be robbed) lasts the same, whether or not a bot had a claim to decide, and with no
  delay the frames after a discard go out in the same flush whether or not a thinking bot
  had a claim to think over. These are checked in-process on the game task itself, with a
  clock that moves only when the task sleeps, so no assertion depends on the machine's speed.
"""

from __future__ import annotations

import asyncio
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient

from majiang.actions import Pass
from majiang.server import live
from majiang.server.live import Conn, LiveGame
from majiang.server.settings import Settings
from majiang.server.store import SeatRow, StoredGame
from majiang.server.tables import SPECTATOR, Table, TableSpec
from majiang.web.hint import hint_for
from test_server_support import client_for, guest, hello, play, sqlite_url

pytestmark = pytest.mark.timeout(300)

Frame = dict[str, Any]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("hidden"))) as c:
        yield c


# ---------------------------------------------------------------- the numbers


def _numbers_from_own_frames(frames: list[Frame]) -> list[str]:
    """Return a line for each number in ``frames`` the seat could not have computed from its
    own earlier frames: events are numbered 1, 2, 3 ... (the next is one more than the last);
    a decision is 1 + the number of the seat's actions so far (each answered with one
    ``accepted`` or ``auto``), and ``accepted``/``auto`` name the decision they answer."""
    wrong = []
    last_seq = 0
    acted = 0
    open_decision: int | None = None
    for frame in frames:
        kind = frame["type"]
        if kind == "event":
            if frame["seq"] != last_seq + 1:
                wrong.append(f"event {frame['seq']} after event {last_seq}")
            last_seq = frame["seq"]
        elif kind == "decision":
            if frame["decision"] != acted + 1:
                wrong.append(f"decision {frame['decision']} after {acted} actions of the seat")
            open_decision = frame["decision"]
        elif kind in ("accepted", "auto"):
            if frame["decision"] != open_decision:
                wrong.append(f"{kind} of {frame['decision']}, open: {open_decision}")
            acted += 1
            open_decision = None
    return wrong


def _hidden_answers(record: dict[str, Any], seat: int) -> int:
    """Return how many answers to claims the other seats gave in ``record`` (no event shows
    them): their passes."""
    return sum(1 for a in record["actions"] if a["seat"] != seat and a["action"]["type"] == "pass")


GAMES = [
    ("riichi", "east"),
    ("riichi", "east"),  # another secret seed
    ("hk", "east"),
    ("hk", "one_hand"),
]


@pytest.mark.parametrize(("variant", "length"), GAMES)
def test_every_number_a_seat_receives_follows_from_its_own_frames(
    client: TestClient, variant: str, length: str
) -> None:
    me = guest(client, "Lan")
    body = {"variant": variant, "length": length, "bot_level": "simple"}
    code = client.post("/api/rooms", json=body, headers=me.auth).json()["code"]
    assert client.post(f"/api/rooms/{code}/start", headers=me.auth).status_code == 200
    frames: list[Frame] = []
    with client.websocket_connect(f"/ws/rooms/{code}") as ws:
        ws.send_json(hello(me.token, last_seq=0))  # every event from number 1
        over = play(ws, frames)
    assert over is not None
    record = client.get(over["record"], headers=me.auth).json()
    # the game had what the numbers must not show: the others' passes, and our own decisions
    assert _hidden_answers(record, 0) > 0
    decisions = [f for f in frames if f["type"] == "decision"]
    assert len(decisions) > 10
    assert _numbers_from_own_frames(frames) == []
    # and the seat saw every event of the game
    assert max(f["seq"] for f in frames if f["type"] == "event") == len(record["events"])


def test_the_check_catches_numbers_that_count_hidden_answers() -> None:
    # decisions numbered by every action of the table: 2 actions of others came between
    frames = [
        {"type": "event", "seq": 1, "event": {}},
        {"type": "decision", "decision": 1},
        {"type": "accepted", "decision": 1},
        {"type": "event", "seq": 2, "event": {}},
        {"type": "decision", "decision": 4},
    ]
    assert _numbers_from_own_frames(frames) == ["decision 4 after 1 actions of the seat"]
    assert _numbers_from_own_frames([{"type": "event", "seq": 2, "event": {}}]) == [
        "event 2 after event 0"
    ]


# ---------------------------------------------------------------- the pacing


class _Journal:
    """A journal whose writes commit at once (the pacing, not the database, is tested)."""

    def submit(self, _work: Any) -> asyncio.Future[None]:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    async def write(self, _work: Any) -> None:
        return None


class _Clock:
    """Time that moves only when the game task sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await _REAL_SLEEP(0)


_REAL_SLEEP = asyncio.sleep


class _AsyncioOnClock:
    """``asyncio`` as the game module sees it in these tests: its ``sleep`` on the clock above
    (asyncio itself is left alone: the server's other tasks in this process sleep for real)."""

    def __init__(self, clock: _Clock) -> None:
        self.sleep = clock.sleep

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)


#: a frame the watcher received: the clock then, the number of the flush that sent it, the frame
Seen = tuple[float, int, Frame]


def _watch_bot_game(
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
    seed: str,
    level: str,
    delay_ms: int,
    person: bool = False,
) -> tuple[list[Seen], Table]:
    """Play a game of bots on the game task with the clock above, a spectator watching (or,
    with ``person``, seat 0 played by a client that answers each decision at once with its
    default); return what the watcher received, and the table at the end."""
    clock = _Clock()
    monkeypatch.setattr(live, "time", types.SimpleNamespace(monotonic=clock.monotonic))
    monkeypatch.setattr(live, "asyncio", _AsyncioOnClock(clock))
    table = Table(TableSpec(variant, "one_hand", {}, seed), bot_level=level)
    stored = StoredGame(
        game_id="g1",
        room_code="R1",
        spec=table.spec,
        bot_level=level,
        room_options={"bot_delay_ms": delay_ms, "spectators": True},
        public=False,
        seats=[SeatRow("p0" if person and s == 0 else None, None, False) for s in range(4)],
        actions=[],
    )
    game = LiveGame(stored, table, _Journal(), Settings(database_url="sqlite://"))  # type: ignore[arg-type]
    game.rng = random.Random(seed)  # the bots' seeds: the same game every run
    seen: list[Seen] = []
    flushes = 0
    flush = game._flush

    async def counted_flush() -> None:
        nonlocal flushes
        flushes += 1
        await flush()

    game._flush = counted_flush  # type: ignore[method-assign]

    class Watcher(Conn):
        def send(self, frame: Frame) -> None:
            seen.append((clock.now, flushes, frame))
            if frame["type"] == "decision":
                answer = {"type": "action", "decision": frame["decision"]}
                game.submit(self, {**answer, "action": frame["default"]})

    async def main() -> None:
        game.connect(Watcher(lambda f: None, lambda c: None, 10**6), 0 if person else SPECTATOR, 0)
        game.start()
        assert game.task is not None
        await game.task

    asyncio.run(main())
    assert game.failed is None and table.over
    return seen, table


def _window_events(seen: list[Seen]) -> list[tuple[Seen, Seen]]:
    """Return each event that opened a window of claims (a discard, a concealed or added
    kong) with the event that came next."""
    events = [s for s in seen if s[2]["type"] == "event"]
    return [
        (events[i], events[i + 1])
        for i in range(len(events) - 1)
        if events[i][2]["event"]["type"] == "discarded"
        or events[i][2]["event"].get("meld") in ("ankan", "kakan")
    ]


def _windows_with_claims(table: Table) -> int:
    """Return how many windows had at least one seat with a claim (a ``pass`` answered, or a
    claim made: every window a seat could answer ends with answers)."""
    answered = 0
    for before, (_seat, action) in zip(table.actions, table.actions[1:], strict=False):
        if not isinstance(before[1], Pass) and isinstance(action, Pass):
            answered += 1
    return answered


@pytest.mark.parametrize(("variant", "seed"), [("riichi", "p1"), ("riichi", "p2"), ("hk", "p3")])
def test_every_claim_window_lasts_the_bot_delay(
    monkeypatch: pytest.MonkeyPatch, variant: str, seed: str
) -> None:
    seen, table = _watch_bot_game(monkeypatch, variant, seed, "simple", delay_ms=300)
    windows = _window_events(seen)
    discards = sum(1 for _, action in table.actions if action.kind == "discard")
    # both kinds of window were played: some with a bot deciding a claim, most without
    assert 0 < _windows_with_claims(table) < discards <= len(windows)
    gaps = {round(after[0] - opened[0], 9) for opened, after in windows}
    assert gaps == {0.3}, sorted(gaps)


@pytest.mark.parametrize(("variant", "seed"), [("riichi", "r1"), ("hk", "r2")])
def test_claim_windows_last_the_same_for_a_person_who_answers_at_once(
    monkeypatch: pytest.MonkeyPatch, variant: str, seed: str
) -> None:
    # seat 0 is a person: its own claims are offered and answered inside the pause, and its
    # discards open windows like the bots'
    seen, table = _watch_bot_game(monkeypatch, variant, seed, "simple", 300, person=True)
    windows = _window_events(seen)
    own_claims = sum(
        1 for _, _, f in seen if f["type"] == "decision" and f["actions"][0]["type"] == "pass"
    )
    assert own_claims > 0 and _windows_with_claims(table) > own_claims
    gaps = {round(after[0] - opened[0], 9) for opened, after in windows}
    assert gaps == {0.3}, sorted(gaps)
    assert _numbers_from_own_frames([f for _, _, f in seen]) == []


@pytest.mark.parametrize(("variant", "seed"), [("riichi", "q1"), ("hk", "q2")])
def test_the_frames_after_a_discard_go_out_together_with_thinking_bots(
    monkeypatch: pytest.MonkeyPatch, variant: str, seed: str
) -> None:
    seen, table = _watch_bot_game(monkeypatch, variant, seed, "normal", delay_ms=0)
    windows = _window_events(seen)
    assert _windows_with_claims(table) > 0 and windows
    # no flush between the discard and what followed it, whether or not a bot could claim
    split = [opened[2]["seq"] for opened, after in windows if opened[1] != after[1]]
    assert split == []
    assert {t for t, _, _ in seen} == {0.0}  # no pacing asked: the task never slept


# ---------------------------------------------------------------- the hint


def test_a_hint_answers_only_a_decision_offered() -> None:
    # the engine is at seat 0's turn (its draw made) but the game has offered it nothing yet,
    # as while a claim window is paced and the draw held back: a hint would show the draw
    table = Table(TableSpec("riichi", "one_hand", {}, "h1"))
    stored = StoredGame(
        game_id="g2",
        room_code="R2",
        spec=table.spec,
        bot_level="simple",
        room_options={"bot_delay_ms": 300},
        public=False,
        seats=[SeatRow("p0", "Lan", False)] + [SeatRow(None, None, False) for _ in range(3)],
        actions=[],
    )
    game = LiveGame(stored, table, _Journal(), Settings(database_url="sqlite://"))  # type: ignore[arg-type]
    assert table.legal(0)
    with pytest.raises(HTTPException) as refused:
        hint_for(game, 0)
    assert refused.value.status_code == 409
    game._refresh_decisions(0.0)  # now offered (the seat is its person's: in its grace)
    _bot, action = hint_for(game, 0)
    assert action in game.decisions[0].actions

"""Fair shares (docs/server.md, "Fair shares"; issue 26 items 5, 6 and 9): per player and per
address limits answered 429 with Retry-After, bot work shared fairly between tables' owners,
idle sockets closed, a cap on sockets per address, and a frame rate limit that never refuses a
client answering every decision at once (and names any frame it refuses)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from majiang.actions import Action
from majiang.server import live
from majiang.server.fair import FairExecutor
from majiang.server.tables import Table
from test_server_support import Guest, client_for, guest, hello, play, practice, sqlite_url

pytestmark = pytest.mark.timeout(120)


def _until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame


def _wait_for(condition: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    """Wait until ``condition()`` holds (a state to reach, not a time to meet)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never reached: {what}")
        time.sleep(0.01)


def _assert_429(r: Any, field: str) -> None:
    assert r.status_code == 429, r.text
    assert int(r.headers["Retry-After"]) >= 1
    body = r.json()
    assert set(body) == {"error", "field"}
    assert body["field"] == field


# ---------------------------------------------------------------- HTTP shares


def test_the_41st_unfinished_table_of_a_player_is_429(tmp_path: Path) -> None:
    # the person's seat is held for them (they never connect): every table stays unfinished
    with client_for(sqlite_url(tmp_path), resume_grace=600.0) as c:
        me = guest(c)
        rooms = [practice(c, me) for _ in range(40)]
        r = c.post("/api/tables", json={"length": "one_hand"}, headers=me.auth)
        _assert_429(r, "tables")
        assert r.headers["Retry-After"] == "60"
        assert "40 games in play (at most 40)" in r.json()["error"]
        assert c.post("/api/tables", json={}, headers=guest(c, "Other").auth).status_code == 201
        # a private room of the same player cannot start either: it would be the 41st
        room = c.post("/api/rooms", json={"length": "one_hand"}, headers=me.auth).json()
        _assert_429(c.post(f"/api/rooms/{room['code']}/start", headers=me.auth), "tables")
        # leaving a table does not free its place (its bots still play), finishing it does
        assert c.post(f"/api/rooms/{rooms[1]['code']}/leave", headers=me.auth).status_code == 200
        _assert_429(c.post("/api/tables", json={}, headers=me.auth), "tables")
        with c.websocket_connect(rooms[0]["websocket"]) as ws:
            ws.send_json(hello(me.token))
            assert play(ws, []) is not None  # the game is over
        assert c.post("/api/tables", json={}, headers=me.auth).status_code == 201


def test_creations_per_address_are_token_buckets(tmp_path: Path) -> None:
    settings = {
        "players_burst": 3,
        "players_per_minute": 1.0,
        "tables_burst": 2,
        "tables_per_minute": 1.0,
    }
    with client_for(sqlite_url(tmp_path), resume_grace=600.0, **settings) as c:
        one, two, _ = guest(c, "a"), guest(c, "b"), guest(c, "c")
        r = c.post("/api/players", json={"name": "d"})
        _assert_429(r, "name")
        assert 1 <= int(r.headers["Retry-After"]) <= 60  # one a minute
        # a header the server was not told to believe changes nothing
        r = c.post("/api/players", json={"name": "d"}, headers={"X-Forwarded-For": "192.0.2.9"})
        _assert_429(r, "name")
        # tables and rooms share the address's bucket, whoever asks
        practice(c, one)
        assert c.post("/api/rooms", json={}, headers=two.auth).status_code == 201
        _assert_429(c.post("/api/tables", json={}, headers=two.auth), "tables")
        _assert_429(c.post("/api/rooms", json={}, headers=one.auth), "tables")


def test_behind_a_trusted_proxy_the_forwarded_address_counts(tmp_path: Path) -> None:
    # the test client's peer is "testclient": named as the proxy, it is believed
    with client_for(
        sqlite_url(tmp_path), players_burst=1, players_per_minute=1.0, trusted_proxies="testclient"
    ) as c:
        first = {"X-Forwarded-For": "198.51.100.1, 192.0.2.1"}
        assert c.post("/api/players", json={"name": "a"}, headers=first).status_code == 201
        _assert_429(c.post("/api/players", json={"name": "b"}, headers=first), "name")
        # a client's own X-Forwarded-For entry before the proxy's is not the address
        forged = {"X-Forwarded-For": "203.0.113.5, 192.0.2.1"}
        _assert_429(c.post("/api/players", json={"name": "b"}, headers=forged), "name")
        other = {"X-Forwarded-For": "192.0.2.2"}
        assert c.post("/api/players", json={"name": "b"}, headers=other).status_code == 201


def test_rooms_waiting_per_host(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), max_waiting_rooms=2) as c:
        me = guest(c)
        codes = [c.post("/api/rooms", json={}, headers=me.auth).json()["code"] for _ in range(2)]
        _assert_429(c.post("/api/rooms", json={}, headers=me.auth), "rooms")
        assert c.post(f"/api/rooms/{codes[0]}/leave", headers=me.auth).status_code == 200
        assert c.post("/api/rooms", json={}, headers=me.auth).status_code == 201


# ---------------------------------------------------------------- sockets


def _greeted(c: TestClient, room: dict[str, Any], who: Guest) -> Any:
    ws = c.websocket_connect(room["websocket"])
    ws.__enter__()
    ws.send_json(hello(who.token))
    assert ws.receive_json()["type"] == "welcome"
    return ws


def test_sockets_per_address_are_capped(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), max_sockets_per_address=2) as c:
        me = guest(c)
        room = c.post("/api/rooms", json={}, headers=me.auth).json()
        first, second = _greeted(c, room, me), _greeted(c, room, me)
        with c.websocket_connect(room["websocket"]) as third:
            refused = third.receive_json()
            assert refused["type"] == "error"
            assert refused["code"] == "too_many_sockets"
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1013
            assert "at most 2" in str(closed.value.reason)
        first.__exit__(None, None, None)
        limits = c.app.state.limits  # type: ignore[attr-defined]
        _wait_for(lambda: sum(limits.sockets.values()) == 1, "the closed socket forgotten")
        _greeted(c, room, me).__exit__(None, None, None)
        second.__exit__(None, None, None)


def test_sockets_per_player_are_capped(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), max_sockets_per_player=1) as c:
        me, other = guest(c), guest(c, "Other")
        room = c.post("/api/rooms", json={}, headers=me.auth).json()
        first = _greeted(c, room, me)
        with c.websocket_connect(room["websocket"]) as second:
            second.send_json(hello(me.token))
            refused = second.receive_json()
            assert (refused["type"], refused["code"]) == ("error", "too_many_sockets")
            with pytest.raises(WebSocketDisconnect) as closed:
                second.receive_json()
            assert closed.value.code == 1013
        _greeted(c, room, other).__exit__(None, None, None)  # another player's is counted apart
        first.__exit__(None, None, None)
        limits = c.app.state.limits  # type: ignore[attr-defined]
        _wait_for(lambda: not limits.player_sockets, "the player's socket forgotten")
        _greeted(c, room, me).__exit__(None, None, None)


def test_an_idle_socket_is_closed(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), idle_seconds=0.3) as c:
        me = guest(c)
        room = c.post("/api/rooms", json={}, headers=me.auth).json()
        with c.websocket_connect(room["websocket"]) as ws:
            ws.send_json(hello(me.token))
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "room"
            quiet_from = time.monotonic()
            frame = ws.receive_json()
            assert time.monotonic() - quiet_from >= 0.3 - 0.01  # not before its time
            assert (frame["type"], frame["code"]) == ("error", "idle")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1000


# ---------------------------------------------------------------- the frame rate limit


def test_answering_every_decision_at_once_is_never_refused(tmp_path: Path) -> None:
    # a bucket of 5 frames that hardly refills: only the decisions' own allowance carries
    # the client through a whole hand against the instant bots
    with client_for(sqlite_url(tmp_path), rate_per_second=0.01, rate_burst=5) as c:
        me = guest(c)
        room = practice(c, me)
        frames: list[dict[str, Any]] = []
        with c.websocket_connect(room["websocket"]) as ws:
            ws.send_json(hello(me.token))
            assert play(ws, frames) is not None  # play() fails on any error frame
            ws.send_json({"type": "ping", "id": 1})  # the bucket itself was never touched
            assert ws.receive_json() == {"type": "pong", "ref": 1}
        assert sum(1 for f in frames if f["type"] == "accepted") > 5


def test_a_refused_frame_is_named(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), rate_per_second=0.01, rate_burst=3, max_refused=100) as c:
        me = guest(c)
        room = c.post("/api/rooms", json={}, headers=me.auth).json()
        with c.websocket_connect(room["websocket"]) as ws:
            ws.send_json(hello(me.token))
            _until(ws, "room")
            for n in range(4):
                ws.send_json({"type": "ping", "id": n})
            ws.send_json({"type": "action", "id": "a7", "action": {"type": "pass"}})
            answers = [ws.receive_json() for _ in range(5)]
        assert answers[:3] == [{"type": "pong", "ref": n} for n in range(3)]
        assert [(a["code"], a["ref"]) for a in answers[3:]] == [
            ("rate_limited", 3),
            ("rate_limited", "a7"),
        ]
        assert answers[3]["message"].startswith("ping frame 3 refused")
        assert answers[4]["message"].startswith("action frame 'a7' refused")


# ---------------------------------------------------------------- bots shared fairly


def _job(order: list[str], name: str, gate: threading.Event | None = None) -> Callable[[], None]:
    def run() -> None:
        order.append(name)
        if gate is not None:
            assert gate.wait(10)

    return run


def test_the_bots_threads_take_turns_between_owners() -> None:
    pool = FairExecutor(workers=2)
    order: list[str] = []
    gates = [threading.Event(), threading.Event()]
    held = [pool.submit("heavy", _job(order, f"held{n}", gates[n])) for n in range(2)]
    _wait_for(lambda: len(order) == 2, "both threads busy")
    heavy = [pool.submit("heavy", _job(order, f"heavy{n}")) for n in range(4)]
    light = [pool.submit("light", _job(order, f"light{n}")) for n in range(2)]
    assert pool.waiting() == {"heavy": 4, "light": 2}
    gates[0].set()  # one running job of the heavy owner ends: the light owner goes next
    for job in [held[0], *heavy, *light]:
        job.result(10)
    gates[1].set()
    held[1].result(10)
    # the heavy owner still holds one thread: the other serves the light owner, who holds
    # none, before the heavy owner's queue (first come first served ran heavy0-3 first)
    assert order == ["held0", "held1", "light0", "light1", "heavy0", "heavy1", "heavy2", "heavy3"]


def test_a_bot_heavy_player_does_not_hold_up_another_tables_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three master tables of one player (never connected: their bots play every seat) hold
    the two bot threads and queue a third job; another player's table at level normal gets
    the next free thread. Each master bot waits for the test to let it go; the choices
    themselves are the instant bot's, so only the order is tested, not a time."""
    monkeypatch.setattr(live, "BOT_WORK", FairExecutor(workers=2, name="test-bot"))
    started: list[str] = []
    master_may_go = threading.Semaphore(0)
    free = threading.Event()
    real = Table.bot_action

    def gated(self: Table, seat: int, level: str, seed: int = 0) -> Action:
        started.append(level)
        if level == "master" and not free.is_set():
            assert master_may_go.acquire(timeout=30)
        return real(self, seat, "simple", seed)

    monkeypatch.setattr(Table, "bot_action", gated)
    with client_for(sqlite_url(tmp_path), resume_grace=0.0) as c:
        try:
            heavy, light = guest(c, "Heavy"), guest(c, "Light")
            for _ in range(3):
                practice(c, heavy, bot_level="master")
            _wait_for(lambda: started == ["master", "master"], "two master bots thinking")
            _wait_for(lambda: live.BOT_WORK.waiting() == {heavy.id: 1}, "a third one waiting")
            practice(c, light, bot_level="normal")
            _wait_for(
                lambda: live.BOT_WORK.waiting() == {heavy.id: 1, light.id: 1},
                "the normal bot waiting",
            )
            master_may_go.release()  # one master bot's move ends
            _wait_for(lambda: len(started) >= 3, "the next bot job")
            assert started[2] == "normal"
        finally:
            free.set()
            for _ in range(10):
                master_may_go.release()

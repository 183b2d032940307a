"""A client that does not read is dropped once ``max_outbox`` frames wait for it, and the game
goes on for everyone else (live.Conn, Settings.max_outbox).

A client that stops reading makes the server's sends to it wait (its socket buffers are full).
The test client never pushes back, so ``Stalled`` plays that part: an ASGI wrapper that holds
the sends of the connections marked with a header until the test lets them through, as a
client that starts reading again would.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from majiang.server.app import create_app
from majiang.server.settings import Settings
from test_server_support import Guest, guest, hello, play, sqlite_url

pytestmark = pytest.mark.timeout(60)

#: the outbox limit of these tests: more than the frames of one flush of a game (some 25 at the
#: end of a hand), far fewer than an east round's events (600 and more)
MAX_OUTBOX = 64
#: the header that marks a connection whose client does not read
STALLED = (b"x-test-client", b"stalled")


class Stalled:
    """Hold every frame sent to a marked websocket until ``reading`` is set."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.reading = threading.Event()
        #: frames the server has tried to send to marked connections (held or through)
        self.attempts = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or STALLED not in scope.get("headers", []):
            await self.app(scope, receive, send)
            return

        async def held(message: Message) -> None:
            if message["type"] == "websocket.send":
                self.attempts += 1
                while not self.reading.is_set():
                    await asyncio.sleep(0.01)
            await send(message)

        await self.app(scope, receive, held)


@contextlib.contextmanager
def stalling_client(tmp: Path, **settings: Any) -> Iterator[tuple[TestClient, Stalled]]:
    """Yield a started test client of a server with ``MAX_OUTBOX``, and its ``Stalled``."""
    settings = {
        "sqlite_synchronous": "NORMAL",
        "rate_per_second": 1000.0,
        "rate_burst": 1000,
        "max_outbox": MAX_OUTBOX,
        "disconnect_grace": 0.05,
        **settings,
    }
    stalled = Stalled(create_app(Settings(database_url=sqlite_url(tmp), **settings)))
    with TestClient(stalled) as client:
        yield client, stalled


def _room(client: TestClient, host: Guest, **options: Any) -> str:
    body = {"length": "east", "bot_level": "simple", "turn_seconds": 0, "claim_seconds": 0}
    r = client.post("/api/rooms", json=body | options, headers=host.auth)
    assert r.status_code == 201, r.text
    return str(r.json()["code"])


def _frames_until_closed(ws: Any) -> tuple[list[dict[str, Any]], int]:
    """Read until the server closes; return the frames and the close code."""
    frames = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            frames.append(ws.receive_json())
    return frames, closed.value.code


def test_a_spectator_that_does_not_read_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    with stalling_client(tmp_path) as (client, stalled):
        host = guest(client, "Host")
        code = _room(client, host, spectators=True)
        assert client.post(f"/api/rooms/{code}/start", headers=host.auth).status_code == 200
        url = f"/ws/rooms/{code}"
        with (
            client.websocket_connect(url, headers={"x-test-client": "stalled"}) as slow,
            client.websocket_connect(url) as ws,
        ):
            slow.send_json(hello(None))
            ws.send_json(hello(host.token))
            frames: list[dict[str, Any]] = []
            over = play(ws, frames)  # the whole game, the spectator reading nothing meanwhile
            assert over is not None and over["type"] == "game_over"
            assert stalled.attempts == 1  # its first frame waits in the send, the rest queued
            stalled.reading.set()  # the client reads at last
            seen, close_code = _frames_until_closed(slow)
        assert close_code == 1008
        # what was queued before the limit: the frame being sent and MAX_OUTBOX more, in order;
        # nothing after the limit
        assert len(seen) == 1 + MAX_OUTBOX
        assert [f["type"] for f in seen[:2]] == ["welcome", "snapshot"]
        after = [f["seq"] for f in seen if f["type"] == "event"]
        assert after == list(range(seen[1]["seq"] + 1, seen[1]["seq"] + 1 + len(after)))
        # and the game went on to its end for the host
        assert max(f["seq"] for f in frames if f["type"] == "event") > after[-1]


def test_a_client_reading_in_time_is_not_dropped(tmp_path: Path) -> None:
    # the closest negative: the same game with the spectator reading gets every frame
    with stalling_client(tmp_path) as (client, stalled):
        stalled.reading.set()
        host = guest(client, "Host")
        code = _room(client, host, spectators=True)
        client.post(f"/api/rooms/{code}/start", headers=host.auth)
        url = f"/ws/rooms/{code}"
        with (
            client.websocket_connect(url, headers={"x-test-client": "stalled"}) as watcher,
            client.websocket_connect(url) as ws,
        ):
            watcher.send_json(hello(None))
            ws.send_json(hello(host.token))
            over = play(ws, [])
            assert over is not None
            watched: list[dict[str, Any]] = []
            while not watched or watched[-1]["type"] != "game_over":
                watched.append(watcher.receive_json())
        assert len(watched) > 1 + MAX_OUTBOX  # more than the dropped spectator was sent
        assert watched[-1] == over


def test_a_seated_player_that_does_not_read_hands_the_seat_to_the_bot(tmp_path: Path) -> None:
    with stalling_client(tmp_path) as (client, stalled):
        host, friend = guest(client, "Host"), guest(client, "Friend")
        # timers, so that the game goes past the decisions the friend does not answer, and
        # past a break between hands should the first hand end before MAX_OUTBOX frames
        code = _room(client, host, turn_seconds=0.1, claim_seconds=0.1, next_hand_seconds=0.1)
        client.post(f"/api/rooms/{code}/join", json={}, headers=friend.auth)
        client.post(f"/api/rooms/{code}/start", headers=host.auth)
        registry = stalled.app.state.registry  # type: ignore[attr-defined]
        game = registry.games[code]
        # the host leaves: the bot plays seat 0 to the end. The friend's seat waits for its
        # person (the resume grace, 30 s) however late the socket comes: the game must still
        # be young when the friend sits, or fewer than MAX_OUTBOX frames are left to send
        # (bots alone play the east round in about a second)
        assert client.post(f"/api/rooms/{code}/leave", headers=host.auth).status_code == 200
        seat = game.seats[1]
        deadline = time.monotonic() + 30
        while 1 not in game.decisions:  # a decision offered to the friend, who is not there
            assert not game.table.over, "the game did not wait for the friend"
            assert time.monotonic() < deadline, "no decision for the friend"
            time.sleep(0.02)
        assert not seat.played_by_bot(time.monotonic()), "the friend's seat went to the bot"
        with client.websocket_connect(
            f"/ws/rooms/{code}", headers={"x-test-client": "stalled"}
        ) as slow:
            slow.send_json(hello(friend.token))
            deadline = time.monotonic() + 30
            while not seat.conns:
                assert time.monotonic() < deadline, "the friend never took the seat"
                time.sleep(0.02)
            (conn,) = list(seat.conns)
            while not conn.closed:
                assert time.monotonic() < deadline, "the friend was never dropped"
                time.sleep(0.02)
            deadline = time.monotonic() + 5  # the grace is 0.05 s
            while not seat.played_by_bot(time.monotonic()):
                assert time.monotonic() < deadline, "the dropped seat is not the bot's"
                time.sleep(0.02)
            stalled.reading.set()
            seen, close_code = _frames_until_closed(slow)
        assert close_code == 1008
        assert len(seen) == 1 + MAX_OUTBOX

"""The wait between hands (docs/protocol.md, "Between hands"): the next hand is dealt but
nobody is asked to act until every person has said *Next hand* or the room's countdown ran out."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.server.live import LiveGame
from test_server_support import Guest, client_for, guest, hello, practice, sqlite_url

pytestmark = pytest.mark.timeout(60)

Frame = dict[str, Any]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("next_hand"))) as c:
        yield c


def _until_break(ws: Any, frames: list[Frame], answer: bool = True) -> Frame:
    """Answer every decision with its default (or let its timer run out: ``answer`` False)
    until the first ``between_hands`` frame."""
    while True:
        frame: Frame = ws.receive_json()
        frames.append(frame)
        assert frame["type"] not in ("error", "game_over"), frame
        if frame["type"] == "between_hands":
            return frame
        if frame["type"] == "decision" and answer:
            answer_with = {"decision": frame["decision"], "action": frame["default"]}
            ws.send_json({"type": "action", **answer_with})


def _until_pong(ws: Any, ref: int) -> list[Frame]:
    """Send a ping; return every frame that came before its pong."""
    ws.send_json({"type": "ping", "id": ref})
    frames = []
    while (frame := ws.receive_json()) != {"type": "pong", "ref": ref}:
        frames.append(frame)
    return frames


def _room(client: TestClient, host: Guest, **options: Any) -> str:
    body = {"length": "east", "bot_level": "simple", **options}
    r = client.post("/api/rooms", json=body, headers=host.auth)
    assert r.status_code == 201, r.text
    return str(r.json()["code"])


def test_a_practice_table_waits_for_its_player_past_the_turn_timer(client: TestClient) -> None:
    me = guest(client)
    # timers long enough for an answer to beat them on a loaded machine (0.3 s did not always)
    room = practice(client, me, length="east", turn_seconds=1.0, claim_seconds=1.0)
    frames: list[Frame] = []
    with client.websocket_connect(room["websocket"]) as ws:
        ws.send_json(hello(me.token))
        wait = _until_break(ws, frames)
        ended = [f for f in frames if f["type"] == "event" and f["event"]["type"] == "hand_ended"]
        assert wait == {
            "type": "between_hands",
            "after": ended[-1]["seq"],
            "ready": [],
            "waiting": [0],
            "timeout_ms": None,  # a practice table: no countdown
            "over": False,
        }
        time.sleep(3.5)  # more than three turn timers
        meanwhile = _until_pong(ws, 1)
        # the next hand was dealt, but nothing was asked of the seat or played for it
        assert [f for f in meanwhile if f["type"] in ("decision", "auto", "accepted")] == []
        ws.send_json({"type": "next_hand", "id": 2})
        pressed = ws.receive_json()
        assert pressed["type"] == "between_hands"
        assert (pressed["ready"], pressed["waiting"], pressed["over"]) == ([0], [], False)
        assert ws.receive_json() == {
            "type": "between_hands",
            "after": wait["after"],
            "ready": [0],
            "waiting": [],
            "timeout_ms": None,
            "over": True,
        }
        rest: list[Frame] = []
        while (frame := ws.receive_json())["type"] not in ("decision", "auto"):
            rest.append(frame)
        assert frame["type"] == "decision"  # the turn timer starts only now
        assert frame["timeout_ms"] > 0


def test_the_room_countdown_ends_the_wait(client: TestClient) -> None:
    host = guest(client)
    code = _room(client, host, next_hand_seconds=0.4, turn_seconds=30, claim_seconds=30)
    client.post(f"/api/rooms/{code}/start", headers=host.auth)
    frames: list[Frame] = []
    with client.websocket_connect(f"/ws/rooms/{code}") as ws:
        ws.send_json(hello(host.token))
        wait = _until_break(ws, frames)
        started = time.monotonic()
        assert wait["waiting"] == [0]
        assert 0 < wait["timeout_ms"] <= 400
        over = ws.receive_json()
        assert time.monotonic() - started >= wait["timeout_ms"] / 1000 - 0.01
        assert over["type"] == "between_hands"
        assert (over["ready"], over["over"]) == ([], True)


def test_every_person_is_awaited(client: TestClient) -> None:
    host, friend = guest(client, "Host"), guest(client, "Friend")
    code = _room(client, host, turn_seconds=0.05, claim_seconds=0.05)
    assert client.post(f"/api/rooms/{code}/join", json={}, headers=friend.auth).status_code == 200
    client.post(f"/api/rooms/{code}/start", headers=host.auth)
    url = f"/ws/rooms/{code}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        a.send_json(hello(host.token))
        b.send_json(hello(friend.token))
        wait = _until_break(a, [], answer=False)  # every timer runs out
        assert (wait["waiting"], wait["timeout_ms"] > 50_000) == ([0, 1], True)
        assert _until_break(b, [], answer=False) == wait
        b.send_json({"type": "next_hand"})
        for ws in (a, b):
            update = ws.receive_json()
            assert (update["ready"], update["waiting"], update["over"]) == ([1], [0], False)
        time.sleep(0.3)  # the friend alone pressed: six turn timers and nothing moves
        assert [f["type"] for f in _until_pong(b, 1)] == []
        a.send_json({"type": "next_hand"})
        for ws in (a, b):
            assert ws.receive_json()["waiting"] == []
            assert ws.receive_json()["over"] is True


@pytest.mark.parametrize("when", ["playing", "spectator"])
def test_next_hand_refused(client: TestClient, when: str) -> None:
    me = guest(client)
    if when == "playing":
        room = practice(client, me)
        token, code = me.token, "not_between_hands"
    else:
        r = client.post("/api/rooms", json={"spectators": True}, headers=me.auth)
        client.post(f"/api/rooms/{r.json()['code']}/start", headers=me.auth)
        room, token, code = r.json(), None, "spectator"
    with client.websocket_connect(room["websocket"]) as ws:
        ws.send_json(hello(token))
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "next_hand", "id": 5})
        while (frame := ws.receive_json())["type"] != "error":
            pass
        assert (frame["code"], frame["ref"]) == (code, 5)


def test_a_wait_for_one_person_does_not_spin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room waits between hands for its host while the friend, who never came, is played by
    the bot (the grace ran out): the game task sleeps until the host presses, it does not wake
    again and again on the friend's grace gone by. Counted by the task's timeouts (each wake on
    a deadline calls ``_expire``): none in 1 s of waiting; when the grace gone by was taken as
    the next wake, some 15,000 (0.145 s of CPU at load 8)."""
    wakes: list[LiveGame] = []  # the games woken (other tests' live games count too)
    real_expire = LiveGame._expire

    def counted(self: LiveGame, now: float) -> None:
        wakes.append(self)
        real_expire(self, now)

    monkeypatch.setattr(LiveGame, "_expire", counted)
    with client_for(sqlite_url(tmp_path), resume_grace=0.05) as c:
        host, friend = guest(c, "Host"), guest(c, "Friend")
        code = _room(c, host, next_hand_seconds=0, turn_seconds=0, claim_seconds=0)
        c.post(f"/api/rooms/{code}/join", json={}, headers=friend.auth)
        with c.websocket_connect(f"/ws/rooms/{code}") as ws:
            # the host is at the table before the start: on a loaded machine the bots could
            # otherwise play the whole round before a host connecting after it sits down
            ws.send_json(hello(host.token))
            c.post(f"/api/rooms/{code}/start", headers=host.auth)
            wait = _until_break(ws, [])
            assert wait["waiting"] == [0] and wait["timeout_ms"] is None
            game = c.app.state.registry.games[code]  # type: ignore[attr-defined]
            before = wakes.count(game)
            time.sleep(1.0)
            assert _until_pong(ws, 1) == []
            woken = wakes.count(game) - before
            assert woken <= 1, f"the game task woke {woken} times in 1 s of waiting"

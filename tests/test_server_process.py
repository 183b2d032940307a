"""A real server process, killed mid-game with SIGKILL and restarted, finishes the same game: the
last event the client saw is still there and nothing it was sent is lost.

``crash_and_resume(url)`` is shared with the PostgreSQL tests (test_server_postgres.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from majiang.records import GameRecord, verify
from test_server_support import free_port, hello, sqlite_url

pytestmark = pytest.mark.timeout(120)

MAJIANG = str(Path(sys.executable).parent / "majiang")


def start_server(
    url: str, port: int, log: Path, patience: float = 30.0, **more: str
) -> subprocess.Popen[bytes]:
    """Start ``majiang serve`` on ``port`` with the database ``url`` (and the environment
    variables ``more``); return once it answers (fail after ``patience`` seconds)."""
    env = {
        **os.environ,
        "MAJIANG_DATABASE_URL": url,
        "MAJIANG_RATE_PER_SECOND": "1000",  # this client answers at machine speed
        "MAJIANG_RATE_BURST": "1000",
        # every client (these tests', bench/server.py's hundreds) is on the loopback address
        "MAJIANG_PLAYERS_BURST": "100000",
        "MAJIANG_TABLES_BURST": "100000",
        "MAJIANG_MAX_LIVE_TABLES_PER_ADDRESS": "100000",
        "MAJIANG_MAX_SOCKETS_PER_ADDRESS": "100000",
        **more,
    }
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [MAJIANG, "serve", "--port", str(port)], env=env, stdout=out, stderr=out
        )
    deadline = time.monotonic() + patience
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"server did not start:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)


def _frames(ws: ClientConnection) -> Any:
    while True:
        yield json.loads(ws.recv(timeout=30))


def crash_and_resume(url: str, tmp: Path) -> None:
    """Play part of a game over a real websocket, SIGKILL the server right after an action was
    acknowledged, restart it, and finish the game on the same connection details."""
    port = free_port()
    log = tmp / "server.log"
    server = start_server(url, port, log)
    try:
        base = f"http://127.0.0.1:{port}"
        token = httpx.post(f"{base}/api/players", json={"name": "Crash"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for _attempt in range(5):  # a hand may end before the third decision: take another
            room = httpx.post(
                f"{base}/api/tables", json={"length": "one_hand"}, headers=auth
            ).json()
            ws_url = f"ws://127.0.0.1:{port}{room['websocket']}"
            seen: dict[int, dict[str, Any]] = {}
            with connect(ws_url) as ws:
                ws.send(json.dumps(hello(token)))
                answered, acted = 0, None
                for frame in _frames(ws):
                    if frame["type"] == "event":
                        seen[frame["seq"]] = frame
                    elif frame["type"] == "game_over":
                        break
                    elif frame["type"] == "decision":
                        answer = {"decision": frame["decision"], "action": frame["default"]}
                        ws.send(json.dumps({"type": "action", **answer}))
                        answered += 1
                    elif frame["type"] == "accepted" and answered == 3:
                        acted = frame  # the third action is acknowledged: kill the server
                        after = next(f for f in _frames(ws) if f["type"] == "event")
                        seen[after["seq"]] = after  # the events it caused were sent
                        os.kill(server.pid, signal.SIGKILL)
                        server.wait()
                        break
            if acted is not None:
                break
        assert acted is not None, "no hand lasted three decisions"
        last = max(seen)
        assert seen[last]["event"] != {}
        server = start_server(url, port, log)
        with connect(ws_url) as ws:
            ws.send(json.dumps(hello(token, last_seq=last - 1)))
            frames = _frames(ws)
            welcome = next(frames)
            assert welcome["type"] == "welcome"
            assert welcome["seq"] >= last
            assert next(frames) == seen[last]  # the last event seen is still there
            over = None
            for frame in frames:
                assert frame["type"] != "error", frame
                if frame["type"] == "event":
                    assert frame["seq"] not in seen or frame == seen[frame["seq"]]
                    seen[frame["seq"]] = frame
                if frame["type"] == "decision":
                    ws.send(
                        json.dumps(
                            {
                                "type": "action",
                                "decision": frame["decision"],
                                "action": frame["default"],
                            }
                        )
                    )
                if frame["type"] == "game_over":
                    over = frame
                    break
        assert over is not None
        record = httpx.get(f"{base}{over['record']}", headers=auth).json()
        assert verify(GameRecord.from_dict(record)) == len(record["events"])
        ours = [a for a in record["actions"] if a["seat"] == 0]
        assert acted["action"] in [a["action"] for a in ours]
        # every event the client was sent is in the record, unchanged
        for n, frame in seen.items():
            event = record["events"][n - 1]
            if frame["event"]["type"] not in ("dealt", "drew") or frame["event"]["seat"] == 0:
                assert frame["event"] == event, n
            else:
                assert frame["event"]["type"] == event["type"]
    finally:
        server.kill()
        server.wait()


def test_sigkill_mid_game_then_the_same_game_finishes(tmp_path: Path) -> None:
    crash_and_resume(sqlite_url(tmp_path), tmp_path)

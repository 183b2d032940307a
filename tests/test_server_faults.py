"""Database outages during a game: the game pauses, its players are told, it resumes by itself
once the database answers, and no acknowledged action is lost (the record holds every action
the client was told was accepted, in order, and verifies on the engine).

``play_through_outage`` is shared with the PostgreSQL test (test_server_postgres.py), which
stops and starts the server. Here SQLite is locked past its busy timeout by another connection
(``BEGIN EXCLUSIVE``), made full (``PRAGMA max_page_count`` on the server's connections), and,
where a tmpfs can be mounted (root), put on a disk that a file fills up.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from majiang.records import GameRecord, verify
from majiang.server import db
from majiang.server.store import DatabaseUnavailable, EarlierWriteFailed, Journal, store_action
from test_server_journal import journal_action, journal_database, stored_actions
from test_server_support import Frame, client_for, guest, hello, sqlite_url

pytestmark = pytest.mark.timeout(180)


def play_through_outage(
    client: TestClient,
    begin: Callable[[], None],
    end: Callable[[], None],
    after: int = 2,
    first_write_fails: bool = True,
) -> list[Frame]:
    """Play a practice game as seat 0 (bots at the other seats, no timers); when the
    ``after``-th decision comes, ``begin()`` the outage and answer it. Once ``paused`` came
    (and ``/api/health`` says 503), ``end()`` the outage and play to the end. Check that the
    game resumed, that every accepted action of seat 0 is in the record in order, that every
    event sent is the record's, and that the record verifies. Return the frames.

    ``first_write_fails``: the action answered right after ``begin()`` is the write that fails
    (no ``accepted`` may come for it); otherwise a few writes may still go through first (a
    database filling up)."""
    player = guest(client, "Outage")
    for _attempt in range(5):  # a hand may end before the outage began: take another
        body = {"length": "one_hand", "bot_level": "simple", "turn_seconds": 0, "claim_seconds": 0}
        table = client.post("/api/tables", json=body, headers=player.auth).json()
        frames = _play(client, table, player.token, begin, end, after, first_write_fails)
        if any(f["type"] == "paused" for f in frames):
            break
    else:
        raise AssertionError("no game paused")
    health = client.get("/api/health")
    assert (health.status_code, health.json()["database"]) == (200, "ok")

    over = next(f for f in frames if f["type"] == "game_over")
    record = client.get(over["record"], headers=player.auth).json()
    # the standings after uma and oka: the record's, adding up to zero (no stick lost)
    assert over["final_points"] == record["result"]["final_points"]
    assert len(over["final_points"]) == 4 and sum(over["final_points"]) == 0
    assert verify(GameRecord.from_dict(record)) == len(record["events"])
    accepted = [f["action"] for f in frames if f["type"] == "accepted"]
    assert [a["action"] for a in record["actions"] if a["seat"] == 0] == accepted
    for frame in frames:
        if frame["type"] != "event":
            continue
        stored = record["events"][frame["seq"] - 1]
        if frame["event"]["type"] in ("dealt", "drew") and frame["event"]["seat"] != 0:
            assert frame["event"]["type"] == stored["type"]
        else:
            assert frame["event"] == stored, frame["seq"]
    return frames


def _play(
    client: TestClient,
    table: dict[str, Any],
    token: str,
    begin: Callable[[], None],
    end: Callable[[], None],
    after: int,
    first_write_fails: bool,
) -> list[Frame]:
    """Play one game through an outage (see ``play_through_outage``); return its frames."""
    frames: list[Frame] = []
    answered, outage, paused, resumed = 0, False, False, False
    last = 0  # the number of the last event the client has (events follow it with no gap)
    with client.websocket_connect(table["websocket"]) as ws:
        ws.send_json(hello(token))
        while True:
            frame = ws.receive_json()
            frames.append(frame)
            kind = frame["type"]
            assert kind != "error", frame
            if kind == "game_over":
                break
            if kind == "snapshot":
                last = frame["seq"]
            elif kind == "event":
                assert frame["seq"] == last + 1, (frame, last)
                last = frame["seq"]
            elif kind == "accepted":
                assert not (outage and first_write_fails and not paused), frame
            elif kind == "paused":
                assert outage and not paused, frame
                assert frame["reason"] == "database_unavailable", frame
                paused = True
                health = client.get("/api/health")
                assert health.status_code == 503, health.text
                assert health.json()["database"] == "unavailable"
                end()
            elif kind == "resumed":
                assert paused and not resumed, frame
                resumed = True
                # nothing sent was lost: the stored game has it (a commit whose answer was lost
                # may have stored more)
                assert frame["seq"] >= last
            elif kind == "decision":
                if answered == after and not outage:
                    begin()
                    outage = True
                ws.send_json(
                    {"type": "action", "decision": frame["decision"], "action": frame["default"]}
                )
                answered += 1
    if outage and not paused:
        end()  # the game ended before the outage met a write: the caller takes another
    assert paused == resumed
    return frames


def test_sqlite_locked_past_the_busy_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # another connection holds the write lock longer than the busy timeout (shortened here
    # from 10 s): the action's write fails, the game pauses, and resumes once it is released
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    url = sqlite_url(tmp_path)
    holder: list[sqlite3.Connection] = []

    def lock() -> None:
        connection = sqlite3.connect(tmp_path / "server.sqlite3", isolation_level=None)
        connection.execute("BEGIN EXCLUSIVE")
        holder.append(connection)

    def release() -> None:
        connection = holder.pop()
        connection.execute("ROLLBACK")
        connection.close()

    with client_for(url) as client:
        frames = play_through_outage(client, lock, release)
    assert [f["type"] for f in frames].count("paused") == 1


def test_sqlite_full_then_freed(tmp_path: Path) -> None:
    # the database may not grow (max_page_count at its size, as a full disk): a write that
    # needs a new page fails with SQLITE_FULL; raising the limit frees it
    limit: list[int] = []

    def at_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        pages = limit[0] if limit else 1_073_741_823  # SQLite's default
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    with client_for(sqlite_url(tmp_path)) as client:
        engine = client.app.state.sessions.kw["bind"]  # type: ignore[attr-defined]
        event.listen(engine, "checkout", at_checkout)

        def fill() -> None:
            with engine.connect() as connection:
                limit.append(int(connection.exec_driver_sql("PRAGMA page_count").scalar()))

        frames = play_through_outage(client, fill, limit.clear, first_write_fails=False)
    assert "paused" in [f["type"] for f in frames]


@contextlib.contextmanager
def small_disk(where: Path) -> Iterator[Path]:
    """Yield a directory on a tmpfs of 8 MiB of its own (skip the test where mounting is not
    allowed: it needs root)."""
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(where)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)


def test_sqlite_disk_full_then_freed(tmp_path: Path) -> None:
    # a real full disk: a file fills the tmpfs the database is on, and is deleted
    with small_disk(tmp_path / "disk") as disk:
        filler = disk / "filler"

        def fill() -> None:
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
            try:
                while True:
                    os.write(fd, bytes(65536))
            except OSError as error:
                assert error.errno == errno.ENOSPC
            finally:
                os.close(fd)

        with client_for(sqlite_url(disk)) as client:
            frames = play_through_outage(client, fill, filler.unlink, first_write_fails=False)
    assert "paused" in [f["type"] for f in frames]


def test_actions_sent_while_paused_are_refused_and_arrivals_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # while paused the table in memory may be ahead of the database: an action gets `paused`,
    # a connection arriving gets `paused` now and its welcome (and snapshot) once resumed
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    holder: list[sqlite3.Connection] = []
    url = sqlite_url(tmp_path)
    with client_for(url) as client:
        db_file = tmp_path / "server.sqlite3"
        player = guest(client, "Waiting")
        body = {"length": "one_hand", "turn_seconds": 0, "claim_seconds": 0}
        table = client.post("/api/tables", json=body, headers=player.auth).json()
        with client.websocket_connect(table["websocket"]) as ws:
            ws.send_json(hello(player.token))
            decision = _next(ws, "decision")
            connection = sqlite3.connect(db_file, isolation_level=None)
            connection.execute("PRAGMA busy_timeout = 0")
            connection.execute("BEGIN EXCLUSIVE")
            holder.append(connection)
            answer = {"type": "action", "decision": decision["decision"]}
            ws.send_json({**answer, "action": decision["default"], "id": 1})
            assert _next(ws, "paused")["reason"] == "database_unavailable"
            ws.send_json({**answer, "action": decision["default"], "id": 2})
            refused = _next(ws, "error")
            assert (refused["code"], refused["ref"]) == ("paused", 2)
            with client.websocket_connect(table["websocket"]) as late:
                late.send_json(hello(player.token))
                assert late.receive_json()["type"] == "paused"
                connection.execute("ROLLBACK")
                connection.close()
                assert [late.receive_json()["type"] for _ in range(2)] == ["welcome", "snapshot"]
            assert _next(ws, "resumed")["seq"] > 0
            assert ws.receive_json()["type"] == "snapshot"
            again = _next(ws, "decision")
            assert again["decision"] == decision["decision"]  # the lost answer is asked again


def _next(ws: Any, kind: str) -> Frame:
    while True:
        frame: Frame = ws.receive_json()
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error", frame


# ---------------------------------------------------------------- the journal's chains


def _lock(url: str) -> sqlite3.Connection:
    connection = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    connection.execute("BEGIN EXCLUSIVE")
    return connection


def chain_scenario(sessions: sessionmaker[Session], url: str) -> list[Any]:
    """Store action 1 of game ``g``; then, with the database locked, queue 2 and 3; then,
    unlocked, queue 4 (refused: the chain is broken) and, after ``reopen``, 2 again."""

    async def scenario() -> list[Any]:
        journal = Journal(sessions)
        await journal.submit(store_action("g", 1, 0, journal_action(1)), chain="g")
        holder = _lock(url)
        during = await asyncio.gather(
            journal.submit(store_action("g", 2, 1, journal_action(2)), chain="g"),
            journal.submit(store_action("g", 3, 2, journal_action(3)), chain="g"),
            return_exceptions=True,
        )
        holder.execute("ROLLBACK")
        holder.close()
        refused = await asyncio.gather(
            journal.submit(store_action("g", 4, 3, journal_action(4)), chain="g"),
            return_exceptions=True,
        )
        journal.reopen("g")
        await journal.submit(store_action("g", 2, 1, journal_action(2)), chain="g")
        await journal.stop()
        return [*during, *refused]

    return asyncio.run(scenario())


def test_a_failed_write_stops_its_games_later_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a write of game g fails on a lock: its later writes are refused untried (never stored
    # after a lost one) until the game reopens its chain
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 100)
    url = f"sqlite:///{tmp_path / 'journal.sqlite3'}"
    sessions = journal_database(url)
    second, third, fourth = chain_scenario(sessions, url)
    assert isinstance(second, DatabaseUnavailable) and "locked" in str(second)
    assert isinstance(third, DatabaseUnavailable)  # same group: failed with it, untried
    assert isinstance(fourth, EarlierWriteFailed)
    assert [seq for seq, _, _ in stored_actions(sessions)] == [1, 2]


def test_a_refused_write_of_a_chain_stops_the_chain(tmp_path: Path) -> None:
    # not an outage: action 2 stored twice is refused, and 3 of the same game after it is
    # refused untried; a write of another chain in the group still commits
    sessions = journal_database(f"sqlite:///{tmp_path / 'journal.sqlite3'}")

    async def scenario() -> list[Any]:
        journal = Journal(sessions)
        await journal.submit(store_action("g", 2, 1, journal_action(2)), chain="g")
        outcomes = await asyncio.gather(
            journal.submit(store_action("g", 1, 0, journal_action(1)), chain="g"),
            journal.submit(store_action("g", 2, 1, journal_action(2)), chain="g"),
            journal.submit(store_action("g", 5, 1, journal_action(5)), chain="other"),
            journal.submit(store_action("g", 3, 2, journal_action(3)), chain="g"),
            return_exceptions=True,
        )
        await journal.stop()
        return outcomes

    first, duplicate, other, third = asyncio.run(scenario())
    assert (first, other) == (None, None)
    assert not isinstance(duplicate, EarlierWriteFailed | DatabaseUnavailable | type(None))
    assert isinstance(third, EarlierWriteFailed)
    assert [seq for seq, _, _ in stored_actions(sessions)] == [1, 2, 5]


def test_games_probing_together_share_one_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a hundred paused games asking at once hold one thread, not a hundred
    sessions = journal_database(f"sqlite:///{tmp_path / 'journal.sqlite3'}")
    probes: list[float] = []

    def probe(_journal: Journal, seconds: float) -> None:
        probes.append(seconds)

    monkeypatch.setattr(Journal, "probe", probe)

    async def scenario() -> list[str | None]:
        journal = Journal(sessions)
        together = await asyncio.gather(*(journal.check() for _ in range(100)))
        return [*together, await journal.check()]

    assert asyncio.run(scenario()) == [None] * 101
    assert len(probes) == 2  # the hundred together, then the one after


def test_health_touches_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    with client_for(sqlite_url(tmp_path)) as client:
        ok = client.get("/api/health")
        assert ok.status_code == 200
        assert {k: ok.json()[k] for k in ("status", "database")} == {
            "status": "ok",
            "database": "ok",
        }
        holder = _lock(sqlite_url(tmp_path))
        try:
            locked = client.get("/api/health")
            refused = client.post("/api/players", json={"name": "Late"})
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert locked.status_code == 503
        assert (locked.json()["database"], locked.json()["reason"]) == (
            "unavailable",
            "database is locked",
        )
        assert client.get("/api/health").status_code == 200
    assert refused.status_code == 503
    assert refused.json() == {
        "error": "the database is unavailable: database is locked",
        "field": None,
    }

"""The journal's speed paths, each against its closest negative: runs of actions inserted with
one statement (in order with the other writes of their group, a bad row refused alone), the
SQLite checkpoint beside the writer, the interpreter set up for serving, and the phase trace
that ``bench/server.py --trace`` reads."""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import store, trace
from majiang.server.app import tune_runtime
from majiang.server.db import Game, GameAction, Player, Room, open_database
from majiang.server.settings import SERVE_RUNTIME, Settings
from majiang.server.store import ROWS_PER_INSERT, ActionRow, Journal, store_action
from majiang.server.trace import Tracer


def journal_database(url: str) -> sessionmaker[Session]:
    """Return sessions of a new database at ``url`` holding one game ``g`` (for its actions)."""
    sessions = open_database(url)
    with sessions() as session, session.begin():
        session.add(Player(id="p", name="p", token_hash="h"))
        session.flush()
        session.add(
            Room(
                code="r",
                kind="practice",
                variant="riichi",
                length="east",
                bot_level="simple",
                options={},
                host_id="p",
            )
        )
        session.flush()
        session.add(Game(id="g", room_code="r", seed="s"))
    return sessions


def stored_actions(sessions: sessionmaker[Session]) -> list[tuple[int, int, dict[str, Any]]]:
    with sessions() as session:
        rows = session.scalars(select(GameAction).order_by(GameAction.seq)).all()
        return [(r.seq, r.seat, r.action) for r in rows]


def _sqlite(tmp: Path) -> str:
    return f"sqlite:///{tmp / 'journal.sqlite3'}"


def journal_action(n: int) -> dict[str, Any]:
    return {"type": "discard", "tile": f"{n % 9 + 1}m", "riichi": n % 2 == 0}


@pytest.mark.parametrize("count", [1, ROWS_PER_INSERT, ROWS_PER_INSERT * 2 + 7])
def test_a_run_of_actions_is_stored_whole_beside_other_writes(tmp_path: Path, count: int) -> None:
    # more rows than one statement takes (ROWS_PER_INSERT) go in several; a request's ORM
    # write in the middle of the run commits in the same group
    run_beside_other_writes(_sqlite(tmp_path), count)


def run_beside_other_writes(url: str, count: int) -> None:
    """Store ``count`` actions with a new player queued among them; check all are stored."""
    sessions = journal_database(url)

    def new_player(session: Session) -> None:
        session.add(Player(id="q", name="q", token_hash="h2"))

    async def scenario() -> list[Any]:
        journal = Journal(sessions)
        futures = [
            journal.submit(store_action("g", n, n % 4, journal_action(n))) for n in range(1, count)
        ]
        asked = journal.submit(new_player)
        futures.append(journal.submit(store_action("g", count, count % 4, journal_action(count))))
        results = await asyncio.gather(*futures, asked)
        await journal.stop()
        return [results, journal.commits]

    results, commits = asyncio.run(scenario())
    assert results == [None] * (count + 1)
    assert commits == 1  # one group: every write was queued before the writer ran
    assert stored_actions(sessions) == [(n, n % 4, journal_action(n)) for n in range(1, count + 1)]
    with sessions() as session:
        assert session.get(Player, "q") is not None


def test_a_group_of_actions_alone(tmp_path: Path) -> None:
    # more than a group holds (store.BATCH): two groups, every action stored once, in order
    actions_alone(_sqlite(tmp_path), store.BATCH + 88)


def actions_alone(url: str, count: int) -> None:
    """Store ``count`` actions and nothing else; check every one is stored."""
    sessions = journal_database(url)

    async def scenario() -> int:
        journal = Journal(sessions)
        await asyncio.gather(
            *(journal.submit(store_action("g", n, 1, journal_action(n))) for n in range(count))
        )
        await journal.stop()
        return journal.commits

    commits = asyncio.run(scenario())
    assert commits == -(-count // store.BATCH)
    assert stored_actions(sessions) == [(n, 1, journal_action(n)) for n in range(count)]


def test_a_row_that_cannot_be_stored_is_refused_alone(tmp_path: Path) -> None:
    # action 2 stored twice: the group rolls back and is retried write by write
    refused_alone(_sqlite(tmp_path))


def refused_alone(url: str) -> None:
    """Queue action 2 twice in a group of three: only the second 2 is refused."""
    sessions = journal_database(url)

    async def scenario() -> list[Any]:
        journal = Journal(sessions)
        await journal.submit(store_action("g", 2, 1, journal_action(2)))
        outcomes = await asyncio.gather(
            journal.submit(store_action("g", 1, 0, journal_action(1))),
            journal.submit(store_action("g", 2, 1, journal_action(2))),
            journal.submit(store_action("g", 3, 2, journal_action(3))),
            return_exceptions=True,
        )
        await journal.stop()
        return outcomes

    first, duplicate, third = asyncio.run(scenario())
    assert (first, third) == (None, None)
    assert isinstance(duplicate, Exception)
    assert [seq for seq, _, _ in stored_actions(sessions)] == [1, 2, 3]


def test_an_action_row_alone_stores_the_same_as_in_a_run(tmp_path: Path) -> None:
    # the retry path stores a row through the ORM: the same action comes back
    sessions = journal_database(_sqlite(tmp_path))
    row = store_action("g", 1, 3, {"type": "pass"})
    assert isinstance(row, ActionRow)
    with sessions() as session, session.begin():
        row(session)
    assert stored_actions(sessions) == [(1, 3, {"type": "pass"})]


def _file_size(sessions: sessionmaker[Session]) -> int:
    engine = sessions.kw["bind"]
    return Path(engine.url.database).stat().st_size


async def _grows(sessions: sessionmaker[Session], size: int) -> int:
    """Wait until the database file is larger than ``size`` (30 s at most); return its size."""
    deadline = time.monotonic() + 30
    while _file_size(sessions) <= size:
        assert time.monotonic() < deadline, f"the database file stayed at {size} bytes for 30 s"
        await asyncio.sleep(0.01)
    return _file_size(sessions)


def test_the_write_ahead_log_is_checkpointed_beside_the_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite's own checkpoint is off (db.make_engine): the database file grows only when the
    # journal's checkpoint copies the log into it. Everything so far is in the log: the file
    # holds its first page only
    monkeypatch.setattr(store, "CHECKPOINT_SECONDS", 0.05)
    sessions = journal_database(_sqlite(tmp_path))
    with sessions() as session:
        assert session.connection().exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    empty = _file_size(sessions)

    async def scenario() -> None:
        journal = Journal(sessions)
        journal.start()
        before = await _grows(sessions, empty)  # the schema and the rows of journal_database
        await asyncio.gather(
            *(journal.submit(store_action("g", n, 0, journal_action(n))) for n in range(1, 400))
        )
        await _grows(sessions, before)  # then the actions
        await journal.stop()

    asyncio.run(scenario())
    assert len(stored_actions(sessions)) == 399


def test_without_the_journal_checkpoint_the_log_stays_in_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the closest negative: no checkpoint of the journal's in the test's time, and SQLite's own
    # (which would run inside a commit) off, so the database file keeps its first page only
    monkeypatch.setattr(store, "CHECKPOINT_SECONDS", 3600.0)
    sessions = journal_database(_sqlite(tmp_path))
    empty = _file_size(sessions)

    async def scenario() -> None:
        journal = Journal(sessions)
        journal.start()
        await asyncio.gather(
            *(journal.submit(store_action("g", n, 0, journal_action(n))) for n in range(1, 400))
        )
        await asyncio.sleep(0.3)  # a stall only gives a checkpoint more time to show up
        await journal.stop()

    asyncio.run(scenario())
    assert _file_size(sessions) == empty
    assert len(stored_actions(sessions)) == 399


def test_serving_sets_the_collector_and_switch_interval() -> None:
    before = (gc.get_threshold(), sys.getswitchinterval())
    settings = Settings(database_url="sqlite://", **SERVE_RUNTIME)
    try:
        tune_runtime(Settings(database_url="sqlite://"))  # the defaults: left as they are
        assert (gc.get_threshold(), sys.getswitchinterval()) == before
        tune_runtime(settings)
        assert gc.get_threshold()[0] == SERVE_RUNTIME["gc_young"] == settings.gc_young
        assert sys.getswitchinterval() == pytest.approx(SERVE_RUNTIME["switch_ms"] / 1000)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before[0])
        sys.setswitchinterval(before[1])


def test_serve_settings_set_the_runtime_and_the_environment_overrides(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MAJIANG_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MAJIANG_DATABASE_URL", raising=False)
    assert Settings.from_env().gc_young == SERVE_RUNTIME["gc_young"]
    monkeypatch.setenv("MAJIANG_GC_YOUNG", "0")
    monkeypatch.setenv("MAJIANG_SWITCH_MS", "2.5")
    settings = Settings.from_env()
    assert (settings.gc_young, settings.switch_ms) == (0, 2.5)


def test_the_trace_writes_finished_actions_commits_and_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "trace.jsonl"
    tracer = Tracer(path)
    done = tracer.action(ref=1, received=1.0)
    done.took, done.queued, done.committed, done.released, done.sent = 1.1, 1.2, 1.3, 1.4, 1.5
    pending = tracer.action(ref=2, received=float("inf"))  # not yet sent: kept for later
    tracer.commit(size=3, oldest=1.0, began=1.2, ended=1.3)
    tracer.write()
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["kind"] for r in rows] == ["commit", "action"]
    assert rows[1]["ref"] == 1 and rows[1]["sent"] == 1.5
    pending.sent = 2.0
    tracer.write()
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r.get("ref") for r in rows] == [None, 1, 2]


def test_the_trace_is_on_only_with_its_environment_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("MAJIANG_TRACE", raising=False)
    assert trace.from_env() is None
    monkeypatch.setenv("MAJIANG_TRACE", str(tmp_path / "t.jsonl"))
    tracer = trace.from_env()
    assert tracer is not None and tracer.path == tmp_path / "t.jsonl"

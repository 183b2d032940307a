"""Durable writes for live games: a journal that commits in groups, and the reads that rebuild a
game after a restart.

Tables never touch the database themselves: they hand the journal a small write (store action
number n, finish the game ...) and wait until it is committed. The journal runs one writer task;
whatever writes queued up while the previous commit was running go in the next transaction
together (a group commit), so a hundred tables cost a handful of commits per second, not a
hundred. A table sends the events of an action only after its write is committed: what a client
has seen is on disk.

A game's writes form a chain (``submit(write, chain=game_id)``): they commit in order, and once
one fails the journal refuses the chain's later writes (``EarlierWriteFailed``) until the game
has rebuilt itself from what is stored and calls ``reopen``. So a failure never leaves a later
action stored after a lost earlier one. A database that stops answering (locked past the busy
timeout, full, down) fails a write with ``DatabaseUnavailable``; ``probe`` says when it answers
again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, exc, select
from sqlalchemy.orm import Session, sessionmaker

from majiang.server.db import Game, GameAction, Player, Room, RoomSeat, utcnow
from majiang.server.tables import TableSpec
from majiang.server.trace import TRACE

log = logging.getLogger("majiang.server")

Write = Callable[[Session], None]
T = TypeVar("T")
#: a queued write: the function, its future, whether it commits alone, when it was queued, and
#: its chain (the game it belongs to, or None)
Queued = tuple[Callable[[Session], Any], asyncio.Future[Any], bool, float, str | None]

#: the most writes in one transaction
BATCH = 512
#: SQLite: seconds between two checkpoints of the write-ahead log
CHECKPOINT_SECONDS = 1.0
#: seconds a probe of the database (``Journal.probe``) waits for its lock or its answer
PROBE_SECONDS = 0.5
#: SQLite: the room a probe asks for (pages allocated inside a transaction rolled back): more
#: than the pages a group of actions splits, less than the cache, so nothing reaches the disk
PROBE_BYTES = 65536


class DatabaseUnavailable(Exception):
    """The database did not take a write or a probe: locked past the busy timeout, full,
    unreachable. The message says what the database answered."""


class EarlierWriteFailed(Exception):
    """A game's write not tried: an earlier write of the same game failed (``Journal``)."""


def is_outage(error: BaseException) -> bool:
    """Return whether ``error`` says the database is unavailable (rather than a write being
    refused: a duplicate key, a request's own check).

    >>> is_outage(exc.OperationalError("INSERT", {}, Exception("database is locked")))
    True
    >>> is_outage(exc.IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed")))
    False
    """
    if isinstance(error, DatabaseUnavailable | exc.OperationalError | exc.InterfaceError):
        return True
    if isinstance(error, exc.TimeoutError):  # no connection free in the pool
        return True
    return isinstance(error, exc.DBAPIError) and error.connection_invalidated


class Journal:
    """The one writer of the database: a task that commits queued writes in groups.

    ``submit``/``write`` queue a write and ``run`` one whose return value is wanted; whatever
    is queued commits in one transaction. A write that raises (a request refused: the room is
    full ...) rolls its group back, and the group is then retried one write at a time, so each
    write gets its own outcome and a refused one stores nothing. A write of a chain (a game)
    that fails breaks the chain: its later writes are refused untried, in this group and after,
    until ``reopen``. When the database itself fails (``is_outage``) nothing more of the group
    is tried: every write of it fails with ``DatabaseUnavailable`` (retrying each alone would
    wait out the busy timeout once per write). Every write goes through here, so SQLite never
    sees two writers fight over its lock.
    """

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self._queue: asyncio.Queue[Queued] = asyncio.Queue()
        #: the chains whose later writes are refused (an earlier one failed), until ``reopen``
        self._broken: set[str] = set()
        #: the probe under way (``check``), shared by whoever asks meanwhile
        self._probing: asyncio.Future[str | None] | None = None
        self._task: asyncio.Task[None] | None = None
        #: the writer's own thread: commits never queue behind other work sent to threads
        self._thread: ThreadPoolExecutor | None = None
        #: SQLite: the task and thread that checkpoint the write-ahead log (see ``_checkpoints``)
        self._checkpointer: asyncio.Task[None] | None = None
        self._checkpoint_thread: ThreadPoolExecutor | None = None
        #: PostgreSQL: a group of actions alone goes in as one statement on a connection of
        #: the writer's own, in autocommit (``_insert_alone``); BATCH rows stay under its limit
        #: of parameters
        engine = sessions.kw.get("bind")
        self._one_statement = isinstance(engine, Engine) and engine.dialect.name == "postgresql"
        self._connection: Connection | None = None
        self.commits = 0
        self.writes = 0

    def start(self) -> None:
        """Start the writer task on the running loop."""
        if self._task is None:
            loop = asyncio.get_running_loop()
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="majiang-journal")
            self._task = loop.create_task(self._run(self._thread))
            engine = self.sessions.kw.get("bind")
            if isinstance(engine, Engine) and engine.dialect.name == "sqlite":
                self._checkpoint_thread = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="majiang-checkpoint"
                )
                self._checkpointer = loop.create_task(
                    self._checkpoints(engine, self._checkpoint_thread)
                )

    async def stop(self) -> None:
        """Finish the queued writes, then stop the writer."""
        if self._task is None:
            return
        while not self._queue.empty():
            await asyncio.sleep(0.01)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None
        if self._thread is not None:
            self._thread.shutdown(wait=True)  # a commit under way finishes
            self._thread = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
            self._checkpointer = None
        if self._checkpoint_thread is not None:
            self._checkpoint_thread.shutdown(wait=True)
            self._checkpoint_thread = None

    async def _checkpoints(self, engine: Engine, thread: ThreadPoolExecutor) -> None:
        """SQLite: copy the write-ahead log into the database file every
        ``CHECKPOINT_SECONDS``, in a thread of its own.

        SQLite's automatic checkpoint (off: ``db.make_engine``) runs inside the commit that
        fills the log past 1000 pages, so that commit, and every game waiting for it, took
        100 ms and more (the checkpoint's copying and syncs). A passive checkpoint beside the
        writer does the same work without holding up commits.
        """
        loop = asyncio.get_running_loop()

        def checkpoint() -> None:
            with engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            began = time.monotonic()
            try:
                await loop.run_in_executor(thread, checkpoint)
            except Exception:
                log.exception("checkpoint of the write-ahead log failed")
            if TRACE is not None:
                TRACE.rows.append(
                    {"kind": "checkpoint", "at": began, "seconds": time.monotonic() - began}
                )

    def _put(
        self, fn: Callable[[Session], Any], solo: bool, chain: str | None = None
    ) -> asyncio.Future[Any]:
        self.start()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future, solo, time.monotonic(), chain))
        return future

    def submit(self, fn: Write, chain: str | None = None) -> asyncio.Future[None]:
        """Queue ``fn(session)``; return a future done when it is committed. Writes commit in
        the order they were submitted; a write of a broken ``chain`` fails untried."""
        return self._put(fn, False, chain)

    async def write(self, fn: Write, chain: str | None = None) -> None:
        """Queue ``fn(session)`` and return when it is committed (or raise what it raised)."""
        await self._put(fn, False, chain)

    def reopen(self, chain: str) -> None:
        """Take a broken chain's writes again (its owner rebuilt itself from the database and
        none of its earlier writes is still queued)."""
        self._broken.discard(chain)

    def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Return ``fn(session, *args)`` in a session of its own (call it in a thread)."""
        with self.sessions() as session:
            return fn(session, *args)

    def probe(self, seconds: float = PROBE_SECONDS) -> None:
        """Return if the database answers a query and would take a write now; raise
        ``DatabaseUnavailable`` saying why not. Blocking: call it in a thread.

        SQLite: find ``PROBE_BYTES`` free on the database's disk; take the write lock, waiting
        at most ``seconds`` (not the busy timeout), and store ``PROBE_BYTES`` in a new table
        inside it, rolled back: the pages they need fail when the database may not grow
        (``SQLITE_FULL``; pages rolled back never reach the disk, hence the free space asked
        first). PostgreSQL: ``SELECT 1``, refused when the server is down.
        """
        engine = self.sessions.kw["bind"]
        if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
            free = shutil.disk_usage(Path(engine.url.database).absolute().parent).free
            if free < PROBE_BYTES:
                raise DatabaseUnavailable(f"no space left on the disk ({free} bytes free)")
        try:
            with engine.connect() as connection:
                if engine.dialect.name != "sqlite":  # in a transaction, rolled back on closing
                    timeout = max(1, int(seconds * 1000))
                    connection.exec_driver_sql(f"SET LOCAL statement_timeout = {timeout}")
                    connection.exec_driver_sql("SELECT 1")
                    return
                busy = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
                connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
                try:
                    connection.exec_driver_sql("BEGIN IMMEDIATE")
                    try:
                        connection.exec_driver_sql("CREATE TABLE majiang_probe (x BLOB)")
                        connection.exec_driver_sql(
                            f"INSERT INTO majiang_probe VALUES (zeroblob({PROBE_BYTES}))"
                        )
                    finally:  # (SQLite may have rolled back already: nothing to undo then)
                        with contextlib.suppress(exc.OperationalError):
                            connection.exec_driver_sql("ROLLBACK")
                finally:
                    connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(busy)}")
        except Exception as error:
            if not is_outage(error):
                raise
            raise DatabaseUnavailable(cause(error)) from error

    async def check(self, seconds: float = PROBE_SECONDS) -> str | None:
        """Return None when the database answers and takes writes (``probe``), else why not;
        in a thread, never longer than about ``seconds``. Callers at the same time share one
        probe: a hundred paused games (and ``/api/health``) hold one thread, not a hundred."""
        if self._probing is None:
            probing = asyncio.ensure_future(self._check(seconds))
            probing.add_done_callback(self._probed)
            self._probing = probing
        return await asyncio.shield(self._probing)

    def _probed(self, probing: asyncio.Future[str | None]) -> None:
        self._probing = None
        if not probing.cancelled():
            probing.exception()  # retrieved, even when every caller was cancelled meanwhile

    async def _check(self, seconds: float) -> str | None:
        try:
            await asyncio.wait_for(asyncio.to_thread(self.probe, seconds), seconds + 1.0)
        except DatabaseUnavailable as error:
            return str(error)
        except TimeoutError:
            return f"no answer in {seconds + 1.0:g} s"
        return None

    async def run(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` on the writer; return its value once committed, or raise what it
        raised (then nothing of it is stored). ``fn`` may run twice (see above)."""
        result: T = await self._put(fn, False)
        return result

    async def _run(self, thread: ThreadPoolExecutor) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            began = time.monotonic()
            outcomes = await asyncio.get_running_loop().run_in_executor(
                thread, self._apply, [(fn, solo, chain) for fn, _, solo, _, chain in batch]
            )
            if TRACE is not None:
                TRACE.commit(len(batch), batch[0][3], began, time.monotonic())
            for (_, future, _, _, _), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _apply(
        self, items: list[tuple[Callable[[Session], Any], bool, str | None]]
    ) -> list[tuple[bool, Any]]:
        """Commit the items in order: runs of writes together, each request alone; return each
        item's outcome (committed and its value, or not and the exception)."""
        out: list[tuple[bool, Any] | None] = [None] * len(items)
        group: list[int] = []
        down: list[BaseException] = []  # the outage met in this batch: fail everything after

        def fail(n: int, error: BaseException) -> None:
            chain = items[n][2]
            if chain is not None:
                self._broken.add(chain)
            if is_outage(error):
                down[:] = [error]
                error = DatabaseUnavailable(cause(error))
            out[n] = (False, error)

        def one(n: int) -> None:
            fn, _, chain = items[n]
            if down:
                fail(n, down[0])
            elif chain is not None and chain in self._broken:
                out[n] = (False, EarlierWriteFailed(f"an earlier write of {chain!r} failed"))
            else:
                ok, value = self._solo(fn)
                if ok:
                    out[n] = (True, value)
                else:
                    fail(n, value)

        def commit_group() -> None:
            if not group:
                return
            try:
                values = self._commit([items[n][0] for n in group])
            except Exception as error:
                if is_outage(error):
                    log.warning("a group of %d writes failed: %s", len(group), cause(error))
                    for n in group:
                        fail(n, error)
                else:
                    if len(group) > 1:
                        log.info("a write of a group failed; retrying them one by one")
                    for n in group:
                        one(n)
            else:
                for n, value in zip(group, values, strict=True):
                    out[n] = (True, value)
            group.clear()

        for n, (_, solo, chain) in enumerate(items):
            if down or (chain is not None and chain in self._broken):
                one(n)  # refused untried
            elif solo:
                commit_group()
                one(n)
            else:
                group.append(n)
        commit_group()
        done = [outcome for outcome in out if outcome is not None]
        assert len(done) == len(items), "every write has an outcome"
        return done

    def _insert_alone(self, rows: list[ActionRow]) -> None:
        """PostgreSQL: store a group of actions alone as one statement on the writer's own
        connection in autocommit: one round trip to the server, where a session's transaction
        takes four (the pool's liveness check, BEGIN, INSERT, COMMIT), each waiting for the
        database's process to be given a core. One statement is atomic: all stored or none.
        A failure drops the connection (the next group opens another) and is raised, so the
        group is retried write by write."""
        connection = self._connection
        if connection is None:
            engine = self.sessions.kw["bind"]
            connection = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            self._connection = connection
        try:
            insert_rows(connection, rows, per_statement=len(rows))
            connection.commit()  # ends SQLAlchemy's own transaction (the rows are committed)
        except Exception:
            self._connection = None
            with contextlib.suppress(Exception):
                connection.invalidate()
                connection.close()
            raise

    def _solo(self, fn: Callable[[Session], Any]) -> tuple[bool, Any]:
        try:
            with self.sessions() as session, session.begin():
                value = fn(session)
            self.commits += 1
            self.writes += 1
            return True, value
        except Exception as exc:
            return False, exc

    def _commit(self, fns: list[Callable[[Session], Any]]) -> list[Any]:
        """Run the writes in one transaction; runs of stored actions go in as one statement."""
        if self._one_statement and all(isinstance(fn, ActionRow) for fn in fns):
            self._insert_alone([fn for fn in fns if isinstance(fn, ActionRow)])
            self.commits += 1
            self.writes += len(fns)
            return [None] * len(fns)
        with self.sessions() as session, session.begin():
            values: list[Any] = []
            rows: list[ActionRow] = []
            for fn in fns:
                if isinstance(fn, ActionRow):
                    rows.append(fn)
                    values.append(None)
                    continue
                insert_actions(session, rows)
                rows = []
                values.append(fn(session))
            insert_actions(session, rows)
        self.commits += 1
        self.writes += len(fns)
        return values


def cause(error: BaseException) -> str:
    """Return the database's own words for ``error`` (the driver's message, first line).

    >>> cause(exc.OperationalError("INSERT ...", {}, Exception("database is locked")))
    'database is locked'
    """
    if isinstance(error, exc.DBAPIError) and error.orig is not None:
        error = error.orig
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


@dataclass(frozen=True)
class ActionRow:
    """The write that stores action ``number`` (1, 2, ...) of a game, its JSON already made.

    The journal inserts a run of them with one statement (``insert_actions``): the writer
    thread then holds the interpreter for microseconds, not for an ORM flush per row, and the
    event loop is not kept waiting for it. Called with a session, it stores itself alone.
    """

    game_id: str
    number: int
    seat: int
    action: str

    def __call__(self, session: Session) -> None:
        session.add(
            GameAction(
                game_id=self.game_id,
                seq=self.number,
                seat=self.seat,
                action=json.loads(self.action),
            )
        )


#: the most rows in one INSERT statement (4 parameters each: under every SQLite build's limit)
ROWS_PER_INSERT = 200


def _marks(connection: Connection) -> tuple[str, str]:
    """Return the driver's placeholder for a value and for a JSON text (``exec_driver_sql``)."""
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    json_mark = f"CAST({mark} AS JSON)" if connection.dialect.name == "postgresql" else mark
    return mark, json_mark


def insert_actions(session: Session, rows: list[ActionRow]) -> None:
    """Insert ``rows`` into ``game_actions`` with as few statements as possible (in the
    session's transaction, after whatever the session has pending)."""
    if not rows:
        return
    if session.new or session.dirty or session.deleted:
        session.flush()
    insert_rows(session.connection(), rows)


def insert_rows(
    connection: Connection, rows: list[ActionRow], per_statement: int = ROWS_PER_INSERT
) -> None:
    """Insert ``rows`` into ``game_actions``, ``per_statement`` rows per statement."""
    mark, json_mark = _marks(connection)
    one = f"({mark}, {mark}, {mark}, {json_mark})"
    head = f"INSERT INTO {GameAction.__tablename__} (game_id, seq, seat, action) VALUES "
    for start in range(0, len(rows), per_statement):
        chunk = rows[start : start + per_statement]
        params: list[Any] = []
        for row in chunk:
            params += (row.game_id, row.number, row.seat, row.action)
        connection.exec_driver_sql(head + ", ".join([one] * len(chunk)), tuple(params))


def store_action(game_id: str, number: int, seat: int, action: dict[str, Any]) -> ActionRow:
    """Return the write that stores action ``number`` (1, 2, ...) of a game.

    >>> store_action("g1", 3, 0, {"type": "pass"})
    ActionRow(game_id='g1', number=3, seat=0, action='{"type": "pass"}')
    """
    return ActionRow(game_id, number, seat, json.dumps(action))


def finish_game(game_id: str, room_code: str, record: str) -> Write:
    """Return the write that marks a game and its room finished, with the record (its JSON
    text, made before: the writer only passes it on), and rates its players (``ratings``)."""

    def write(session: Session) -> None:
        from majiang.server.ratings import rate_finished

        game = session.get(Game, game_id)
        room = session.get(Room, room_code)
        if game is not None:
            game.status = "finished"
            game.finished_at = utcnow()
        if room is not None:
            room.status = "finished"
        session.flush()
        connection = session.connection()
        mark, json_mark = _marks(connection)
        connection.exec_driver_sql(
            f"UPDATE {Game.__tablename__} SET record = {json_mark} WHERE id = {mark}",
            (record, game_id),
        )
        rate_finished(session, game_id, record)  # the same transaction: rated once, or not

    return write


@dataclass
class SeatRow:
    """Who plays a seat: a player (name) or a bot (``player_id`` None); ``left``: gone for good."""

    player_id: str | None
    name: str | None
    left: bool


@dataclass
class StoredGame:
    """A game as the database holds it: enough to rebuild the live table."""

    game_id: str
    room_code: str
    spec: TableSpec
    bot_level: str
    room_options: dict[str, Any]
    public: bool
    seats: list[SeatRow]
    actions: list[tuple[int, dict[str, Any]]]


def room_spec(room: Room, seed: str) -> TableSpec:
    """Return the table spec of a room's game with ``seed``."""
    return TableSpec(room.variant, room.length, dict(room.options.get("rules", {})), seed)


def load_game(session: Session, game_id: str) -> StoredGame:
    """Return the stored game ``game_id`` with its seats and actions in order."""
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game {game_id!r}")
    room = session.get(Room, game.room_code)
    assert room is not None
    seats = []
    rows = session.scalars(
        select(RoomSeat).where(RoomSeat.room_code == room.code).order_by(RoomSeat.seat)
    ).all()
    for row in rows:
        name = None
        if row.player_id is not None:
            player = session.get(Player, row.player_id)
            name = player.name if player else None
        seats.append(SeatRow(row.player_id, name, row.left))
    actions = [
        (a.seat, a.action)
        for a in session.scalars(
            select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)
        )
    ]
    return StoredGame(
        game_id=game.id,
        room_code=room.code,
        spec=room_spec(room, game.seed),
        bot_level=room.bot_level,
        room_options=dict(room.options),
        public=room.public,
        seats=seats,
        actions=actions,
    )


def playing_games(session: Session) -> list[str]:
    """Return the ids of every game still being played (to resume after a restart)."""
    return list(session.scalars(select(Game.id).where(Game.status == "playing")))

"""Durable writes for live games: a journal that commits in groups, and the reads that rebuild a
game after a restart.

Tables never touch the database themselves: they hand the journal a small write (store action
number n, finish the game ...) and wait until it is committed. The journal runs one writer task;
whatever writes queued up while the previous commit was running go in the next transaction
together (a group commit), so a hundred tables cost a handful of commits per second, not a
hundred. A table sends the events of an action only after its write is committed: what a client
has seen is on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from majiang.server.db import Game, GameAction, Player, Room, RoomSeat, utcnow
from majiang.server.tables import TableSpec

log = logging.getLogger("majiang.server")

Write = Callable[[Session], None]

#: the most writes in one transaction
BATCH = 512


class Journal:
    """One writer task that commits queued writes in groups; ``write`` returns once committed."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.commits = 0
        self.writes = 0

    def start(self) -> None:
        """Start the writer task on the running loop."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

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

    def submit(self, fn: Write) -> asyncio.Future[None]:
        """Queue ``fn(session)``; return a future done when it is committed. Writes commit in
        the order they were submitted."""
        self.start()
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future))
        return future

    async def write(self, fn: Write) -> None:
        """Queue ``fn(session)`` and return when it is committed (or raise what it raised)."""
        await self.submit(fn)

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await asyncio.to_thread(self._commit, [fn for fn, _ in batch])
            except Exception:
                log.exception("group commit failed; retrying its writes one by one")
                for fn, future in batch:
                    try:
                        await asyncio.to_thread(self._commit, [fn])
                    except Exception as exc:
                        if not future.done():
                            future.set_exception(exc)
                    else:
                        if not future.done():
                            future.set_result(None)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    def _commit(self, fns: list[Write]) -> None:
        with self.sessions() as session, session.begin():
            for fn in fns:
                fn(session)
        self.commits += 1
        self.writes += len(fns)


def store_action(game_id: str, number: int, seat: int, action: dict[str, Any]) -> Write:
    """Return the write that stores action ``number`` (1, 2, ...) of a game."""

    def write(session: Session) -> None:
        session.add(GameAction(game_id=game_id, seq=number, seat=seat, action=action))

    return write


def finish_game(game_id: str, room_code: str, record: dict[str, Any]) -> Write:
    """Return the write that marks a game and its room finished, with the record."""

    def write(session: Session) -> None:
        game = session.get(Game, game_id)
        room = session.get(Room, room_code)
        if game is not None:
            game.status = "finished"
            game.record = record
            game.finished_at = utcnow()
        if room is not None:
            room.status = "finished"

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

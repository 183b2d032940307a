"""Every live game and waiting room of the process: start, resume after a restart, connect.

A game is launched the same way when its host starts it and when the server restarts: read the
stored game (seed and actions), rebuild the table by replay, start its task. So a server killed
at any moment resumes every game from its last stored action.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from majiang.server import trace
from majiang.server.live import KEEP_FINISHED, Conn, LiveGame
from majiang.server.settings import Settings
from majiang.server.store import Journal, StoredGame, load_game, playing_games
from majiang.server.tables import Table

log = logging.getLogger("majiang.server")


class Registry:
    """The live games (by room code), the connections waiting in rooms, and the journal."""

    def __init__(self, sessions: sessionmaker[Session], settings: Settings) -> None:
        self.sessions = sessions
        self.settings = settings
        self.journal = Journal(sessions)
        self.games: dict[str, LiveGame] = {}
        self.lobbies: dict[str, set[Conn]] = {}
        #: rooms being started: stored as playing, their live game not launched yet
        self.starting: set[str] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._tracer: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the journal and resume every game still being played."""
        self.journal.start()
        if trace.TRACE is not None:
            self._tracer = asyncio.get_running_loop().create_task(trace.run())
        ids = await asyncio.to_thread(self._with_session, playing_games)
        for game_id in ids:
            try:
                await self.launch(game_id)
            except Exception:
                log.exception("could not resume game %s", game_id)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if ids:
            log.info("resumed %d games", len(ids))

    async def stop(self) -> None:
        """Stop every game task (their state is stored) and the journal."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._tracer is not None:
            self._tracer.cancel()
        for game in self.games.values():
            if game.task is not None:
                game.task.cancel()
        for game in self.games.values():
            if game.task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await game.task
        await self.journal.stop()

    def _with_session(self, fn: Any, *args: Any) -> Any:
        with self.sessions() as session:
            return fn(session, *args)

    async def launch(self, game_id: str) -> LiveGame:
        """Rebuild a stored game by replay and start its task; connections waiting in its room
        join it."""
        stored: StoredGame = await asyncio.to_thread(self._with_session, load_game, game_id)
        table = await asyncio.to_thread(Table.replay, stored.spec, stored.actions, stored.bot_level)
        game = LiveGame(stored, table, self.journal, self.settings)
        self.games[stored.room_code] = game
        for conn in self.lobbies.pop(stored.room_code, set()):
            seat = game_seat(game, conn.player_id)
            if seat is None and not game.spectators_allowed:
                conn.send({"type": "error", "code": "not_seated", "message": "no seat for you"})
                conn.close(1008)
                continue
            game.connect(conn, -1 if seat is None else seat, 0)
        game.start()
        return game

    def room_update(self, code: str, room: dict[str, Any]) -> None:
        """Tell the connections waiting in a room that it changed."""
        for conn in self.lobbies.get(code, set()):
            conn.send({"type": "room", "room": room})

    def wait_in_lobby(self, code: str, conn: Conn) -> None:
        """Keep a connection to a room not started yet until the host starts it."""
        conn.room_code = code
        self.lobbies.setdefault(code, set()).add(conn)

    def disconnect(self, conn: Conn) -> None:
        """Forget a closed connection."""
        if conn.room_code is not None:
            self.lobbies.get(conn.room_code, set()).discard(conn)
        if conn.game is not None:
            conn.game.detach(conn)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(30)
            now = time.monotonic()
            for code, game in list(self.games.items()):
                if game.finished_at is not None and now - game.finished_at > KEEP_FINISHED:
                    for conn in game.connections():
                        conn.close()
                    del self.games[code]


def game_seat(game: LiveGame, player_id: str | None) -> int | None:
    """Return the seat ``player_id`` holds at ``game`` (not left), or None."""
    if player_id is None:
        return None
    for n, seat in enumerate(game.seats):
        if seat.player_id == player_id and not seat.left:
            return n
    return None

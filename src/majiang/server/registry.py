"""Every live game and waiting room of the process: start, resume after a restart, connect.

A game is launched the same way when its host starts it and when the server restarts: read the
stored game (seed and actions), rebuild the table by replay, start its task. So a server killed
at any moment resumes every game from its last stored action.

With ``MAJIANG_REDIS_URL`` (``cluster``) the process is one instance of several: it launches
only the games whose lease it takes, and what concerns the games of other instances (room
changes, a person leaving) is sent to them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session, sessionmaker

from majiang.i18n import _, use
from majiang.server import trace
from majiang.server.live import KEEP_FINISHED, Conn, LiveGame
from majiang.server.protocol import MOVED, NOT_SEATED, error_frame
from majiang.server.settings import Settings
from majiang.server.store import Journal, StoredGame, load_game, playing_games
from majiang.server.tables import Table

if TYPE_CHECKING:  # imported when used: one process needs no Redis client
    from majiang.server.cluster import Cluster
    from majiang.server.workers import RemoteBots

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
        #: several instances (``settings.redis_url``): this one's leases and relays
        self.cluster: Cluster | None = None
        if settings.redis_url:
            from majiang.server.cluster import Cluster

            self.cluster = Cluster(self, settings.redis_url)
        #: the bot workers (``settings.bot_workers``), None: the bots think here
        self.remote_bots: RemoteBots | None = None
        if settings.redis_url and settings.bot_workers:
            from majiang.server.workers import RemoteBots

            self.remote_bots = RemoteBots(settings.redis_url, settings.bot_retry_seconds)

    async def start(self) -> None:
        """Start the journal and resume every game still being played (in a cluster: the
        games nobody owns, taken over by the cluster's scan)."""
        self.journal.start()
        if trace.TRACE is not None:
            self._tracer = asyncio.get_running_loop().create_task(trace.run())
        if self.cluster is not None:
            await self.cluster.start()
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
            return
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
        if self.cluster is not None:  # every write stored: the games may go elsewhere
            for game in self.games.values():
                for conn in game.connections():
                    conn.close(MOVED)
            await self.cluster.stop()
        if self.remote_bots is not None:
            self.remote_bots.close()

    def read(self, fn: Any, *args: Any) -> Any:
        """Return ``fn(session, *args)`` in a session of its own (call it in a thread)."""
        return self._with_session(fn, *args)

    def _with_session(self, fn: Any, *args: Any) -> Any:
        with self.sessions() as session:
            return fn(session, *args)

    async def launch(self, game_id: str, created_from: str | None = None) -> LiveGame | None:
        """Rebuild a stored game by replay and start its task; connections waiting in its room
        join it. In a cluster, only once this instance took its lease: None when another
        instance holds it (it plays the game; the sockets here follow it); the game then
        counts in its players' fair shares, and in those of the address it was
        ``created_from`` (a new game; a game taken over keeps the one stored with it)."""
        stored: StoredGame = await asyncio.to_thread(self._with_session, load_game, game_id)
        cluster = self.cluster
        if cluster is not None and not await cluster.acquire(stored.room_code):
            return None
        try:
            table = await asyncio.to_thread(
                Table.replay, stored.spec, stored.actions, stored.bot_level
            )
        except BaseException:
            if cluster is not None:
                await cluster.release(stored.room_code)
            raise
        game = LiveGame(stored, table, self.journal, self.settings)
        game.remote_bots = self.remote_bots
        self.games[stored.room_code] = game
        for conn in self.lobbies.pop(stored.room_code, set()):
            seat = game_seat(game, conn.player_id)
            if seat is None and not game.spectators_allowed:
                with use(conn.lang):
                    conn.send(error_frame("not_seated", _(NOT_SEATED)))
                conn.close(1008)
                continue
            game.connect(conn, -1 if seat is None else seat, conn.last_seq)
        if cluster is not None:
            await cluster.hold(game, created_from)
        game.start()
        if cluster is not None:
            cluster.started(stored.room_code)
        return game

    async def start_game(self, game_id: str, created_from: str) -> None:
        """Launch a game just stored as started (``launch``); in a cluster, on the least
        loaded instance (``cluster.Cluster.place``), or here if it does not launch it."""
        cluster = self.cluster
        if cluster is not None:
            target = await cluster.place()
            if target != cluster.instance and await cluster.launch_on(
                target, game_id, created_from
            ):
                return
        await self.launch(game_id, created_from=created_from)

    def drop(self, code: str, reason: str) -> None:
        """Stop playing room ``code``'s game here (its lease is another's, or may be): its
        sockets are closed with 1012 and reconnect to whichever instance plays it now; ``reason``:
        English, marked ``N_`` (translated for each socket)."""
        game = self.games.pop(code, None)
        if self.cluster is not None:
            self.cluster.held.discard(code)
            self.cluster.unhold(code)
        if game is None:
            return
        if game.task is not None:
            game.task.cancel()
        for conn in game.connections():
            with use(conn.lang):
                said = _("{reason}; reconnect to continue").format(reason=_(reason))
            conn.send(error_frame("moved", said))
            conn.close(MOVED)

    async def seat_left(self, code: str, seat: int) -> None:
        """A person left room ``code``'s game for good: its owner's bot plays the seat."""
        game = self.games.get(code)
        if game is not None:
            game.seat_left(seat)
        elif self.cluster is not None:
            await self.cluster.seat_left(code, seat)

    def room_update(self, code: str, room: dict[str, Any], relayed: bool = False) -> None:
        """Tell the connections waiting in a room that it changed (in a cluster: on every
        instance; ``relayed``: the change came from another)."""
        if self.cluster is not None and not relayed:
            self.cluster.room_changed(code, room)
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
                    if self.cluster is not None:
                        await self.cluster.release(code)


def game_seat(game: LiveGame, player_id: str | None) -> int | None:
    """Return the seat ``player_id`` holds at ``game`` (not left), or None."""
    if player_id is None:
        return None
    for n, seat in enumerate(game.seats):
        if seat.player_id == player_id and not seat.left:
            return n
    return None

"""Live games: one asyncio task per game drives the table, its timers, bots and connections.

A game's task is the only code that changes its table, so actions never race: client actions
arrive in the game's inbox and are checked, stored (the journal commits them) and applied in
order; only then are their events sent. Each connection has its own outbox drained by its own
sender task, so a slow client never holds up a table.

Who plays a seat: its person while at least one connection is open; a bot when the seat has no
person (``player_id`` None), when the person left the game, or when the seat has had no
connection for the grace period (``disconnect_grace`` after a disconnect, ``resume_grace`` after
the game started or the server restarted). The person takes the seat back by reconnecting.

A write that fails (the database locked, full, down) pauses the game: nothing the lost actions
caused is sent, the players get ``paused``, and the game task probes the database with a
growing delay; once it answers, the table is rebuilt from the stored actions (as at a restart)
and play goes on: ``resumed`` and a snapshot to every connection.

Nothing a seat receives depends on whether another could claim (docs/protocol.md, "What a seat
can learn"): decisions are numbered by the seat's own actions, and with ``bot_delay`` every
window of claims is paced alike (``_close_window``, ``_pace_window``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from majiang.actions import Action, action_from_dict, listed_form
from majiang.errors import MajiangError
from majiang.events import HandEnded
from majiang.i18n import SOURCE, _, use
from majiang.server.between_hands import NEXT_HAND_SECONDS, HandBreak
from majiang.server.fair import FairExecutor
from majiang.server.protocol import (
    GAME_STOPPED,
    PROTOCOL_VERSION,
    SPECTATORS_CANNOT_ACT,
    error_frame,
    frame_ref,
)
from majiang.server.settings import Settings
from majiang.server.store import (
    Journal,
    StoredGame,
    cause,
    finish_game,
    is_outage,
    load_game,
    store_action,
)
from majiang.server.tables import QUICK_BOTS, SPECTATOR, Table, bot_name, not_legal
from majiang.server.trace import ActionMark

if TYPE_CHECKING:
    from majiang.server.workers import RemoteBots

log = logging.getLogger("majiang.server")

#: default timers of a room, seconds (0: no timer)
TURN_SECONDS = 20.0
CLAIM_SECONDS = 8.0
#: a finished game stays in memory this long for late reconnections
KEEP_FINISHED = 600.0


class Seating(Protocol):
    """Where a connection's frames go once it is seated: its ``LiveGame``, or the relay to the
    instance that owns the game (``cluster.Relay``)."""

    def sync(self, conn: Conn) -> None: ...
    def next_hand(self, conn: Conn, ref: Any = None) -> None: ...
    def submit(self, conn: Conn, frame: dict[str, Any], mark: ActionMark | None = None) -> None: ...
    def detach(self, conn: Conn) -> None: ...


class Conn:
    """One websocket connection: a seat (or ``SPECTATOR``) and an outbox with its sender;
    ``lang``: the language of the messages of the frames made for it alone (its ``error``
    frames, ``paused``), the page's (``web.language``)."""

    def __init__(
        self,
        send: Callable[[dict[str, Any]], Any],
        close: Callable[[int], Any],
        max_outbox: int,
        lang: str = SOURCE,
    ) -> None:
        self.lang = lang
        self._send = send
        self._close = close
        self.max_outbox = max_outbox
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seat = SPECTATOR
        self.player_id: str | None = None
        self.game: Seating | None = None
        self.room_code: str | None = None
        #: waiting in a room's lobby: the last event number it saw (``hello``'s ``last_seq``)
        self.last_seq: int | None = 0
        self.last_sent = 0
        self.closed = False
        self.close_code = 1000
        #: tracing only: the marks of ``accepted`` frames waiting in the outbox, by frame id
        self.marks: dict[int, ActionMark] = {}

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame; a client too slow to take ``max_outbox`` frames is disconnected."""
        if self.closed:
            return
        if self.outbox.qsize() >= self.max_outbox:
            self.close(1008)
            if self.game is not None:  # as at a disconnect: the seat's grace, then its bot
                # later, not now: the game may be sending to this seat's connections in a loop
                asyncio.get_running_loop().call_soon(self.game.detach, self)
            return
        self.outbox.put_nowait(frame)

    def close(self, code: int = 1000) -> None:
        """Send what is queued, then close the connection."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)

    async def pump(self) -> None:
        """Send the outbox until closed (run as the connection's sender task)."""
        while True:
            frame = await self.outbox.get()
            if frame is None:
                await self._close(self.close_code)
                return
            await self._send(frame)
            if self.marks:
                mark = self.marks.pop(id(frame), None)
                if mark is not None:
                    mark.sent = time.monotonic()


@dataclass
class Seat:
    """A seat at a live game: who holds it and their open connections."""

    player_id: str | None
    name: str | None
    left: bool = False
    conns: set[Conn] = field(default_factory=set)
    grace_until: float = 0.0

    def played_by_bot(self, now: float) -> bool:
        """Return whether the bot plays this seat now."""
        if self.player_id is None or self.left:
            return True
        return not self.conns and now >= self.grace_until


@dataclass
class Decision:
    """Legal actions offered to a seat, with its number and the time the timer runs out."""

    id: int
    seat: int
    actions: list[Action]
    offered: float
    deadline: float | None

    def frame(self, default: Action, now: float) -> dict[str, Any]:
        """Return the ``decision`` frame (time left counted from ``now``)."""
        left = None if self.deadline is None else max(0, int((self.deadline - now) * 1000))
        return {
            "type": "decision",
            "decision": self.id,
            "seat": self.seat,
            "actions": [a.to_dict() for a in self.actions],
            "default": default.to_dict(),
            "timeout_ms": left,
        }


#: the threads where bots that think (the levels) choose, off the event loop, taking turns
#: between the tables' owners (``fair.FairExecutor``)
BOT_WORK = FairExecutor(workers=2, name="majiang-bot")
#: a run of bot actions is flushed (committed, then sent) at least every this many actions
FLUSH_EVERY = 32
#: a paused game probes the database after this many seconds, then twice as long each time up
#: to ``RETRY_MAX``; the delay goes back to the first once a write of the game commits
RETRY_FIRST = 0.25
RETRY_MAX = 4.0


class WriteFailed(Exception):
    """A write of the game was not committed: the game pauses (``LiveGame._pause``)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(cause(error))
        #: ``database_unavailable`` (locked, full, down) or ``write_failed`` (refused)
        self.code = "database_unavailable" if is_outage(error) else "write_failed"


Item = tuple[Any, ...]


class Inbox(asyncio.Queue[Item]):
    """The game task's queue of work (``action``, ``attach``, ``sync``, ``next_hand``, ``wake``
    items), which knows whether a connection has an item in it: a frame answered at once
    during a paced pause (``LiveGame.submit``) must not overtake one its connection sent first."""

    def __init__(self) -> None:
        super().__init__()
        self._queued: Counter[Conn] = Counter()

    def put_nowait(self, item: Item) -> None:
        super().put_nowait(item)
        if len(item) > 1 and isinstance(item[1], Conn):
            self._queued[item[1]] += 1

    def get_nowait(self) -> Item:
        item = super().get_nowait()
        if len(item) > 1 and isinstance(item[1], Conn):
            self._queued[item[1]] -= 1
            if not self._queued[item[1]]:
                del self._queued[item[1]]
        return item

    def holds(self, conn: Conn) -> bool:
        """Return whether an item of ``conn`` waits in the queue."""
        return conn in self._queued


class LiveGame:
    """A game being played: the table, its seats, open decisions, connections and timers.

    Stored before sent: an action's write goes to the journal and the action is applied at
    once, but every frame it causes waits in ``_outgoing`` until ``_flush`` has seen the write
    committed. Bots therefore play a run of actions at memory speed and the run is committed in
    one group; a client never receives an event whose action is not on disk. Whatever sends
    state to a client (a connection arriving, a snapshot asked for) is handled by the game task
    between flushes, so it too sees only committed events.
    """

    def __init__(self, stored: StoredGame, table: Table, journal: Journal, settings: Settings):
        self.game_id = stored.game_id
        self.room_code = stored.room_code
        self.table = table
        self.journal = journal
        self.settings = settings
        self.bot_level = stored.bot_level
        opts = stored.room_options
        self.turn_seconds = float(opts.get("turn_seconds", TURN_SECONDS))
        self.claim_seconds = float(opts.get("claim_seconds", CLAIM_SECONDS))
        self.next_hand_seconds = float(opts.get("next_hand_seconds", NEXT_HAND_SECONDS))
        #: the wait between two hands (``between_hands``), None while a hand is played
        self.hand_break: HandBreak | None = None
        self.bot_delay = float(opts.get("bot_delay_ms", 0)) / 1000.0
        self.spectators_allowed = bool(opts.get("spectators", False))
        now = time.monotonic()
        self.seats = [
            Seat(row.player_id, row.name, row.left, grace_until=now + settings.resume_grace)
            for row in stored.seats
        ]
        #: whose table it is, for sharing the bots' threads: its first person (a practice
        #: table's only one)
        self.owner = next((s.player_id for s in self.seats if s.player_id), self.game_id)
        self.watchers: set[Conn] = set()
        self.decisions: dict[int, Decision] = {}
        self.inbox = Inbox()
        self.rng = random.Random(secrets.randbits(64))
        self.task: asyncio.Task[None] | None = None
        self.finished_at: float | None = None
        #: called once the game is over and stored (a cluster gives its players' places back)
        self.on_finish: Callable[[], None] | None = None
        self.failed: str | None = None
        #: why the game is paused (a write failed), None while it plays
        self.paused: str | None = None
        self._retry = RETRY_FIRST
        self._outgoing: list[Callable[[], None]] = []
        #: the writes of the actions not yet flushed, in order
        self._writes: list[asyncio.Future[None]] = []
        self._unflushed = 0
        #: the game task is not running (before its start, after its end): attach at once
        self._direct = True
        #: pacing (``bot_delay`` > 0): the number of the event that opened the claim window
        #: being paced (the events after it are held back), and when it was shown
        self._window: int | None = None
        self._window_shown: float | None = None
        #: the open decisions as the seats last saw them, while the game task sleeps a paced
        #: pause (``_pace``; None otherwise): an action they refuse is answered at once
        self._pausing: dict[int, Decision] | None = None
        #: the open decisions when the paced claim window was shown
        self._window_decisions: dict[int, Decision] = {}
        #: the bot workers that choose for the bots that think (``workers``; None: here), and
        #: the name of this table's history for them: it only grows until the table is
        #: rebuilt from the database (``_pause``), which names a new one
        self.remote_bots: RemoteBots | None = None
        self.history = secrets.token_hex(4)

    def _think(self, seat: int, level: str, seed: int) -> Action:
        """Return the choice of a bot that thinks (in a thread of ``BOT_WORK``): made here, or
        by a bot worker."""
        if self.remote_bots is None:
            return self.table.bot_action(seat, level, seed)
        history = f"{self.game_id}:{self.history}"
        return self.remote_bots.choose(self.table, history, seat, level, seed)

    # -- what other tasks call (each only queues work for the game task, or changes a seat)
    def names(self) -> list[str | None]:
        """Return the display name of each seat (None for a bot)."""
        return [s.name for s in self.seats]

    def connect(self, conn: Conn, seat: int, last_seq: int | None) -> None:
        """Queue a new connection at ``seat`` (or ``SPECTATOR``); see ``attach``."""
        conn.game, conn.seat = self, seat
        if self.failed is not None:
            with use(conn.lang):
                conn.send(error_frame("server", _(GAME_STOPPED)))
            conn.close(1011)
        elif self._direct:
            self.attach(conn, seat, last_seq)  # nothing uncommitted: the game task is done
        else:
            self.inbox.put_nowait(("attach", conn, seat, last_seq))

    def sync(self, conn: Conn) -> None:
        """Queue a snapshot for the connection."""
        if self._direct:
            self.send_snapshot(conn)
        else:
            self.inbox.put_nowait(("sync", conn))

    def submit(self, conn: Conn, frame: dict[str, Any], mark: ActionMark | None = None) -> None:
        """Queue a client's ``action`` frame for the game task (``mark``: when tracing); once
        the task is done nothing would take it: refused at once (``game_over``). During a
        paced pause an action that the seat's decision as shown refuses (not its turn, a stale
        decision, not among the actions offered) is refused at once, unless a frame of the
        same connection waits before it; the others wait for the pause's end."""
        if self._direct:
            with use(conn.lang):
                message = _("the game is over") if self.failed is None else _("the game stopped")
            conn.send(error_frame("game_over", message, frame_ref(frame)))
            return
        if self._pausing is not None and not self.inbox.holds(conn) and not conn.closed:
            refused = self._refusal(conn, frame, self._pausing.get(conn.seat))
            if refused is not None:
                conn.send(refused)
                return
        self.inbox.put_nowait(("action", conn, frame, mark))

    def next_hand(self, conn: Conn, ref: Any = None) -> None:
        """Queue a client's ``next_hand`` frame (its person has read the hand's result)."""
        self.inbox.put_nowait(("next_hand", conn, ref))

    def wake(self) -> None:
        """Make the game task look at its seats again (a connection came or went)."""
        self.inbox.put_nowait(("wake",))

    def detach(self, conn: Conn) -> None:
        """Forget a closed connection; a seat left without one starts its grace period."""
        self.watchers.discard(conn)
        if conn.seat != SPECTATOR and 0 <= conn.seat < len(self.seats):
            seat = self.seats[conn.seat]
            seat.conns.discard(conn)
            if not seat.conns:
                seat.grace_until = time.monotonic() + self.settings.disconnect_grace
        self.wake()

    def seat_left(self, seat: int) -> None:
        """A person leaves the game for good: the bot plays the seat to the end."""
        owner = self.seats[seat]
        owner.left = True
        for conn in list(owner.conns):
            conn.send({"type": "left", "seat": seat})
            conn.close()
        owner.conns.clear()
        self.wake()

    def connections(self) -> list[Conn]:
        """Return every open connection (seats and spectators)."""
        out = list(self.watchers)
        for seat in self.seats:
            out.extend(seat.conns)
        return out

    def game_over_frame(self) -> dict[str, Any]:
        """Return the ``game_over`` frame: final scores, placements, the final standings
        (riichi: points after uma and oka), the seed, where the record is."""
        st = self.table.state
        return {
            "type": "game_over",
            "game": self.game_id,
            "scores": list(st.scores),
            "placements": list(st.placements),
            "final_points": list(st.final_points),
            "seed": self.table.spec.seed,
            "record": f"/api/games/{self.game_id}/record",
        }

    # -- sending (game task only, every event committed)
    def attach(self, conn: Conn, seat: int, last_seq: int | None) -> None:
        """Welcome a connection at ``seat`` (or ``SPECTATOR``) and send what it has missed: the
        events after ``last_seq``, or a snapshot of its view when ``last_seq`` is None."""
        if conn.closed:
            return
        conn.game, conn.seat = self, seat
        table = self.table
        conn.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "room": self.room_code,
                "game": self.game_id,
                "seat": None if seat == SPECTATOR else seat,
                "players": self.names(),
                "seq": table.seq,
                "turn_seconds": self.turn_seconds,
                "claim_seconds": self.claim_seconds,
                "finished": table.over,
            }
        )
        if last_seq is None or not 0 <= last_seq <= table.seq:
            self.send_snapshot(conn)
        else:
            for n, event in table.events_after(seat, last_seq):
                conn.send({"type": "event", "seq": n, "event": event})
            conn.last_sent = table.seq
        if table.over and self.finished_at is not None:
            conn.send(self.game_over_frame())
        self._attach_break(conn)
        if seat == SPECTATOR:
            self.watchers.add(conn)
            return
        owner = self.seats[seat]
        owner.conns.add(conn)
        decision = self.decisions.get(seat)
        if decision is not None:
            conn.send(decision.frame(table.default_action(seat), time.monotonic()))

    def _attach_break(self, conn: Conn) -> None:
        if self.hand_break is not None and self.hand_break.announced and not conn.closed:
            now = time.monotonic()
            conn.send(self.hand_break.frame(self._awaited(now), now))

    def send_snapshot(self, conn: Conn) -> None:
        """Send the connection's view of the table now."""
        conn.send({"type": "snapshot", "seq": self.table.seq, "view": self.table.view(conn.seat)})
        conn.last_sent = self.table.seq

    def _send_seat(self, seat: int, frame: dict[str, Any], mark: ActionMark | None = None) -> None:
        if mark is not None:
            mark.released = time.monotonic()
        for conn in self.seats[seat].conns:
            if mark is not None:
                conn.marks[id(frame)] = mark
            conn.send(frame)

    def _broadcast_upto(self, last: int) -> None:
        for conn in self.connections():
            if conn.last_sent >= last:
                continue
            for n, event in self.table.events_after(conn.seat, conn.last_sent)[
                : last - conn.last_sent
            ]:
                conn.send({"type": "event", "seq": n, "event": event})
            conn.last_sent = last

    async def _flush(self) -> None:
        """Wait until every action so far is committed, then send the frames they caused; if
        one is not, send nothing and raise ``WriteFailed`` (its cause: the first that failed,
        the later ones were refused untried)."""
        writes, self._writes = self._writes, []
        for n, write in enumerate(writes):
            try:
                await write
            except Exception as error:
                # the later writes are refused untried; let them settle before pausing
                await asyncio.gather(*writes[n + 1 :], return_exceptions=True)
                self._outgoing = []
                raise WriteFailed(error) from error
        if writes:
            self._retry = RETRY_FIRST
        self._unflushed = 0
        outgoing, self._outgoing = self._outgoing, []
        for send in outgoing:
            send()

    # -- the game task
    def start(self) -> None:
        """Start the game task."""
        self._direct = False
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        """Play the game to its end; a write that fails pauses it until the database answers,
        then it goes on from what is stored."""
        while True:
            try:
                await self._play()
                return
            except WriteFailed as failure:
                try:
                    await self._pause(failure)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the stored game does not replay: a bug
                    self._fail(exc)
                    return

    async def _play(self) -> None:
        """Offer decisions, let bots and timers act, take actions, until the game ends."""
        try:
            while not self.table.over:
                if await self._close_window():
                    continue
                now = time.monotonic()
                between = self._between_hands(now)
                if not between:
                    self._refresh_decisions(now)
                    if await self._pace_window():
                        continue
                bot = None if between else self._bot_to_play(time.monotonic())
                if bot is not None:
                    # a claim is answered within its window's pause, unflushed: nothing is
                    # shown, slept or flushed for an answer a seat without a claim never gives
                    claim = self.table.phase() == "claim"
                    if self.bot_delay and not claim:
                        await self._flush()
                        await self._pace(self.bot_delay, dict(self.decisions))
                        await self._drain()
                        still = bot in self.table.waiting()
                        if not still or not self.seats[bot].played_by_bot(time.monotonic()):
                            continue
                    seed = self.rng.randrange(2**31)
                    if bot_name(self.bot_level) in QUICK_BOTS:
                        action = self.table.bot_action(bot, self.bot_level, seed)
                    else:  # a thinking bot: show what is done, think off the event loop
                        if not claim:
                            await self._flush()
                        action = await asyncio.wrap_future(
                            BOT_WORK.submit(self.owner, self._think, bot, self.bot_level, seed)
                        )
                    self._act(bot, action, "bot")
                    # never inside a claim window: the run is cut at the same place whether or
                    # not the seats had claims to answer
                    if self._unflushed >= FLUSH_EVERY and self.table.phase() != "claim":
                        await self._flush()
                        await self._drain()
                    continue
                await self._flush()
                if await self._drain():
                    continue
                wake_at = self._next_wake()
                timeout = None if wake_at is None else max(0.0, wake_at - time.monotonic())
                try:
                    item = await asyncio.wait_for(self.inbox.get(), timeout)
                except TimeoutError:
                    self._expire(time.monotonic())
                    continue
                self._handle(item)
            await self._close_window()
            await self._flush()
            await self._finish()
            self._direct = True
            await self._drain()  # connections that came while the game ended
        except (asyncio.CancelledError, WriteFailed):
            raise
        except Exception as exc:  # a bug: the game resumes on restart
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        """Stop the game for good (until a restart): a bug, not the database."""
        log.exception("game %s stopped", self.game_id, exc_info=exc)
        self.failed = str(exc)
        self._direct = True
        waiting = [self.inbox.get_nowait() for _ in range(self.inbox.qsize())]
        arriving = [item[1] for item in waiting if item[0] == "attach"]
        for conn in self.connections() + arriving:
            with use(conn.lang):
                conn.send(error_frame("server", _(GAME_STOPPED)))
            conn.close(1011)

    async def _pause(self, failure: WriteFailed) -> None:
        """Stop playing until the database answers again, then rebuild the table from the
        stored actions and tell every connection (``resumed`` and a snapshot).

        The table in memory may be ahead of what is stored, so while paused nothing of it is
        sent: an ``action`` gets ``error`` ``paused``, a ``sync`` the ``paused`` frame again,
        and a connection arriving gets ``paused`` now and its ``welcome`` on resuming."""
        self._outgoing, self._unflushed = [], 0
        self.decisions.clear()
        self.paused = str(failure)
        log.warning("game %s paused: %s", self.game_id, failure)
        frame = {"type": "paused", "reason": failure.code}
        for conn in self.connections():
            conn.send(self._paused_frame(frame, conn))
        arriving: list[Item] = []  # welcomed once resumed (or told the game stopped)
        try:
            self.table = await self._restored(frame, arriving)
            self.history = secrets.token_hex(4)  # the table's actions may differ from here
        finally:
            for item in arriving:
                self.inbox.put_nowait(item)
        self.journal.reopen(self.game_id)
        if self.hand_break is not None and self.hand_break.after > self.table.seq:
            self.hand_break = None  # the hand's end was not stored: it is being played again
        self.paused = None
        log.warning("game %s resumed at action %d", self.game_id, len(self.table.actions))
        for conn in self.connections():
            conn.send({"type": "resumed", "seq": self.table.seq})
            self.send_snapshot(conn)
            self._attach_break(conn)

    async def _restored(self, frame: dict[str, Any], arriving: list[Item]) -> Table:
        """Return the table rebuilt from the database once it answers, probing it after a
        delay that doubles each time (see ``RETRY_FIRST``)."""
        delay = self._retry
        while True:
            await self._wait_paused(delay, frame, arriving)
            problem = await self.journal.check()
            if problem is None:
                try:
                    stored = await asyncio.to_thread(self.journal.read, load_game, self.game_id)
                    table = await asyncio.to_thread(
                        Table.replay, stored.spec, stored.actions, stored.bot_level
                    )
                except Exception as error:
                    if not is_outage(error):
                        raise
                    problem = cause(error)
                else:
                    self._retry = min(delay * 2, RETRY_MAX)  # failing again soon: wait longer
                    return table
            delay = min(delay * 2, RETRY_MAX)
            log.debug("game %s still paused (%s); next try in %.2g s", self.game_id, problem, delay)

    def _pause_message(self, conn: Conn) -> str:
        """Return why the game is paused, in the connection's language (the database's own
        words, quoted, stay as it said them)."""
        with use(conn.lang):
            said = _(
                "the game is paused: the database did not store its last actions ({cause}); "
                "it resumes by itself when the database answers"
            )
            return said.format(cause=self.paused)

    def _paused_frame(self, frame: dict[str, Any], conn: Conn) -> dict[str, Any]:
        """Return the ``paused`` frame for a connection: ``frame`` with its ``message``."""
        return {**frame, "message": self._pause_message(conn)}

    async def _wait_paused(
        self, seconds: float, frame: dict[str, Any], arriving: list[Item]
    ) -> None:
        """Answer the inbox for ``seconds`` while paused (see ``_pause``)."""
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            try:
                item = await asyncio.wait_for(self.inbox.get(), left)
            except TimeoutError:
                return
            kind = item[0]
            if kind == "action":
                ref = frame_ref(item[2])
                item[1].send(error_frame("paused", self._pause_message(item[1]), ref))
            elif kind == "sync":
                item[1].send(self._paused_frame(frame, item[1]))
            elif kind == "attach":
                item[1].send(self._paused_frame(frame, item[1]))
                arriving.append(item)
            elif kind == "next_hand":
                self._ready(item[1], item[2])  # its frame goes out once resumed

    async def _drain(self) -> bool:
        """Handle every queued item (the state is all committed); return whether any came.
        Nothing is handled while a claim window is paced (see ``_pace_window``)."""
        handled = False
        while not self.inbox.empty() and not self._window_holds():
            self._handle(self.inbox.get_nowait())
            handled = True
            if self._outgoing:
                await self._flush()
        return handled

    # -- pacing: every claim window lasts the same, whether or not anyone could claim
    def _bot_to_play(self, now: float) -> int | None:
        return next((s for s in self.table.waiting() if self.seats[s].played_by_bot(now)), None)

    def _window_holds(self) -> bool:
        """Return whether a paced claim window keeps the inbox waiting: its pause runs, or it
        closed and what followed is not shown yet (a snapshot would show it early)."""
        if self._window is None:
            return False
        if self._window_shown is None or self.table.seq > self._window:
            return True
        return time.monotonic() < self._window_shown + self.bot_delay

    async def _show_window(self) -> float:
        """Send the event that opened the paced window (and the claims just offered) once;
        return when it was shown."""
        if self._window_shown is None:
            await self._flush()
            self._window_shown = time.monotonic()
            self._window_decisions = dict(self.decisions)
        return self._window_shown

    async def _pace(self, seconds: float, shown: dict[int, Decision]) -> None:
        """Sleep a paced pause of ``seconds``; meanwhile ``submit`` refuses at once the actions
        that ``shown``, the open decisions as the seats saw them, refuses (docs/protocol.md,
        "Pacing")."""
        self._pausing = shown
        try:
            await asyncio.sleep(seconds)
        finally:
            self._pausing = None

    async def _close_window(self) -> bool:
        """When the paced window has closed (every claim answered, or none to give): wait
        out its pause, ``bot_delay`` after its event was shown, then release the events that
        followed; return whether it did. The same one sleep for every window."""
        if self._window is None or self.table.seq <= self._window:
            return False
        shown = await self._show_window()
        await self._pace(
            max(0.0, shown + self.bot_delay - time.monotonic()), self._window_decisions
        )
        self._window = self._window_shown = None
        self._outgoing.append(partial(self._broadcast_upto, self.table.seq))
        await self._flush()
        await self._drain()
        return True

    async def _pace_window(self) -> bool:
        """While the paced window is open: show it, let the bots answer at once, and when
        only people may still answer, handle nothing before the pause is over (a snapshot or
        a reconnection then sees what it would see had nobody a claim). Return whether it
        slept."""
        if self._window is None:
            return False
        shown = await self._show_window()
        left = shown + self.bot_delay - time.monotonic()
        if left > 0 and self._bot_to_play(time.monotonic()) is None:
            await self._pace(left, self._window_decisions)
            return True
        return False

    def _handle(self, item: Item) -> None:
        kind = item[0]
        if kind == "action":
            self._take(item[1], item[2], item[3])
        elif kind == "attach":
            self.attach(item[1], item[2], item[3])
        elif kind == "sync":
            self.send_snapshot(item[1])
        elif kind == "next_hand":
            self._ready(item[1], item[2])

    def _next_wake(self) -> float | None:
        if self.hand_break is not None:
            # between hands nobody acts: the countdown and the graces still running (a person
            # is awaited until the grace ends) are all; a grace gone by would wake the task at
            # once, again and again
            now = time.monotonic()
            waits = [s.grace_until for s in self.seats if s.player_id and not s.conns]
            waits = [t for t in waits if t > now]
            if self.hand_break.deadline is not None:
                waits.append(self.hand_break.deadline)
            return min(waits) if waits else None
        times = [d.deadline for d in self.decisions.values() if d.deadline is not None]
        times.extend(
            self.seats[s].grace_until
            for s in self.table.waiting()
            if not self.seats[s].conns and self.seats[s].player_id
        )
        return min(times) if times else None

    def _refresh_decisions(self, now: float) -> None:
        waiting = set(self.table.waiting())
        for seat in list(self.decisions):
            if seat not in waiting:
                del self.decisions[seat]
        claim = self.table.phase() == "claim"
        limit = self.claim_seconds if claim else self.turn_seconds
        for seat in sorted(waiting):
            if self.seats[seat].played_by_bot(now):
                continue
            legal = self.table.legal(seat)
            current = self.decisions.get(seat)
            if current is not None and current.actions == legal:
                continue
            decision = Decision(
                id=self.table.actions_of(seat) + 1,
                seat=seat,
                actions=legal,
                offered=now,
                deadline=now + limit if limit > 0 else None,
            )
            self.decisions[seat] = decision
            frame = decision.frame(self.table.default_action(seat), now)
            self._outgoing.append(partial(self._send_seat, seat, frame))

    def _expire(self, now: float) -> None:
        for seat, decision in sorted(self.decisions.items()):
            if decision.deadline is not None and now >= decision.deadline:
                self._act(seat, self.table.default_action(seat), "timeout")
                return

    def _refusal(
        self, conn: Conn, frame: dict[str, Any], decision: Decision | None
    ) -> dict[str, Any] | None:
        """Return the ``error`` frame refusing the action ``frame`` of ``conn`` against its
        seat's open ``decision`` (None: none open), or None when the decision allows it; its
        message in the connection's language."""
        with use(conn.lang):
            ref = frame_ref(frame)
            if conn.seat == SPECTATOR:
                return error_frame("spectator", _(SPECTATORS_CANNOT_ACT), ref)
            if decision is None:
                return error_frame("not_your_turn", _("it is not your turn to act"), ref)
            asked = frame.get("decision")
            if asked is not None and asked != decision.id:
                said = _("decision {asked!r} is over; the open one is {open}")
                return error_frame(
                    "stale_decision", said.format(asked=asked, open=decision.id), ref
                )
            written: Any = frame.get("action")
            try:
                action = action_from_dict(written)
            except MajiangError as exc:
                return error_frame("illegal_action", str(exc), ref)
            if listed_form(action) not in decision.actions:  # the table checks a from_hand
                why = not_legal(action, conn.seat, decision.actions)
                return error_frame("illegal_action", why, ref)
            return None

    def _take(self, conn: Conn, frame: dict[str, Any], mark: ActionMark | None = None) -> None:
        """Check a client's action frame; act on it or send an error."""
        if mark is not None:
            mark.took = time.monotonic()
        if conn.closed:
            return
        ref = frame_ref(frame)
        refused = self._refusal(conn, frame, self.decisions.get(conn.seat))
        if refused is None:
            try:  # the table may have moved since the decision was offered
                with use(conn.lang):
                    action = self.table.check(conn.seat, frame.get("action"))
            except MajiangError as exc:
                refused = error_frame("illegal_action", str(exc), ref)
        if refused is not None:
            if refused["code"] == "not_your_turn" and self.table.legal(conn.seat):
                with use(conn.lang):
                    why = _("your seat is being played by the bot; reconnect to take it back")
                refused = error_frame("not_your_turn", why, ref)
            conn.send(refused)
            return
        self._act(conn.seat, action, "player", ref, mark)

    def _act(
        self, seat: int, action: Action, by: str, ref: Any = None, mark: ActionMark | None = None
    ) -> None:
        """Queue the action's write, apply it, and queue its frames until the write commits."""
        number = len(self.table.actions) + 1
        write = self.journal.submit(
            store_action(self.game_id, number, seat, action.to_dict()), chain=self.game_id
        )
        self._writes.append(write)
        if mark is not None:
            mark.queued = time.monotonic()
            write.add_done_callback(partial(_committed, mark))
        if self.table.phase() != "claim":  # the answers to claims are not counted: hidden
            self._unflushed += 1
        decision = self.decisions.pop(seat, None)
        before = self.table.seq
        caused = self.table.apply(seat, action)
        ended = [n for n, event in caused if isinstance(event, HandEnded)]
        if ended and not self.table.over:
            self._start_break(ended[0])  # announced by the game task (``_between_hands``)
        if decision is not None:
            taken = {
                "type": "accepted" if by == "player" else "auto",
                "decision": decision.id,
                "action": action.to_dict(),
                "by": by,
            }
            if ref is not None:
                taken["ref"] = ref
            self._outgoing.append(partial(self._send_seat, seat, taken, mark))
        if self.bot_delay and self._window is None:
            self._window = self.table.claim_window_after(before)
        shown = self.table.seq if self._window is None else min(self.table.seq, self._window)
        self._outgoing.append(partial(self._broadcast_upto, shown))

    # -- between hands (``between_hands``): the deal is made, nobody is asked to act until it ends
    def _start_break(self, after: int) -> None:
        limit = self.next_hand_seconds
        deadline = time.monotonic() + limit if limit > 0 else None
        self.hand_break = HandBreak(after, deadline)
        self.decisions.clear()

    def _awaited(self, now: float) -> list[int]:
        """Return the seats whose person is at the table and has not pressed *Next hand*."""
        ready = self.hand_break.ready if self.hand_break is not None else set()
        return [
            n for n, seat in enumerate(self.seats) if n not in ready and not seat.played_by_bot(now)
        ]

    def _queue_break_frame(self) -> None:
        """Queue the ``between_hands`` frame as the wait is now, for every connection."""
        if self.hand_break is not None:
            now = time.monotonic()
            frame = self.hand_break.frame(self._awaited(now), now)
            self._outgoing.append(partial(self._send_all, frame))

    def _send_all(self, frame: dict[str, Any]) -> None:
        for conn in self.connections():
            conn.send(frame)

    def _between_hands(self, now: float) -> bool:
        """Return whether the game waits between hands; end the wait when nobody is awaited
        any more or its countdown ran out."""
        wait = self.hand_break
        if wait is None:
            return False
        if not wait.announced:  # after the events of the hand's end (and of its claim window)
            wait.announced = True
            self._queue_break_frame()
        if self._awaited(now) and (wait.deadline is None or now < wait.deadline):
            return True
        self._outgoing.append(partial(self._send_all, wait.frame([], now, over=True)))
        self.hand_break = None
        return False

    def _ready(self, conn: Conn, ref: Any) -> None:
        if conn.closed:
            return
        if conn.seat == SPECTATOR:
            with use(conn.lang):
                conn.send(error_frame("spectator", _(SPECTATORS_CANNOT_ACT), ref))
        elif self.hand_break is None:
            with use(conn.lang):
                said = _("no hand is waiting to start")
            conn.send(error_frame("not_between_hands", said, ref))
        elif conn.seat not in self.hand_break.ready:
            self.hand_break.ready.add(conn.seat)
            self._queue_break_frame()

    async def _finish(self) -> None:
        self.decisions.clear()
        # the record (every event of the game, some 100 KB of JSON) is made in a thread: done
        # on the event loop it held up every other game for tens of milliseconds
        names = self.names()
        record = await asyncio.to_thread(lambda: json.dumps(self.table.record(names)))
        try:
            await self.journal.write(
                finish_game(self.game_id, self.room_code, record), chain=self.game_id
            )
        except Exception as error:
            raise WriteFailed(error) from error
        self.finished_at = time.monotonic()
        if self.on_finish is not None:
            self.on_finish()
        frame = self.game_over_frame()
        for conn in self.connections():
            conn.send(frame)


def _committed(mark: ActionMark, _future: asyncio.Future[None]) -> None:
    mark.committed = time.monotonic()

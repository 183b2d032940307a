"""Several instances on one database: a lease on each live game, and its frames relayed through
Redis to whichever instance holds the player's websocket (``MAJIANG_REDIS_URL``; docs/deploy.md).

Each live game is played by one instance, its owner: the one whose key
``majiang:lease:<room>`` names it. The owner renews the key every third of
``lease_seconds``; an instance that dies stops renewing, the key expires, and the next scan of
another instance (every half lease) finds the game playing in the database with no owner,
takes the lease and rebuilds the game from its stored actions, as a restart does.

A websocket may reach any instance. When its room's game is owned elsewhere, the instance
(its edge) keeps the socket, its hello, rate limit and pings, and relays the rest: ``open``,
``action``, ``sync``, ``next_hand`` and ``detach`` messages go to the owner's channel
``majiang:to:<owner>``, where a ``Conn`` stands for the socket, and the frames that ``Conn``
is sent come back on the edge's channel. Both directions go through one publisher per instance
that sends whatever is queued in one pipeline, so the messages of a connection keep their order.
Room changes and game starts go to every instance (``majiang:all``): the sockets waiting in a
room's lobby on any instance follow its game.

When an owner disappears (its lease taken or gone), the edges close its relayed sockets with
1012 (service restart): the client reconnects to any instance with its last event number and
continues from what is stored. An owner that loses its lease (it could not renew in time)
drops its games the same way. A stale owner's late write cannot corrupt a game: actions are
stored under their number, and the second write of a number is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis
from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse
from redis.exceptions import RedisError
from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang.i18n import LANGUAGES, N_, SOURCE, _, use
from majiang.server.db import Game, utcnow
from majiang.server.edge import Refusal
from majiang.server.live import Conn, LiveGame
from majiang.server.protocol import MOVED, NOT_SEATED, NOT_STARTED, error_frame, frame_ref
from majiang.server.shares import Shares
from majiang.server.tables import SPECTATOR
from majiang.server.trace import ActionMark

if TYPE_CHECKING:
    from majiang.server.registry import Registry

log = logging.getLogger("majiang.server")

PREFIX = "majiang:"
#: every instance listens here: room changes and game starts
EVERYONE = PREFIX + "all"
#: a game that could not be taken over (its replay failed: a bug) is tried again after this
#: many seconds, not at every scan
RETRY_BROKEN = 60.0
#: how long the address a game was created from is kept for its fair share (the key is
#: deleted when the game ends; this only bounds what a game never finished leaves)
CREATED_SECONDS = 7 * 24 * 3600
#: seconds an instance waits for another's answer (a question about a game, a launch)
ASK_SECONDS = 10.0
#: every instance's games in play, by instance name, published every third of a lease: new
#: games go to the least loaded (``place``)
LOAD = PREFIX + "load"

#: renew the key if this instance holds it (a lease taken over is not extended)
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
#: delete the key if this instance holds it
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def lease_key(code: str) -> str:
    """Return the key of the lease on room ``code``'s live game.

    >>> lease_key("AbC")
    'majiang:lease:AbC'
    """
    return f"{PREFIX}lease:{code}"


def alive_key(instance: str) -> str:
    """Return the key an instance keeps while it runs (its edges' sockets count as gone
    once it expires)."""
    return f"{PREFIX}alive:{instance}"


def created_key(code: str) -> str:
    """Return the key holding the address room ``code``'s game was created from."""
    return f"{PREFIX}created:{code}"


def channel(instance: str) -> str:
    """Return the channel an instance reads its relayed messages from."""
    return f"{PREFIX}to:{instance}"


def default_instance_id() -> str:
    """Return a name unique to this process: host, process id and a random suffix."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def least_loaded(loads: dict[str, int], me: str, slack: int) -> str:
    """Return the instance that should play a new game made on ``me``, given every
    instance's games in play: ``me`` unless it plays more than ``slack`` games more than
    the least loaded (the first name of those on a tie), which then gets it.

    >>> least_loaded({"a": 7, "b": 4, "c": 5}, "a", 2)
    'b'
    >>> least_loaded({"a": 6, "b": 4, "c": 4}, "a", 2)
    'a'
    >>> least_loaded({"a": 1, "b": 0}, "a", 0)
    'b'
    """
    least = min(sorted(loads), key=lambda name: loads[name])
    return least if loads[me] > loads[least] + slack else me


def playing_rooms(session: Session, started_before: dt.datetime) -> list[tuple[str, str]]:
    """Return ``(room code, game id)`` of every game being played that was started before
    ``started_before`` (a game just started is being launched by the instance starting it,
    which may first ask another to: ``Cluster.place``)."""
    rows = session.execute(
        select(Game.room_code, Game.id).where(
            Game.status == "playing", Game.created_at < started_before
        )
    )
    return [(code, game_id) for code, game_id in rows]


class Relay:
    """The edge's side of a socket whose game another instance owns: what the socket sends
    goes to the owner (a ``live.Seating``)."""

    def __init__(self, cluster: Cluster, conn_id: str, owner: str, code: str) -> None:
        self.cluster = cluster
        self.conn_id = conn_id
        self.owner = owner
        self.code = code

    def _post(self, message: dict[str, Any]) -> None:
        self.cluster.post(channel(self.owner), {**message, "conn": self.conn_id})

    def sync(self, conn: Conn) -> None:
        self._post({"op": "sync"})

    def next_hand(self, conn: Conn, ref: Any = None) -> None:
        self._post({"op": "next_hand", "ref": ref})

    def submit(self, conn: Conn, frame: dict[str, Any], mark: ActionMark | None = None) -> None:
        self._post({"op": "action", "frame": frame})

    def detach(self, conn: Conn) -> None:
        if self.cluster.relays.pop(self.conn_id, None) is not None:
            self._post({"op": "detach"})


class Cluster:
    """This instance's part in the cluster: its leases, its relays, its Redis channels."""

    def __init__(self, registry: Registry, url: str) -> None:
        settings = registry.settings
        self.registry = registry
        self.instance = settings.instance_id or default_instance_id()
        self.lease_ms = int(settings.lease_seconds * 1000)
        self.redis: aioredis.Redis = aioredis.from_url(url, decode_responses=True)
        #: the fair shares counted across the instances (``limits``, ``shares``), and the
        #: places the games played here hold in them (by room code)
        self.shares = Shares(self.redis, self.instance)
        self.holding: dict[str, list[tuple[str, str]]] = {}
        #: what this instance answers about the games it plays, by question (``ask``): the
        #: answer's body, or an ``HTTPException``; and the questions it asked, by id
        self.answers: dict[str, Callable[[LiveGame | None, dict[str, Any]], Any]] = {}
        self._asked: dict[str, asyncio.Future[dict[str, Any]]] = {}
        #: the rooms whose game this instance owns (a lease renewed)
        self.held: set[str] = set()
        #: the edge's relayed sockets, and the owner's stand-ins for the sockets of other
        #: instances (by their connection id)
        self.relays: dict[str, Conn] = {}
        self.remote: dict[str, tuple[Conn, str, str]] = {}  # id -> (conn, edge, room)
        self._outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        #: the sender tasks of the stand-ins, and the places given back (kept: a task nobody
        #: holds may be collected)
        self._pumps: set[asyncio.Task[None]] = set()
        self._renewed = time.monotonic()
        self._renew: Any = None
        self._release: Any = None
        #: the games whose takeover failed, with when to try again (``RETRY_BROKEN``)
        self._broken: dict[str, float] = {}
        #: relayed messages sent and read (the bench's figures)
        self.sent = 0
        self.read = 0

    # -- start and stop
    async def start(self) -> None:
        """Announce this instance, listen to its channels, and start renewing, scanning and
        watching."""
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        await self.shares.forget_mine()  # a former process of this name did not stop cleanly
        await self.redis.set(alive_key(self.instance), "1", px=self.lease_ms)
        await self.redis.hset(LOAD, self.instance, "0")
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(channel(self.instance), EVERYONE)
        loop = asyncio.get_running_loop()
        for work in (self._listen(pubsub), self._publish(), self._keep(), self._scan()):
            self._tasks.append(loop.create_task(work))
        log.info("instance %s in the cluster (lease %d ms)", self.instance, self.lease_ms)

    async def stop(self) -> None:
        """Close the relayed sockets (their clients reconnect elsewhere), give the leases
        back and leave: call once the games' tasks are stopped and their writes stored."""
        for conn_id in list(self.relays):
            self._moved(self.relays.pop(conn_id))
        for conn_id in list(self.remote):
            conn, _edge, _code = self.remote.pop(conn_id)
            conn.close(MOVED)
        await asyncio.sleep(0.05)  # the closes just queued are published
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            for code in list(self.held):
                await self._release(keys=[lease_key(code)], args=[self.instance])
            # the games' places go with their leases, the sockets' with the sockets
            await self.shares.forget_mine()
            await self.redis.hdel(LOAD, self.instance)
            await self.redis.delete(alive_key(self.instance))
        self.held.clear()
        await self.redis.aclose()

    # -- leases
    async def acquire(self, code: str) -> bool:
        """Take the lease on room ``code``'s game if nobody holds it; return whether taken."""
        taken = await self.redis.set(lease_key(code), self.instance, nx=True, px=self.lease_ms)
        if taken:
            self.held.add(code)
        return bool(taken)

    async def release(self, code: str) -> None:
        """Give the lease on ``code`` back (its game left this instance's memory)."""
        self.held.discard(code)
        with contextlib.suppress(Exception):
            await self._release(keys=[lease_key(code)], args=[self.instance])

    async def hold(self, game: LiveGame, created_from: str | None) -> None:
        """Count ``game``, launched here, in the fair shares of its players and of the address
        it was ``created_from`` (None: a game taken over, whose address is stored in Redis)
        until it ends or leaves this instance (``unhold``)."""
        code = game.room_code
        try:
            if created_from is not None:
                await self.redis.set(created_key(code), created_from, ex=CREATED_SECONDS)
            else:
                found = await self.redis.get(created_key(code))
                created_from = None if found is None else str(found)
            counts = [
                ("tables", p) for p in sorted({s.player_id for s in game.seats if s.player_id})
            ]
            if created_from is not None:
                counts.append(("from", created_from))
            await self.shares.add(counts, 1)
        except RedisError as error:  # the game plays on, uncounted
            log.warning("game %s not counted in its players' fair shares: %s", code, error)
            return
        self.holding[code] = counts
        game.on_finish = lambda: self.unhold(code, finished=True)

    def unhold(self, code: str, finished: bool = False) -> None:
        """Give back the places room ``code``'s game holds (it ended, or left this
        instance)."""
        counts = self.holding.pop(code, None)
        if counts is None:
            return

        async def give_back() -> None:
            await self.shares.give_back(counts)
            if finished:
                with contextlib.suppress(RedisError):  # it expires (``CREATED_SECONDS``)
                    await self.redis.delete(created_key(code))

        chore = asyncio.get_running_loop().create_task(give_back())
        self._pumps.add(chore)
        chore.add_done_callback(self._pumps.discard)

    async def owner(self, code: str) -> str | None:
        """Return the instance that owns room ``code``'s game, or None."""
        found = await self.redis.get(lease_key(code))
        return None if found is None else str(found)

    async def _keep(self) -> None:
        """Every third of a lease: renew this instance's leases (dropping the games whose
        lease was lost), and close the relays whose owner changed and the stand-ins whose
        edge is gone."""
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self._renew_all()
                await self._watch_relays()
                await self._watch_edges()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("cluster upkeep failed: %s", error)
                if time.monotonic() - self._renewed > self.lease_ms / 1000:
                    # the leases may be another's by now: stop playing them
                    for code in list(self.held):
                        self.registry.drop(code, N_("this server lost touch with the cluster"))

    async def _renew_all(self) -> None:
        codes = sorted(self.held)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(alive_key(self.instance), "1", px=self.lease_ms)
            pipe.hset(LOAD, self.instance, str(self.in_play()))
            for code in codes:
                await self._renew(
                    keys=[lease_key(code)], args=[self.instance, self.lease_ms], client=pipe
                )
            answers = await pipe.execute()
        self._renewed = time.monotonic()
        for code, kept in zip(codes, answers[2:], strict=True):
            if not kept and code in self.held:
                log.warning("lease on %s lost: its game is played elsewhere now", code)
                self.registry.drop(code, N_("the game moved to another server"))

    async def _watch_relays(self) -> None:
        relays = list(self.relays.items())
        if not relays:
            return
        codes = sorted({conn.room_code for _id, conn in relays if conn.room_code})
        owners = dict(zip(codes, await self.redis.mget([lease_key(c) for c in codes]), strict=True))
        for conn_id, conn in relays:
            relay = conn.game
            if isinstance(relay, Relay) and owners.get(relay.code) != relay.owner:
                self.relays.pop(conn_id, None)
                self._moved(conn)

    async def _watch_edges(self) -> None:
        edges = sorted({edge for _conn, edge, _code in self.remote.values()})
        if not edges:
            return
        alive = await self.redis.mget([alive_key(e) for e in edges])
        gone = {edge for edge, mark in zip(edges, alive, strict=True) if mark is None}
        for conn_id, (_conn, edge, _code) in list(self.remote.items()):
            if edge in gone:
                self._forget_remote(conn_id)

    async def _scan(self) -> None:
        """Every half lease: take over the games being played that nobody owns."""
        while True:
            try:
                await self.scan()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("scan for games without an owner failed: %s", error)
            await asyncio.sleep(self.lease_ms / 2000)

    async def scan(self) -> list[str]:
        """Launch here every game being played that has no owner; return their room codes."""
        registry = self.registry
        # a game started less than a lease ago is its starter's to launch (if the starter died
        # meanwhile, the game is taken over a lease later)
        started_before = utcnow() - dt.timedelta(milliseconds=self.lease_ms)
        rows = await asyncio.to_thread(registry.read, playing_rooms, started_before)
        rows = [(c, g) for c, g in rows if c not in registry.games and c not in registry.starting]
        if not rows:
            return []
        owners = await self.redis.mget([lease_key(code) for code, _game in rows])
        taken = []
        now = time.monotonic()
        for (code, game_id), owner in zip(rows, owners, strict=True):
            if owner is not None or code in registry.games:
                continue
            if self._broken.get(game_id, 0.0) > now:
                continue
            try:
                if await registry.launch(game_id) is not None:
                    taken.append(code)
                    log.info("took over game %s (room %s)", game_id, code)
            except Exception:
                log.exception("could not take over game %s", game_id)
                self._broken[game_id] = now + RETRY_BROKEN
        return taken

    # -- messages
    def post(self, to: str, message: dict[str, Any]) -> None:
        """Queue ``message`` for the channel ``to`` (sent in order by the publisher)."""
        self._outgoing.put_nowait((to, json.dumps(message, separators=(",", ":"))))

    async def _publish(self) -> None:
        while True:
            batch = [await self._outgoing.get()]
            while not self._outgoing.empty():
                batch.append(self._outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for to, text in batch:
                        pipe.publish(to, text)
                    await pipe.execute()
                self.sent += len(batch)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                # what was lost cannot be told apart: every relayed socket starts again
                log.warning("relay to Redis failed (%s): closing the relayed sockets", error)
                self._reset_relays()

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    self.read += 1
                    try:
                        self._receive(json.loads(message["data"]))
                    except Exception:
                        log.exception("relayed message not handled: %.200s", message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("Redis subscription failed (%s); subscribing again", error)
                self._reset_relays()
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(channel(self.instance), EVERYONE)

    def _reset_relays(self) -> None:
        for conn_id in list(self.relays):
            self._moved(self.relays.pop(conn_id))
        for conn_id in list(self.remote):
            self._forget_remote(conn_id)

    def _receive(self, message: dict[str, Any]) -> None:
        op = message["op"]
        if op == "ask":
            self._answer(message)
        elif op == "launch":
            chore = asyncio.get_running_loop().create_task(self._launch_for(message))
            self._pumps.add(chore)
            chore.add_done_callback(self._pumps.discard)
        elif op == "answer":
            asked = self._asked.get(message["ask"])
            if asked is not None and not asked.done():
                asked.set_result(message)
        elif op == "room":
            if message["from"] != self.instance:
                self.registry.room_update(message["code"], message["room"], relayed=True)
        elif op == "started":
            if message["owner"] != self.instance:
                self._follow(message["code"], message["owner"])
        elif op == "seat_left":
            game = self.registry.games.get(message["code"])
            if game is not None:
                game.seat_left(message["seat"])
        elif op in ("frame", "close"):  # to an edge: from the owner, for its socket
            conn = self.relays.get(message["conn"])
            if conn is None:
                return
            if op == "frame":
                conn.send(message["frame"])
            else:  # its socket closes; the edge's detach then tells the owner it is gone
                conn.close(message["code"])
        else:  # to the owner: from an edge, for its socket
            self._from_edge(op, message)

    def _from_edge(self, op: str, message: dict[str, Any]) -> None:
        conn_id = message["conn"]
        if op == "open":
            self._open(conn_id, message)
            return
        held = self.remote.get(conn_id)
        if held is None:
            return
        conn, _edge, code = held
        game = self.registry.games.get(code)
        if op == "detach":
            self._forget_remote(conn_id)
        elif game is None and code in self.held:  # being launched here
            ref = frame_ref(message["frame"]) if "frame" in message else message.get("ref")
            with use(conn.lang):
                conn.send(error_frame("not_started", _(NOT_STARTED), ref))
        elif game is None:
            conn.close(MOVED)
        elif op == "action":
            game.submit(conn, message["frame"])
        elif op == "sync":
            game.sync(conn)
        elif op == "next_hand":
            game.next_hand(conn, message.get("ref"))

    def _open(self, conn_id: str, message: dict[str, Any]) -> None:
        """Seat a socket of another instance at a game of this one (as ``ws._enter`` does)."""
        from majiang.server.registry import game_seat

        edge, code = message["edge"], message["code"]
        to = channel(edge)

        def send(frame: dict[str, Any]) -> None:
            self.post(to, {"op": "frame", "conn": conn_id, "frame": frame})

        def close(code_: int) -> None:
            self.post(to, {"op": "close", "conn": conn_id, "code": code_})

        lang = message.get("lang")
        lang = lang if lang in LANGUAGES else SOURCE  # an older edge sends none
        conn = Conn(_now(send), _now(close), self.registry.settings.max_outbox, lang)
        conn.player_id = message.get("player")
        game = self.registry.games.get(code)
        if game is None and code not in self.held:  # the lease moved on since the edge read it
            close(MOVED)
            return
        self.remote[conn_id] = (conn, edge, code)
        pump = asyncio.get_running_loop().create_task(conn.pump())
        self._pumps.add(pump)
        pump.add_done_callback(self._pumps.discard)
        if game is None:  # leased, being launched: it joins the game once launched
            conn.last_seq = message.get("last_seq")
            self.registry.wait_in_lobby(code, conn)
            return
        seat = game_seat(game, conn.player_id)
        if seat is None and not game.spectators_allowed:
            with use(conn.lang):
                conn.send(error_frame("not_seated", _(NOT_SEATED)))
            conn.close(1008)
            return
        game.connect(conn, SPECTATOR if seat is None else seat, message.get("last_seq"))

    def _forget_remote(self, conn_id: str) -> None:
        held = self.remote.pop(conn_id, None)
        if held is None:
            return
        conn, _edge, _code = held
        self.registry.disconnect(conn)
        conn.close()

    # -- questions about a game, answered by its owner (the HTTP routes that need its table)
    async def ask(self, code: str, question: str, **details: Any) -> Any:
        """Return the answer of the instance owning room ``code``'s game to ``question`` (one
        of its ``answers``, given ``details``), or raise its ``HTTPException``; None when no
        other instance owns the game (the caller answers from what is here)."""
        owner = await self.owner(code)
        if owner is None or owner == self.instance:
            return None
        message = {"op": "ask", "code": code, "question": question, "details": details}
        try:
            answer = await self._request(owner, message)
        except TimeoutError:
            raise Refusal(
                503,
                N_("the server playing this game did not answer in {seconds} s"),
                seconds=f"{ASK_SECONDS:g}",
            ) from None
        if "template" in answer:  # said here, in this request's language
            raise Refusal(answer["status"], answer["template"], **answer["values"])
        if "error" in answer:
            raise HTTPException(answer["status"], answer["error"])
        return answer["body"]

    async def _request(self, to: str, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` to instance ``to`` and return its answer (raise ``TimeoutError``
        after ``ASK_SECONDS``)."""
        ask_id = secrets.token_hex(8)
        answered: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._asked[ask_id] = answered
        self.post(channel(to), {**message, "ask": ask_id, "from": self.instance})
        try:
            return await asyncio.wait_for(answered, ASK_SECONDS)
        finally:
            self._asked.pop(ask_id, None)

    def _answer(self, message: dict[str, Any]) -> None:
        """Answer another instance's question about a game played here."""
        question = message["question"]
        answer = self.answers.get(question)
        reply: dict[str, Any] = {"op": "answer", "ask": message["ask"]}
        try:
            if answer is None:  # an instance of another version
                raise HTTPException(501, f"the server playing this game cannot answer {question!r}")
            reply["body"] = answer(self.registry.games.get(message["code"]), message["details"])
        except Refusal as exc:
            reply |= {"status": exc.status_code, "template": exc.template, "values": exc.values}
        except HTTPException as exc:
            reply |= {"status": exc.status_code, "error": exc.detail}
        except Exception:
            log.exception("question %r about room %s not answered", question, message["code"])
            reply |= {
                "status": 500,
                "error": f"the server playing this game failed on {question!r}",
            }
        self.post(channel(message["from"]), reply)

    # -- where a new game is played
    async def place(self) -> str:
        """Return the instance that should play a new game: the one with the fewest games in
        play (``LOAD``), if this one plays more than ``balance_slack`` more; else this one."""
        mine = self.in_play()
        loads = await self.loads()
        loads[self.instance] = mine
        return least_loaded(loads, self.instance, self.registry.settings.balance_slack)

    async def loads(self) -> dict[str, int]:
        """Return the games in play of every instance alive, as they last published them."""
        published = {str(k): int(v) for k, v in (await self.redis.hgetall(LOAD)).items()}
        names = sorted(published)
        if not names:
            return {}
        alive = await self.redis.mget([alive_key(name) for name in names])
        return {
            name: published[name]
            for name, mark in zip(names, alive, strict=True)
            if mark is not None
        }

    def in_play(self) -> int:
        """Return how many games this instance plays that are not over."""
        return sum(1 for game in self.registry.games.values() if game.finished_at is None)

    async def launch_on(self, instance: str, game_id: str, created_from: str | None) -> bool:
        """Ask ``instance`` to launch the new game ``game_id``; return whether it did (False:
        it refused, failed or did not answer in time)."""
        message = {"op": "launch", "game": game_id, "created_from": created_from}
        try:
            answer = await self._request(instance, message)
        except TimeoutError:
            log.warning("instance %s did not launch game %s in time", instance, game_id)
            return False
        return bool(answer.get("body", {}).get("launched"))

    async def _launch_for(self, message: dict[str, Any]) -> None:
        """Launch a new game another instance placed here, and tell it whether it is."""
        try:
            game = await self.registry.launch(message["game"], message["created_from"])
            launched = game is not None
        except Exception:
            log.exception("could not launch game %s placed here", message["game"])
            launched = False
        self.post(
            channel(message["from"]),
            {"op": "answer", "ask": message["ask"], "body": {"launched": launched}},
        )

    # -- the edge's side
    async def relay(self, conn: Conn, code: str, last_seq: int | None) -> bool:
        """Relay ``conn`` to the instance owning room ``code``'s game; return False when
        none owns it or this one does (then the caller serves it here)."""
        owner = await self.owner(code)
        if owner is None or owner == self.instance:
            return False
        self._relay_to(conn, code, owner, last_seq)
        return True

    def _relay_to(self, conn: Conn, code: str, owner: str, last_seq: int | None) -> None:
        conn_id = secrets.token_hex(8)
        conn.room_code = code
        conn.game = Relay(self, conn_id, owner, code)
        self.relays[conn_id] = conn
        self.post(
            channel(owner),
            {
                "op": "open",
                "conn": conn_id,
                "edge": self.instance,
                "code": code,
                "player": conn.player_id,
                "last_seq": last_seq,
                "lang": conn.lang,
            },
        )

    def _follow(self, code: str, owner: str) -> None:
        """A game started on ``owner``: relay the sockets waiting in its room here."""
        for conn in self.registry.lobbies.pop(code, set()):
            if not conn.closed:
                self._relay_to(conn, code, owner, conn.last_seq)

    def _moved(self, conn: Conn) -> None:
        with use(conn.lang):
            said = _("the game moved to another server; reconnect to continue")
        conn.send(error_frame("moved", said))
        conn.close(MOVED)

    # -- to every instance
    def started(self, code: str) -> None:
        """Tell every instance that this one plays room ``code``'s game now."""
        self.post(EVERYONE, {"op": "started", "code": code, "owner": self.instance})

    def room_changed(self, code: str, room: dict[str, Any]) -> None:
        """Tell every instance that room ``code`` changed (for the sockets in its lobby)."""
        self.post(EVERYONE, {"op": "room", "code": code, "room": room, "from": self.instance})

    async def seat_left(self, code: str, seat: int) -> bool:
        """Tell the owner of ``code``'s game that the person at ``seat`` left it; return
        False when nobody owns it."""
        owner = await self.owner(code)
        if owner is None:
            return False
        self.post(channel(owner), {"op": "seat_left", "code": code, "seat": seat})
        return True


def _now(fn: Callable[[Any], None]) -> Callable[[Any], Any]:
    """Return an async function that calls ``fn`` (a ``Conn``'s send and close are awaited)."""

    async def call(value: Any) -> None:
        fn(value)

    return call


def install(app: FastAPI) -> None:
    """Answer a request that needs Redis while it is unreachable with a 503 (as the
    database's outage is answered), and not a 500."""

    @app.exception_handler(RedisError)
    async def redis_unavailable(_request: Request, exc: RedisError) -> JSONResponse:
        return JSONResponse(
            status_code=503,
            content={
                "error": _("the cluster's Redis is unavailable: {cause}").format(cause=exc),
                "field": None,
            },
            headers={"Retry-After": "5"},
        )

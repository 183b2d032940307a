"""Fair shares: how much of the server one player or one address may hold, and the 429 that
answers a request over it (docs/server.md, "Fair shares").

- Per player: the games in play at which they have a seat, left or not (``max_live_tables``),
  and the rooms waiting that they host (``max_waiting_rooms``).
- Per address: the games in play created from it (``max_live_tables_per_address``), guest
  identities and tables or rooms created (token buckets: ``players_burst`` then
  ``players_per_minute``; ``tables_burst`` then ``tables_per_minute``), websockets open
  (``max_sockets_per_address``); and per player, websockets greeted with their token
  (``max_sockets_per_player``).

A request over a share gets 429, the contract's ``{"error", "field"}`` and a ``Retry-After``
(seconds): when the bucket has a token again, or ``RETRY_WHEN_FULL`` when a game must end first.

One process counts in its memory. In a cluster (``MAJIANG_REDIS_URL``) every share is counted
in Redis (``shares.Shares``) across the instances: a player's games in play, wherever they are
played, an address's websockets on every instance, one bucket per address for all of them.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from starlette.requests import HTTPConnection

from majiang.i18n import N_, _
from majiang.server.db import Room, RoomSeat
from majiang.server.live import LiveGame
from majiang.server.protocol import RateLimit
from majiang.server.settings import Settings

if TYPE_CHECKING:  # imported when used: one process needs no Redis client
    from majiang.server.shares import Shares

#: ``Retry-After`` when a share is full of games in play: one of them must end first
RETRY_WHEN_FULL = 60
#: a table of buckets forgets its full buckets when it grows past this many
FORGET_AFTER = 10_000


class TooMany(Exception):
    """A request over a fair share: a 429 with the contract's error object and ``Retry-After``.

    ``message`` is English with ``{name}`` places filled from ``values``; the answer says it in
    the request's language (translated when answered: some are raised on the database's
    writer thread, outside the request's language).

    >>> r = TooMany("too many tables", "tables", 2.5).response()
    >>> r.status_code, r.headers["retry-after"], r.body
    (429, '3', b'{"error":"too many tables","field":"tables"}')
    """

    def __init__(
        self, message: str, field: str | None, retry_after: float, **values: object
    ) -> None:
        super().__init__(message.format(**values))
        self.template = message
        self.values = values
        self.message = message.format(**values)
        self.field = field
        self.retry_after = max(1, math.ceil(retry_after))

    def response(self) -> JSONResponse:
        """Return the 429 response, its message in the language of the moment."""
        said = _(self.template).format(**self.values)
        return JSONResponse(
            status_code=429,
            content={"error": said, "field": self.field},
            headers={"Retry-After": str(self.retry_after)},
        )


def client_address(peer: str | None, forwarded: str | None, trusted: frozenset[str]) -> str:
    """Return the address a request counts against: the socket's peer, or behind a trusted
    proxy the last address of ``X-Forwarded-For`` that is not itself a trusted proxy. An IPv6
    address counts as its /64, the block one subscriber gets.

    >>> client_address("192.0.2.1", "203.0.113.7", frozenset())
    '192.0.2.1'
    >>> client_address("10.0.0.2", "198.51.100.1, 203.0.113.7", frozenset({"10.0.0.2"}))
    '203.0.113.7'
    >>> client_address("2001:db8::1:2", None, frozenset())
    '2001:db8::/64'
    """
    address = peer or "unknown"
    if forwarded and address in trusted:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        while hops:
            address = hops.pop()
            if address not in trusted:
                break
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # not an IP (a test client, a unix socket): counted as it is
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Buckets:
    """A token bucket (``RateLimit``) per address: ``burst`` at once, then ``per_minute``;
    with ``shared`` (a cluster) one bucket in Redis, named ``name``, for every instance."""

    def __init__(
        self,
        burst: int,
        per_minute: float,
        refusal: str,
        field: str,
        name: str = "",
        shared: Shares | None = None,
    ) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self.refusal = refusal
        self.field = field
        self.name = name or field
        self.shared = shared
        self.buckets: dict[str, RateLimit] = {}

    def take(self, address: str, now: float | None = None) -> None:
        """Count one creation from ``address`` in this process's buckets, or raise
        ``TooMany`` when its bucket is empty.

        >>> b = Buckets(2, 60.0, "too many players: {burst} at once, then {rate} a minute", "x")
        >>> b.take("a", now=0.0); b.take("a", now=0.0); b.take("b", now=0.0)
        >>> try:
        ...     b.take("a", now=0.5)
        ... except TooMany as exc:
        ...     exc.message, exc.retry_after
        ('too many players: 2 at once, then 60 a minute', 1)
        """
        now = time.monotonic() if now is None else now
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= FORGET_AFTER:
                self._forget_full(now)
            bucket = self.buckets[address] = RateLimit(self.rate, self.burst)
        if not bucket.allow(now):
            raise self._refused(bucket.wait(now))

    async def spend(self, address: str) -> None:
        """Count one creation from ``address`` (in the cluster's bucket when shared, else
        with ``take``), or raise ``TooMany``."""
        if self.shared is None:
            self.take(address)
            return
        wait = await self.shared.take(self.name, address, self.burst, self.rate)
        if wait > 0:
            raise self._refused(wait)

    def _refused(self, wait: float) -> TooMany:
        return TooMany(self.refusal, self.field, wait, burst=self.burst, rate=f"{self.rate * 60:g}")

    def _forget_full(self, now: float) -> None:
        """Drop the buckets refilled to the full burst: a new one is the same."""
        for address, bucket in list(self.buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst:
                del self.buckets[address]


class Limits:
    """The fair shares of one server: its settings, its live games (by room code) and what
    each address holds; with ``shared``, the cluster's (counted in Redis)."""

    def __init__(
        self, settings: Settings, games: Mapping[str, LiveGame], shared: Shares | None = None
    ) -> None:
        self.settings = settings
        self.games = games
        self.shared = shared
        self.trusted = frozenset(
            p.strip() for p in settings.trusted_proxies.split(",") if p.strip()
        )
        self.players = self.buckets(
            "players",
            settings.players_burst,
            settings.players_per_minute,
            N_("too many new players from your address: {burst} at once, then {rate} a minute"),
            "name",
        )
        self.creations = self.buckets(
            "tables",
            settings.tables_burst,
            settings.tables_per_minute,
            N_(
                "too many new tables and rooms from your address: {burst} at once, "
                "then {rate} a minute"
            ),
            "tables",
        )
        #: games being created (by player, by address) and games in play created (by address)
        self.starting: Counter[str] = Counter()
        self.starting_from: Counter[str] = Counter()
        self.created: dict[str, set[str]] = {}
        #: websockets open, by address and by player
        self.sockets: Counter[str] = Counter()
        self.player_sockets: Counter[str] = Counter()

    def buckets(
        self,
        name: str,
        burst: int,
        per_minute: float,
        refusal: str,
        field: str,
    ) -> Buckets:
        """Return token buckets named ``name`` (``Buckets``), the cluster's when shared."""
        return Buckets(burst, per_minute, refusal, field, name=name, shared=self.shared)

    def address(self, conn: HTTPConnection) -> str:
        """Return the address a request or websocket counts against (``client_address``)."""
        peer = conn.client.host if conn.client is not None else None
        return client_address(peer, conn.headers.get("x-forwarded-for"), self.trusted)

    # -- HTTP
    async def new_player(self, request: Request) -> None:
        """Count a guest identity made from the request's address (or raise ``TooMany``)."""
        await self.players.spend(self.address(request))

    async def new_room(self, request: Request) -> None:
        """Count a room made from the request's address (or raise ``TooMany``); the rooms a
        player may host are checked by ``check_waiting_rooms``, in the writer."""
        await self.creations.spend(self.address(request))

    def live_tables(self, player_id: str) -> int:
        """Return the games in play here at which ``player_id`` has a seat (left or not)."""
        return sum(
            1
            for game in self.games.values()
            if game.finished_at is None and any(seat.player_id == player_id for seat in game.seats)
        )

    def _live_from(self, address: str) -> int:
        codes = self.created.get(address, set())
        for code in list(codes):
            game = self.games.get(code)
            if game is None or game.finished_at is not None:
                codes.discard(code)
        if not codes:
            self.created.pop(address, None)
        return len(codes)

    @asynccontextmanager
    async def new_game(self, request: Request, player_id: str) -> AsyncIterator[set[str]]:
        """Hold a place for a game ``player_id`` starts (a practice table, a room started),
        or raise ``TooMany``. Add the room's code to the set yielded once the game is
        launched: it then counts against the address until it ends (in a cluster: the
        instance playing it counts it, ``cluster.Cluster.hold``)."""
        address = self.address(request)
        if self.shared is not None:
            async with self._shared_new_game(address, player_id) as counted:
                yield counted
            return
        self._check_live(self.live_tables(player_id) + self.starting[player_id], None)
        self._check_live(None, self._live_from(address) + self.starting_from[address])
        await self.creations.spend(address)
        launched: set[str] = set()
        self.starting[player_id] += 1
        self.starting_from[address] += 1
        try:
            yield launched
        finally:
            for counter, key in ((self.starting, player_id), (self.starting_from, address)):
                _count_out(counter, key)
            if launched:
                self.created.setdefault(address, set()).update(launched)

    @asynccontextmanager
    async def _shared_new_game(self, address: str, player_id: str) -> AsyncIterator[set[str]]:
        """``new_game`` in a cluster: the places are claimed in Redis while the game starts,
        then the instance that plays it holds them."""
        assert self.shared is not None
        held = await self.shared.claim("tables", player_id, self.settings.max_live_tables)
        self._check_live(held, None)
        claimed = [("tables", player_id)]
        try:
            held = await self.shared.claim(
                "from", address, self.settings.max_live_tables_per_address
            )
            self._check_live(None, held)
            claimed.append(("from", address))
            await self.creations.spend(address)
            yield set()
        finally:
            await self.shared.give_back(claimed)

    def _check_live(self, live: int | None, live_from: int | None) -> None:
        """Raise ``TooMany`` when ``player_id``'s games in play (``live``) or the address's
        (``live_from``) are at their most (None: not counted)."""
        most = self.settings.max_live_tables
        if live is not None and live >= most:
            raise TooMany(
                N_("you have {live} games in play (at most {most}): finish or wait for one"),
                "tables",
                RETRY_WHEN_FULL,
                live=live,
                most=most,
            )
        most = self.settings.max_live_tables_per_address
        if live_from is not None and live_from >= most:
            raise TooMany(
                N_("{live} games in play were created from your address (at most {most})"),
                "tables",
                RETRY_WHEN_FULL,
                live=live_from,
                most=most,
            )

    def check_waiting_rooms(self, session: Session, player_id: str) -> None:
        """Raise ``TooMany`` if ``player_id`` already hosts ``max_waiting_rooms`` rooms not
        started (run in the writer, so two requests cannot both pass; the database is the
        cluster's one)."""
        hosted = session.scalar(
            select(func.count())
            .select_from(RoomSeat)
            .join(Room, Room.code == RoomSeat.room_code)
            .where(
                RoomSeat.player_id == player_id,
                Room.host_id == player_id,
                Room.status == "waiting",
            )
        )
        most = self.settings.max_waiting_rooms
        if (hosted or 0) >= most:
            raise TooMany(
                N_("you host {hosted} rooms not started (at most {most}): start or leave one"),
                "rooms",
                RETRY_WHEN_FULL,
                hosted=hosted,
                most=most,
            )

    # -- websockets
    async def open_socket(self, address: str) -> bool:
        """Count a websocket opened from ``address``; False (not counted) if over the cap."""
        most = self.settings.max_sockets_per_address
        if self.shared is not None:
            return await self.shared.claim("sockets", address, most) is None
        return _count_in(self.sockets, address, most)

    async def close_socket(self, address: str) -> None:
        """Forget a websocket counted by ``open_socket``."""
        if self.shared is not None:
            await self.shared.give_back([("sockets", address)])
            return
        _count_out(self.sockets, address)

    async def open_player_socket(self, player_id: str) -> bool:
        """Count a websocket greeted with ``player_id``'s token; False if over the cap."""
        most = self.settings.max_sockets_per_player
        if self.shared is not None:
            return await self.shared.claim("player-sockets", player_id, most) is None
        return _count_in(self.player_sockets, player_id, most)

    async def close_player_socket(self, player_id: str) -> None:
        """Forget a websocket counted by ``open_player_socket``."""
        if self.shared is not None:
            await self.shared.give_back([("player-sockets", player_id)])
            return
        _count_out(self.player_sockets, player_id)


def _count_in(counts: Counter[str], key: str, most: int) -> bool:
    if counts[key] >= most:
        return False
    counts[key] += 1
    return True


def _count_out(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def install(app: FastAPI) -> None:
    """Answer ``TooMany`` with its 429 in ``app``."""

    @app.exception_handler(TooMany)
    async def too_many(_request: Request, exc: TooMany) -> JSONResponse:
        return exc.response()

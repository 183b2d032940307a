"""The websocket endpoint ``/ws/rooms/{code}``: greet, authenticate, then pass frames on.

The first frame must be ``hello`` (protocol version, the player's token, the last event number
seen). Every later frame is size-checked, rate-limited and read; whatever is wrong gets an
``error`` frame and the connection stays open (only a flood of refused frames closes it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from sqlalchemy.orm import Session

from majiang.i18n import _, current
from majiang.server.accounts import COOKIE, player_by_sign_in
from majiang.server.db import Player, Room, player_by_token
from majiang.server.limits import Limits
from majiang.server.live import Conn
from majiang.server.protocol import (
    NOT_SEATED,
    NOT_STARTED,
    PROTOCOL_VERSION,
    ProtocolError,
    RateLimit,
    error_frame,
    frame_ref,
    read_frame,
    room_status,
)
from majiang.server.registry import Registry, game_seat
from majiang.server.settings import Settings
from majiang.server.trace import TRACE


def _dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


async def _next_text(ws: WebSocket) -> str | bytes | None:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else None


def _check_hello(frame: dict[str, Any]) -> tuple[str | None, int | None]:
    ref = frame_ref(frame)
    if frame.get("type") != "hello":
        raise ProtocolError("hello_first", _("the first frame must be hello"), ref)
    if frame.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(
            "protocol_version",
            _("this server speaks protocol {version}, not {got!r}").format(
                version=PROTOCOL_VERSION, got=frame.get("protocol")
            ),
            ref,
        )
    token = frame.get("token")
    if token is not None and (not isinstance(token, str) or len(token) > 200):
        raise ProtocolError("malformed", _("token must be a string"), ref)
    last = frame.get("last_seq")
    if last is not None and (not isinstance(last, int) or isinstance(last, bool) or last < 0):
        raise ProtocolError("malformed", _("last_seq must be a whole number >= 0 or null"), ref)
    return token, last


def mount(app: FastAPI) -> None:
    """Add the websocket route to ``app``."""

    @app.websocket("/ws/rooms/{code}")
    async def room_socket(ws: WebSocket, code: str) -> None:
        settings: Settings = app.state.settings
        limits: Limits = app.state.limits
        address = limits.address(ws)
        await ws.accept()
        if not await limits.open_socket(address):
            most = settings.max_sockets_per_address
            reason = _("{most} websockets are open from your address (at most {most})").format(
                most=most
            )
            with contextlib.suppress(Exception):
                await ws.send_text(_dumps(error_frame("too_many_sockets", reason)))
                await ws.close(1013, reason)
            return
        try:
            await _serve(app, ws, code)
        finally:
            await limits.close_socket(address)


async def _serve(app: FastAPI, ws: WebSocket, code: str) -> None:
    """Greet the connection, seat it, then read its frames until it closes."""
    settings: Settings = app.state.settings
    registry: Registry = app.state.registry
    limit = RateLimit(settings.rate_per_second, settings.rate_burst)
    last_frame = time.monotonic()  # the last frame received or sent

    async def send(frame: dict[str, Any]) -> None:
        nonlocal last_frame
        last_frame = time.monotonic()
        if frame.get("type") == "decision":
            limit.grant()  # its answer passes whatever the rate
        with contextlib.suppress(Exception):
            await ws.send_text(_dumps(frame))

    async def close(code_: int) -> None:
        with contextlib.suppress(Exception):
            await ws.close(code_)

    conn = Conn(send, close, settings.max_outbox, lang=current())
    pump = asyncio.get_running_loop().create_task(conn.pump())

    async def watch_idle() -> None:
        while not conn.closed:
            quiet = time.monotonic() - last_frame
            if quiet >= settings.idle_seconds:
                said = _("nothing sent or received for {seconds} s; closing")
                conn.send(error_frame("idle", said.format(seconds=f"{quiet:.0f}")))
                conn.close(1000)
                return
            await asyncio.sleep(settings.idle_seconds - quiet)

    watchdog = None  # idle_seconds 0: never closed for being quiet
    if settings.idle_seconds > 0:
        watchdog = asyncio.get_running_loop().create_task(watch_idle())
    try:
        try:
            raw = await asyncio.wait_for(_next_text(ws), settings.hello_seconds)
            last_frame = time.monotonic()
            token, last_seq = _check_hello(read_frame(raw, settings.max_frame_bytes))
        except TimeoutError:
            conn.send(error_frame("hello_first", _("no hello in time")))
            conn.close(1008)
            return
        except ProtocolError as exc:
            conn.send(exc.frame())
            conn.close(1008)
            return
        signed_in = ws.cookies.get(COOKIE)
        if not await _enter(app, conn, code, token, last_seq, signed_in):
            return
        while not conn.closed:
            raw = await _next_text(ws)
            received = last_frame = time.monotonic()
            try:
                frame = read_frame(raw, settings.max_frame_bytes)
            except ProtocolError as exc:
                unread: ProtocolError | None = exc
                frame = {"type": None, "id": exc.ref}
            else:
                unread = None
            if not limit.allow(received, answer=frame["type"] == "action"):
                conn.send(_rate_limited(frame, settings))
                if limit.refused > settings.max_refused:
                    conn.close(1008)
                continue
            if unread is not None:
                conn.send(unread.frame())
                continue
            _dispatch(conn, frame, received)
    except WebSocketDisconnect:
        pass
    finally:
        if watchdog is not None:
            watchdog.cancel()
        if conn.player_id is not None:
            await app.state.limits.close_player_socket(conn.player_id)
        registry.disconnect(conn)
        conn.close()
        try:
            await asyncio.wait_for(pump, 2.0)
        except (TimeoutError, asyncio.CancelledError):
            pump.cancel()


def _rate_limited(frame: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """Return the ``rate_limited`` error naming the refused frame (its type and ``ref``), in
    the language of the moment.

    >>> s = Settings("sqlite://")
    >>> _rate_limited({"type": "ping", "id": 4}, s)["message"]
    'ping frame 4 refused: more than 20 frames a second (bursts of 40); send it again later'
    """
    kind = frame["type"] or "unreadable"
    ref = frame_ref(frame)
    if ref is None:
        named = _("{kind} frame").format(kind=kind)
    else:
        named = _("{kind} frame {ref!r}").format(kind=kind, ref=ref)
    said = _(
        "{frame} refused: more than {rate} frames a second (bursts of {burst}); send it again later"
    )
    return error_frame(
        "rate_limited",
        said.format(frame=named, rate=f"{settings.rate_per_second:g}", burst=settings.rate_burst),
        ref,
    )


async def _enter(
    app: FastAPI,
    conn: Conn,
    code: str,
    token: str | None,
    last_seq: int | None,
    signed_in: str | None = None,
) -> bool:
    """Seat the connection at its game (or spectator seat, or the room's lobby); False if
    refused."""
    registry: Registry = app.state.registry
    limits: Limits = app.state.limits
    settings: Settings = app.state.settings

    def lookup() -> tuple[Player | None, Room | None]:
        session: Session
        with app.state.sessions() as session:
            if token:
                player = player_by_token(session, token)
            else:  # an account's browser: its sign-in cookie, sent with the handshake
                player = player_by_sign_in(session, signed_in) if signed_in else None
            return player, session.get(Room, code)

    player, room = await asyncio.to_thread(lookup)
    if token and player is None:
        conn.send(error_frame("auth", _("unknown player token")))
        conn.close(1008)
        return False
    if room is None:
        conn.send(error_frame("not_found", _("no such room")))
        conn.close(1008)
        return False
    if player is not None and not await limits.open_player_socket(player.id):
        most = settings.max_sockets_per_player
        said = _("you have {most} websockets open (at most)").format(most=most)
        conn.send(error_frame("too_many_sockets", said))
        conn.close(1013)
        return False
    conn.player_id = player.id if player else None  # counted until the socket closes
    game = registry.games.get(code)
    if game is not None:
        seat = game_seat(game, conn.player_id)
        if seat is None and not game.spectators_allowed:
            conn.send(error_frame("not_seated", _(NOT_SEATED)))
            conn.close(1008)
            return False
        game.connect(conn, -1 if seat is None else seat, last_seq)
        return True
    cluster = registry.cluster
    if (
        cluster is not None
        and room.status != "waiting"
        and await cluster.relay(conn, code, last_seq)
    ):
        return True  # another instance plays the game: relayed to it
    if room.status == "waiting":
        conn.send({"type": "welcome", "protocol": PROTOCOL_VERSION, "room": code, "game": None})
        conn.send({"type": "room", "room": {"code": code, "status": room.status}})
        registry.wait_in_lobby(code, conn)
        return True
    # stored as playing, the game not launched yet (or, in a cluster, its owner gone and not
    # taken over yet): it joins the game when launched, from the last event it saw
    if code in registry.starting or (cluster is not None and room.status == "playing"):
        if cluster is not None:
            conn.last_seq = last_seq
        registry.wait_in_lobby(code, conn)
        return True
    said = _("{status}; its records are under /api/games")
    conn.send(error_frame("game_over", said.format(status=room_status(room.status))))
    conn.close(1000)
    return False


def _dispatch(conn: Conn, frame: dict[str, Any], received: float) -> None:
    kind = frame["type"]
    ref = frame_ref(frame)
    if kind == "ping":
        conn.send({"type": "pong", "ref": ref})
    elif kind == "hello":
        conn.send(error_frame("already_greeted", _("hello is only the first frame"), ref))
    elif conn.game is None:
        conn.send(error_frame("not_started", _(NOT_STARTED), ref))
    elif kind == "sync":
        conn.game.sync(conn)
    elif kind == "next_hand":
        conn.game.next_hand(conn, ref)
    else:  # action
        mark = TRACE.action(ref, received) if TRACE is not None else None
        conn.game.submit(conn, frame, mark)

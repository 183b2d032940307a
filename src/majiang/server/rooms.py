"""The HTTP API of play: practice tables, private rooms (create, join, leave, start), a player's
finished games and their records. Mounted by ``create_app``.
"""

import asyncio
import secrets
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import (
    APIRouter,
    Cookie,
    Depends,
    FastAPI,
    Header,
    Query,
    Request,
    Response,
)
from pydantic import BaseModel, Field
from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from majiang.errors import InvalidRequest
from majiang.i18n import N_, _
from majiang.records import GameRecord
from majiang.records.mjai import dumps_mjai, export_mjai
from majiang.rules import get_ruleset
from majiang.server.accounts import player_from
from majiang.server.between_hands import NEXT_HAND_SECONDS
from majiang.server.db import Game, Player, Room, RoomSeat
from majiang.server.edge import Refusal
from majiang.server.limits import Limits
from majiang.server.live import CLAIM_SECONDS, TURN_SECONDS
from majiang.server.protocol import room_status_template
from majiang.server.registry import Registry
from majiang.server.tables import BOT_LEVELS, check_spec
from majiang.server.tutorial import SEED_PREFIX
from majiang.server.tutorial import lesson as find_lesson

T = TypeVar("T")

#: the pause before each bot action at a tutorial table: slow enough to watch each discard
TUTORIAL_BOT_DELAY_MS = 900

BotLevel = Literal["beginner", "normal", "expert", "master", "simple"]


class TableOptions(BaseModel):
    """What a table plays: variant, length, bot strength, house rules and timers."""

    variant: str = Field("riichi", max_length=20)
    length: str = Field("east", max_length=20)
    bot_level: BotLevel = "normal"
    rules: dict[str, Any] = Field(default_factory=dict, description="the variant's options")
    turn_seconds: float = Field(TURN_SECONDS, ge=0, le=600, description="0: no timer")
    claim_seconds: float = Field(CLAIM_SECONDS, ge=0, le=120, description="0: no timer")
    next_hand_seconds: float = Field(
        NEXT_HAND_SECONDS, ge=0, le=600, description="wait after a hand; 0: for every person"
    )
    bot_delay_ms: int = Field(0, ge=0, le=5000, description="pause before each bot action")


class PracticeOptions(TableOptions):
    """A practice table: one person (at ``seat``) and bots; it starts at once."""

    seat: int = Field(0, ge=0, le=3)
    next_hand_seconds: float = Field(0, ge=0, le=600, description="0: wait for the player")


class RoomOptions(TableOptions):
    """A private room: friends join by its code; ``public`` records are readable by link."""

    public: bool = False
    spectators: bool = False


class JoinRequest(BaseModel):
    """Which seat to take (the first free one when absent)."""

    seat: int | None = Field(None, ge=0, le=3)


class SeatOut(BaseModel):
    """A seat: its player (None: a bot will play it) and whether they left the game."""

    seat: int
    player_id: str | None
    name: str | None
    left: bool


class RoomOut(BaseModel):
    """A room as anyone holding its code sees it."""

    code: str
    kind: str
    variant: str
    length: str
    bot_level: str
    options: dict[str, Any]
    public: bool
    status: str
    host_id: str
    seats: list[SeatOut]
    game_id: str | None
    websocket: str
    your_seat: int | None = None


class GameSummary(BaseModel):
    """A finished game of a player."""

    game_id: str
    room: str
    variant: str
    length: str
    seat: int
    scores: list[int]
    placements: list[int]
    players: list[str | None]
    #: the seats as the table names them, in the asker's language: ``Bot 2 (normal)``
    names: list[str]
    finished_at: str | None


def _room_out(session: Session, room: Room, you: str | None = None) -> RoomOut:
    seats = session.scalars(
        select(RoomSeat).where(RoomSeat.room_code == room.code).order_by(RoomSeat.seat)
    ).all()
    out = []
    yours = None
    for s in seats:
        name = None
        if s.player_id is not None:
            p = session.get(Player, s.player_id)
            name = p.name if p else None
            if s.player_id == you and not s.left:
                yours = s.seat
        out.append(SeatOut(seat=s.seat, player_id=s.player_id, name=name, left=s.left))
    game_id = session.scalar(
        select(Game.id).where(Game.room_code == room.code).order_by(Game.created_at.desc())
    )
    return RoomOut(
        code=room.code,
        kind=room.kind,
        variant=room.variant,
        length=room.length,
        bot_level=room.bot_level,
        options=room.options,
        public=room.public,
        status=room.status,
        host_id=room.host_id,
        seats=out,
        game_id=game_id,
        websocket=f"/ws/rooms/{room.code}",
        your_seat=yours,
    )


def _check_options(body: TableOptions) -> None:
    """Raise ``MajiangError`` (a 422 naming the field) for options no table plays with: checked
    before the request reaches the database's one writer."""
    check_spec(body.variant, body.length, body.rules)
    players = get_ruleset(body.variant).players
    host_seat = getattr(body, "seat", 0)
    if not 0 <= host_seat < players:
        said = _("seat must be 0-{last} in {variant}, got {seat}")
        raise InvalidRequest(
            said.format(last=players - 1, variant=body.variant, seat=host_seat), field="seat"
        )


def _new_room(session: Session, kind: str, body: TableOptions, host: Player) -> Room:
    """Return a new room of checked options (``_check_options``), its host seated."""
    players = get_ruleset(body.variant).players
    options: dict[str, Any] = {
        "rules": body.rules,
        "turn_seconds": body.turn_seconds,
        "claim_seconds": body.claim_seconds,
        "next_hand_seconds": body.next_hand_seconds,
        "bot_delay_ms": body.bot_delay_ms,
        "spectators": bool(getattr(body, "spectators", False)),
    }
    room = Room(
        code=secrets.token_urlsafe(16),
        kind=kind,
        variant=body.variant,
        length=body.length,
        bot_level=body.bot_level,
        options=options,
        public=bool(getattr(body, "public", False)),
        host_id=host.id,
        status="waiting",
    )
    session.add(room)
    session.flush()
    host_seat = getattr(body, "seat", 0)
    for seat in range(players):
        session.add(
            RoomSeat(
                room_code=room.code,
                seat=seat,
                player_id=host.id if seat == host_seat else None,
                left=False,
            )
        )
    return room


def _start(session: Session, room: Room, seed: str | None = None) -> str:
    """Create the room's game with ``seed`` (a fresh secret one by default); return its id."""
    game = Game(
        id=secrets.token_hex(16),
        room_code=room.code,
        seed=seed or secrets.token_hex(16),
        status="playing",
    )
    session.add(game)
    room.status = "playing"
    return game.id


def make_router(app: FastAPI) -> APIRouter:
    """Return the router of rooms and games for ``app`` (its sessions, registry and auth)."""
    router = APIRouter()
    sessions: sessionmaker[Session] = app.state.sessions
    current_player = app.state.current_player
    limits: Limits = app.state.limits
    Me = Annotated[Player, Depends(current_player)]

    def registry() -> Registry:
        reg: Registry = app.state.registry
        return reg

    async def in_session(fn: Callable[[Session], T]) -> T:
        """Run a read-only ``fn(session)`` in a worker thread."""

        def work() -> T:
            with sessions() as session:
                return fn(session)

        return await asyncio.to_thread(work)

    async def in_writer(fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` on the database's one writer, in a transaction of its own."""
        return await registry().journal.run(fn)

    def get_room(session: Session, code: str) -> Room:
        room = session.get(Room, code)
        if room is None:
            raise Refusal(404, N_("no such room"))
        return room

    async def open_table(
        request: Request,
        me: Player,
        kind: str,
        body: PracticeOptions,
        *,
        bot_level: str | None = None,
        seed: str | None = None,
    ) -> RoomOut:
        """Create a table of ``kind`` for ``me`` and bots and start its game at once (``seed``:
        a fixed one, else a fresh secret one)."""

        def work(session: Session) -> tuple[RoomOut, str]:
            room = _new_room(session, kind, body, me)
            if bot_level is not None:
                room.bot_level = bot_level
            game_id = _start(session, room, seed)
            return _room_out(session, room, me.id), game_id

        async with limits.new_game(request, me.id) as launched:
            out, game_id = await in_writer(work)
            await registry().start_game(game_id, limits.address(request))
            launched.add(out.code)
        return out

    @router.post("/api/tables", status_code=201, tags=["play"])
    async def practice_table(body: PracticeOptions, me: Me, request: Request) -> RoomOut:
        """Create a practice table: you and bots; the game starts at once."""
        _check_options(body)
        return await open_table(request, me, "practice", body)

    @router.post("/api/tutorials/{lesson}", status_code=201, tags=["play"])
    async def tutorial_table(lesson: str, me: Me, request: Request) -> RoomOut:
        """Create a tutorial table: a practice table on the fixed hand of ``lesson`` (one per
        variant taught: ``riichi``, ``hk``), its bots discarding what they draw, no timers."""
        taught = find_lesson(lesson)
        body = PracticeOptions(
            variant=taught.variant,
            length="one_hand",
            rules=taught.options,
            turn_seconds=0,
            claim_seconds=0,
            next_hand_seconds=0,
            bot_delay_ms=TUTORIAL_BOT_DELAY_MS,
            seat=0,
        )

        return await open_table(
            request, me, "tutorial", body, bot_level="tutorial", seed=SEED_PREFIX + lesson
        )

    @router.post("/api/rooms", status_code=201, tags=["play"])
    async def private_room(body: RoomOptions, me: Me, request: Request) -> RoomOut:
        """Create a private room; you are its host at seat 0. Share its code to invite."""
        _check_options(body)
        await limits.new_room(request)

        def work(session: Session) -> RoomOut:
            limits.check_waiting_rooms(session, me.id)
            room = _new_room(session, "private", body, me)
            return _room_out(session, room, me.id)

        return await in_writer(work)

    @router.get("/api/rooms/{code}", tags=["play"])
    async def room_info(code: str) -> RoomOut:
        """Return a room: its options, seats and status (anyone with the code)."""
        return await in_session(lambda s: _room_out(s, get_room(s, code)))

    @router.post("/api/rooms/{code}/join", tags=["play"])
    async def join(code: str, body: JoinRequest, me: Me) -> RoomOut:
        """Take a free seat in a room not started yet (the first free one, or ``seat``)."""

        def work(session: Session) -> RoomOut:
            room = get_room(session, code)
            mine = _room_out(session, room, me.id).your_seat
            if mine is not None:
                return _room_out(session, room, me.id)
            if room.status != "waiting":
                raise Refusal(409, room_status_template(room.status), status=room.status)
            free = session.scalars(
                select(RoomSeat.seat)
                .where(RoomSeat.room_code == code, RoomSeat.player_id.is_(None))
                .order_by(RoomSeat.seat)
            ).all()
            wanted = free if body.seat is None else [body.seat]
            for seat in wanted:
                taken = session.execute(
                    update(RoomSeat)
                    .where(
                        RoomSeat.room_code == code,
                        RoomSeat.seat == seat,
                        RoomSeat.player_id.is_(None),
                    )
                    .values(player_id=me.id)
                )
                if getattr(taken, "rowcount", 0) == 1:
                    return _room_out(session, room, me.id)
            raise Refusal(409, N_("no free seat") if body.seat is None else N_("seat taken"))

        out = await in_writer(work)
        registry().room_update(code, out.model_dump())
        return out

    @router.post("/api/rooms/{code}/leave", tags=["play"])
    async def leave(code: str, me: Me) -> RoomOut:
        """Leave a room. Before the start the seat is freed (a host leaving hands the room to
        another player, or closes it); during the game a bot plays your seat to the end."""

        def work(session: Session) -> tuple[RoomOut, int | None]:
            room = get_room(session, code)
            seat = session.scalar(
                select(RoomSeat).where(
                    RoomSeat.room_code == code,
                    RoomSeat.player_id == me.id,
                    RoomSeat.left.is_(False),
                )
            )
            if seat is None:
                raise Refusal(409, N_("you have no seat in this room"))
            number = seat.seat
            if room.status == "waiting":
                seat.player_id = None
                if room.host_id == me.id:
                    other = session.scalar(
                        select(RoomSeat.player_id).where(
                            RoomSeat.room_code == code,
                            RoomSeat.player_id.is_not(None),
                            RoomSeat.player_id != me.id,
                        )
                    )
                    if other is None:
                        room.status = "closed"
                    else:
                        room.host_id = other
                    return _room_out(session, room, me.id), None
            seat.left = True
            return _room_out(session, room, me.id), number

        out, left_game = await in_writer(work)
        if left_game is not None:
            await registry().seat_left(code, left_game)
        registry().room_update(code, out.model_dump())
        return out

    @router.post("/api/rooms/{code}/start", tags=["play"])
    async def start(code: str, me: Me, request: Request) -> RoomOut:
        """Start the game (the host only); empty seats are played by bots."""

        def work(session: Session) -> tuple[RoomOut, str]:
            room = get_room(session, code)
            if room.host_id != me.id:
                raise Refusal(403, N_("only the host starts the game"))
            if room.status != "waiting":
                raise Refusal(409, room_status_template(room.status), status=room.status)
            game_id = _start(session, room)
            return _room_out(session, room, me.id), game_id

        async with limits.new_game(request, me.id) as launched:
            # a socket that arrives between the commit (the room playing) and the launch waits
            # in the room's lobby, which the launch joins to the game (ws.py)
            registry().starting.add(code)
            try:
                out, game_id = await in_writer(work)
                await registry().start_game(game_id, limits.address(request))
            finally:
                registry().starting.discard(code)
            launched.add(code)
        return out

    @router.get("/api/players/me/games", tags=["players"])
    async def my_games(
        me: Me, limit: Annotated[int, Query(ge=1, le=200)] = 50
    ) -> list[GameSummary]:
        """Return your finished games, newest first."""
        # the player words live with the pages, which import this module: looked up when asked
        from majiang.web.words import seat_names

        def work(session: Session) -> list[GameSummary]:
            # only the record's result and seats are read, by the database: a whole record
            # (a full Hong Kong game: 15,000 actions and their events) parsed for each of 50
            # rows made this request take seconds
            rows = session.execute(
                select(
                    Game.id,
                    Game.finished_at,
                    Room,
                    RoomSeat.seat,
                    Game.record["result"],
                    Game.record["seats"],
                )
                .join(Room, Room.code == Game.room_code)
                .join(RoomSeat, RoomSeat.room_code == Room.code)
                .where(RoomSeat.player_id == me.id, Game.status == "finished")
                .order_by(Game.finished_at.desc())
                .limit(limit)
            ).all()
            out = []
            for game_id, finished_at, room, seat, result, players in rows:
                result = result or {}
                out.append(
                    GameSummary(
                        game_id=game_id,
                        room=room.code,
                        variant=room.variant,
                        length=room.length,
                        seat=seat,
                        scores=result.get("scores", []),
                        placements=result.get("placements", []),
                        players=players or [],
                        names=seat_names(players or []),
                        finished_at=finished_at.isoformat() if finished_at else None,
                    )
                )
            return out

        return await in_session(work)

    @router.get("/api/games/{game_id}/record", tags=["records"], response_model=None)
    async def record(
        game_id: str,
        fmt: Annotated[Literal["native", "mjai"], Query(alias="format")] = "native",
        authorization: Annotated[str | None, Header()] = None,
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> dict[str, Any] | Response:
        """Return a finished game's record: to its players, or to anyone if the room is public.
        ``format=native``: the native record (JSON: seed, options, actions, events);
        ``format=mjai``: the mjai event log (JSON lines; riichi games only)."""

        native = await in_session(
            lambda s: finished_record(s, game_id, authorization, majiang_signin)[0]
        )
        if fmt == "native":
            return native
        lines = dumps_mjai(export_mjai(GameRecord.from_dict(native)))
        return Response(lines, media_type="application/x-ndjson")

    return router


def finished_record(
    session: Session, game_id: str, authorization: str | None, cookie: str | None = None
) -> tuple[dict[str, Any], int | None]:
    """Return a finished game's native record and the asker's seat in it (None: not seated),
    if the asker may read it: its players, or anyone when the room is public. Raise 404 (no
    such game), 409 (not finished: nothing of a game in play is published) or 403."""
    game = session.get(Game, game_id)
    if game is None:
        raise Refusal(404, N_("no such game"))
    room = session.get(Room, game.room_code)
    assert room is not None
    if game.status != "finished" or game.record is None:
        raise Refusal(409, N_("the record is published when the game ends"))
    player = player_from(session, authorization, cookie)
    seated = session.scalar(
        select(RoomSeat.seat).where(
            RoomSeat.room_code == room.code,
            RoomSeat.player_id == (player.id if player else ""),
        )
    )
    if seated is None and not room.public:
        raise Refusal(403, N_("the record of a private room is for its players"))
    return dict(game.record), seated


__all__ = ["BOT_LEVELS", "RoomOptions", "TableOptions", "finished_record", "make_router"]

"""The FastAPI application: the HTTP API over the core (OpenAPI at ``/openapi.json``).

``create_app(settings)`` opens (and migrates) the database and mounts the routes. Every
``MajiangError`` raised by the core, and every request FastAPI finds invalid, becomes a 422
with the contract's error object ``{"error": ..., "field": ...}``: the only place where core
errors turn into HTTP. What cannot be read at all is refused before, at the edge (``edge``).
A database that does not answer (locked past the busy timeout, full, down) makes any request
that needs it a 503 with the same error object.
"""

import gc
import secrets
import sys
import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Body, Cookie, Depends, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, field_validator
from sqlalchemy import exc as sql_errors
from sqlalchemy.orm import Session, sessionmaker

from majiang import __version__
from majiang.errors import MajiangError
from majiang.i18n import _
from majiang.scoring import error_object, score
from majiang.server.accounts import make_router as make_account_router
from majiang.server.accounts import player_from
from majiang.server.analysis import AnalyzeRequest, analyze
from majiang.server.db import Player, hash_token, open_database
from majiang.server.edge import Edge, validation_error
from majiang.server.limits import Limits
from majiang.server.limits import install as install_limits
from majiang.server.ratings import make_router as make_ranking_router
from majiang.server.registry import Registry
from majiang.server.reports import make_router as make_report_router
from majiang.server.rooms import make_router
from majiang.server.settings import Settings
from majiang.server.store import DatabaseUnavailable, cause
from majiang.server.ws import mount as mount_websocket

__all__ = ["create_app", "hash_token"]


class NewPlayer(BaseModel):
    """A guest identity request: just a display name (``person_name`` checks it)."""

    name: str = Field(max_length=40)

    @field_validator("name")
    @classmethod
    def _person_name(cls, value: str) -> str:
        return person_name(value)


#: names that start with this (in any case) are the bots' (records show ``bot:expert``)
BOT_PREFIX = "bot:"


def person_name(name: str) -> str:
    """Return the name a person gives themself, trimmed; raise ``ValueError`` saying why when
    it is empty once trimmed, holds a control character, or is a bot's (``bot:...``).

    >>> person_name("  Lan ")
    'Lan'
    >>> person_name(" BOT:expert")
    Traceback (most recent call last):
    ...
    ValueError: names starting with 'bot:' are the bots'
    """
    trimmed = name.strip()
    if not trimmed:
        raise ValueError(_("a name may not be empty (or only spaces)"))
    if any(unicodedata.category(ch) == "Cc" for ch in trimmed):
        raise ValueError(_("a name may not hold control characters"))
    if trimmed.casefold().startswith(BOT_PREFIX):
        raise ValueError(
            _("names starting with {prefix!r} are the bots'").format(prefix=BOT_PREFIX)
        )
    return trimmed


class PlayerOut(BaseModel):
    """A guest identity; ``token`` is returned once, at creation, and kept by the client."""

    id: str
    name: str
    token: str | None = None


def tune_runtime(settings: Settings) -> None:
    """Set the interpreter up for a long-running server (a setting of 0 leaves it as it is).

    - ``gc_young``: a full collection walks every object tracked and its pause (90 ms with
      100 games) stopped every game at once: the longest stall under load. So what exists at
      the start (the modules: some 100,000 objects) is frozen out of every collection, and
      the youngest generation is collected every ``gc_young`` allocations instead of 700:
      the frames and dicts of an action die young instead of being promoted, and full
      collections (which come when the promoted objects grow by a quarter) are rarer.
    - ``switch_ms``: the journal's thread takes the interpreter lock back after each commit's
      disk sync; while the event loop runs Python it waits for the lock up to the switch
      interval (5 ms by default) each time, and every game waiting for that commit with it.
    """
    if settings.gc_young > 0:
        gc.collect()
        gc.freeze()
        gc.set_threshold(settings.gc_young, 10, 10)
    if settings.switch_ms > 0:
        sys.setswitchinterval(settings.switch_ms / 1000)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Return the application, its database opened and migrated."""
    settings = settings or Settings.from_env()
    sessions: sessionmaker[Session] = open_database(
        settings.database_url, settings.sqlite_synchronous
    )
    registry = Registry(sessions, settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        tune_runtime(settings)
        await registry.start()  # resumes every game still being played
        try:
            yield
        finally:
            await registry.stop()

    docs = settings.api_docs
    app = FastAPI(
        title="majiang",
        version=__version__,
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
    )
    app.add_middleware(Edge, max_body_bytes=settings.max_body_bytes)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.state.settings = settings
    app.state.sessions = sessions
    app.state.registry = registry
    shared = registry.cluster.shares if registry.cluster is not None else None
    app.state.limits = limits = Limits(settings, registry.games, shared)
    install_limits(app)  # a request over a fair share: 429 with Retry-After
    if registry.cluster is not None:  # Redis down: a 503, as the database's
        from majiang.server.cluster import install as install_cluster

        install_cluster(app)

    @app.exception_handler(MajiangError)
    async def majiang_error(_request: Request, exc: MajiangError) -> JSONResponse:
        return JSONResponse(status_code=422, content=error_object(exc))

    async def database_unavailable(_request: Request, exc: Exception) -> JSONResponse:
        # a request during an outage: the database's error is not the client's fault, nor a bug
        return JSONResponse(
            status_code=503,
            content={
                "error": _("the database is unavailable: {cause}").format(cause=cause(exc)),
                "field": None,
            },
            headers={"Retry-After": "5"},
        )

    for unavailable in (
        DatabaseUnavailable,
        sql_errors.OperationalError,
        sql_errors.InterfaceError,
        sql_errors.TimeoutError,
    ):
        app.add_exception_handler(unavailable, database_unavailable)

    def db() -> Any:
        with sessions() as session:
            yield session

    def current_player(
        authorization: Annotated[str | None, Header()] = None,
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> Player:
        # a guest's token or an account's sign-in cookie (``accounts.player_from``); a short
        # session of its own: a request may wait long (a game's start) and must not hold a
        # pooled connection meanwhile
        bearer = authorization is not None and authorization.startswith("Bearer ")
        if not bearer and not majiang_signin:
            raise HTTPException(
                401, _("sign in, or send the player token as 'Authorization: Bearer TOKEN'")
            )
        with sessions() as session:
            found = player_from(session, authorization, majiang_signin)
        if found is None:
            raise HTTPException(401, _("unknown player token") if bearer else _("signed out"))
        return found

    app.state.current_player = current_player
    app.state.db = db

    @app.get("/api/health", responses={503: {"description": "the database is unavailable"}})
    async def health() -> JSONResponse:
        """Return the server's version and the database's state: 200 when it answers and
        would take a write, 503 with the reason when it is locked, full or down (the probe
        waits at most about a second)."""
        problem = await registry.journal.check()
        body = {"status": "ok", "database": "ok", "version": __version__}
        if problem is None:
            return JSONResponse(body)
        body |= {"status": "unavailable", "database": "unavailable", "reason": problem}
        return JSONResponse(body, status_code=503)

    @app.post("/api/score")
    def api_score(request: Annotated[dict[str, Any], Body()], http: Request) -> dict[str, Any]:
        """Score a win: the scoring contract (shared/rules/README.md). Without a ``lang`` in
        the request, the language the request names (``?lang=``, the language cookie or
        ``Accept-Language``: ``web.language``) adds localized names to the items."""
        asked = http.scope.get("majiang.lang")
        if asked is not None and "lang" not in request:
            request = {**request, "lang": asked}
        return score(request)

    @app.post("/api/analyze")
    def api_analyze(body: AnalyzeRequest) -> dict[str, Any]:
        """Return shanten, waits and the tile acceptance of each discard of a hand."""
        return analyze(body)

    @app.post("/api/players", status_code=201)
    async def new_player(body: NewPlayer, request: Request) -> PlayerOut:
        """Create a guest identity; the token in the answer is the player's secret."""
        await limits.new_player(request)
        token = secrets.token_urlsafe(32)
        player = Player(id=secrets.token_hex(16), name=body.name, token_hash=hash_token(token))

        def write(session: Session) -> None:
            session.add(player)

        await registry.journal.run(write)
        return PlayerOut(id=player.id, name=player.name, token=token)

    @app.get("/api/players/me")
    def me(player: Annotated[Player, Depends(current_player)]) -> PlayerOut:
        """Return the player that the token names."""
        return PlayerOut(id=player.id, name=player.name)

    app.include_router(make_router(app))
    from majiang.server.sheets import make_router as sheets_router  # score sheets (keep.py)

    app.include_router(sheets_router(app))
    app.include_router(make_account_router(app))
    app.include_router(make_ranking_router(app))
    app.include_router(make_report_router(app))
    mount_websocket(app)

    from majiang.web import mount as mount_web  # the pages, sprite and static files

    mount_web(app)
    return app

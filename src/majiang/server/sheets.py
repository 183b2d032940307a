"""The HTTP API of score sheets (``majiang.keep``): a table playing real tiles keeps its game
here, and every player follows it by link. Mounted by ``create_app``.

- ``POST /api/sheets``: a new sheet (no account needed; counted with the rooms made from the
  same address); the answer holds its ``id`` (the link) and its ``key``, the secret that every
  change needs (header ``X-Sheet-Key``); anyone with the id may read it.
- ``GET /api/sheets/{id}``: the sheet, its standing (running totals) and its ``version``, which
  grows with each change (a page polls it to follow live); ``?format=csv`` for CSV.
- ``POST /api/sheets/{id}/hands``: enter the next step (or ``{"steps": [...]}``).
- ``PUT /api/sheets/{id}/hands/{number}``: replace hand ``number`` (1 = the first).
- ``POST /api/sheets/{id}/undo``: remove the last step.

Changes go through the server's journal, the database's one writer, like every other write; an
impossible entry is the core's ``InvalidEntry``, a 422 naming the field.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hmac
import secrets
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, FastAPI, Header, Query, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import JSON, DateTime, Integer, String
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from majiang.i18n import N_, _, current, use
from majiang.keep import InvalidEntry, Sheet
from majiang.server.db import Base, hash_token, utcnow
from majiang.server.edge import Refusal
from majiang.server.limits import Limits
from majiang.server.registry import Registry

__all__ = ["MAX_STEPS", "StoredSheet", "make_router"]

#: the most steps a sheet holds (a full game has well under 200)
MAX_STEPS = 1000


class StoredSheet(Base):
    """A score sheet: its data (``Sheet.to_dict``), the hash of its edit key, its version."""

    __tablename__ = "sheets"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NewSheet(BaseModel):
    """A new sheet: the variant, the players by seat (the first dealer first), its options."""

    variant: str = "riichi"
    players: list[str] = Field(min_length=2, max_length=4)
    rules: dict[str, Any] = Field(default_factory=dict, description="the variant's options")
    length: str = "east"


class EditHand(BaseModel):
    """The steps that replace a hand."""

    steps: list[dict[str, Any]] = Field(min_length=1)


def _view(row: StoredSheet, sheet: Sheet, key: str | None = None) -> dict[str, Any]:
    out = {
        "id": row.id,
        "version": row.version,
        "sheet": sheet.to_dict(),
        "standing": sheet.standing().to_dict(),
        # the options as they apply (defaults, preset, the sheet's own): what the page offers
        "rules": dict(sheet.resolved),
    }
    if key is not None:
        out["key"] = key
    return out


def make_router(app: FastAPI) -> APIRouter:
    """Return the router of score sheets for ``app`` (its sessions and journal)."""
    router = APIRouter()
    sessions: sessionmaker[Session] = app.state.sessions
    limits: Limits = app.state.limits

    def registry() -> Registry:
        reg: Registry = app.state.registry
        return reg

    def load(session: Session, sheet_id: str) -> tuple[StoredSheet, Sheet]:
        row = session.get(StoredSheet, sheet_id)
        if row is None:
            raise Refusal(404, N_("no such sheet"))
        return row, Sheet.from_dict(row.data)

    async def change(
        sheet_id: str, key: str | None, apply: Callable[[Sheet], None]
    ) -> dict[str, Any]:
        """Apply a change to the stored sheet on the journal; 403 without its key. The
        journal's writer thread does not run in the request's context: the answer's texts
        (``Ann won from Bob: 3 han 40 fu``) are written in the request's language by hand."""
        lang = current()

        def write(session: Session) -> dict[str, Any]:
            with use(lang):
                return change_in(session)

        def change_in(session: Session) -> dict[str, Any]:
            row, sheet = load(session, sheet_id)
            if key is None or not hmac.compare_digest(row.key_hash, hash_token(key)):
                raise Refusal(403, N_("changing a sheet needs its key (header X-Sheet-Key)"))
            apply(sheet)
            if sum(len(h) for h in sheet.hands) > MAX_STEPS:
                raise InvalidEntry(
                    _("a sheet holds at most {count} steps").format(count=MAX_STEPS),
                    field="steps",
                )
            row.data = sheet.to_dict()
            row.version += 1
            row.updated_at = utcnow()
            return _view(row, sheet)

        result: dict[str, Any] = await registry().journal.run(write)
        return result

    @router.post("/api/sheets", status_code=201, tags=["sheets"])
    async def new_sheet(body: NewSheet, request: Request) -> dict[str, Any]:
        """Start a sheet. Keep the ``key`` of the answer: every change needs it."""
        await limits.new_room(request)  # counted with the rooms made from the same address
        sheet = Sheet.new(body.variant, body.players, body.rules, body.length)
        key = secrets.token_urlsafe(16)
        row = StoredSheet(
            id=secrets.token_urlsafe(9),
            key_hash=hash_token(key),
            data=sheet.to_dict(),
            version=0,
        )

        def write(session: Session) -> None:
            session.add(row)

        await registry().journal.run(write)
        return _view(row, sheet, key)

    @router.get("/api/sheets/{sheet_id}", tags=["sheets"], response_model=None)
    async def get_sheet(
        sheet_id: str, fmt: Annotated[Literal["json", "csv"], Query(alias="format")] = "json"
    ) -> dict[str, Any] | Response:
        """Return the sheet, its standing and version (``format=csv``: the sheet as CSV)."""

        def read() -> tuple[StoredSheet, Sheet]:
            with sessions() as session:
                return load(session, sheet_id)

        row, sheet = await asyncio.to_thread(read)
        if fmt == "csv":
            return Response(
                sheet.to_csv(),
                media_type="text/csv",
                headers={"Content-Disposition": f'attachment; filename="sheet-{row.id}.csv"'},
            )
        return _view(row, sheet)

    @router.post("/api/sheets/{sheet_id}/hands", tags=["sheets"])
    async def add_step(
        sheet_id: str,
        body: Annotated[dict[str, Any], Body()],
        x_sheet_key: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Enter the next step (a ``riichi``, ``kong``, ``win``, ``draw`` or ``abortive``
        object), or several as ``{"steps": [...]}``."""
        steps = body["steps"] if "steps" in body and "type" not in body else [body]
        if not isinstance(steps, list):
            raise InvalidEntry(_("steps is a list of steps"), field="steps")

        def apply(sheet: Sheet) -> None:
            for step in steps:
                sheet.add(step)

        return await change(sheet_id, x_sheet_key, apply)

    @router.put("/api/sheets/{sheet_id}/hands/{number}", tags=["sheets"])
    async def edit_hand(
        sheet_id: str,
        number: int,
        body: EditHand,
        x_sheet_key: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Replace hand ``number`` (1 = the first) by ``steps``; every hand after it is worked
        out again."""
        return await change(sheet_id, x_sheet_key, lambda s: s.edit(number - 1, body.steps))

    @router.post("/api/sheets/{sheet_id}/undo", tags=["sheets"])
    async def undo(
        sheet_id: str, x_sheet_key: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Remove the last step entered."""
        return await change(sheet_id, x_sheet_key, lambda s: s.undo())

    return router

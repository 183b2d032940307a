""" "Report a problem" with a rule, a translation or anything else: stored in the database and
listed to the server's admins (``role = "admin"``, given from the command line with
``majiang admin grant NAME``).

| method and path | who | what |
|---|---|---|
| ``POST /api/reports`` | anyone (limited per address) | ``{"kind", "page", "text"}`` → 201 ``{"id"}`` |
| ``GET /api/reports`` | an admin | every report, newest first |
"""

from typing import Annotated, Literal

from fastapi import APIRouter, Cookie, FastAPI, Header, Request
from pydantic import BaseModel, Field, field_validator
from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from majiang.i18n import N_, _
from majiang.server.accounts import player_from
from majiang.server.db import Player, ProblemReport
from majiang.server.edge import Refusal
from majiang.server.limits import Limits

#: what a report is about
KINDS = ("rule", "translation", "other")


class NewReport(BaseModel):
    """A problem: what it is about, the page it was seen on, and the player's words."""

    kind: Literal["rule", "translation", "other"] = "other"
    page: str = Field("", max_length=200)
    text: str = Field(max_length=4000)

    @field_validator("text")
    @classmethod
    def _said(cls, value: str) -> str:
        if not value.strip():
            raise ValueError(_("say what the problem is: the text may not be empty"))
        return value.strip()


class ReportOut(BaseModel):
    """A stored report, as an admin sees it."""

    id: int
    kind: str
    page: str
    text: str
    player: str | None
    created_at: str


def reports(session: Session) -> list[ReportOut]:
    """Return every report, newest first, with the reporter's current name."""
    rows = session.execute(
        select(ProblemReport, Player.name)
        .outerjoin(Player, Player.id == ProblemReport.player_id)
        .order_by(ProblemReport.id.desc())
    ).all()
    return [
        ReportOut(
            id=r.id,
            kind=r.kind,
            page=r.page,
            text=r.text,
            player=name,
            created_at=r.created_at.isoformat(),
        )
        for r, name in rows
    ]


def set_role(session: Session, name: str, role: str) -> Player:
    """Give the account named ``name`` (any case) the role; raise ``LookupError`` if none."""
    player = session.scalar(select(Player).where(Player.account_key == name.strip().casefold()))
    if player is None:
        raise LookupError(f"no account named {name!r}")
    session.execute(update(Player).where(Player.id == player.id).values(role=role))
    return player


def admin_of(session: Session, authorization: str | None, cookie: str | None) -> Player:
    """Return the admin a request names; raise 401 (nobody) or 403 (not an admin)."""
    player = player_from(session, authorization, cookie)
    if player is None:
        raise Refusal(401, N_("sign in as an admin"))
    if player.role != "admin":
        raise Refusal(403, N_("for the server's admins (majiang admin grant NAME)"))
    return player


def make_router(app: FastAPI) -> APIRouter:
    """Return the report routes of ``app``."""
    router = APIRouter(tags=["reports"])
    sessions: sessionmaker[Session] = app.state.sessions
    limits: Limits = app.state.limits
    per_address = limits.buckets(
        "reports",
        5,
        2.0,
        N_("too many problem reports from your address: {burst} at once, then {rate} a minute"),
        "text",
    )

    @router.post("/api/reports", status_code=201)
    async def report(
        body: NewReport,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> dict[str, int]:
        """Report a problem (signed in or not: the reporter is kept when known)."""
        await per_address.spend(limits.address(request))
        with sessions() as session:
            player = player_from(session, authorization, majiang_signin)
        stored = ProblemReport(
            player_id=player.id if player else None, kind=body.kind, page=body.page, text=body.text
        )

        def write(session: Session) -> int:
            session.add(stored)
            session.flush()
            return stored.id

        report_id: int = await app.state.registry.journal.run(write)
        return {"id": report_id}

    @router.get("/api/reports")
    def list_reports(
        authorization: Annotated[str | None, Header()] = None,
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> list[ReportOut]:
        """Return every report, newest first: for admins."""
        with sessions() as session:
            admin_of(session, authorization, majiang_signin)
            return reports(session)

    return router


__all__ = ["KINDS", "admin_of", "make_router", "reports", "set_role"]

"""Accounts that stay optional: a guest claims one, signs in elsewhere, out, renames, deletes.

A guest is a player whose browser keeps a secret token (``Authorization: Bearer``). Claiming
an account gives that same player (the same id, so every game stays theirs) a unique name and
a password, hashed with argon2 (``argon2-cffi``); the guest token stops working and the browser
holds a sign-in instead: a secret in an HTTP-only, ``Secure``, ``SameSite=Lax`` cookie, of which
the database keeps the SHA-256. ``player_from`` accepts either, so every route and the
websocket serve guests and accounts alike.

Sign-in attempts are limited per address and per account name (``limits.Buckets``: 429 with
``Retry-After``). An account may link an e-mail address, confirmed by a one-time link, through
which a forgotten password is reset (``mail``).
"""

import asyncio
import datetime as dt
import logging
import secrets
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Cookie, Depends, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, field_validator
from sqlalchemy import delete, select
from sqlalchemy.orm import Session, attributes, sessionmaker

from majiang.errors import InvalidRequest
from majiang.i18n import N_, _
from majiang.server.db import (
    Game,
    MailToken,
    Player,
    RoomSeat,
    SignIn,
    hash_token,
    player_by_token,
    utcnow,
)
from majiang.server.limits import Limits
from majiang.server.mail import send_mail
from majiang.server.settings import Settings

log = logging.getLogger("majiang.accounts")

T = TypeVar("T")

#: the cookie that holds a browser's sign-in secret
COOKIE = "majiang_signin"
#: what a deleted account's games show in its place
FORMER_PLAYER = "a former player"
#: the shortest and longest password taken
PASSWORD_MIN = 8
PASSWORD_MAX = 200
#: characters an account name may not hold: it is a path segment of the player's page
NAME_FORBIDDEN = "/\\?#%"
#: names an account may not take: ``/players/me`` is the signed-in player's own
RESERVED = frozenset({"me"})
#: how long a mailed link works
MAIL_LINK_HOURS = 24

_hasher = PasswordHasher()


class Refused(Exception):
    """An account request refused: its status and the contract's ``{"error", "field"}``.

    ``message`` is English with ``{name}`` places filled from ``values``; the answer says it in
    the request's language (it is translated when answered, since the refusal may be raised on
    the database's writer thread, outside the request's language).
    """

    def __init__(
        self, status: int, message: str, field: str | None = None, **values: object
    ) -> None:
        super().__init__(message.format(**values))
        self.status = status
        self.template = message
        self.values = values
        self.message = message.format(**values)
        self.field = field

    def response(self) -> JSONResponse:
        """Return the answer, its message in the language of the moment."""
        said = _(self.template).format(**self.values)
        return JSONResponse({"error": said, "field": self.field}, status_code=self.status)


def hash_password(password: str) -> str:
    """Return the argon2id hash of a password (salted: two calls differ)."""
    return _hasher.hash(password)


def password_matches(stored: str, password: str) -> bool:
    """Return whether ``password`` is the one ``stored`` (an argon2 hash) was made from."""
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def check_password(password: str, name: str) -> str:
    """Return the password if it is acceptable, else raise ``InvalidRequest`` saying why (a 422
    naming the field ``password``).

    >>> check_password("short", "Lan")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: a password needs at least 8 characters, got 5
    >>> check_password("lan lan ", "Lan lan")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: a password may not be the account's name
    """
    if len(password) < PASSWORD_MIN:
        raise InvalidRequest(
            _("a password needs at least {least} characters, got {count}").format(
                least=PASSWORD_MIN, count=len(password)
            ),
            field="password",
        )
    if len(password) > PASSWORD_MAX:
        raise InvalidRequest(
            _("a password may hold at most {most} characters").format(most=PASSWORD_MAX),
            field="password",
        )
    if password.strip().casefold() == name.strip().casefold():
        raise InvalidRequest(_("a password may not be the account's name"), field="password")
    return password


def account_name(name: str) -> str:
    """Return an account name, trimmed, or raise ``ValueError`` saying why it is refused: what
    ``app.person_name`` refuses, and the characters of ``NAME_FORBIDDEN`` (the name is the
    address of the player's page).

    >>> account_name(" Lan ")
    'Lan'
    >>> account_name("a/b")
    Traceback (most recent call last):
    ...
    ValueError: an account name may not hold '/'
    """
    from majiang.server.app import person_name

    trimmed = person_name(name)
    if trimmed.casefold() in RESERVED:
        said = _("{name!r} is reserved: it is a word of the site's addresses")
        raise ValueError(said.format(name=trimmed))
    for ch in NAME_FORBIDDEN:
        if ch in trimmed:
            raise ValueError(_("an account name may not hold {character!r}").format(character=ch))
    return trimmed


class Claim(BaseModel):
    """A guest claims an account: a name and a password."""

    name: str = Field(max_length=40)
    password: str = Field(max_length=PASSWORD_MAX)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return account_name(value)


class Credentials(BaseModel):
    """Sign in: an account's name and password."""

    name: str = Field(max_length=40)
    password: str = Field(max_length=PASSWORD_MAX)


class Rename(BaseModel):
    """A new name for an account."""

    name: str = Field(max_length=40)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return account_name(value)


class Password(BaseModel):
    """The account's password, asked again before deleting it."""

    password: str = Field(max_length=PASSWORD_MAX)


class LinkEmail(BaseModel):
    """An e-mail address to link to the account."""

    email: str = Field(max_length=254)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        trimmed = value.strip()
        local, at, domain = trimmed.rpartition("@")
        if not at or not local or "." not in domain or any(c.isspace() for c in trimmed):
            raise ValueError(_("not an e-mail address: {value!r}").format(value=value))
        return trimmed


class ResetRequest(BaseModel):
    """Ask for a reset link: the account's name (the link goes to its confirmed address)."""

    name: str = Field(max_length=40)


class MailSecret(BaseModel):
    """The secret of a mailed link."""

    token: str = Field(max_length=200)


class Reset(BaseModel):
    """A new password, with the secret of the mailed link."""

    token: str = Field(max_length=200)
    password: str = Field(max_length=PASSWORD_MAX)


class Account(BaseModel):
    """What the signed-in player sees of themself."""

    id: str
    name: str
    account: bool
    email: str | None = None
    email_confirmed: bool = False
    role: str = "player"


def account_out(player: Player) -> Account:
    """Return the player's view of their own account."""
    return Account(
        id=player.id,
        name=player.name,
        account=player.has_account,
        email=player.email,
        email_confirmed=player.email_confirmed,
        role=player.role,
    )


def player_by_sign_in(session: Session, secret: str) -> Player | None:
    """Return the player signed in by the cookie's secret, or None (unknown or expired)."""
    row = session.get(SignIn, hash_token(secret))
    if row is None or _aware(row.expires_at) < utcnow():
        return None
    return session.get(Player, row.player_id)


def player_from(session: Session, authorization: str | None, cookie: str | None) -> Player | None:
    """Return the player a request names: a guest's ``Bearer`` token first, else the sign-in
    cookie; None when neither names one."""
    if authorization and authorization.startswith("Bearer "):
        found = player_by_token(session, authorization[7:])
        if found is not None:
            return found
    if cookie:
        return player_by_sign_in(session, cookie)
    return None


def _aware(moment: dt.datetime) -> dt.datetime:
    """SQLite hands datetimes back without their zone: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def _by_name(session: Session, name: str) -> Player | None:
    return session.scalar(select(Player).where(Player.account_key == name.strip().casefold()))


def make_router(app: FastAPI) -> APIRouter:
    """Return the account routes of ``app`` (its sessions, writer, settings and auth)."""
    router = APIRouter(tags=["accounts"])

    async def refused(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Refused)
        return exc.response()

    app.add_exception_handler(Refused, refused)
    sessions: sessionmaker[Session] = app.state.sessions
    settings: Settings = app.state.settings
    limits: Limits = app.state.limits
    current_player = app.state.current_player
    Me = Annotated[Player, Depends(current_player)]
    by_address = limits.buckets(
        "signin",
        settings.signin_burst,
        settings.signin_per_minute,
        N_("too many sign-in attempts from your address: {burst} at once, then {rate} a minute"),
        "password",
    )
    by_account = limits.buckets(
        "signin-account",
        settings.signin_burst,
        settings.signin_per_minute,
        N_("too many sign-in attempts on this account: {burst} at once, then {rate} a minute"),
        "password",
    )

    async def write(fn: Callable[[Session], T]) -> T:
        result: T = await app.state.registry.journal.run(fn)
        return result

    def read(fn: Callable[[Session], T]) -> T:
        with sessions() as session:
            return fn(session)

    def sign_in(response: Response, player_id: str) -> Callable[[Session], None]:
        """Set a new sign-in cookie on ``response``; return the write that stores it."""
        secret = secrets.token_urlsafe(32)
        lasts = dt.timedelta(days=settings.signin_days)
        response.set_cookie(
            COOKIE,
            secret,
            max_age=int(lasts.total_seconds()),
            path="/",
            secure=settings.cookie_secure,
            httponly=True,
            samesite="lax",
        )

        def store(session: Session) -> None:
            session.add(
                SignIn(
                    secret_hash=hash_token(secret), player_id=player_id, expires_at=utcnow() + lasts
                )
            )

        return store

    def base_url(request: Request) -> str:
        return (settings.public_url or str(request.base_url)).rstrip("/")

    async def mail_link(
        request: Request,
        player: Player,
        purpose: str,
        email: str,
        path: str,
        subject: str,
        text: str,
    ) -> None:
        secret = secrets.token_urlsafe(32)

        def store(session: Session) -> None:
            session.execute(
                delete(MailToken).where(
                    MailToken.player_id == player.id, MailToken.purpose == purpose
                )
            )
            session.add(
                MailToken(
                    secret_hash=hash_token(secret),
                    player_id=player.id,
                    purpose=purpose,
                    email=email,
                    expires_at=utcnow() + dt.timedelta(hours=MAIL_LINK_HOURS),
                )
            )

        await write(store)
        link = f"{base_url(request)}{path}?token={secret}"
        body = f"Hello {player.name},\n\n{text}\n\n{link}\n\nThe link works once, for {MAIL_LINK_HOURS} hours.\n"
        await asyncio.to_thread(send_mail, settings, email, subject, body)

    def take_mail_token(session: Session, secret: str, purpose: str) -> MailToken:
        row = session.get(MailToken, hash_token(secret))
        if row is None or row.purpose != purpose or _aware(row.expires_at) < utcnow():
            raise Refused(400, N_("this link is unknown, used already or expired"), "token")
        session.delete(row)
        return row

    @router.get("/api/account")
    def account(me: Me) -> Account:
        """Return your account (or your guest identity: ``account`` false)."""
        return account_out(me)

    @router.post("/api/account/claim")
    async def claim(body: Claim, me: Me, response: Response) -> Account:
        """Turn your guest identity into an account: the same player, every game kept. The
        guest token stops working; the answer signs this browser in (a cookie)."""
        if me.has_account:
            raise Refused(409, N_("you have an account already"))
        check_password(body.password, body.name)
        hashed = await asyncio.to_thread(hash_password, body.password)
        store_sign_in = sign_in(response, me.id)

        def work(session: Session) -> Player:
            player = session.get(Player, me.id)
            assert player is not None
            if _by_name(session, body.name) is not None:
                raise Refused(409, N_("the name {name!r} is taken"), "name", name=body.name)
            player.name = body.name
            player.account_key = body.name.casefold()
            player.password_hash = hashed
            player.token_hash = hash_token(secrets.token_urlsafe(32))  # the guest token: void
            session.flush()
            store_sign_in(session)
            return player

        return account_out(await write(work))

    @router.post("/api/account/signin")
    async def signin(body: Credentials, request: Request, response: Response) -> Account:
        """Sign this browser in to an account (a cookie); 401 on a wrong name or password,
        429 after too many attempts from your address or on the account."""
        await by_address.spend(limits.address(request))
        await by_account.spend(body.name.strip().casefold())
        player = read(lambda s: _by_name(s, body.name))
        stored = player.password_hash if player is not None else None
        ok = stored is not None and await asyncio.to_thread(password_matches, stored, body.password)
        if player is None or not ok:
            raise Refused(401, N_("wrong name or password"), "password")
        await write(sign_in(response, player.id))
        return account_out(player)

    @router.post("/api/account/signout", status_code=204)
    async def signout(
        response: Response, majiang_signin: Annotated[str | None, Cookie()] = None
    ) -> None:
        """Sign this browser out (the cookie is cleared, its sign-in forgotten)."""
        if majiang_signin:
            secret = hash_token(majiang_signin)
            await write(lambda s: s.execute(delete(SignIn).where(SignIn.secret_hash == secret)))
        response.delete_cookie(
            COOKIE, path="/", secure=settings.cookie_secure, httponly=True, samesite="lax"
        )

    @router.patch("/api/account")
    async def rename(body: Rename, me: Me) -> Account:
        """Rename your account (finished games' records keep the name they were played under)."""
        if not me.has_account:
            raise Refused(403, N_("claim an account first"))

        def work(session: Session) -> Player:
            other = _by_name(session, body.name)
            if other is not None and other.id != me.id:
                raise Refused(409, N_("the name {name!r} is taken"), "name", name=body.name)
            player = session.get(Player, me.id)
            assert player is not None
            player.name = body.name
            player.account_key = body.name.casefold()
            return player

        return account_out(await write(work))

    @router.delete("/api/account", status_code=204)
    async def delete_account(body: Password, me: Me, response: Response) -> None:
        """Delete your account, your password asked again. Its games stay, with "a former
        player" in its seats; its sign-ins, address and name are forgotten."""
        if me.password_hash is None:
            raise Refused(403, N_("claim an account first"))
        if not await asyncio.to_thread(password_matches, me.password_hash, body.password):
            raise Refused(401, N_("wrong password"), "password")
        await write(lambda s: anonymise(s, me.id))
        response.delete_cookie(
            COOKIE, path="/", secure=settings.cookie_secure, httponly=True, samesite="lax"
        )

    @router.post("/api/account/email", status_code=202)
    async def link_email(body: LinkEmail, me: Me, request: Request) -> Account:
        """Link an e-mail address: a one-time link to confirm it is mailed there."""
        if not me.has_account:
            raise Refused(403, N_("claim an account first"))

        def work(session: Session) -> Player:
            player = session.get(Player, me.id)
            assert player is not None
            player.email = body.email
            player.email_confirmed = False
            return player

        player = await write(work)
        await mail_link(
            request,
            player,
            "confirm",
            body.email,
            "/account/confirm",
            "Confirm your e-mail address",
            "Open this link to confirm this address for your "
            "majiang account (it lets you reset a forgotten password):",
        )
        return account_out(player)

    @router.post("/api/account/email/confirm")
    async def confirm_email(body: MailSecret) -> Account:
        """Confirm an address with the secret of the mailed link."""
        secret = body.token

        def work(session: Session) -> Player:
            row = take_mail_token(session, secret, "confirm")
            player = session.get(Player, row.player_id)
            assert player is not None
            if player.email != row.email:
                raise Refused(400, N_("this link is for an address no longer linked"))
            player.email_confirmed = True
            return player

        return account_out(await write(work))

    @router.post("/api/account/reset/request", status_code=202)
    async def request_reset(body: ResetRequest, request: Request) -> dict[str, str]:
        """Mail a password-reset link to the account's confirmed address. The answer is the
        same whether or not there is one (it does not tell who has an address)."""
        await by_address.spend(limits.address(request))
        player = read(lambda s: _by_name(s, body.name))
        if player is not None and player.email and player.email_confirmed:
            await mail_link(
                request,
                player,
                "reset",
                player.email,
                "/account/reset",
                "Reset your password",
                "Open this link to choose a new password for your majiang account:",
            )
        return {"status": "if the account has a confirmed address, a link was mailed to it"}

    @router.post("/api/account/reset")
    async def reset(body: Reset, response: Response) -> Account:
        """Set a new password with the secret of the mailed link; signs this browser in and
        every other sign-in of the account out."""
        found = read(lambda s: s.get(MailToken, hash_token(body.token)))
        if found is None or found.purpose != "reset":
            raise Refused(400, N_("this link is unknown, used already or expired"), "token")
        owner = read(lambda s: s.get(Player, found.player_id))
        assert owner is not None
        check_password(body.password, owner.name)
        hashed = await asyncio.to_thread(hash_password, body.password)
        store_sign_in = sign_in(response, owner.id)

        def work(session: Session) -> Player:
            row = take_mail_token(session, body.token, "reset")  # once: checked again here
            player = session.get(Player, row.player_id)
            assert player is not None
            player.password_hash = hashed
            session.execute(delete(SignIn).where(SignIn.player_id == player.id))
            session.flush()
            store_sign_in(session)
            return player

        return account_out(await write(work))

    return router


def anonymise(session: Session, player_id: str) -> None:
    """Delete a player's account in ``session``: the name, password, address and sign-ins go;
    the player row stays (its games point at it), named ``FORMER_PLAYER``, and the records of
    its finished games show that name in its seat."""
    player = session.get(Player, player_id)
    assert player is not None
    player.name = FORMER_PLAYER
    player.account_key = None
    player.password_hash = None
    player.email = None
    player.email_confirmed = False
    player.deleted = True
    player.role = "player"
    player.token_hash = hash_token(secrets.token_urlsafe(32))
    session.execute(delete(SignIn).where(SignIn.player_id == player_id))
    session.execute(delete(MailToken).where(MailToken.player_id == player_id))
    rows = session.execute(
        select(Game, RoomSeat.seat)
        .join(RoomSeat, RoomSeat.room_code == Game.room_code)
        .where(RoomSeat.player_id == player_id, Game.record.is_not(None))
    ).all()
    for game, seat in rows:
        record: dict[str, Any] = dict(game.record or {})
        seats = list(record.get("seats", []))
        if seat < len(seats):
            seats[seat] = FORMER_PLAYER
            record["seats"] = seats
            game.record = record
            attributes.flag_modified(game, "record")


__all__ = ["COOKIE", "anonymise", "hash_password", "make_router", "player_from"]

"""Persistence: the tables, the engine (SQLite in WAL mode or PostgreSQL) and migrations.

The schema is owned by Alembic (``migrations/``); ``open_database`` applies every migration at
start, so a fresh file and an old one both end at the current schema.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def utcnow() -> dt.datetime:
    """Return the current time in UTC."""
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The declarative base of every table."""


class Player(Base):
    """A player: a display name and the hash of the secret token a guest's browser keeps; once
    claimed, an account too (a unique name, a password hash, maybe a confirmed e-mail address).
    """

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: an account's name folded (``str.casefold``): unique, so "Lan" and "LAN" are one account
    account_key: Mapped[str | None] = mapped_column(String(40), unique=True, nullable=True)
    #: the argon2 hash of an account's password; None for a guest
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: "player" or "admin" (set from the command line: ``majiang admin grant NAME``)
    role: Mapped[str] = mapped_column(String(16), default="player")
    #: the account was deleted: the name is gone, the games stay under "a former player"
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)

    @property
    def has_account(self) -> bool:
        """Whether the player claimed an account (a name and a password)."""
        return self.password_hash is not None


class SignIn(Base):
    """A signed-in browser: the hash of the secret its HTTP-only cookie holds, until when."""

    __tablename__ = "sign_ins"
    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class MailToken(Base):
    """A one-time link sent by mail: to confirm an address or to reset a password."""

    __tablename__ = "mail_tokens"
    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    purpose: Mapped[str] = mapped_column(String(16))  # "confirm" or "reset"
    email: Mapped[str] = mapped_column(String(254))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class Rating(Base):
    """A player's current rating in one variant and length (OpenSkill Plackett-Luce)."""

    __tablename__ = "ratings"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(16), primary_key=True)
    length: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class RatingChange(Base):
    """A player's rating after one rated game: the history a player's page plots."""

    __tablename__ = "rating_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    variant: Mapped[str] = mapped_column(String(16))
    length: Mapped[str] = mapped_column(String(16))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    placement: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Room(Base):
    """A table: practice (one person and bots) or private (friends by code)."""

    __tablename__ = "rooms"
    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    variant: Mapped[str] = mapped_column(String(16))
    length: Mapped[str] = mapped_column(String(16))
    bot_level: Mapped[str] = mapped_column(String(16))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RoomSeat(Base):
    """Who sits where: a player, or nobody (a bot plays the seat)."""

    __tablename__ = "room_seats"
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    #: the player left a started game: a bot plays the seat to the end
    left: Mapped[bool] = mapped_column(Boolean, default=False)


class Game(Base):
    """One game of a room: its seed and, once finished, its record."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code"), index=True)
    seed: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class GameAction(Base):
    """An action taken in a game, in order: with the seed, enough to rebuild the game."""

    __tablename__ = "game_actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)


class ProblemReport(Base):
    """A problem a player reported with a rule or a translation (or anything), for the admin."""

    __tablename__ = "problem_reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    kind: Mapped[str] = mapped_column(String(16))
    page: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(String(4000))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def hash_token(token: str) -> str:
    """Return the stored form of a secret token (its SHA-256, hex).

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def player_by_token(session: Session, token: str) -> Player | None:
    """Return the player whose secret token this is, or None."""
    return session.scalar(select(Player).where(Player.token_hash == hash_token(token)))


#: SQLite's ``synchronous`` levels a server may choose (WAL mode): FULL syncs every commit to
#: disk (survives a power cut); NORMAL leaves the last commits in the OS cache (they survive the
#: server being killed, not the machine losing power)
SYNCHRONOUS = ("FULL", "NORMAL")
#: SQLite: how long a write waits for another connection's lock before it fails ("database is
#: locked"); the journal then pauses the games whose writes failed (``store.Journal``)
BUSY_TIMEOUT_MS = 10_000


def make_engine(url: str, synchronous: str = "FULL") -> Engine:
    """Return a SQLAlchemy engine; SQLite gets WAL mode, ``synchronous`` and foreign keys."""
    if url.startswith("sqlite"):
        if synchronous.upper() not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be FULL or NORMAL, got {synchronous!r}")
        level = synchronous.upper()

        def pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={level}")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            # no checkpoint inside a commit: the journal checkpoints beside the writer
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        engine = create_engine(
            url, connect_args={"check_same_thread": False}, pool_size=20, max_overflow=20
        )
        event.listen(engine, "connect", pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=20, max_overflow=20)


#: PostgreSQL: the advisory lock that migrations take, so that instances started together on
#: one database migrate it one after the other (the later ones find it current)
MIGRATION_LOCK = 0x6D616A69


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration to the database behind ``engine``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # released when the migration commits
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")


def open_database(url: str, synchronous: str = "FULL") -> sessionmaker[Any]:
    """Return a session factory for ``url`` after migrating the schema to the newest version."""
    engine = make_engine(url, synchronous)
    migrate(engine)
    return sessionmaker(engine, expire_on_commit=False)

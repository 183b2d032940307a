"""Server settings: where the database lives and where to listen.

SQLite (WAL) in the user's data directory is the embedded default; ``MAJIANG_DATABASE_URL``
names another database (``postgresql+psycopg://...``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir


def default_database_url() -> str:
    """Return ``MAJIANG_DATABASE_URL`` or a SQLite file in the user's data directory."""
    url = os.environ.get("MAJIANG_DATABASE_URL")
    if url:
        return url
    data = Path(os.environ.get("MAJIANG_DATA_DIR") or user_data_dir("majiang"))
    data.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data / 'majiang.sqlite3'}"


#: how ``majiang serve`` sets the interpreter up (``Settings.gc_young``, ``switch_ms``)
SERVE_RUNTIME: dict[str, Any] = {"gc_young": 10_000, "switch_ms": 1.0}


@dataclass(frozen=True)
class Settings:
    """What the server needs to start."""

    database_url: str
    host: str = "127.0.0.1"
    port: int = 8000
    #: SQLite only: FULL (every commit synced to disk) or NORMAL (see ``db.SYNCHRONOUS``)
    sqlite_synchronous: str = "FULL"
    #: websocket safety: the largest frame read, frames a second per connection (and burst),
    #: how many refused frames close a connection, seconds to send ``hello``
    max_frame_bytes: int = 4096
    rate_per_second: float = 20.0
    rate_burst: int = 40
    max_refused: int = 200
    hello_seconds: float = 10.0
    #: a seat without a connection is played by its bot after this many seconds (after a
    #: disconnect / after a server restart or the start of a game)
    disconnect_grace: float = 5.0
    resume_grace: float = 30.0
    #: frames queued for a slow client before the server drops the connection
    max_outbox: int = 10000
    #: fair shares (a request over one is a 429 with ``Retry-After``; docs/server.md): games in
    #: play a player has a seat at, rooms waiting a player hosts; per address
    #: (``limits.client_address``): games in play created from it, guest identities and
    #: tables/rooms created (token buckets: a burst, then so many a minute), websockets open;
    #: per player, websockets greeted with their token
    max_live_tables: int = 40
    max_waiting_rooms: int = 20
    max_live_tables_per_address: int = 200
    players_burst: int = 30
    players_per_minute: float = 6.0
    tables_burst: int = 60
    tables_per_minute: float = 30.0
    max_sockets_per_address: int = 64
    max_sockets_per_player: int = 32
    #: a websocket that neither sends nor is sent a frame for this many seconds is closed (0:
    #: never)
    idle_seconds: float = 300.0
    #: the proxies whose ``X-Forwarded-For`` is believed (addresses, comma-separated): a
    #: request through one of them counts against the address the proxy saw; else the
    #: socket's peer is the address
    trusted_proxies: str = ""
    #: the interpreter, for a long-running server (``app.tune_runtime``; 0: as it is): the
    #: collector's youngest-generation threshold (Python's: 700; what exists at the start is
    #: frozen) and the thread switch interval in ms (Python's: 5). ``majiang serve``
    #: (``from_env``) sets ``SERVE_RUNTIME``
    gc_young: int = 0
    switch_ms: float = 0.0
    #: the largest request body read, in bytes (a larger one: 413); requests are small (a
    #: score request with a custom point table is about 2 KB)
    max_body_bytes: int = 65536
    #: serve the interactive API docs at ``/docs`` and ``/redoc`` (``MAJIANG_API_DOCS=1``):
    #: off by default, as they load Swagger UI and ReDoc from a CDN; ``/openapi.json`` is
    #: always served
    api_docs: bool = False
    #: accounts: sign-in attempts allowed at once, then per minute, from one address and
    #: against one account name (over either: 429 with Retry-After)
    signin_burst: int = 10
    signin_per_minute: float = 5.0
    #: how long a sign-in (its HTTP-only cookie) lasts, in days
    signin_days: float = 30.0
    #: the sign-in cookie is sent over HTTPS only (``Secure``); turn off only to sign in over
    #: plain HTTP on another machine than localhost (browsers treat localhost as secure)
    cookie_secure: bool = True
    #: mail for e-mail confirmation and password resets: ``smtp://user:pass@host:port`` (or
    #: ``smtps://``, or ``smtp+starttls://``); empty: the link is printed to the server log
    smtp_url: str = ""
    #: the sender of those mails and the address the links in them start with (empty: the
    #: address the request came to)
    mail_from: str = "majiang@localhost"
    public_url: str = ""
    #: several instances on one database (docs/deploy.md): the Redis that carries what crosses
    #: instances (``redis://host:6379/0``; empty: one process, as without it), this instance's
    #: name there (empty: host, process id and a random suffix), and the seconds a lease on a
    #: live game lasts without being renewed (another instance takes the game over after it)
    redis_url: str = ""
    instance_id: str = ""
    lease_seconds: float = 5.0
    #: a new game is played by the instance it is made on unless that one plays more than
    #: this many games more than the least loaded instance, which then plays it
    balance_slack: int = 2
    #: with ``redis_url``: the bots that think choose in ``majiang worker`` processes
    #: (``workers``), and a choice not answered in ``bot_retry_seconds`` is asked again
    bot_workers: bool = False
    bot_retry_seconds: float = 10.0

    @classmethod
    def from_env(cls, host: str = "127.0.0.1", port: int = 8000) -> Settings:
        """Return settings from the environment, with the embedded SQLite default. Every
        setting but the address may be given as ``MAJIANG_<NAME>`` (``MAJIANG_RATE_PER_SECOND=50``,
        ``MAJIANG_SQLITE_SYNCHRONOUS=NORMAL``).

        >>> import os
        >>> os.environ["MAJIANG_DISCONNECT_GRACE"] = "2.5"
        >>> Settings.from_env().disconnect_grace
        2.5
        >>> del os.environ["MAJIANG_DISCONNECT_GRACE"]
        """
        tuned: dict[str, Any] = {}
        for f in fields(cls):
            raw = os.environ.get(f"MAJIANG_{f.name.upper()}")
            if raw is None or f.name in ("database_url", "host", "port"):
                continue
            if f.type in ("str", str):
                tuned[f.name] = raw
                continue
            if f.type in ("bool", bool):
                tuned[f.name] = raw.strip().lower() in ("1", "true", "yes", "on")
                continue
            kind = int if f.type in ("int", int) else float
            try:
                tuned[f.name] = kind(raw)
            except ValueError:
                raise ValueError(
                    f"MAJIANG_{f.name.upper()} must be a number, got {raw!r}"
                ) from None
        for name, value in SERVE_RUNTIME.items():
            tuned.setdefault(name, value)
        return cls(database_url=default_database_url(), host=host, port=port, **tuned)

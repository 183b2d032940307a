"""Shared helpers of the server tests (imported by test_server_*.py; holds no tests).

- ``client_for(url, **settings)``: a started ASGI test client (lifespan run: games resume).
- ``guest(client, name)``: a guest identity, its token and auth header.
- ``play(ws, ...)``: answer every decision over a websocket until the game ends, keeping frames.
- ``known_tiles`` / ``leaks``: what a seat may know at each event number, computed from the true
  state rebuilt from the record (seed + actions), and the frames that mention anything else.
- ``postgres_server()``: a PostgreSQL cluster started from Debian's package as the postgres user.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from majiang.actions import action_from_dict
from majiang.engine import new_game, step
from majiang.events import (
    BonusDeclared,
    Called,
    Dealt,
    Discarded,
    Drew,
    Event,
    HandRevealed,
    IndicatorRevealed,
    Won,
)
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.server.app import create_app
from majiang.server.settings import Settings
from majiang.state import GameState
from majiang.tiles import parse_tiles

Frame = dict[str, Any]


def sqlite_url(tmp: Path) -> str:
    """Return a SQLite URL in ``tmp``."""
    return f"sqlite:///{tmp / 'server.sqlite3'}"


@contextlib.contextmanager
def client_for(url: str, **settings: Any) -> Iterator[TestClient]:
    """Yield a test client whose application started (its registry resumed games). Test
    clients answer at machine speed and every test's players come from the one address of the
    test client, so the frame rate limit and the address's creation buckets are raised unless
    ``settings`` set them."""
    settings.setdefault("rate_per_second", 1000.0)
    settings.setdefault("rate_burst", 1000)
    settings.setdefault("players_burst", 10_000)
    settings.setdefault("tables_burst", 10_000)
    # power cuts are not tested here (the process tests run the FULL default): skip the syncs
    settings.setdefault("sqlite_synchronous", "NORMAL")
    app = create_app(Settings(database_url=url, **settings))
    with TestClient(app) as client:
        yield client


@dataclass
class Guest:
    """A guest identity made through the API."""

    id: str
    token: str

    @property
    def auth(self) -> dict[str, str]:
        """Return the Authorization header."""
        return {"Authorization": f"Bearer {self.token}"}


def guest(client: TestClient, name: str = "Lan") -> Guest:
    """Return a new guest identity."""
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return Guest(r.json()["id"], r.json()["token"])


def practice(client: TestClient, who: Guest, **options: Any) -> dict[str, Any]:
    """Return a new practice table (it has started); one hand against the instant bots unless
    ``options`` say otherwise."""
    body = {"length": "one_hand", "bot_level": "simple", **options}
    r = client.post("/api/tables", json=body, headers=who.auth)
    assert r.status_code == 201, r.text
    return dict(r.json())


def hello(token: str | None, last_seq: int | None = None) -> Frame:
    """Return the first frame of a connection."""
    return {"type": "hello", "protocol": 1, "token": token, "last_seq": last_seq}


def play(ws: Any, frames: list[Frame], stop_after: int | None = None) -> Frame | None:
    """Answer every decision with its default until ``game_over`` (returned) or until
    ``stop_after`` decisions were answered (returns None). Every frame goes into ``frames``.
    Between hands it says *Next hand* (``next_hand``) once per wait."""
    answered = 0
    pressed: set[int] = set()
    while True:
        frame = ws.receive_json()
        frames.append(frame)
        if frame["type"] == "game_over":
            return frame
        if frame["type"] == "error":
            raise AssertionError(f"unexpected error frame {frame}")
        if frame["type"] == "between_hands" and frame["waiting"] and frame["after"] not in pressed:
            pressed.add(frame["after"])
            ws.send_json({"type": "next_hand"})
        if frame["type"] == "decision":
            if stop_after is not None and answered >= stop_after:
                return None
            ws.send_json(
                {"type": "action", "decision": frame["decision"], "action": frame["default"]}
            )
            answered += 1


# ---------------------------------------------------------------- what a seat may know


def _public(rules: Ruleset, st: GameState) -> Counter[int]:
    seen: Counter[int] = Counter()
    if not st.concealed:
        return seen
    for s in range(st.players):
        for meld in st.melds[s]:
            seen.update(meld.tiles)
        seen.update(r.tile for r in st.rivers[s] if not r.claimed)
        seen.update(st.bonus[s])
    for i in range(st.indicators):
        pos = rules.indicator_position(len(st.wall), i, False)
        if pos is not None:
            seen[st.wall[pos]] += 1
    return seen


def _known(rules: Ruleset, st: GameState, seat: int | None) -> Counter[int]:
    known = _public(rules, st)
    if seat is not None and st.concealed:
        known.update(st.concealed[seat])
    return known


def _revealed(events: list[Event]) -> Counter[int]:
    """Return the tiles the rules make public in these (true) events: discards, calls,
    bonus tiles, indicators, and the hands shown at the end of a hand."""
    shown: Counter[int] = Counter()
    for e in events:
        if isinstance(e, Discarded | BonusDeclared | IndicatorRevealed):
            shown[e.tile] += 1
        elif isinstance(e, Called):
            shown.update(e.tiles)
        elif isinstance(e, Won):
            shown.update(e.hand)
            shown[e.tile] += 1
            shown.update(e.ura_indicators)
        elif isinstance(e, HandRevealed):
            shown.update(e.tiles)
    return shown


@dataclass
class Truth:
    """What one seat may know, event by event, from the true game: ``known[n]`` the tiles it may
    know at event n (0: before any); ``private`` the numbers of the events that move a tile
    private to another seat (their deal, their draws): such a frame may carry no tile at all."""

    known: list[Counter[int]]
    private: set[int]


def known_tiles(record: dict[str, Any], seat: int | None) -> Truth:
    """Return what ``seat`` (None: a spectator) may know during the game of ``record``: its own
    concealed tiles and every public tile, before and after the step that made each event, plus
    what the rules make public in that step's events. Built from the true states of the
    record's replay on the engine, never from the server's view code."""
    rules = get_ruleset(record["variant"])
    st, first = new_game(rules, record["options"], record["seed"], record["length"])
    known = _known(rules, st, seat) | _revealed(first)
    out = [known] * (len(first) + 1)
    events = list(first)
    for entry in record["actions"]:
        before = _known(rules, st, seat)
        st, caused = step(rules, st, entry["seat"], action_from_dict(entry["action"]))
        span = before | _known(rules, st, seat) | _revealed(caused)
        out.extend([span] * len(caused))
        events.extend(caused)
    private = {n for n, e in enumerate(events, 1) if isinstance(e, Dealt | Drew) and e.seat != seat}
    return Truth(out, private)


_TILES = re.compile(r"^(?:\d+[mpszf])+$")
_MELD = re.compile(r"^(?:chi|pon|kan|ankan|kakan) ((?:\d+[mpszf])+)")


def _tile_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        m = _MELD.match(value)
        if m:
            yield m.group(1)
        elif _TILES.match(value):
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _tile_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _tile_strings(v)


def leaks(frames: list[Frame], truth: Truth) -> list[str]:
    """Return a line for each tile string in ``frames`` holding a tile the seat could not know
    at that moment (the frame's event number, or the last one received before it), and for
    each frame of another seat's deal or draw that carries any tile."""
    found = []
    seq = 0
    known = truth.known
    for frame in frames:
        if frame["type"] in ("event", "snapshot"):
            seq = frame["seq"]
        if frame["type"] == "event" and seq in truth.private:
            shown = list(_tile_strings(frame))
            if shown:
                found.append(f"seq {seq}: another seat's tiles {shown} in {frame}")
        if frame["type"] != "game_over" and any(
            k == "seed" for k in _keys(frame)
        ):  # the seed is published with the record, at the end
            found.append(f"seed before the end in {frame}")
        allowed = known[seq]
        for text in _tile_strings(frame):
            extra = Counter(parse_tiles(text)) - allowed
            if extra:
                found.append(f"seq {seq}: {text!r} shows {dict(extra)} in {frame}")
    return found


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


# ---------------------------------------------------------------- PostgreSQL


def free_port() -> int:
    """Return a free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: the server tests need Debian's postgresql package "
            "(`make test` installs it with apt-get; or run `apt-get install -y postgresql`)"
        )
    return found[-1].parent


def _as_postgres(*argv: str) -> list[str]:
    if os.geteuid() != 0:
        return list(argv)
    runner = shutil.which("runuser")
    if runner:
        return [runner, "-u", "postgres", "--", *argv]
    return ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(argv)]


@dataclass
class Postgres:
    """A running cluster; ``url(db)`` names one of its databases; ``stop()`` and ``start()``
    take it down and up again (an outage)."""

    port: int
    data: Path
    root: Path

    def _ctl(self, *argv: str) -> None:
        pg_ctl = str(_pg_bin() / "pg_ctl")
        subprocess.run(
            _as_postgres(pg_ctl, "-D", str(self.data), *argv),
            check=True,
            capture_output=True,
            cwd="/",
        )

    def stop(self) -> None:
        """Stop the server at once (``-m fast``: sessions are ended, as in a restart)."""
        self._ctl("-w", "-m", "fast", "stop")

    def start(self) -> None:
        """Start the server again on the same port; return once it accepts connections."""
        self._ctl("-w", "-l", str(self.root / "log"), "-o", _options(self.port, self.root), "start")
        _wait_for_port(self.port)

    def url(self, database: str = "postgres") -> str:
        """Return the SQLAlchemy URL of ``database``."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        import psycopg

        name = f"t{os.urandom(6).hex()}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def _options(port: int, root: Path) -> str:
    return f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=on"


def _wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@contextlib.contextmanager
def postgres_server() -> Iterator[Postgres]:
    """Start a throwaway PostgreSQL cluster (trust auth on loopback) and stop it afterwards."""
    bin_dir = _pg_bin()
    root = Path(tempfile.mkdtemp(prefix="majiang-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()
    run = {"check": True, "capture_output": True, "cwd": "/"}
    subprocess.run(
        _as_postgres(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"),
        **run,  # type: ignore[call-overload]
    )
    subprocess.run(
        _as_postgres(
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-w",
            "-l",
            str(root / "log"),
            "-o",
            _options(port, root),
            "start",
        ),
        **run,  # type: ignore[call-overload]
    )
    try:
        _wait_for_port(port)
        yield Postgres(port, data, root)
    finally:
        subprocess.run(
            _as_postgres(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"),
            capture_output=True,
            cwd="/",
        )
        shutil.rmtree(root, ignore_errors=True)


# ---------------------------------------------------------------- Redis


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """Start a throwaway ``redis-server`` (Debian's package; nothing saved to disk) on a free
    loopback port; yield its URL and stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError(
            "redis-server is not installed: the cluster tests need Debian's redis-server "
            "package (`make test` installs it with apt-get; or `apt-get install -y redis-server`)"
        )
    root = Path(tempfile.mkdtemp(prefix="majiang-redis-"))
    port = free_port()
    argv = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
    with (root / "log").open("ab") as log:
        proc = subprocess.Popen([*argv, "no", "--dir", str(root)], stdout=log, stderr=log, cwd=root)
    try:
        _wait_for_port(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(root, ignore_errors=True)

"""Game server under load: N websocket clients on loopback, each at its own practice table
against bots, each acting THINK seconds after a decision is offered (the default action).

Prints, per database backend, the action round trip (the action sent -> its ``accepted`` frame,
which the server sends only after the action is committed) as median and p99, the events per
second all tables produced, and the server's CPU (its share of one core, and per action: an
action includes the bots' moves that follow it). The server runs as its own process
(``majiang serve``), as in production; PostgreSQL is started from Debian's package like the
tests do.

    python bench/server.py                       # 100 tables, 30 s, SQLite and PostgreSQL
    python bench/server.py --tables 20 --seconds 10 --backend sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_server_process import start_server
from test_server_support import free_port, postgres_server


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    events: int = 0
    games: int = 0
    errors: int = 0
    server_cpu: float = 0.0


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system) a process has used (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Clock:
    """The measured window: opened when every client sits at its first table."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.ready = asyncio.Event()
        self.start = 0.0
        self.until = float("inf")

    def open(self) -> None:
        """Start measuring now."""
        self.start = time.monotonic()
        self.until = self.start + self.seconds
        self.ready.set()

    def measuring(self) -> bool:
        """Return whether now is inside the window."""
        return self.ready.is_set() and time.monotonic() < self.until


#: the bots' level at every table (``--bot-level``)
BOT_LEVEL = {"level": "simple"}


async def new_table(http: httpx.AsyncClient, ws_base: str, token: str) -> Any:
    """Return an open websocket at a new practice table, greeted."""
    auth = {"Authorization": f"Bearer {token}"}
    body = {"length": "east", "bot_level": BOT_LEVEL["level"]}
    room = (await http.post("/api/tables", json=body, headers=auth)).json()
    ws = await websockets.connect(ws_base + room["websocket"])
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
    return ws


async def client(
    http: httpx.AsyncClient,
    ws_base: str,
    think: float,
    clock: Clock,
    seated: asyncio.Queue[None],
    stats: Stats,
) -> None:
    """Sit at a practice table, wait for the window, then play (new tables as games end)."""
    token = (await http.post("/api/players", json={"name": "bench"})).json()["token"]
    ws = await new_table(http, ws_base, token)
    seated.put_nowait(None)
    await clock.ready.wait()
    sent = 0.0
    try:
        while clock.measuring():
            try:
                raw = await asyncio.wait_for(ws.recv(), clock.until - time.monotonic() + 0.1)
            except TimeoutError:
                return
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "event":
                stats.events += 1
            elif kind == "decision":
                await asyncio.sleep(think)
                answer = {
                    "type": "action",
                    "decision": frame["decision"],
                    "action": frame["default"],
                }
                sent = time.monotonic()
                await ws.send(json.dumps(answer))
            elif kind == "accepted":
                stats.latencies.append(time.monotonic() - sent)
            elif kind == "error":
                stats.errors += 1
            elif kind == "game_over":
                stats.games += 1
                await ws.close()
                ws = await new_table(http, ws_base, token)
    finally:
        await ws.close()


async def load(
    base: str, tables: int, seconds: float, think: float, pid: int = 0
) -> tuple[Stats, float]:
    """Seat ``tables`` clients, then let them play for ``seconds``; return what they measured
    and the length of the window."""
    stats = Stats()
    clock = Clock(seconds)
    seated: asyncio.Queue[None] = asyncio.Queue()
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        players = [
            asyncio.create_task(client(http, ws_base, think, clock, seated, stats))
            for _ in range(tables)
        ]
        for _ in range(tables):
            await seated.get()
        used = cpu_seconds(pid) if pid else 0.0
        clock.open()
        await asyncio.gather(*players)
        stats.server_cpu = (cpu_seconds(pid) if pid else 0.0) - used
    return stats, time.monotonic() - clock.start


@contextlib.contextmanager
def backend(name: str, tmp: Path) -> Iterator[str]:
    """Yield the database URL of a fresh ``sqlite``, ``sqlite-normal`` (synchronous=NORMAL) or
    ``postgres`` database."""
    if name.startswith("sqlite"):
        level = "NORMAL" if name == "sqlite-normal" else "FULL"
        os.environ["MAJIANG_SQLITE_SYNCHRONOUS"] = level  # read by the server process
        yield f"sqlite:///{tmp / 'bench.sqlite3'}"
        return
    with postgres_server() as pg:
        yield pg.new_database()


def main() -> int:
    """Run the benchmark and print one row per backend."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument(
        "--backend",
        choices=["sqlite", "sqlite-normal", "postgres", "both", "all"],
        default="both",
        help="both: sqlite and postgres; all: also sqlite with synchronous=NORMAL",
    )
    parser.add_argument(
        "--bot-level",
        default="simple",
        choices=["simple", "beginner", "normal", "expert", "master"],
        help="the bots' level (simple: instant bots, the server's own cost alone)",
    )
    args = parser.parse_args()
    BOT_LEVEL["level"] = args.bot_level
    names = {"both": ["sqlite", "postgres"], "all": ["sqlite", "sqlite-normal", "postgres"]}.get(
        args.backend, [args.backend]
    )
    print(
        f"{args.tables} tables ({args.bot_level} bots), one client each acting "
        f"{args.think * 1000:.0f} ms after each decision, {args.seconds:.0f} s"
    )
    print(
        f"{'backend':<14} {'actions':>8} {'median ms':>10} {'p99 ms':>8} {'events/s':>9} "
        f"{'games':>6} {'errors':>6} {'server CPU':>11} {'CPU/action':>11}"
    )
    for name in names:
        with tempfile.TemporaryDirectory() as tmp, backend(name, Path(tmp)) as url:
            port = free_port()
            server = start_server(url, port, Path(tmp) / "server.log")
            try:
                stats, took = asyncio.run(
                    load(
                        f"http://127.0.0.1:{port}",
                        args.tables,
                        args.seconds,
                        args.think,
                        server.pid,
                    )
                )
            finally:
                server.kill()
                server.wait()
        lat = sorted(stats.latencies)
        median = statistics.median(lat) * 1000 if lat else float("nan")
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
        print(
            f"{name:<14} {len(lat):>8} {median:>10.1f} {p99:>8.1f} {stats.events / took:>9.0f} "
            f"{stats.games:>6} {stats.errors:>6} {stats.server_cpu / took:>10.0%} "
            f"{stats.server_cpu / max(len(lat), 1) * 1000:>8.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Game server under load: N websocket clients on loopback, each at its own practice table
against bots, each acting THINK seconds after a decision is offered (the default action).

Prints, per database backend, the action round trip (the action sent -> its ``accepted`` frame,
which the server sends only after the action is committed) as median and p99, the events per
second all tables produced, and the server's CPU (its share of one core, and per action: an
action includes the bots' moves that follow it). The server runs as its own process
(``majiang serve``), as in production; PostgreSQL is started from Debian's package like the
tests do. Clients play from the moment they sit down; the window opens ``--warmup`` seconds
after the last one sat, and counts the actions sent inside it.

The machine's load average is printed beside each row: on a machine shared with other work the
server waits for a core, and the round trips grow with the load; CPU per action does not.
``--trace`` has the server time every step (``MAJIANG_TRACE``, docs/server.md) and prints where
the round trip goes.

``--instances 2`` adds a row on PostgreSQL with two instances and a ``redis-server``
(``MAJIANG_REDIS_URL``, docs/deploy.md): each client makes its table on one instance and plays
it through a websocket on the other, so every frame is relayed through Redis. Its CPU counts
both instances and Redis; the line after it prints what the relay adds per action. With
``--workers N`` the bots that think choose in N ``majiang worker`` processes
(``MAJIANG_BOT_WORKERS``; their CPU counted too): use it with a ``--bot-level`` that thinks.
With ``--step`` and ``--instances``, PostgreSQL's rows are the instances' only: compare with
the same command with ``--instances 1``.

    python bench/server.py                       # 100 tables, 30 s, SQLite and PostgreSQL
    python bench/server.py --tables 100 --seconds 20 --backend all --trace
    python bench/server.py --tables 20 --seconds 10 --backend sqlite
    python bench/server.py --tables 100 --step 25 --backend sqlite   # the most tables held
    python bench/server.py --tables 50 --seconds 20 --backend postgres --instances 2
    python bench/server.py --tables 20 --backend postgres --instances 2 --workers 2 --bot-level normal
    python bench/server.py --tables 50 --step 25 --backend postgres --instances 2 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_server_process import MAJIANG, start_server
from test_server_support import free_port, postgres_server, redis_server


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    events: int = 0
    games: int = 0
    errors: int = 0
    #: the ``code`` of each error frame the clients got, with how many
    error_codes: dict[str, int] = field(default_factory=dict)
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    #: the clients' own event-loop stalls (a late client inflates the round trips it measures)
    client_stalls: list[float] = field(default_factory=list)
    #: tracing: each action's id -> (sent, accepted received), ``time.monotonic()``
    sent_at: dict[int, tuple[float, float]] = field(default_factory=dict)


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system) a process has used (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Clock:
    """The measured window: it opens ``warmup`` seconds after every client sits at its first
    table. Clients play from the moment they sit, so they act at times as spread as their
    arrivals; a window opened as they all start would send every first action at once."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.ready = asyncio.Event()
        self.start = float("inf")
        self.until = float("inf")

    def open(self, warmup: float) -> None:
        """Start measuring ``warmup`` seconds from now."""
        self.start = time.monotonic() + warmup
        self.until = self.start + self.seconds
        self.ready.set()

    def inside(self, moment: float) -> bool:
        """Return whether ``moment`` is inside the window."""
        return self.start <= moment < self.until

    def playing(self) -> bool:
        """Return whether the clients still play (until the window closes)."""
        return time.monotonic() < self.until


#: the round trip's p99 a table count must keep to be held (``--step``), in ms
TARGET_MS = 100.0
#: the bots' level at every table (``--bot-level``)
BOT_LEVEL = {"level": "simple"}
#: the last action id the clients used
NEXT_ID = [0]


async def new_table(http: httpx2.AsyncClient, ws_base: str, token: str) -> Any:
    """Return an open websocket (on ``ws_base``) at a new practice table (made through
    ``http``), greeted."""
    auth = {"Authorization": f"Bearer {token}"}
    body = {"length": "east", "bot_level": BOT_LEVEL["level"]}
    room = (await http.post("/api/tables", json=body, headers=auth)).json()
    ws = await websockets.connect(ws_base + room["websocket"])
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
    return ws


async def client(
    http: httpx2.AsyncClient,
    ws_base: str,
    think: float,
    clock: Clock,
    seated: asyncio.Queue[None],
    stats: Stats,
) -> None:
    """Sit at a practice table and play (a new table when a game ends) until the window
    closes; count what happens inside the window."""
    token = (await http.post("/api/players", json={"name": "bench"})).json()["token"]
    ws = await new_table(http, ws_base, token)
    seated.put_nowait(None)
    sent = 0.0
    ident = 0
    try:
        while clock.playing():
            try:
                raw = await asyncio.wait_for(ws.recv(), min(clock.until - time.monotonic(), 60))
            except TimeoutError:
                return
            frame = json.loads(raw)
            kind = frame["type"]
            inside = clock.inside(time.monotonic())
            if kind == "event":
                stats.events += inside
            elif kind == "decision":
                await asyncio.sleep(think)
                NEXT_ID[0] += 1
                ident = NEXT_ID[0]
                answer = {
                    "type": "action",
                    "id": ident,
                    "decision": frame["decision"],
                    "action": frame["default"],
                }
                sent = time.monotonic()
                await ws.send(json.dumps(answer))
            elif kind == "between_hands" and frame["waiting"]:
                await ws.send(json.dumps({"type": "next_hand"}))  # the result is read at once
            elif kind == "accepted" and clock.inside(sent):
                now = time.monotonic()
                stats.latencies.append(now - sent)
                stats.sent_at[ident] = (sent, now)
            elif kind == "error":
                stats.errors += 1
                code = str(frame.get("code"))
                stats.error_codes[code] = stats.error_codes.get(code, 0) + 1
            elif kind == "game_over":
                stats.games += inside
                await ws.close()
                ws = await new_table(http, ws_base, token)
    finally:
        await ws.close()


async def watch_loop(clock: Clock, stats: Stats) -> None:
    """Note every stall of the clients' event loop (5 ms or more) during the window."""
    while clock.playing():
        before = time.monotonic()
        await asyncio.sleep(0.001)
        late = time.monotonic() - before
        if late >= 0.005 and clock.inside(before):
            stats.client_stalls.append(late)


#: ``--py-spy FILE``: profile the server during the window into FILE (collapsed stacks)
PROFILE: dict[str, Path] = {}


async def load(
    base: str,
    tables: int,
    seconds: float,
    think: float,
    pid: int = 0,
    warmup: float = 2.0,
    others: tuple[str, ...] = (),
    cpu: Any = None,
) -> tuple[Stats, tuple[float, float]]:
    """Seat ``tables`` clients (each plays as soon as seated), then measure for ``seconds``
    from ``warmup`` seconds later; return what they measured and the window (its start and
    end, ``time.monotonic()``). With ``others`` (more instances' addresses) client k makes
    its tables on instance k and plays them on instance k + 1 (every socket relayed);
    ``cpu()``, when given, returns the CPU seconds of every server process."""
    stats = Stats()
    clock = Clock(seconds)
    seated: asyncio.Queue[None] = asyncio.Queue()
    bases = [base, *others]
    cpu = cpu or (lambda: cpu_seconds(pid) if pid else 0.0)
    limits = httpx2.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with contextlib.AsyncExitStack() as stack:
        https = [
            await stack.enter_async_context(
                httpx2.AsyncClient(base_url=b, timeout=120, limits=limits)
            )
            for b in bases
        ]
        n = len(bases)
        players = [
            asyncio.create_task(
                client(
                    https[k % n],
                    bases[(k + 1) % n].replace("http://", "ws://"),
                    think,
                    clock,
                    seated,
                    stats,
                )
            )
            for k in range(tables)
        ]
        for _ in range(tables):
            await seated.get()
        clock.open(warmup)
        watch = asyncio.create_task(watch_loop(clock, stats))
        await asyncio.sleep(max(0.0, clock.start - time.monotonic()))
        used = cpu()
        mine = time.process_time()
        spy = None
        if "path" in PROFILE and pid:
            spy = subprocess.Popen(
                ["py-spy", "record", "--nonblocking", "--threads", "-r", "250"]
                + (["--gil"] if "gil" in PROFILE else [])
                + [
                    "-f",
                    "raw",
                    "-o",
                    str(PROFILE["path"]),
                    "-p",
                    str(pid),
                    "-d",
                    str(int(seconds)),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        await asyncio.gather(*players)
        stats.server_cpu = cpu() - used
        stats.client_cpu = time.process_time() - mine
        watch.cancel()
        if spy is not None:
            spy.wait()
    return stats, (clock.start, clock.until)


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


def load_average() -> str:
    """Return the machine's load average over 1 minute (other processes share its 2 cores)."""
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def percentile(values: list[float], q: float) -> float:
    """Return the ``q`` quantile (0-1) of ``values`` in ms (nan when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


#: the steps of an action's round trip, as the trace (``majiang.server.trace``) marks them
PHASES = [
    ("client sent -> server read it", "client_sent", "received"),
    ("read -> game task took it", "received", "took"),
    ("took -> write queued", "took", "queued"),
    ("queued -> write committed", "queued", "committed"),
    ("committed -> accepted released", "committed", "released"),
    ("released -> written to socket", "released", "sent"),
    ("written -> client read it", "sent", "client_read"),
]


def print_trace(path: Path, stats: Stats, start: float, until: float) -> None:
    """Print where the round trips went, from the server's trace joined with the clients'."""
    rows = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    if "keep" in PROFILE:  # keep the raw trace and the clients' times
        PROFILE["keep"].write_text(
            json.dumps({"rows": rows, "sent_at": stats.sent_at, "window": [start, until]})
        )
    inside = [r for r in rows if start <= r.get("received", r.get("began", r.get("at", 0))) < until]
    actions = []
    for r in inside:
        if r["kind"] == "action" and r["ref"] in stats.sent_at and r["sent"]:
            r["client_sent"], r["client_read"] = stats.sent_at[r["ref"]]
            actions.append(r)
    if not actions:
        print("  (no traced actions)")
        return
    actions.sort(key=lambda r: r["client_read"] - r["client_sent"])
    tail = actions[int(len(actions) * 0.99) :]
    print(f"  where the round trip goes ({len(actions)} traced actions; ms):")
    print(f"  {'step':<34} {'median':>7} {'p90':>7} {'p99':>7} {'mean of slowest 1%':>19}")
    for name, a, b in PHASES:
        spans = [r[b] - r[a] for r in actions]
        slow = statistics.mean(r[b] - r[a] for r in tail) * 1000
        print(
            f"  {name:<34} {percentile(spans, 0.5):>7.1f} {percentile(spans, 0.9):>7.1f} "
            f"{percentile(spans, 0.99):>7.1f} {slow:>19.1f}"
        )
    commits = [r for r in inside if r["kind"] == "commit"]
    if commits:
        sizes = [r["size"] for r in commits]
        print(
            f"  group commits: {len(commits)} ({len(commits) / (until - start):.0f}/s), "
            f"writes each median {statistics.median(sizes):.0f} max {max(sizes)}; "
            f"transaction median {percentile([r['ended'] - r['began'] for r in commits], 0.5):.1f}"
            f" p99 {percentile([r['ended'] - r['began'] for r in commits], 0.99):.1f} ms; "
            f"oldest write waited p99 "
            f"{percentile([r['began'] - r['oldest'] for r in commits], 0.99):.1f} ms"
        )
    seen: dict[str, int] = {}
    for r in inside:
        if r["kind"] == "stacks":
            for where, n in r["seen"].items():
                seen[where] = seen.get(where, 0) + n
    if seen:
        print("  where the server's event loop was when stalled (times seen):")
        for where, n in sorted(seen.items(), key=lambda kv: -kv[1])[:12]:
            print(f"    {n:>5}  {where}")
    checkpoints = [r["seconds"] for r in inside if r["kind"] == "checkpoint"]
    if checkpoints:
        print(
            f"  SQLite checkpoints (beside the writer): {len(checkpoints)}, "
            f"median {percentile(checkpoints, 0.5):.1f} ms, max {max(checkpoints) * 1000:.0f} ms"
        )
    collections = [r for r in inside if r["kind"] == "gc"]
    if collections:
        print(
            f"  garbage collections >= 1 ms: {len(collections)}, "
            + ", ".join(
                f"generation {g}: {sum(1 for r in collections if r['generation'] == g)} "
                f"(max {max([r['seconds'] for r in collections if r['generation'] == g], default=0) * 1000:.0f} ms)"
                for g in (0, 1, 2)
            )
        )
    stalls = [r["seconds"] for r in inside if r["kind"] == "stall"]
    busy = sum(r["cpu"] for r in inside if r["kind"] == "stall")
    print(
        f"  server event loop stalls >= 5 ms: {len(stalls)}, "
        f"{sum(stalls) / (until - start):.1%} of the time (its thread ran "
        f"{busy / (until - start):.1%}: the rest it waited for a core or the GIL), "
        f"p99 {percentile(stalls, 0.99):.0f} ms, max {max(stalls, default=0) * 1000:.0f} ms; "
        f"client loop stalls: {len(stats.client_stalls)}, "
        f"max {max(stats.client_stalls, default=0) * 1000:.0f} ms"
    )


def main() -> int:
    """Run the benchmark and print one row per backend."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument(
        "--step",
        type=int,
        default=0,
        help="find the most tables held: --tables, then so many more each run (a fresh "
        f"server each), until the p99 reaches {TARGET_MS:.0f} ms or the tables pass --most",
    )
    parser.add_argument("--most", type=int, default=1000, help="with --step: the most tried")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument(
        "--warmup", type=float, default=2.0, help="seconds of play before the window opens"
    )
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
    parser.add_argument(
        "--trace",
        action="store_true",
        help="have the server time each step (MAJIANG_TRACE) and print where the time goes",
    )
    parser.add_argument(
        "--py-spy",
        type=Path,
        metavar="FILE",
        help="profile the server with py-spy during the window (collapsed stacks, per backend)",
    )
    parser.add_argument("--gil", action="store_true", help="py-spy: only threads holding the GIL")
    parser.add_argument(
        "--instances",
        type=int,
        default=1,
        help="more than 1: also a row on PostgreSQL with this many instances and Redis, each "
        "socket relayed to its table's instance, and the relay's cost per action",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="with --instances: the bots that think choose in this many `majiang worker`s",
    )
    parser.add_argument(
        "--keep-trace",
        type=Path,
        metavar="FILE",
        help="with --trace: write the server's trace and the clients' times to FILE (JSON)",
    )
    parser.add_argument(
        "--stacks",
        action="store_true",
        help="with --trace: sample what the server's event loop runs when it stalls",
    )
    args = parser.parse_args()
    BOT_LEVEL["level"] = args.bot_level
    if args.gil:
        PROFILE["gil"] = Path()
    if args.keep_trace:
        PROFILE["keep"] = args.keep_trace
    if args.stacks:
        os.environ["MAJIANG_TRACE_STACKS"] = "1"  # read by the server process
    names = {"both": ["sqlite", "postgres"], "all": ["sqlite", "sqlite-normal", "postgres"]}.get(
        args.backend, [args.backend]
    )
    print(
        f"{args.tables} tables ({args.bot_level} bots), one websocket client each, acting "
        f"{args.think * 1000:.0f} ms after each decision; {args.seconds:.0f} s measured per "
        f"backend after {args.warmup:.0f} s of play. {os.cpu_count()} cores, load average "
        f"{load_average()} at the start.\n"
        "round trip: action sent -> its 'accepted' frame (sent once the action is committed); "
        "server CPU: share of one core; CPU/action: server CPU time per client action (the "
        "bots' moves that follow it included; holds under load); load: 1-min load average "
        "after the row (other processes on the machine included)"
    )
    print(
        f"{'backend':<14} {'actions':>8} {'median ms':>10} {'p99 ms':>8} {'events/s':>9} "
        f"{'games':>6} {'errors':>6} {'server CPU':>11} {'CPU/action':>11} {'client CPU':>11} "
        f"{'load':>5}"
    )
    verdicts: list[str] = []
    for name in names:
        if not args.step and args.instances > 1 and name == "postgres":
            alone = run_row(name, args.tables, args)
            relayed = run_instances(args.instances, args.tables, args)
            print(
                f"{'the relay and the bot jobs' if args.workers else 'the relay'} through "
                f"Redis: {relayed[2] - alone[2]:+.1f} ms of CPU per action (every process "
                f"together), median round trip "
                f"{relayed[1] - alone[1]:+.1f} ms, p99 {relayed[0] - alone[0]:+.1f} ms",
                flush=True,
            )
            verdicts.append(f"{name} {alone[0]:.0f} ms, x{args.instances} {relayed[0]:.0f} ms")
            continue
        if not args.step:
            p99 = run(name, args.tables, args)
            verdicts.append(f"{name} {p99:.0f} ms")
            continue
        held = None  # the most tables held at p99 < TARGET_MS so far
        tables = args.tables
        while tables <= args.most:
            if args.instances > 1 and name == "postgres":  # the instances' rows only
                p99 = run_instances(args.instances, tables, args)[0]
            else:
                p99 = run(name, tables, args)
            if not p99 < TARGET_MS:  # nan: no action came back
                break
            held = tables
            tables += args.step
        shown = "none of those tried" if held is None else f"{held} tables"
        if held is not None and held + args.step > args.most:
            shown += f" (every count tried, up to --most {args.most})"
        print(f"{name}: the most tables held at p99 < {TARGET_MS:.0f} ms: {shown}", flush=True)
    if args.tables >= 100 and not args.step:
        print(f"target p99 < 100 ms at 100 tables: {', '.join(verdicts)} (load as shown)")
    return 0


def run(name: str, tables: int, args: argparse.Namespace) -> float:
    """Play ``tables`` tables on a fresh server and database of backend ``name``, print the
    row, and return the p99 round trip in ms."""
    return run_row(name, tables, args)[0]


def run_row(name: str, tables: int, args: argparse.Namespace) -> tuple[float, float, float]:
    """``run``, returning the p99 and median round trips and the server CPU per action."""
    with tempfile.TemporaryDirectory() as tmp, backend(name, Path(tmp)) as url:
        trace = Path(tmp) / "trace.jsonl"
        if args.trace:
            os.environ["MAJIANG_TRACE"] = str(trace)  # read by the server process
        if args.py_spy:
            PROFILE["path"] = args.py_spy.with_suffix(f".{name}.txt")
        port = free_port()
        server = start_server(url, port, Path(tmp) / "server.log", patience=120)
        try:
            stats, (start, until) = asyncio.run(
                load(
                    f"http://127.0.0.1:{port}",
                    tables,
                    args.seconds,
                    args.think,
                    server.pid,
                    args.warmup,
                )
            )
            time.sleep(1.5 if args.trace else 0)  # the server writes its trace each second
        finally:
            server.kill()
            server.wait()
        label = name if not args.step else f"{name} {tables}"
        row = print_row(label, stats, until - start)
        if args.trace:
            print_trace(trace, stats, start, until)
        return row


def print_row(label: str, stats: Stats, took: float) -> tuple[float, float, float]:
    """Print one row of the table; return its p99 and median round trips (ms) and the
    server CPU per action (ms)."""
    lat = stats.latencies
    per_action = stats.server_cpu / max(len(lat), 1) * 1000
    print(
        f"{label:<14} {len(lat):>8} {percentile(lat, 0.5):>10.1f} "
        f"{percentile(lat, 0.99):>8.1f} {stats.events / took:>9.0f} "
        f"{stats.games:>6} {stats.errors:>6} {stats.server_cpu / took:>10.0%} "
        f"{per_action:>8.1f} ms "
        f"{stats.client_cpu / took:>10.0%} {load_average():>5}",
        flush=True,
    )
    if stats.error_codes:
        print(f"  error frames: {stats.error_codes}")
    return percentile(lat, 0.99), percentile(lat, 0.5), per_action


def redis_cpu(url: str) -> float:
    """Return the CPU seconds (user + system) the Redis at ``url`` has used."""
    import redis

    with redis.Redis.from_url(url) as client:
        info = client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def run_instances(count: int, tables: int, args: argparse.Namespace) -> tuple[float, float, float]:
    """Play ``tables`` tables on ``count`` fresh instances of one PostgreSQL database and one
    Redis, every socket on another instance than its table's; print the row and return its
    p99 and median round trips and CPU per action (instances and Redis together)."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        backend("postgres", Path(tmp)) as url,
        redis_server() as redis_url,
    ):
        ports = [free_port() for _ in range(count)]
        servers: list[subprocess.Popen[bytes]] = []
        workers = []
        more = {"MAJIANG_BOT_WORKERS": "1"} if args.workers else {}
        try:
            for n in range(args.workers):
                with (Path(tmp) / f"worker{n}.log").open("ab") as out:
                    workers.append(
                        subprocess.Popen(
                            [MAJIANG, "worker"],
                            env={**os.environ, "MAJIANG_REDIS_URL": redis_url},
                            stdout=out,
                            stderr=out,
                        )
                    )
            for n, port in enumerate(ports):
                log = Path(tmp) / f"server{n}.log"
                servers.append(
                    start_server(
                        url,
                        port,
                        log,
                        patience=120,
                        MAJIANG_REDIS_URL=redis_url,
                        MAJIANG_INSTANCE_ID=f"bench{n}",
                        **more,
                    )
                )
            bases = [f"http://127.0.0.1:{port}" for port in ports]

            def cpu() -> float:
                processes = sum(cpu_seconds(p.pid) for p in [*servers, *workers])
                return processes + redis_cpu(redis_url)

            stats, (start, until) = asyncio.run(
                load(
                    bases[0],
                    tables,
                    args.seconds,
                    args.think,
                    warmup=args.warmup,
                    others=tuple(bases[1:]),
                    cpu=cpu,
                )
            )
        finally:
            for process in [*servers, *workers]:
                process.kill()
                process.wait()
        label = f"postgres x{count}" + (f" w{args.workers}" if args.workers else "")
        if args.step:
            label += f" {tables}"
        return print_row(label, stats, until - start)


if __name__ == "__main__":
    raise SystemExit(main())

"""Two ``majiang serve`` instances on one PostgreSQL and one Redis (``MAJIANG_REDIS_URL``):
a room made on one is joined, played and watched through the other; when the instance
playing a game is killed with SIGKILL the other takes the game over from its stored actions;
bots that think choose in ``majiang worker`` processes, one killed and another started mid-game.

PostgreSQL, redis-server and both instances are started here as processes of their own
(Debian's ``postgresql`` and ``redis-server``; ``make test`` installs them).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import redis
import redis.asyncio as aioredis
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from majiang.records import GameRecord, verify
from majiang.server.shares import Shares, share_key
from test_server_process import MAJIANG, start_server
from test_server_support import free_port, hello, postgres_server, redis_server

pytestmark = pytest.mark.timeout(240)

#: short leases: a dead instance's games are taken over within seconds
LEASE = "3"
#: a generous wait for anything a test waits on (never a bound the test asserts)
PATIENCE = 90.0
#: small fair shares, to fill them across both instances: games in play a player has a seat
#: at, websockets a player has open (the tests' other players hold one of each at a time)
MAX_LIVE_TABLES = 3
MAX_SOCKETS_PER_PLAYER = 3
#: a new game stays on the instance it is made on unless that one plays more than this many
#: games more than the other (the other tests' games never make that difference)
BALANCE_SLACK = 3


class Cluster:
    """Two instances, ``A`` and ``B``, on one database and one Redis."""

    def __init__(self, database: str, redis_url: str, tmp: Path) -> None:
        self.redis = redis.Redis.from_url(redis_url, decode_responses=True)
        self.db = create_engine(database)
        self.database, self.redis_url, self.tmp = database, redis_url, tmp
        self.ports = {"A": free_port(), "B": free_port()}
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        with ThreadPoolExecutor(2) as both:  # each takes seconds to start on a busy machine
            list(both.map(self.start, self.ports))

    def start(self, name: str) -> None:
        self.procs[name] = start_server(
            self.database,
            self.ports[name],
            self.tmp / f"{name}.log",
            patience=PATIENCE,
            MAJIANG_REDIS_URL=self.redis_url,
            MAJIANG_INSTANCE_ID=name,
            MAJIANG_LEASE_SECONDS=LEASE,
            MAJIANG_BOT_WORKERS="1",  # the levels' bots (the instant ones play at home)
            MAJIANG_BOT_RETRY_SECONDS="3",
            MAJIANG_MAX_LIVE_TABLES=str(MAX_LIVE_TABLES),
            MAJIANG_MAX_SOCKETS_PER_PLAYER=str(MAX_SOCKETS_PER_PLAYER),
            MAJIANG_BALANCE_SLACK=str(BALANCE_SLACK),
            # a practice table nobody connects to stays in play (its bots wait for the person)
            MAJIANG_RESUME_GRACE="600",
        )

    def worker(self) -> subprocess.Popen[bytes]:
        with (self.tmp / "workers.log").open("ab") as log:
            return subprocess.Popen(
                [MAJIANG, "worker"],
                env={**os.environ, "MAJIANG_REDIS_URL": self.redis_url},
                stdout=log,
                stderr=log,
            )

    def bot_choices(self) -> int:
        return int(self.redis.get("majiang:bots:done") or 0)

    def http(self, name: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}"

    def ws(self, name: str, code: str) -> str:
        return f"ws://127.0.0.1:{self.ports[name]}/ws/rooms/{code}"

    def owner(self, code: str) -> str | None:
        found = self.redis.get(f"majiang:lease:{code}")
        return None if found is None else str(found)

    def in_play(self) -> Counter[str]:
        """Return how many games in play (in the database) each instance owns (its leases)."""
        with self.db.connect() as db:
            codes = db.execute(text("SELECT room_code FROM games WHERE status = 'playing'"))
            return Counter(owner for (code,) in codes if (owner := self.owner(code)))

    def loads(self) -> Counter[str]:
        """Return the games in play each instance last published (``majiang:load``)."""
        return Counter({k: int(v) for k, v in self.redis.hgetall("majiang:load").items()})

    def kill(self, name: str) -> None:
        os.kill(self.procs[name].pid, signal.SIGKILL)
        self.procs[name].wait()

    def close(self) -> None:
        for proc in self.procs.values():
            proc.kill()
            proc.wait()
        self.redis.close()
        self.db.dispose()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    tmp = tmp_path_factory.mktemp("cluster")
    with postgres_server() as pg, redis_server() as redis_url:
        both = Cluster(pg.new_database(), redis_url, tmp)
        try:
            yield both
        finally:
            both.close()


def guest(base: str, name: str) -> str:
    r = httpx.post(f"{base}/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Client(threading.Thread):
    """A person (or spectator) at a room: answers every decision with its default, presses
    *Next hand*, and reconnects through the instances in ``bases`` order (the first that
    answers) whenever its socket closes, from the last event it saw, until ``game_over``."""

    def __init__(
        self, token: str, urls: list[str], halfway: int | None = None, answers: bool = True
    ) -> None:
        super().__init__(daemon=True)
        self.token = token
        #: False: leaves its decisions unanswered, so the game waits for its seat
        self.answers = answers
        self.urls = urls
        self.lock = threading.Lock()
        self.events: dict[int, dict[str, Any]] = {}
        self.accepted: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.over: dict[str, Any] | None = None
        self.failure: str | None = None
        self.connections = 0
        self.seq: int | None = None
        #: set once this many of its actions are accepted
        self.halfway = threading.Event()
        self.halfway_at = halfway
        #: set once connected (the first ``welcome``)
        self.welcomed = threading.Event()

    def run(self) -> None:
        try:
            self._play()
        except Exception as exc:  # the test reads it
            self.failure = repr(exc)

    def _connect(self) -> Any:
        deadline = time.monotonic() + PATIENCE
        while True:
            for url in self.urls:
                try:
                    return connect(url, open_timeout=5)
                except OSError:
                    continue
            if time.monotonic() > deadline:
                raise AssertionError(f"no instance answered at {self.urls}")
            time.sleep(0.2)

    def _play(self) -> None:
        pressed: set[int] = set()
        deadline = time.monotonic() + 3 * PATIENCE
        while self.over is None and time.monotonic() < deadline:
            self.connections += 1
            try:
                with self._connect() as ws:
                    ws.send(json.dumps(hello(self.token, self.seq)))
                    while self.over is None:
                        frame = json.loads(ws.recv(timeout=PATIENCE))
                        self._take(ws, frame, pressed)
            except (ConnectionClosed, TimeoutError):
                continue

    def _take(self, ws: Any, frame: dict[str, Any], pressed: set[int]) -> None:
        self.frames.append(frame)
        kind = frame["type"]
        if kind == "welcome":
            self.welcomed.set()
        elif kind == "snapshot":
            self.seq = frame["seq"]
        elif kind == "event":
            with self.lock:
                earlier = self.events.setdefault(frame["seq"], frame)
            assert earlier == frame, f"event {frame['seq']} sent twice, differently"
            self.seq = frame["seq"]
        elif kind == "decision" and self.answers:
            answer = {"decision": frame["decision"], "action": frame["default"]}
            ws.send(json.dumps({"type": "action", **answer}))
        elif kind == "accepted":
            self.accepted.append(frame)
            if self.halfway_at is not None and len(self.accepted) >= self.halfway_at:
                self.halfway.set()
        elif kind == "between_hands" and frame["waiting"] and frame["after"] not in pressed:
            pressed.add(frame["after"])
            ws.send(json.dumps({"type": "next_hand"}))
        elif kind == "game_over":
            self.over = frame
        elif kind == "error" and frame["code"] != "moved":  # moved: the socket closes next
            raise AssertionError(f"unexpected error frame {frame}")

    def seen_up_to(self) -> int:
        with self.lock:
            return max(self.events, default=0)

    def finish(self) -> dict[str, Any]:
        self.join(3 * PATIENCE)
        assert self.failure is None, self.failure
        assert self.over is not None, f"no game_over; last frames {self.frames[-5:]}"
        return self.over


def wait_for(check: Any, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < deadline, f"waited {PATIENCE:.0f} s for {what}"
        time.sleep(0.05)


def started_on_a(cluster: Cluster, joiner_name: str) -> tuple[str, str, str, int]:
    """Return (host, joiner, room code, the joiner's seat) of a room made and started on A and
    joined through B: the game is A's."""
    host = guest(cluster.http("A"), "Host")
    joiner = guest(cluster.http("B"), joiner_name)
    code = new_room(cluster, "A", host)
    r = httpx.post(f"{cluster.http('B')}/api/rooms/{code}/join", json={}, headers=auth(joiner))
    assert r.status_code == 200, r.text
    seat = int(r.json()["your_seat"])
    r = httpx.post(f"{cluster.http('A')}/api/rooms/{code}/start", headers=auth(host))
    assert r.status_code == 200, r.text
    assert cluster.owner(code) == "A"
    return host, joiner, code, seat


def new_room(cluster: Cluster, on: str, host: str, **options: Any) -> str:
    body = {
        "length": "one_hand",
        "bot_level": "simple",
        "turn_seconds": 0,
        "claim_seconds": 0,
        "spectators": True,
        **options,
    }
    r = httpx.post(f"{cluster.http(on)}/api/rooms", json=body, headers=auth(host))
    assert r.status_code == 201, r.text
    return str(r.json()["code"])


def check_record(
    cluster: Cluster, over: dict[str, Any], token: str, clients: dict[int | None, Client]
) -> dict[str, Any]:
    """Check the finished game's record: it verifies by replay, every event a client saw is
    in it unchanged (hidden tiles aside), and each action a seat had accepted is that seat's
    action of the same number (decisions are numbered by the seat's actions): none lost."""
    r = httpx.get(f"{cluster.http('B')}{over['record']}", headers=auth(token))
    assert r.status_code == 200, r.text
    record = dict(r.json())
    assert verify(GameRecord.from_dict(record)) == len(record["events"])
    for seat, client in clients.items():
        for n, frame in client.events.items():
            event = record["events"][n - 1]
            hidden = frame["event"]["type"] in ("dealt", "drew") and frame["event"]["seat"] != seat
            if hidden:
                assert frame["event"]["type"] == event["type"], n
            else:
                assert frame["event"] == event, n
        if seat is None:
            continue
        mine = [a["action"] for a in record["actions"] if a["seat"] == seat]
        for accepted in client.accepted:
            assert mine[accepted["decision"] - 1] == accepted["action"], accepted
    return record


def test_a_room_made_on_a_is_joined_played_and_watched_through_b(cluster: Cluster) -> None:
    host = guest(cluster.http("A"), "Host")
    joiner = guest(cluster.http("B"), "Joiner")
    watcher = guest(cluster.http("A"), "Watcher")
    code = new_room(cluster, "A", host)
    hosting = Client(host, [cluster.ws("A", code)])
    hosting.start()
    wait_for(hosting.welcomed.is_set, "the host's socket in the lobby on A")

    r = httpx.post(f"{cluster.http('B')}/api/rooms/{code}/join", json={}, headers=auth(joiner))
    assert r.status_code == 200, r.text
    seat = r.json()["your_seat"]
    # the room's change made on B reaches the host's socket waiting on A
    wait_for(
        lambda: any(
            f["type"] == "room"
            and "seats" in f["room"]
            and f["room"]["seats"][seat]["player_id"] == r.json()["seats"][seat]["player_id"]
            for f in list(hosting.frames)
        ),
        "the join made on B to reach the lobby on A",
    )
    watching = Client(watcher, [cluster.ws("A", code)])
    joining = Client(joiner, [cluster.ws("B", code)])
    for client in (watching, joining):
        client.start()
        wait_for(client.welcomed.is_set, "a socket in the lobby")

    r = httpx.post(f"{cluster.http('B')}/api/rooms/{code}/start", headers=auth(host))
    assert r.status_code == 200, r.text
    assert cluster.owner(code) == "B"  # so the host's and the spectator's frames go through Redis

    over = hosting.finish()
    assert joining.finish() == over
    assert watching.finish() == over
    record = check_record(cluster, over, host, {0: hosting, seat: joining, None: watching})
    # the spectator on A was relayed every event, in order, none missing
    assert sorted(watching.events) == list(range(1, len(record["events"]) + 1))
    assert len(hosting.accepted) > 0 and len(joining.accepted) > 0
    for client in (hosting, joining, watching):
        assert client.connections == 1  # nothing was closed on the way


def test_a_killed_with_sigkill_mid_game_the_game_goes_on_through_b(cluster: Cluster) -> None:
    host, joiner, code, seat = started_on_a(cluster, "Joiner")

    # the host plays on A and falls back to B; the joiner plays on B, relayed to A at first
    hosting = Client(host, [cluster.ws("A", code), cluster.ws("B", code)], halfway=2)
    joining = Client(joiner, [cluster.ws("B", code)])
    hosting.start()
    joining.start()
    wait_for(lambda: hosting.halfway.is_set() or hosting.over is not None, "two actions")
    assert hosting.over is None, "the hand ended before the host's second action"
    cluster.kill("A")
    seen_at_kill = max(hosting.seen_up_to(), joining.seen_up_to())
    try:
        over = hosting.finish()
        assert joining.finish() == over
    finally:
        cluster.start("A")  # for the other tests of the module, whatever their order
    assert cluster.owner(code) == "B"
    record = check_record(cluster, over, host, {0: hosting, seat: joining})
    assert len(record["events"]) > seen_at_kill  # the game went on after the kill
    assert hosting.connections >= 2 and joining.connections >= 2  # both sockets moved


def test_bots_choose_in_workers_one_killed_and_another_started_mid_game(cluster: Cluster) -> None:
    token = guest(cluster.http("A"), "Solo")
    body = {"length": "one_hand", "bot_level": "normal", "turn_seconds": 0, "claim_seconds": 0}
    r = httpx.post(f"{cluster.http('A')}/api/tables", json=body, headers=auth(token))
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    before = cluster.bot_choices()
    first = cluster.worker()
    second = None
    playing = Client(token, [cluster.ws("B", code)], halfway=2)
    try:
        playing.start()
        wait_for(lambda: playing.halfway.is_set() or playing.over is not None, "two actions")
        assert playing.over is None, "the hand ended before the player's second action"
        at_kill = cluster.bot_choices()
        assert at_kill > before  # the worker chose for the bots
        first.kill()
        first.wait()
        second = cluster.worker()
        over = playing.finish()
    finally:
        for worker in (first, second):
            if worker is not None:
                worker.kill()
                worker.wait()
    assert cluster.bot_choices() > at_kill  # the other worker took over
    check_record(cluster, over, token, {0: playing})


def test_a_person_leaving_through_b_leaves_the_game_owned_by_a(cluster: Cluster) -> None:
    host, joiner, code, seat = started_on_a(cluster, "Leaver")
    hosting = Client(host, [cluster.ws("A", code)])
    # relayed to A; its seat's decisions stay unanswered, so the hand cannot end before the
    # leave reaches A (a hand of instant answers can be over by then on a loaded machine)
    leaving = Client(joiner, [cluster.ws("B", code)], answers=False)
    hosting.start()
    leaving.start()
    wait_for(leaving.welcomed.is_set, "the leaver's socket on B")

    r = httpx.post(f"{cluster.http('B')}/api/rooms/{code}/leave", headers=auth(joiner))
    assert r.status_code == 200, r.text
    # the owner on A heard it: the seat's socket on B is told, and the bot plays the seat
    wait_for(
        lambda: {"type": "left", "seat": seat} in list(leaving.frames), "the 'left' frame on B"
    )
    over = hosting.finish()
    assert leaving.finish() == over  # back as a spectator (spectators are on)
    welcomes = [f for f in leaving.frames if f["type"] == "welcome"]
    assert welcomes[-1]["seat"] is None
    check_record(cluster, over, host, {0: hosting, None: leaving})


def practice_on(cluster: Cluster, on: str, token: str) -> httpx.Response:
    body = {"length": "one_hand", "bot_level": "simple", "turn_seconds": 0, "claim_seconds": 0}
    return httpx.post(f"{cluster.http(on)}/api/tables", json=body, headers=auth(token))


def test_a_players_games_in_play_are_counted_across_both_instances(cluster: Cluster) -> None:
    token = guest(cluster.http("A"), "Busy")
    codes = []
    for on in ("A", "A", "B"):  # 2 + 1: the share is full, though neither holds it alone
        r = practice_on(cluster, on, token)
        assert r.status_code == 201, r.text
        codes.append(r.json()["code"])
    assert [cluster.owner(code) for code in codes] == ["A", "A", "B"]
    for on in ("A", "B"):
        r = practice_on(cluster, on, token)
        assert r.status_code == 429, r.text
        assert r.json() == {
            "error": f"you have 3 games in play (at most {MAX_LIVE_TABLES}): finish or wait "
            "for one",
            "field": "tables",
        }
    # one of A's games played to its end through B: its place is free on B
    playing = Client(token, [cluster.ws("B", codes[0])])
    playing.start()
    assert playing.finish()["type"] == "game_over"
    deadline = time.monotonic() + PATIENCE
    while (r := practice_on(cluster, "B", token)).status_code == 429:
        assert time.monotonic() < deadline, "the finished game's place never came free"
        time.sleep(0.2)
    assert r.status_code == 201, r.text
    assert practice_on(cluster, "A", token).status_code == 429  # full again
    leave_all(cluster, [(token, code) for code in [*codes[1:], r.json()["code"]]])


def greet(sockets: ExitStack, url: str, token: str) -> tuple[Any, dict[str, Any]]:
    """Open a websocket (closed with ``sockets``), send ``hello``; return it and the first
    frame it is sent."""
    ws = sockets.enter_context(connect(url, open_timeout=PATIENCE))
    ws.send(json.dumps(hello(token)))
    return ws, json.loads(ws.recv(timeout=PATIENCE))


def test_a_players_websockets_are_counted_across_both_instances(cluster: Cluster) -> None:
    token = guest(cluster.http("A"), "Tabs")
    code = new_room(cluster, "A", token)
    with ExitStack() as sockets:
        opened = []
        for on in ("A", "B", "A"):  # 2 + 1: the share is full, though neither holds it alone
            ws, first = greet(sockets, cluster.ws(on, code), token)
            opened.append(ws)
            assert first["type"] == "welcome", first
        for on in ("B", "A"):
            ws, first = greet(sockets, cluster.ws(on, code), token)
            assert first["type"] == "error" and first["code"] == "too_many_sockets", first
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=PATIENCE)
        opened[0].close()  # one closed on A: a place free on B
        deadline = time.monotonic() + PATIENCE
        while True:
            ws, first = greet(sockets, cluster.ws("B", code), token)
            if first["type"] == "welcome":
                break
            assert first["code"] == "too_many_sockets", first
            assert time.monotonic() < deadline, "the socket closed on A never freed its place"
            ws.close()
            time.sleep(0.2)


def test_an_addresss_reports_are_counted_in_one_bucket_for_both_instances(
    cluster: Cluster,
) -> None:
    # 5 at once, then 2 a minute, from one address (reports.py): 3 through A, 2 through B
    for on in ("A", "A", "A", "B", "B"):
        r = httpx.post(f"{cluster.http(on)}/api/reports", json={"text": "a tile looks odd"})
        assert r.status_code == 201, r.text
    for on in ("A", "B"):
        r = httpx.post(f"{cluster.http(on)}/api/reports", json={"text": "a tile looks odd"})
        assert r.status_code == 429, r.text
        assert r.json()["field"] == "text"
        assert 1 <= int(r.headers["retry-after"]) <= 30  # a token every 30 s


def test_the_hint_answers_through_the_instance_not_playing_the_game(cluster: Cluster) -> None:
    host, joiner, code, seat = started_on_a(cluster, "Hinted")
    hosting = Client(host, [cluster.ws("A", code)])
    # relayed to A; its decisions stay unanswered, so the game waits on one of them
    waiting = Client(joiner, [cluster.ws("B", code)], answers=False)
    hosting.start()
    waiting.start()
    wait_for(
        lambda: any(f["type"] == "decision" for f in list(waiting.frames)),
        "a decision for the seat relayed through B",
    )
    decision = next(f for f in list(waiting.frames) if f["type"] == "decision")
    hints = {}
    for on in ("B", "A"):
        r = httpx.get(f"{cluster.http(on)}/api/rooms/{code}/hint", headers=auth(joiner))
        assert r.status_code == 200, r.text
        hints[on] = r.json()
    assert hints["B"]["seat"] == seat
    assert hints["B"]["action"] in decision["actions"]
    assert hints["B"] == hints["A"]  # the same table, the same open decision, the same bot
    stranger = guest(cluster.http("B"), "Stranger")
    refused = [
        httpx.get(f"{cluster.http(on)}/api/rooms/{code}/hint", headers=auth(stranger))
        for on in ("B", "A")
    ]
    assert [r.status_code for r in refused] == [403, 403]  # the owner's refusal, relayed
    assert refused[0].json() == refused[1].json()

    r = httpx.post(f"{cluster.http('B')}/api/rooms/{code}/leave", headers=auth(joiner))
    assert r.status_code == 200, r.text  # its bot plays on: the game ends
    over = hosting.finish()
    assert waiting.finish() == over


def leave_all(cluster: Cluster, tables: list[tuple[str, str]]) -> None:
    """Leave each ``(token, room code)``'s game, and wait until its bots have ended it."""
    for token, code in tables:
        r = httpx.post(f"{cluster.http('B')}/api/rooms/{code}/leave", headers=auth(token))
        assert r.status_code == 200, r.text
    codes = {code for _token, code in tables}

    def over() -> bool:
        with cluster.db.connect() as db:
            rows = db.execute(text("SELECT room_code FROM games WHERE status = 'playing'"))
            return not codes & {code for (code,) in rows}

    wait_for(over, "the games left to end")


def test_a_new_game_goes_to_the_least_loaded_instance(cluster: Cluster) -> None:
    wait_for(lambda: +cluster.loads() == cluster.in_play(), "the instances' loads published")
    start = cluster.in_play()
    # A keeps what is made on it while it plays at most BALANCE_SLACK games more than B
    kept = max(0, start["B"] + BALANCE_SLACK - start["A"] + 1)
    made: list[tuple[str, str]] = []
    try:
        for n in range(kept + 1):
            token = guest(cluster.http("A"), f"Balanced {n}")
            r = practice_on(cluster, "A", token)  # nobody connects: each stays in play
            assert r.status_code == 201, r.text
            made.append((token, r.json()["code"]))
        assert [cluster.owner(code) for _token, code in made] == ["A"] * kept + ["B"]
        # B plays fewer than A: what is made on B stays there
        wait_for(lambda: cluster.loads()["A"] == cluster.in_play()["A"], "A's load published")
        token = guest(cluster.http("B"), "Balanced on B")
        r = practice_on(cluster, "B", token)
        assert r.status_code == 201, r.text
        made.append((token, r.json()["code"]))
        assert cluster.owner(made[-1][1]) == "B"
        # the game placed on B is played through A as any other
        playing = Client(token, [cluster.ws("A", made[-1][1])])
        playing.start()
        assert playing.finish()["type"] == "game_over"
        made.pop()
    finally:
        leave_all(cluster, made)


def test_a_dead_instances_places_stop_counting_and_a_bucket_is_shared(cluster: Cluster) -> None:
    async def check() -> None:
        r = aioredis.from_url(cluster.redis_url, decode_responses=True)
        try:
            for name in ("live-x", "ghost-x"):
                await r.set(f"majiang:alive:{name}", "1", px=60_000)
            live, ghost = Shares(r, "live-x"), Shares(r, "ghost-x")
            assert await ghost.claim("test", "k", 2) is None
            assert await live.claim("test", "k", 2) is None
            assert await live.claim("test", "k", 2) == 2  # full: 1 + 1
            await r.delete("majiang:alive:ghost-x")  # the ghost dies
            assert await live.claim("test", "k", 2) is None  # its place went with it
            assert await r.hgetall(share_key("test", "k")) == {"live-x": "2"}
            await live.give_back([("test", "k"), ("test", "k")])
            assert await r.exists(share_key("test", "k")) == 0
            # 2 at once, then 1 a minute, whichever instance takes
            assert await live.take("test", "addr", 2, 1 / 60) == 0.0
            assert await ghost.take("test", "addr", 2, 1 / 60) == 0.0
            wait = await live.take("test", "addr", 2, 1 / 60)
            assert 50.0 < wait <= 60.0
        finally:
            await r.aclose()

    asyncio.run(check())

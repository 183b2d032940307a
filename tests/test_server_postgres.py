"""The server on PostgreSQL (``MAJIANG_DATABASE_URL``): migrations, rooms, a whole game over the
websocket, and a SIGKILL mid-game with the same game finished after the restart.

The cluster is started here from Debian's ``postgresql`` package (as the postgres user: it
refuses root); ``make test`` installs the package. Without it these tests fail and say so.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect

from majiang.records import GameRecord, verify
from majiang.server.db import make_engine, migrate
from test_server_faults import play_through_outage
from test_server_journal import actions_alone, refused_alone, run_beside_other_writes
from test_server_process import crash_and_resume
from test_server_ratings import account
from test_server_ratings import play as finish_rated
from test_server_support import Postgres, client_for, guest, hello, play, postgres_server

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def pg() -> Iterator[Postgres]:
    with postgres_server() as server:
        yield server


def test_migrations_on_postgres(pg: Postgres) -> None:
    engine = make_engine(pg.new_database())
    migrate(engine)
    migrate(engine)  # a second start finds the schema current
    names = set(inspect(engine).get_table_names())
    assert {"players", "rooms", "room_seats", "games", "game_actions", "alembic_version"} <= names
    assert "left" in {c["name"] for c in inspect(engine).get_columns("room_seats")}
    assert {"sign_ins", "mail_tokens", "ratings", "rating_changes"} <= names
    assert "password_hash" in {c["name"] for c in inspect(engine).get_columns("players")}
    engine.dispose()


def test_ratings_and_the_leaderboard_on_postgres(pg: Postgres) -> None:
    with client_for(pg.new_database()) as client:
        a, b, c = (account(client, n) for n in ("Ann", "Bo", "Cai"))
        finish_rated(client, [a, b, c, None], [3, 1, 2, 4])
        board = client.get("/api/leaderboard", params={"variant": "riichi"}).json()
        assert [p["name"] for p in board["players"]] == ["Bo", "Cai", "Ann"]
        month = client.get("/api/leaderboard", params={"variant": "riichi", "period": "month"})
        assert len(month.json()["players"]) == 3
        assert client.get("/api/players/ann").json()["average_placement"] == 3


def test_rooms_and_a_whole_game_on_postgres(pg: Postgres) -> None:
    with client_for(pg.new_database()) as client:
        host, friend = guest(client, "Host"), guest(client, "Friend")
        code = client.post("/api/rooms", json={"length": "one_hand"}, headers=host.auth).json()[
            "code"
        ]
        assert (
            client.post(f"/api/rooms/{code}/join", json={}, headers=friend.auth).json()["your_seat"]
            == 1
        )
        assert client.post(f"/api/rooms/{code}/leave", headers=friend.auth).status_code == 200
        room = client.post(f"/api/rooms/{code}/start", headers=host.auth).json()
        frames: list[dict[str, Any]] = []
        with client.websocket_connect(room["websocket"]) as ws:
            ws.send_json(hello(host.token))
            over = play(ws, frames)
        assert over is not None
        record = client.get(over["record"], headers=host.auth).json()
        assert verify(GameRecord.from_dict(record)) == len(record["events"])
        history = client.get("/api/players/me/games", headers=host.auth).json()
        assert [g["game_id"] for g in history] == [room["game_id"]]
        # read from the stored record by the database (PostgreSQL's JSON operators)
        assert history[0]["scores"] == record["result"]["scores"]
        assert history[0]["players"] == record["seats"]


@pytest.mark.long  # two server starts: ~10-20 s on the shared machine (SQLite's runs by default)
def test_sigkill_mid_game_on_postgres(pg: Postgres, tmp_path: Path) -> None:
    crash_and_resume(pg.new_database(), tmp_path)


@pytest.mark.parametrize("count", [1, 450])
def test_the_journal_on_postgres(pg: Postgres, count: int) -> None:
    # a group of actions alone: one statement in autocommit (store.Journal._insert_alone); with
    # a request's write among them: one transaction
    actions_alone(pg.new_database(), count)
    run_beside_other_writes(pg.new_database(), count)


def test_a_refused_row_alone_on_postgres(pg: Postgres) -> None:
    # the one statement fails whole; the group is retried write by write on a new connection
    refused_alone(pg.new_database())


@pytest.mark.long  # a 3 s outage and its backoff: ~8 s quiet, more on the shared machine
def test_postgres_stopped_and_started_during_a_game(pg: Postgres) -> None:
    # pg_ctl stop -m fast as the human seat answers; started again some 3 s later: the game
    # pauses, resumes by itself on the same process, and no acknowledged action is lost
    stopped: list[float] = []

    def stop() -> None:
        pg.stop()
        stopped.append(time.monotonic())

    def start() -> None:
        time.sleep(max(0.0, stopped.pop() + 3.0 - time.monotonic()))  # the outage lasts 3 s
        pg.start()

    with client_for(pg.new_database()) as client:
        frames = play_through_outage(client, stop, start)
    assert [f["type"] for f in frames].count("resumed") == 1


def test_a_nul_never_reaches_postgres(pg: Postgres) -> None:
    """PostgreSQL refuses NUL in a string (the driver raised: a 500); the edge refuses it first."""
    json_type = {"content-type": "application/json"}
    with client_for(pg.new_database()) as client:
        r = client.post("/api/players", content=b'{"name": "a\\u0000b"}', headers=json_type)
        assert r.status_code == 422 and r.json()["field"] == "name"
        lan = guest(client, "Lan")
        for path in ("/api/rooms/a%00b", "/api/games/a%00b/record", "/api/rooms/a%00b/hint"):
            r = client.get(path, headers=lan.auth)
            assert r.status_code == 400 and r.json()["field"] == "address", path
        r = client.post("/api/rooms/a%00b/join", json={}, headers=lan.auth)
        assert r.status_code == 400
        assert client.get("/api/health").status_code == 200

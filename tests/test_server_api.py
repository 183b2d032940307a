"""The HTTP API through the ASGI client: health, scoring errors, guest identities, migrations,
analysis, practice tables, private rooms (create, join, leave, start), history and records."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from majiang.server.app import create_app
from majiang.server.db import make_engine, migrate
from majiang.server.settings import Settings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module: every test makes its own players and rooms."""
    tmp = tmp_path_factory.mktemp("api")
    url = f"sqlite:///{tmp / 'test.sqlite3'}"
    app = create_app(Settings(database_url=url, sqlite_synchronous="NORMAL"))
    with TestClient(app) as c:
        yield c


def test_health(client: TestClient) -> None:
    r = client.get("/api/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


@pytest.mark.parametrize(
    ("request_body", "field"),
    [
        ({"variant": "nope", "hand": "11m", "win_tile": "1m"}, "variant"),
        ({"variant": "riichi", "hand": "11x", "win_tile": "1m"}, "hand"),
        ({"variant": "riichi", "hand": "11m", "win_tile": "1m", "win": "maybe"}, "win"),
        ({"variant": "riichi", "hand": "11m", "win_tile": "1m", "colour": 1}, "colour"),
    ],
)
def test_score_malformed_is_422_naming_the_field(
    client: TestClient, request_body: dict[str, object], field: str
) -> None:
    r = client.post("/api/score", json=request_body)
    assert r.status_code == 422
    assert r.json()["field"] == field
    assert r.json()["error"]


def test_score_body_not_an_object(client: TestClient) -> None:
    r = client.post("/api/score", json=[1, 2])
    assert r.status_code == 422
    assert r.json() == {"error": "the body must be an object, got [1, 2]", "field": None}


def test_guest_identity(client: TestClient) -> None:
    r = client.post("/api/players", json={"name": "Lan"})
    assert r.status_code == 201
    token = r.json()["token"]
    assert len(token) >= 32
    me = client.get("/api/players/me", headers={"Authorization": f"Bearer {token}"})
    assert me.json() == {"id": r.json()["id"], "name": "Lan", "token": None}
    assert (
        client.get("/api/players/me", headers={"Authorization": "Bearer nope"}).status_code == 401
    )
    assert client.get("/api/players/me").status_code == 401
    assert client.post("/api/players", json={"name": ""}).status_code == 422


def test_migrations_create_every_table(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    migrate(engine)
    migrate(engine)  # idempotent: a second start finds the schema current
    names = set(inspect(engine).get_table_names())
    assert {"players", "rooms", "room_seats", "games", "game_actions", "alembic_version"} <= names
    assert "left" in {c["name"] for c in inspect(engine).get_columns("room_seats")}
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


# ---------------------------------------------------------------- analysis


def test_analyze_ready_hand(client: TestClient) -> None:
    r = client.post("/api/analyze", json={"hand": "123m456p789s1122z"})
    assert r.status_code == 200
    assert r.json()["shanten"] == 0
    assert r.json()["waits"] == ["1z", "2z"]


def test_analyze_discard_table(client: TestClient) -> None:
    r = client.post("/api/analyze", json={"hand": "123m456p789s11223z", "visible": "2z"})
    best = r.json()["acceptance"][0]
    assert best == {"discard": "3z", "shanten": 0, "tiles": {"1z": 2, "2z": 1}, "unseen": 3}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hand": "123x"}, "hand"),
        ({"hand": "123m", "variant": "chess"}, "variant"),
        ({"hand": "0m123456789p1122z", "variant": "hk"}, "hand"),
    ],
)
def test_analyze_errors_name_the_field(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    r = client.post("/api/analyze", json=body)
    assert r.status_code == 422
    assert r.json()["field"] == field


# ---------------------------------------------------------------- rooms


def _guest(client: TestClient, name: str) -> dict[str, str]:
    token = client.post("/api/players", json={"name": name}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def test_practice_table_starts_at_once_with_bots(client: TestClient) -> None:
    me = _guest(client, "Lan")
    r = client.post("/api/tables", json={"variant": "riichi", "length": "east"}, headers=me)
    assert r.status_code == 201
    room = r.json()
    assert room["status"] == "playing"
    assert room["game_id"]
    assert room["your_seat"] == 0
    assert [s["player_id"] is None for s in room["seats"]] == [False, True, True, True]
    assert room["websocket"] == f"/ws/rooms/{room['code']}"
    assert len(room["code"]) >= 22  # 128 random bits


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"variant": "chess"}, "variant"),
        ({"length": "forever"}, "length"),
        ({"rules": {"aka": 7}}, "aka"),
        ({"rules": {"no_such_option": 1}}, "no_such_option"),
    ],
)
def test_practice_table_bad_options_are_422(
    client: TestClient, body: dict[str, Any], where: str
) -> None:
    r = client.post("/api/tables", json=body, headers=_guest(client, "Lan"))
    assert r.status_code == 422
    assert where in str(r.json())


@pytest.mark.parametrize(
    "body",
    [{"bot_level": "godlike"}, {"turn_seconds": -1}, {"claim_seconds": 1000}, {"seat": 9}],
)
def test_practice_table_bad_room_options_are_422(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/tables", json=body, headers=_guest(client, "Lan"))
    assert r.status_code == 422


def test_every_bot_level_is_accepted(client: TestClient) -> None:
    me = _guest(client, "Lan")
    for level in ("beginner", "normal", "expert", "master", "simple"):
        r = client.post("/api/tables", json={"bot_level": level}, headers=me)
        assert r.status_code == 201, level
        assert r.json()["bot_level"] == level


def test_tables_need_a_player(client: TestClient) -> None:
    assert client.post("/api/tables", json={}).status_code == 401
    assert client.post("/api/rooms", json={}).status_code == 401


def test_private_room_join_start_leave(client: TestClient) -> None:
    host, friend, third = (_guest(client, n) for n in ("Host", "Friend", "Third"))
    room = client.post("/api/rooms", json={"length": "one_hand"}, headers=host).json()
    code = room["code"]
    assert room["status"] == "waiting"
    assert room["game_id"] is None
    joined = client.post(f"/api/rooms/{code}/join", json={}, headers=friend).json()
    assert joined["your_seat"] == 1
    again = client.post(f"/api/rooms/{code}/join", json={}, headers=friend).json()
    assert again["your_seat"] == 1  # joining twice keeps the seat
    taken = client.post(f"/api/rooms/{code}/join", json={"seat": 1}, headers=third)
    assert taken.status_code == 409
    assert (
        client.post(f"/api/rooms/{code}/join", json={"seat": 3}, headers=third).json()["your_seat"]
        == 3
    )
    assert client.post(f"/api/rooms/{code}/leave", headers=third).json()["your_seat"] is None
    assert client.post(f"/api/rooms/{code}/start", headers=friend).status_code == 403
    started = client.post(f"/api/rooms/{code}/start", headers=host).json()
    assert started["status"] == "playing"
    assert started["game_id"]
    assert client.post(f"/api/rooms/{code}/start", headers=host).status_code == 409
    assert client.post(f"/api/rooms/{code}/join", json={}, headers=third).status_code == 409
    left = client.post(f"/api/rooms/{code}/leave", headers=friend).json()
    assert left["seats"][1]["left"] is True
    assert client.post(f"/api/rooms/{code}/leave", headers=friend).status_code == 409


def test_host_leaving_a_waiting_room(client: TestClient) -> None:
    host, friend = _guest(client, "Host"), _guest(client, "Friend")
    code = client.post("/api/rooms", json={}, headers=host).json()["code"]
    client.post(f"/api/rooms/{code}/join", json={}, headers=friend)
    out = client.post(f"/api/rooms/{code}/leave", headers=host).json()
    assert out["host_id"] == client.get("/api/players/me", headers=friend).json()["id"]
    closed = client.post(f"/api/rooms/{code}/leave", headers=friend).json()
    assert closed["status"] == "closed"


def test_unknown_room_is_404(client: TestClient) -> None:
    me = _guest(client, "Lan")
    assert client.get("/api/rooms/nope").status_code == 404
    assert client.post("/api/rooms/nope/join", json={}, headers=me).status_code == 404
    assert client.get("/api/games/nope/record").status_code == 404


def test_two_player_variant_has_two_seats(client: TestClient) -> None:
    room = client.post("/api/rooms", json={"variant": "hk2"}, headers=_guest(client, "A")).json()
    assert len(room["seats"]) == 2


@pytest.mark.parametrize(("level", "value"), [("FULL", 2), ("NORMAL", 1), ("normal", 1)])
def test_sqlite_synchronous_level(tmp_path: Path, level: str, value: int) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 's.sqlite3'}", level)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == value


def test_sqlite_synchronous_off_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="FULL or NORMAL"):
        make_engine(f"sqlite:///{tmp_path / 's.sqlite3'}", "OFF")


def test_openapi_lists_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/score",
        "/api/analyze",
        "/api/players",
        "/api/tables",
        "/api/rooms",
        "/api/rooms/{code}/join",
        "/api/rooms/{code}/leave",
        "/api/rooms/{code}/start",
        "/api/players/me/games",
        "/api/games/{game_id}/record",
    ):
        assert path in paths, path

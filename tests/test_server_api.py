"""The HTTP API through the ASGI client: health, scoring errors, guest identities, migrations."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from majiang.server.app import create_app
from majiang.server.db import make_engine, migrate
from majiang.server.settings import Settings


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'test.sqlite3'}"))
    return TestClient(app)


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
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"

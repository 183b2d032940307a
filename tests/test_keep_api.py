"""The score sheets' HTTP API (server/sheets.py) on SQLite: create, read by link, enter, edit,
undo, CSV; writes need the sheet's key; impossible entries are 422 naming the field."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from majiang.server.app import create_app
from majiang.server.db import make_engine, migrate
from majiang.server.settings import Settings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    tmp = tmp_path_factory.mktemp("sheets")
    url = f"sqlite:///{tmp / 'test.sqlite3'}"
    with TestClient(create_app(Settings(database_url=url, sqlite_synchronous="NORMAL"))) as c:
        yield c


def new_sheet(client: TestClient, **body: object) -> tuple[str, dict[str, str]]:
    r = client.post("/api/sheets", json={"players": ["Ann", "Bob", "Cy", "Dee"], **body})
    assert r.status_code == 201, r.text
    out = r.json()
    assert out["version"] == 0 and out["standing"]["rows"] == []
    return out["id"], {"X-Sheet-Key": out["key"]}


def test_a_sheet_kept_read_edited_and_undone(client: TestClient) -> None:
    sheet_id, key = new_sheet(client)
    win = {"type": "win", "from": "Bob", "wins": [{"player": "Ann", "han": 3, "fu": 40}]}
    r = client.post(f"/api/sheets/{sheet_id}/hands", json=win, headers=key)
    assert r.status_code == 200, r.text
    assert r.json()["standing"]["scores"] == [32700, 17300, 25000, 25000]
    steps = [{"type": "riichi", "player": "Cy"}, {"type": "draw", "ready": ["Cy"]}]
    r = client.post(f"/api/sheets/{sheet_id}/hands", json={"steps": steps}, headers=key)
    # E1-1: Cy riichi (-1000, the stick stays), ready alone: +3000; Ann passes the deal
    assert r.json()["standing"]["scores"] == [31700, 16300, 27000, 24000]
    assert r.json()["standing"]["next"]["label"] == "E2-2"
    # anyone with the link reads it, with its version
    seen = client.get(f"/api/sheets/{sheet_id}").json()
    assert seen["version"] == 2 and seen["standing"]["rows"][1]["label"] == "E1-1"
    # the first hand was Ann's self-draw of 3 han 40 fu: 2600 from each
    edit = {
        "steps": [{"type": "win", "from": None, "wins": [{"player": "Ann", "han": 3, "fu": 40}]}]
    }
    r = client.put(f"/api/sheets/{sheet_id}/hands/1", json=edit, headers=key)
    assert r.json()["standing"]["scores"] == [
        25000 + 7800 - 1000,
        22400 - 1000,
        22400 + 2000,
        22400 - 1000,
    ]
    r = client.post(f"/api/sheets/{sheet_id}/undo", headers=key)
    # the draw goes; Cy's riichi stays, in the hand being entered again
    assert r.json()["standing"]["scores"] == [32800, 22400, 21400, 22400]
    assert r.json()["standing"]["hand_open"] and r.json()["version"] == 4
    csv = client.get(f"/api/sheets/{sheet_id}", params={"format": "csv"})
    assert csv.headers["content-type"].startswith("text/csv")
    assert csv.text.splitlines()[1].startswith("E1,Ann,Ann won self-drawn: 3 han 40 fu,7800,32800")


def test_writes_need_the_key_and_errors_name_the_field(client: TestClient) -> None:
    sheet_id, key = new_sheet(client, variant="hk", rules={"min_fan": 1})
    win = {"type": "win", "from": "Bob", "wins": [{"player": "Ann", "fan": 3}]}
    assert client.post(f"/api/sheets/{sheet_id}/hands", json=win).status_code == 403
    wrong = {"X-Sheet-Key": "not-the-key"}
    assert client.post(f"/api/sheets/{sheet_id}/undo", headers=wrong).status_code == 403
    two = {
        "type": "win",
        "from": "Bob",
        "wins": [{"player": "Ann", "fan": 3}, {"player": "Cy", "fan": 3}],
    }
    r = client.post(f"/api/sheets/{sheet_id}/hands", json=two, headers=key)
    assert r.status_code == 422
    assert r.json()["field"] == "wins" and "only 1 player may win" in r.json()["error"]
    assert client.get(f"/api/sheets/{sheet_id}").json()["version"] == 0  # nothing stored
    assert client.get("/api/sheets/nope").status_code == 404
    r = client.post("/api/sheets", json={"variant": "riichi", "players": ["A", "B", "C"]})
    assert r.status_code == 422 and r.json()["field"] == "players"
    r = client.put(f"/api/sheets/{sheet_id}/hands/3", json={"steps": [win]}, headers=key)
    assert r.status_code == 422 and r.json()["field"] == "index"


def test_migration_creates_the_sheets_table(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    migrate(engine)
    columns = {c["name"] for c in inspect(engine).get_columns("sheets")}
    assert {"id", "key_hash", "data", "version", "created_at", "updated_at"} <= columns


@pytest.mark.parametrize(
    ("lang", "text"),
    [("de", "Ann gewann von Bob: 3 Han 40 Fu"), ("zh", "Ann 和了 Bob 的牌：3 番 40 符")],
)
def test_an_entry_is_answered_in_the_request_language(
    client: TestClient, lang: str, text: str
) -> None:
    """The sheet written back after an entry, an edit or an undo (made on the journal's own
    thread) tells each hand in the request's language, as reading the sheet does: a German
    score sheet showed 'Ann won from Bob' after each entry and German after a reload."""
    sheet_id, key = new_sheet(client)
    win = {"type": "win", "from": "Bob", "wins": [{"player": "Ann", "han": 3, "fu": 40}]}
    r = client.post(f"/api/sheets/{sheet_id}/hands?lang={lang}", json=win, headers=key)
    assert r.status_code == 200, r.text
    assert [row["text"] for row in r.json()["standing"]["rows"]] == [text]
    r = client.put(
        f"/api/sheets/{sheet_id}/hands/1?lang={lang}", json={"steps": [win]}, headers=key
    )
    assert [row["text"] for row in r.json()["standing"]["rows"]] == [text]
    seen = client.get(f"/api/sheets/{sheet_id}?lang={lang}").json()
    assert [row["text"] for row in seen["standing"]["rows"]] == [text]

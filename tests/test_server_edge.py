"""The server's edge (issue 26): bounded options refused at once with the contract's 422,
FastAPI's validation errors in the contract's shape, undecodable input a 4xx (never a 500),
people's names trimmed and ``bot:`` kept for bots, security headers on every response, and the
interactive docs off unless asked for."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from majiang.cli import main
from majiang.server.settings import Settings
from test_server_support import client_for, guest, hello, sqlite_url

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("edge"))) as c:
        yield c


@pytest.fixture(scope="module")
def auth(client: TestClient) -> dict[str, str]:
    return guest(client, "Edge").auth


def _contract(r: Any, status: int, field: str | None) -> str:
    """Assert the contract's error object and return its message."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error", "field"}, body
    assert body["field"] == field
    assert isinstance(body["error"], str) and body["error"]
    return str(body["error"])


# -- the reproducers: each an immediate 422, before any game or database write


def test_a_huge_cap_on_the_score_route_is_refused_at_once(client: TestClient) -> None:
    request = {
        "variant": "hk",
        "hand": "19m19p19s1234567z1m",
        "win_tile": "1m",
        "win": "tsumo",
        "rules": {"max_fan": 10_000_000, "table": "full_spicy"},
    }
    started = time.perf_counter()
    r = client.post("/api/score", json=request)
    took = time.perf_counter() - started
    message = _contract(r, 422, "rules")
    assert message == "rule 'max_fan' must be a whole number from 1 to 64, got 10000000"
    assert took < 1.0  # it was 46 s


@pytest.mark.parametrize(
    ("variant", "rules", "name"),
    [
        ("taiwan", {"tai_value": 10**309}, "tai_value"),
        ("sichuan", {"base": 10**309}, "base"),
        ("riichi", {"start_points": int("9" * 4300)}, "start_points"),
        ("hk", {"min_fan": 0, "max_fan": 30_000_000, "table": {}}, "max_fan"),
    ],
)
@pytest.mark.parametrize("route", ["/api/tables", "/api/rooms"])
def test_out_of_range_table_options_are_a_422_not_a_201(
    client: TestClient, auth: dict[str, str], variant: str, rules: dict[str, Any], name: str,
    route: str,
) -> None:  # fmt: skip
    before = client.get("/api/players/me/games", headers=auth).json()
    body = {"variant": variant, "rules": rules, "length": "one_hand"}
    r = client.post(route, content=json.dumps(body), headers={**JSON, **auth})
    assert f"rule {name!r} must be a whole number from" in _contract(r, 422, "rules")
    assert client.get("/api/players/me/games", headers=auth).json() == before


def test_options_at_their_bounds_make_a_table(client: TestClient, auth: dict[str, str]) -> None:
    body = {"variant": "taiwan", "rules": {"tai_value": 1_000_000, "base": 1_000_000}}
    r = client.post("/api/rooms", json=body, headers=auth)
    assert r.status_code == 201, r.text
    assert r.json()["options"]["rules"] == {"tai_value": 1_000_000, "base": 1_000_000}


# -- validation errors in the contract's shape


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (
            {"bot_level": "god"},
            "bot_level",
            "bot_level must be one of 'beginner', 'normal', 'expert', 'master' or 'simple', "
            'got "god"',
        ),
        ([1, 2], None, "the body must be an object, got [1, 2]"),
        ("riichi", None, 'the body must be an object, got "riichi"'),
        ({"turn_seconds": 601}, "turn_seconds", "turn_seconds must be at most 600, got 601"),
        ({"claim_seconds": -1}, "claim_seconds", "claim_seconds must be at least 0, got -1"),
        ({"bot_delay_ms": "slow"}, "bot_delay_ms", 'bot_delay_ms must be a whole number, got "slow"'),
        ({"seat": 4}, "seat", "seat must be at most 3, got 4"),
        ({"variant": "r" * 21}, "variant", "variant must be at most 20 characters, got 21"),
        ({"length": "l" * 21}, "length", "length must be at most 20 characters, got 21"),
        ({"rules": []}, "rules", "rules must be an object, got []"),
        ({"variant": "hk2", "seat": 2}, "seat", "seat must be 0-1 in hk2, got 2"),
        ({"variant": "mahjong"}, "variant", None),
        ({"length": "forever"}, "length", None),
    ],
)  # fmt: skip
def test_a_bad_table_request_names_its_field(
    client: TestClient, auth: dict[str, str], body: Any, field: str | None, message: str | None
) -> None:
    r = client.post("/api/tables", json=body, headers=auth)
    got = _contract(r, 422, field)
    if message is not None:
        assert got == message


def test_other_routes_answer_validation_errors_alike(
    client: TestClient, auth: dict[str, str]
) -> None:
    _contract(client.post("/api/score", json=[1, 2]), 422, None)
    r = client.post("/api/analyze", json={"hand": "123m", "variant": "v" * 21})
    _contract(r, 422, "variant")
    assert _contract(client.post("/api/analyze", json={}), 422, "hand") == "hand is required"
    r = client.get("/api/players/me/games?limit=0", headers=auth)
    assert _contract(r, 422, "limit") == 'limit must be at least 1, got "0"'
    r = client.post("/api/rooms/nope/join", json={"seat": "first"}, headers=auth)
    _contract(r, 422, "seat")
    r = client.post("/api/score", content=b"{", headers={"content-type": "application/json"})
    assert _contract(r, 400, None).startswith("the body is not valid JSON: ")


# -- undecodable input: a 4xx with a clear message, never a 500

JSON = {"content-type": "application/json"}


@pytest.mark.parametrize("route", ["/api/score", "/api/players", "/api/analyze"])
def test_a_body_that_is_not_utf8_is_a_400(client: TestClient, route: str) -> None:
    r = client.post(route, content=b"\xff", headers=JSON)
    assert _contract(r, 400, None) == "the body is not UTF-8 text: byte 0xff at position 0"


@pytest.mark.parametrize(
    ("raw", "field", "what"),
    [
        (b'{"name": "\\ud800"}', "name", "a lone surrogate"),
        (b'{"name": "Lan\\udc00"}', "name", "a lone surrogate"),
        (b'{"name": "a\\u0000b"}', "name", "a NUL character"),
        (b'{"name": "Lan", "x": ["ok", "\\u0000"]}', "x.1", "a NUL character"),
        (b'{"\\ud800": "Lan"}', None, "a name holding a lone surrogate"),
    ],
)
def test_odd_strings_in_a_body_are_a_422(
    client: TestClient, raw: bytes, field: str | None, what: str
) -> None:
    r = client.post("/api/players", content=raw, headers=JSON)
    assert what in _contract(r, 422, field)


def test_odd_strings_are_refused_on_every_route(client: TestClient, auth: dict[str, str]) -> None:
    score = b'{"variant": "riichi", "hand": "1\\u0000m", "win_tile": "1m"}'
    _contract(client.post("/api/score", content=score, headers=JSON), 422, "hand")
    table = b'{"variant": "riichi", "rules": {"kiriage\\ud800": true}}'
    r = client.post("/api/tables", content=table, headers={**JSON, **auth})
    assert "a name holding a lone surrogate" in _contract(r, 422, "rules")


def test_a_surrogate_pair_is_a_character(client: TestClient) -> None:
    r = client.post("/api/players", content=b'{"name": "Lan \\ud83c\\udc04"}', headers=JSON)
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "Lan \U0001f004"


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/rooms/a%00b", "address"),
        ("/api/games/a%00b/record", "address"),
        ("/api/games/a%00b/replay", "address"),
        ("/play/a%00b", "address"),
        ("/api/players/me/games?limit=%00", "query"),
    ],
)
def test_a_nul_in_the_address_is_a_400(client: TestClient, path: str, field: str) -> None:
    assert "NUL character" in _contract(client.get(path), 400, field)


def test_a_nul_in_a_websocket_address_is_refused(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/rooms/a%00b") as ws:
        ws.receive_json()


def test_an_odd_token_in_a_frame_gets_an_error_frame(
    client: TestClient, auth: dict[str, str]
) -> None:
    room = client.post("/api/tables", json={"length": "one_hand"}, headers=auth).json()
    with client.websocket_connect(room["websocket"]) as ws:
        ws.send_text('{"type": "hello", "protocol": 1, "token": "\\ud800", "id": 7}')
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "malformed"
        assert frame["message"] == "token holds a lone surrogate (not a character)"
        assert frame["ref"] == 7
        with pytest.raises(WebSocketDisconnect) as closed:  # a refused hello: closed, not 1011
            ws.receive_json()
        assert closed.value.code == 1008
    with client.websocket_connect(room["websocket"]) as ws:  # the server is still there
        ws.send_json(hello(auth["Authorization"][7:]))
        assert ws.receive_json()["type"] != "error"


def test_an_unreadable_body_is_refused(client: TestClient) -> None:
    r = client.post("/api/score", content=b'{"honba": ' + b"9" * 5000 + b"}", headers=JSON)
    assert _contract(r, 400, None) == "the body is not valid JSON: a number in it is too long"
    r = client.post("/api/score", content=b"[" * 60_000 + b"]" * 60_000, headers=JSON)
    assert _contract(r, 413, None) == "the body is larger than 65536 bytes"
    r = client.post("/api/score", content=b"[" * 30_000 + b"]" * 30_000, headers=JSON)
    assert _contract(r, 400, None) == "the body is not valid JSON: it is nested too deeply"


# -- names


@pytest.mark.parametrize(
    ("given", "stored"),
    [("  Lan  ", "Lan"), ("Lan Mei", "Lan Mei"), ("robot:1", "robot:1"), ("\tMei\n", "Mei")],
)
def test_a_name_is_stored_trimmed(client: TestClient, given: str, stored: str) -> None:
    r = client.post("/api/players", json={"name": given})
    assert r.status_code == 201, r.text
    assert r.json()["name"] == stored
    me = client.get("/api/players/me", headers={"Authorization": f"Bearer {r.json()['token']}"})
    assert me.json()["name"] == stored


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("", "a name may not be empty (or only spaces)"),
        ("    ", "a name may not be empty (or only spaces)"),
        ("bot:expert", "names starting with 'bot:' are the bots'"),
        ("  BOT:normal", "names starting with 'bot:' are the bots'"),
        ("Bot:", "names starting with 'bot:' are the bots'"),
        ("Lan\x07", "a name may not hold control characters"),
    ],
)
def test_a_name_is_refused_naming_why(client: TestClient, given: str, why: str) -> None:
    r = client.post("/api/players", json={"name": given})
    assert _contract(r, 422, "name") == f"name: {why}"


def test_a_long_name_is_refused(client: TestClient) -> None:
    r = client.post("/api/players", json={"name": "n" * 41})
    assert _contract(r, 422, "name") == "name must be at most 40 characters, got 41"


# -- security headers and the docs

HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/calc/riichi"),
        ("GET", "/api/health"),
        ("GET", "/static/site.css"),
        ("GET", "/static/table.js"),
        ("GET", "/tiles.svg"),
        ("GET", "/openapi.json"),
        ("GET", "/no/such/page"),  # a 404
        ("POST", "/api/score"),  # a 422
    ],
)
def test_every_response_carries_the_security_headers(
    client: TestClient, method: str, path: str
) -> None:
    r = client.request(method, path, json={} if method == "POST" else None)
    for name, value in HEADERS.items():
        assert r.headers[name] == value, (path, name)
    policy = r.headers["content-security-policy"]
    directives = {d.split()[0]: d.split()[1:] for d in policy.split("; ")}
    assert directives["script-src"] == ["'self'"]  # no inline script, no eval, no CDN
    assert directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["object-src"] == ["'none'"]


def test_the_pages_hold_no_inline_script_or_style(client: TestClient) -> None:
    for path in ("/", "/calc", "/calc/hk", "/rules", "/rules/riichi", "/history", "/play/x"):
        page = client.get(path).text
        assert " style=" not in page and "<style" not in page, path
        for tag in page.split("<script")[1:]:
            opening = tag.split(">", 1)[0]
            assert 'src="/static/' in opening or 'type="application/json"' in opening, path
    for script in ("table.js", "table_view.js", "tiles.js", "home.js", "calc.js", "replay.js"):
        assert ' style="' not in client.get(f"/static/{script}").text, script


def test_the_docs_are_off_unless_asked_for(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/openapi.json").json()["info"]["title"] == "majiang"


def test_the_docs_when_asked_for(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), api_docs=True) as c:
        r = c.get("/docs")
        assert r.status_code == 200 and "swagger" in r.text.lower()
        assert "https://cdn.jsdelivr.net" in r.headers["content-security-policy"]
        assert r.headers["x-frame-options"] == "DENY"
        assert "cdn" not in c.get("/").headers["content-security-policy"]


# -- the CLI: the same bounds


def test_the_cli_refuses_an_out_of_range_rule(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", "--variant", "hk", "--hand", "19m19p19s1234567z1m", "--win-tile", "1m"]
    assert main([*args, "--tsumo", "--rule", "max_fan=65", "--rule", "table=full_spicy"]) == 2
    assert "rule 'max_fan' must be a whole number from 1 to 64, got 65" in capsys.readouterr().err
    assert main([*args, "--tsumo", "--rule", "max_fan=64", "--rule", "table=full_spicy"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--games", "1", "--rule", "start_points=99"]) == 2
    assert "rule 'start_points' must be a whole number from 100 to 1000000" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(("raw", "on"), [("1", True), ("true", True), ("0", False), ("no", False)])
def test_the_docs_setting_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, raw: str, on: bool
) -> None:
    monkeypatch.setenv("MAJIANG_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MAJIANG_API_DOCS", raw)
    monkeypatch.setenv("MAJIANG_MAX_BODY_BYTES", "1024")
    settings = Settings.from_env()
    assert settings.api_docs is on
    assert settings.max_body_bytes == 1024

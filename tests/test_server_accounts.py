"""Accounts: a guest claims one and keeps every game, signs in on another device, signs out,
renames, deletes (games stay, anonymised); bad names and passwords refused; sign-in attempts
limited; recovery by mail against a local SMTP server (aiosmtpd)."""

from __future__ import annotations

import email
import re
import secrets
import socket
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from majiang.server.app import create_app
from majiang.server.db import Game, Room, RoomSeat
from majiang.server.settings import Settings

BASE = "https://testserver"  # the sign-in cookie is Secure: the client sends it over https only


class Inbox:
    """An aiosmtpd handler that keeps every message."""

    def __init__(self) -> None:
        self.messages: list[email.message.Message] = []
        self.port = 0

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def link(self, to: str) -> str:
        """Return the secret of the last link mailed to ``to``."""
        for message in reversed(self.messages):
            if message["To"] == to:
                text = message.get_payload(decode=True).decode()
                found = re.search(r"token=([\w-]+)", text)
                assert found, text
                return found.group(1)
        raise AssertionError(f"no mail to {to}")


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    handler = Inbox()
    with socket.socket() as probe:  # a free port (the controller's self-check needs a real one)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    handler.port = port
    yield handler
    controller.stop()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, inbox: Inbox) -> Iterator[TestClient]:
    tmp = tmp_path_factory.mktemp("accounts")
    settings = Settings(
        database_url=f"sqlite:///{tmp / 'a.sqlite3'}",
        sqlite_synchronous="NORMAL",
        smtp_url=f"smtp://127.0.0.1:{inbox.port}",
        signin_burst=1000,
    )
    with TestClient(create_app(settings), base_url=BASE) as c:
        yield c


class Device:
    """Another browser: the module's client (one event loop, where the server's writer runs)
    with a cookie jar of its own."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jar = httpx.Cookies()

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.jar
        try:
            return self.client.request(method, url, **kwargs)
        finally:
            self.jar = self.client.cookies
            self.client.cookies = httpx.Cookies()

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)

    def patch(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("PATCH", url, **kwargs)


def other_device(client: TestClient) -> Device:
    """Return a new browser on the same server."""
    return Device(client)


def guest(client: TestClient | Device, name: str) -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201
    return {"Authorization": f"Bearer {r.json()['token']}"}


def unique(stem: str) -> str:
    return f"{stem}{secrets.token_hex(3)}"


def finished_game(client: TestClient, player_ids: list[str | None], names: list[str]) -> str:
    """Store a finished private game with these seats; return its id."""
    sessions: sessionmaker[Session] = client.app.state.sessions  # type: ignore[attr-defined]
    code, game_id = secrets.token_hex(4), secrets.token_hex(8)
    with sessions() as session, session.begin():
        host = next(p for p in player_ids if p)
        session.add(
            Room(
                code=code,
                kind="private",
                variant="riichi",
                length="east",
                bot_level="normal",
                options={},
                public=False,
                host_id=host,
                status="finished",
            )
        )
        session.flush()
        for seat, pid in enumerate(player_ids):
            session.add(RoomSeat(room_code=code, seat=seat, player_id=pid))
        record = {
            "seats": names,
            "result": {"scores": [30000, 25000, 25000, 20000], "placements": [1, 2, 3, 4]},
        }
        session.add(Game(id=game_id, room_code=code, seed="s", status="finished", record=record))
    return game_id


def me(client: TestClient | Device, headers: dict[str, str] | None = None) -> dict[str, Any]:
    r = client.get("/api/account", headers=headers or {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def games(client: TestClient | Device, headers: dict[str, str] | None = None) -> list[str]:
    r = client.get("/api/players/me/games", headers=headers or {})
    assert r.status_code == 200, r.text
    return [g["game_id"] for g in r.json()]


def test_guest_claims_an_account_and_keeps_every_game(client: TestClient) -> None:
    device = other_device(client)
    token = guest(device, "Lan")
    pid = me(device, token)["id"]
    game = finished_game(client, [pid, None, None, None], ["Lan", "bot:normal", "b", "c"])
    assert games(device, token) == [game]
    name = unique("Lan")
    r = device.post(
        "/api/account/claim", json={"name": name, "password": "a long secret"}, headers=token
    )
    assert r.status_code == 200, r.text
    assert r.json()["id"] == pid and r.json()["account"] is True
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "Secure" in cookie and "samesite=lax" in cookie.lower()
    # the guest token is void; the cookie names the same player with the same games
    fresh = other_device(client)
    assert fresh.get("/api/account", headers=token).status_code == 401
    assert me(device)["id"] == pid
    assert games(device) == [game]
    # sign in on another device: the same player, the same games
    r = fresh.post("/api/account/signin", json={"name": name.upper(), "password": "a long secret"})
    assert r.status_code == 200, r.text
    assert me(fresh)["id"] == pid and games(fresh) == [game]
    # and its record is theirs to read there
    assert fresh.get(f"/api/games/{game}/record").status_code == 200
    # sign out: that device no longer names the player; the first still does
    assert fresh.post("/api/account/signout").status_code == 204
    assert fresh.get("/api/account").status_code == 401
    assert me(device)["id"] == pid


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("  ", "a long secret", "may not be empty"),
        ("bot:strong", "a long secret", "names starting with 'bot:' are the bots'"),
        ("a/b", "a long secret", "may not hold '/'"),
        ("Lan", "short", "at least 8 characters, got 5"),
        ("Longname", "longname", "may not be the account's name"),
    ],
)
def test_bad_names_and_passwords_are_refused_saying_why(
    client: TestClient, name: str, password: str, message: str
) -> None:
    token = guest(client, "Guest")
    r = client.post("/api/account/claim", json={"name": name, "password": password}, headers=token)
    assert r.status_code == 422
    assert message in r.json()["error"]


def test_a_taken_name_is_refused(client: TestClient) -> None:
    name = unique("Mei")
    first = other_device(client)
    r = first.post(
        "/api/account/claim",
        json={"name": name, "password": "password one"},
        headers=guest(first, "x"),
    )
    assert r.status_code == 200
    second = other_device(client)
    r = second.post(
        "/api/account/claim",
        json={"name": name.lower(), "password": "password 2"},
        headers=guest(second, "y"),
    )
    assert r.status_code == 409
    assert "is taken" in r.json()["error"]


def test_wrong_password_is_401_and_rename_works(client: TestClient) -> None:
    device, name = other_device(client), unique("Hui")
    device.post(
        "/api/account/claim",
        json={"name": name, "password": "right password"},
        headers=guest(device, "g"),
    )
    r = other_device(client).post(
        "/api/account/signin", json={"name": name, "password": "wrong password"}
    )
    assert r.status_code == 401 and r.json()["error"] == "wrong name or password"
    new = unique("Hua")
    assert device.patch("/api/account", json={"name": new}).json()["name"] == new
    elsewhere = other_device(client)
    r = elsewhere.post("/api/account/signin", json={"name": new, "password": "right password"})
    assert r.status_code == 200
    assert (
        elsewhere.post(
            "/api/account/signin", json={"name": name, "password": "right password"}
        ).status_code
        == 401
    )


def test_delete_keeps_the_games_anonymised(client: TestClient) -> None:
    device, name = other_device(client), unique("Gone")
    token = guest(device, name)
    pid = me(device, token)["id"]
    game = finished_game(client, [None, pid, None, None], ["a", name, "b", "c"])
    device.post(
        "/api/account/claim", json={"name": name, "password": "to be deleted"}, headers=token
    )
    assert (
        device.request("DELETE", "/api/account", json={"password": "nope nope"}).status_code == 401
    )
    assert (
        device.request("DELETE", "/api/account", json={"password": "to be deleted"}).status_code
        == 204
    )
    assert device.get("/api/account").status_code == 401
    sessions: sessionmaker[Session] = client.app.state.sessions  # type: ignore[attr-defined]
    with sessions() as session:
        stored = session.get(Game, game)
        assert stored is not None and stored.record is not None
        assert stored.record["seats"] == ["a", "a former player", "b", "c"]
    assert (
        other_device(client)
        .post("/api/account/signin", json={"name": name, "password": "to be deleted"})
        .status_code
        == 401
    )


def test_signin_attempts_are_limited_per_account_and_per_address(tmp_path: Any) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'l.sqlite3'}",
        sqlite_synchronous="NORMAL",
        signin_burst=3,
        signin_per_minute=1.0,
        trusted_proxies="testclient",  # each attempt comes from the address it says
    )

    def attempt(c: TestClient, name: str, address: str) -> httpx.Response:
        return c.post(
            "/api/account/signin",
            json={"name": name, "password": "guess guess"},
            headers={"X-Forwarded-For": address},
        )

    with TestClient(create_app(settings), base_url=BASE) as c:
        # one account from three addresses: its share is spent whatever the address
        for address in ("192.0.2.1", "192.0.2.2", "192.0.2.3"):
            assert attempt(c, "Lan", address).status_code == 401
        r = attempt(c, "Lan", "192.0.2.4")
        assert r.status_code == 429
        assert int(r.headers["Retry-After"]) >= 1
        assert r.json()["error"].startswith("too many sign-in attempts on this account")
        # one address trying three names
        for name in ("Mei", "Hui", "Bo"):
            assert attempt(c, name, "198.51.100.9").status_code == 401
        r = attempt(c, "Ann", "198.51.100.9")
        assert r.status_code == 429
        assert r.json()["error"].startswith("too many sign-in attempts from your address")


def test_recovery_by_mail_keeps_every_game(client: TestClient, inbox: Inbox) -> None:
    device, name, address = other_device(client), unique("Ying"), f"{unique('y')}@example.org"
    token = guest(device, name)
    pid = me(device, token)["id"]
    game = finished_game(client, [pid, None, None, None], [name, "a", "b", "c"])
    device.post(
        "/api/account/claim", json={"name": name, "password": "forgotten soon"}, headers=token
    )
    assert device.post("/api/account/email", json={"email": "not an address"}).status_code == 422
    assert device.post("/api/account/email", json={"email": address}).status_code == 202
    assert me(device)["email_confirmed"] is False
    # no reset before the address is confirmed
    before = len(inbox.messages)
    client.post("/api/account/reset/request", json={"name": name})
    assert len(inbox.messages) == before
    confirm = inbox.link(address)
    assert client.post("/api/account/email/confirm", json={"token": confirm}).status_code == 200
    assert client.post("/api/account/email/confirm", json={"token": confirm}).status_code == 400
    assert me(device)["email_confirmed"] is True
    # forgotten: a reset link by mail, a new password, a new device
    assert client.post("/api/account/reset/request", json={"name": name}).status_code == 202
    reset = inbox.link(address)
    assert reset != confirm
    fresh = other_device(client)
    r = fresh.post("/api/account/reset", json={"token": reset, "password": "a new password"})
    assert r.status_code == 200, r.text
    assert me(fresh)["id"] == pid and games(fresh) == [game]
    # the old sign-ins are signed out; the link works once
    assert device.get("/api/account").status_code == 401
    assert (
        fresh.post(
            "/api/account/reset", json={"token": reset, "password": "another one"}
        ).status_code
        == 400
    )
    assert (
        other_device(client)
        .post("/api/account/signin", json={"name": name, "password": "a new password"})
        .status_code
        == 200
    )


def test_an_old_database_upgrades_with_its_guests(tmp_path: Any) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from majiang.server.db import MIGRATIONS, make_engine, migrate

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "0002")
        connection.exec_driver_sql(
            "INSERT INTO players (id, name, token_hash, created_at) "
            "VALUES ('p1', 'Lan', 'h1', '2026-01-01 00:00:00')"
        )
    migrate(engine)
    assert {
        "sheets",
        "sign_ins",
        "mail_tokens",
        "ratings",
        "rating_changes",
        "problem_reports",
    } <= set(inspect(engine).get_table_names())
    with engine.connect() as conn:
        row = conn.exec_driver_sql(
            "SELECT name, account_key, password_hash, role, deleted FROM players"
        ).one()
    assert tuple(row) == ("Lan", None, None, "player", 0)

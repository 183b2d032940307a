""" "Report a problem": stored from anyone, listed to admins only; the admin role given and
taken from the command line (``majiang admin grant|revoke NAME``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from majiang.cli import main
from majiang.server.app import create_app
from majiang.server.settings import Settings
from test_server_accounts import BASE, Device, guest


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'reports.sqlite3'}"
    monkeypatch.setenv("MAJIANG_DATABASE_URL", url)  # what `majiang admin` opens
    with TestClient(
        create_app(Settings(database_url=url, sqlite_synchronous="NORMAL")), base_url=BASE
    ) as client:
        yield client


def signed_in(client: TestClient, name: str) -> Device:
    device = Device(client)
    r = device.post(
        "/api/account/claim",
        json={"name": name, "password": "a long secret"},
        headers=guest(device, name),
    )
    assert r.status_code == 200, r.text
    return device


def test_reports_are_stored_and_shown_to_admins_only(
    server: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    token = guest(server, "Lan")
    r = server.post(
        "/api/reports",
        json={"kind": "rule", "page": "/rules/riichi", "text": "pinfu <b>tsumo</b> scored 30 fu"},
        headers=token,
    )
    assert r.status_code == 201
    assert server.post("/api/reports", json={"text": "typo on the home page"}).status_code == 201
    empty = server.post("/api/reports", json={"text": "   "})
    assert empty.status_code == 422 and "may not be empty" in empty.json()["error"]
    assert server.post("/api/reports", json={"kind": "bug", "text": "x"}).status_code == 422

    mei = signed_in(server, "Mei")
    assert mei.get("/api/reports").status_code == 403
    assert server.get("/api/reports").status_code == 401
    assert mei.get("/admin/reports").status_code == 403

    assert main(["admin", "grant", "nobody"]) == 2
    assert "no account named 'nobody'" in capsys.readouterr().err
    assert main(["admin", "grant", "MEI"]) == 0
    assert "Mei is now an admin" in capsys.readouterr().out
    listed = mei.get("/api/reports").json()
    assert [(x["kind"], x["player"]) for x in listed] == [("other", None), ("rule", "Lan")]
    page = mei.get("/admin/reports")
    assert page.status_code == 200
    assert "pinfu &lt;b&gt;tsumo&lt;/b&gt; scored 30 fu" in page.text  # escaped

    assert main(["admin", "revoke", "Mei"]) == 0
    assert mei.get("/api/reports").status_code == 403


def test_the_report_page(server: TestClient) -> None:
    page = server.get("/report").text
    assert 'id="report-form"' in page and 'src="/static/report.js"' in page
    assert 'href="/report"' in server.get("/").text

"""The table's pages and its one route of its own, through the ASGI client: the home page's Play
form, the table page ``/play/<code>``, the static modules, and ``GET /api/rooms/{code}/hint``
(the normal bot's choice, always one of the actions the server offered the seat)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS
from test_server_support import client_for, guest, hello, practice, sqlite_url

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path)) as c:
        yield c


def _play_meta(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="play-meta">(.*?)</script>', html, re.S)
    assert found, "the home page carries the form's facts as JSON"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_home_offers_every_variant_length_level_and_house_rule(client: TestClient) -> None:
    html = client.get("/").text
    for fid in ("p-name", "p-variant", "p-length", "p-level", "p-timers", "p-pace", "join-code"):
        assert f'id="{fid}"' in html
    assert 'data-slot="play"' in html and 'src="/static/home.js"' in html
    meta = _play_meta(html)
    assert list(meta["variants"]) == list(VARIANTS)
    assert [x["id"] for x in meta["lengths"]] == list(LENGTHS)
    # every strength the server plays is offered, master too (issue 27), with a line of help
    assert [x["id"] for x in meta["bot_levels"]] == ["beginner", "normal", "expert", "master"]
    assert all(x["help"] for x in meta["bot_levels"])
    assert '<option value="master">Master (thinks up to 1 s)</option>' in html
    for v in VARIANTS:
        rules = get_ruleset(v)
        names = [o["name"] for o in meta["variants"][v]["options"]]
        # every scoring option and every game option of the ruleset can be changed, and a
        # ruleset with named rule sets offers them (riichi: docs/riichi.md "Named rule sets")
        presets = ["preset"] if rules.presets else []
        assert names == [*rules.options, *rules.game_options, *presets]
        assert meta["variants"][v]["players"] == rules.players
        assert f'<option value="{v}"' in html


@pytest.mark.parametrize(
    ("lang", "paces"),
    [
        ("en", ["Steady (0.7 s)", "Quick (0.25 s)"]),
        ("de", ["Gemächlich (0,7 s)", "Schnell (0,25 s)"]),
    ],
)
def test_the_bots_pace_is_written_as_the_language_writes_numbers(
    client: TestClient, lang: str, paces: list[str]
) -> None:
    """The home form's bot paces (700 and 250 ms) in seconds with the language's decimal sign:
    a German page read 'Gemächlich (0.7 s)' beside a replay's 'Normal (0,8 s)'."""
    html = client.get(f"/?lang={lang}").text
    offered = re.findall(r'<option value="(700|250)"(?: selected)?>([^<]*)</option>', html)
    assert offered == [("700", paces[0]), ("250", paces[1])]


@pytest.mark.parametrize(
    ("variant", "rules", "accepted"),
    [
        ("riichi", {"kiriage": True, "start_points": 30000}, True),  # a scoring and a game option
        ("hk", {"min_fan": 1}, True),  # docs/hongkong.md: min_fan may be lowered
        ("hk", {"min_fan": "three"}, False),
        ("riichi", {"no_such_rule": 1}, False),
        ("riichi", {"preset": "tenhou", "uma": [30, 10, -10, -30]}, True),  # a named rule set
        ("riichi", {"preset": "house"}, False),
        ("hk", {"preset": "tenhou"}, False),  # HK has no named rule sets
    ],
)
def test_house_rules_sent_by_the_form_reach_the_table(
    client: TestClient, variant: str, rules: dict[str, Any], accepted: bool
) -> None:
    """The form posts ``rules`` with only what changed; the server takes or refuses them."""
    me = guest(client)
    body = {"variant": variant, "length": "one_hand", "rules": rules, "turn_seconds": 0}
    r = client.post("/api/rooms", json=body, headers=me.auth)
    assert (r.status_code == 201) is accepted, r.text
    if accepted:
        assert r.json()["options"]["rules"] == rules


def test_table_page_is_the_same_for_every_room(client: TestClient) -> None:
    r = client.get("/play/AbC-12_x")
    assert r.status_code == 200
    assert 'data-room="AbC-12_x"' in r.text and 'src="/static/table.js"' in r.text
    assert client.get("/play/" + "x" * 65).status_code == 404
    # the page holds no game: a room's tiles come only over its websocket
    assert "data-tile" not in r.text


@pytest.mark.parametrize(
    "path",
    [
        "/static/table.js",
        "/static/table_view.js",
        "/static/model.js",
        "/static/session.js",
        "/static/home.js",
        "/static/play.css",
    ],
)
def test_static_modules_are_served(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200 and len(r.text) > 500


def _decision(ws: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "decision":
            return frame


def test_hint_is_one_of_the_actions_offered(client: TestClient) -> None:
    me = guest(client)
    room = practice(client, me, turn_seconds=0, claim_seconds=0)
    url = f"/api/rooms/{room['code']}/hint"
    with client.websocket_connect(room["websocket"]) as ws:
        ws.send_json(hello(me.token))
        for _ in range(3):
            decision = _decision(ws)
            r = client.get(url, headers=me.auth)
            assert r.status_code == 200, r.text
            hint = r.json()
            assert hint["seat"] == 0 and hint["level"] == "normal"
            assert hint["action"] in decision["actions"]
            ws.send_json(
                {"type": "action", "decision": decision["decision"], "action": hint["action"]}
            )


@pytest.mark.parametrize(
    ("who", "room", "status"),
    [
        ("nobody", "practice", 401),  # no token
        ("stranger", "practice", 403),  # no seat at this table
        ("owner", "missing", 404),  # no such room
        ("owner", "waiting", 404),  # a private room not started: no game yet
    ],
)
def test_hint_refused(client: TestClient, who: str, room: str, status: int) -> None:
    owner = guest(client, "Own")
    code = "nope"
    if room == "practice":
        code = practice(client, owner, turn_seconds=0)["code"]
    elif room == "waiting":
        r = client.post("/api/rooms", json={"length": "one_hand"}, headers=owner.auth)
        code = r.json()["code"]
    headers = {} if who == "nobody" else (guest(client, "Str") if who == "stranger" else owner).auth
    r = client.get(f"/api/rooms/{code}/hint", headers=headers)
    assert r.status_code == status, r.text


def test_every_option_of_every_variant_has_player_words() -> None:
    from majiang.web.words import CHOICE_WORDS, OPTION_WORDS

    for v in VARIANTS:
        rules = get_ruleset(v)
        for name, opt in {**rules.options, **rules.game_options}.items():
            label, help_ = OPTION_WORDS[name]
            assert label and help_ and label != name, (v, name)
            if opt.choices is not None and not all(isinstance(c, str) for c in opt.choices):
                assert set(opt.choices) <= set(CHOICE_WORDS[name]), (v, name)

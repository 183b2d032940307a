"""The tutorial tables (majiang.server.tutorial): the lesson's fixed hand, played by the table
with the tutorial's bots, goes as the lesson says; POST /api/tutorials/<lesson> makes one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from majiang.actions import Discard, Pass, Pon, Tsumo
from majiang.server.app import create_app
from majiang.server.settings import Settings
from majiang.server.tables import Table, TableSpec
from majiang.server.tutorial import lesson_walls
from majiang.tiles import parse_tiles


def tile(text: str) -> int:
    (t,) = parse_tiles(text)
    return t


def bots_until_seat_0(table: Table) -> None:
    """Let the tutorial's bots play until seat 0 must act (or the game ends)."""
    while not table.over and 0 not in table.waiting():
        seat = table.waiting()[0]
        table.apply(seat, table.bot_action(seat, "tutorial"))


def test_the_riichi_lesson_goes_as_its_steps_say() -> None:
    table = Table(
        TableSpec("riichi", "one_hand", {"aka": 0}, "tutorial:riichi"), bot_level="tutorial"
    )
    view = table.view(0)
    # the deal: the dealer's 13 tiles and the 3m drawn (majiang.server.tutorial's docstring)
    assert sorted(parse_tiles(view["hand"])) == sorted(parse_tiles("12m45p9p22789s55z4z"))
    assert view["drawn"] == "3m"
    table.apply(0, Discard(tile("9p")))
    bots_until_seat_0(table)
    # South drew and discarded the white dragon: a pon is offered, no win (the hand is not ready)
    assert set(table.legal(0)) == {Pass(), Pon((tile("5z"), tile("5z")))}
    table.apply(0, Pon((tile("5z"), tile("5z"))))
    table.apply(0, Discard(tile("4z")))
    bots_until_seat_0(table)
    # 123m 789s 22s 45p + the pon: ready on 3p/6p; the 6p drawn completes it
    assert table.view(0)["drawn"] == "6p"
    assert Tsumo() in table.legal(0)
    table.apply(0, Tsumo())
    assert table.over
    # white dragon 1 han; 20 + 4 (open honour pung) + 2 (tsumo) = 26 -> 30 fu; the dealer's
    # 1 han 30 fu tsumo is 500 from each of the three others
    assert list(table.state.scores) == [26500, 24500, 24500, 24500]


def test_only_a_tutorial_seed_fixes_the_wall() -> None:
    assert lesson_walls("tutorial:riichi")[0][:3] == parse_tiles("12m4p")
    assert lesson_walls("0123abcd") == []


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    tmp = tmp_path_factory.mktemp("tutorial")
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp / 't.sqlite3'}", sqlite_synchronous="NORMAL")
    )
    with TestClient(app) as c:
        yield c


def test_a_tutorial_table_is_an_unrated_untimed_table_against_the_tutorials_bots(
    client: TestClient,
) -> None:
    token = client.post("/api/players", json={"name": "Lea"}).json()["token"]
    me = {"Authorization": f"Bearer {token}"}
    r = client.post("/api/tutorials/riichi", headers=me)
    assert r.status_code == 201, r.text
    room = r.json()
    assert (room["kind"], room["variant"], room["length"]) == ("tutorial", "riichi", "one_hand")
    assert room["bot_level"] == "tutorial"
    assert room["options"]["turn_seconds"] == room["options"]["claim_seconds"] == 0
    assert room["your_seat"] == 0 and room["status"] == "playing"
    r = client.post("/api/tutorials/chess", headers=me)
    assert r.status_code == 422 and r.json()["field"] == "lesson"
    assert "chess" in r.json()["error"]
    assert client.post("/api/tutorials/riichi").status_code == 401


def test_the_learn_page_is_there_for_a_lesson_only(client: TestClient) -> None:
    page = client.get("/learn/riichi")
    assert page.status_code == 200 and 'data-lesson="riichi"' in page.text
    assert client.get("/learn/chess").status_code == 404

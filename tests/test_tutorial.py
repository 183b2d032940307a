"""The tutorial tables (majiang.server.tutorial): the lesson's fixed hand, played by the table
with the tutorial's bots, goes as the lesson says; POST /api/tutorials/<lesson> makes one."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from majiang.actions import Chi, Discard, Pass, Pon, Ron, Tsumo
from majiang.i18n import _, use
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


def test_the_hong_kong_lesson_goes_as_its_steps_say() -> None:
    table = Table(TableSpec("hk", "one_hand", {}, "tutorial:hk"), bot_level="tutorial")
    view = table.view(0)
    # the deal: the dealer's 13 tiles and the 8m drawn (majiang.server.tutorial's docstring)
    assert sorted(parse_tiles(view["hand"])) == sorted(parse_tiles("12567799m9p1s277z"))
    assert view["drawn"] == "8m"
    table.apply(0, Discard(tile("9p")))
    bots_until_seat_0(table)
    # South drew and discarded the red dragon: a pung is offered (no chow: South is not the
    # player before East)
    assert set(table.legal(0)) == {Pass(), Pon((tile("7z"), tile("7z")))}
    table.apply(0, Pon((tile("7z"), tile("7z"))))
    table.apply(0, Discard(tile("1s")))
    bots_until_seat_0(table)
    # North, the player before East, discarded 3m: one chow (1-2-3m; no 4m for 2-3-4 or 3-4-5)
    assert set(table.legal(0)) == {Pass(), Chi((tile("1m"), tile("2m")))}
    table.apply(0, Chi((tile("1m"), tile("2m"))))
    table.apply(0, Discard(tile("2z")))
    bots_until_seat_0(table)
    # 567m 78m 99m waits on 6m or 9m; West discarded 6m: a win, and nothing else but a pass
    assert set(table.legal(0)) == {Pass(), Ron()}
    events = [event for _, event in table.apply(0, Ron())]
    assert table.over
    (won,) = [e for e in events if type(e).__name__ == "Won"]
    # the spec (shared/rules/hongkong.md): a red dragon pung 1 fan + half flush (one suit and
    # honours) 3 fan = 4 fan; not concealed (two claimed sets), not self-drawn
    assert sorted((i["id"], i["value"]) for i in won.result["items"]) == [
        ("half_flush", 3),
        ("red_dragon_pung", 1),
    ]
    # half-spicy table p(4) = 16; on a discard the discarder alone pays 2p = 32
    assert list(table.state.scores) == [32, 0, -32, 0]


def test_only_a_tutorial_seed_fixes_the_wall() -> None:
    assert lesson_walls("tutorial:riichi")[0][:3] == parse_tiles("12m4p")
    assert lesson_walls("tutorial:hk")[0][:3] == parse_tiles("125m")
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
    room = client.post("/api/tutorials/hk", headers=me).json()
    assert (room["kind"], room["variant"], room["bot_level"]) == ("tutorial", "hk", "tutorial")
    assert room["options"]["rules"] == {}  # the table's defaults: 3 fan at least, half spicy


def test_the_learn_page_is_there_for_a_lesson_only(client: TestClient) -> None:
    page = client.get("/learn/riichi")
    assert page.status_code == 200 and 'data-lesson="riichi"' in page.text
    assert client.get("/learn/chess").status_code == 404


def test_the_learn_page_lists_every_lesson_and_the_home_page_links_them(client: TestClient) -> None:
    listing = client.get("/learn")
    assert listing.status_code == 200
    assert 'href="/learn/riichi"' in listing.text and 'href="/learn/hk"' in listing.text
    home = client.get("/")
    assert 'href="/learn"' in home.text and 'href="/learn/hk"' in home.text
    start = client.get("/learn/hk?lang=de")
    assert 'data-lesson="hk"' in start.text and "Deine erste Partie: Hongkong" in start.text


#: the step panel's sentences (static/lesson.js), in English: the catalogs' message ids
LESSON_JS = Path(__file__).parent.parent / "src" / "majiang" / "web" / "static" / "lesson.js"


def lesson_sentences(array: str) -> list[str]:
    """Return the t("...") texts of one lesson's array of steps in lesson.js."""
    source = LESSON_JS.read_text(encoding="utf-8")
    body = source[source.index(f"const {array} = [") :]
    body = body[: body.index("\n];")]
    return [json.loads(f'"{text}"') for text in re.findall(r't\("((?:[^"\\]|\\.)*)"\)', body)]


def test_both_lessons_steps_are_translated_in_every_language() -> None:
    riichi, hong_kong = lesson_sentences("RIICHI"), lesson_sentences("HONG_KONG")
    assert (len(riichi), len(hong_kong)) == (7, 10)
    for lang in ("de", "es", "zh"):
        with use(lang):
            for text in [*riichi, *hong_kong, "Step {n} of {count}"]:
                assert _(text) != text, f"{lang}: step not translated: {text!r}"


def test_the_hong_kong_lesson_uses_the_words_its_players_use() -> None:
    hong_kong = lesson_sentences("HONG_KONG")
    with use("zh"):
        chinese = "".join(_(text) for text in hong_kong)
    # Hong Kong's terms in traditional characters: pung, chow, win on a discard, self-drawn, fan
    for word in ("碰", "上", "食糊", "自摸", "番", "混一色", "紅中", "萬", "莊家"):
        assert word in chinese, word
    simplified = set("红万东庄听张这们边义时对")  # each differs from its traditional form
    assert not simplified & set(chinese), simplified & set(chinese)
    with use("de"):
        german = "".join(_(text) for text in hong_kong)
    for word in ("Pung", "Chow", "Fan", "Halbreine Hand", "Selbstgezogen"):
        assert word in german, word
    with use("es"):
        spanish = "".join(_(text) for text in hong_kong)
    for word in ("pung", "chow", "fan", "color mixto", "autorrobo"):
        assert word in spanish, word

"""The pages, sprite and static files through the ASGI client (no browser).

Checks what the server sends: every route and its type, the calculator of each variant offers
exactly that variant's tiles, fields and options, and the rules pages carry every pattern of the
ruleset's own table (generated, so a new pattern shows up without editing the page).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from majiang.rules import VARIANTS, get_ruleset
from majiang.server.app import create_app
from majiang.server.settings import Settings
from majiang.tiles import NUM_TILE_IDS, tile_name, tile_set
from majiang.web import STATIC_DIR
from majiang.web.meta import FIELDS, SITUATIONS, calculator_meta
from majiang.web.patterns import pattern_table
from majiang.web.words import option_words


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db = tmp_path_factory.mktemp("webroutes") / "t.sqlite3"
    return TestClient(create_app(Settings(database_url=f"sqlite:///{db}")))


def meta_of(html: str) -> dict[str, object]:
    m = re.search(r'<script type="application/json" id="meta">(.*?)</script>', html, re.S)
    assert m, "the calculator page embeds its variant's data"
    data: dict[str, object] = json.loads(m.group(1))
    return data


@pytest.mark.parametrize(
    ("path", "media"),
    [
        ("/", "text/html"),
        ("/calc", "text/html"),
        ("/rules", "text/html"),
        *[(f"/calc/{v}", "text/html") for v in VARIANTS],
        *[(f"/rules/{v}", "text/html") for v in VARIANTS],
        ("/tiles.svg", "image/svg+xml"),
        ("/static/calc.js", "text/javascript"),
        ("/static/notation.js", "text/javascript"),
        ("/static/tiles.js", "text/javascript"),
        ("/static/site.css", "text/css"),
    ],
)
def test_route_answers_with_its_type(client: TestClient, path: str, media: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith(media)


@pytest.mark.parametrize("path", ["/calc/mahjong", "/rules/hk3", "/static/nope.js"])
def test_unknown_page_is_404(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/rules/nope", "There is no rule set called &#x27;nope&#x27; here."),
        ("/nope", ""),
        ("/rules/riichi/more", ""),
        ("/play/" + "x" * 65, "no such room"),
    ],
)
def test_a_missing_page_is_a_page_of_the_site(client: TestClient, path: str, says: str) -> None:
    r = client.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    html = r.text
    assert "<h1>Page not found</h1>" in html and '<nav aria-label="Site">' in html
    assert 'href="/rules"' in html and says in html
    assert "Not Found" not in html  # the bare phrase of the status is not repeated


@pytest.mark.parametrize("path", ["/api/nope", "/api/rooms/NOPE"])
def test_a_missing_api_route_keeps_its_json_error(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"] == "application/json"
    assert "detail" in r.json()


def test_a_server_error_is_a_page_for_browsers_and_json_for_the_api(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'e.db'}"))

    def broken() -> str:
        raise RuntimeError("a bug")

    app.add_api_route("/broken", broken)
    app.add_api_route("/api/broken", broken)
    client = TestClient(app, raise_server_exceptions=False)
    page = client.get("/broken")
    assert page.status_code == 500 and page.headers["content-type"].startswith("text/html")
    assert "<h1>Something went wrong</h1>" in page.text and "a bug" not in page.text
    api = client.get("/api/broken")
    assert api.status_code == 500 and api.json() == {
        "error": "internal server error",
        "field": None,
    }


def test_api_routes_still_answer(client: TestClient) -> None:
    """Mounting the pages leaves the JSON API where it was."""
    assert client.get("/api/health").json()["status"] == "ok"
    r = client.post("/api/score", json={"variant": "riichi", "hand": "1x", "win_tile": "1m"})
    assert r.status_code == 422 and r.json()["field"] == "hand"


def test_home_links_every_calculator_and_rules_page_and_keeps_a_place_to_play(
    client: TestClient,
) -> None:
    html = client.get("/").text
    for v in VARIANTS:
        assert f'href="/calc/{v}"' in html
        assert f'href="/rules/{v}"' in html
    assert 'id="play"' in html and 'data-slot="play"' in html


def test_sprite_is_one_svg_with_every_tile_and_the_back(client: TestClient) -> None:
    r = client.get("/tiles.svg")
    root = ET.fromstring(r.text)
    ids = {el.get("id") for el in root.iter("{http://www.w3.org/2000/svg}symbol")}
    expected = {f"mj-{tile_name(t)}" for t in range(NUM_TILE_IDS)} | {"mj-back"}
    assert expected <= ids
    assert root.get("style") is None  # a document of its own: not hidden
    assert "max-age" in r.headers["cache-control"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_palette_offers_exactly_the_variants_tiles(client: TestClient, variant: str) -> None:
    html = client.get(f"/calc/{variant}").text
    shown = re.findall(r'class="tile-btn" data-tile="(\w\w)"', html)
    ruleset = get_ruleset(variant)
    tiles = tile_set(variant, ruleset.resolve_options({}))
    assert set(shown) == {tile_name(t) for t in range(NUM_TILE_IDS) if tiles.allows(t)}
    assert len(shown) == len(set(shown))
    # each palette tile is drawn from the sprite
    assert html.count('<use href="/tiles.svg#mj-') >= len(shown)


@pytest.mark.parametrize(
    ("variant", "present", "absent"),
    [
        ("riichi", ["0m", "0p", "0s"], ["1f"]),  # red fives, no flowers
        ("hk", ["1z", "7z"], ["0m", "1f"]),
        ("hk2", ["1m", "9m", "5p", "1s", "9s"], ["2m", "8s"]),  # 80 tiles: no 2-8 m or s
        ("hkos", ["1f", "8f"], ["0p"]),
        ("taiwan", ["1f", "8f"], ["0s"]),
        ("sichuan", ["1m", "9s"], ["1z", "1f"]),  # suits only
    ],
)
def test_palette_examples_from_the_rule_pages(
    client: TestClient, variant: str, present: list[str], absent: list[str]
) -> None:
    tiles = meta_of(client.get(f"/calc/{variant}").text)["tiles"]
    assert isinstance(tiles, list)
    assert all(t in tiles for t in present)
    assert not any(t in tiles for t in absent)


@pytest.mark.parametrize("variant", VARIANTS)
def test_calculator_has_the_variants_fields_each_with_an_error_slot(
    client: TestClient, variant: str
) -> None:
    html = client.get(f"/calc/{variant}").text
    always = ["hand", "win_tile", "melds", "win", "seat_wind", "discarder"]
    # sichuan.md: no winds, the seat only says who deals
    assert ('name="round_wind"' in html) == (variant != "sichuan")
    for field in [*always, "situation", "rules"]:
        assert f'data-error-for="{field}"' in html, field
    every_optional = {f for fields in FIELDS.values() for f in fields}
    for field in every_optional:
        assert (f'name="{field}"' in html) == (field in FIELDS[variant]), field
    for situation in SITUATIONS[variant]:
        assert f'name="situation" value="{situation}"' in html
    for name in get_ruleset(variant).options:
        assert f'data-option="{name}"' in html


@pytest.mark.parametrize(("variant", "seats"), [("hk2", ["E", "S"]), ("riichi", list("ESWN"))])
def test_seat_choices_follow_the_number_of_players(
    client: TestClient, variant: str, seats: list[str]
) -> None:
    html = client.get(f"/calc/{variant}").text
    seat_select = html.split('name="seat_wind"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="(\w)"', seat_select) == seats


def test_every_situation_offered_is_known_to_its_variant() -> None:
    """A situation the calculator offers is never rejected as unknown by the scorer."""
    from majiang.errors import MajiangError
    from majiang.scoring import score

    for variant in VARIANTS:
        for s in calculator_meta(variant)["situations"]:
            try:
                score({"variant": variant, "hand": "11m", "win_tile": "1m", "situation": [s["id"]]})
            except MajiangError as e:
                assert "unknown" not in str(e) or e.field != "situation", (variant, s, e)


@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_page_lists_every_pattern_of_the_ruleset(client: TestClient, variant: str) -> None:
    html = client.get(f"/rules/{variant}").text
    rows = pattern_table(variant)
    for row in rows:
        assert f'id="p-{row.id}"' in html
    assert html.count('<tr id="p-') == len(rows)
    # every house rule has its row, in player words (majiang.web.words), not its key
    for name in get_ruleset(variant).options:
        label, help_ = option_words(name)
        row = html.split(f'<tr data-option="{name}">', 1)[1].split("</tr>", 1)[0]
        assert row.startswith(f"<th scope=row>{escape(label)}</th>")
        assert escape(help_) in row


@pytest.mark.parametrize(
    ("variant", "ids"),
    [
        ("riichi", ["riichi", "pinfu", "chinitsu", "kokushi", "junsei_chuuren_poutou"]),
        ("hk", ["all_chows", "full_flush", "nine_gates"]),
        ("hkos", ["seat_flower", "all_bonus_tiles", "no_bonus_tiles"]),
        ("taiwan", ["closed_self_draw", "lik_gu_lik_gu", "human_hand"]),
        ("sichuan", ["plain_hand", "root", "dragon_seven_pairs", "heavenly"]),
    ],
)
def test_pattern_table_is_read_from_the_rulesets_tables(variant: str, ids: list[str]) -> None:
    table = {r.id for r in pattern_table(variant)}
    assert set(ids) <= table


@pytest.mark.parametrize(
    ("variant", "pattern", "value"),
    [
        # riichi.md: pinfu 1 closed only; sanshoku 2/1; chinitsu 6/5; daisuushii double yakuman
        ("riichi", "pinfu", "1 (closed only)"),
        ("riichi", "sanshoku", "2 / 1 open"),
        ("riichi", "chinitsu", "6 / 5 open"),
        ("riichi", "toitoi", "2"),
        ("riichi", "daisuushii", "double yakuman"),
        # hongkong.md: half flush 3, full flush 7, limit hands at the 10-fan cap
        ("hk", "half_flush", "3"),
        ("hk", "full_flush", "7"),
        ("hk", "thirteen_orphans", "limit (10)"),
        ("hkos", "all_bonus_tiles", "8"),
        # taiwan.md: closed self-draw 3, big four winds 16
        ("taiwan", "closed_self_draw", "3"),
        ("taiwan", "big_four_winds", "16"),
        # sichuan.md: pure suit 2, dragon seven pairs 3, root 1 each
        ("sichuan", "pure_suit", "2"),
        ("sichuan", "dragon_seven_pairs", "3"),
        ("sichuan", "root", "1 each"),
    ],
)
def test_pattern_values_as_the_rule_pages_state_them(
    variant: str, pattern: str, value: str
) -> None:
    assert {r.id: r.value for r in pattern_table(variant)}[pattern] == value


def test_calculator_meta_is_json_and_matches_the_ruleset() -> None:
    for variant in VARIANTS:
        meta = calculator_meta(variant)
        ruleset = get_ruleset(variant)
        assert json.loads(json.dumps(meta)) == meta
        assert meta["unit"] == ruleset.unit
        assert [o["name"] for o in meta["options"]] == list(ruleset.options)


def test_static_modules_exist() -> None:
    """Every script a page loads is in static/ (so the wheel ships it)."""
    for name in ("calc.js", "notation.js", "tiles.js", "site.css"):
        assert (STATIC_DIR / name).is_file()
    imports = re.findall(r'from "\./([\w.]+)"', (STATIC_DIR / "calc.js").read_text())
    assert imports and all((STATIC_DIR / f).is_file() for f in imports)
    assert Path(STATIC_DIR).parent.name == "web"

"""The words of the table, the replays and the option forms in every language (docs/i18n.md):
every word of ``web/words.py`` reaches the catalogs and is translated, the functions that show
them answer in the language of the moment, and the table and replay pages and the replay API
speak the request's language."""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.events import PointsMoved
from majiang.i18n import LANGUAGES, _, use
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.sichuan import payments as sichuan_payments
from majiang.web import words
from majiang.web.play import pattern_names, table_page_body
from majiang.web.replay import hand_label

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import i18n as catalog_tool
from language_support import same_in


def every_word() -> list[str]:
    """Return each English text of words.py's tables."""
    out: list[str] = []
    for label, help_ in words.OPTION_WORDS.values():
        out += [label, help_]
    for choices in words.CHOICE_WORDS.values():
        out += choices.values()
    out += words.ABORTIVE_WORDS.values()
    out += words.PAYMENT_WORDS.values()
    out += [label for label, _seconds in words.NEXT_HAND_WORDS] + [words.NEXT_HAND_HELP]
    out += words.LENGTH_WORDS.values()
    for label, help_ in words.BOT_WORDS.values():
        out += [label, help_]
    out += words.BOT_NAMES.values()
    for table in (words.HONOR_WORDS, words.NUMBER_WORDS, words.RED_WORDS, words.SUIT_WORDS):
        out += table.values()
    out += words.SITUATION_WORDS.values()
    return out


def test_every_word_of_words_py_is_in_the_catalogs() -> None:
    """Every option label and help, choice, length, bot and abortive reason is a message the
    extraction finds (marked N_), so tools/i18n.py check holds each language to it."""
    used = catalog_tool.keys(catalog_tool.template())
    missing = [w for w in every_word() if (None, w) not in used]
    assert missing == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_word_of_words_py_is_translated(lang: str) -> None:
    with use(lang):
        same = [w for w in every_word() if _(w) == w and w not in same_in(lang)]
    assert same == []


def test_the_words_are_shown_in_the_language_of_the_moment() -> None:
    with use("de"):
        assert words.option_words("kiriage") == (
            "Aufrunden auf Mangan (Kiriage)",
            "4 Han 30 Fu und 3 Han 60 Fu zählen als Mangan.",
        )
        assert words.choice_label("renhou", "off") == "Aus"
        assert words.value_words("kiriage", True) == "An"
        assert words.value_words("golden_table", None) == "Standard"
        table = words.table_words()
    assert table["lengths"]["east"] == "Ostrunde"
    assert table["suits"] == {"m": "Zeichen", "p": "Kreise", "s": "Bambus"}
    assert table["bots"]["master"] == "Meister (denkt bis 1 s)"
    assert table["bot_names"]["expert"] == "Experte"
    assert table["abortive"]["four_riichi"] == "Vier Riichi"
    assert table["variants"]["sichuan"] != "Sichuan bloody battle"
    # English by default, unknown keys made readable as before
    assert words.option_words("kiriage")[0] == "Round up to mangan (kiriage)"
    assert words.choice_label("no_such", "some_choice") == "Some choice"


def test_every_payment_a_game_makes_has_words() -> None:
    """Each reason points move for has words in PAYMENT_WORDS: Sichuan's declared reasons, and
    every reason of whole games of each variant (a result once showed 'kong passed on')."""
    assert set(typing.get_args(sichuan_payments.Reason)) <= set(words.PAYMENT_WORDS)
    seen: set[str] = set()
    for variant in VARIANTS:
        rules = get_ruleset(variant)
        for seed in range(3):
            bots = [make_bot("normal", seed * 4 + s) for s in range(rules.players)]
            played = play_game(rules, bots, seed=seed, length="one_hand", record_events=False)
            seen |= {e.reason for e in played.events if isinstance(e, PointsMoved)}
    assert {"win", "riichi", "kong"} <= seen
    assert seen - set(words.PAYMENT_WORDS) == set()


def test_hand_labels() -> None:
    with use("zh"):
        assert hand_label("riichi", 5, 1, 2, 1) == "南3局，1 本场"
        assert hand_label("sichuan", 3, 0, 3, 0) == "第 4 局"
    with use("de"):
        assert hand_label("riichi", 0, 0, 0, 0) == "Ost 1"


def test_pattern_names_show_the_translation_and_the_traditional_name() -> None:
    de = pattern_names("de")
    assert de["hk"]["all_pungs"] == "Nur Drillinge (對對糊)"
    assert de["sichuan"]["golden_hook"] == "Goldener Haken (金钩钓)"
    assert pattern_names("zh")["hk"]["full_flush"] == "清一色"
    assert pattern_names("en") == {}


def test_the_table_page_in_german() -> None:
    with use("de"):
        body = table_page_body("abc")
    for german in ("Einstellungen", "Regeln und Muster", "Meine Hand sortieren", "Verbinden…"):
        assert german in body
    for english in ("Settings", "Rules and patterns", "Sort my hand", "Connecting…"):
        assert english not in body
    assert json.dumps("Nur Drillinge (對對糊)") in body  # the patterns' names the results show


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from majiang.server.app import create_app
    from majiang.server.settings import Settings

    tmp = tmp_path_factory.mktemp("table-language")
    app = create_app(Settings(database_url=f"sqlite:///{tmp / 'db.sqlite3'}"))
    with TestClient(app) as c:
        yield c


def finished_game(client: TestClient) -> tuple[str, dict[str, str]]:
    """Return a finished one-hand riichi game against bots and its player's headers."""
    import time

    made = client.post("/api/players", json={"name": "Lan"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    body: dict[str, Any] = {"variant": "riichi", "length": "one_hand", "bot_level": "beginner"}
    body |= {"turn_seconds": 0, "claim_seconds": 0}
    room = client.post("/api/tables", json=body, headers=auth).json()
    client.post(f"/api/rooms/{room['code']}/leave", headers=auth)
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{room['game_id']}/replay", headers=auth).status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return room["game_id"], auth


def test_the_replay_speaks_the_request_s_language(client: TestClient) -> None:
    game, auth = finished_game(client)
    english = client.get(f"/api/games/{game}/replay?lang=en", headers=auth).json()
    assert english["hands"][0]["label"] == "East 1"
    assert english["names"][1] == "Bot 2 (beginner)"
    german = client.get(f"/api/games/{game}/replay?lang=de", headers=auth).json()
    assert german["hands"][0]["label"] == "Ost 1"
    assert german["length_label"] == "Eine Hand"
    assert german["variant_name"] != english["variant_name"]
    assert german["names"][1] == "Bot 2 (Anfänger)"
    # the replay is kept once for every reader: English again after a German request
    again = client.get(f"/api/games/{game}/replay?lang=en", headers=auth).json()
    assert again["hands"] == english["hands"]
    hand = client.get(f"/api/games/{game}/replay/0?lang=zh", headers=auth).json()
    assert hand["label"] == "东1局"
    page = client.get(f"/replay/{game}?lang=es").text
    assert '<html lang="es"' in page
    assert "Descargar el registro" in page and "Download the record" not in page


def test_the_home_form_offers_the_option_words_in_the_page_s_language(client: TestClient) -> None:
    page = client.get("/?lang=de").text
    assert "Aufrunden auf Mangan (Kiriage)" in page  # the form's options (play-meta JSON)
    assert ">Ostrunde</option>" in page and ">East round</option>" not in page
    assert "Round up to mangan" in client.get("/?lang=en").text


def test_every_bot_level_a_player_meets_has_a_name() -> None:
    """Each bot level the site seats (the home form's, the tutorials', the API's ``simple``)
    names its bots in the page's language: a Chinese lesson read '电脑 3（tutorial）'. A record
    names the bot that played (``bot:tsumogiri``), which names the level again: a history
    read 'Bot 2 (tsumogiri)'."""
    from majiang.server.tables import BOT_LEVELS

    assert set(BOT_LEVELS) <= set(words.BOT_NAMES)
    assert {words.RECORD_BOTS[bot] for bot in BOT_LEVELS.values()} == set(BOT_LEVELS)
    assert set(words.RECORD_BOTS.values()) <= set(words.BOT_NAMES)
    with use("zh"):
        assert words.table_words()["bot_names"]["tutorial"] == "教学"
        record = ["Lan", "bot:tsumogiri", "", "bot:eager"]
        assert words.seat_names(record) == ["Lan", "电脑 2（教学）", "座位 3", "电脑 4（简单）"]


def test_the_calculators_and_the_rules_pages_name_tiles_and_situations_alike() -> None:
    """One table of words.py names a tile and a situation for the calculator's palette and
    boxes and for the rules pages' captions."""
    from majiang.tiles import parse_tile
    from majiang.web.meta import calculator_meta
    from majiang.web.rules import tile_words

    with use("de"):
        meta = calculator_meta("riichi")
        assert meta["labels"]["1z"] == tile_words("1z") == "Ostwind"
        assert meta["labels"]["3p"] == tile_words("3p") == "Kreis 3"
        assert words.tile_words(parse_tile("3p")) == "Kreis 3"
        boxes = {s["id"]: s["label"] for s in meta["situations"]}
        assert boxes["robbing_kong"] == _(words.SITUATION_WORDS["robbing_kong"]) != "Robbing a kong"

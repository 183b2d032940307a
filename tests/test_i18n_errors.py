"""The scoring contract's errors in each language: the library, ``POST /api/score`` (with the
request's ``lang`` or the browser's ``Accept-Language``) and ``majiang score --lang``. The
``field`` stays what it is in English; the message is translated and quotes the input as it was
written. The server's pages that this change translated: error pages, and figures written as
the language writes them.

Each expected message is the catalog's sentence for that language, written out here by hand.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from majiang.cli import main
from majiang.errors import InvalidRequest
from majiang.scoring import score
from majiang.server.app import create_app
from majiang.server.settings import Settings

#: a riichi hand with a tile that does not exist (9z)
NO_TILE = {"variant": "riichi", "hand": "234567m234p55p77z9z", "win_tile": "5p"}
#: (request, field at fault, the message in en, de, es, zh)
REFUSED = [
    (
        NO_TILE,
        "hand",
        {
            "en": "hand: no tile '9z'",
            "de": "hand: es gibt keinen Stein '9z'",
            "es": "hand: no existe la ficha '9z'",
            "zh": "hand：没有 '9z' 这张牌",
        },
    ),
    (
        {"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "1s"},
        "win_tile",
        {
            "en": "win_tile '1s' is not among the hand's concealed tiles (the hand includes the "
            "winning tile)",
            "de": "win_tile '1s' ist nicht unter den verdeckten Steinen der Hand (die Hand enthält "
            "den Gewinnstein)",
            "es": "win_tile '1s' no está entre las fichas ocultas de la mano (la mano incluye la "
            "ficha ganadora)",
            "zh": "win_tile '1s' 不在手牌的暗牌中（手牌应包含和牌的那张）",
        },
    ),
    (
        {"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p", "colour": "red"},
        "colour",
        {
            "en": "unknown field 'colour'",
            "de": "unbekanntes Feld 'colour'",
            "es": "campo desconocido 'colour'",
            "zh": "未知字段 'colour'",
        },
    ),
    (
        {"variant": "hk", "hand": "123m456m789m11z222z", "win_tile": "2z", "melds": ["chi 135m"]},
        "melds",
        {
            "en": "melds: chi '135m' is not a run of three consecutive tiles of one suit",
            "de": "melds: chi '135m' ist keine Folge von drei aufeinanderfolgenden Steinen einer "
            "Farbe",
            "es": "melds: chi '135m' no es una escalera de tres fichas seguidas del mismo palo",
            "zh": "melds：chi '135m' 不是同一花色的三张顺子",
        },
    ),
    (
        {"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p", "honba": -1},
        "honba",
        {
            "en": "honba must be a whole number from 0 to 1000, got -1",
            "de": "honba muss eine ganze Zahl von 0 bis 1000 sein, erhalten: -1",
            "es": "honba debe ser un número entero de 0 a 1000, se recibió -1",
            "zh": "honba 必须是 0 到 1000 之间的整数，收到的是 -1",
        },
    ),
    (
        {"variant": "riichi", "hand": "234567m234p55p7z", "win_tile": "5p"},
        "hand",
        {
            "en": "a winning hand has 14 tiles (a kong counts 3); this one has 12 (12 concealed "
            "and 0 melds)",
            "de": "eine Gewinnhand hat 14 Steine (ein Kong zählt 3); diese hat 12 (12 verdeckte "
            "und 0 Meldungen)",
            "es": "una mano ganadora tiene 14 fichas (un kong cuenta 3); esta tiene 12 (12 "
            "ocultas y 0 combinaciones)",
            "zh": "和牌的手牌有 14 张（杠算 3 张）；这手牌有 12 张（暗牌 12 张，副露 0 组）",
        },
    ),
]
CASES = [(req, field, lang, said[lang]) for req, field, said in REFUSED for lang in said]


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db = tmp_path_factory.mktemp("errors") / "t.sqlite3"
    return TestClient(create_app(Settings(database_url=f"sqlite:///{db}")))


@pytest.fixture
def client(app_client: TestClient) -> TestClient:
    """The module's client without the language cookie a ``?lang=`` of another test left."""
    app_client.cookies.clear()
    return app_client


@pytest.mark.parametrize(("request_", "field", "lang", "message"), CASES)
def test_the_library_refuses_in_the_requests_language(
    request_: dict[str, object], field: str, lang: str, message: str
) -> None:
    with pytest.raises(InvalidRequest) as info:
        score({**request_, "lang": lang})
    assert (info.value.field, str(info.value)) == (field, message)


@pytest.mark.parametrize(("request_", "field", "lang", "message"), CASES)
def test_the_api_answers_a_refusal_in_the_requests_language(
    client: TestClient, request_: dict[str, object], field: str, lang: str, message: str
) -> None:
    """``lang`` in the body, and the same from ``Accept-Language`` alone: the contract's error
    object, its field as in English."""
    by_body = client.post("/api/score", json={**request_, "lang": lang})
    by_header = client.post(
        "/api/score", json=request_, headers={"Accept-Language": f"{lang};q=0.9, fr;q=1"}
    )
    for answer in (by_body, by_header):
        assert answer.status_code == 422
        assert answer.json() == {"error": message, "field": field}


def test_without_a_language_the_api_answers_in_english(client: TestClient) -> None:
    answer = client.post("/api/score", json=NO_TILE)
    assert answer.json() == {"error": "hand: no tile '9z'", "field": "hand"}


def test_an_unknown_lang_is_said_in_the_pages_language(client: TestClient) -> None:
    """A ``lang`` that names no catalog cannot choose the message's language: the request's
    other sources do."""
    answer = client.post("/api/score?lang=de", json={**NO_TILE, "lang": "fr"})
    assert answer.status_code == 422
    assert answer.json()["field"] == "lang"
    assert answer.json()["error"].startswith("lang muss ein Sprachkürzel von en, de, es, zh sein")


def test_the_cli_prints_its_error_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", "--variant", "riichi", "--hand", "123m456m789m11z22x", "--win-tile", "1z"]
    assert main([*args, "--lang", "de"]) == 2
    assert capsys.readouterr().err == "majiang score: Fehler: hand: unbekannte Farbe 'x' in '22x'\n"
    assert main([*args, "--lang", "en"]) == 2
    assert capsys.readouterr().err == "majiang score: error: hand: unknown suit 'x' in '22x'\n"


def test_the_cli_json_mode_keeps_each_requests_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    lines = [json.dumps({**NO_TILE, "lang": "es"}), json.dumps(NO_TILE)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--json"]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out == [
        {"error": "hand: no existe la ficha '9z'", "field": "hand"},
        {"error": "hand: no tile '9z'", "field": "hand"},
    ]


@pytest.mark.parametrize(
    ("lang", "title", "reason"),
    [
        ("en", "Page not found", "There is no rule set called 'nope' here."),
        ("de", "Seite nicht gefunden", "Hier gibt es kein Regelwerk namens 'nope'."),
        ("es", "Página no encontrada", "Aquí no hay ningún reglamento llamado 'nope'."),
        ("zh", "找不到页面", "这里没有名为 'nope' 的规则。"),
    ],
)
def test_error_pages_in_each_language(
    client: TestClient, lang: str, title: str, reason: str
) -> None:
    page = client.get(f"/calc/nope?lang={lang}")
    assert page.status_code == 404
    assert f'<html lang="{lang}">' in page.text
    assert f"<h1>{title}</h1>" in page.text and reason.replace("'", "&#x27;") in page.text


@pytest.mark.parametrize(
    ("lang", "mangan"),
    # riichi's han/fu table: a dealer's mangan on a discard is 12000 (riichi.md, "Payments")
    [("en", "12,000"), ("de", "12.000"), ("es", "12.000"), ("zh", "12,000")],
)
def test_the_sheets_payment_table_writes_figures_as_the_language_does(
    client: TestClient, lang: str, mangan: str
) -> None:
    page = client.get(f"/keep?lang={lang}").text
    # the tables travel in the page's JSON, where "</" is written "<\\/"
    assert f"<td>{mangan}<\\/td>" in page


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("en", "no yaku: the hand is complete but has no yaku (dora do not count)"),
        ("de", "kein Yaku: die Hand ist vollständig, hat aber kein Yaku (Dora zählen nicht)"),
        ("es", "sin yaku: la mano está completa pero no tiene yaku (las dora no cuentan)"),
        ("zh", "无役：手牌完整但没有役（宝牌不算）"),
    ],
)
def test_why_a_hand_is_not_a_win_is_said_in_the_requests_language(lang: str, reason: str) -> None:
    """A pung of 1m, three runs and a pair of 5p won on a discard by South: complete, but no
    yaku (not all simples, not pinfu, no honour pung) — riichi.md, "Yaku"."""
    hand = {"variant": "riichi", "hand": "111m456p789s234s55p", "win_tile": "5p", "seat_wind": "S"}
    result = score({**hand, "lang": lang})
    assert (result["valid"], result["reason"]) == (False, reason)


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "wrong name or password"),
        ("de", "falscher Name oder falsches Passwort"),
        ("es", "nombre o contraseña incorrectos"),
        ("zh", "名字或密码错误"),
    ],
)
def test_an_account_refusal_is_said_in_the_requests_language(
    client: TestClient, lang: str, message: str
) -> None:
    """The refusal is written when answered: the account's writes run on another thread."""
    answer = client.post(
        f"/api/account/signin?lang={lang}", json={"name": "Nobody Here", "password": "whatever1"}
    )
    assert answer.status_code == 401
    assert answer.json() == {"error": message, "field": "password"}

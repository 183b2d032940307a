"""The server's languages: ``?lang=`` > the cookie > ``Accept-Language``, ``<html lang>`` on
every page, the header's switcher, the home page translated, the browser's strings, and the
score API's localized names."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from majiang.i18n import LANGUAGES, language_name
from majiang.rules import VARIANTS, get_ruleset
from majiang.server.app import create_app
from majiang.server.settings import Settings
from majiang.web.pages import VARIANT_NAMES


@pytest.fixture
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """A fresh client per test: the language cookie must not leak from one test to the next."""
    db = tmp_path_factory.mktemp("language") / "t.sqlite3"
    return TestClient(create_app(Settings(database_url=f"sqlite:///{db}")))


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found, "a page says its language"
    return found.group(1)


#: pages whose layout is built by pages.layout (the table, replays and rules pages included)
PAGES = ["/", "/calc", "/rules", "/calc/riichi", "/rules/sichuan", "/history", "/leaderboard"]


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_lang_follows_the_query(client: TestClient, path: str, lang: str) -> None:
    r = client.get(f"{path}?lang={lang}")
    assert r.status_code == 200
    assert html_lang(r.text) == lang
    assert r.headers["content-language"] == lang


def test_english_without_any_choice(client: TestClient) -> None:
    r = client.get("/")
    assert html_lang(r.text) == "en" and ">Home</a>" in r.text
    assert "set-cookie" not in r.headers


@pytest.mark.parametrize(
    ("header", "lang", "home"),
    [
        ("de-CH,de;q=0.9,en;q=0.5", "de", "Startseite"),
        ("fr, es-MX;q=0.8", "es", "Inicio"),
        ("zh-TW", "zh", "首页"),
        ("fr", "en", "Home"),
    ],
)
def test_accept_language(client: TestClient, header: str, lang: str, home: str) -> None:
    r = client.get("/", headers={"accept-language": header})
    assert html_lang(r.text) == lang
    assert f">{home}</a>" in r.text
    assert "Accept-Language" in r.headers["vary"]


def test_query_beats_cookie_beats_header(client: TestClient) -> None:
    client.cookies.set("majiang_lang", "es")
    assert html_lang(client.get("/", headers={"accept-language": "de"}).text) == "es"
    r = client.get("/rules?lang=zh", headers={"accept-language": "de"})
    assert html_lang(r.text) == "zh"


def test_choosing_by_query_is_kept_in_the_cookie(client: TestClient) -> None:
    r = client.get("/calc?lang=de")
    assert "majiang_lang=de" in r.headers["set-cookie"]
    assert "Max-Age=31536000" in r.headers["set-cookie"]
    # the next page, without ?lang= and with an English browser, stays German
    assert html_lang(client.get("/", headers={"accept-language": "en"}).text) == "de"


def test_an_unknown_query_or_cookie_is_passed_over(client: TestClient) -> None:
    client.cookies.set("majiang_lang", "klingon")
    r = client.get("/?lang=xx", headers={"accept-language": "es"})
    assert html_lang(r.text) == "es"
    assert "set-cookie" not in r.headers


def test_the_switcher_links_this_page_in_each_language(client: TestClient) -> None:
    html = client.get("/calc/hk?lang=es&x=1").text
    nav = re.search(r'<nav class="languages" aria-label="Idioma">(.*?)</nav>', html, re.S)
    assert nav, "the header has the switcher, labelled in the page's language"
    links = re.findall(
        r'<a href="([^"]+)" hreflang="(\w+)" lang="\w+"( aria-current="true")?>([^<]+)</a>',
        nav.group(1),
    )
    shown = [(href, lang, name) for href, lang, _here, name in links]
    assert shown == [(f"/calc/hk?x=1&amp;lang={x}", x, language_name(x)) for x in LANGUAGES]
    assert {lang: name for _href, lang, name in shown if lang in ("en", "de", "es", "zh")} == {
        "en": "English",
        "de": "Deutsch",
        "es": "Español",
        "zh": "中文",
    }
    assert [lang for _h, lang, here, _n in links if here] == ["es"]


def test_the_switcher_keeps_an_odd_path_an_address(client: TestClient) -> None:
    html = client.get("/play/Ann%20L%C3%A9e%22?lang=de").text  # any code shows a table page
    assert 'href="/play/Ann%20L%C3%A9e%22?lang=es"' in html


def test_the_home_page_in_german(client: TestClient) -> None:
    html = client.get("/?lang=de").text
    for words in (
        "Startseite",
        "Rechner",
        "Rangliste",
        "Mahjong in sechs Regelwerken",
        "Gegen Bots spielen",
        "Privaten Raum erstellen",
        "Deine beendeten Partien",
        "Japanisches Riichi: Yaku, Dora, Han und Fu.",
        "Zum Inhalt springen",
        '<option value="sichuan">Sichuan „Blutige Schlacht“</option>',
    ):
        assert words in html, words
    for english in ("Play against bots", "Score a hand, read the rules", "Skip to content"):
        assert english not in html, english


def test_the_variant_names_are_the_rulesets(client: TestClient) -> None:
    """The pages translate the rulesets' names: in English they are the rulesets' own."""
    assert {v: VARIANT_NAMES[v] for v in VARIANTS} == {v: get_ruleset(v).name for v in VARIANTS}


def test_browser_strings(client: TestClient) -> None:
    r = client.get("/api/i18n/de.json")
    assert r.status_code == 200
    body = r.json()
    assert body["lang"] == "de" and body["name"] == "Deutsch"
    assert body["messages"]["back to the table"] == "zurück zum Tisch"
    assert body["messages"]["sichuan\x04Golden hook"] == "Goldener Haken"
    assert client.get("/api/i18n/en.json").json()["messages"] == {}


def test_browser_strings_of_an_unknown_language(client: TestClient) -> None:
    r = client.get("/api/i18n/fr.json")
    assert r.status_code == 404
    assert "no language 'fr'" in r.json()["detail"]


RIICHI = {
    "variant": "riichi",
    "hand": "234567m234p55p777z",
    "win_tile": "5p",
    "win": "ron",
    "situation": ["riichi"],
}


def test_the_score_api_names_in_the_accepted_language(client: TestClient) -> None:
    plain = client.post("/api/score", json=RIICHI).json()["items"]
    assert [i["name"] for i in plain] == ["Riichi", "Red dragon"]
    german = client.post("/api/score", json=RIICHI, headers={"accept-language": "de"}).json()
    assert [i["name"] for i in german["items"]] == [
        "Fertigansage (立直 riichi)",
        "Roter Drache (中 chun)",
    ]
    assert [i["id"] for i in german["items"]] == ["riichi", "yakuhai_red"]
    # the request's own lang wins over the header
    spanish = client.post(
        "/api/score", json={**RIICHI, "lang": "es"}, headers={"accept-language": "de"}
    ).json()
    assert spanish["items"][1]["name"] == "Dragón rojo (中 chun)"


def test_the_score_api_refuses_an_unknown_lang(client: TestClient) -> None:
    r = client.post("/api/score", json={**RIICHI, "lang": "tlh"})
    assert r.status_code == 422
    assert r.json()["field"] == "lang"

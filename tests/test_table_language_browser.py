"""The table and the replay in German, Spanish and Chinese, in real Chromium: a practice table
opened with ``?lang=X`` is played to its final standings and its replay opened, and at each
stop no English text of the interface is left on the screen and ``<html lang>`` is right.

"English left" is judged three ways over the visible text nodes (the rules dialog, whose pages
another part of the site translates, stays closed):

- a node that is a message id of the catalogs, or matches one with its ``{placeholders}``, or is
  a literal piece of one between its placeholders (a message written around HTML), where the
  language's translation differs from the English;
- a node holding a common English word (``the``, ``your``, ``waiting`` ...) that none of the
  three languages uses.

Allowed everywhere: tile notation (``5m``), the players' names, numbers, ``Bot``, and the
game's own words that stay the same (Riichi, Ron, Tsumo, dora, honba, the romaji of yaku).

Screenshots of the table in German and Chinese at a desktop's (1280 x 800) and a phone's
(390 x 844) size go to tests/artifacts/ (``table_<lang>_<w>x<h>_*.png``) for a person to look
at; the layout's own checks are in test_table_layout_browser.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from language_support import same_in
from majiang.web.play import pattern_names
from test_table_support import ARTIFACTS, CHROMIUM, READY_JS, Player

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import i18n as catalog_tool  # noqa: E402

#: English words that German, Spanish and Chinese text never holds (a stray English sentence)
ENGLISH_WORDS = re.compile(
    r"\b(the|you|your|with|waiting|discards?|points|wins?|draws?|tiles?|ready|next|and|of|to|"
    r"from|on|by|for|is|are|hand|seat|wall|round|settings|sounds|leave|replay|game)\b",
    re.IGNORECASE,
)
#: what may stand in any language: the player's name, bots, notation, the game's own words
ALLOWED = re.compile(
    r"^(?:Lan|Bot|[0-9mpsz, ]+|[-+0-9.,: ×=→·()/s]+|…|[A-Z]|"
    r"Riichi|Ron|Tsumo|Pon|Chi|Kan|Honba|Dora|Furiten|Shanten:|mjai.*|majiang.*)$"
)
#: languages' own words that match an English word above (German "Hand", Spanish "on"...)
SAME_WORD = {"de": {"hand", "wall"}, "es": set(), "zh": set()}

#: the visible text of the page: its text nodes (the rules dialog closed, hidden sections
#: skipped) and what style sheets write before and after elements
TEXTS_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, " ").trim();
    if (!text) continue;
    const el = n.parentElement;
    if (!el || el.closest("script, style, dialog:not([open]), [hidden]")) continue;
    if (!el.checkVisibility()) continue;
    out.push(text);
  }
  // words that style sheets write (content: "...") are read too
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility()) continue;
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(el, pseudo).content;
      if (/^".*[A-Za-z\u00c0-\u9fff].*"$/.test(content)) out.push(content.slice(1, -1).trim());
    }
  }
  return out;
}"""


def english_checks(lang: str) -> tuple[set[str], list[re.Pattern[str]], set[str]]:
    """Return what English looks like on a page in ``lang``: the message ids translated to
    something else, as texts, as patterns (with their placeholders) and as literal pieces."""
    whole: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    pieces: set[str] = set()
    for message in catalog_tool.load(lang):
        english = message.id
        if not english or not isinstance(english, str) or message.context:
            continue
        if message.string == english or english in same_in(lang):
            continue
        if "{" not in english:
            whole.add(english)
            continue
        parts = re.split(r"\{\w+\}", english)
        if len(re.findall(r"[A-Za-z]", "".join(parts))) < 3:
            continue  # "{wind} {n}": nothing English to see
        patterns.append(re.compile(".+?".join(re.escape(p) for p in parts)))
        pieces.update(p.strip() for p in parts if len(re.findall(r"[A-Za-z]", p)) >= 4)
    return whole, patterns, pieces


def english_left(texts: list[str], lang: str) -> list[str]:
    """Return the texts that are English interface text on a page in ``lang``."""
    whole, patterns, pieces = english_checks(lang)
    # a pattern's name as players say it (立直 riichi) is no stray English, even where it
    # looks like a message ("{name} riichi")
    names = {name for family in pattern_names(lang).values() for name in family.values()}
    found = []
    for text in texts:
        if ALLOWED.match(text) or text in names:
            continue
        words = {w.lower() for w in ENGLISH_WORDS.findall(text)} - SAME_WORD[lang]
        if (
            text in whole
            or text.strip(" ,;:.") in pieces
            or any(p.fullmatch(text) for p in patterns)
            or words
        ):
            found.append(text)
    return found


def test_the_checks_find_english() -> None:
    """The judge bites: English sentences of the table are found, translations pass."""
    english = [
        "Next hand",
        "Waiting for the others…",
        "Lan wins by self-draw",
        ", waiting for",
        "13 tiles",
        "Points move (Kong payments): Lan +2000.",
        "Discards",
    ]
    german = [
        "Nächste Hand",
        "Warten auf die anderen…",
        "Lan gewinnt durch Selbstziehen",
        "13 Steine",
        "Lan",
        "5m",
        "+8.000",
        "Riichi",
    ]
    assert english_left(english + german, "de") == english
    # the Chinese name of riichi is its kanji and romaji, though "{name} riichi" is a message
    assert english_left(["立直 riichi", "Lan riichi"], "zh") == ["Lan riichi"]


def check_page(player: Player, lang: str, where: str) -> None:
    """Assert the page is in ``lang`` with no English interface text on it."""
    page = player.page
    assert page.get_attribute("html", "lang") == lang, where
    left = english_left(page.evaluate(TEXTS_JS), lang)
    assert left == [], f"English left on the {where} in {lang}: {left}"


def shoot(player: Player, lang: str, name: str) -> None:
    w, h = player.viewport
    ARTIFACTS.mkdir(exist_ok=True)
    player.page.screenshot(path=str(ARTIFACTS / f"table_{lang}_{w}x{h}_{name}.png"), full_page=True)


def open_table(player: Player, lang: str, variant: str) -> None:
    """Open the home page in ``lang`` and sit at a one-hand practice table of ``variant``."""
    page = player.page
    page.goto(f"{player.base_url}/?lang={lang}")
    page.wait_for_selector("#play-form[data-ready=true]")
    page.fill("#p-name", "Lan")
    player.choose(variant)
    page.click("#play-bots")
    page.wait_for_selector("#table-app[data-state=table]")


@pytest.mark.parametrize(
    ("lang", "variant", "viewport"),
    [
        ("de", "riichi", (1280, 800)),
        ("es", "riichi", (1280, 800)),
        ("zh", "riichi", (1280, 800)),
        ("de", "sichuan", (390, 844)),
        ("zh", "hk", (390, 844)),
    ],
)
def test_the_table_and_the_replay_speak_the_language(
    browser: Any, base_url: str, lang: str, variant: str, viewport: tuple[int, int]
) -> None:
    player = Player(browser, base_url, viewport=viewport)
    page = player.page
    try:
        open_table(player, lang, variant)
        player.wait_ready()
        page.click("#table-settings summary")  # the settings' labels and helps are read too
        check_page(player, lang, "table")
        shoot(player, lang, "settings")
        page.click("#table-settings summary")
        shoot(player, lang, "table")
        page.click("[data-do=hint]")
        page.wait_for_selector("#hint-box #hint-shanten")
        check_page(player, lang, "table with a hint")
        player.play_until_result()
        check_page(player, lang, "result")
        shoot(player, lang, "result")
        page.click("#next-hand")
        page.wait_for_selector("#final:not([hidden]) #replay-link")
        check_page(player, lang, "final standings")
        page.click("#replay-link")
        page.wait_for_selector("#replay-app[data-state=ready]")
        check_page(player, lang, "replay")
        page.keyboard.press("End")  # the hand's last event: its result under the board
        page.wait_for_function("() => !document.querySelector('#rp-result').hidden")
        check_page(player, lang, "replay's result")
        shoot(player, lang, "replay")
    finally:
        player.close()


def test_numbers_are_written_as_the_language_writes_them(browser: Any, base_url: str) -> None:
    """A German table writes 25.000 where an English one writes 25,000 (the data stays raw)."""
    player = Player(browser, base_url, viewport=(1280, 800))
    page = player.page
    try:
        open_table(player, "de", "riichi")
        page.wait_for_function(READY_JS)
        score = page.locator("#table .seat.me .score")
        assert score.get_attribute("data-score") == "25000"
        assert score.inner_text() == "25.000"
        page.goto(page.url.split("?")[0] + "?lang=en")
        page.wait_for_function(READY_JS)
        assert page.locator("#table .seat.me .score").inner_text() == "25,000"
    finally:
        player.close()


def test_the_table_opens_its_socket_in_its_language_and_lists_the_languages_way(
    browser: Any, base_url: str
) -> None:
    """The socket carries the page's ``?lang=`` (the server writes its error frames in it:
    test_i18n_server.py), and the keys at the table's foot are listed as the language lists
    (Intl.ListFormat): 、 in Chinese, "und" before the last in German, never English commas."""
    player = Player(browser, base_url, viewport=(1280, 800))
    page = player.page
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    try:
        open_table(player, "zh", "riichi")
        page.wait_for_function(READY_JS)
        assert sockets and sockets[-1].endswith("?lang=zh"), sockets
        keys = page.inner_text("#table .table-foot .muted")
        assert keys.startswith("按键：方向键 + 回车 打牌，W 和牌、P "), keys
        assert ", " not in keys and keys.count("、") == 7, keys
        page.goto(page.url.split("?")[0] + "?lang=de")
        page.wait_for_function(READY_JS)
        assert sockets[-1].endswith("?lang=de"), sockets
        keys = page.inner_text("#table .table-foot .muted")
        assert re.search(r", H Tipp und D \S", keys), keys
    finally:
        player.close()

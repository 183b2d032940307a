"""The table and the replay in German, Spanish and Chinese, in real Chromium: a practice table
opened with ``?lang=X`` is played to its final standings and its replay opened, and at each
stop no English text of the interface is left on the screen and ``<html lang>`` is right. Those
games end as their fresh seeds have it; the results they meet only now and then (abortive
draws, two wins on one discard, Sichuan's battle to the wall with its settlements) are drawn
from hand-written events and held to the same judge (``RARE_RESULTS``).

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

from event_support import ended, moved, started, won
from language_support import same_in
from majiang.i18n import _, use
from majiang.web.play import pattern_names
from majiang.web.words import ABORTIVE_WORDS, PAYMENT_WORDS
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


# ---------------------------------------------------------------- the rare results


def _ron(
    seat: int, items: list[tuple[str, str, int]], total: int, unit: str = "han"
) -> dict[str, Any]:
    """Seat ``seat`` wins on North's (seat 3) discard 7s: ``items`` (id, English name, value);
    riichi's hand has its fu."""
    riichi = unit == "han"
    result = {
        "unit": unit,
        "total": sum(value for *_, value in items),
        "items": [{"id": i, "name": name, "value": value} for i, name, value in items],
        "points": {"total": total, "payers": [{"from": "discarder", "amount": total}]},
    }
    if riichi:
        result["fu"] = 40
        result["fu_items"] = [{"id": "base", "value": 20}, {"id": "closed_ron", "value": 10}]
    return won(seat, 3, "7s", "234567m34566p68s", result)


#: results a random game meets only now and then, as the server sends them (shared/rules/
#: riichi.md, sichuan.md): each abortive draw of riichi, with a riichi stick left on the table;
#: two wins on one discard; Sichuan's bloody battle: a kong paid, a win that takes the kong's
#: money from its discarder, then the wall runs out and the draw's settlements are paid (the
#: amounts are made up: only the words are judged). The language tests' games end in whatever their fresh seeds
#: give; these are held to the same judge whatever the seeds.
RARE_RESULTS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    **{
        f"abortive {reason}": (
            "riichi",
            [
                started(),
                {"type": "riichi_declared", "seat": 2, "double": False},
                moved([0, 0, -1000, 0], reason="riichi", sticks=1),
                ended("abortive_draw", [25000, 25000, 24000, 25000], [], reason=reason),
            ],
        )
        for reason in ("nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron")
    },
    # all simples 1 + dora 1 = 2 han 40 fu: 2600 for a non-dealer's ron, 3900 for the dealer's
    "double ron": (
        "riichi",
        [
            started(),
            _ron(0, [("tanyao", "All simples", 1), ("dora", "Dora", 1)], 3900),
            moved([3900, 0, 0, -3900]),
            _ron(1, [("tanyao", "All simples", 1), ("dora", "Dora", 1)], 2600),
            moved([0, 2600, 0, -2600]),
            ended("win", [28900, 27600, 25000, 18500], [0, 1]),
        ],
    ),
    "bloody battle to the wall": (
        "sichuan",
        [
            started(scores=0),
            moved([-1, -1, -1, 3], reason="kong"),
            _ron(0, [("plain_hand", "Plain hand", 0)], 1, unit="fan"),
            moved([1, 0, 0, -1]),
            moved([3, 0, 0, -3], reason="kong_passed_on"),
            moved([0, 4, -4, 0], reason="not_ready"),
            moved([0, 8, -8, 0], reason="three_suits"),
            moved([1, 1, 1, -3], reason="kong_returned"),
            ended("exhaustive_draw", [3, 11, -13, -1], [0]),
        ],
    ),
}

RENDER_RESULT_JS = """async ([events, variant]) => {
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(1, 4, variant);
  events.forEach((e) => model.applyEvent(m, e));
  const ui = {welcome: {players: [null, 'Lan', null, null]}, room: {bot_level: 'normal'}, model: m};
  document.querySelector('#result-test')?.remove();
  const box = document.createElement('section');
  box.id = 'result-test';
  box.className = 'result-panel';
  box.innerHTML = view.renderResult(ui, m);
  document.querySelector('main').append(box);
  return [document.documentElement.scrollWidth, window.innerWidth];
}"""


@pytest.mark.parametrize("lang", ["de", "es", "zh"])
def test_the_rare_results_speak_the_language_and_fit_a_phone(
    browser: Any, base_url: str, lang: str
) -> None:
    """Each of RARE_RESULTS drawn by the table's own modules on a 360 px table page in
    ``lang``: no English left, nothing scrolls sideways."""
    player = Player(browser, base_url, viewport=(360, 740))
    page = player.page
    try:
        page.goto(f"{base_url}/play/none?lang={lang}")
        page.wait_for_selector("#table-words", state="attached")
        for name, (variant, events) in RARE_RESULTS.items():
            width, inner = page.evaluate(RENDER_RESULT_JS, [events, variant])
            texts = page.eval_on_selector(
                "#result-test",
                "box => box.innerText.split('\\n').map(s => s.trim()).filter(Boolean)",
            )
            assert texts, name
            left = english_left(texts, lang)
            assert left == [], f"English left in the result of {name} in {lang}: {left}"
            assert width <= inner == 360, (name, lang, width)
            # the words picked by key are the language's own (a missing key shows the key)
            heading = page.inner_text("#result-test #result-h")
            paid = page.eval_on_selector_all(
                "#result-test #other-payments li",
                "ls => ls.map(l => [l.dataset.reason, l.textContent])",
            )
            with use(lang):
                if name.startswith("abortive"):
                    assert _(ABORTIVE_WORDS[name.split()[1]]) in heading, heading
                for reason, line in paid:
                    assert line.startswith(f"{_(PAYMENT_WORDS[reason])}: "), line
    finally:
        player.close()

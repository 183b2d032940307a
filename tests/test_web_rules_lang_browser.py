"""Each rules page in each language in real Chromium: ``/rules/<variant>?lang=X`` opens with
``<html lang="X">``, every example hand is drawn, and no paragraph, list item, cell, heading or
caption a reader sees is left in English (a page with no translation yet says so instead).

"English" is a text holding one of the little words every English sentence has and no German,
Spanish or Chinese one does (``ENGLISH``); the pattern names in romaji, the tile notation and the
numbers hold none. Nothing is allowed: the house rules' own words (the options table, an
example's "with the house rule" line) come translated from ``web/words.py`` like the rest.

Screenshots of one page in German and in Chinese at a desktop's size and a phone's go to
/tmp/rules-lang/ (tests/artifacts/ as well).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from majiang.i18n import LANGUAGES
from majiang.rules import VARIANTS
from majiang.web.rules import examples, is_translated
from test_table_support import ARTIFACTS, CHROMIUM

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: words of English prose that German, Spanish and Chinese text never holds
ENGLISH = re.compile(
    r"\b(the|and|of|is|are|with|to|each|your|you|when|from|this|that|which|on|by|for|its|"
    r"or|at|be|not|one|two|three|wins?|pays?|tiles?|player)\b",
    re.IGNORECASE,
)
#: the text of every element a reader reads as a unit in <main> (the drawings' own text aside)
TEXTS_JS = """() => {
  const main = document.querySelector('main');
  const units = main.querySelectorAll('p, li, td, th, h1, h2, h3, h4, figcaption, a, dd, dt');
  return [...units]
    .map(el => {
      const copy = el.cloneNode(true);
      copy.querySelectorAll('svg').forEach(x => x.remove());
      return copy.textContent.replace(/\\s+/g, ' ').trim();
    })
    .filter(t => t.length > 0);
}"""
SHOTS = Path("/tmp/rules-lang")


def english_left(texts: list[str]) -> list[str]:
    """Return the texts that read as English."""
    return [t for t in texts if ENGLISH.search(t)]


def test_the_english_scan_bites() -> None:
    assert english_left(["Wins on the discard of 5 of dots.", "Gewinnt auf den Abwurf Kreis 5."])
    assert english_left(["Gewinnt auf den Abwurf Kreis 5.", "平和 pinfu", "1 / 2 offen"]) == []


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_rules_page_reads_in_the_language(browser: Any, base_url: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for variant in VARIANTS:
            pg.goto(f"{base_url}/rules/{variant}?lang={lang}")
            pg.wait_for_load_state("load")
            assert pg.evaluate("() => document.documentElement.lang") == lang
            figures = pg.locator("figure.example svg.mj-tiles").count()
            assert figures == len(examples(variant)), (lang, variant)
            texts = pg.evaluate(TEXTS_JS)
            note = pg.locator("p.untranslated").count()
            if is_translated(variant, lang):
                assert note == 0
                assert english_left(texts) == [], (
                    f"{lang}/{variant} has English left: {english_left(texts)}"
                )
            else:
                assert note == 1, f"{lang}/{variant}: English without the note"
    finally:
        context.close()
    assert errors == []


@pytest.mark.parametrize(("lang", "variant"), [("de", "sichuan"), ("zh", "taiwan")])
@pytest.mark.parametrize(("width", "height", "mobile"), [(1280, 800, False), (390, 844, True)])
def test_screenshots_of_a_page_in_german_and_chinese(
    browser: Any, base_url: str, lang: str, variant: str, width: int, height: int, mobile: bool
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile)
    context.set_default_timeout(20000)
    pg = context.new_page()
    try:
        pg.goto(f"{base_url}/rules/{variant}?lang={lang}")
        pg.wait_for_load_state("load")
        pg.evaluate("() => document.fonts.ready.then(() => true)")
        assert pg.evaluate("() => document.documentElement.scrollWidth") <= width
        SHOTS.mkdir(parents=True, exist_ok=True)
        ARTIFACTS.mkdir(exist_ok=True)
        name = f"rules_{variant}_{lang}_{width}.png"
        pg.screenshot(path=str(SHOTS / name))  # the first screen, as a reader opens it
        pg.screenshot(path=str(SHOTS / f"full_{name}"), full_page=True, timeout=60000)
        (ARTIFACTS / name).write_bytes((SHOTS / name).read_bytes())
    finally:
        context.close()

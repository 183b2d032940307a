"""What a player trips on along the way from the home page to a table and the score sheet, in
real Chromium: each test is a defect seen on a screenshot of a practice game (docs/web.md).

- the table's line of keys names only the actions the variant has (a Sichuan table offered
  "C Chi, R Riichi": Sichuan claims no chow and declares no riichi), its settings only what the
  variant has (a Hong Kong table offered to mark dora and red fives);
- the score sheet's form shows no warning sign before there is an error, and its folded
  "House rules" reads as something to open (a flex summary had lost its triangle).
"""

from __future__ import annotations

from typing import Any

import pytest

from event_support import started
from test_table_support import CHROMIUM, Player

pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.mark.parametrize(
    ("variant", "named", "not_named"),
    [
        # shared/rules/riichi.md: chi and riichi are both played
        ("riichi", ["C Chi", "R Riichi"], []),
        # shared/rules/hongkong.md: chows are claimed, there is no riichi
        ("hk", ["C Chi"], ["Riichi"]),
        # shared/rules/sichuan.md: "Pung and kong may be claimed; chow never", no riichi
        ("sichuan", ["P Pon", "K Kan"], ["Chi", "Riichi"]),
    ],
)
def test_the_table_s_keys_name_only_what_the_variant_plays(
    browser: Any, base_url: str, variant: str, named: list[str], not_named: list[str]
) -> None:
    player = Player(browser, base_url, viewport=(1280, 800))
    try:
        player.practice("Ann", variant)
        player.wait_ready()
        keys = player.page.inner_text(".table-foot .muted")
        assert keys.startswith("Keys: arrows + Enter discard"), keys
        for word in named:
            assert word in keys, (variant, keys)
        for word in not_named:
            assert word not in keys, (variant, keys)
        # the settings too: dora and red fives are marked only where riichi has them
        player.page.click("#table-settings summary")
        marks = player.page.locator("#set-marks")
        assert marks.is_visible() == (variant == "riichi"), variant
    finally:
        player.close()


def test_the_score_sheet_form_shows_no_error_sign_before_an_error(
    browser: Any, base_url: str
) -> None:
    """The new sheet's error line is empty until a start is refused: nothing of it shows (it
    showed a lone "⚠" above "Start the sheet"); a refusal shows its sign and message."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{base_url}/keep")
        page.wait_for_selector("#keep-new:not([hidden])")
        error = page.locator("#keep-new-error")
        assert error.inner_text() == ""
        sign = "e => getComputedStyle(e, '::before').content"
        assert error.evaluate(sign) == "none"
        # the same line with a message keeps its sign
        error.evaluate("e => { e.textContent = 'Seat 2 needs a name'; }")
        assert error.evaluate(sign) == '"⚠ "'
    finally:
        page.close()


def test_the_score_sheet_s_folded_parts_show_they_open(browser: Any, base_url: str) -> None:
    """ "House rules" is folded: its summary shows a triangle pointing right, pointing down once
    opened, like every other folded part of the site."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{base_url}/keep")
        page.wait_for_selector("#keep-new:not([hidden])")
        summary = page.locator(".keep-rules summary")
        marker = "e => getComputedStyle(e, '::before').content"
        assert summary.evaluate(marker) == '"▸"'
        summary.click()
        assert page.locator(".keep-rules").evaluate("d => d.open")
        assert summary.evaluate(marker) == '"▾"'
    finally:
        page.close()


#: the table of a seat (Ann, seat 1) drawn by the page's own modules (model.js, table_view.js)
#: after ``events``, with ``actions`` the decision open: the action buttons' tiles, each as
#: [tile, marked as the discard taken]
BUTTON_TILES_JS = """async ([events, actions]) => {
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(1, 4, 'riichi');
  events.forEach((e) => model.applyEvent(m, e));
  const ui = {welcome: {players: [null, 'Ann', null, null]}, room: {bot_level: 'normal'}, model: m,
              decision: {id: 'd1', actions}, settings: {}};
  const box = document.createElement('div');
  box.innerHTML = view.render(ui, m, {frozen: false});
  return Object.fromEntries([...box.querySelectorAll('#actions button[data-action]')].map((b) => [
    b.dataset.action,
    [...b.querySelectorAll('svg.tile')].map((s) => [s.dataset.tile, s.classList.contains('claimed-tile')]),
  ]));
}"""


def test_a_call_s_button_shows_the_whole_set_with_the_discard_marked_once(
    browser: Any, base_url: str
) -> None:
    """Bot 1 (seat 0) discards 5p; Ann holds 5p 5p and 4p 6p: Pon shows 5p 5p 5p and Chi
    4p 5p 6p, the discard taken marked once in each (Pon showed only the hand's two 5p, both
    marked)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{base_url}/play/none")
        discard = {
            "type": "discarded",
            "seat": 0,
            "tile": "5p",
            "tsumogiri": False,
            "riichi": False,
        }
        actions = [
            {"type": "pass"},
            {"type": "pon", "tiles": "55p"},
            {"type": "chi", "tiles": "46p"},
        ]
        buttons = page.evaluate(BUTTON_TILES_JS, [[started(), discard], actions])
        assert buttons["pass"] == []
        assert buttons["pon"] == [["5p", True], ["5p", False], ["5p", False]]
        assert buttons["chi"] == [["4p", False], ["5p", True], ["6p", False]]
    finally:
        page.close()


@pytest.mark.parametrize(
    ("variant", "fields"),
    [("riichi", ["Han", "Fu"]), ("hk", ["Fan"]), ("taiwan", ["Tai"])],
)
def test_the_score_sheet_s_value_fields_are_headed_like_fu(
    browser: Any, base_url: str, variant: str, fields: list[str]
) -> None:
    """A win entered by its value: each field is headed by its word as a heading, "Han" beside
    "Fu" (it read "han" beside "Fu", and "han" again as the empty choice)."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{base_url}/keep")
        page.wait_for_selector("#keep-new:not([hidden])")
        page.select_option("#keep-new select[name=variant]", variant)
        for i, name in enumerate(["Ann", "Ben", "Cy", "Di"]):
            page.fill(f"input[name=player{i}]", name)
        page.locator("#keep-new button[type=submit]").click()
        entry = page.locator("#keep-entry")
        entry.wait_for()
        # the winner: Ann's first button, her second in riichi (its Riichi row comes first)
        entry.get_by_role("button", name="Ann").nth(1 if variant == "riichi" else 0).click()
        labels = page.eval_on_selector_all(
            "#keep-entry label:has([data-value])",
            "ls => ls.map((l) => l.firstChild.textContent.trim())",
        )
        assert labels == fields
        if variant == "riichi":
            first = page.locator("#keep-entry select[data-value='han'] option").first
            assert first.inner_text() == "–"
    finally:
        page.close()

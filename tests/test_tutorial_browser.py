"""The riichi tutorial in real Chromium: /learn/riichi starts a tutorial table on the lesson's
fixed hand, and a player who clicks what the step panel marks plays it through to the win,
seeing each step's sentence on the way. Screenshots at a phone's and a laptop's size go to
tests/artifacts/table_tutorial_*.png (not committed)."""

from __future__ import annotations

from typing import Any

import pytest

from test_table_support import CHROMIUM, Player, shot

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
    pytest.mark.timeout(180),
]

#: the start of each step's sentence, in order (static/lesson.js; the hand: majiang.server.tutorial)
STEPS = [
    ("Step 1 of 7", "the lone 9 of circles fits nothing"),
    ("Step 2 of 7", "The others draw and discard in turn"),
    ("Step 3 of 7", "South discarded a white dragon"),
    ("Step 4 of 7", "discard the lone North wind"),
    ("Step 5 of 7", "Your hand is ready"),
    ("Step 6 of 7", "Click Tsumo to win"),
    ("Step 7 of 7", "You won!"),
]
#: the step numbers at which the player must click the marked thing, and what it must be
CLICKS = {
    1: '[data-tile="9p"]',
    3: '[data-action="pon"]',
    4: '[data-tile="4z"]',
    6: '[data-action="tsumo"]',
}


def step_shown(page: Any) -> int:
    """Wait for the step panel; return the step it shows."""
    page.wait_for_function(
        "() => document.querySelector('#lesson') && !document.querySelector('#lesson').hidden"
    )
    return int(page.eval_on_selector("#lesson", "p => p.dataset.step"))


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_riichi_tutorial_played_through_by_clicking_the_marks(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    player = Player(browser, base_url, viewport=(width, height))
    page = player.page
    try:
        page.goto(f"{base_url}/learn/riichi")
        page.fill("#learn-name", "Lea")
        page.click("#learn-start")
        page.wait_for_selector("#table-app[data-state=table]", timeout=15000)
        seen: list[int] = []
        for _ in range(200):
            n = step_shown(page)
            if not seen or seen[-1] != n:
                assert n > (seen[-1] if seen else 0), f"the lesson went back to step {n}: {seen}"
                seen.append(n)
                count, words = STEPS[n - 1]
                assert page.inner_text("#lesson .lesson-count") == count
                assert words in page.inner_text("#lesson .lesson-text")
                if n == 4 and width == 390:
                    shot(page, "tutorial_phone")
            if n == 7:
                break
            if n in CLICKS:
                marked = page.locator(".lesson-target")
                marked.wait_for(timeout=15000)
                # the mark is on the one thing the step asks for
                assert page.eval_on_selector(".lesson-target", f"el => el.matches('{CLICKS[n]}')")
                assert page.locator(".lesson-target").count() == 1
                marked.click()
            page.wait_for_function(
                f"() => document.querySelector('#lesson').dataset.step !== '{n}'", timeout=20000
            )
        assert seen == [1, 2, 3, 4, 5, 6, 7]
        if width == 1280:
            shot(page, "tutorial_won")
        result = page.inner_text("#result")
        # the lesson's hand: an open tsumo whose one yaku is the white dragons' pon (1 han)
        assert "Lea (you) wins by self-draw" in result
        assert "White dragon\t1 han" in result
    finally:
        player.close()


def test_an_unknown_lesson_has_no_page(browser: Any, base_url: str) -> None:
    player = Player(browser, base_url)
    try:
        reply = player.page.goto(f"{base_url}/learn/taiwan-ish")
        assert reply is not None and reply.status == 404
    finally:
        player.close()

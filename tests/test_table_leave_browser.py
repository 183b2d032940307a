"""Leaving a room and opening its link again, in real Chromium: the page says there is no seat
for you, shows no table tools that could do nothing (settings, rules), and offers two ways on:
a new game and your games."""

from __future__ import annotations

from typing import Any

import pytest

from test_table_support import CHROMIUM, Player

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def test_a_player_back_at_a_table_they_left_is_shown_the_way_on(
    browser: Any, base_url: str
) -> None:
    ann = Player(browser, base_url, viewport=(390, 844))
    page = ann.page
    ann.home("Ann")
    ann.choose("riichi")
    page.click("#make-room")
    page.wait_for_selector("#table-app[data-state=lobby] #share-link")
    link = page.input_value("#share-link")
    page.click("#start-game")
    page.wait_for_selector("#table-app[data-state=table] #hand .hand-tile")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#table .table-foot [data-do=leave]")
    page.wait_for_url(f"{base_url}/")

    page.goto(link)
    page.wait_for_selector("#table-app[data-state=closed]")
    assert "no seat" in page.inner_text("#status")
    assert page.locator("#table-tools").is_hidden()  # no settings, no rules for a table not yours
    ways = page.eval_on_selector_all(
        "#closed-links a", "as => as.map(a => [new URL(a.href).pathname, a.offsetHeight > 0])"
    )
    assert ways == [["/", True], ["/history", True]]
    ann.close()

"""Your games (/history) as a player reads it, in real Chromium: on a phone, where the table's
headings are not shown, the points say they are points ("0" stood alone); the players are a list
as the page's language writes one (Chinese separates names with "、", not ", ")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_table_support import CHROMIUM, Player

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def played(browser: Any, base_url: str) -> Any:
    """A player who has finished a one-hand practice game (Hong Kong)."""
    player = Player(browser, base_url, viewport=(390, 844))
    player.practice("Hanna", "hk")
    player.play_until_result()
    player.page.click("#next-hand")
    player.page.wait_for_selector("#final:not([hidden]) table.standings")
    yield player
    player.close()


def shown_row(page: Any, url: str) -> Any:
    page.goto(url)
    page.wait_for_selector("#history-table:not([hidden]) tbody tr")
    return page.locator("#history-table tbody tr").first


def test_a_phone_says_the_points_are_points(played: Any, base_url: str) -> None:
    row = shown_row(played.page, f"{base_url}/history?lang=de")
    assert re.fullmatch(r"-?[\d.]+ Punkte", row.locator("td[data-score]").inner_text())
    played.page.set_viewport_size({"width": 1280, "height": 800})
    try:  # the table's column, under its heading "Punkte", keeps the bare number
        row = shown_row(played.page, f"{base_url}/history?lang=de")
        assert re.fullmatch(r"-?[\d.]+", row.locator("td[data-score]").inner_text())
    finally:
        played.page.set_viewport_size({"width": 390, "height": 844})


def test_the_players_are_a_list_in_the_page_s_language(played: Any, base_url: str) -> None:
    row = shown_row(played.page, f"{base_url}/history?lang=zh")
    players = row.locator("td").nth(5).inner_text()
    assert players.startswith("Hanna") and "、" in players and ", " not in players, players

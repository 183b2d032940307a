"""The hand's copy of the tile just drawn, clicked at the table (real Chromium against the real
server): it leaves as a hand discard (the pond shows it as one, the event says tsumogiri false)
and the drawn tile stays, joining the hand at the right end while sorting is off; clicking the
drawn tile itself still discards the drawn tile."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_table_support import CHROMIUM, Player

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
    pytest.mark.timeout(240),
]

CONCEALED_JS = (
    "() => [...document.querySelectorAll('#hand .hand-tile:not(.drawn)')].map(b => b.dataset.tile)"
)
#: the last cell of this seat's pond: its tile and whether it is drawn as the drawn tile's
#: (null when another player called it: the pond then shows the tile taken, not how it left)
LAST_POND_JS = """() => {
  const cells = document.querySelectorAll('.seat.me .pond-cell');
  const c = cells[cells.length - 1];
  return [cells.length, c.classList.contains('claimed') ? null : c.classList.contains('tsumogiri')];
}"""
#: the page's model: the last tile of this seat's river and its tsumogiri flag (from the event)
LAST_RIVER_JS = """() => {
  // a win on the discard ends the hand: the page keeps that hand (frozen) with its result while
  // the model may already hold the next one
  const m = window.majiangTable.frozen || window.majiangTable.model;
  const r = m.seats[m.seat].river;
  // a discard another player called keeps its tile as `was` (the pond shows it taken)
  const last = r[r.length - 1];
  return r.length ? [last.tile || last.was, last.tsumogiri] : [m.seat, m.seats.map(s => s.river.length)];
}"""


DEBUG_JS = """() => {const m = window.majiangTable.model; return [m.seat, m.phase, JSON.stringify(m.seats[m.seat].river), [...document.querySelectorAll('.seat.me .pond-cell')].map(c => c.className)]}"""


@pytest.fixture
def player(browser: Any, base_url: str) -> Iterator[Player]:
    p = Player(browser, base_url, viewport=(1280, 800))
    yield p
    p.close()


def discard_and_wait(player: Player, button: Any) -> tuple[int, bool | None]:
    """Click a hand tile, wait until it is in the pond; return the pond's size and whether its
    last cell is marked as the drawn tile."""
    page = player.page
    pond = page.locator(".seat.me .pond-cell").count()
    number = player.app("decision")
    button.click()  # waits for the tile to stand still (a drawn tile slides in)
    player.wait_answered(number)
    page.wait_for_function(
        "n => document.querySelectorAll('.seat.me .pond-cell').length > n", arg=pond
    )
    size, tsumogiri = page.evaluate(LAST_POND_JS)
    return size, tsumogiri


def test_clicking_the_hand_copy_of_the_drawn_tile_discards_it_from_the_hand(
    player: Player,
) -> None:
    page = player.page
    player.practice("Sol", "riichi", length="east")
    page.click("#table-settings summary")
    page.locator("#set-sort").uncheck()  # the order the tiles came: where each tile goes shows
    page.click("#table-settings summary")  # closed again: the hand is clicked below it
    seen = {"hand copy": 0, "drawn": 0}
    for _ in range(120):
        state = player.wait_ready(timeout=15000)
        if state == "final":
            break
        if state == "result":
            page.click("#next-hand")
            page.wait_for_function(
                "() => document.querySelector('#table-app').dataset.phase !== 'result'"
            )
            continue
        drawn = page.locator('#hand .hand-tile.drawn[data-legal="true"]')
        if "pass" in player.offered() or not drawn.count():
            number = player.app("decision")
            player.answer(win=False)
            player.wait_answered(number)
            continue
        new = drawn.get_attribute("data-tile")
        copy = page.locator(f'#hand .hand-tile:not(.drawn)[data-legal="true"][data-tile="{new}"]')
        if not copy.count() or seen["drawn"] == 0:
            # the drawn tile itself (once, to compare), or no copy of it in the hand
            _, tsumogiri = discard_and_wait(player, drawn)
            assert tsumogiri in (True, None), page.evaluate(DEBUG_JS)
            assert page.evaluate(LAST_RIVER_JS) == [new, True]
            seen["drawn"] += 1
            continue
        before = page.evaluate(CONCEALED_JS)
        at = int(copy.first.get_attribute("data-index") or -1)
        assert before[at] == new
        _, tsumogiri = discard_and_wait(player, copy.first)
        assert tsumogiri in (False, None)  # the pond shows a tile from the hand (or taken)
        assert page.evaluate(LAST_RIVER_JS) == [new, False]
        if page.evaluate("() => window.majiangTable.frozen !== null"):
            continue  # the discard ended the hand (a win on it, the last tile): no hand to check
        # the hand copy left where it was; the drawn tile joined at the right end
        expected = [*before[:at], *before[at + 1 :], new]
        assert page.evaluate(CONCEALED_JS) == expected
        seen["hand copy"] += 1
        break
    assert seen["hand copy"] == 1, f"no drawn tile matched a tile of the hand: {seen}"

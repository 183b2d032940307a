"""The table's settings and keys as the variant has them, in real Chromium: a setting that acts
in riichi only is hidden at another table, "No calls" speaks of no chi at a Sichuan table, and a
key of an action the variant lacks (R outside riichi) is left to the browser."""

from __future__ import annotations

from typing import Any

import pytest

from test_table_support import CHROMIUM, Player

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: press a key on the page's body; return whether the page took it (preventDefault)
PRESS_JS = """key => {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  document.body.dispatchEvent(e);
  return e.defaultPrevented;
}"""


def settings_shown(page: Any) -> dict[str, str]:
    """Each visible setting's id and the help it shows."""
    page.click("#table-settings summary")
    shown: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table-settings .setting')]
            .filter(row => !row.hidden && row.offsetParent !== null)
            .map(row => [row.querySelector('input').dataset.setting,
                         row.querySelector('.hint').textContent]))"""
    )
    return shown


def test_sichuan_settings_speak_of_no_chi_nor_riichi(browser: Any, base_url: str) -> None:
    player = Player(browser, base_url)
    player.practice("Ana", "sichuan")
    player.wait_ready()
    shown = settings_shown(player.page)
    assert "autoRiichi" not in shown and "marks" not in shown  # no riichi, no dora in Sichuan
    assert "chi" not in shown["noCalls"] and "pon" in shown["noCalls"]
    assert not player.page.evaluate(PRESS_JS, "r")
    assert not player.page.evaluate(PRESS_JS, "c")
    player.close()


def test_riichi_table_keeps_every_setting_and_its_keys(browser: Any, base_url: str) -> None:
    player = Player(browser, base_url)
    player.practice("Ben", "riichi")
    player.wait_ready()
    shown = settings_shown(player.page)
    assert {"autoRiichi", "marks", "noCalls"} <= set(shown)
    assert "chi" in shown["noCalls"]
    assert player.page.evaluate(PRESS_JS, "r")
    player.close()


def test_hong_kong_table_leaves_the_riichi_key_alone(browser: Any, base_url: str) -> None:
    player = Player(browser, base_url)
    player.practice("Cai", "hk")
    player.wait_ready()
    shown = settings_shown(player.page)
    assert "autoRiichi" not in shown and "chi" in shown["noCalls"]
    assert not player.page.evaluate(PRESS_JS, "r")
    assert player.page.evaluate(PRESS_JS, "c")  # chi is a call in Hong Kong: its key is taken
    player.close()

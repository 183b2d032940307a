"""Each rules page in real Chromium at a desktop's size (1280 x 800) and a phone's (360 x 740):
it renders, every example hand is drawn (its tiles load from the sprite), and nothing scrolls
sideways. Full-page screenshots go to tests/artifacts/rules_<variant>_<width>.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.rules import VARIANTS
from majiang.web.rules import examples
from test_table_support import ARTIFACTS, CHROMIUM

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

SCREENS = [(1280, 800, False), (360, 740, True)]

#: [page width, screen width, figures drawn, figures whose tiles have a size (the sprite loaded)]
MEASURE_JS = """() => {
  const figs = [...document.querySelectorAll('figure.example svg.mj-tiles')];
  const drawn = figs.filter(s => s.getBoundingClientRect().width > 0).length;
  const use = document.querySelector('figure.example use');
  const sized = use ? use.getBoundingClientRect().width : 0;
  return [document.documentElement.scrollWidth, window.innerWidth, figs.length, drawn, sized];
}"""


@pytest.mark.parametrize(("width", "height", "mobile"), SCREENS)
def test_rules_pages_render_and_fit(
    browser: Any, base_url: str, width: int, height: int, mobile: bool
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile)
    context.set_default_timeout(15000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for variant in VARIANTS:
            pg.goto(f"{base_url}/rules/{variant}")
            pg.wait_for_load_state("load")
            page_width, screen, figures, drawn, tile = pg.evaluate(MEASURE_JS)
            assert figures == len(examples(variant)) == drawn, variant
            assert tile > 5, f"{variant}: the first example's tiles have no size"
            assert page_width <= screen == width, (
                f"/rules/{variant} is {page_width}px wide on a {width}px screen"
            )
            ARTIFACTS.mkdir(exist_ok=True)
            shot = ARTIFACTS / f"rules_{variant}_{width}.png"
            pg.screenshot(path=str(shot), full_page=True, timeout=60000)  # long pages
        pg.goto(f"{base_url}/rules/nope")
        assert pg.locator("h1").inner_text() == "Page not found"
        assert pg.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        context.close()
    assert errors == []

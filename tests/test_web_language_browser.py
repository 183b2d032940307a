"""The language switcher and the browser's strings in real Chromium: a German browser gets the
German home page, the switcher changes the language and the choice is kept, and a sentence that
home.js writes comes from the catalogs through static/i18n.js."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_table_support import CHROMIUM

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.fixture
def german(browser: Any) -> Iterator[Any]:
    """A page of a browser whose first language is German (a fresh context: no cookie)."""
    context = browser.new_context(
        locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de"}
    )
    context.set_default_timeout(8000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def test_a_german_browser_switches_to_spanish_and_stays(german: Any, base_url: str) -> None:
    german.goto(f"{base_url}/")
    assert german.get_attribute("html", "lang") == "de"
    assert german.inner_text("header.site nav[aria-label='Website']").split()[0] == "Startseite"
    german.click("nav.languages a[hreflang=es]")
    german.wait_for_function("() => document.documentElement.lang === 'es'")
    assert "Jugar contra bots" in german.inner_text("#play-bots")
    german.goto(f"{base_url}/calc")  # no ?lang=: the cookie keeps the choice
    assert german.get_attribute("html", "lang") == "es"
    assert german.inner_text("h1") == "Calculadoras"


def test_home_js_writes_in_the_page_language(german: Any, base_url: str) -> None:
    german.goto(f"{base_url}/?lang=zh")
    german.wait_for_selector("#play-form[data-ready=true]")
    german.fill("#join-code", "!!")
    german.click("#join-go")
    german.wait_for_function("() => !document.querySelector('#play-error').hidden")
    assert german.inner_text("#play-error") == "这不是房间码，也不是牌桌链接。"

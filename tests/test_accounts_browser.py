"""Accounts in real Chromium: make an account on the account page, play a one-hand practice
table signed in (the cookie, no token, at the API and the websocket), then sign in from a
second browser context and find the game in "Your games". The server runs in a thread
(``test_table_support.serve``), addressed as ``localhost`` (a secure origin: the sign-in
cookie is ``Secure``)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from test_table_support import CHROMIUM, Player, serve

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("accounts")) as url:
        yield url.replace("127.0.0.1", "localhost")


def test_sign_up_play_and_find_the_game_elsewhere(browser: Any, base_url: str) -> None:
    name, password = f"Lan{secrets.token_hex(2)}", "a long password"
    first = Player(browser, base_url)
    page = first.page
    page.goto(f"{base_url}/account")
    page.fill("#claim-form input[name=name]", name)
    page.fill("#claim-form input[name=password]", "short")
    page.click("#claim-form button")
    page.wait_for_selector("#account-message:has-text('at least 8 characters')")
    page.fill("#claim-form input[name=password]", password)
    page.click("#claim-form button")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.text_content("#account-name") == name
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('majiang.player'))")
    assert stored["account"] is True and "token" not in stored  # the secret is the cookie
    first.practice(name, "riichi")
    first.play_until_result()
    first.close()

    second = Player(browser, base_url)
    page = second.page
    page.goto(f"{base_url}/history")
    page.wait_for_selector("#history-status:has-text('No finished games')")
    page.goto(f"{base_url}/account")
    page.fill("#signin-form input[name=name]", name.upper())
    page.fill("#signin-form input[name=password]", password)
    page.click("#signin-form button")
    page.wait_for_selector("#signed-in:not([hidden])")
    page.goto(f"{base_url}/history")
    page.wait_for_selector("#history-table tbody tr")
    assert page.locator("#history-table tbody tr").count() == 1
    second.close()

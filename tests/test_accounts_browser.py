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


def test_a_refusal_is_said_under_its_form_on_a_phone(browser: Any, base_url: str) -> None:
    """On a 390 x 844 phone a wrong password is said as an error right under the sign-in form,
    in sight (it was a plain line at the page's foot, under the next form and off the screen),
    and signing up then out leaves no password typed in a form."""
    name = f"Fon{secrets.token_hex(2)}"
    player = Player(browser, base_url, viewport=(390, 844))
    page = player.page
    page.goto(f"{base_url}/account")
    page.wait_for_selector("#signed-out:not([hidden])")
    page.fill("#claim-form input[name=name]", name)
    page.fill("#claim-form input[name=password]", "a long password")
    page.click("#claim-form button")
    page.wait_for_selector("#signed-in:not([hidden])")
    page.click("#signout")
    page.wait_for_selector("#signed-out:not([hidden])")
    typed = page.eval_on_selector_all("#signed-out input", "es => es.map(e => e.value)")
    assert typed == ["", "", "", "", ""]

    page.fill("#signin-form input[name=name]", name)
    page.fill("#signin-form input[name=password]", "not the password")
    page.click("#signin-form button")
    page.wait_for_selector("#account-message.error:not(:empty)")
    placed = page.evaluate(
        """() => {
          const form = document.querySelector('#signin-form');
          const message = document.querySelector('#account-message');
          const box = message.getBoundingClientRect();
          return [form.nextElementSibling === message, box.bottom <= window.innerHeight];
        }"""
    )
    assert placed == [True, True]
    player.close()

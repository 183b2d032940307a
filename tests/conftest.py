"""Set-up shared by every test: the tests read English output whatever the machine's locale
(``majiang score`` follows the locale's language, docs/i18n.md); a test of another language
sets it itself. Subprocesses started by tests inherit this environment.

The browser tests' two fixtures live here too: ``browser``, one Chromium per test module
(Debian's package, driven by Playwright), and ``base_url``, the address of a server of the
whole site on a fresh database, one per module. A module that needs another server defines its
own ``base_url``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for the browser tests of one module (skipped where Playwright is missing)."""
    from test_table_support import ARGS, CHROMIUM

    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def base_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The address of a server of the whole site on its own database, for one test module."""
    from test_table_support import serve

    name = request.module.__name__.removeprefix("test_")
    with serve(tmp_path_factory.mktemp(name)) as url:
        yield url

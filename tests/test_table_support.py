"""Shared helpers of the table's browser tests (imported by test_table_*.py; holds no tests).

- ``serve(tmp)``: uvicorn in a thread on a free port, SQLite in ``tmp``; yields the base URL.
- ``launch()``: Debian's Chromium through Playwright (never a downloaded browser).
- ``Player``: one browser context (its own localStorage: its own guest identity) and page, with
  what a person does at the table: start a practice table from the home page, answer each
  decision by clicking, read what the table shows.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from test_server_support import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
#: screenshots of each variant's table at a desktop's and a phone's size, for anyone to look at
#: (README: "Screenshots"); build/ is not committed
SCREENSHOTS = Path(__file__).parent.parent / "build" / "screenshots"

__all__ = ["ARGS", "ARTIFACTS", "CHROMIUM", "SCREENSHOTS", "free_port", "serve"]

#: true in the page when this seat has a decision open, or a result or the standings are shown
READY_JS = """() => {
  const a = document.querySelector('#table-app');
  return Boolean(a && (a.dataset.decision || a.dataset.phase === 'result' || a.dataset.phase === 'final'));
}"""


#: the plain answer to decision ``decision`` (``Player.answer``), chosen and clicked in one turn
#: of the page: "answered by the page" when that decision is no longer the open one, "exchange"
#: (nothing clicked) for Sichuan's exchange, null when nothing can answer it
ANSWER_JS = """([decision, win]) => {
  const app = document.querySelector('#table-app');
  if (!app || app.dataset.decision !== decision) return 'answered by the page';
  const button = (kind) => document.querySelector(`#actions button[data-action="${kind}"]`);
  if (button('exchange')) return 'exchange';
  const legal = [...document.querySelectorAll('#hand .hand-tile[data-legal="true"]')];
  const choices = [
    ['void', button('void')],
    ['ron', win && button('ron')],
    ['tsumo', win && button('tsumo')],
    ['pass', button('pass')],
    ['discard drawn', legal.find((b) => b.classList.contains('drawn'))],
    ['discard', legal[legal.length - 1]],
  ];
  const [done, el] = choices.find(([, el]) => el) || [null, null];
  if (el) el.click();
  return done;
}"""


@contextlib.contextmanager
def serve(tmp: Path) -> Iterator[str]:
    """Run the whole application (API, websocket, pages) in a thread; yield its base URL."""
    import uvicorn

    from majiang.server.app import create_app
    from majiang.server.settings import Settings

    # power cuts are not what these tests are about: SQLite may skip its syncs (NORMAL)
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp / 'table.sqlite3'}", sqlite_synchronous="NORMAL")
    )
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def shot(page: Any, name: str) -> Path:
    """Save a screenshot of the page to tests/artifacts/table_<name>.png; return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"table_{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@dataclass
class Player:
    """A person at a browser: one context (own storage, so own identity) and one page."""

    browser: Any
    base_url: str
    viewport: tuple[int, int] = (1150, 900)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        w, h = self.viewport
        self.context = self.browser.new_context(viewport={"width": w, "height": h})
        self.context.set_default_timeout(8000)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def close(self) -> None:
        """Close the context; JavaScript errors seen on the way fail the test."""
        self.context.close()
        assert self.errors == [], f"JavaScript errors: {self.errors}"

    # -- home
    def home(self, name: str) -> None:
        """Open the home page and type a display name."""
        self.page.goto(f"{self.base_url}/")
        self.page.wait_for_selector("#play-form[data-ready=true]")
        self.page.fill("#p-name", name)

    def choose(
        self, variant: str, length: str = "one_hand", pace: str = "0", timers: str = "0/0"
    ) -> None:
        """Pick the variant, the length, the bots' pace and the timers (off unless asked: a
        slow test machine must not lose a turn to them)."""
        self.page.select_option("#p-variant", variant)
        self.page.select_option("#p-length", length)
        self.page.select_option("#p-pace", pace)
        self.page.select_option("#p-timers", timers)

    def practice(self, name: str, variant: str, length: str = "one_hand") -> None:
        """From the home page, sit at a practice table against bots."""
        self.home(name)
        self.choose(variant, length)
        self.page.click("#play-bots")
        self.page.wait_for_selector("#table-app[data-state=table]")

    # -- the table
    def app(self, key: str) -> str:
        """Return a data attribute of the table app (state, phase, decision)."""
        value: str = self.page.eval_on_selector("#table-app", f"a => a.dataset.{key} || ''")
        return value

    def wait_ready(self, timeout: float = 8000) -> str:
        """Wait until this seat must act or a result is shown; return ``decision``, ``result``
        or ``final``."""
        self.page.wait_for_function(READY_JS, timeout=timeout)
        phase = self.app("phase")
        return phase if phase in ("result", "final") else "decision"

    def offered(self) -> list[str]:
        """Return the types of the action buttons offered now (riichi included)."""
        kinds: list[str] = self.page.eval_on_selector_all(
            "#actions button[data-action]", "bs => bs.map(b => b.dataset.action)"
        )
        return kinds

    def hand(self) -> list[str]:
        """Return the tiles of the hand shown, the drawn one last."""
        tiles: list[str] = self.page.eval_on_selector_all(
            "#hand .hand-tile", "bs => bs.map(b => b.dataset.tile)"
        )
        return tiles

    def tap(self, target: Any) -> None:
        """Click a locator (or selector) with the mouse at its middle, as a person would.

        Playwright's ``click`` also waits for the page to settle after every click (a fifth of a
        second here, where each click redraws the table); the mouse at the element's place is
        the same click for the page, and keeps a whole hand's clicking quick."""
        loc = self.page.locator(target) if isinstance(target, str) else target
        loc.scroll_into_view_if_needed()
        box = loc.bounding_box()
        assert box is not None, f"{target} is not on the screen"
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def answer(self, *, win: bool = True) -> str:
        """Answer the open decision the plain way: win when offered (``win``), pass a claim,
        else discard the tile just drawn (or the last legal tile). Return what was clicked, or
        "answered by the page" when the page's own auto-play answered it first.

        Waits for a decision to be open, then reads it and clicks in one turn of the page
        (``ANSWER_JS``): what is read is what is clicked. Counting the hand and clicking its
        drawn tile a few calls later failed when the hand changed in between (seen 1 run in 4
        with a socket delayed by 150 ms; test_table_browser's
        test_answer_clicks_only_the_decision_it_read makes that moment happen)."""
        handle = self.page.wait_for_function(
            "() => document.querySelector('#table-app')?.dataset.decision || ''"
        )
        decision = handle.json_value()
        done: str | None = self.page.evaluate(ANSWER_JS, [decision, win])
        if done == "exchange":  # Sichuan: pick the three tiles of the first exchange offered
            tiles = self.page.evaluate(
                "() => window.majiangTable.decision.actions.find(a => a.type === 'exchange').tiles"
            )
            for tile in re.findall(r"\d", tiles):
                name = f"{tile}{tiles[-1]}"
                self.page.locator(
                    f'#hand .hand-tile[data-tile="{name}"]:not(.picked)'
                ).first.click()
            self.page.click('#actions button[data-action="exchange"]')
        assert done is not None, f"nothing to answer decision {decision} with"
        return done

    def wait_answered(self, decision: str) -> None:
        """Wait until the decision just answered is no longer the open one."""
        self.page.wait_for_function(
            "d => document.querySelector('#table-app').dataset.decision !== d", arg=decision
        )

    def next_decision(self, name: str, variant: str, length: str) -> None:
        """Wait for this seat's next decision, going on past a hand's result (the next hand)
        and past the final standings (a new practice table of ``variant`` and ``length``)."""
        for _ in range(20):
            state = self.wait_ready()
            if state == "decision":
                return
            if state == "result":
                self.page.click("#next-hand")
            else:
                self.practice(name, variant, length=length)
        raise AssertionError("no decision after 20 results")

    def play_until_result(self, limit: int = 400, *, win: bool = True) -> list[str]:
        """Answer every decision until a hand's result is on screen; return what was done."""
        done: list[str] = []
        for _ in range(limit):
            if self.wait_ready() != "decision":
                return done
            decision = self.app("decision")
            done.append(self.answer(win=win))
            self.wait_answered(decision)
        raise AssertionError(f"no result after {limit} decisions: {done[-10:]}")

    def diffs(self) -> Any:
        """Return the differences the page found between its model and the server's snapshots."""
        return self.page.evaluate("() => window.majiangTable.diffs")

    def model(self) -> Any:
        """Return the page's model of the table (what it draws from)."""
        return self.page.evaluate("() => window.majiangTable.model")

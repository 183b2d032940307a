"""The browser side of majiang: pages, static files and the tile sprite, on the FastAPI app.

``mount(app)`` adds the routes below to the application that ``majiang.server.app.create_app``
builds; the pages talk to the server's JSON API (``POST /api/score``) from ES modules in
``static/`` (no build step).

| route | what |
|---|---|
| ``/`` | home: play against bots, private rooms, calculators, rules |
| ``/calc``, ``/calc/<variant>`` | the calculators |
| ``/rules``, ``/rules/<variant>`` | the rules and pattern table of a variant |
| ``/learn``, ``/learn/<lesson>`` | the tutorials: their list, a lesson's start (``static/learn.js``) |
| ``/play/<code>`` | the table of a room: lobby, game, results (``static/table.js``) |
| ``/keep`` | the score sheet of a table playing real tiles (``keep.py``, ``static/keep.js``) |
| ``/history`` | your finished games (``history.py``, ``static/history.js``) |
| ``/replay/<game>`` | a finished game event by event, every hand shown (``static/replay.js``) |
| ``/api/games/<game>/replay[/<hand>]`` | the replay's frames (``history.py``, ``replay.py``) |
| ``/api/rooms/<code>/hint`` | the normal bot's choice for your seat (``hint.py``) |
| ``/leaderboard``, ``/players/<name>`` | the historic ranking (``ranking.py``, drawn on the server) |
| ``/account`` (and ``/account/confirm``, ``/account/reset``) | sign up, in and out (``static/account.js``) |
| ``/report``, ``/admin/reports`` | report a problem; the admin's list (``reports.py``) |
| ``/api/i18n/<lang>.json`` | a language's strings for ``static/i18n.js`` (``language.py``) |
| ``/tiles.svg`` | every tile as ``<symbol id="mj-5p">``, from ``majiang.render.svg_sprite`` |
| ``/static/...`` | scripts and CSS |

Any other address, and a page's error, answers an HTML error page (``errors.py``); the API's
errors stay JSON.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from majiang.i18n import _
from majiang.rules import VARIANTS
from majiang.server.tutorial import LESSONS
from majiang.web import pages
from majiang.web.errors import mount_errors
from majiang.web.hint import mount_hint
from majiang.web.history import history_body, mount_history, replay_body
from majiang.web.keep import mount_keep
from majiang.web.language import mount_language
from majiang.web.ranking import mount_ranking
from majiang.web.reports import mount_reports

STATIC_DIR = Path(__file__).parent / "static"

__all__ = ["STATIC_DIR", "mount", "tile_sprite"]


@cache
def tile_sprite() -> str:
    """Return the tile sprite as a standalone SVG document (made once, then kept).

    >>> s = tile_sprite()
    >>> s.startswith("<svg") and 'id="mj-5p"' in s and "display:none" not in s
    True
    """
    from majiang.render import svg_sprite

    # served as its own document: it must not hide itself (the inline form does)
    return svg_sprite().replace(' style="display:none"', "", 1)


def _variant(variant: str) -> str:
    if variant not in VARIANTS:
        raise HTTPException(
            404, _("There is no rule set called {variant!r} here.").format(variant=variant)
        )
    return variant


def mount(app: FastAPI) -> None:
    """Add the pages, the tile sprite and the static files to ``app``, each request in its
    language (``language.py``); any other address an HTML error page (``errors.py``)."""
    mount_errors(app)
    mount_language(app)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home() -> str:
        return pages.home_page()

    @app.get("/calc", response_class=HTMLResponse, include_in_schema=False)
    def calculators() -> str:
        return pages.index_page("calc")

    @app.get("/calc/{variant}", response_class=HTMLResponse, include_in_schema=False)
    def calculator(variant: str) -> str:
        return pages.calc_page(_variant(variant))

    @app.get("/rules", response_class=HTMLResponse, include_in_schema=False)
    def rules_index() -> str:
        return pages.index_page("rules")

    @app.get("/rules/{variant}", response_class=HTMLResponse, include_in_schema=False)
    def rules(variant: str) -> str:
        return pages.rules_page(_variant(variant))

    @app.get("/learn", response_class=HTMLResponse, include_in_schema=False)
    def learn_index() -> str:
        return pages.learn_index_page()

    @app.get("/learn/{lesson}", response_class=HTMLResponse, include_in_schema=False)
    def learn(lesson: str) -> str:
        if lesson not in LESSONS:
            raise HTTPException(404, _("no such lesson"))
        return pages.learn_page(lesson)

    @app.get("/play/{code}", response_class=HTMLResponse, include_in_schema=False)
    def table(code: str) -> str:
        if not 1 <= len(code) <= 64:
            raise HTTPException(404, _("There is no such room."))
        return pages.table_page(code)

    mount_hint(app)
    mount_keep(app)

    @app.get("/history", response_class=HTMLResponse, include_in_schema=False)
    def history() -> str:
        return pages.layout(
            _("Your games"),
            history_body(),
            script="history.js",
            active="history",
            styles=("play.css", "replay.css"),
        )

    @app.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    def replay_page(game_id: str) -> str:
        if not 1 <= len(game_id) <= 64:
            raise HTTPException(404, _("There is no such game."))
        return pages.layout(
            "Replay",
            replay_body(game_id),
            script="replay.js",
            active="history",
            styles=("play.css", "replay.css"),
            main_class="at-table",
        )

    mount_history(app)
    mount_ranking(app)
    mount_reports(app)

    @app.get("/tiles.svg", include_in_schema=False)
    def sprite() -> Response:
        return Response(
            tile_sprite(),
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

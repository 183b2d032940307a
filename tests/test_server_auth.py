"""Every route that needs a player is refused without one: the test walks the application's
routes, so a route added later is covered without being named here.

A route either depends on the player token (``app.state.current_player``: it must answer 401
without a token, with a token of another scheme and with an unknown token, and something else
with a real one) or is listed in ``PUBLIC`` with the reason it needs no player. A route that is
neither (a new one, or one whose token check was dropped) fails the test.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute

from test_server_support import client_for, guest, sqlite_url

#: the routes that answer without a player, each with the reason
PUBLIC = {
    "/openapi.json": "the API's description",
    "/docs": "the API's pages",
    "/docs/oauth2-redirect": "the API's pages",
    "/redoc": "the API's pages",
    "/api/health": "a liveness probe",
    "/api/score": "the scoring contract: no state of anyone's",
    "/api/analyze": "hand analysis: no state of anyone's",
    "/api/i18n/{lang}.json": "a language's strings for the pages: the same for everyone",
    "/api/players": "makes the player and its token",
    "/api/reports": "anyone may report a problem (POST); the list (GET) checks for an admin "
    "itself (test_server_reports)",
    "/report": "a page: the form",
    "/admin/reports": "a page: checks the sign-in cookie for an admin itself (test_server_reports)",
    "/api/leaderboard": "the historic ranking is public",
    "/api/players/{name}": "an account's public page (ratings, figures, its games' list)",
    "/api/account/signin": "signs in by name and password (limited: test_server_accounts)",
    "/api/account/signout": "forgets the browser's own sign-in cookie, if any",
    "/api/account/reset/request": "mails a reset link to the account's confirmed address",
    "/api/account/reset": "the mailed link's secret is the credential",
    "/api/account/email/confirm": "the mailed link's secret is the credential",
    "/api/rooms/{code}": "anyone with a room's code sees the room (docs/protocol.md)",
    "/api/games/{game_id}/record": "public rooms' records are readable by link; "
    "private ones check the token themselves (test_server_ws.test_record_visibility)",
    "/api/games/{game_id}/replay": "a record's replay, same rule as the record",
    "/api/games/{game_id}/replay/{hand}": "a record's replay, same rule as the record",
    "/ws/rooms/{code}": "the token comes in the hello frame (test_server_ws)",
    "/": "a page",
    "/calc": "a page",
    "/calc/{variant}": "a page",
    "/rules": "a page",
    "/rules/{variant}": "a page",
    "/learn": "a page: the list of tutorials",
    "/learn/{lesson}": "a page: the tutorial's start; the table it opens needs a player",
    "/play/{code}": "a page: the browser sends the token from the page's script",
    "/history": "a page: the browser sends the token from the page's script",
    "/replay/{game_id}": "a page: the browser sends the token from the page's script",
    "/api/sheets": "a score sheet is made without an account; its answer holds the sheet's "
    "key (counted like rooms made from one address)",
    "/api/sheets/{sheet_id}": "anyone with a sheet's id follows it (docs/keep.md)",
    "/api/sheets/{sheet_id}/hands": "changes need the sheet's key, not a player "
    "(test_keep_api.test_writes_need_the_key_and_errors_name_the_field)",
    "/api/sheets/{sheet_id}/hands/{number}": "changes need the sheet's key, not a player",
    "/api/sheets/{sheet_id}/undo": "changes need the sheet's key, not a player",
    "/keep": "a page: the sheet's key stays in the browser",
    "/leaderboard": "a page: the historic ranking is public",
    "/players/{name}": "a page: an account's public record",
    "/account": "a page: the browser signs in from the page's script",
    "/account/confirm": "a page: the mailed link's secret is in its address",
    "/account/reset": "a page: the mailed link's secret is in its address",
    "/tiles.svg": "the tile sprite",
    "/static": "static files",
}


def walk(routes: list[BaseRoute]) -> Iterator[tuple[str, BaseRoute]]:
    """Yield (full path, route) for every route, inside included routers too (FastAPI keeps
    an included router whole, as one entry of ``app.routes``)."""
    for route in routes:
        contexts = getattr(route, "effective_route_contexts", None)
        if contexts is not None:
            for context in contexts():
                yield context.path, context.original_route
        else:
            yield route.path, route


def depends_on(dependant: Dependant, call: Callable[..., Any]) -> bool:
    """Return whether ``call`` is among the dependencies of ``dependant``, at any depth."""
    return any(d.call is call or depends_on(d, call) for d in dependant.dependencies)


def needing_a_player(app: FastAPI) -> list[tuple[str, str]]:
    """Return (method, path) of every route that depends on the player token."""
    found = []
    for path, route in walk(app.routes):
        if isinstance(route, APIRoute) and depends_on(route.dependant, app.state.current_player):
            found.extend((method, path) for method in sorted(route.methods))
    return found


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    # the API's own pages on, so that their routes are walked too (off by default)
    with client_for(sqlite_url(tmp_path_factory.mktemp("auth")), api_docs=True) as c:
        yield c


def test_every_route_is_public_or_needs_a_player(client: TestClient) -> None:
    app = client.app
    assert isinstance(app, FastAPI)
    private = {path for _, path in needing_a_player(app)}
    paths = {path for path, _ in walk(app.routes)}
    unaccounted = paths - private - set(PUBLIC)
    assert not unaccounted, (
        f"routes that neither need a player nor are listed as public: {unaccounted}"
    )
    assert not private & set(PUBLIC), "a route listed as public needs a player"
    assert set(PUBLIC) <= paths, f"listed as public but gone: {set(PUBLIC) - paths}"


def test_the_walk_finds_the_routes_of_play(client: TestClient) -> None:
    # the routes the issue found unchecked, found by the walk and not by name
    app = client.app
    assert isinstance(app, FastAPI)
    found = set(needing_a_player(app))
    assert {
        ("POST", "/api/rooms/{code}/join"),
        ("POST", "/api/rooms/{code}/leave"),
        ("POST", "/api/rooms/{code}/start"),
        ("GET", "/api/players/me/games"),
        ("GET", "/api/players/me"),
        ("POST", "/api/tables"),
        ("POST", "/api/rooms"),
    } <= found


def _url(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "nope", path)


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer not-a-token", "Bearer ", "Basic dXNlcjpwYXNz"],
    ids=["none", "unknown", "empty", "other-scheme"],
)
def test_routes_needing_a_player_refuse_a_missing_or_unknown_token(
    client: TestClient, authorization: str | None
) -> None:
    app = client.app
    assert isinstance(app, FastAPI)
    headers = {} if authorization is None else {"Authorization": authorization}
    answers = {
        (method, path): client.request(
            method, _url(path), headers=headers, json=None if method == "GET" else {}
        ).status_code
        for method, path in needing_a_player(app)
    }
    assert answers
    assert {route: code for route, code in answers.items() if code != 401} == {}


def test_routes_needing_a_player_let_a_real_one_through(client: TestClient) -> None:
    # the 401 above comes from the token check: with a real token the same requests get past
    # it (to a 404 of the unknown room, or a 422 of the list sent as a body)
    app = client.app
    assert isinstance(app, FastAPI)
    me = guest(client)
    answers = {
        (method, path): client.request(
            method, _url(path), headers=me.auth, json=None if method == "GET" else []
        ).status_code
        for method, path in needing_a_player(app)
    }
    assert {route: code for route, code in answers.items() if code == 401} == {}

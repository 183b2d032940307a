"""Error pages: a browser that asks for a page that is not there, or meets a server error, gets
a page of the site (its navigation, a way on), never a JSON body meant for a program.

The API (``/api/...``) and the websocket keep their JSON errors: ``is_api`` draws the line.
"""

from __future__ import annotations

from html import escape
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from majiang.web import pages

#: status -> (title, what the page says); other statuses use the 4xx or 5xx line
ERROR_WORDS = {
    404: ("Page not found", "There is no page at this address."),
    405: ("Not allowed", "This address does not take that kind of request."),
    500: ("Something went wrong", "The server failed to make this page. Try again in a moment."),
}
CLIENT_ERROR = ("This request was refused", "The server could not answer this request.")
SERVER_ERROR = ("The server is unavailable", "The server could not answer. Try again in a moment.")
WAY_ON = (
    'Go to the <a href="/">home page</a>, the <a href="/rules">rules</a> or the '
    '<a href="/calc">calculators</a>. If a link of this site brought you here, '
    '<a href="/report">tell us</a>.'
)


def is_api(path: str) -> bool:
    """Return whether ``path`` belongs to the JSON API (its errors stay JSON).

    >>> is_api("/api/score"), is_api("/api"), is_api("/rules/nope"), is_api("/apiary")
    (True, True, False, False)
    """
    return path == "/api" or path.startswith(("/api/", "/ws/"))


def error_page(status: int, detail: str = "") -> str:
    """Return the page of an error ``status``, with ``detail`` (what went wrong) when given.

    >>> "Page not found" in error_page(404, "unknown variant 'nope'")
    True
    """
    fallback = SERVER_ERROR if status >= 500 else CLIENT_ERROR
    title, line = ERROR_WORDS.get(status, fallback)
    said = f'<p class="muted">{escape(detail)}</p>' if detail else ""
    body = (
        f'<section class="error-page"><h1>{escape(title)}</h1><p>{escape(line)}</p>{said}'
        f'<p>{WAY_ON}</p><p class="muted">Error {status}</p></section>'
    )
    return pages.layout(title, body)


def mount_errors(app: FastAPI) -> None:
    """Answer browser routes' HTTP errors and server errors with pages; the API keeps JSON."""

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if is_api(request.url.path):
            return await http_exception_handler(request, exc)
        # a route's own words ("unknown variant 'nope' ...") are shown; the bare phrase is not
        phrase = HTTPStatus(exc.status_code).phrase
        detail = exc.detail if isinstance(exc.detail, str) and exc.detail != phrase else ""
        return HTMLResponse(
            error_page(exc.status_code, detail),
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    async def server_error(request: Request, _exc: Exception) -> Response:
        if is_api(request.url.path):
            return Response(
                '{"error": "internal server error", "field": null}',
                status_code=500,
                media_type="application/json",
            )
        return HTMLResponse(error_page(500), status_code=500)

    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, server_error)

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

from majiang.i18n import N_, _, use
from majiang.server.edge import Refusal
from majiang.web import pages
from majiang.web.language import choose

#: status -> (title, what the page says); other statuses use the 4xx or 5xx line
ERROR_WORDS = {
    404: (N_("Page not found"), N_("There is no page at this address.")),
    405: (N_("Not allowed"), N_("This address does not take that kind of request.")),
    500: (
        N_("Something went wrong"),
        N_("The server failed to make this page. Try again in a moment."),
    ),
}
CLIENT_ERROR = (N_("This request was refused"), N_("The server could not answer this request."))
SERVER_ERROR = (
    N_("The server is unavailable"),
    N_("The server could not answer. Try again in a moment."),
)


def way_on() -> str:
    """Return the sentence of links an error page offers, in the language of the moment."""
    links = {
        "home": ("/", _("home page")),
        "rules": ("/rules", _("rules")),
        "calculators": ("/calc", _("calculators")),
        "tell": ("/report", _("tell us")),
    }
    text = _(
        "Go to the {home}, the {rules} or the {calculators}. If a link of this site brought "
        "you here, {tell}."
    )
    return escape(text).format(
        **{key: f'<a href="{href}">{escape(words)}</a>' for key, (href, words) in links.items()}
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
    title, line = (_(text) for text in ERROR_WORDS.get(status, fallback))
    said = f'<p class="muted">{escape(detail)}</p>' if detail else ""
    code = escape(_("Error {status}").format(status=status))
    body = (
        f'<section class="error-page"><h1>{escape(title)}</h1><p>{escape(line)}</p>{said}'
        f'<p>{way_on()}</p><p class="muted">{code}</p></section>'
    )
    return pages.layout(title, body)


def mount_errors(app: FastAPI) -> None:
    """Answer browser routes' HTTP errors and server errors with pages; the API keeps JSON."""

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if isinstance(exc, Refusal):  # its words in the request's language
            exc = HTTPException(exc.status_code, exc.said(), getattr(exc, "headers", None))
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
        # this handler runs outside the language middleware: the request's language again
        lang, _named, _from_query = choose(
            request.url.query,
            request.headers.get("cookie", ""),
            request.headers.get("accept-language", ""),
        )
        with use(lang):
            return HTMLResponse(error_page(500), status_code=500)

    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, server_error)

"""Each request's language, the switcher in the site's header, and the browser's strings.

``Language`` (an ASGI middleware) chooses the language of every request, in this order:
``?lang=`` in the address (a shared link says its language), the ``majiang_lang`` cookie (the
player's choice, kept), then the browser's ``Accept-Language``; English when none names a
language that has a catalog. It makes that the language of the moment (``majiang.i18n``) for
the request, says it in ``Content-Language``, and keeps a ``?lang=`` choice in the cookie: the
header's switcher is links that add ``?lang=`` to the page being read. A websocket gets its
language the same way, for the messages of its ``error`` frames (the table opens it with its
page's ``?lang=``).

``GET /api/i18n/<lang>.json`` gives ``static/i18n.js`` the translations of that language, from
the same catalogs as the pages.
"""

from __future__ import annotations

from contextvars import ContextVar
from html import escape
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from fastapi import FastAPI, HTTPException
from fastapi.responses import JSONResponse

from majiang.i18n import LANGUAGES, _, current, language_name, match, negotiate, use
from majiang.i18n import messages as catalog_messages
from majiang.server.edge import ASGIApp, Message, Receive, Scope, Send
from majiang.server.lists import listing

COOKIE = "majiang_lang"
#: a year: the choice is the player's until they make another
COOKIE_AGE = 365 * 24 * 3600

#: the path and query of the page being answered (the switcher's links keep them)
_page: ContextVar[tuple[str, str]] = ContextVar("majiang_page", default=("/", ""))


def choose(query: str, cookie_header: str, accept_language: str) -> tuple[str, str | None, bool]:
    """Return the request's language, the one a source named (``None``: no source did), and
    whether it came from ``?lang=`` (then the cookie keeps it).

    >>> choose("lang=de", "majiang_lang=es", "zh")
    ('de', 'de', True)
    >>> choose("lang=xx", "majiang_lang=es", "zh"), choose("", "", "zh-TW,en;q=0.5")
    (('es', 'es', False), ('zh', 'zh', False))
    >>> choose("", "", "")
    ('en', None, False)
    """
    for name, value in parse_qsl(query):
        if name == "lang":
            found = match(value)
            if found:
                return found, found, True
    if cookie_header:
        try:
            jar: SimpleCookie = SimpleCookie(cookie_header)
        except CookieError:
            jar = SimpleCookie()
        kept = jar.get(COOKIE)
        found = match(kept.value) if kept is not None else None
        if found:
            return found, found, False
    found = negotiate(accept_language)
    return found or LANGUAGES[0], found, False


class Language:
    """The ASGI middleware that gives each HTTP request its language (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        query = scope.get("query_string", b"").decode("latin-1")
        lang, named, from_query = choose(
            query, headers.get("cookie", ""), headers.get("accept-language", "")
        )
        scope["majiang.lang"] = named  # what the request asked for (None: nothing)
        if scope["type"] == "websocket":  # its frames' messages (the table opens it with ?lang=)
            with use(lang):
                await self.app(scope, receive, send)
            return

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"content-language", lang.encode()),
                    (b"vary", b"Accept-Language, Cookie"),
                ]
                if from_query:
                    cookie = f"{COOKIE}={lang}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax"
                    extra.append((b"set-cookie", cookie.encode()))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        page = _page.set((scope.get("path", "/"), query))
        try:
            with use(lang):
                await self.app(scope, receive, send_with_language)
        finally:
            _page.reset(page)


def switcher() -> str:
    """Return the header's language switcher: a link per language to this page in it.

    >>> 'hreflang="de" lang="de"' in switcher() and 'aria-current="true">English' in switcher()
    True
    """
    path, query = _page.get()
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
    links = []
    for lang in LANGUAGES:
        href = f"{quote(path)}?{urlencode([*kept, ('lang', lang)])}"
        here = ' aria-current="true"' if lang == current() else ""
        links.append(
            f'<a href="{escape(href)}" hreflang="{lang}" lang="{lang}"{here}>'
            f"{escape(language_name(lang))}</a>"
        )
    label = escape(_("Language"))
    return f'<nav class="languages" aria-label="{label}">{"".join(links)}</nav>'


def mount_language(app: FastAPI) -> None:
    """Choose every request's language, and serve the browser's strings."""
    app.add_middleware(Language)

    @app.get("/api/i18n/{lang}.json")
    def browser_strings(lang: str) -> JSONResponse:
        """Return a language's translations for ``static/i18n.js``: ``messages`` maps each
        message id (``context\\x04id`` for one with a context) to its translation."""
        found = lang if lang in LANGUAGES else None
        if found is None:
            said = _("no language {lang!r} (one of {languages})")
            raise HTTPException(404, said.format(lang=lang, languages=listing(LANGUAGES, "or")))
        body: dict[str, Any] = {
            "lang": found,
            "name": language_name(found),
            "messages": catalog_messages(found),
        }
        return JSONResponse(body, headers={"Cache-Control": "public, max-age=300"})

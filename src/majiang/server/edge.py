"""The server's edge: what every request and every response passes through, once.

- ``Edge`` (an ASGI middleware) refuses what cannot be read before any route sees it: a body
  larger than ``Settings.max_body_bytes`` (413), a JSON body that is not UTF-8 JSON (400), a
  NUL character or a lone surrogate in any string of a JSON body (422) or in the address
  (400). Each answer is the contract's ``{"error": ..., "field": ...}``. So no route, no
  database driver (PostgreSQL refuses NUL in a string) and no JSON encoder (a lone surrogate
  is not a character) meets such a string.
- It adds the security headers (``security_headers``) to every response: pages, API, static
  files and errors alike.
- ``validation_error`` answers FastAPI's validation errors in the contract's shape, a sentence
  naming the field instead of ``{"detail": [...]}``.

>>> odd_string({"name": "Lan", "rules": {"x": ["a\\x00"]}})
('rules.x.0', 'a NUL character')
>>> odd_string(["\\U0001f600", "ok"]) is None, odd_string("\\ud800")
(True, ('', 'a lone surrogate (not a character)'))
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from majiang.i18n import N_, _, ngettext

__all__ = [
    "DOCS_PATHS",
    "Edge",
    "Refusal",
    "check_text",
    "odd_string",
    "security_headers",
    "validation_error",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the pages of the interactive API docs (served only with ``Settings.api_docs``): Swagger UI
#: and ReDoc load their scripts from a CDN and run an inline script, so they get their own
#: policy (``DOCS_POLICY``); every other response gets ``POLICY``
DOCS_PATHS = ("/docs", "/docs/oauth2-redirect", "/redoc")

#: the pages load their own scripts and styles only (no inline script or style, no eval), open
#: a websocket to their own host, draw the favicon from a ``data:`` address, and may not be
#: framed
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "connect-src 'self'; worker-src blob:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


def security_headers(path: str) -> list[tuple[bytes, bytes]]:
    """Return the security headers of a response to ``path``.

    >>> dict(security_headers("/"))[b"x-frame-options"]
    b'DENY'
    """
    policy = DOCS_POLICY if path in DOCS_PATHS else POLICY
    return [
        (b"content-security-policy", policy.encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"same-origin"),
    ]


def odd_string(value: Any, path: str = "") -> tuple[str, str] | None:
    """Return where the first string holding a NUL or a lone surrogate is in a JSON value (a
    dotted path: ``rules.x.0``; a key counts as a string of its object) and what it holds, or
    None when every string is plain text."""
    if isinstance(value, str):
        why = check_text(value)
        return (path, why) if why else None
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            why = check_text(key)
            if why:
                return (path, _("a name holding {what}").format(what=why))
            found = odd_string(item, where)
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = odd_string(item, f"{path}.{i}" if path else str(i))
            if found:
                return found
    return None


def check_text(text: str) -> str | None:
    """Return what makes ``text`` unfit to store or send (a NUL, a lone surrogate), or None.

    >>> check_text("Lan"), check_text("a\\x00")
    (None, 'a NUL character')
    """
    if "\x00" in text:
        return _("a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("a lone surrogate (not a character)")
    return None


def _error(status: int, message: str, field: str | None) -> JSONResponse:
    return JSONResponse(status_code=status, content={"error": message, "field": field})


def _is_json(scope: Scope) -> bool:
    """Return whether FastAPI reads the request's body as JSON: its type says so (a body
    without a type is bytes to FastAPI, refused by the route's validation)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            kind = bytes(value).split(b";", 1)[0].strip().lower()
            return kind == b"application/json" or kind.endswith(b"+json")
    return False


def check_body(body: bytes) -> JSONResponse | None:
    """Return the refusal of a JSON body that cannot be read, or None when it can."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        said = _("the body is not UTF-8 text: byte {byte} at position {position}")
        return _error(400, said.format(byte=f"0x{body[exc.start]:02x}", position=exc.start), None)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return _error(400, _("the body is not valid JSON: {error}").format(error=exc), None)
    except ValueError:  # a number past Python's 4,300 digits
        said = _("the body is not valid JSON: a number in it is too long")
        return _error(400, said, None)
    except RecursionError:
        return _error(400, _("the body is not valid JSON: it is nested too deeply"), None)
    found = odd_string(data)
    if found is not None:
        where, why = found
        if where:
            said = _("field {field!r} holds {what}").format(field=where, what=why)
        else:
            said = _("the body holds {what}").format(what=why)
        return _error(422, said, where or None)
    return None


class Refusal(HTTPException):
    """An ``HTTPException`` whose words are translated when answered: ``message`` is English
    (marked ``N_``) with ``{name}`` places filled from ``values``. A refusal may be raised on
    the database's writer thread, outside the request's language; ``web.errors`` answers it
    with ``said()`` in the request's language (``detail`` stays English, for the logs).

    >>> from majiang.i18n import use
    >>> r = Refusal(404, "no such room")
    >>> r.status_code, r.detail
    (404, 'no such room')
    >>> with use("de"):
    ...     r.said()
    'diesen Raum gibt es nicht'
    """

    def __init__(self, status_code: int, message: str, /, **values: object) -> None:
        super().__init__(status_code, message.format(**values))
        self.template = message
        self.values = values

    def said(self) -> str:
        """Return the refusal's words in the language of the moment."""
        return _(self.template).format(**self.values)


class Edge:
    """The ASGI middleware of the edge (see the module's doc)."""

    def __init__(self, app: ASGIApp, max_body_bytes: int = 65536) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        query: bytes = scope.get("query_string", b"")
        if "\x00" in path or b"%00" in query:
            part = "address" if "\x00" in path else "query"
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            if part == "address":
                said = _("the address holds a NUL character (%00)")
            else:
                said = _("the query holds a NUL character (%00)")
            nul = _error(400, said, part)
            await nul(scope, receive, self._with_headers(path, send))
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        send = self._with_headers(path, send)
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        body, refusal = await self._read_body(receive)
        if refusal is None and body and _is_json(scope):
            refusal = check_body(body)
        if refusal is not None:
            await refusal(scope, receive, send)
            return

        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read_body(self, receive: Receive) -> tuple[bytes, JSONResponse | None]:
        """Return the whole body (or a refusal when it is too large)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                return b"", _error(400, _("the request ended before its body"), None)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                said = _("the body is larger than {most} bytes").format(most=self.max_body_bytes)
                return b"", _error(413, said, None)
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), None

    @staticmethod
    def _with_headers(path: str, send: Send) -> Send:
        extra = security_headers(path)

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [
                    *message.get("headers", ()),
                    *(h for h in extra if h[0] not in names),
                ]
            await send(message)

        return sending


#: what a person reads for each kind of pydantic error (``{field}``, ``{got}`` and the error's
#: context are filled in), in the request's language; any other kind: pydantic's own sentence,
#: in English, in ``_UNKNOWN``
_SENTENCES = {
    "missing": N_("{field} is required"),
    "literal_error": N_("{field} must be one of {expected}, got {got}"),
    "string_too_long": N_("{field} must be at most {max_length} characters, got {length}"),
    "string_too_short": N_("{field} must be at least {min_length} characters, got {length}"),
    "string_pattern_mismatch": N_("{field} must match the pattern {pattern}, got {got}"),
    "too_long": N_("{field} must have at most {max_length} items, got {actual_length}"),
    "too_short": N_("{field} must have at least {min_length} items, got {actual_length}"),
    "string_type": N_("{field} must be a string, got {got}"),
    "int_type": N_("{field} must be a whole number, got {got}"),
    "int_parsing": N_("{field} must be a whole number, got {got}"),
    "int_from_float": N_("{field} must be a whole number, got {got}"),
    "float_type": N_("{field} must be a number, got {got}"),
    "float_parsing": N_("{field} must be a number, got {got}"),
    "bool_type": N_("{field} must be true or false, got {got}"),
    "bool_parsing": N_("{field} must be true or false, got {got}"),
    "list_type": N_("{field} must be a list, got {got}"),
    "dict_type": N_("{field} must be an object, got {got}"),
    "model_attributes_type": N_("{field} must be an object, got {got}"),
    "greater_than_equal": N_("{field} must be at least {ge}, got {got}"),
    "less_than_equal": N_("{field} must be at most {le}, got {got}"),
    "greater_than": N_("{field} must be more than {gt}, got {got}"),
    "less_than": N_("{field} must be less than {lt}, got {got}"),
    "json_invalid": N_("the body is not valid JSON: {error}"),
    "extra_forbidden": N_("unknown field {field!r}"),
    "value_error": N_("{field}: {reason}"),
}
#: the sentence of an error of a kind not in ``_SENTENCES`` (``{message}``: pydantic's, English)
_UNKNOWN = N_("{field}: {message}, got {got}")


def _got(value: Any) -> str:
    """Return the value as the error message quotes it: JSON, cut short when long."""
    try:
        shown = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        shown = repr(value)
    return shown if len(shown) <= 80 else shown[:80] + "…"


def _number(value: Any) -> Any:
    """Return a bound as people write it: 600, not 600.0."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def describe(error: dict[str, Any]) -> tuple[str, str | None]:
    """Return a sentence for one pydantic error and the field it names (a dotted path below
    the body, the query or the path; None for the body as a whole), in the language of the
    moment; the field's name and the value quoted stay as they were sent.

    >>> describe({"type": "literal_error", "loc": ("body", "bot_level"), "input": "god",
    ...           "msg": "", "ctx": {"expected": "'normal' or 'expert'"}})
    ('bot_level must be one of \\'normal\\' or \\'expert\\', got "god"', 'bot_level')
    >>> describe({"type": "model_attributes_type", "loc": ("body",), "input": [1], "msg": ""})
    ('the body must be an object, got [1]', None)
    """
    loc = [str(part) for part in error.get("loc", ())]
    if loc and loc[0] in ("body", "query", "path", "header", "cookie"):
        loc = loc[1:]
    field = ".".join(loc) or None
    ctx = dict(error.get("ctx") or {})
    value = error.get("input")
    facts: dict[str, Any] = {
        **{k: _number(v) for k, v in ctx.items() if isinstance(v, str | int | float)},
        "field": field or _("the body"),
        "got": _got(value),
        "length": len(value) if isinstance(value, str) else "?",
        "reason": str(ctx.get("error", error.get("msg", ""))),
        "error": str(ctx.get("error", "")),
    }
    if isinstance(value, bytes) and field is None:
        said = _("the body must be JSON, sent with the header Content-Type: application/json")
        return said, None
    sentence = _SENTENCES.get(str(error.get("type")))
    try:
        text = _(sentence).format(**facts) if sentence else ""
    except (KeyError, IndexError):
        text = ""
    if not text:
        message = error.get("msg", "invalid")
        text = _(_UNKNOWN).format(field=facts["field"], message=message, got=facts["got"])
    return text, field


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """Answer a ``RequestValidationError`` with the contract's 422 ``{"error", "field"}``: its
    first error, in a sentence naming the field."""
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if not errors:
        return _error(422, _("the request is not valid"), None)
    text, field = describe(errors[0])
    if len(errors) > 1:
        more = len(errors) - 1
        text = ngettext("{error} (and {n} more)", "{error} (and {n} more)", more).format(
            error=text, n=more
        )
    return _error(422, text, field)

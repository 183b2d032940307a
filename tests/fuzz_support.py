"""The server fuzz's generators (imported by test_server_fuzz.py; holds no tests).

- ``routes(app)``: every route of the application, walked from ``app.routes`` with the routers
  it includes and the static files it mounts, each with its methods and parameters (path,
  query, headers, body) read from FastAPI's own description of it: a new route is fuzzed with
  no change here.
- ``World``: what requests and frames name: players (and their tokens), rooms waiting, in play
  and finished, finished games, score sheets, accounts (their sign-in cookies, the admin's
  name and password, guests to claim, accounts to delete, mailed links' secrets). Requests use them by role: the right player, another player, a
  token nobody has, a room that does not exist.
- ``RequestMaker``: a seeded generator of HTTP requests over every route, each valid, almost
  valid (one thing wrong) or hostile (wrong types, huge numbers, deep or huge JSON, odd
  strings, undecodable bytes, wrong content types, odd path ids, options out of range).
- ``FrameMaker``: a seeded generator of websocket frames of every type: ``hello`` variants,
  actions valid and not, stale decisions, ``sync``, ``ping``, junk, binary, oversized.

Everything is drawn from one ``random.Random(seed)``, so a failure names its seed and the
request's number, and the same run makes the same requests again.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute
from pydantic import TypeAdapter
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from majiang.actions import ACTION_TYPES
from majiang.i18n import LANGUAGES
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.base import Option
from majiang.rules.game import LENGTHS
from majiang.server.tutorial import LESSONS

# ---------------------------------------------------------------- the routes


@dataclass(frozen=True)
class Param:
    """One parameter of a route: where it goes (``path``, ``query``, ``header``), its name
    on the wire and the JSON schema of what it accepts."""

    where: str
    name: str
    schema: dict[str, Any]


@dataclass(frozen=True)
class HttpRoute:
    """A route answered over HTTP: its path template, methods and parameters; ``body`` the
    JSON schema of its body (None: it reads none); ``files`` the files a static mount serves."""

    path: str
    methods: tuple[str, ...]
    params: tuple[Param, ...] = ()
    body: dict[str, Any] | None = None
    files: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return f"{'|'.join(self.methods)} {self.path}"


def _schema(annotation: Any) -> dict[str, Any]:
    try:
        return TypeAdapter(annotation).json_schema()
    except Exception:  # an annotation pydantic cannot describe: anything goes
        return {}


def _params(route: APIRoute | APIWebSocketRoute) -> tuple[Param, ...]:
    """Return every parameter of the route and of the dependencies it uses (the player's
    token is a header of ``current_player``), each once."""
    found: dict[tuple[str, str], Param] = {}
    pending = [route.dependant]
    while pending:
        dependant = pending.pop()
        for where, fields in (
            ("path", dependant.path_params),
            ("query", dependant.query_params),
            ("header", dependant.header_params),
        ):
            for f in fields:
                name = f.alias.replace("_", "-") if where == "header" else f.alias
                found.setdefault(
                    (where, name), Param(where, name, _schema(f.field_info.annotation))
                )
        pending.extend(dependant.dependencies)
    return tuple(found.values())


def _body(route: APIRoute) -> dict[str, Any] | None:
    if route.body_field is None:
        return None
    return _schema(route.body_field.field_info.annotation)


def routes(app: FastAPI) -> tuple[list[HttpRoute], list[str]]:
    """Return the application's HTTP routes and its websocket paths."""
    http: list[HttpRoute] = []
    sockets: list[str] = []

    def walk(items: list[BaseRoute], prefix: str) -> None:
        for r in items:
            included = getattr(r, "original_router", None)  # FastAPI keeps included routers
            if included is not None:
                walk(included.routes, prefix + r.include_context.prefix)  # type: ignore[attr-defined]
            elif isinstance(r, APIWebSocketRoute):
                sockets.append(prefix + r.path)
            elif isinstance(r, APIRoute):
                methods = tuple(sorted(r.methods))
                http.append(HttpRoute(prefix + r.path, methods, _params(r), _body(r)))
            elif isinstance(r, Route):  # Starlette's own (the OpenAPI pages)
                methods = tuple(sorted(r.methods or ("GET",)))
                params = tuple(Param("path", n, {"type": "string"}) for n in r.param_convertors)
                http.append(HttpRoute(prefix + r.path, methods, params))
            elif isinstance(r, Mount) and isinstance(r.app, StaticFiles):
                root = Path(str(r.app.directory))
                files = tuple(
                    sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
                )
                http.append(HttpRoute(prefix + r.path + "/{path}", ("GET", "HEAD"), files=files))
            elif isinstance(r, Mount):
                walk(list(r.routes), prefix + r.path)
            else:
                raise AssertionError(f"the fuzz does not know how to reach route {r!r}")

    walk(list(app.routes), "")
    return http, sockets


# ---------------------------------------------------------------- the world


@dataclass
class World:
    """What the fuzz names by role. ``tokens``: role -> token (``owner`` holds the rooms and
    games below, ``other`` is a second player, ``stranger`` a third seated nowhere);
    ``rooms``: state -> room codes; ``games``: state -> game ids; both grow as the fuzz creates
    rooms (kept to the last ``KEEP`` of each)."""

    tokens: dict[str, str]
    rooms: dict[str, list[str]] = field(default_factory=dict)
    games: dict[str, list[str]] = field(default_factory=dict)
    #: score sheets made by the fuzz: id -> the key that changes it
    sheets: dict[str, str] = field(default_factory=dict)
    #: accounts' sign-in cookies by role: ``admin`` (the account the fuzz's account routes act
    #: on, an admin), ``renamed`` (the one renamed), ``signout`` (the one signed out),
    #: ``victim`` (the one requests that are not valid send: they may delete or sign it out)
    cookies: dict[str, str] = field(default_factory=dict)
    #: the admin's name (a ``{name}`` of the player pages) and every account's password
    name: str = ""
    password: str = ""
    #: guests' tokens not yet claimed, and cookies of accounts to delete: each used once (the
    #: last one stays, so later valid requests are refused like any repeated one)
    claimable: list[str] = field(default_factory=list)
    deletable: list[str] = field(default_factory=list)
    #: secrets of mailed links by purpose (``confirm``, ``reset``), each taken once
    mailed: dict[str, list[str]] = field(default_factory=dict)

    KEEP = 40

    def add(self, kind: dict[str, list[str]], state: str, value: str) -> None:
        values = kind.setdefault(state, [])
        if value not in values:
            values.append(value)
            del values[: -self.KEEP]

    @staticmethod
    def take(values: list[str], fallback: str) -> str:
        """Return the first of ``values``, removed (the last kept), or ``fallback``."""
        if not values:
            return fallback
        return values.pop(0) if len(values) > 1 else values[0]

    def saw(self, body: Any) -> None:
        """Remember the room (and game), or the score sheet, a 2xx answer describes."""
        if isinstance(body, dict) and isinstance(body.get("key"), str) and "sheet" in body:
            self.sheets[str(body["id"])] = body["key"]
            return
        if isinstance(body, dict) and isinstance(body.get("code"), str) and "status" in body:
            self.add(self.rooms, str(body["status"]), body["code"])
            if isinstance(body.get("game_id"), str):
                self.add(self.games, "playing", body["game_id"])


# ---------------------------------------------------------------- odd values

#: strings a client may send where a name, id or tile goes
ODD_STRINGS = (
    "",
    " ",
    "   ",
    "\x00",
    "a\x00b",
    "\ud800",  # a lone surrogate
    "x\udfffy",
    "\u202eevil\u202c",  # right-to-left override
    "\u200b",
    "名前",
    "🀄🀅",
    "bot:expert",
    "Bot: master",
    "<script>alert(1)</script>",
    "'; DROP TABLE players; --",
    "../../etc/passwd",
    "%00",
    "\\",
    "\n\r\t",
    "x" * 41,
    "x" * 5000,
    "é" * 300,
    "null",
    "NaN",
    "1e309",
)

#: numbers a client may send where a count, seat or option goes
ODD_NUMBERS: tuple[Any, ...] = (
    0,
    -1,
    1,
    3,
    4,
    64,
    65,
    2**31,
    2**63,
    2**64,
    -(2**63),
    10**309,
    10**400,
    0.5,
    -0.0,
    1e308,
    1e-320,
    True,
    False,
)


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    """Return a JSON value of the wrong type, size or range for almost any field."""
    pick = rng.randrange(8 if depth < 3 else 5)
    if pick == 0:
        return rng.choice(ODD_STRINGS)
    if pick == 1:
        return rng.choice(ODD_NUMBERS)
    if pick == 2:
        return None
    if pick == 3:
        return rng.choice([True, False, "true", "0", "-1", "", "riichi"])
    if pick == 4:
        return rng.choice([[], {}, [None], {"": None}])
    if pick == 5:
        return [odd_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 6:
        return {rng.choice(ODD_STRINGS): odd_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return rng.choice(["1m", "5p", "0s", "7z", "9z", "8f", "11m", "m", "123m456p", "19m19p19s"])


def dumps(value: Any) -> bytes:
    """Return ``value`` as JSON bytes the way a client may write it: huge whole numbers in
    full (past Python's 4,300-digit limit too), infinities as ``1e309``, lone surrogates as
    ``\\ud800`` escapes."""
    text = json.dumps(value, default=str, allow_nan=True).replace("Infinity", "1e309")
    return text.encode("utf-8", "surrogatepass")


def hostile_json(rng: random.Random) -> bytes:
    """Return a body that is JSON at its limits or not JSON at all."""
    depth = rng.choice([50, 1000, 100_000])
    choices: list[bytes] = [
        b"",
        b"\xff",
        b"\xff\xfe{\x00\x00",
        b"\xed\xa0\x80",  # a surrogate written as UTF-8
        b"\x00",
        b"{",
        b"}",
        b"null",
        b"[]",
        b"42",
        b'"text"',
        b"NaN",
        b"-Infinity",
        b'{"a": NaN}',
        b"{'single': 'quotes'}",
        b'{"a": 1, "a": 2}',
        b"[" * depth + b"]" * depth,
        b'{"a":' * depth + b"1" + b"}" * depth,
        b'{"x": "' + b"x" * rng.choice([10_000, 1_000_000]) + b'"}',
        b'{"n": ' + b"9" * rng.choice([400, 5000, 50_000]) + b"}",
        b'{"n": 1e999999}',
        b'{"s": "\\ud800"}',
        b'{"s": "\\udc00\\ud800"}',
        b'{"s": "a\\u0000b"}',
        b'{"\\ud800": 1}',
        '{"s": "\u202e"}'.encode(),
        b"name=x&seat=1",
        b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    ]
    return rng.choice(choices)


CONTENT_TYPES = (
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=latin-1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "",
)


# ---------------------------------------------------------------- valid values


def from_schema(rng: random.Random, schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """Return a value the JSON schema accepts (a small, plain one)."""
    if "$ref" in schema:
        return from_schema(rng, defs[schema["$ref"].rsplit("/", 1)[1]], defs)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return from_schema(rng, rng.choice(schema[key]), defs)
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        required = set(schema.get("required", ()))
        return {
            name: from_schema(rng, sub, defs)
            for name, sub in props.items()
            if name in required or rng.random() < 0.5
        }
    if kind == "array":
        return [from_schema(rng, schema.get("items", {}), defs) for _ in range(rng.randrange(3))]
    if kind == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 100)
        return rng.randint(int(low), int(high))
    if kind == "number":
        return round(rng.uniform(schema.get("minimum", 0), min(schema.get("maximum", 100), 100)), 3)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "string":
        low, high = schema.get("minLength", 1), min(schema.get("maxLength", 12), 12)
        return "".join(rng.choice("abcxyz09") for _ in range(rng.randint(low, max(low, high))))
    if kind == "null":
        return None
    return rng.choice([1, "x", True, None])


def option_value(rng: random.Random, opt: Option) -> Any:
    """Return a value of a table option: mostly one it accepts, sometimes one just outside or
    far outside its range, or of another type."""
    if rng.random() < 0.3:
        return odd_value(rng)
    if opt.choices is not None:
        return rng.choice(opt.choices)
    if isinstance(opt.default, bool):
        return rng.random() < 0.5
    if opt.minimum is not None and opt.maximum is not None:
        return rng.choice(
            [opt.minimum, opt.maximum, opt.maximum + 1, opt.minimum - 1, opt.default]
            + [rng.randint(opt.minimum, opt.maximum)] * 3
        )
    # a value of its own kind (Hong Kong's point tables): a name, or a custom {fan: value}
    return rng.choice(
        [
            opt.default,
            "full_spicy",
            "half_spicy",
            {str(fan): 2**fan for fan in range(rng.randint(0, 70))},
            {"3": 10**309},
            {"-1": 1},
        ]
    )


def table_options(rng: random.Random) -> dict[str, Any]:
    """Return a table's options as a client writes them: a variant, its house rules (from the
    ruleset's declared options), a length, a bot level and timers."""
    variant = rng.choice(VARIANTS)
    ruleset = get_ruleset(variant)
    declared = {**ruleset.options, **ruleset.game_options}
    rules = {
        name: option_value(rng, opt)
        for name, opt in declared.items()
        if rng.random() < 2 / max(len(declared), 1)
    }
    if rng.random() < 0.05:
        rules[rng.choice(["no_such_rule", "", "\ud800"])] = 1
    body: dict[str, Any] = {
        "variant": variant,
        "length": rng.choice(("one_hand",) * 6 + LENGTHS),
        "bot_level": rng.choice(["simple"] * 6 + ["beginner", "normal", "expert", "master"]),
        "rules": rules,
        # timers: mostly none (the fuzz's games then wait for their person and cost nothing),
        # a few short enough that the game runs on by itself
        "turn_seconds": rng.choice([0] * 8 + [20, 0.05]),
        "claim_seconds": rng.choice([0] * 8 + [8, 0.05]),
    }
    if body["turn_seconds"] or body["claim_seconds"]:
        # a table that plays on by itself: one hand of instant bots (thinking bots playing
        # whole games took most of a long run's CPU; bots under load are the fair-share
        # tests', test_server_limits.py)
        body |= {"length": "one_hand", "bot_level": "simple"}
    if rng.random() < 0.1:
        body["bot_delay_ms"] = rng.choice([0, 1, 5000, 5001, -1])
    return body


#: winning hands of the scoring contract, one per variant or two (their spec pages)
SCORE_REQUESTS = (
    {"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p", "win": "ron"},
    {"variant": "riichi", "hand": "123m456p789s11122z", "win_tile": "2z", "win": "tsumo"},
    {"variant": "hk", "hand": "19m19p19s1234567z1m", "win_tile": "1m", "win": "tsumo"},
    {"variant": "hkos", "hand": "19m19p19s1234567z1m", "win_tile": "1m", "win": "ron"},
    {"variant": "hk2", "hand": "19m19p19s1234567z1m", "win_tile": "1m", "win": "tsumo"},
    {"variant": "taiwan", "hand": "123456m222p789p55678s", "win_tile": "8s", "win": "tsumo"},
    {"variant": "sichuan", "hand": "123m456m789m234p55p", "win_tile": "5p", "win": "ron"},
)

#: the request fields a scoring request may carry besides the hand (shared/rules/README.md)
SCORE_FIELDS = (
    "seat_wind",
    "round_wind",
    "discarder",
    "situation",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
    "dealer_streak",
    "liable",
    "players_in_hand",
    "melds",
)


def score_request(rng: random.Random) -> dict[str, Any]:
    """Return a scoring request: a valid win with some house rules of its variant (in range
    or not) and some fields set to odd values."""
    body: dict[str, Any] = dict(rng.choice(SCORE_REQUESTS))
    ruleset = get_ruleset(body["variant"])
    if rng.random() < 0.5:
        body["rules"] = {
            name: option_value(rng, opt)
            for name, opt in ruleset.options.items()
            if rng.random() < 0.3
        }
    for name in rng.sample(SCORE_FIELDS, rng.randrange(3)):
        body[name] = rng.choice(["E", "S", "W", "N", 0, 1, 3, ["riichi"], "1m", odd_value(rng)])
    return body


#: the routes a valid request reaches as an account (a sign-in cookie) rather than a guest
ACCOUNT_PATHS = ("/api/account", "/api/reports", "/admin/")

#: valid values of query parameters whose schema is a plain string the route checks itself
#: (the leaderboard's: a random string names no leaderboard, 404)
QUERY_VALUES: dict[str, tuple[str, ...]] = {
    "variant": tuple(VARIANTS),
    "length": LENGTHS,
    "period": ("all", "month"),
}

ANALYZE_HANDS = ("123m456p789s1122z", "1123m, pon 777z", "19m19p19s1234567z", "1m", "12345678m1f")


# ---------------------------------------------------------------- requests


@dataclass
class Request:
    """One HTTP request the fuzz sends; ``kind`` says how it was made (for the report)."""

    method: str
    path: str
    route: str
    kind: str
    headers: dict[str, str] = field(default_factory=dict)
    content: bytes | None = None

    def __str__(self) -> str:
        body = "" if self.content is None else f" body {self.content[:300]!r}"
        if self.content is not None and len(self.content) > 300:
            body += f" ({len(self.content)} bytes)"
        return f"{self.method} {self.path[:300]} ({self.kind}) headers {self.headers}{body}"


class RequestMaker:
    """Seeded HTTP requests over ``routes``, naming the things of ``world``."""

    #: how a request is made: a valid one, one thing wrong in a valid one, a hostile body, a
    #: wrong method, a path that is no route
    KINDS = (("valid", 40), ("almost", 30), ("hostile", 22), ("method", 4), ("unrouted", 4))

    def __init__(self, seed: int, http_routes: list[HttpRoute], world: World) -> None:
        self.rng = random.Random(seed)
        self.routes = http_routes
        self.world = world
        self.kinds = [k for k, _ in self.KINDS]
        self.weights = [w for _, w in self.KINDS]

    def __call__(self) -> Request:
        rng = self.rng
        route = rng.choice(self.routes)
        kind = rng.choices(self.kinds, self.weights)[0]
        method = rng.choice([m for m in route.methods if m != "HEAD"] or route.methods)
        if kind == "method":
            method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "POST", "GET"])
        path = self.path(route, valid=kind == "valid" or rng.random() < 0.5)
        if kind == "unrouted":
            path = rng.choice(["/api", "/api/", "/api/rooms", "/ws", "//", "/%00", "/api/x" * 50])
            path += rng.choice(["", "/", "?", "#", "/..", "/%2e%2e/%2e%2e/etc/passwd"])
        path += self.query(route, valid=kind == "valid")
        headers = self.headers(route, valid=kind == "valid", path=path, method=method)
        content: bytes | None = None
        if route.body is not None or rng.random() < 0.1:
            if kind == "hostile":
                content = hostile_json(rng)
            else:
                value = self.body(route, method)
                if kind == "almost":
                    value = almost(rng, value)
                content = dumps(value)
            headers["content-type"] = (
                "application/json" if kind == "valid" else rng.choice(CONTENT_TYPES)
            )
        return Request(method, path, route.key, kind, headers, content)

    def path(self, route: HttpRoute, valid: bool) -> str:
        path = route.path
        for p in route.params:
            if p.where == "path":
                value = quote(self.path_value(p.name, valid), safe="", errors="surrogatepass")
                path = path.replace(f"{{{p.name}}}", value)
        if route.files:  # a static mount
            name = self.rng.choice(route.files) if valid else self.path_value("path", False)
            path = path.replace("{path}", quote(name, safe="/", errors="surrogatepass"))
        return path

    def path_value(self, name: str, valid: bool) -> str:
        """Return a path id: the world's own (of the right kind, or another kind's), or
        one that names nothing."""
        rng = self.rng
        world = self.world
        known: list[str]
        if name == "code":  # a room of each state alike, however many of one there are
            known = rng.choice(list(world.rooms.values()) or [[]])
        elif name == "game_id":
            known = rng.choice(list(world.games.values()) or [[]])
        elif name == "variant":
            known = list(VARIANTS)
        elif name == "hand":
            known = ["0"]  # the world's finished games have one hand
        elif name == "sheet_id":
            known = list(world.sheets)
        elif name == "number":
            known = ["1"]  # the first hand: one a valid POST of a hand has entered
        elif name == "name":
            known = [world.name] if world.name else []  # an account's page
        elif name == "lang":
            known = list(LANGUAGES)  # /api/i18n/<lang>.json
        elif name == "lesson":
            known = list(LESSONS)  # /api/tutorials/<lesson>
        else:
            known = []
        if valid and known:
            return rng.choice(known)
        odd = [
            "0" * 32,
            "-1",
            "1",
            "3",
            "18446744073709551616",
            "1" + "0" * 309,
            "1e3",
            "0x10",
            "nan",
            "RIICHI",
            "x" * rng.choice([65, 300, 5000]),
        ]
        return rng.choice(odd + [s for s in ODD_STRINGS if s] + known)

    def query(self, route: HttpRoute, valid: bool) -> str:
        rng = self.rng
        pairs = []
        for p in route.params:
            if p.where == "query" and rng.random() < 0.7:
                value = from_schema(rng, p.schema, p.schema.get("$defs", {}))
                if valid and p.name in QUERY_VALUES:  # a free string the route checks itself
                    value = rng.choice(QUERY_VALUES[p.name])
                if not valid and rng.random() < 0.6:
                    value = odd_value(rng)
                shown = value if isinstance(value, str) else json.dumps(value, default=str)
                pairs.append(f"{quote(p.name)}={quote(shown, safe='', errors='surrogatepass')}")
        if not valid and rng.random() < 0.2:
            pairs.append(rng.choice(["a=%FF", "%00=1", "limit=1&limit=2", "format=%ED%A0%80"]))
        return "?" + "&".join(pairs) if pairs else ""

    def headers(
        self, route: HttpRoute, valid: bool, path: str = "", method: str = "GET"
    ) -> dict[str, str]:
        rng = self.rng
        world = self.world
        tokens = world.tokens
        if valid and world.cookies and route.path.startswith(ACCOUNT_PATHS):
            return self.account_headers(route.path, method)
        if valid:
            role = "owner"
        elif route.path == "/api/account/claim" and world.claimable:
            # a claim that is not valid may still claim: never with the world's players' tokens
            # (a claim voids the guest's token), with the claimed guests' instead
            role = rng.choice(["claimed", "none", "unknown", "malformed"])
        else:
            role = rng.choice([*tokens, "none", "unknown", "malformed"])
        auth = {
            "none": None,
            "unknown": "Bearer " + "A" * 43,
            "malformed": rng.choice(
                ["Bearer", "Bearer ", "bearer x", "Basic dXNlcjpwdw==", "Bearer " + "x" * 5000]
            ),
            "claimed": f"Bearer {world.claimable[-1] if world.claimable else None}",
        }.get(role, f"Bearer {tokens.get(role)}")
        headers = {}
        if auth is not None and (valid or rng.random() < 0.9):
            headers["authorization"] = auth
        sheets = self.world.sheets
        if "{sheet_id}" in route.path and sheets and (valid or rng.random() < 0.5):
            # the key of the sheet the path names, when it is one of the fuzz's, else another's
            named = path.split("/")[3] if path.count("/") >= 3 else ""
            valid_key = sheets.get(named) if valid else None
            headers["x-sheet-key"] = valid_key or rng.choice(list(sheets.values()))
        if not valid and world.cookies and rng.random() < 0.2:
            # another account's (it may sign out or delete it), or one that names nobody
            cookie = rng.choice([world.cookies.get("victim", ""), "A" * 43, "", "\x00"])
            headers["cookie"] = f"majiang_signin={quote(cookie, safe='', errors='surrogatepass')}"
        if not valid and rng.random() < 0.1:
            headers["x-forwarded-for"] = rng.choice(["1.2.3.4", "::1", "junk", "1.2.3.4, 5.6.7.8"])
        return headers

    def account_headers(self, path: str, method: str) -> dict[str, str]:
        """Return the headers of a valid request to an account route: the sign-in cookie of
        the account it acts on (the admin's, unless the request renames, signs out or deletes
        its account: then another's), or a guest's token that claims an account."""
        world = self.world
        if path == "/api/account/claim":
            return {"authorization": f"Bearer {world.take(world.claimable, 'A' * 43)}"}
        if path == "/api/account" and method == "DELETE":
            cookie = world.take(world.deletable, "A" * 43)
        elif path == "/api/account" and method == "PATCH":
            cookie = world.cookies["renamed"]
        elif path == "/api/account/signout":
            cookie = world.cookies["signout"]
        else:
            cookie = world.cookies["admin"]
        return {"cookie": f"majiang_signin={cookie}"}

    def account_body(self, route: HttpRoute, method: str) -> Any:
        """Return a valid body of an account route, or None for a route without one here."""
        rng = self.rng
        world = self.world
        fresh = f"Fz{rng.randrange(10**9)}"  # a name nobody has (and not the password)
        mailed = world.mailed
        bodies: dict[str, Any] = {
            "/api/account/claim": {"name": fresh, "password": world.password},
            "/api/account/signin": {"name": world.name, "password": world.password},
            "/api/account/email": {"email": f"{fresh.lower()}@example.org"},
            "/api/account/email/confirm": {
                "token": world.take(mailed.get("confirm", []), "A" * 43)
            },
            "/api/account/reset/request": {"name": world.name},
            "/api/account/reset": {
                "token": world.take(mailed.get("reset", []), "A" * 43),
                "password": world.password,
            },
            "/api/reports": {"kind": "other", "page": "/", "text": "the fuzz's report"},
        }
        if route.path == "/api/account":
            return {"name": fresh} if method == "PATCH" else {"password": world.password}
        return bodies.get(route.path)

    def body(self, route: HttpRoute, method: str = "POST") -> Any:
        """Return a valid body for the route: the contract's own examples where the route's
        schema says little (``/api/score`` takes any object), else one from its schema."""
        rng = self.rng
        path = route.path
        if path == "/api/score":
            return score_request(rng)
        if path == "/api/analyze":
            return {"hand": rng.choice(ANALYZE_HANDS), "variant": rng.choice([None, *VARIANTS])}
        if path in ("/api/tables", "/api/rooms"):
            body = table_options(rng)
            if path == "/api/rooms":
                body |= {"public": rng.random() < 0.5, "spectators": rng.random() < 0.5}
            else:
                body["seat"] = rng.choice([0, 0, 1, 3])
            return body
        if path == "/api/sheets":
            variant = rng.choice(VARIANTS)
            players = ["Ann", "Bo", "Cy", "Di"][: get_ruleset(variant).players]
            return {"variant": variant, "players": players, "length": rng.choice(LENGTHS)}
        if path.startswith("/api/sheets/") and route.body is not None:
            return {"steps": [{"type": "draw", "ready": []}]}  # a hand nobody won
        if self.world.cookies and path.startswith(ACCOUNT_PATHS):
            account = self.account_body(route, method)
            if account is not None:
                return account
        if route.body is None:  # a body where none is read
            return odd_value(rng)
        return from_schema(rng, route.body, route.body.get("$defs", {}))


def almost(rng: random.Random, value: Any) -> Any:
    """Return ``value`` with one thing wrong: a field set to an odd value, removed, or one
    more field; a value that is not an object is replaced."""
    if not isinstance(value, dict) or not value:
        return odd_value(rng)
    value = dict(value)
    name = rng.choice(list(value))
    pick = rng.randrange(4)
    if pick == 0:
        del value[name]
    elif pick == 1 and isinstance(value[name], dict) and value[name]:
        value[name] = almost(rng, value[name])
    elif pick == 2:
        value[rng.choice(["extra", "", "\ud800", name.upper()])] = odd_value(rng)
    else:
        value[name] = odd_value(rng)
    return value


# ---------------------------------------------------------------- websocket frames


@dataclass
class Frame:
    """One websocket frame the fuzz sends (text or bytes) and what it is (for the report)."""

    kind: str
    data: str | bytes

    def __str__(self) -> str:
        return f"{self.kind}: {self.data[:300]!r}"


def text_of(value: Any) -> str:
    """Return ``value`` as the text of a frame (lone surrogates kept as escapes)."""
    return dumps(value).decode("utf-8", "surrogatepass")


class FrameMaker:
    """Seeded websocket frames for a seat whose open decision is ``decision`` (or None)."""

    KINDS = (
        ("ping", 10),
        ("sync", 8),
        ("hello_again", 3),
        ("action_valid", 20),
        ("action_stale", 8),
        ("action_invalid", 18),
        ("unknown_type", 6),
        ("junk", 8),
        ("binary", 4),
        ("oversized", 4),
        ("deep", 3),
        ("odd_text", 8),
    )

    def __init__(self, seed: int, max_bytes: int) -> None:
        self.rng = random.Random(seed)
        self.max_bytes = max_bytes
        self.kinds = [k for k, _ in self.KINDS]
        self.weights = [w for _, w in self.KINDS]

    def ref(self) -> Any:
        return self.rng.choice([1, 2**64, "r", None, [1], {"a": 1}, True, 1.5, "\ud800", 10**400])

    def __call__(self, decision: dict[str, Any] | None) -> Frame:
        rng = self.rng
        kind = rng.choices(self.kinds, self.weights)[0]
        if kind == "ping":
            return Frame(kind, text_of({"type": "ping", "id": self.ref()}))
        if kind == "sync":
            return Frame(kind, text_of({"type": "sync", "id": self.ref()}))
        if kind == "hello_again":
            return Frame(kind, text_of({"type": "hello", "protocol": 1, "token": None}))
        if kind == "action_valid" and decision is not None:
            action = rng.choice(decision["actions"])
            return Frame(
                kind,
                text_of({"type": "action", "decision": decision["decision"], "action": action}),
            )
        if kind in ("action_valid", "action_stale"):
            number = (decision or {}).get("decision", 1)
            stale = rng.choice([number - 1, number + 1, number + 1000, 0, -1, 2**64, 10**400])
            action = rng.choice(decision["actions"]) if decision else {"type": "pass"}
            return Frame(
                "action_stale", text_of({"type": "action", "decision": stale, "action": action})
            )
        if kind == "action_invalid":
            return Frame(kind, text_of(self.invalid_action(decision)))
        if kind == "unknown_type":
            return Frame(
                kind, text_of({"type": rng.choice(["nope", "", None, 1, "PING", "Hello"])})
            )
        if kind == "junk":
            return Frame(
                kind, rng.choice(["", "{", "null", "[]", "42", '"ping"', "NaN", "{'a':1}"])
            )
        if kind == "binary":
            return Frame(kind, rng.choice([b"", b"\x00", b"\xff", b'{"type": "ping"}', b"\x89PNG"]))
        if kind == "oversized":
            size = rng.choice([self.max_bytes + 1, self.max_bytes * 4, 1_000_000])
            return Frame(kind, text_of({"type": "ping", "pad": "x" * size}))
        if kind == "deep":
            depth = rng.choice([100, 1000, 2000])
            return Frame(kind, '{"type": "action", "action": ' + "[" * depth + "]" * depth + "}")
        return Frame(
            kind, text_of({"type": rng.choice(["ping", "sync", "action"]), "id": odd_value(rng)})
        )

    def invalid_action(self, decision: dict[str, Any] | None) -> dict[str, Any]:
        """Return an action frame whose action is not one offered: another type, odd tiles,
        odd values in an offered one, or not an object at all."""
        rng = self.rng
        number = (decision or {}).get("decision", 1)
        action: Any = {"type": rng.choice([*ACTION_TYPES, "fly", ""])}
        pick = rng.randrange(4)
        if pick == 0:
            action["tile"] = odd_value(rng)
        elif pick == 1 and decision is not None:
            action = almost(rng, rng.choice(decision["actions"]))
        elif pick == 2:
            action = odd_value(rng)
        else:
            action |= {"tile": rng.choice(["1m", "0z", "9z", "8f"]), "riichi": odd_value(rng)}
        frame: dict[str, Any] = {"type": "action", "action": action}
        if rng.random() < 0.8:
            frame["decision"] = number if rng.random() < 0.7 else odd_value(rng)
        return frame


#: the first frames of a connection: ``hello`` as it should be, and every way it can be wrong
HELLO_KINDS = (
    "seat",
    "owner",
    "other",
    "stranger",
    "spectator",
    "unknown_token",
    "wrong_protocol",
    "odd_last_seq",
    "odd_token",
    "not_hello",
    "binary",
    "junk",
    "oversized",
)


def hello_frame(rng: random.Random, kind: str, tokens: dict[str, str]) -> Frame:
    """Return the first frame of a connection, of the given kind (one of ``HELLO_KINDS``)."""
    hello: dict[str, Any] = {"type": "hello", "protocol": 1, "token": None, "last_seq": None}
    if kind in tokens:
        hello["token"] = tokens[kind]
        hello["last_seq"] = rng.choice([None, None, 0, 3, 10**6])
    elif kind == "unknown_token":
        hello["token"] = "A" * 43
    elif kind == "wrong_protocol":
        hello["protocol"] = rng.choice([0, 2, "1", None, 1.0000001, 10**400])
    elif kind == "odd_last_seq":
        hello["last_seq"] = rng.choice([-1, "3", 1.5, True, 2**64, 10**400, [1]])
    elif kind == "odd_token":
        hello["token"] = rng.choice([1, ["x"], {"a": 1}, "x" * 201, "", "\ud800", "\x00"])
    elif kind == "not_hello":
        return Frame(kind, text_of({"type": rng.choice(["ping", "sync", "action"]), "id": 1}))
    elif kind == "binary":
        return Frame(kind, text_of(hello).encode())
    elif kind == "junk":
        return Frame(kind, rng.choice(["", "hello", "{", "[1]", "null"]))
    elif kind == "oversized":
        hello["pad"] = "x" * 100_000
    return Frame(f"hello_{kind}", text_of(hello))

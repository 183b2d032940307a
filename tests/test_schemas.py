"""The published JSON Schemas (docs/schemas/, docs/schemas.md) hold for real outputs: the
scorer's requests and results over the scoring table tests' own cases, records made by the
recorder (bot games of every variant, the tenhou reference logs of tests/data, a game played on
the server), and the server's answers to ``POST /api/score``. Broken outputs are refused, so a
schema that accepted anything would fail here."""

from __future__ import annotations

import copy
import inspect
import itertools
import json
import types
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import test_hongkong_fan
import test_hongkong_payments
import test_hongkong_support
import test_hongkong_variants
import test_riichi_spec
import test_sichuan_fan
import test_sichuan_payments
import test_taiwan_payments
import test_taiwan_tai
from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.errors import InvalidRequest
from majiang.records.tenhou import import_tenhou
from majiang.rules import VARIANTS, get_ruleset
from majiang.scoring import error_object, score
from test_server_support import client_for, guest, hello, play, practice, sqlite_url

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"
TENHOU = Path(__file__).resolve().parent / "data" / "tenhou6"

#: the modules whose table tests send scoring requests: each keeps its cases as data
TABLE_MODULES: tuple[types.ModuleType, ...] = (
    test_riichi_spec,
    test_hongkong_fan,
    test_hongkong_payments,
    test_hongkong_variants,
    test_taiwan_tai,
    test_taiwan_payments,
    test_sichuan_fan,
    test_sichuan_payments,
)


def load(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text())
    return schema


REGISTRY: Registry[Any] = Registry().with_resources(
    (load(n)["$id"], Resource.from_contents(load(n)))
    for n in ("score-request", "score-result", "score-error", "record")
)


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load(name), registry=REGISTRY)


def problems(name: str, instance: object) -> list[str]:
    """Return the schema's complaints about ``instance`` (empty when it conforms)."""
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator(name).iter_errors(instance)
    ]


# ---------------------------------------------------------------- the schemas themselves


@pytest.mark.parametrize("name", ["score-request", "score-result", "score-error", "record"])
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    Draft202012Validator.check_schema(load(name))


def test_the_schemas_name_every_variant_situation_action_and_event() -> None:
    from majiang.actions import ACTION_TYPES
    from majiang.events import EVENT_TYPES
    from majiang.scoring import SITUATIONS

    request, record = load("score-request"), load("record")
    assert request["properties"]["variant"]["enum"] == list(VARIANTS)
    assert record["properties"]["variant"]["enum"] == list(VARIANTS)
    extra = {s for v in VARIANTS for s in get_ruleset(v).extra_situations}
    assert set(request["$defs"]["situation"]["enum"]) == SITUATIONS | extra
    events = {e["properties"]["type"]["const"] for e in record["$defs"]["event"]["oneOf"]}
    assert events == set(EVENT_TYPES)
    actions: set[str] = set()
    for a in record["$defs"]["action"]["oneOf"]:
        kind = a["properties"]["type"]
        actions |= {kind["const"]} if "const" in kind else set(kind["enum"])
    assert actions == set(ACTION_TYPES)


# ---------------------------------------------------------------- the scorer over the table tests


def parameter_sets(fn: Callable[..., Any]) -> Iterator[dict[str, Any]]:
    """Yield the keyword arguments of each case of a (possibly multiply) parametrized test."""
    axes: list[list[dict[str, Any]]] = []
    for mark in getattr(fn, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        names, values = mark.args[0], mark.args[1]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        axis = []
        for v in values:
            v = v.values if hasattr(v, "values") and not isinstance(v, dict) else v
            axis.append(dict(zip(names, v if len(names) > 1 else (v,), strict=True)))
        axes.append(axis)
    for combo in itertools.product(*axes):
        yield {k: v for case in combo for k, v in case.items()}


def run_table_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[list[tuple[Mapping[str, Any], dict[str, Any]]], list[InvalidRequest]]:
    """Run every test of TABLE_MODULES that needs no fixture, case by case, with each module's
    ``score`` recording what it was asked and what it answered."""
    scored: list[tuple[Mapping[str, Any], dict[str, Any]]] = []
    refused: list[InvalidRequest] = []

    def recording(request: Mapping[str, Any]) -> dict[str, Any]:
        try:
            result = score(request)
        except InvalidRequest as exc:
            refused.append(exc)
            raise
        scored.append((copy.deepcopy(request), result))
        return result

    for module in (*TABLE_MODULES, test_hongkong_support):
        monkeypatch.setattr(module, "score", recording)
    for module in TABLE_MODULES:
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if not name.startswith("test_") or fn.__module__ != module.__name__:
                continue
            wanted = set(inspect.signature(fn).parameters)
            for kwargs in parameter_sets(fn):
                if wanted == set(kwargs):  # a test that needs a fixture (capsys ...) is left out
                    fn(**kwargs)
    return scored, refused


@pytest.fixture(scope="module")
def table_outputs() -> tuple[list[tuple[Mapping[str, Any], dict[str, Any]]], list[InvalidRequest]]:
    with pytest.MonkeyPatch.context() as mp:
        return run_table_tests(mp)


def test_the_scorer_over_the_table_tests(
    table_outputs: tuple[list[tuple[Mapping[str, Any], dict[str, Any]]], list[InvalidRequest]],
) -> None:
    scored, refused = table_outputs
    units = {r["unit"] for _, r in scored}
    assert units == {"han", "fan", "tai"}  # every family's tables took part
    assert len(scored) > 400 and len(refused) > 20  # 510 and 74 when written
    assert any(not r["valid"] for _, r in scored)
    bad = [
        (req, p)
        for req, res in scored
        for p in problems("score-request", req) + problems("score-result", res)
    ]
    assert bad == []
    assert [p for exc in refused for p in problems("score-error", error_object(exc))] == []


def test_every_extra_field_of_a_result_is_met(
    table_outputs: tuple[list[tuple[Mapping[str, Any], dict[str, Any]]], list[InvalidRequest]],
) -> None:
    """The schema's variant fields are each produced by some case (none is dead text)."""
    scored, _ = table_outputs
    core = set(load("score-result")["required"])
    extras = set(load("score-result")["properties"]) - core
    seen = {k for _, r in scored for k in r} - core
    assert seen == extras


# ---------------------------------------------------------------- broken outputs are refused

RIICHI = {
    "variant": "riichi",
    "hand": "234567m234p55p777z",
    "win_tile": "5p",
    "win": "ron",
    "seat_wind": "S",
    "situation": ["riichi", "ippatsu"],
    "dora_indicators": "1z",
}


def broken(value: dict[str, Any], path: tuple[str | int, ...], new: object) -> dict[str, Any]:
    """Return a deep copy of ``value`` with the item at ``path`` replaced (``...``: deleted)."""
    out = copy.deepcopy(value)
    target: Any = out
    for key in path[:-1]:
        target = target[key]
    if new is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return out


@pytest.mark.parametrize(
    ("path", "new"),
    [
        (("points",), ...),
        (("total",), "3"),
        (("items", 0, "id"), "Riichi"),
        (("items", 0, "value"), 1.5),
        (("points", "payers", 0, "from"), "somebody"),
        (("points", "payers", 0, "amount"), -5200),
        (("unit",), "points"),
        (("colour",), "red"),
    ],
)
def test_a_broken_result_is_refused(path: tuple[str | int, ...], new: object) -> None:
    result = score(RIICHI)
    assert problems("score-result", result) == []
    assert problems("score-result", broken(result, path, new)) != []


@pytest.mark.parametrize(
    ("path", "new"),
    [
        (("hand",), ...),
        (("variant",), "chess"),
        (("win",), "maybe"),
        (("seat_wind",), "X"),
        (("honba",), -1),
        (("situation", 0), "lucky"),
        (("melds",), ["pung 777z"]),
        (("colour",), "red"),
    ],
)
def test_a_broken_request_is_refused_by_the_schema_and_the_scorer(
    path: tuple[str | int, ...], new: object
) -> None:
    request = broken({**RIICHI, "melds": []}, path, new)
    assert problems("score-request", request) != []
    with pytest.raises(InvalidRequest):
        score(request)


# ---------------------------------------------------------------- records


@pytest.fixture(scope="module")
def bot_records() -> list[dict[str, Any]]:
    """One-hand games of random bots, three seeds per variant."""
    out = []
    for variant in VARIANTS:
        rules = get_ruleset(variant)
        for seed in range(3):
            bots = [make_bot("random", seed * 10 + s) for s in range(rules.players)]
            game = play_game(rules, bots, seed=seed, length="one_hand")
            out.append(json.loads(json.dumps(game.record.to_dict())))
    return out


def test_bot_game_records(bot_records: list[dict[str, Any]]) -> None:
    assert {r["variant"] for r in bot_records} == set(VARIANTS)
    kinds = {e["type"] for r in bot_records for e in r["events"]}
    assert {"dealt", "discarded", "hand_ended", "game_ended"} <= kinds
    assert [(r["variant"], p) for r in bot_records for p in problems("record", r)] == []


def test_tenhou_reference_logs_as_records() -> None:
    records = []
    for path in sorted(TENHOU.glob("*.json")):
        replay, _ = import_tenhou(json.loads(path.read_text(encoding="utf-8")))
        records.append((path.name, json.loads(json.dumps(replay.record.to_dict()))))
    assert len(records) >= 20
    kinds = {e["type"] for _, r in records for e in r["events"]}
    assert {"won", "called", "riichi_declared", "indicator_revealed"} <= kinds
    assert [(n, p) for n, r in records for p in problems("record", r)] == []


@pytest.mark.parametrize(
    ("where", "new"),
    [
        (("format",), "other"),
        (("version",), 2),
        (("actions", 0, "action", "type"), "shout"),
        (("actions", 0, "seat"), 4),
        (("events", 0, "type"), "happened"),
        (("events", 1, "seat"), ...),
        (("result", "placements", 0), 0),
    ],
)
def test_a_broken_record_is_refused(
    bot_records: list[dict[str, Any]], where: tuple[str | int, ...], new: object
) -> None:
    record = bot_records[0]
    assert problems("record", record) == []
    assert problems("record", broken(record, where, new)) != []


def test_a_won_event_with_a_broken_result_is_refused() -> None:
    path = TENHOU / "chankan.json"
    replay, _ = import_tenhou(json.loads(path.read_text(encoding="utf-8")))
    record = json.loads(json.dumps(replay.record.to_dict()))
    won = next(i for i, e in enumerate(record["events"]) if e["type"] == "won")
    assert problems("record", record) == []
    assert problems("record", broken(record, ("events", won, "result", "total"), -1)) != []


# ---------------------------------------------------------------- the server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("schemas"))) as c:
        yield c


def test_server_score_answers(
    server: TestClient,
    table_outputs: tuple[list[tuple[Mapping[str, Any], dict[str, Any]]], list[InvalidRequest]],
) -> None:
    """Every tenth request of the table tests, and each variant's first, through /api/score."""
    scored, _ = table_outputs
    firsts = {r["variant"]: r for r, _ in reversed(scored)}
    requests = [*firsts.values(), *(r for r, _ in scored[::10])]
    answers = [server.post("/api/score", json=r) for r in requests]
    assert {a.status_code for a in answers} == {200}
    assert {a.json()["unit"] for a in answers} == {"han", "fan", "tai"}
    assert [p for a in answers for p in problems("score-result", a.json())] == []
    refused = server.post("/api/score", json={**RIICHI, "win": "maybe"})
    assert refused.status_code == 422
    assert problems("score-error", refused.json()) == []
    assert refused.json()["field"] == "win"


def test_a_server_game_record(server: TestClient) -> None:
    me = guest(server)
    room = practice(server, me, turn_seconds=0, claim_seconds=0)
    with server.websocket_connect(room["websocket"]) as ws:
        ws.send_json(hello(me.token))
        over = play(ws, [])
    assert over is not None
    record = server.get(over["record"], headers=me.auth).json()
    assert record["format"] == "majiang-record" and record["events"]
    assert problems("record", record) == []

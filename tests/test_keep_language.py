"""The score sheet's refusals (``majiang.keep.InvalidEntry``) in each language: from the library
in the language of the moment, and from ``/api/sheets`` (what the /keep page shows) in the
request's language, ``Accept-Language`` or ``?lang=``.

Each case is one kind of refusal, reached as a player would: a new sheet, the steps entered
before, then the refused action. Its English message is written out from the check's wording;
in German, Spanish and Chinese the same action answers with the same ``field``, another message
and the input quoted as it was written (a player's name, a step's type, a key).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.i18n import use
from majiang.keep import InvalidEntry, Sheet
from majiang.server.app import create_app
from majiang.server.settings import Settings
from test_i18n_checks import english_left

LANGS = ("de", "es", "zh")
FOUR = ["Ann", "Bob", "Cai", "Dan"]


def win(player: str, source: str | None = None, **value: Any) -> dict[str, Any]:
    return {"type": "win", "from": source, "wins": [{"player": player, **value}]}


@dataclass(frozen=True)
class Case:
    """A sheet (``new``: variant, players, rules, length), the steps entered before, and the
    refused action: ``("add", step)``, ``("edit", number, steps)``, ``("undo",)`` or
    ``("new",)`` (the sheet itself is refused)."""

    name: str
    new: dict[str, Any]
    action: tuple[Any, ...]
    field: str
    english: str
    quoted: tuple[str, ...] = ()
    before: list[dict[str, Any]] = field(default_factory=list)


RIICHI = {"variant": "riichi", "players": FOUR}
HK = {"variant": "hk", "players": FOUR}
SICHUAN = {"variant": "sichuan", "players": FOUR}
ANN_TSUMO = win("Ann", han=3, fu=30)

CASES = [
    Case(
        "riichi without the points",
        {**RIICHI, "rules": {"start_points": 500}},
        ("add", {"type": "riichi", "player": "Ann"}),
        "player",
        "hand 1: Ann has 500 points: riichi needs 1000",
        ("Ann", "500", "1000"),
    ),
    Case(
        "riichi twice",
        RIICHI,
        ("add", {"type": "riichi", "player": "Bob"}),
        "player",
        "hand 1: Bob has already declared riichi this hand",
        ("Bob",),
        [{"type": "riichi", "player": "Bob"}],
    ),
    Case(
        "riichi where there is none",
        HK,
        ("add", {"type": "riichi", "player": "Bob"}),
        "type",
        "hand 1: hk has no riichi",
        ("hk",),
    ),
    Case(
        "a step after the hand ended",
        RIICHI,
        ("edit", 1, [ANN_TSUMO, {"type": "riichi", "player": "Bob"}]),
        "steps",
        "hand 1: step 2 (riichi) comes after the hand ended",
        ("riichi",),
        [ANN_TSUMO],
    ),
    Case(
        "a hand after the game ended",
        {**RIICHI, "length": "one_hand"},
        ("add", win("Bob", han=1, fu=30)),
        "hands",
        "hand 2: the game ended after hand 1 (length)",
        ("length",),
        [win("Bob", "Ann", han=1, fu=30)],
    ),
    Case(
        "a hand left open",
        RIICHI,
        ("edit", 1, [{"type": "riichi", "player": "Bob"}]),
        "steps",
        "hand 1 has not ended (no win or draw)",
        (),
        [ANN_TSUMO, ANN_TSUMO],
    ),
    Case(
        "undo on an empty sheet",
        RIICHI,
        ("undo",),
        "hands",
        "the sheet is empty: nothing to undo",
    ),
    Case(
        "no such hand",
        RIICHI,
        ("edit", 5, [ANN_TSUMO]),
        "index",
        "there is no hand 5 (the sheet has 1)",
        ("5",),
        [ANN_TSUMO],
    ),
    Case(
        "not a player",
        RIICHI,
        ("add", {"type": "riichi", "player": "Zed"}),
        "player",
        "player: 'Zed' is not a player here (Ann, Bob, Cai, Dan)",
        ("'Zed'", "Ann, Bob, Cai, Dan"),
    ),
    Case(
        "an unknown step",
        RIICHI,
        ("add", {"type": "pass"}),
        "type",
        "step type must be one of riichi, kong, win, draw, abortive, got 'pass'",
        ("'pass'", "riichi, kong, win, draw, abortive"),
    ),
    Case(
        "a step's unknown key",
        RIICHI,
        ("add", {"type": "riichi", "player": "Ann", "han": 1}),
        "han",
        "a riichi step has no 'han'",
        ("riichi", "'han'"),
    ),
    Case(
        "a kong's kind",
        SICHUAN,
        ("add", {"type": "kong", "player": "Ann", "kind": "big"}),
        "kind",
        "kind must be kan (from a discard), kakan (added) or ankan (concealed), got 'big'",
        ("'big'",),
    ),
    Case(
        "a kan without its discarder",
        SICHUAN,
        ("add", {"type": "kong", "player": "Ann", "kind": "kan"}),
        "from",
        "a kong claimed from a discard (kan) names its discarder in 'from'; a kakan or an "
        "ankan names none",
        ("'from'",),
    ),
    Case(
        "a kong from its own maker",
        SICHUAN,
        ("add", {"type": "kong", "player": "Ann", "kind": "kan", "from": "Ann"}),
        "from",
        "hand 1: a kong is not claimed from its own maker",
    ),
    Case(
        "kongs that pay nothing",
        RIICHI,
        ("add", {"type": "kong", "player": "Ann"}),
        "type",
        "hand 1: kongs pay nothing by themselves in riichi: count them in the hand's value",
        ("riichi",),
    ),
    Case(
        "a win without winners",
        RIICHI,
        ("add", {"type": "win", "from": None, "wins": []}),
        "wins",
        "a win step lists its winners in 'wins'",
        ("'wins'",),
    ),
    Case(
        "a winner's unknown key",
        RIICHI,
        ("add", win("Ann", points=3)),
        "points",
        "a winner has no 'points'",
        ("'points'",),
    ),
    Case(
        "a value and a request",
        RIICHI,
        ("add", win("Ann", han=1, request={})),
        "han",
        "give the hand's value or a calculator request, not both ('han')",
        ("'han'",),
    ),
    Case(
        "another variant's unit",
        RIICHI,
        ("add", win("Ann", fan=3)),
        "fan",
        "riichi counts han, not fan: give fu, han, yakuman",
        ("riichi", "fu, han, yakuman"),
    ),
    Case(
        "a win without a value",
        RIICHI,
        ("add", win("Ann")),
        "han",
        "give the hand's value (han) or a calculator request",
        ("han",),
    ),
    Case(
        "a value below nothing",
        RIICHI,
        ("add", win("Ann", han=-1)),
        "han",
        "han must be a whole number, got -1",
        ("han", "-1"),
    ),
    Case(
        "a winner twice",
        RIICHI,
        (
            "add",
            {
                "type": "win",
                "from": "Cai",
                "wins": [{"player": "Ann", "han": 1, "fu": 30}] * 2,
            },
        ),
        "wins",
        "hand 1: a player is listed twice among the winners",
    ),
    Case(
        "a win on one's own discard",
        RIICHI,
        ("add", win("Ann", "Ann", han=1, fu=30)),
        "from",
        "hand 1: Ann cannot win on their own discard",
        ("Ann",),
    ),
    Case(
        "several self-draws",
        RIICHI,
        (
            "add",
            {
                "type": "win",
                "from": None,
                "wins": [
                    {"player": "Ann", "han": 1, "fu": 30},
                    {"player": "Bob", "han": 1, "fu": 30},
                ],
            },
        ),
        "from",
        "hand 1: several players win only on one discard: give 'from'",
        ("'from'",),
    ),
    Case(
        "two winners where one takes it",
        HK,
        (
            "add",
            {
                "type": "win",
                "from": "Cai",
                "wins": [{"player": "Ann", "fan": 3}, {"player": "Bob", "fan": 3}],
            },
        ),
        "wins",
        "hand 1: only 1 player may win on one discard in hk (the first in turn order takes "
        "it): Ann, Bob were entered",
    ),
    Case(
        "pao where there is none",
        SICHUAN,
        ("add", win("Ann", "Bob", fan=2, pao="Cai")),
        "pao",
        "hand 1: sichuan plays no pao here",
        ("sichuan",),
    ),
    Case(
        "a winner liable for their own win",
        RIICHI,
        ("add", win("Ann", "Bob", yakuman=1, pao="Ann")),
        "pao",
        "hand 1: a winner is not liable for their own win",
    ),
    Case(
        "kong money after no kong",
        SICHUAN,
        ("add", {**win("Ann", "Bob", fan=2), "after_kong": True}),
        "after_kong",
        "hand 1: after_kong: the discarder made no kong this hand (kong money passes on only "
        "from the discard right after a kong)",
        ("after_kong",),
    ),
    Case(
        "a request naming the variant",
        RIICHI,
        ("add", win("Ann", request={"variant": "hk"})),
        "request.variant",
        "hand 1: request: variant is the sheet's (riichi); leave it out",
        ("variant", "riichi"),
    ),
    Case(
        "a request with a tile that is not one",
        RIICHI,
        ("add", win("Ann", "Bob", request={"hand": "123m456m789m11z9z", "win_tile": "1z"})),
        "request.hand",
        "hand 1: request: hand: no tile '9z'",
        ("'9z'",),
    ),
    Case(
        "a request that is not a win",
        RIICHI,
        ("add", win("Ann", "Bob", request={"hand": "123m456m789m135p22z", "win_tile": "2z"})),
        "request",
        "hand 1: request: not a win: not a complete hand: no four sets and a pair, seven pairs "
        "or thirteen orphans",
    ),
    Case(
        "sichuan's ready players without their fan",
        SICHUAN,
        ("add", {"type": "draw", "ready": ["Ann"]}),
        "ready_fan",
        "hand 1: in sichuan give each ready player's best waiting fan in ready_fan",
        ("ready_fan",),
    ),
    Case(
        "three suits and ready",
        SICHUAN,
        ("add", {"type": "draw", "ready_fan": {"Ann": 1}, "three_suits": ["Ann"]}),
        "three_suits",
        "hand 1: a player holding three suits is not ready",
    ),
    Case(
        "sichuan's draw elsewhere",
        RIICHI,
        ("add", {"type": "draw", "ready_fan": {"Ann": 1}}),
        "ready_fan",
        "hand 1: ready_fan and three_suits are Sichuan's, not riichi's",
        ("ready_fan", "three_suits", "riichi"),
    ),
    Case(
        "nagashi where there is none",
        HK,
        ("add", {"type": "draw", "nagashi": ["Ann"]}),
        "nagashi",
        "hand 1: hk has no nagashi mangan",
        ("hk",),
    ),
    Case(
        "nagashi switched off",
        {**RIICHI, "rules": {"nagashi_mangan": False}},
        ("add", {"type": "draw", "nagashi": ["Ann"]}),
        "nagashi",
        "hand 1: nagashi mangan is off here",
    ),
    Case(
        "a ready list that is not a list",
        RIICHI,
        ("add", {"type": "draw", "ready": "Ann"}),
        "ready",
        "ready is a list of players",
        ("ready",),
    ),
    Case(
        "an abortive draw where there is none",
        HK,
        ("add", {"type": "abortive", "reason": "four_winds"}),
        "reason",
        "hand 1: hk has no abortive draws",
        ("hk",),
    ),
    Case(
        "an unknown abortive draw",
        RIICHI,
        ("add", {"type": "abortive", "reason": "rain"}),
        "reason",
        "hand 1: reason must be one of nine_terminals, four_winds, four_riichi, four_kongs, "
        "triple_ron, got 'rain'",
        ("'rain'", "nine_terminals, four_winds"),
    ),
    Case(
        "an abortive draw switched off",
        {**RIICHI, "rules": {"abort_four_winds": False}},
        ("add", {"type": "abortive", "reason": "four_winds"}),
        "reason",
        "hand 1: the abortive draw four_winds is off here (rule abort_four_winds)",
        ("four_winds", "abort_four_winds"),
    ),
    Case(
        "a winner out of the hand",
        SICHUAN,
        ("add", win("Ann", "Cai", fan=1)),
        "player",
        "hand 1: Ann has already won this hand",
        ("Ann",),
        [win("Ann", "Bob", fan=1)],
    ),
    Case(
        "two players of one name",
        {**RIICHI, "players": ["Ann", "ann", "Cai", "Dan"]},
        ("new",),
        "players",
        "two players have the same name",
    ),
    Case(
        "a player's name that is a number",
        {**RIICHI, "players": ["Ann", "2", "Cai", "Dan"]},
        ("new",),
        "players",
        "a player's name is not a number (seats are)",
    ),
    Case(
        "a player without a name",
        {**RIICHI, "players": ["Ann", " ", "Cai", "Dan"]},
        ("new",),
        "players",
        "every player needs a name",
    ),
    Case(
        "too few players",
        {**RIICHI, "players": ["Ann", "Bob", "Cai"]},
        ("new",),
        "players",
        "riichi is played by 4, got 3 players",
        ("riichi", "4", "3"),
    ),
    Case(
        "an unknown length",
        {**RIICHI, "length": "forever"},
        ("new",),
        "length",
        "unknown game length 'forever' (expected one of one_hand, east, south, full)",
        ("'forever'", "one_hand, east, south, full"),
    ),
]
IDS = [c.name for c in CASES]


def on_the_library(case: Case) -> InvalidEntry:
    """Return the refusal of the case's action on a sheet of the library."""
    new = case.new
    with pytest.raises(InvalidEntry) as info:
        sheet = Sheet.new(
            new["variant"], new["players"], new.get("rules"), new.get("length", "east")
        )
        for step in case.before:
            sheet.add(step)
        kind, *args = case.action
        if kind == "add":
            sheet.add(args[0])
        elif kind == "edit":
            sheet.edit(args[0] - 1, args[1])
        elif kind == "undo":
            sheet.undo()
    return info.value


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_each_refusal_in_english(case: Case) -> None:
    error = on_the_library(case)
    assert (error.field, str(error)) == (case.field, case.english)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_each_refusal_in_the_language_of_the_moment(case: Case, lang: str) -> None:
    with use(lang):
        error = on_the_library(case)
    assert_translated(case, error.field, str(error))


def assert_translated(case: Case, field: str | None, said: str) -> None:
    assert field == case.field
    assert said != case.english
    assert not english_left(case.english, said, case.quoted)
    for piece in case.quoted:
        assert piece in said, (piece, said)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("keep-language") / "t.sqlite3"
    with TestClient(create_app(Settings(database_url=f"sqlite:///{db}", tables_burst=10_000))) as c:
        yield c


def on_the_api(client: TestClient, case: Case, headers: dict[str, str], query: str) -> Any:
    """Return the answer of ``/api/sheets`` to the case's refused action."""
    new = {"rules": {}, "length": "east", **case.new}
    made = client.post(f"/api/sheets{query}", json=new, headers=headers)
    if case.action[0] == "new":
        return made
    assert made.status_code == 201, made.text
    sheet, key = made.json()["id"], {**headers, "X-Sheet-Key": made.json()["key"]}
    for step in case.before:
        assert client.post(f"/api/sheets/{sheet}/hands", json=step, headers=key).status_code == 200
    kind, *args = case.action
    if kind == "add":
        return client.post(f"/api/sheets/{sheet}/hands{query}", json=args[0], headers=key)
    if kind == "edit":
        return client.put(
            f"/api/sheets/{sheet}/hands/{args[0]}{query}", json={"steps": args[1]}, headers=key
        )
    return client.post(f"/api/sheets/{sheet}/undo{query}", headers=key)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_sheet_api_refuses_in_the_browsers_language(
    client: TestClient, case: Case, lang: str
) -> None:
    """What the /keep page shows: the API's error object, from ``Accept-Language`` alone."""
    client.cookies.clear()
    answer = on_the_api(client, case, {"Accept-Language": f"{lang}, en;q=0.5"}, "")
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert set(body) == {"error", "field"}
    assert_translated(case, body["field"], body["error"])


def test_the_sheet_api_refuses_in_the_pages_language_and_else_in_english(
    client: TestClient,
) -> None:
    """``?lang=`` (a page's link) chooses the language; a request that names none is English."""
    case = CASES[0]
    client.cookies.clear()
    german = on_the_api(client, case, {}, "?lang=de").json()
    client.cookies.clear()
    english = on_the_api(client, case, {}, "").json()
    assert german == {
        "error": "Spiel 1: Ann hat 500 Punkte: Riichi braucht 1000",
        "field": "player",
    }
    assert english == {"error": case.english, "field": "player"}


@pytest.mark.parametrize(
    ("lang", "head", "final"),
    [
        (
            "en",
            "Hand,Dealer,Result,Ann +/-,Ann,Bob +/-,Bob,Sticks",
            "Final standing,,the last hand was played,,-8 (2 of 2),,8 (1 of 2),0",
        ),
        (
            "de",
            "Hand,Geber,Ergebnis,Ann +/-,Ann,Bob +/-,Bob,Stäbchen",
            "Endstand,,die letzte Hand ist gespielt,,-8 (2 von 2),,8 (1 von 2),0",
        ),
    ],
)
def test_the_csv_is_written_in_the_language_of_its_rows(lang: str, head: str, final: str) -> None:
    """A finished sheet's CSV: the headings, the final row's name, why the game ended and each
    place in the language of the moment, like its rows (they were English beside translated
    rows, and the ending the engine's key 'length')."""
    sheet = Sheet.new("hk2", ["Ann", "Bob"], length="one_hand")
    sheet.add(win("Bob", None, fan=3))
    with use(lang):
        lines = sheet.to_csv().splitlines()
    assert lines[0] == head
    assert lines[2] == final

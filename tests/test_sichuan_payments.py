"""Sichuan win payments (shared/rules/sichuan.md "Payment"): base × 2^fan from the discarder or
from each player still in, the self_draw options, kong_flower_from_discard, the base; the
engine's ``win_transfers``; and the ``majiang score`` command line."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from majiang.cli import main
from majiang.errors import InvalidRequest
from majiang.rules.sichuan.payments import WinPayment, deltas, win_transfers
from majiang.scoring import score

PURE = "123456789m234m55m"  # pure suit, 2 fan
PLAIN = "123m456m789m234p55p"  # plain hand, 0 fan


def request(hand: str, win_tile: str, win: str = "ron", **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"variant": "sichuan", "hand": hand, "win_tile": win_tile, "win": win}
    out.update(kw)
    return out


@pytest.mark.parametrize(
    ("rules", "win", "players_in_hand", "total", "points"),
    [
        # a win on a discard: the discarder pays base × 2^fan, whatever the self-draw rule
        ({}, "ron", 3, 2, {"total": 4, "payers": [{"from": "discarder", "amount": 4}]}),
        (
            {"self_draw": "plus_one_fan"},
            "ron",
            3,
            2,
            {"total": 4, "payers": [{"from": "discarder", "amount": 4}]},
        ),
        ({"base": 5}, "ron", 3, 2, {"total": 20, "payers": [{"from": "discarder", "amount": 20}]}),
        # self-draw, plus_one_base (default): each payer adds one base
        ({}, "tsumo", 3, 2, {"total": 15, "payers": [{"from": "each", "amount": 5}]}),
        (
            {"self_draw": "plus_one_base"},
            "tsumo",
            2,
            2,
            {"total": 10, "payers": [{"from": "each", "amount": 5}]},
        ),
        (
            {"self_draw": "plus_one_base", "base": 2},
            "tsumo",
            1,
            2,
            {"total": 10, "payers": [{"from": "each", "amount": 10}]},
        ),
        # plus_one_fan (the seed's rule): a self_draw item of 1 fan
        (
            {"self_draw": "plus_one_fan"},
            "tsumo",
            3,
            3,
            {"total": 24, "payers": [{"from": "each", "amount": 8}]},
        ),
        # none: self-draw pays the bare value
        (
            {"self_draw": "none"},
            "tsumo",
            3,
            2,
            {"total": 12, "payers": [{"from": "each", "amount": 4}]},
        ),
        (
            {"self_draw": "none"},
            "tsumo",
            2,
            2,
            {"total": 8, "payers": [{"from": "each", "amount": 4}]},
        ),
    ],
)
def test_win_payment(
    rules: dict[str, Any], win: str, players_in_hand: int, total: int, points: dict[str, Any]
) -> None:
    result = score(request(PURE, "5m", win, rules=rules, players_in_hand=players_in_hand))
    assert result["total"] == total
    assert result["points"] == points
    has_self_draw_item = any(i["id"] == "self_draw" for i in result["items"])
    assert has_self_draw_item == (win == "tsumo" and rules.get("self_draw") == "plus_one_fan")


@pytest.mark.parametrize(
    ("self_draw", "amount"),
    [
        ("plus_one_base", 17),  # capped 4 fan = 16, plus one base after the cap
        ("plus_one_fan", 16),  # the +1 fan is inside the cap
        ("none", 16),
    ],
)
def test_self_draw_at_the_cap(self_draw: str, amount: int) -> None:
    result = score(request("11113355m224488m", "5m", "tsumo", rules={"self_draw": self_draw}))
    assert result["total"] == 4 and result["limit"] == "limit"
    assert result["points"]["payers"] == [{"from": "each", "amount": amount}]


KONG_FLOWER = {
    "hand": "123m456m789m55p",
    "melds": ["kan 2222p"],
    "win_tile": "5p",
    "win": "tsumo",
    "situation": ["kong_replacement"],
}  # plain hand + root + kong replacement = 2 fan


@pytest.mark.parametrize(
    ("rule", "discarder", "points"),
    [
        # default: a win on the replacement of a kong from a discard is a self-draw
        ("self_draw", "W", {"total": 15, "payers": [{"from": "each", "amount": 5}]}),
        ("self_draw", None, {"total": 15, "payers": [{"from": "each", "amount": 5}]}),
        # discarder_pays: the discarder of the kong tile pays as for a discard win (no +1 base)
        ("discarder_pays", "W", {"total": 4, "payers": [{"from": "discarder", "amount": 4}]}),
        # ... and with no discarder named it stays a self-draw
        ("discarder_pays", None, {"total": 15, "payers": [{"from": "each", "amount": 5}]}),
    ],
)
def test_kong_flower_from_discard(rule: str, discarder: str | None, points: dict[str, Any]) -> None:
    req: dict[str, Any] = {
        "variant": "sichuan",
        **KONG_FLOWER,
        "rules": {"kong_flower_from_discard": rule},
    }
    if discarder:
        req["discarder"] = discarder
    result = score(req)
    assert result["total"] == 2
    assert result["points"] == points


def test_kong_flower_discarder_pays_gets_no_self_draw_fan() -> None:
    rules = {"kong_flower_from_discard": "discarder_pays", "self_draw": "plus_one_fan"}
    result = score({"variant": "sichuan", **KONG_FLOWER, "rules": rules, "discarder": "N"})
    assert {i["id"] for i in result["items"]} == {"plain_hand", "root", "kong_replacement"}
    assert result["points"] == {"total": 4, "payers": [{"from": "discarder", "amount": 4}]}


def test_kong_flower_discarder_needs_a_kong_from_a_discard() -> None:
    req = {**KONG_FLOWER, "melds": ["ankan 2222p"], "discarder": "W"}
    with pytest.raises(InvalidRequest) as err:
        score(
            {"variant": "sichuan", **req, "rules": {"kong_flower_from_discard": "discarder_pays"}}
        )
    assert err.value.field == "discarder"


def test_robbing_kong_is_paid_by_the_kong_maker() -> None:
    # README contract: robbing a kong is paid like a win on a discard
    result = score(request(PLAIN, "2p", situation=["robbing_kong"], discarder="S"))
    assert result["points"] == {"total": 2, "payers": [{"from": "discarder", "amount": 2}]}


@pytest.mark.parametrize(
    ("win", "rules", "transfers", "delta"),
    [
        (
            WinPayment(0, 2, discarder=3, players_in=frozenset(range(4))),
            {},
            [(3, 0, 4)],
            (4, 0, 0, -4),
        ),
        (
            WinPayment(1, 2, discarder=None, players_in=frozenset(range(4))),
            {},
            [(0, 1, 5), (2, 1, 5), (3, 1, 5)],
            (-5, 15, -5, -5),
        ),
        # seat 2 has won already: only the seats still in pay
        (
            WinPayment(1, 2, discarder=None, players_in=frozenset({0, 1, 3})),
            {"self_draw": "none"},
            [(0, 1, 4), (3, 1, 4)],
            (-4, 8, 0, -4),
        ),
        (
            WinPayment(3, 4, discarder=None, players_in=frozenset({2, 3})),
            {"base": 2},
            [(2, 3, 34)],
            (0, 0, -34, 34),
        ),
    ],
)
def test_win_transfers(
    win: WinPayment,
    rules: dict[str, Any],
    transfers: list[tuple[int, int, int]],
    delta: tuple[int, ...],
) -> None:
    out = win_transfers(win, rules)
    assert [(t.payer, t.payee, t.amount) for t in out] == transfers
    assert all(t.reason == "win" for t in out)
    assert deltas(out) == delta
    assert sum(deltas(out)) == 0


def test_win_transfers_reject_bad_seats() -> None:
    with pytest.raises(InvalidRequest):
        win_transfers(WinPayment(0, 1, discarder=0, players_in=frozenset(range(4))))
    with pytest.raises(InvalidRequest):
        win_transfers(WinPayment(4, 1, discarder=None, players_in=frozenset(range(4))))


def test_cli_score_sichuan(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "score",
            "--variant",
            "sichuan",
            "--hand",
            "11122233344455m",
            "--win-tile",
            "5m",
            "--tsumo",
            "--players-in-hand",
            "2",
            "--rule",
            "self_draw=none",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "All pungs" in out and "Pure suit" in out
    assert "points: 16" in out and "each pays 8" in out


def test_cli_json_sichuan(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        json.dumps(request("11113355m224488p", "5m")),
        json.dumps(request("111m222m555p888p99p1z", "9p")),
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code = main(["score", "--json"])
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert code == 2  # the second request is malformed
    assert first["items"] == [
        {"id": "dragon_seven_pairs", "name": "Dragon seven pairs", "value": 3}
    ]
    assert first["points"] == {"total": 8, "payers": [{"from": "discarder", "amount": 8}]}
    assert second["field"] == "hand" and "1z" in second["error"]

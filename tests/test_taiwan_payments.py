"""Taiwan payments (shared/rules/taiwan.md "Dealer tai and streak" and "Payment").

Every amount is worked out by hand: base 3 + 1 per tai, plus 1 + 2n dealer tai on the payment
the dealer is involved in (winning, dealing in, paying for a self-draw). The two hands below are
worth 1 tai on a discard (closed hand) and 3 tai self-drawn (closed self-draw).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from majiang.cli import main
from majiang.rules.taiwan.payments import dealer_tai, payments
from majiang.scoring import score

CLOSED = "123456m222p789p55678s"  # 1 tai on a discard, 3 self-drawn
OPEN = "456m222p789p55678s"  # with chi 123m: 0 tai on a discard


def win(seat: str, how: str, discarder: str | None, streak: int, **extra: Any) -> dict[str, Any]:
    req: dict[str, Any] = {
        "variant": "taiwan",
        "hand": CLOSED,
        "win_tile": "8s",
        "win": how,
        "seat_wind": seat,
        "round_wind": "E",
        "dealer_streak": streak,
        **extra,
    }
    if discarder is not None:
        req["discarder"] = discarder
    return score(req)


@pytest.mark.parametrize(
    ("seat", "how", "discarder", "streak", "payers"),
    [
        # non-dealer wins on a non-dealer's discard: 3 + 1, no dealer tai whatever the streak
        ("S", "ron", "W", 0, [("W", 4)]),
        ("S", "ron", "W", 1, [("W", 4)]),
        ("S", "ron", "W", 3, [("W", 4)]),
        # the dealer deals in: 3 + 1 + (1 + 2n)
        ("S", "ron", "E", 0, [("E", 5)]),
        ("S", "ron", "E", 1, [("E", 7)]),
        ("S", "ron", "E", 3, [("E", 11)]),
        # non-dealer self-draw: 3 + 3 from each, the dealer adds 1 + 2n
        ("S", "tsumo", None, 0, [("W", 6), ("N", 6), ("E", 7)]),
        ("S", "tsumo", None, 1, [("W", 6), ("N", 6), ("E", 9)]),
        ("S", "tsumo", None, 3, [("W", 6), ("N", 6), ("E", 13)]),
        ("N", "tsumo", None, 1, [("E", 9), ("S", 6), ("W", 6)]),
        # the dealer wins on a discard: 3 + 1 + (1 + 2n) from the discarder
        ("E", "ron", "S", 0, [("S", 5)]),
        ("E", "ron", "N", 1, [("N", 7)]),
        ("E", "ron", "W", 3, [("W", 11)]),
        # the dealer self-draws: each pays 3 + 3 + (1 + 2n)
        ("E", "tsumo", None, 0, [("S", 7), ("W", 7), ("N", 7)]),
        ("E", "tsumo", None, 1, [("S", 9), ("W", 9), ("N", 9)]),
        ("E", "tsumo", None, 3, [("S", 13), ("W", 13), ("N", 13)]),
        # discarder not given: a non-dealer (contract), named by role
        ("S", "ron", None, 3, [("discarder", 4)]),
        ("E", "ron", None, 1, [("discarder", 7)]),
    ],
)
def test_payments(
    seat: str, how: str, discarder: str | None, streak: int, payers: list[tuple[str, int]]
) -> None:
    result = win(seat, how, discarder, streak)
    assert [(p["from"], p["amount"]) for p in result["points"]["payers"]] == payers
    assert result["points"]["total"] == sum(a for _, a in payers)
    # dealer tai are never items and never in total
    assert result["total"] == (3 if how == "tsumo" else 1)
    assert all(not i["id"].startswith("dealer") for i in result["items"])


@pytest.mark.parametrize(
    ("seat", "discarder", "streak", "dealer_tai_shown"),
    [("S", "W", 3, 0), ("S", "E", 3, 7), ("E", "S", 1, 3), ("S", None, 0, 0)],
)
def test_dealer_tai_field(
    seat: str, discarder: str | None, streak: int, dealer_tai_shown: int
) -> None:
    assert win(seat, "ron", discarder, streak)["dealer_tai"] == dealer_tai_shown


@pytest.mark.parametrize(
    ("discarder", "streak", "amount"),
    [("W", 0, 3), ("E", 0, 4), ("E", 1, 6), ("E", 3, 10)],
)
def test_zero_tai_win_is_valid(discarder: str, streak: int, amount: int) -> None:
    result = score(
        {
            "variant": "taiwan",
            "hand": OPEN,
            "melds": ["chi 123m"],
            "win_tile": "8s",
            "seat_wind": "S",
            "discarder": discarder,
            "dealer_streak": streak,
        }
    )
    assert result["valid"] is True
    assert (result["items"], result["total"]) == ([], 0)
    assert result["points"] == {"total": amount, "payers": [{"from": discarder, "amount": amount}]}


def test_base_and_tai_value_options() -> None:
    # 10 + 2 * 3 = 16 from each; the dealer adds 2 * (1 + 2 * 1) = 6
    result = win("S", "tsumo", None, 1, rules={"base": 10, "tai_value": 2})
    assert result["points"]["payers"] == [
        {"from": "W", "amount": 16},
        {"from": "N", "amount": 16},
        {"from": "E", "amount": 22},
    ]
    assert result["points"]["total"] == 54


def test_robbing_kong_is_paid_by_the_robbed_player() -> None:
    result = win("W", "ron", "E", 0, situation=["robbing_kong"])
    # closed hand + robbing a kong = 2 tai; 3 + 2 + 1 dealer tai
    assert result["points"]["payers"] == [{"from": "E", "amount": 6}]


@pytest.mark.parametrize(("streak", "expected"), [(0, 1), (1, 3), (2, 5), (3, 7)])
def test_dealer_tai(streak: int, expected: int) -> None:
    assert dealer_tai(streak) == expected


def test_payments_function_turn_order() -> None:
    pts = payments(total=5, winner=2, tsumo=True, discarder=None, dealer_streak=0)
    assert [(p.payer, p.amount) for p in pts.payers] == [("N", 8), ("E", 9), ("S", 8)]
    assert pts.total == 25


def test_cli_flags(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--variant", "taiwan", "--hand", CLOSED, "--win-tile", "8s", "--seat", "S"]
    code = main([*argv, "--discarder", "E", "--dealer-streak", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Closed hand" in out
    assert "E pays 7" in out


def test_cli_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    good = {"variant": "taiwan", "hand": CLOSED, "win_tile": "8s", "win": "tsumo", "seat_wind": "E"}
    bad = {**good, "situation": ["earthly"]}
    lines = "\n".join(json.dumps(r) for r in (good, bad)) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["score", "--json"])
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert code == 2
    assert first["total"] == 3 and first["points"]["total"] == 21
    assert second["field"] == "situation"

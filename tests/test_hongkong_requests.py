"""Hong Kong requests: errors name their field, contradictions are rejected, the CLI works.

Sources: rules/README.md ("Bad notation ... a flower in hk, 2m in hk2"; "Malformed requests get
an error object"; the situation vocabulary) and hongkong.md (seats of hk2, pao).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import majiang
from majiang.cli import main
from majiang.errors import InvalidRequest
from majiang.scoring import error_object, score
from test_hongkong_support import items_of, request

CHOWS = "123m456m789p234s55p"  # a concealed all-chows hand
HK2 = "123p456p789p11z222z"  # a concealed half flush in the 80-tile set


@pytest.mark.parametrize(
    ("req", "field", "quoted"),
    [
        (request("11111m456m789p55p", "1m"), "hand", "'1m'"),  # README: a fifth copy
        (request("123p456p789p11z222m", "1z", variant="hk2"), "hand", "'2m'"),
        (request("123p456p789p11z222z", "1z", variant="hk2", melds=["chi 789s"]), "melds", "'7s'"),
        (request("123m456m789p234s55p1f", "5p"), "hand", "'1f'"),
        (request(CHOWS, "5p", flowers="5f"), "flowers", "'5f'"),
        (request(HK2, "1z", variant="hk2", flowers="1f"), "flowers", "'1f'"),
        (request("123m406m789p234s55p", "5p"), "hand", "'0m'"),
        (request(CHOWS, "5p", variant="hkos", flowers="11f"), "flowers", "'1f'"),
    ],
)
def test_tiles_outside_the_set_name_the_field_and_tile(
    req: dict[str, Any], field: str, quoted: str
) -> None:
    with pytest.raises(InvalidRequest) as err:
        score(req)
    assert err.value.field == field
    assert quoted in str(err.value)


@pytest.mark.parametrize(
    ("req", "field", "message"),
    [
        (request("123m456m789p234s5p", "5p"), "hand", "has 13"),
        (request("123m456m789p234s555p", "5p"), "hand", "has 15"),
        (
            request(
                "55p", "5p", melds=["chi 123m", "chi 456m", "chi 789m", "chi 123p", "chi 456p"]
            ),
            "hand",
            "has 17",
        ),
        (request(HK2, "1z", variant="hk2", seat_wind="W"), "seat_wind", "2-player"),
        (request("123p456p789p11z222z", "1z", variant="hk2", discarder="N"), "discarder", "N"),
        (request(CHOWS, "5p", win="tsumo", discarder="S"), "discarder", "no discarder"),
        (request(CHOWS, "5p", situation=["yakitori"]), "situation", "unknown situation"),
        # situations that cannot happen
        (request(CHOWS, "5p", win="tsumo", situation=["kong_replacement"]), "situation", "a kong"),
        (
            request("123m456m234s55p", "5p", melds=["kan 7777p"], situation=["kong_replacement"]),
            "situation",
            "a self-drawn win, not 'ron': choose 'tsumo'",
        ),
        (
            request(CHOWS, "5p", win="tsumo", situation=["robbing_kong"]),
            "situation",
            "a win on another player's tile, not 'tsumo': choose 'ron'",
        ),
        (
            request(CHOWS, "5p", situation=["last_tile"]),
            "situation",
            "a self-drawn win, not 'ron': choose 'tsumo'",
        ),
        (
            request(CHOWS, "5p", win="tsumo", situation=["last_discard"]),
            "situation",
            "a win on another player's tile, not 'tsumo': choose 'ron'",
        ),
        (
            request(CHOWS, "5p", win="tsumo", situation=["kong_discard"]),
            "situation",
            "a win on another player's tile, not 'tsumo': choose 'ron'",
        ),
        (
            request(
                "123m456m234s55p",
                "5p",
                win="tsumo",
                melds=["kan 7777p"],
                situation=["consecutive_kongs"],
            ),
            "situation",
            "two kongs",
        ),
        (
            request(CHOWS, "5p", win="tsumo", situation=["heavenly"], seat_wind="S"),
            "situation",
            "dealer",
        ),
        (
            request(CHOWS, "5p", situation=["heavenly"]),
            "situation",
            "a self-drawn win, not 'ron': choose 'tsumo'",
        ),
        (
            request(
                "123m456m234s55p", "5p", win="tsumo", melds=["ankan 7777p"], situation=["heavenly"]
            ),
            "situation",
            "melds",
        ),
        (request(CHOWS, "5p", win="tsumo", situation=["earthly"]), "situation", "non-dealer"),
        # a robbed kong tile is the fourth of its kind: the winner cannot hold another
        (request("123m456m789p234s55p", "5p", situation=["robbing_kong"]), "situation", "not 2"),
        (request("123m456m789p234s22s", "2s", situation=["robbing_kong"]), "situation", "not 3"),
    ],
)
def test_contradictions_name_the_field(req: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(InvalidRequest, match=message) as err:
        score(req)
    assert err.value.field == field
    assert error_object(err.value)["field"] == field


@pytest.mark.parametrize(
    "situation",
    [["riichi"], ["ippatsu", "double_riichi"], ["last_discard"], ["kong_discard"], ["human"]],
)
def test_situations_hk_has_no_use_for_are_ignored(situation: list[str]) -> None:
    plain = score(request(CHOWS, "5p", seat_wind="S"))
    marked = score(request(CHOWS, "5p", seat_wind="S", situation=situation))
    assert items_of(marked) == items_of(plain) == {"all_chows": 1, "concealed_hand": 1}


def test_hk2_seats_and_discarder() -> None:
    # the 2-player table seats East and South; South may discard to East
    req = request("123p456p789p11z222z", "1z", variant="hk2", seat_wind="E", discarder="S")
    result = score(req)
    assert result["valid"] is True
    assert result["points"]["payers"] == [{"from": "discarder", "amount": 2 ** result["total"]}]


# -- through the public API and the CLI -------------------------------------------------------


def test_contract_result_shape_through_majiang_score() -> None:
    result = majiang.score(request("123m456m789m11z222z", "2z", win="tsumo", seat_wind="S"))
    assert result == {
        "valid": True,
        "reason": None,
        "items": [
            {"id": "concealed_hand", "name": "Concealed hand", "value": 1},
            {"id": "self_drawn", "name": "Self-drawn", "value": 1},
            {"id": "seat_wind_pung", "name": "Seat wind pung", "value": 1},
            {"id": "half_flush", "name": "Half flush", "value": 3},
        ],
        "unit": "fan",
        "total": 6,
        "fu": None,
        "fu_items": [],
        "limit": None,
        "points": {"total": 96, "payers": [{"from": "each", "amount": 32}]},
        "decomposition": "123m 456m 789m 222z 11z",
    }


def test_cli_score_prints_the_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "score",
            "--variant",
            "hk",
            "--hand",
            "666z77z123m456m",
            "--melds",
            "pon 555z",
            "--win-tile",
            "7z",
            "--discarder",
            "W",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Small three dragons" in out
    assert "points: 128" in out  # 8 fan: 2 x p(8) = 128
    assert "discarder pays 128" in out


def test_cli_score_json_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = request("123m456m789m11z222z", "2z", win="tsumo", seat_wind="S")
    bad = request("123p456p789p11z222m", "1z", variant="hk2")
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(good) + "\n" + json.dumps(bad) + "\n"))
    code = main(["score", "--json"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 2
    assert lines[0]["total"] == 6
    assert lines[0]["points"]["total"] == 96
    assert lines[1]["field"] == "hand"
    assert "'2m'" in lines[1]["error"]


def test_cli_bad_rule_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["score", "--variant", "hk", "--hand", CHOWS, "--win-tile", "5p", "--rule", "nope=1"]
    )
    assert code == 2
    assert "unknown rule 'nope' for hk" in capsys.readouterr().err

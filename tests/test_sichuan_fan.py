"""Sichuan fan: every pattern and bonus of seed 004 (shared/rules/sichuan.md "Fan"), positive and
closest negative, the cap, the best reading, the missing-suit rule and contradictory requests."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import InvalidRequest
from majiang.hand import parse_hand
from majiang.rules.sichuan.fan import BONUSES, LIMIT_HANDS, PATTERNS, best_fan
from majiang.scoring import score


def sichuan(hand: str, win_tile: str, win: str = "ron", **kw: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"variant": "sichuan", "hand": hand, "win_tile": win_tile, "win": win}
    request.update(kw)
    return score(request)


def fan_of(result: dict[str, Any]) -> dict[str, int]:
    assert result["valid"], result["reason"]
    return {i["id"]: i["value"] for i in result["items"]}


# (source, hand, melds, win_tile, expected items, total)
PATTERN_CASES = [
    # plain hand: complete, no other pattern
    ("plain hand", "123m456m789m234p55p", [], "5p", {"plain_hand": 0}, 0),
    # all pungs: four pungs or kongs; closest negative: one chow
    ("all pungs", "111m222m555p888p99p", [], "9p", {"all_pungs": 1}, 1),
    ("all pungs, one chow", "111m222m555p678p99p", [], "9p", {"plain_hand": 0}, 0),
    (
        "all pungs with melds",
        "222m99p",
        ["pon 111m", "kan 5555p", "pon 888p"],
        "9p",
        {"all_pungs": 1, "root": 1},
        2,
    ),
    # pure suit: all tiles of one suit; negative: the pair of another suit
    ("pure suit", "123456789m234m55m", [], "5m", {"pure_suit": 2}, 2),
    ("pure suit, pair of dots", "123456789m234m55p", [], "5p", {"plain_hand": 0}, 0),
    ("pure suit with a meld", "123m456m678m55m", ["pon 999m"], "5m", {"pure_suit": 2}, 2),
    # terminals in every set: every set and the pair hold a 1 or 9; negative: pair of 5s
    ("terminals in every set", "123m789m123p999p11m", [], "1m", {"terminals_in_every_set": 2}, 2),
    ("terminals, pair of 5s", "123m789m123p999p55m", [], "5m", {"plain_hand": 0}, 0),
    ("terminals, a middle chow", "123m789m234p999p11m", [], "1m", {"plain_hand": 0}, 0),
    # seven pairs, no calls
    ("seven pairs", "11335599m224488p", [], "9m", {"seven_pairs": 2}, 2),
    ("pure seven pairs", "11335599m224488m", [], "9m", {"pure_suit": 2, "seven_pairs": 2}, 4),
    # dragon seven pairs replaces seven pairs (3, not 5); its four are not a root
    ("dragon seven pairs", "11113355m224488p", [], "5m", {"dragon_seven_pairs": 3}, 3),
    # 2-5-8 pungs: on top of all pungs; negative: one pung of 3s
    ("2-5-8 pungs", "222m555m555p888p22p", [], "2p", {"all_pungs": 1, "pungs_258": 2}, 3),
    ("2-5-8 pungs, a pung of 3s", "333m555m555p888p22p", [], "2p", {"all_pungs": 1}, 1),
    ("2-5-8 pungs, pair of 3s", "222m555m555p888p33p", [], "3p", {"all_pungs": 1}, 1),
    # golden hook: four sets called, won on a single tile for the pair; negative: three called
    (
        "golden hook",
        "55p",
        ["pon 111m", "pon 999m", "pon 222p", "pon 888p"],
        "5p",
        {"all_pungs": 1, "golden_hook": 1},
        2,
    ),
    (
        "golden hook with a concealed kong",
        "55p",
        ["pon 111m", "pon 999m", "ankan 2222p", "pon 888p"],
        "5p",
        {"all_pungs": 1, "golden_hook": 1, "root": 1},
        3,
    ),
    (
        "three sets called",
        "333p55p",
        ["pon 111m", "pon 999m", "pon 222p"],
        "5p",
        {"all_pungs": 1},
        1,
    ),
    # roots: each kind held four times, in hand or as a kong
    (
        "root: a pung and the fourth in a chow",
        "456m789m234p11p",
        ["pon 555m"],
        "1p",
        {"plain_hand": 0, "root": 1},
        1,
    ),
    ("root: four in hand", "123m456m234p444p55p", [], "5p", {"plain_hand": 0, "root": 1}, 1),
    ("root: a kong", "123m456m789m55p", ["kan 2222p"], "5p", {"plain_hand": 0, "root": 1}, 1),
    ("no root: a pung alone", "123m456m789m55p", ["pon 222p"], "5p", {"plain_hand": 0}, 0),
    ("two roots", "456m789m11p", ["pon 555m", "kan 3333p"], "1p", {"plain_hand": 0, "root": 2}, 2),
]


@pytest.mark.parametrize(
    ("source", "hand", "melds", "win_tile", "items", "total"),
    PATTERN_CASES,
    ids=[c[0] for c in PATTERN_CASES],
)
def test_patterns(
    source: str, hand: str, melds: list[str], win_tile: str, items: dict[str, int], total: int
) -> None:
    result = sichuan(hand, win_tile, melds=melds)
    assert fan_of(result) == items
    assert result["total"] == total
    assert result["points"] == {
        "total": 2**total,
        "payers": [{"from": "discarder", "amount": 2**total}],
    }


def test_dragon_seven_pairs_second_four_is_a_root() -> None:
    # spec: "those four are not also a root, a second set of four is"
    result = sichuan("11113333m5599p22p", "2p")
    assert fan_of(result) == {"dragon_seven_pairs": 3, "root": 1}
    assert result["total"] == 4


def test_every_table_row_has_a_case() -> None:
    covered = {i for c in PATTERN_CASES for i in c[4]}
    assert {p.id for p in PATTERNS} <= covered


@pytest.mark.parametrize(
    ("hand", "melds", "win_tile", "win", "situation", "items", "total"),
    [
        # seed 004 bonus table; each 1 fan on top of the hand
        (
            "123m456m789m55p",
            ["ankan 2222p"],
            "5p",
            "tsumo",
            ["kong_replacement"],
            {"plain_hand": 0, "root": 1, "kong_replacement": 1},
            2,
        ),
        (
            "123m456m789m234p55p",
            [],
            "5p",
            "ron",
            ["kong_discard"],
            {"plain_hand": 0, "kong_discard": 1},
            1,
        ),
        (
            "123m456m789m234p55p",
            [],
            "2p",
            "ron",
            ["robbing_kong"],
            {"plain_hand": 0, "robbing_kong": 1},
            1,
        ),
        (
            "123m456m789m234p55p",
            [],
            "5p",
            "tsumo",
            ["last_tile"],
            {"plain_hand": 0, "last_tile": 1},
            1,
        ),
        (
            "123m456m789m234p55p",
            [],
            "5p",
            "ron",
            ["last_discard"],
            {"plain_hand": 0, "last_discard": 1},
            1,
        ),
        # bonus fan add to the patterns, then the cap
        (
            "123456789m234m55m",
            [],
            "5m",
            "ron",
            ["kong_discard", "last_discard"],
            {"pure_suit": 2, "kong_discard": 1, "last_discard": 1},
            4,
        ),
        # heavenly (dealer) and earthly (non-dealer) hands go to the cap
        (
            "123m456m789m234p55p",
            [],
            "5p",
            "tsumo",
            ["heavenly"],
            {"plain_hand": 0, "heavenly": 4},
            4,
        ),
        ("123m456m789m234p55p", [], "5p", "tsumo", ["earthly"], {"plain_hand": 0, "earthly": 4}, 4),
        # closest negative: no situation, no bonus
        ("123m456m789m234p55p", [], "5p", "tsumo", [], {"plain_hand": 0}, 0),
        # situations Sichuan has no use for are ignored (shared contract)
        ("123m456m789m234p55p", [], "5p", "ron", ["riichi", "ippatsu"], {"plain_hand": 0}, 0),
    ],
)
def test_bonus_fan(
    hand: str,
    melds: list[str],
    win_tile: str,
    win: str,
    situation: list[str],
    items: dict[str, int],
    total: int,
) -> None:
    seat = "S" if "earthly" in situation else "E"
    result = sichuan(hand, win_tile, win, melds=melds, situation=situation, seat_wind=seat)
    assert fan_of(result) == items
    assert result["total"] == total
    assert result["limit"] == ("limit" if total >= 4 else None)


def test_every_bonus_has_a_case() -> None:
    assert {p.id for p in BONUSES} == {
        "kong_replacement",
        "kong_discard",
        "robbing_kong",
        "last_tile",
        "last_discard",
        "self_draw",
    }
    assert {p.id for p in LIMIT_HANDS} == {"heavenly", "earthly"}


def test_heavenly_at_a_raised_cap() -> None:
    result = sichuan(
        "123m456m789m234p55p",
        "5p",
        "tsumo",
        situation=["heavenly"],
        rules={"max_fan": 6, "self_draw": "none"},
    )
    assert result["total"] == 6 and result["limit"] == "limit"
    assert result["points"] == {"total": 192, "payers": [{"from": "each", "amount": 64}]}


@pytest.mark.parametrize(
    ("rules", "total", "limit", "amount"),
    [
        # pure dragon seven pairs: pure suit 2 + dragon seven pairs 3 = 5
        ({}, 4, "limit", 16),  # default cap 4 fan
        ({"max_fan": 5}, 5, "limit", 32),  # exactly at the cap: paid at the limit
        ({"max_fan": 6}, 5, None, 32),
        ({"max_fan": 3}, 3, "limit", 8),
        ({"max_fan": 3, "base": 2}, 3, "limit", 16),
    ],
)
def test_cap(rules: dict[str, int], total: int, limit: str | None, amount: int) -> None:
    result = sichuan("11113355m224488m", "5m", rules=rules)
    assert fan_of(result) == {"pure_suit": 2, "dragon_seven_pairs": 3}
    assert (result["total"], result["limit"], result["uncapped"]) == (total, limit, 5)
    assert result["points"]["payers"] == [{"from": "discarder", "amount": amount}]


def test_below_cap_is_not_limit() -> None:
    result = sichuan("111m222m555p888p99p", "9p")
    assert result["limit"] is None and result["uncapped"] == 1


def test_best_reading_wins() -> None:
    # 111 222 333 444 55 (all pungs 1 + pure 2) beats 123 123 123 444 55 (pure 2)
    result = sichuan("11122233344455m", "5m")
    assert fan_of(result) == {"all_pungs": 1, "pure_suit": 2}
    # seven pairs (2) beats the reading 123m 123m 456p 456p 77p (plain hand)
    result = sichuan("112233m445566p77p", "7p")
    assert fan_of(result) == {"seven_pairs": 2}


def test_best_fan_none_for_incomplete() -> None:
    assert best_fan(parse_hand("123m456m789m234p56p"), tsumo=False) is None


@pytest.mark.parametrize(
    ("hand", "melds", "win_tile", "reason"),
    [
        ("123m456p789s111s22s", [], "2s", "three suits"),  # concealed three suits
        ("123m456p111p22p", ["pon 777s"], "2p", "three suits"),  # the meld brings the third
        ("123m456m789m234p56p", [], "6p", "not complete"),
        ("123m456m789m55p", [], "5p", "14 tiles"),
    ],
)
def test_not_a_win(hand: str, melds: list[str], win_tile: str, reason: str) -> None:
    result = sichuan(hand, win_tile, melds=melds)
    assert result["valid"] is False
    assert reason in result["reason"]
    assert result["points"]["total"] == 0


def test_three_suits_win_when_missing_suit_is_off() -> None:
    result = sichuan("123m456p789s111s22s", "2s", rules={"missing_suit": False})
    assert result["valid"] and fan_of(result) == {"plain_hand": 0}


@pytest.mark.parametrize(
    ("fields", "field", "quoted"),
    [
        ({"hand": "123m456m789m234p1z1z", "win_tile": "1z"}, "hand", "1z"),
        ({"hand": "123m456m789m234p55p1f", "win_tile": "5p"}, "hand", "1f"),
        ({"hand": "123m456m789m55p", "melds": ["pon 777z"], "win_tile": "5p"}, "melds", "7z"),
        ({"hand": "123m456m789m234p55p", "flowers": "2f", "win_tile": "5p"}, "flowers", "2f"),
        ({"hand": "123m456m55p", "melds": ["chi 789m"], "win_tile": "5p"}, "melds", "chi"),
        ({"rules": {"self_draw": "double"}}, "rules", "double"),
        ({"rules": {"max_fan": -1}}, "rules", "max_fan"),
        ({"rules": {"kong_flower_from_discard": "winner"}}, "rules", "winner"),
        ({"rules": {"aka": 1}}, "rules", "aka"),
    ],
)
def test_bad_request_names_the_field(fields: dict[str, Any], field: str, quoted: str) -> None:
    request = {"variant": "sichuan", "hand": "123m456m789m234p55p", "win_tile": "5p", **fields}
    with pytest.raises(InvalidRequest) as err:
        score(request)
    assert err.value.field == field
    assert quoted in str(err.value)


PLAIN = "123m456m789m234p55p"


@pytest.mark.parametrize(
    ("fields", "field", "quoted"),
    [
        ({"win": "tsumo", "situation": ["heavenly"], "seat_wind": "S"}, "situation", "dealer"),
        ({"win": "ron", "situation": ["heavenly"]}, "situation", "heavenly"),
        ({"win": "tsumo", "situation": ["earthly"], "seat_wind": "E"}, "situation", "earthly"),
        ({"win": "ron", "situation": ["earthly"], "seat_wind": "S"}, "situation", "earthly"),
        ({"win": "tsumo", "situation": ["heavenly", "last_tile"]}, "situation", "last_tile"),
        ({"win": "tsumo", "situation": ["robbing_kong"]}, "situation", "robbing_kong"),
        ({"win": "tsumo", "situation": ["kong_discard"]}, "situation", "kong_discard"),
        ({"win": "tsumo", "situation": ["last_discard"]}, "situation", "last_discard"),
        ({"win": "ron", "situation": ["kong_replacement"]}, "situation", "kong_replacement"),
        ({"win": "ron", "situation": ["last_tile"]}, "situation", "last_tile"),
        ({"win": "tsumo", "situation": ["kong_replacement"]}, "situation", "needs a kong"),
        ({"situation": ["robbing_kong", "kong_discard"]}, "situation", "robbing_kong"),
        ({"situation": ["robbing_kong"]}, "situation", "holds 2"),  # 5p: the hand holds a pair
        ({"win": "tsumo", "discarder": "W"}, "discarder", "kong_replacement"),
        (
            {
                "hand": "123m456m789m5p",
                "melds": ["pon 222p"],
                "win_tile": "5p",
                "win": "tsumo",
                "situation": ["heavenly"],
            },
            "situation",
            "before any",
        ),
    ],
)
def test_contradictions(fields: dict[str, Any], field: str, quoted: str) -> None:
    request = {"variant": "sichuan", "hand": PLAIN, "win_tile": "5p", **fields}
    with pytest.raises(InvalidRequest) as err:
        score(request)
    assert err.value.field == field
    assert quoted in str(err.value)

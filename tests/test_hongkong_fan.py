"""Hong Kong fan patterns, one row of hongkong.md "Fan (seed 000)" at a time.

Every pattern has a hand that shows it and the closest hand that does not. Hands are scored
with ``min_fan: 0`` so that small hands still list their items. Seat and round wind default to
East unless a case says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.rules.hongkong.fan import HK_PATTERNS
from majiang.scoring import score
from test_hongkong_support import fan_items, items_of, request

# (case, hand, win tile, win, melds, extra request fields, pattern id, expected value or None)
CASES: list[tuple[str, str, str, str, list[str], dict[str, Any], str, int | None]] = [
    # 1 fan: all chows: four chows and a pair, no pung or kong
    ("all_chows", "123m456m789p234s55p", "2s", "ron", [], {}, "all_chows", 1),
    ("all_chows open", "456m789p234s55p", "2s", "ron", ["chi 123m"], {}, "all_chows", 1),
    ("all_chows: one pung", "123m456m789p222s55p", "5p", "ron", [], {}, "all_chows", None),
    # 1 fan: concealed hand; the winning tile never opens the hand
    ("concealed on ron", "123m456m789p234s55p", "2s", "ron", [], {}, "concealed_hand", 1),
    ("concealed: a chi", "456m789p234s55p", "2s", "ron", ["chi 123m"], {}, "concealed_hand", None),
    (
        "concealed: a concealed kong counts as open",
        "123m456m234s55p",
        "2s",
        "ron",
        ["ankan 7777p"],
        {},
        "concealed_hand",
        None,
    ),
    # 1 fan: self-drawn
    ("self_drawn", "123m456m789p234s55p", "2s", "tsumo", [], {}, "self_drawn", 1),
    ("self_drawn: ron", "123m456m789p234s55p", "2s", "ron", [], {}, "self_drawn", None),
    # 1 fan each: dragon pung or kong
    ("white pung", "123m456m789p55p", "5p", "ron", ["pon 555z"], {}, "white_dragon_pung", 1),
    ("green kong", "123m456m789p55p", "5p", "ron", ["kan 6666z"], {}, "green_dragon_pung", 1),
    ("red concealed pung", "123m456m789p777z55p", "5p", "ron", [], {}, "red_dragon_pung", 1),
    ("white pair only", "123m456m789p234s55z", "2s", "ron", [], {}, "white_dragon_pung", None),
    (
        "green: a white pung",
        "123m456m789p55p",
        "5p",
        "ron",
        ["pon 555z"],
        {},
        "green_dragon_pung",
        None,
    ),
    ("red pair only", "123m456m789p234s77z", "2s", "ron", [], {}, "red_dragon_pung", None),
    # 1 / 2 fan: seat wind, round wind, both when they are the same wind
    (
        "seat wind S",
        "123m456m789p55p",
        "5p",
        "ron",
        ["pon 222z"],
        {"seat_wind": "S", "round_wind": "E"},
        "seat_wind_pung",
        1,
    ),
    (
        "seat wind: round wind only",
        "123m456m789p55p",
        "5p",
        "ron",
        ["pon 111z"],
        {"seat_wind": "S", "round_wind": "E"},
        "seat_wind_pung",
        None,
    ),
    (
        "round wind E",
        "123m456m789p55p",
        "5p",
        "ron",
        ["pon 111z"],
        {"seat_wind": "S", "round_wind": "E"},
        "round_wind_pung",
        1,
    ),
    (
        "round wind: North pung is neither",
        "123m456m789p55p",
        "5p",
        "ron",
        ["pon 444z"],
        {"seat_wind": "S", "round_wind": "E"},
        "round_wind_pung",
        None,
    ),
    # 1 fan: terminals and honors (all pungs of 1s, 9s and honors; adds to all pungs)
    (
        "terminals_and_honors",
        "999p999s111z55z",
        "5z",
        "ron",
        ["pon 111m"],
        {},
        "terminals_and_honors",
        1,
    ),
    (
        "terminals_and_honors: a 2",
        "999p999s111z55z",
        "5z",
        "ron",
        ["pon 222m"],
        {},
        "terminals_and_honors",
        None,
    ),
    (
        "terminals_and_honors: a chow of 1-2-3 is not a pung",
        "999p999s111z55z",
        "5z",
        "ron",
        ["chi 123m"],
        {},
        "terminals_and_honors",
        None,
    ),
    # 1 fan each: robbing a kong, kong replacement, last wall tile
    (
        "robbing_kong",
        "123m456m789p234s55p",
        "4s",
        "ron",
        [],
        {"situation": ["robbing_kong"]},
        "robbing_kong",
        1,
    ),
    ("robbing_kong: not named", "123m456m789p234s55p", "4s", "ron", [], {}, "robbing_kong", None),
    (
        "kong_replacement",
        "123m456m234s55p",
        "5p",
        "tsumo",
        ["kan 7777p"],
        {"situation": ["kong_replacement"]},
        "kong_replacement",
        1,
    ),
    (
        "kong_replacement: not named",
        "123m456m234s55p",
        "5p",
        "tsumo",
        ["kan 7777p"],
        {},
        "kong_replacement",
        None,
    ),
    (
        "last_tile",
        "123m456m789p234s55p",
        "5p",
        "tsumo",
        [],
        {"situation": ["last_tile"]},
        "last_tile",
        1,
    ),
    (
        "last_discard scores nothing in hk",
        "123m456m789p234s55p",
        "5p",
        "ron",
        [],
        {"situation": ["last_discard", "kong_discard"]},
        "last_tile",
        None,
    ),
    # 3 fan: half flush
    ("half_flush", "123m456m789m11z222z", "1z", "ron", [], {}, "half_flush", 3),
    ("half_flush: two suits", "123m456m789p11z222z", "1z", "ron", [], {}, "half_flush", None),
    (
        "half_flush: no honor is full",
        "123m456m789m222m55m",
        "5m",
        "ron",
        [],
        {},
        "half_flush",
        None,
    ),
    # 3 fan: all pungs
    ("all_pungs", "555p888s777z11z", "1z", "ron", ["pon 222m"], {}, "all_pungs", 3),
    ("all_pungs: a chow", "555p678s777z11z", "1z", "ron", ["pon 222m"], {}, "all_pungs", None),
    # 3 (+2) fan: small three dragons
    (
        "small_three_dragons",
        "666z77z123m456m",
        "7z",
        "ron",
        ["pon 555z"],
        {},
        "small_three_dragons",
        3,
    ),
    (
        "small_three_dragons: wind pair",
        "666z11z123m456m",
        "1z",
        "ron",
        ["pon 555z"],
        {},
        "small_three_dragons",
        None,
    ),
    # 5 (+3) fan: big three dragons
    ("big_three_dragons", "666z777z123m55p", "5p", "ron", ["pon 555z"], {}, "big_three_dragons", 5),
    (
        "big_three_dragons: two sets and a pair",
        "666z77z123m456m",
        "7z",
        "ron",
        ["pon 555z"],
        {},
        "big_three_dragons",
        None,
    ),
    # 7 fan: full flush
    ("full_flush", "123m456m789m222m55m", "5m", "ron", [], {}, "full_flush", 7),
    ("full_flush: an honor pair", "123m456m789m222m55z", "5z", "ron", [], {}, "full_flush", None),
    # 10 fan hands (worth the cap)
    ("all_honors", "222z333z555z77z", "7z", "ron", ["pon 111z"], {}, "all_honors", 10),
    (
        "all_honors: one suit pair",
        "222z333z555z11m",
        "1m",
        "ron",
        ["pon 111z"],
        {},
        "all_honors",
        None,
    ),
    ("small_four_winds", "222z333z44z123m", "4z", "ron", ["pon 111z"], {}, "small_four_winds", 10),
    (
        "small_four_winds: dragon pair",
        "222z333z55z123m",
        "5z",
        "ron",
        ["pon 111z"],
        {},
        "small_four_winds",
        None,
    ),
    ("big_four_winds", "222z333z444z11m", "1m", "ron", ["pon 111z"], {}, "big_four_winds", 10),
    (
        "big_four_winds: three sets",
        "222z333z44z123m",
        "4z",
        "ron",
        ["pon 111z"],
        {},
        "big_four_winds",
        None,
    ),
    (
        "four_concealed_pungs self-drawn",
        "111m333p555s777z99s",
        "1m",
        "tsumo",
        [],
        {},
        "four_concealed_pungs",
        10,
    ),
    (
        "four_concealed_pungs: discard on the pair",
        "111m333p555s777z99s",
        "9s",
        "ron",
        [],
        {},
        "four_concealed_pungs",
        10,
    ),
    (
        "four_concealed_pungs: discard completes a pung",
        "111m333p555s777z99s",
        "1m",
        "ron",
        [],
        {},
        "four_concealed_pungs",
        None,
    ),
    (
        "four_concealed_pungs: a concealed kong",
        "333p555s777z99s",
        "9s",
        "tsumo",
        ["ankan 1111m"],
        {},
        "four_concealed_pungs",
        None,
    ),
    (
        "four_kongs",
        "55z",
        "5z",
        "ron",
        ["kan 1111m", "kan 2222p", "ankan 3333s", "kakan 4444z"],
        {},
        "four_kongs",
        10,
    ),
    (
        "four_kongs: three kongs",
        "444z55z",
        "5z",
        "ron",
        ["kan 1111m", "kan 2222p", "ankan 3333s"],
        {},
        "four_kongs",
        None,
    ),
    ("all_terminals", "999m111p999p11s", "1s", "ron", ["pon 111m"], {}, "all_terminals", 10),
    (
        "all_terminals: honor pair",
        "999m111p999p11z",
        "1z",
        "ron",
        ["pon 111m"],
        {},
        "all_terminals",
        None,
    ),
    (
        "heavenly_hand",
        "123m456m789p234s55p",
        "5p",
        "tsumo",
        [],
        {"situation": ["heavenly"]},
        "heavenly_hand",
        10,
    ),
    (
        "heavenly_hand: not named",
        "123m456m789p234s55p",
        "5p",
        "tsumo",
        [],
        {},
        "heavenly_hand",
        None,
    ),
    (
        "earthly_hand",
        "123m456m789p234s55p",
        "5p",
        "tsumo",
        [],
        {"situation": ["earthly"], "seat_wind": "W"},
        "earthly_hand",
        10,
    ),
    (
        "earthly_hand: human hand is not in hk",
        "123m456m789p234s55p",
        "5p",
        "ron",
        [],
        {"situation": ["human"], "seat_wind": "W"},
        "earthly_hand",
        None,
    ),
    ("thirteen_orphans", "19m19p19s12345677z", "7z", "ron", [], {}, "thirteen_orphans", 10),
    (
        "consecutive_kongs",
        "123s456s55z",
        "5z",
        "tsumo",
        ["kan 1111m", "ankan 2222p"],
        {"situation": ["kong_replacement", "consecutive_kongs"]},
        "consecutive_kongs",
        10,
    ),
    (
        "consecutive_kongs: one replacement only",
        "123s456s55z",
        "5z",
        "tsumo",
        ["kan 1111m", "ankan 2222p"],
        {"situation": ["kong_replacement"]},
        "consecutive_kongs",
        None,
    ),
    ("nine_gates", "11123455678999m", "5m", "ron", [], {}, "nine_gates", 10),
    ("nine_gates on a terminal", "11112345678999m", "1m", "tsumo", [], {}, "nine_gates", 10),
    ("nine_gates: an open chow", "11123455999m", "5m", "ron", ["chi 678m"], {}, "nine_gates", None),
    ("nine_gates on a 9", "11123456789999m", "9m", "ron", [], {}, "nine_gates", 10),
]


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "melds", "fields", "pattern", "expected"),
    [pytest.param(*c[1:], id=c[0]) for c in CASES],
)
def test_pattern(
    hand: str,
    win_tile: str,
    win: str,
    melds: list[str],
    fields: dict[str, Any],
    pattern: str,
    expected: int | None,
) -> None:
    items = fan_items(hand, win_tile, win, melds, **fields)
    assert items.get(pattern) == expected, items


def test_every_pattern_has_a_positive_and_a_negative_case() -> None:
    positive = {c[6] for c in CASES if c[7] is not None}
    negative = {c[6] for c in CASES if c[7] is None}
    ids = {p.id for p in HK_PATTERNS}
    assert ids <= positive
    assert ids - {"thirteen_orphans"} <= negative  # its negative is an incomplete hand, below


def test_thirteen_orphans_missing_one_is_not_a_hand() -> None:
    result = score(request("119m19p19s1234566z", "6z"))
    assert result["valid"] is False
    assert "not a complete hand" in result["reason"]


# -- stacking: the spec's sums --------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "melds", "fields", "expected", "total"),
    [
        # seat wind + round wind: 2 when they are the same wind
        pytest.param(
            "123m456m789p55p",
            "5p",
            "ron",
            ["pon 111z"],
            {},
            {"seat_wind_pung": 1, "round_wind_pung": 1},
            2,
            id="double wind",
        ),
        # concealed hand + self-drawn = 2
        pytest.param(
            "123m456m789p234s55p",
            "5p",
            "tsumo",
            [],
            {},
            {"all_chows": 1, "concealed_hand": 1, "self_drawn": 1},
            3,
            id="concealed + self-drawn",
        ),
        # terminals and honors (1) + all pungs (3) = 4
        pytest.param(
            "999p999s222z55z",
            "5z",
            "ron",
            ["pon 111m"],
            {"seat_wind": "N"},
            {"terminals_and_honors": 1, "all_pungs": 3},
            4,
            id="terminals and honors + all pungs",
        ),
        # kong replacement + last tile + self-drawn add up
        pytest.param(
            "123m456m234s55p",
            "5p",
            "tsumo",
            ["kan 7777p"],
            {"situation": ["kong_replacement", "last_tile"]},
            {"self_drawn": 1, "kong_replacement": 1, "last_tile": 1},
            3,
            id="kong replacement + last tile + self-drawn",
        ),
        # half flush + all pungs
        pytest.param(
            "222m555m999m77z",
            "7z",
            "ron",
            ["pon 111z"],
            {"seat_wind": "S", "round_wind": "S"},
            {"half_flush": 3, "all_pungs": 3},
            6,
            id="half flush + all pungs",
        ),
        # small three dragons + its two dragon sets + half flush = 3 + 2 + 3
        pytest.param(
            "666z77z123m456m",
            "7z",
            "ron",
            ["pon 555z"],
            {},
            {
                "small_three_dragons": 3,
                "white_dragon_pung": 1,
                "green_dragon_pung": 1,
                "half_flush": 3,
            },
            8,
            id="small three dragons + half flush",
        ),
        # big three dragons: 5 + its three dragon sets = 8
        pytest.param(
            "666z777z123m55p",
            "5p",
            "ron",
            ["pon 555z"],
            {},
            {
                "big_three_dragons": 5,
                "white_dragon_pung": 1,
                "green_dragon_pung": 1,
                "red_dragon_pung": 1,
            },
            8,
            id="big three dragons",
        ),
        # full flush replaces half flush; concealed hand on a discard
        pytest.param(
            "123m456m789m222m55m",
            "5m",
            "ron",
            [],
            {},
            {"concealed_hand": 1, "full_flush": 7},
            8,
            id="full flush",
        ),
    ],
)
def test_stacking(
    hand: str,
    win_tile: str,
    win: str,
    melds: list[str],
    fields: dict[str, Any],
    expected: dict[str, int],
    total: int,
) -> None:
    result = score(request(hand, win_tile, win, melds, rules={"min_fan": 0}, **fields))
    assert items_of(result) == expected
    assert result["total"] == total
    assert result["limit"] is None


# -- the cap ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "melds", "raw"),
    [
        # big three dragons 8 + half flush 3 + all pungs 3 = 14, paid as 10
        pytest.param("666z777z111m22m", "2m", "ron", ["pon 555z"], 14, id="over the cap"),
        # all honors (10) + all pungs + dragons + winds: still 10
        pytest.param("222z333z555z77z", "7z", "ron", ["pon 111z"], 16, id="all honors and more"),
        # four concealed pungs + concealed + self-drawn + all pungs + red dragon
        pytest.param("111m333p555s777z99s", "1m", "tsumo", [], 16, id="four concealed pungs"),
        # thirteen orphans self-drawn: 10 + concealed + self-drawn
        pytest.param("19m19p19s12345677z", "7z", "tsumo", [], 12, id="thirteen orphans"),
    ],
)
def test_ten_fan_hands_score_the_cap(
    hand: str, win_tile: str, win: str, melds: list[str], raw: int
) -> None:
    result = score(request(hand, win_tile, win, melds))
    assert result["valid"] is True
    assert sum(i["value"] for i in result["items"]) == raw
    assert result["total"] == 10
    assert result["limit"] == "limit"


def test_exactly_the_cap_without_a_limit_hand_reports_the_limit() -> None:
    # full flush 7 + all pungs 3 = 10
    result = score(request("444m777m99m", "9m", "ron", ["pon 111m", "pon 222m"]))
    assert items_of(result) == {"full_flush": 7, "all_pungs": 3}
    assert (result["total"], result["limit"]) == (10, "limit")


def test_a_raised_cap_makes_limit_hands_worth_it() -> None:
    result = score(request("222z333z555z77z", "7z", "ron", ["pon 111z"], rules={"max_fan": 13}))
    assert result["items"][-1] == {"id": "all_honors", "name": "All honors", "value": 13}
    assert (result["total"], result["limit"]) == (13, "limit")


# -- the best reading ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "expected", "decomposition"),
    [
        # three pungs or three chows of 1-2-3: the chows make all chows (1), the pungs nothing
        pytest.param(
            "111222333m789p55p",
            "5p",
            "tsumo",
            {"all_chows": 1, "concealed_hand": 1, "self_drawn": 1},
            "123m 123m 123m 789p 55p",
            id="chows beat pungs",
        ),
        # with 999p: the pungs make all pungs (3) + concealed hand; the 3m discard exposes 333m,
        # so no four concealed pungs
        pytest.param(
            "111222333m999p55p",
            "3m",
            "ron",
            {"concealed_hand": 1, "all_pungs": 3},
            "111m 222m 333m 999p 55p",
            id="pungs beat chows",
        ),
        # the same self-drawn: four concealed pungs
        pytest.param(
            "111222333m999p55p",
            "3m",
            "tsumo",
            {"concealed_hand": 1, "self_drawn": 1, "all_pungs": 3, "four_concealed_pungs": 10},
            "111m 222m 333m 999p 55p",
            id="four concealed pungs self-drawn",
        ),
    ],
)
def test_best_reading_wins(
    hand: str, win_tile: str, win: str, expected: dict[str, int], decomposition: str
) -> None:
    result = score(request(hand, win_tile, win, rules={"min_fan": 0}))
    assert items_of(result) == expected
    assert result["decomposition"] == decomposition


# -- the minimum --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "fan"),
    [
        pytest.param("123m456m789p234s55p", [], 2, id="all chows + concealed"),
        pytest.param("456m789p234s55p", ["chi 123m"], 1, id="open all chows"),
        pytest.param("456m789p222s55p", ["chi 123m"], 0, id="nothing"),
    ],
)
def test_below_the_minimum_is_not_a_legal_win(hand: str, melds: list[str], fan: int) -> None:
    result = score(request(hand, "5p", "ron", melds))
    assert result["valid"] is False
    assert result["reason"] == (
        f"not a legal win: {fan} fan, the table needs at least 3 (rule 'min_fan')"
    )
    assert result["total"] == fan
    assert result["points"] == {"total": 0, "payers": []}
    assert result["decomposition"].endswith("55p")


def test_exactly_the_minimum_is_a_legal_win() -> None:
    result = score(request("123m456m789p234s55p", "5p", "tsumo"))
    assert (result["valid"], result["total"]) == (True, 3)


@pytest.mark.parametrize(
    ("hand", "win_tile"),
    [
        pytest.param("1122m3344p5566s77z", "7z", id="seven pairs is not a hk hand"),
        pytest.param("123m456m789p234s56p", "6p", id="no pair"),
    ],
)
def test_incomplete_hands(hand: str, win_tile: str) -> None:
    result = score(request(hand, win_tile))
    assert result["valid"] is False
    assert result["reason"].startswith("not a complete hand")

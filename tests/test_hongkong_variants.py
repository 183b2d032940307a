"""``hkos`` flowers and seasons, and the ``hk2`` table (hongkong.md "hkos" and "hk2").

hkos decisions (each an option): 1 fan per flower or season of the seat (flower n and season n
belong to seat wind n); a full set of four flowers or four seasons counts 2 instead of its
seat tile's 1; 1 fan for no bonus tile at all; all eight 8 fan. Flower fan count toward the
minimum; bonus tiles do not spoil all chows.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.scoring import score
from majiang.tiles import tile_set
from test_hongkong_support import fan_items, items_of, request

CHOWS = "123m456m789p234s55p"  # all chows 1 + concealed hand 1
BONUS_IDS = {
    "seat_flower",
    "seat_season",
    "four_flowers",
    "four_seasons",
    "all_bonus_tiles",
    "no_bonus_tiles",
}


def bonus_items(
    flowers: str, seat: str = "E", rules: dict[str, Any] | None = None
) -> dict[str, int]:
    items = fan_items(CHOWS, "5p", variant="hkos", rules=rules, flowers=flowers, seat_wind=seat)
    assert items["all_chows"] == 1  # bonus tiles never spoil all chows
    return {k: v for k, v in items.items() if k in BONUS_IDS}


@pytest.mark.parametrize(
    ("flowers", "seat", "rules", "expected"),
    [
        ("", "E", {}, {"no_bonus_tiles": 1}),
        ("", "E", {"no_flower_fan": False}, {}),
        ("1f", "E", {}, {"seat_flower": 1}),
        ("2f", "E", {}, {}),  # another seat's flower: nothing, and no "no flowers" either
        ("2f", "S", {}, {"seat_flower": 1}),
        ("5f", "E", {}, {"seat_season": 1}),
        ("8f", "N", {}, {"seat_season": 1}),
        ("7f", "N", {}, {}),
        ("15f", "E", {}, {"seat_flower": 1, "seat_season": 1}),
        ("1234f", "E", {}, {"four_flowers": 2}),  # instead of the seat flower's 1
        ("1234f", "W", {}, {"four_flowers": 2}),
        ("1235f", "E", {}, {"seat_flower": 1, "seat_season": 1}),
        ("12345f", "E", {}, {"four_flowers": 2, "seat_season": 1}),
        ("5678f", "S", {}, {"four_seasons": 2}),
        ("12345678f", "E", {}, {"all_bonus_tiles": 8}),
        # every value is an option
        ("1f", "E", {"seat_flower_fan": 2}, {"seat_flower": 2}),
        ("1f", "E", {"seat_flower_fan": 0}, {}),
        ("1234f", "E", {"flower_set_fan": 3}, {"four_flowers": 3}),
        ("12345678f", "E", {"all_flowers_fan": 6}, {"all_bonus_tiles": 6}),
    ],
)
def test_bonus_tiles(
    flowers: str, seat: str, rules: dict[str, Any], expected: dict[str, int]
) -> None:
    assert bonus_items(flowers, seat, rules) == expected


def test_flowers_written_in_the_hand_count_too() -> None:
    items = items_of(score(request(CHOWS + "1f", "5p", variant="hkos")))
    assert items == {"all_chows": 1, "concealed_hand": 1, "seat_flower": 1}


@pytest.mark.parametrize(
    ("flowers", "valid", "total", "points"),
    [
        ("1f", True, 3, 16),  # 2 fan + the seat flower reach the minimum: 2 x p(3)
        ("", True, 3, 16),  # no bonus tile at all: 1 fan
        ("3f", False, 2, 0),  # another seat's flower: 2 fan, not a win
    ],
)
def test_flower_fan_count_toward_the_minimum(
    flowers: str, valid: bool, total: int, points: int
) -> None:
    result = score(request(CHOWS, "5p", variant="hkos", flowers=flowers))
    assert (result["valid"], result["total"], result["points"]["total"]) == (valid, total, points)


def test_all_eight_with_a_half_flush_reaches_the_cap() -> None:
    result = score(request("123m456m789m11z222z", "1z", variant="hkos", flowers="12345678f"))
    assert items_of(result) == {"concealed_hand": 1, "half_flush": 3, "all_bonus_tiles": 8}
    assert (result["total"], result["limit"]) == (10, "limit")


def test_hk_counts_no_flower_fan() -> None:
    assert "no_bonus_tiles" not in fan_items(CHOWS, "5p", variant="hk")


def test_tile_sets() -> None:
    assert (tile_set("hk").size, tile_set("hk2").size, tile_set("hkos").size) == (136, 80, 144)


# -- hk2 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "melds", "fields", "expected"),
    [
        # the same fan list: full flush of dots (the only suit with middle tiles)
        ("123p456p789p222p55p", "5p", "ron", [], {}, {"concealed_hand": 1, "full_flush": 7}),
        # the 1s and 9s of characters and bamboo remain: all terminals
        ("999m111s999s11p", "1p", "ron", ["pon 111m"], {}, {"all_pungs": 3, "all_terminals": 10}),
        # thirteen orphans is in the 80-tile set
        (
            "19m19p19s12345677z",
            "7z",
            "tsumo",
            [],
            {"seat_wind": "S"},
            {"concealed_hand": 1, "self_drawn": 1, "thirteen_orphans": 10},
        ),
        # seat South, round West: the West pung is the round wind's
        (
            "123p456p789p55p",
            "5p",
            "ron",
            ["pon 333z"],
            {"seat_wind": "S", "round_wind": "W"},
            {"round_wind_pung": 1, "half_flush": 3},
        ),
    ],
)
def test_hk2_fan(
    hand: str,
    win_tile: str,
    win: str,
    melds: list[str],
    fields: dict[str, Any],
    expected: dict[str, int],
) -> None:
    assert fan_items(hand, win_tile, win, melds, variant="hk2", **fields) == expected


def test_hk2_thirteen_orphans_pays_the_golden_cap() -> None:
    result = score(request("19m19p19s12345677z", "7z", variant="hk2", seat_wind="S"))
    assert result["points"] == {"total": 1024, "payers": [{"from": "discarder", "amount": 1024}]}

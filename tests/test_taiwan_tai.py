"""Taiwan tai items, one table row per pattern of shared/rules/taiwan.md ("Tai (the seed's table)").

Unless a row says otherwise the winner sits South in the East round and wins on West's discard.
Each row names the exact items (id -> tai) expected, worked out by hand from the rule page; the
closest negative of each item sits next to its positive.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.scoring import score

BASE: dict[str, Any] = {"variant": "taiwan", "seat_wind": "S", "round_wind": "E"}


def tai(hand: str, win_tile: str, win: str = "ron", **extra: Any) -> dict[str, int]:
    """Return the items of a valid win as {id: tai}."""
    req = {**BASE, "hand": hand, "win_tile": win_tile, "win": win, **extra}
    if win == "ron":
        req.setdefault("discarder", "W")
    result = score(req)
    assert result["valid"], result["reason"]
    items = {i["id"]: i["value"] for i in result["items"]}
    assert result["total"] == sum(items.values())
    assert result["unit"] == "tai"
    return items


# A closed hand of five chows and a pair waiting two-sided on 5s or 8s (55 + 67s), with one
# free set X: "123456m234p" + X + "55678s", won on 8s.
TWO_SIDED = "55678s"

CASES: list[tuple[str, dict[str, Any], dict[str, int]]] = [
    # --- closed hand / closed self-draw / self-drawn
    (
        "closed hand on a discard",
        {"hand": "123456m222p789p55678s", "win_tile": "8s"},
        {"closed_hand": 1},
    ),
    (
        "concealed kong keeps the hand closed",
        {"hand": "123456m789p55678s", "melds": ["ankan 2222p"], "win_tile": "8s"},
        {"closed_hand": 1},
    ),
    (
        "added kong opens it (negative)",
        {"hand": "123456m789p55678s", "melds": ["kakan 2222p"], "win_tile": "8s"},
        {},
    ),
    (
        "one chow claimed: open, 0 tai is still a win (negative)",
        {"hand": "456m222p789p55678s", "melds": ["chi 123m"], "win_tile": "8s"},
        {},
    ),
    (
        "closed self-draw replaces closed hand and self-drawn",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "win": "tsumo"},
        {"closed_self_draw": 3},
    ),
    (
        "self-drawn with an open hand",
        {"hand": "456m222p789p55678s", "melds": ["chi 123m"], "win_tile": "8s", "win": "tsumo"},
        {"self_draw": 1},
    ),
    # --- all chows (ping hu)
    (
        "all chows: five chows, two-sided, discard, adds to the closed hand",
        {"hand": "123456m234p789p55678s", "win_tile": "8s"},
        {"closed_hand": 1, "all_chows": 2},
    ),
    (
        "all chows with claimed chows",
        {"hand": "456m234p789p55678s", "melds": ["chi 123m"], "win_tile": "8s"},
        {"all_chows": 2},
    ),
    (
        "all chows negative: edge wait 89s on 7s (single wait instead)",
        {"hand": "123456m234p789p55789s", "win_tile": "7s"},
        {"closed_hand": 1, "single_wait": 1},
    ),
    (
        "all chows negative: closed wait 46s on 5s",
        {"hand": "123456m234p789p33456s", "win_tile": "5s"},
        {"closed_hand": 1, "single_wait": 1},
    ),
    (
        "all chows negative: self-drawn",
        {"hand": "123456m234p789p55678s", "win_tile": "8s", "win": "tsumo"},
        {"closed_self_draw": 3},
    ),
    (
        "all chows negative: honor pair",
        {"hand": "123456m234p789p678s33z", "win_tile": "8s"},
        {"closed_hand": 1},
    ),
    (
        "all chows negative: a bonus tile (not the seat's own)",
        {"hand": "123456m234p789p55678s", "win_tile": "8s", "flowers": "1f"},
        {"closed_hand": 1},
    ),
    # --- fully open hand (quan qiu ren)
    (
        "fully open hand: five claimed sets, pair won on a discard, single wait included",
        {
            "hand": "55s",
            "win_tile": "5s",
            "melds": ["chi 123m", "chi 456m", "pon 222p", "chi 789p", "chi 678s"],
        },
        {"fully_open_hand": 2},
    ),
    (
        "fully open negative: self-drawn (self-drawn + single wait)",
        {
            "hand": "55s",
            "win_tile": "5s",
            "win": "tsumo",
            "melds": ["chi 123m", "chi 456m", "pon 222p", "chi 789p", "chi 678s"],
        },
        {"self_draw": 1, "single_wait": 1},
    ),
    (
        "fully open negative: one concealed kong is not claimed",
        {
            "hand": "55s",
            "win_tile": "5s",
            "melds": ["chi 123m", "chi 456m", "ankan 2222p", "chi 789p", "chi 678s"],
        },
        {"single_wait": 1},
    ),
    # --- all pungs and concealed pungs
    (
        "all pungs (kongs count), one concealed pung",
        {
            "hand": "111m55s",
            "win_tile": "5s",
            "melds": ["pon 999p", "kan 2222s", "pon 333m", "pon 777p"],
        },
        {"all_pungs": 4, "single_wait": 1},
    ),
    (
        "all pungs negative: one chow",
        {
            "hand": "111m55s",
            "win_tile": "5s",
            "melds": ["pon 999p", "chi 234s", "pon 333m", "pon 777p"],
        },
        {"single_wait": 1},
    ),
    (
        "three concealed pungs",
        {"hand": "111m222p333s456789m55s", "win_tile": "9m"},
        {"closed_hand": 1, "three_concealed_pungs": 2},
    ),
    (
        "three concealed negative: the third pung completed by the discard is open",
        {"hand": "111m222p333s456789m55s", "win_tile": "3s"},
        {"closed_hand": 1},
    ),
    (
        "the same pung self-drawn stays concealed",
        {"hand": "111m222p333s456789m55s", "win_tile": "3s", "win": "tsumo"},
        {"closed_self_draw": 3, "three_concealed_pungs": 2},
    ),
    (
        "four concealed pungs (closed wait 79m)",
        {"hand": "111m222p333s444m789m55s", "win_tile": "8m"},
        {"closed_hand": 1, "four_concealed_pungs": 5, "single_wait": 1},
    ),
    (
        "a concealed kong counts as a concealed pung",
        {"hand": "111m222p333s789m55s", "melds": ["ankan 4444m"], "win_tile": "8m"},
        {"closed_hand": 1, "four_concealed_pungs": 5, "single_wait": 1},
    ),
    (
        "an open kong does not (negative)",
        {"hand": "111m222p333s789m55s", "melds": ["kan 4444m"], "win_tile": "8m"},
        {"three_concealed_pungs": 2, "single_wait": 1},
    ),
    (
        "five concealed pungs: a discard completing the pair does not open a pung",
        {"hand": "11177m222999p333555s", "win_tile": "7m"},
        {"closed_hand": 1, "all_pungs": 4, "five_concealed_pungs": 8, "single_wait": 1},
    ),
    (
        "five concealed pungs self-drawn",
        {"hand": "11177m222999p333555s", "win_tile": "7m", "win": "tsumo"},
        {"closed_self_draw": 3, "all_pungs": 4, "five_concealed_pungs": 8, "single_wait": 1},
    ),
    # --- dragons
    (
        "white dragon pung",
        {"hand": "123456m555z234p" + TWO_SIDED, "win_tile": "8s"},
        {"closed_hand": 1, "dragon_white": 1},
    ),
    (
        "green dragon pung",
        {"hand": "123456m666z234p" + TWO_SIDED, "win_tile": "8s"},
        {"closed_hand": 1, "dragon_green": 1},
    ),
    (
        "red dragon kong, claimed",
        {"hand": "123456m234p" + TWO_SIDED, "win_tile": "8s", "melds": ["kan 7777z"]},
        {"dragon_red": 1},
    ),
    (
        "dragon negative: a dragon pair",
        {"hand": "123456m234p789p77z678s", "win_tile": "8s"},
        {"closed_hand": 1},
    ),
    (
        "little three dragons includes its two pungs",
        {"hand": "123456m555z666z77z678s", "win_tile": "8s"},
        {"closed_hand": 1, "little_three_dragons": 4},
    ),
    (
        "little three dragons negative: two dragon pungs and a plain pair",
        {"hand": "123456m555z666z99s678s", "win_tile": "8s"},
        {"closed_hand": 1, "dragon_white": 1, "dragon_green": 1},
    ),
    (
        "big three dragons includes its three pungs",
        {"hand": "123m555z666z777z55678s", "win_tile": "8s"},
        {"closed_hand": 1, "three_concealed_pungs": 2, "big_three_dragons": 8},
    ),
    # --- winds (South seat, East round)
    (
        "round wind pung",
        {"hand": "123456m111z234p" + TWO_SIDED, "win_tile": "8s"},
        {"closed_hand": 1, "round_wind": 1},
    ),
    (
        "seat wind pung",
        {"hand": "123456m222z234p" + TWO_SIDED, "win_tile": "8s"},
        {"closed_hand": 1, "seat_wind": 1},
    ),
    (
        "wind negative: West is neither round nor seat",
        {"hand": "123456m333z234p" + TWO_SIDED, "win_tile": "8s"},
        {"closed_hand": 1},
    ),
    (
        "East seat in the East round: both wind items",
        {"hand": "123456m111z234p" + TWO_SIDED, "win_tile": "8s", "seat_wind": "E"},
        {"closed_hand": 1, "round_wind": 1, "seat_wind": 1},
    ),
    (
        "little four winds includes its wind pungs",
        {"hand": "123m111z222z333z44z678s", "win_tile": "8s"},
        {"closed_hand": 1, "three_concealed_pungs": 2, "little_four_winds": 8},
    ),
    (
        "little four winds negative: three wind pungs and a plain pair",
        {"hand": "123m111z222z333z55s678s", "win_tile": "8s"},
        {"closed_hand": 1, "three_concealed_pungs": 2, "round_wind": 1, "seat_wind": 1},
    ),
    (
        "big four winds, with half flush and four concealed pungs",
        {"hand": "111z222z333z444z" + TWO_SIDED, "win_tile": "8s"},
        {"closed_hand": 1, "four_concealed_pungs": 5, "big_four_winds": 16, "half_flush": 4},
    ),
    # --- flushes
    (
        "full flush",
        {"hand": "22p456p777p678p", "win_tile": "6p", "melds": ["chi 123p", "pon 999p"]},
        {"full_flush": 8},
    ),
    (
        "half flush: one suit and honors",
        {"hand": "11z456p777p678p", "win_tile": "6p", "melds": ["chi 123p", "pon 999p"]},
        {"half_flush": 4},
    ),
    (
        "flush negative: a second suit",
        {"hand": "22s456p777p678p", "win_tile": "6p", "melds": ["chi 123p", "pon 999p"]},
        {},
    ),
    (
        "all honors, stacking with all pungs, five concealed pungs and the honor items",
        {"hand": "111z222z333z555z777z66z", "win_tile": "6z"},
        {
            "closed_hand": 1,
            "all_pungs": 4,
            "five_concealed_pungs": 8,
            "little_three_dragons": 4,
            "round_wind": 1,
            "seat_wind": 1,
            "all_honors": 16,
            "single_wait": 1,
        },
    ),
    # --- bonus tiles (South: summer 6f and orchid 2f)
    (
        "own flower",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "2f"},
        {"closed_hand": 1, "seat_flower": 1},
    ),
    (
        "own season",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "6f"},
        {"closed_hand": 1, "seat_season": 1},
    ),
    (
        "both own tiles",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "26f"},
        {"closed_hand": 1, "seat_flower": 1, "seat_season": 1},
    ),
    (
        "bonus negative: other seats' tiles",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "1378f"},
        {"closed_hand": 1},
    ),
    (
        "East's own tiles are 1f and 5f",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "15f", "seat_wind": "E"},
        {"closed_hand": 1, "seat_flower": 1, "seat_season": 1},
    ),
    (
        "four flowers: 2 instead of the own flower's 1",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "1234f"},
        {"closed_hand": 1, "flower_set": 2},
    ),
    (
        "four seasons, plus the own flower",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "25678f"},
        {"closed_hand": 1, "seat_flower": 1, "season_set": 2},
    ),
    (
        "three flowers are no set (negative)",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "123f"},
        {"closed_hand": 1, "seat_flower": 1},
    ),
    (
        "all eight bonus tiles without the option: both sets",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "flowers": "12345678f"},
        {"closed_hand": 1, "flower_set": 2, "season_set": 2},
    ),
    (
        "bonus tiles written in the hand count too",
        {"hand": "123456m222p789p55678s2f", "win_tile": "8s"},
        {"closed_hand": 1, "seat_flower": 1},
    ),
    # --- single wait, over every reading of the hand before the win
    (
        "single wait on the pair",
        {"hand": "123456789m234p11155s", "win_tile": "5s"},
        {"closed_hand": 1, "single_wait": 1},
    ),
    (
        "single wait negative: 1234m waits on 1m and 4m though the win reads as a pair wait",
        {"hand": "12344m123456789p234s", "win_tile": "4m"},
        {"closed_hand": 1},
    ),
    (
        "single wait negative: 5556m waits on 4m 6m 7m",
        {"hand": "55566m123456789p234s", "win_tile": "6m"},
        {"closed_hand": 1},
    ),
    (
        "single wait negative: two pairs (shanpon)",
        {"hand": "123456789m234p55666s", "win_tile": "6s"},
        {"closed_hand": 1},
    ),
    (
        "single wait when the other tile would be a fifth copy: 2224m + pon 444m waits only 3m",
        {"hand": "22234m567p789p123s", "melds": ["pon 444m"], "win_tile": "3m"},
        {"single_wait": 1},
    ),
    (
        "single wait negative: 2224m waits on 3m and 4m",
        {"hand": "22234m567p789p123s", "melds": ["pon 999s"], "win_tile": "3m"},
        {},
    ),
    # --- situational items
    (
        "self-drawn last tile",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "win": "tsumo",
            "situation": ["last_tile"],
        },
        {"closed_self_draw": 3, "last_tile": 1},
    ),
    (
        "won on the last discard",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "situation": ["last_discard"]},
        {"closed_hand": 1, "last_discard": 1},
    ),
    (
        "won on a kong replacement",
        {
            "hand": "123456m789p55678s",
            "win_tile": "8s",
            "win": "tsumo",
            "melds": ["ankan 2222p"],
            "situation": ["kong_replacement"],
        },
        {"closed_self_draw": 3, "kong_replacement": 1},
    ),
    (
        "robbing a kong",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "situation": ["robbing_kong"]},
        {"closed_hand": 1, "robbing_kong": 1},
    ),
    (
        "situations of other variants are ignored",
        {"hand": "123456m222p789p55678s", "win_tile": "8s", "situation": ["riichi", "ippatsu"]},
        {"closed_hand": 1},
    ),
    # --- lik gu lik gu
    (
        "lik gu lik gu on a discard includes closed hand and single wait",
        {"hand": "1122m3344p5566s11777z", "win_tile": "7z"},
        {"dragon_red": 1, "lik_gu_lik_gu": 8},
    ),
    (
        "lik gu lik gu won on a pair tile",
        {"hand": "1122m3344p5566s11777z", "win_tile": "1m"},
        {"dragon_red": 1, "lik_gu_lik_gu": 8},
    ),
    (
        "lik gu lik gu self-drawn adds 1",
        {"hand": "1122m3344p5566s11777z", "win_tile": "7z", "win": "tsumo"},
        {"self_draw": 1, "dragon_red": 1, "lik_gu_lik_gu": 8},
    ),
    (
        "lik gu lik gu beats the five-set reading of the same tiles",
        {"hand": "112233445566m99m777m", "win_tile": "9m"},
        {"full_flush": 8, "lik_gu_lik_gu": 8},
    ),
    # --- heavenly, earthly, human hands
    (
        "heavenly hand replaces closed self-draw",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "win": "tsumo",
            "seat_wind": "E",
            "situation": ["heavenly"],
        },
        {"heavenly_hand": 16},
    ),
    (
        "heavenly hand adds to a flush and the own bonus tiles",
        {
            "hand": "111p234p55p567p789p999p",
            "win_tile": "9p",
            "win": "tsumo",
            "seat_wind": "E",
            "situation": ["heavenly"],
            "flowers": "15f",
        },
        {"full_flush": 8, "seat_flower": 1, "seat_season": 1, "heavenly_hand": 16},
    ),
    (
        "earthly hand",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "win": "tsumo",
            "situation": ["earthly"],
        },
        {"earthly_hand": 16},
    ),
    (
        "human hand replaces closed hand and single wait",
        {"hand": "123456789m234p11155s", "win_tile": "5s", "situation": ["human"]},
        {"human_hand": 16},
    ),
    (
        "human hand adds to all chows",
        {"hand": "123456m234p789p55678s", "win_tile": "8s", "situation": ["human"]},
        {"all_chows": 2, "human_hand": 16},
    ),
]


@pytest.mark.parametrize(
    ("request_", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_tai_items(request_: dict[str, Any], expected: dict[str, int]) -> None:
    fields = dict(request_)
    assert tai(fields.pop("hand"), fields.pop("win_tile"), **fields) == expected


# Stacking options and the options beyond the seed (taiwan.md: "the seed is silent on stacking",
# "Options beyond the seed (off by default, each named)"): the same hand with the option off
# (the default) and on.
OPTION_CASES: list[tuple[str, dict[str, Any], dict[str, int]]] = [
    (
        "stack_dragon_tai adds the little three dragons' two pungs",
        {"hand": "123456m555z666z77z678s", "win_tile": "8s", "rules": {"stack_dragon_tai": True}},
        {"closed_hand": 1, "dragon_white": 1, "dragon_green": 1, "little_three_dragons": 4},
    ),
    (
        "stack_dragon_tai adds the big three dragons' three pungs",
        {"hand": "123m555z666z777z55678s", "win_tile": "8s", "rules": {"stack_dragon_tai": True}},
        {
            "closed_hand": 1,
            "three_concealed_pungs": 2,
            "dragon_white": 1,
            "dragon_green": 1,
            "dragon_red": 1,
            "big_three_dragons": 8,
        },
    ),
    (
        "stack_wind_tai adds the little four winds' round and seat wind pungs",
        {"hand": "123m111z222z333z44z678s", "win_tile": "8s", "rules": {"stack_wind_tai": True}},
        {
            "closed_hand": 1,
            "three_concealed_pungs": 2,
            "round_wind": 1,
            "seat_wind": 1,
            "little_four_winds": 8,
        },
    ),
    (
        "stack_wind_tai adds the big four winds' round and seat wind pungs",
        {"hand": "111z222z333z444z55678s", "win_tile": "8s", "rules": {"stack_wind_tai": True}},
        {
            "closed_hand": 1,
            "four_concealed_pungs": 5,
            "round_wind": 1,
            "seat_wind": 1,
            "big_four_winds": 16,
            "half_flush": 4,
        },
    ),
    (
        "big four winds by default includes its wind pungs",
        {"hand": "111z222z333z444z55678s", "win_tile": "8s", "rules": {"stack_wind_tai": False}},
        {"closed_hand": 1, "four_concealed_pungs": 5, "big_four_winds": 16, "half_flush": 4},
    ),
    (
        "eight_flowers: 8 tai in place of the sets and own tiles",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "flowers": "12345678f",
            "rules": {"eight_flowers": True},
        },
        {"closed_hand": 1, "eight_flowers": 8},
    ),
    (
        "eight_flowers on, seven bonus tiles: no item (negative)",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "flowers": "1234567f",
            "rules": {"eight_flowers": True},
        },
        {"closed_hand": 1, "seat_season": 1, "flower_set": 2},
    ),
    (
        "eight_flowers: an instant win on the eighth bonus tile with 16 tiles",
        {
            "hand": "123456m222p789p5567s",
            "win_tile": "7s",
            "win": "tsumo",
            "flowers": "12345678f",
            "rules": {"eight_flowers": True},
        },
        {"eight_flowers": 8},
    ),
    (
        "seven_rob_eighth: robbing another player's eighth bonus tile",
        {
            "hand": "123456m222p789p5567s",
            "win_tile": "7s",
            "discarder": "N",
            "situation": ["robbing_flower"],
            "flowers": "12345678f",
            "rules": {"seven_rob_eighth": True},
        },
        {"seven_rob_eighth": 8},
    ),
    (
        "flower_replacement_win: a win on a bonus tile's replacement",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "win": "tsumo",
            "flowers": "3f",
            "situation": ["flower_replacement"],
            "rules": {"flower_replacement_win": True},
        },
        {"closed_self_draw": 3, "flower_replacement": 1},
    ),
    (
        "flower_replacement_win off: the same win is a plain self-draw (negative)",
        {
            "hand": "123456m222p789p55678s",
            "win_tile": "8s",
            "win": "tsumo",
            "flowers": "3f",
            "situation": ["flower_replacement"],
        },
        {"closed_self_draw": 3},
    ),
]


@pytest.mark.parametrize(
    ("request_", "expected"), [c[1:] for c in OPTION_CASES], ids=[c[0] for c in OPTION_CASES]
)
def test_options(request_: dict[str, Any], expected: dict[str, int]) -> None:
    fields = dict(request_)
    assert tai(fields.pop("hand"), fields.pop("win_tile"), **fields) == expected


def test_every_pattern_and_stacking_rule_is_in_a_table() -> None:
    from majiang.rules.taiwan.tai import PATTERNS, REPLACES

    seen = {i for _, _, expected in CASES + OPTION_CASES for i in expected}
    assert {t.id for t in PATTERNS} <= seen
    # a stacking rule is shown when its item appears in a row without the items it removes
    for item, removed in REPLACES.items():
        rows = [e for _, _, e in CASES + OPTION_CASES if item in e]
        assert any(not set(removed) & set(e) for e in rows), item


def test_options_default_off() -> None:
    from majiang.rules.taiwan import RULESETS

    options = RULESETS["taiwan"].options
    assert {n: o.default for n, o in options.items()} == {
        "base": 3,
        "tai_value": 1,
        "stack_dragon_tai": False,
        "stack_wind_tai": False,
        "eight_flowers": False,
        "seven_rob_eighth": False,
        "flower_replacement_win": False,
    }


@pytest.mark.parametrize(
    ("hand", "win_tile", "win", "expected"),
    [
        # 111222333m read as three pungs (two concealed: 333m came from the discard) or as three
        # chows 123m (edge wait): both 1 tai on a discard
        ("111222333m456p789s55s", "3m", "ron", {"closed_hand": 1}),
        # self-drawn, the pung reading keeps three concealed pungs: 3 + 2 beats the chows' 3
        (
            "111222333m456p789s55s",
            "3m",
            "tsumo",
            {"closed_self_draw": 3, "three_concealed_pungs": 2},
        ),
        # 3455m waited on 2m and 5m; the winning 5m read as completing 34m (two-sided) gives
        # all chows, read as completing the pair (345m + 5m) it would not: the first counts
        ("34555m123p789p234456s", "5m", "ron", {"closed_hand": 1, "all_chows": 2}),
    ],
)
def test_best_reading(hand: str, win_tile: str, win: str, expected: dict[str, int]) -> None:
    assert tai(hand, win_tile, win) == expected


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        ("123456789m234p5566s1z", []),  # 17 tiles, no five sets and a pair
        ("1122m3344p5566s11z", ["pon 777z"]),  # seven pairs and a pung, but the pung is claimed
    ],
)
def test_incomplete_hand_is_not_a_win(hand: str, melds: list[str]) -> None:
    req = {**BASE, "hand": hand, "melds": melds, "win_tile": "1z", "win": "tsumo"}
    result = score(req)
    assert result["valid"] is False
    assert "not a complete hand" in result["reason"]
    assert result["points"]["total"] == 0

"""Hong Kong payments and table options, amounts worked out by hand from hongkong.md "Payment".

Half-spicy p(fan): 3→8, 4→16, 5→24, 6→32, 7→48, 8→64, 9→96, 10→128. Full spicy p = 2^fan.
A discard win costs the discarder 2p; a self-draw costs each opponent p; ``discard_pays: half``
makes it p for the discarder and p/2 for each of the other two; ``stake`` multiplies; a liable
player pays the whole win alone. hk2: the opponent pays g = 2^fan.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import InvalidRequest
from majiang.scoring import score
from test_hongkong_support import request

# Hands of known fan (seat North, round East unless noted), each checked in test_hand_fan.
HANDS: dict[str, dict[str, Any]] = {
    # half flush, open: 3 fan on a discard, 4 self-drawn
    "half_flush": request("456m789m11z222z", "1z", melds=["chi 123m"], seat_wind="N"),
    # small three dragons 3 + two dragon sets: 5 fan on a discard, 6 self-drawn
    "small_dragons": request("666z77z123m456p", "7z", melds=["pon 555z"], seat_wind="N"),
    # full flush, open: 7
    "full_flush": request("456m789m333m22m", "2m", melds=["chi 123m"], seat_wind="N"),
    # big three dragons, all three claimed from the seats S (from=3), W (2) and N (1) of East
    "big_dragons": request(
        "123m55p",
        "5p",
        melds=["pon 555z from=1", "pon 666z from=2", "pon 777z from=3"],
        seat_wind="E",
    ),
    # all honors: 10
    "all_honors": request("222z333z555z77z", "7z", melds=["pon 111z"], seat_wind="N"),
}


@pytest.mark.parametrize(
    ("name", "win", "fan"),
    [
        ("half_flush", "ron", 3),
        ("half_flush", "tsumo", 4),
        ("small_dragons", "ron", 5),
        ("small_dragons", "tsumo", 6),
        ("full_flush", "ron", 7),
        ("big_dragons", "ron", 8),
        ("big_dragons", "tsumo", 9),
        ("all_honors", "ron", 10),
    ],
)
def test_hand_fan(name: str, win: str, fan: int) -> None:
    assert score({**HANDS[name], "win": win})["total"] == fan


def pay(
    name: str, win: str = "ron", rules: dict[str, Any] | None = None, **fields: Any
) -> dict[str, Any]:
    """Return the points of a named hand."""
    result = score({**HANDS[name], "win": win, "rules": rules or {}, **fields})
    assert result["valid"], result["reason"]
    points: dict[str, Any] = result["points"]
    return points


def payers(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"from": who, "amount": amount} for who, amount in pairs]


@pytest.mark.parametrize(
    ("name", "win", "rules", "total", "expected"),
    [
        # half spicy (default), discarder pays all: 2p
        ("half_flush", "ron", {}, 16, payers(("discarder", 16))),
        ("small_dragons", "ron", {}, 48, payers(("discarder", 48))),
        ("full_flush", "ron", {}, 96, payers(("discarder", 96))),
        ("big_dragons", "ron", {}, 128, payers(("discarder", 128))),
        ("all_honors", "ron", {}, 256, payers(("discarder", 256))),
        # self-drawn: each opponent p
        ("half_flush", "tsumo", {}, 48, payers(("each", 16))),
        ("small_dragons", "tsumo", {}, 96, payers(("each", 32))),
        ("big_dragons", "tsumo", {}, 288, payers(("each", 96))),
        ("all_honors", "tsumo", {}, 384, payers(("each", 128))),
        # full spicy: p = 2^fan
        ("half_flush", "ron", {"table": "full_spicy"}, 16, payers(("discarder", 16))),
        ("small_dragons", "ron", {"table": "full_spicy"}, 64, payers(("discarder", 64))),
        ("full_flush", "ron", {"table": "full_spicy"}, 256, payers(("discarder", 256))),
        ("all_honors", "tsumo", {"table": "full_spicy"}, 3072, payers(("each", 1024))),
        # discard pays half: the discarder p, the other two p/2 each
        (
            "half_flush",
            "ron",
            {"discard_pays": "half"},
            16,
            payers(("discarder", 8), ("each", 4)),
        ),
        (
            "small_dragons",
            "ron",
            {"discard_pays": "half"},
            48,
            payers(("discarder", 24), ("each", 12)),
        ),
        # half changes nothing on a self-draw
        ("half_flush", "tsumo", {"discard_pays": "half"}, 48, payers(("each", 16))),
        # stake multiplies every amount
        ("small_dragons", "ron", {"stake": 3}, 144, payers(("discarder", 144))),
        ("half_flush", "tsumo", {"stake": 2}, 96, payers(("each", 32))),
        (
            "half_flush",
            "ron",
            {"stake": 3, "discard_pays": "half"},
            48,
            payers(("discarder", 24), ("each", 12)),
        ),
        # the cap: 8 fan at most, p(8) = 64
        ("all_honors", "ron", {"max_fan": 8}, 128, payers(("discarder", 128))),
        # a raised cap: all honors worth 13, p(13) = 384
        ("all_honors", "ron", {"max_fan": 13}, 768, payers(("discarder", 768))),
        (
            "all_honors",
            "ron",
            {"max_fan": 14, "table": "full_spicy"},
            32768,
            payers(("discarder", 32768)),
        ),
    ],
)
def test_payments(
    name: str, win: str, rules: dict[str, Any], total: int, expected: list[dict[str, Any]]
) -> None:
    assert pay(name, win, rules) == {"total": total, "payers": expected}


CUSTOM = {"3": 5, "4": 10, "5": 15, "6": 20, "7": 25, "8": 30, "9": 35, "10": 40}


@pytest.mark.parametrize(
    ("name", "discarder", "rules", "expected"),
    [
        # seat North, East discards: South and West pay the half shares
        ("half_flush", "E", {}, payers(("discarder", 8), ("S", 4), ("W", 4))),
        ("small_dragons", "W", {}, payers(("discarder", 24), ("E", 12), ("S", 12))),
        ("small_dragons", "S", {"stake": 2}, payers(("discarder", 48), ("E", 24), ("W", 24))),
    ],
)
def test_half_shares_by_seat_when_the_discarder_is_known(
    name: str, discarder: str, rules: dict[str, Any], expected: list[dict[str, Any]]
) -> None:
    points = pay(name, "ron", {"discard_pays": "half", **rules}, discarder=discarder)
    assert points == {"total": sum(p["amount"] for p in expected), "payers": expected}


@pytest.mark.parametrize(
    ("name", "win", "rules", "total", "expected"),
    [
        ("half_flush", "ron", {"table": CUSTOM}, 10, payers(("discarder", 10))),
        ("half_flush", "tsumo", {"table": CUSTOM}, 30, payers(("each", 10))),
        ("all_honors", "ron", {"table": CUSTOM}, 80, payers(("discarder", 80))),
        # keys may be numbers
        (
            "full_flush",
            "ron",
            {"table": {int(k): v for k, v in CUSTOM.items()}},
            50,
            payers(("discarder", 50)),
        ),
        # an odd p halves upward: the discarder 5, the other two 3 each
        (
            "half_flush",
            "ron",
            {"table": CUSTOM, "discard_pays": "half"},
            11,
            payers(("discarder", 5), ("each", 3)),
        ),
    ],
)
def test_custom_table(
    name: str, win: str, rules: dict[str, Any], total: int, expected: list[dict[str, Any]]
) -> None:
    assert pay(name, win, rules) == {"total": total, "payers": expected}


# -- pao: the liable player pays the whole win -------------------------------------------------


@pytest.mark.parametrize(
    ("win", "fields", "rules", "total"),
    [
        # discard by another player: the liable one pays the full discard value 2p = 128
        ("ron", {"discarder": "W", "liable": "S"}, {}, 128),
        # discard by the liable player: the same
        ("ron", {"discarder": "S", "liable": "S"}, {}, 128),
        # discard pays half: still the whole win
        ("ron", {"discarder": "W", "liable": "S"}, {"discard_pays": "half"}, 128),
        # self-drawn (9 fan, p = 96): all three shares, 288
        ("tsumo", {"liable": "N"}, {}, 288),
        ("ron", {"discarder": "N", "liable": "W"}, {"stake": 2}, 256),
    ],
)
def test_pao_dragons(win: str, fields: dict[str, Any], rules: dict[str, Any], total: int) -> None:
    assert pay("big_dragons", win, rules, **fields) == {
        "total": total,
        "payers": payers(("liable", total)),
    }


def test_pao_fourth_exposed_set() -> None:
    # all pungs 3 + half flush 3 + East kong as seat and round wind 2 = 8 fan, p = 64
    req = request(
        "99m",
        "9m",
        melds=["pon 222m", "pon 555m", "pon 888m", "kan 1111z"],
        discarder="S",
        liable="N",
    )
    assert score(req)["points"] == {"total": 128, "payers": payers(("liable", 128))}


@pytest.mark.parametrize(
    ("melds", "liable", "message"),
    [
        # a fourth concealed kong creates no liability
        (
            ["pon 222m", "pon 555m", "pon 888m", "ankan 1111z"],
            "N",
            "fourth exposed set",
        ),
        # every exposed set came from N (from=1): S fed none of them
        (
            ["pon 222m from=1", "pon 555z from=1", "pon 666z from=1", "pon 777z from=1"],
            "S",
            "fed none",
        ),
    ],
)
def test_liable_without_liability_is_an_error(melds: list[str], liable: str, message: str) -> None:
    with pytest.raises(InvalidRequest, match=message) as err:
        score(request("99m", "9m", melds=melds, discarder="W", liable=liable))
    assert err.value.field == "liable"


def test_liable_at_a_table_without_pao_is_an_error() -> None:
    with pytest.raises(InvalidRequest, match="the rule pao=false") as err:
        score({**HANDS["big_dragons"], "liable": "S", "rules": {"pao": False}})
    assert err.value.field == "liable"


# -- hk2: the golden table -----------------------------------------------------------------

HK2 = request("456p789p11z222z", "1z", melds=["chi 123p"], variant="hk2", seat_wind="E")


@pytest.mark.parametrize(
    ("win", "rules", "fan", "expected"),
    [
        ("ron", {}, 3, payers(("discarder", 8))),
        ("tsumo", {}, 4, payers(("each", 16))),
        ("ron", {"stake": 5}, 3, payers(("discarder", 40))),
        ("ron", {"golden_table": CUSTOM}, 3, payers(("discarder", 5))),
        ("tsumo", {"golden_table": CUSTOM, "stake": 2}, 4, payers(("each", 20))),
    ],
)
def test_golden_table(win: str, rules: dict[str, Any], fan: int, expected: list[Any]) -> None:
    result = score({**HK2, "win": win, "rules": rules})
    assert result["total"] == fan
    assert result["points"] == {"total": expected[0]["amount"], "payers": expected}


def test_golden_table_ten_fan() -> None:
    req = request(
        "222z333z555z77z", "7z", melds=["pon 111z"], variant="hk2", seat_wind="S", discarder="E"
    )
    assert score(req)["points"] == {"total": 1024, "payers": payers(("discarder", 1024))}


def test_hk2_ignores_liable_the_opponent_pays_anyway() -> None:
    result = score({**HK2, "discarder": "S", "liable": "S"})
    assert result["points"] == {"total": 8, "payers": payers(("discarder", 8))}


# -- options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "rules", "message"),
    [
        ("hk", {"kiriage": True}, "unknown rule 'kiriage' for hk"),
        ("hk", {"golden_table": {"3": 1}}, "unknown rule 'golden_table' for hk"),
        ("hk2", {"table": "full_spicy"}, "unknown rule 'table' for hk2"),
        ("hk2", {"pao": True}, "unknown rule 'pao' for hk2"),
        ("hk", {"seat_flower_fan": 1}, "unknown rule 'seat_flower_fan' for hk"),
        (
            "hk",
            {"table": "spicy"},
            "rule 'table' must be 'half_spicy', 'full_spicy' or points by fan like",
        ),
        ("hk", {"table": {"3": 8}}, "rule 'table' has no value for 4 fan"),
        ("hk", {"table": {"three": 8}}, "'three' is not a fan count"),
        ("hk", {"table": {**CUSTOM, "5": -1}}, "the value for 5 fan must be a whole number"),
        ("hk", {"table": {**CUSTOM, "5": True}}, "the value for 5 fan must be a whole number"),
        ("hk2", {"golden_table": {"3": 8}}, "rule 'golden_table' has no value for 4 fan"),
        ("hk2", {"golden_table": "half_spicy"}, "rule 'golden_table' must be points by fan like"),
        ("hk", {"max_fan": 14}, "the half_spicy table stops at 13 fan"),
        (
            "hk",
            {"min_fan": 5, "max_fan": 4},
            "rule 'min_fan' \\(5\\) is above rule 'max_fan' \\(4\\)",
        ),
        ("hk", {"min_fan": -1}, "rule 'min_fan' must be a whole number from 0 to 64, got -1"),
        ("hk", {"max_fan": 0}, "rule 'max_fan' must be a whole number from 1 to 64, got 0"),
        ("hk", {"stake": 0}, "rule 'stake' must be a whole number from 1 to 1000000, got 0"),
        ("hk", {"stake": 1.5}, "rule 'stake' must be a whole number"),
        ("hk", {"discard_pays": "none"}, "rule 'discard_pays' must be one of 'all', 'half'"),
        ("hk", {"pao": "yes"}, "rule 'pao' must be true or false"),
        ("hkos", {"no_flower_fan": 1}, "rule 'no_flower_fan' must be true or false"),
        (
            "hkos",
            {"flower_set_fan": -2},
            "rule 'flower_set_fan' must be a whole number from 0 to 64",
        ),
    ],
)
def test_bad_options_name_the_rules_field(
    variant: str, rules: dict[str, Any], message: str
) -> None:
    hand = "456p789p11z222z" if variant == "hk2" else "456m789m11z222z"
    chi = "chi 123p" if variant == "hk2" else "chi 123m"
    with pytest.raises(InvalidRequest, match=message) as err:
        score(request(hand, "1z", melds=[chi], variant=variant, rules=rules))
    assert err.value.field == "rules"


@pytest.mark.parametrize(
    ("rules", "valid", "total", "points"),
    [
        # default minimum 3: an open all-chows hand (1 fan) is no win
        ({}, False, 1, 0),
        ({"min_fan": 1}, True, 1, 4),  # p(1) = 2, the discarder pays 4
        ({"min_fan": 0}, True, 1, 4),
        ({"min_fan": 2}, False, 1, 0),
    ],
)
def test_min_fan(rules: dict[str, Any], valid: bool, total: int, points: int) -> None:
    result = score(request("456m789p234s55p", "5p", melds=["chi 123m"], rules=rules))
    assert (result["valid"], result["total"], result["points"]["total"]) == (valid, total, points)


def test_zero_fan_with_no_minimum_pays_p0() -> None:
    result = score(request("456m789p222s55p", "5p", melds=["chi 123m"], rules={"min_fan": 0}))
    assert (result["valid"], result["total"], result["points"]["total"]) == (True, 0, 2)

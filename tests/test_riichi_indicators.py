"""Indicators and hand size checked before scoring (issue 30; docs/riichi.md "How a hand is
scored"): at most five dora and five ura indicators (one and four kong dora), no fifth copy of a tile with the hand and melds, and a hand of 14 tiles, each error naming
its field."""

from __future__ import annotations

import re
from typing import Any

import pytest

from majiang import score
from majiang.errors import InvalidRequest

HAND = "234567m234p55p777z"  # riichi.md's example: 14 tiles, 5p the winning tile


def _request(**fields: Any) -> dict[str, Any]:
    return {"variant": "riichi", "hand": HAND, "win_tile": "5p", "situation": ["riichi"], **fields}


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        # five 1m indicators: five copies of 1m (the hand holds none)
        ({"dora_indicators": "1m1m1m1m1m"}, "dora_indicators", "a fifth copy of '1m'"),
        # three 5p indicators beside the hand's 55p: five 5p
        ({"dora_indicators": "5p5p5p"}, "dora_indicators", "a fifth copy of '5p'"),
        # a red five counts as its five
        ({"dora_indicators": "5p0p5p"}, "dora_indicators", "a fifth copy of '5p'"),
        # the fifth copy in the ura list: 777z in the hand, one 7z dora, one 7z ura
        ({"dora_indicators": "7z", "ura_indicators": "7z"}, "ura_indicators", "'7z'"),
        # an indicator is a tile of the table: no flower, no red five when aka is 0
        ({"dora_indicators": "1f"}, "dora_indicators", "tile '1f' is not used in riichi"),
        (
            {"ura_indicators": "0s", "rules": {"aka": 0}},
            "ura_indicators",
            "red five '0s' is not used in riichi",
        ),
        # six indicators: one plus four kong dora at most
        ({"dora_indicators": "1s2s3s4s6s8s"}, "dora_indicators", "at most 5 indicators"),
        (
            {"dora_indicators": "1s2s3s4s6s", "ura_indicators": "1s2s3s4s6s8s"},
            "ura_indicators",
            "at most 5",
        ),
        # 13 tiles (no meld), 17 tiles (melds given as a string): the count, as Hong Kong's
        ({"hand": "234567m234p55p77z"}, "hand", "this one has 13 (13 concealed and 0 melds)"),
        (
            {"hand": "234567m55p777z", "win_tile": "5p", "melds": "chi 234p, pon 999s"},
            "hand",
            "this one has 17",
        ),
    ],
)
def test_impossible_indicators_and_sizes_name_their_field(
    fields: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(InvalidRequest, match=re.escape(message)) as err:
        score(_request(**fields))
    assert err.value.field == field


@pytest.mark.parametrize(
    ("fields", "dora"),
    [
        # four copies in all are fine: 55p in the hand, two 5p indicators (dora 6p: none held)
        ({"dora_indicators": "5p5p"}, 0),
        # five indicators and five ura: the most there can be (2s..6s -> dora 3s..7s: none)
        ({"dora_indicators": "1s2s3s4s6s", "ura_indicators": "1s2s3s4s6s"}, 0),
        # 4p indicator -> 5p dora: the hand's two
        ({"dora_indicators": "4p"}, 2),
    ],
)
def test_possible_indicators_are_scored(fields: dict[str, Any], dora: int) -> None:
    result = score(_request(**fields))
    assert result["valid"] is True
    counted = sum(i["value"] for i in result["items"] if i["id"] in ("dora", "ura_dora"))
    assert counted == dora


def test_melds_as_a_string_are_read_like_a_list() -> None:
    fields = {"hand": "234567m55p777z", "situation": []}
    as_list = score(_request(**fields, melds=["chi 234p"]))
    as_text = score(_request(**fields, melds="chi 234p"))
    assert as_text == as_list and as_text["valid"] is True


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        # the hand holds the table's only red 5m (aka: one red five per suit)
        ({"hand": "234067m234p55p777z", "dora_indicators": "0m"}, "dora_indicators"),
        # the only red 5m is in a chi
        (
            {"hand": "234m234p55p777z", "melds": ["chi 406m"], "dora_indicators": "0m"},
            "dora_indicators",
        ),
        # two red 5p among the dora indicators (the hand's 55p are plain)
        ({"dora_indicators": "0p0p"}, "dora_indicators"),
        # the red 5p shown as a dora indicator, then again as an ura indicator
        ({"dora_indicators": "0p", "ura_indicators": "0p"}, "ura_indicators"),
        # the hand's red 5p, then the same red five under the dora
        ({"hand": "234567m234p05p777z", "ura_indicators": "0p"}, "ura_indicators"),
    ],
)
def test_a_second_red_five_is_refused(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidRequest, match=re.escape("too many '0")) as err:
        score(_request(**fields))
    assert err.value.field == field
    assert str(err.value).startswith(f"{field}: ")


@pytest.mark.parametrize(
    "fields",
    [
        # the one red 5p as an indicator, the hand's fives plain
        {"dora_indicators": "0p"},
        # the hand's red 5p beside a plain 5p indicator, and one red five of each other suit
        {"hand": "234567m234p05p777z", "dora_indicators": "5p0m", "ura_indicators": "0s"},
    ],
)
def test_one_red_five_per_suit_is_accepted(fields: dict[str, Any]) -> None:
    assert score(_request(**fields))["valid"] is True

"""Taiwan requests that contradict themselves are errors naming the field at fault
(shared/rules/README.md "Malformed requests"; situations defined there and in taiwan.md)."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import InvalidRequest
from majiang.scoring import score

CLOSED = "123456m222p789p55678s"


def request(**fields: Any) -> dict[str, Any]:
    req: dict[str, Any] = {
        "variant": "taiwan",
        "hand": CLOSED,
        "win_tile": "8s",
        "win": "ron",
        "seat_wind": "S",
        "round_wind": "E",
    }
    req.update(fields)
    return req


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        # first-turn hands: whose, and how they are won
        ({"win": "tsumo", "situation": ["heavenly"]}, "situation", "dealer"),
        ({"seat_wind": "E", "situation": ["heavenly"]}, "situation", "tsumo"),
        ({"seat_wind": "E", "win": "tsumo", "situation": ["earthly"]}, "situation", "non-dealer"),
        ({"situation": ["earthly"]}, "situation", "tsumo"),
        ({"win": "tsumo", "situation": ["human"]}, "situation", "ron"),
        ({"seat_wind": "E", "situation": ["human"]}, "situation", "non-dealer"),
        (
            {
                "hand": "123456m789p55678s",
                "melds": ["ankan 2222p"],
                "win": "tsumo",
                "situation": ["earthly"],
            },
            "melds",
            "before any call",
        ),
        (
            {"seat_wind": "E", "win": "tsumo", "situation": ["heavenly", "last_tile"]},
            "situation",
            "first turn",
        ),
        # situational items and the win they need
        ({"situation": ["last_tile"]}, "situation", "tsumo"),
        ({"win": "tsumo", "situation": ["last_discard"]}, "situation", "ron"),
        ({"situation": ["kong_replacement"]}, "situation", "tsumo"),
        ({"win": "tsumo", "situation": ["kong_replacement"]}, "situation", "kong"),
        ({"win": "tsumo", "situation": ["robbing_kong"]}, "situation", "ron"),
        ({"situation": ["robbing_kong", "last_discard"]}, "situation", "robbing a kong"),
        ({"situation": ["flower_replacement"]}, "situation", "tsumo"),
        ({"situation": ["no_such_thing"]}, "situation", "unknown"),
        # who discarded
        ({"win": "tsumo", "discarder": "W"}, "discarder", "self-drawn"),
        ({"discarder": "S"}, "discarder", "own seat"),
        # the hand's size: 16 + 1, a kong counted as three
        ({"hand": "123456789m234p55s", "win_tile": "5s"}, "hand", "got 14"),
        ({"hand": CLOSED + "9s"}, "hand", "got 18"),
        (
            {
                "hand": "123456m222p789p5567s",
                "win_tile": "7s",
                "win": "tsumo",
                "flowers": "12345678f",
            },
            "hand",
            "got 16",
        ),
        ({"hand": "0m23456m222p789p55678s"}, "hand", "red five"),
        # bonus-tile wins
        (
            {
                "situation": ["robbing_flower"],
                "hand": "123456m222p789p5567s",
                "win_tile": "7s",
                "flowers": "12345678f",
            },
            "situation",
            "seven_rob_eighth",
        ),
        (
            {
                "situation": ["robbing_flower"],
                "hand": "123456m222p789p5567s",
                "win_tile": "7s",
                "flowers": "1234567f",
                "rules": {"seven_rob_eighth": True},
            },
            "flowers",
            "eight",
        ),
        (
            {
                "situation": ["robbing_flower"],
                "flowers": "12345678f",
                "rules": {"seven_rob_eighth": True},
            },
            "hand",
            "16 tiles",
        ),
        # options
        ({"rules": {"stack_dragons": True}}, "rules", "unknown rule"),
        ({"rules": {"stack_dragon_tai": 1}}, "rules", "true or false"),
        ({"rules": {"base": -1}}, "rules", "from 0 to 1000000, got -1"),
    ],
)
def test_contradictions(fields: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(InvalidRequest) as exc:
        score(request(**fields))
    assert exc.value.field == field
    assert words in str(exc.value)


@pytest.mark.parametrize(
    "fields",
    [
        {"seat_wind": "E", "win": "tsumo", "situation": ["heavenly"]},
        {"win": "tsumo", "situation": ["earthly"]},
        {"situation": ["human"], "discarder": "E"},
        {"win": "tsumo", "situation": ["last_tile"]},
        {"situation": ["last_discard"]},
        {"situation": ["robbing_kong"], "discarder": "N"},
        {
            "hand": "123456m789p55678s",
            "melds": ["kan 2222p"],
            "win": "tsumo",
            "situation": ["kong_replacement", "last_tile"],
        },
    ],
)
def test_consistent_requests_score(fields: dict[str, Any]) -> None:
    assert score(request(**fields))["valid"] is True

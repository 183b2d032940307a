"""Every variant refuses a situation won the other way (shared/rules/README.md, "One scoring
contract": the situation vocabulary): haitei is drawn, houtei is a discard...

The table below is written from the rule pages, not read from the code: each situation of the
shared vocabulary that belongs to one way of winning, and that way.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import InvalidRequest
from majiang.scoring import score

#: the way of winning each situation needs (riichi.md, hongkong.md, taiwan.md, sichuan.md)
NEEDS = {
    "last_tile": "tsumo",  # the last tile of the wall is drawn
    "kong_replacement": "tsumo",  # the replacement tile of a kong is drawn
    "consecutive_kongs": "tsumo",  # a replacement after a replacement
    "heavenly": "tsumo",  # the dealer's dealt hand
    "earthly": "tsumo",  # a non-dealer's first draw
    "last_discard": "ron",  # the discard after the last tile
    "kong_discard": "ron",  # the discard after a kong's replacement
    "robbing_kong": "ron",  # the tile added to a kong
    "human": "ron",  # a discard before one's first draw
}

#: a complete hand of each variant, its winning tile and a seat (South: not the dealer)
HANDS: dict[str, dict[str, Any]] = {
    "riichi": {"hand": "234567m234p55p777z", "win_tile": "5p"},
    "hk": {"hand": "234567m234p55p777z", "win_tile": "5p"},
    "taiwan": {"hand": "123456789m234p55666s", "win_tile": "6s"},
    "sichuan": {"hand": "123456789m234p55p", "win_tile": "5p"},
}


@pytest.mark.parametrize("variant", sorted(HANDS))
@pytest.mark.parametrize("name", sorted(NEEDS))
def test_a_situation_won_the_other_way_is_refused(variant: str, name: str) -> None:
    wrong = "ron" if NEEDS[name] == "tsumo" else "tsumo"
    request = {"variant": variant, **HANDS[variant], "seat_wind": "S", "win": wrong}
    with pytest.raises(InvalidRequest) as exc:
        score({**request, "situation": [name]})
    assert exc.value.field == "situation"
    assert name in str(exc.value)


@pytest.mark.parametrize("variant", ["hk", "taiwan", "sichuan"])
@pytest.mark.parametrize("name", sorted(NEEDS))
def test_hk_taiwan_and_sichuan_say_it_in_one_sentence(variant: str, name: str) -> None:
    """The families without a sentence per situation (riichi has one) say which win it needs
    and which was given, in the same words (scoring.check_way_of_winning)."""
    need = NEEDS[name]
    wrong = "ron" if need == "tsumo" else "tsumo"
    request = {"variant": variant, **HANDS[variant], "seat_wind": "S", "win": wrong}
    with pytest.raises(InvalidRequest) as exc:
        score({**request, "situation": [name]})
    how = "a self-drawn win" if need == "tsumo" else "a win on another player's tile"
    assert str(exc.value) == f"{name!r} is {how}, not {wrong!r}: choose {need!r}"

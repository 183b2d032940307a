"""Payments at an exhaustive draw with one, two and three ready hands, for the families whose
spec says a draw pays nothing: Hong Kong (hongkong.md "Flow": "drawn when the wall is empty (no
payments)") and Taiwan (taiwan.md: "the hand is drawn with no scoring"). Riichi's noten payments
are in test_engine_hands.py, Sichuan's settlements in test_sichuan_settlements.py and
test_engine_sichuan.py. Every seat discards what it draws and passes every claim, so the hands
stay as dealt and the ready seats are known from the hands."""

from __future__ import annotations

import pytest

from engine_support import auto, of_kind
from majiang.engine import new_game
from majiang.rules import get_ruleset
from test_engine_hongkong_support import hk_wall
from test_engine_taiwan import taiwan_wall

# 13-tile hands (Hong Kong): ready, and far from ready
READY_1P_4P = "123456789m23p11z"
READY_1P_4P_S = "123456789s23p11z"
READY_5M_7Z = "123456789p55m77z"
JUNK_A = "158p258s369s2467z"
JUNK_B = "147m258p369s2346z"
JUNK_C = "89p3679m258s4567z"

# the 80-tile hk2 set: dots, honors, 1 and 9 of characters and bamboo
HK2_READY_1Z_2Z = "123p456p789p11z22z"
HK2_READY_1M_9S = "111p999p11m99s333z"
HK2_JUNK = "2z1m9m1s9s1p1p3z3z4z4z5z6z"

# 16-tile hands (Taiwan)
TW_READY_2S_5S = "123456789m555p34s99s"
TW_READY_1S_4S_7S = "123456789p1234567s"
TW_READY_3Z_4Z = "111999m111999p3344z"
TW_JUNK_A = "258m147p369s1234567z"
TW_JUNK_B = "147m258p369s1234567z"
TW_JUNK_C = "3668m2288p4477s1256z"


def _played_out(variant: str, wall: list[int]) -> tuple[tuple[int, ...], list[object]]:
    """Return the scores at the start and the events of a hand played out to the draw."""
    rules = get_ruleset(variant)
    state, _ = new_game(rules, {}, 0, "one_hand", walls=[wall])
    start = state.scores
    _state, events = auto(
        state, lambda s, ev: any(e.kind == "hand_ended" for e in ev), rules=rules, limit=3000
    )
    return start, events


@pytest.mark.parametrize("variant", ["hk", "hkos"])
@pytest.mark.parametrize(
    ("hands", "ready"),
    [
        ([JUNK_A, JUNK_B, READY_1P_4P, JUNK_C], (2,)),
        ([JUNK_A, READY_1P_4P_S, READY_1P_4P, JUNK_C], (1, 2)),
        ([JUNK_A, READY_1P_4P_S, READY_1P_4P, READY_5M_7Z], (1, 2, 3)),
    ],
)
def test_a_hong_kong_draw_pays_nothing(
    variant: str, hands: list[str], ready: tuple[int, ...]
) -> None:
    if variant == "hkos":  # the dealer is dealt a 14th tile: a 7z, its first discard
        hands = [hands[0] + "7z", *hands[1:]]
    start, events = _played_out(variant, hk_wall(variant, hands))
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.ready) == ("exhaustive_draw", ready)
    assert of_kind(events, "points_moved") == [] and ended.scores == start


@pytest.mark.parametrize(
    ("hands", "ready"),
    [([HK2_JUNK, HK2_READY_1Z_2Z], (1,)), ([HK2_READY_1M_9S, HK2_READY_1Z_2Z], (0, 1))],
)
def test_an_hk2_draw_pays_nothing(hands: list[str], ready: tuple[int, ...]) -> None:
    start, events = _played_out("hk2", hk_wall("hk2", hands))
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.ready) == ("exhaustive_draw", ready)
    assert of_kind(events, "points_moved") == [] and ended.scores == start


@pytest.mark.parametrize(
    ("hands", "ready"),
    [
        ([TW_JUNK_A, TW_READY_2S_5S, TW_JUNK_B, TW_JUNK_C], (1,)),
        ([TW_JUNK_A, TW_READY_2S_5S, TW_READY_1S_4S_7S, TW_JUNK_C], (1, 2)),
        ([TW_READY_3Z_4Z, TW_READY_2S_5S, TW_READY_1S_4S_7S, TW_JUNK_C], (0, 1, 2)),
    ],
)
def test_a_taiwan_draw_pays_nothing(hands: list[str], ready: tuple[int, ...]) -> None:
    start, events = _played_out("taiwan", taiwan_wall(hands))
    ended = of_kind(events, "hand_ended")[0]
    assert (ended.outcome, ended.ready) == ("exhaustive_draw", ready)
    assert of_kind(events, "points_moved") == [] and ended.scores == start

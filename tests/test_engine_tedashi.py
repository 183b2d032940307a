"""A discard of the hand's copy of the tile just drawn (tedashi, ``Discard(from_hand=True)``):
the river and the event say the tile came from the hand; refused without another copy, after a
call, for a tile other than the drawn one, and in riichi (the drawn tile must go)."""

from __future__ import annotations

import pytest

from engine_support import of_kind, play, start
from majiang.actions import Discard, action_from_dict, parse_action
from majiang.engine import is_legal, legal_actions, step
from majiang.errors import IllegalAction
from majiang.rules import get_ruleset
from majiang.tiles import parse_tile

RIICHI = get_ruleset("riichi")

SEVEN = "7m158p258s369s467z"  # the dealer holds one 7m
NO_SEVEN = "158p258s369s2467z"
JUNK1 = "147m258p369s2346z"
ITTSU_M = "123456789m23p11z"  # seat 2: waits on 1p or 4p
JUNK3 = "89p3689m258s4567z"


def t(text: str) -> int:
    return parse_tile(text)


def test_the_hand_copy_of_the_drawn_tile_leaves_and_the_river_says_so() -> None:
    state, _ = start([SEVEN, JUNK1, ITTSU_M, JUNK3], "7m")
    assert state.drawn == t("7m") and state.concealed[0].count(t("7m")) == 2
    after, events = step(RIICHI, state, 0, Discard(t("7m"), from_hand=True))
    (discarded,) = of_kind(events, "discarded")
    assert (discarded.tile, discarded.tsumogiri) == (t("7m"), False)
    assert after.rivers[0][-1].tile == t("7m") and after.rivers[0][-1].tsumogiri is False
    assert after.concealed[0].count(t("7m")) == 1  # the drawn 7m stays
    # the plain discard of the same tile is the drawn one, as before
    plain, events = step(RIICHI, state, 0, Discard(t("7m")))
    assert of_kind(events, "discarded")[0].tsumogiri is True
    assert plain.rivers[0][-1].tsumogiri is True and plain.concealed == after.concealed


def test_the_legal_list_names_each_discard_once() -> None:
    """The list (bots, action spaces) is unchanged: the plain discard only; ``is_legal`` takes
    the hand copy too."""
    state, _ = start([SEVEN, JUNK1, ITTSU_M, JUNK3], "7m")
    legal = legal_actions(RIICHI, state, 0)
    assert Discard(t("7m")) in legal and Discard(t("7m"), from_hand=True) not in legal
    assert len(legal) == len(set(legal)) == 13  # the 13 different tiles of 77m158p258s369s467z
    assert is_legal(RIICHI, state, 0, Discard(t("7m"), from_hand=True))


@pytest.mark.parametrize(
    ("hand", "draw", "tile", "reason"),
    [
        (NO_SEVEN, "7m", "7m", "seat 0 holds no 7m besides the one just drawn"),
        (SEVEN, "1z", "7m", "seat 0 drew 1z, not 7m"),
    ],
)
def test_from_hand_without_a_copy_of_the_drawn_tile_is_refused(
    hand: str, draw: str, tile: str, reason: str
) -> None:
    state, _ = start([hand, JUNK1, ITTSU_M, JUNK3], draw)
    with pytest.raises(IllegalAction, match=reason):
        step(RIICHI, state, 0, Discard(t(tile), from_hand=True))
    assert not is_legal(RIICHI, state, 0, Discard(t(tile), from_hand=True))


def test_from_hand_after_a_call_is_refused() -> None:
    # seat 1 pons the dealer's 2z and holds a third 2z: no tile was drawn this turn
    state, _ = start([SEVEN, "147m258p369s2226z", ITTSU_M, JUNK3], "2z")
    state, _ = play(state, ["0: discard 2z", "1: pon 22z"])
    assert state.turn == 1 and state.concealed[1].count(t("2z")) == 1
    assert Discard(t("1m")) in legal_actions(RIICHI, state, 1)
    with pytest.raises(IllegalAction, match="seat 1 has drawn no tile this turn"):
        step(RIICHI, state, 1, Discard(t("1m"), from_hand=True))


def test_from_hand_in_riichi_is_refused_the_drawn_tile_goes() -> None:
    # seat 2 declares riichi, then draws 1m while holding another 1m
    state, _ = start([NO_SEVEN, JUNK1, ITTSU_M, JUNK3], "9p5s9s1s5z2s1m")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s", "2: discard 9s riichi"])
    state, _ = play(state, ["3: discard 1s", "0: discard 5z", "1: discard 2s"])
    assert state.turn == 2 and state.drawn == t("1m") and "riichi" in state.status[2]
    assert state.concealed[2].count(t("1m")) == 2
    with pytest.raises(IllegalAction, match="after riichi only the drawn tile may be discarded"):
        step(RIICHI, state, 2, Discard(t("1m"), from_hand=True))
    _, events = step(RIICHI, state, 2, Discard(t("1m")))
    assert of_kind(events, "discarded")[0].tsumogiri is True


def test_a_riichi_declaration_may_keep_the_drawn_copy() -> None:
    state, _ = start([NO_SEVEN, JUNK1, "123456789m23p11z", JUNK3], "9p5s9s")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    tedashi = Discard(t("9s"), riichi=True, from_hand=True)
    # seat 2 holds no other 9s: the declaring discard is the drawn tile, refused as a hand copy
    with pytest.raises(IllegalAction, match="holds no 9s besides"):
        step(RIICHI, state, 2, tedashi)
    # seat 2 holds 99s and draws a third: 123456789m99s23p is ready (1p4p) after either 9s
    state, _ = start(["158p258s368s2467z", JUNK1, "123456789m23p99s", JUNK3], "9p5s9s")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s"])
    assert state.concealed[2].count(t("9s")) == 3
    _, events = step(RIICHI, state, 2, tedashi)
    (discarded,) = of_kind(events, "discarded")
    assert (discarded.riichi, discarded.tsumogiri) == (True, False)


def test_the_action_carries_from_hand_in_json_and_text() -> None:
    tedashi = Discard(t("7m"), riichi=True, from_hand=True)
    assert tedashi.to_dict() == {"type": "discard", "tile": "7m", "riichi": True, "from_hand": True}
    assert action_from_dict(tedashi.to_dict()) == tedashi
    assert str(tedashi) == "discard 7m riichi from_hand"
    assert parse_action(str(tedashi)) == tedashi
    assert parse_action("discard 7m from_hand") == Discard(t("7m"), from_hand=True)
    # omitted when false: old records and clients read and write as before
    assert Discard(t("7m")).to_dict() == {"type": "discard", "tile": "7m", "riichi": False}
    assert action_from_dict({"type": "discard", "tile": "7m"}) == Discard(t("7m"))
    with pytest.raises(IllegalAction, match="from_hand must be true or false, got 'yes'"):
        action_from_dict({"type": "discard", "tile": "7m", "from_hand": "yes"})
    with pytest.raises(IllegalAction, match="cannot read action"):
        parse_action("discard 7m from_hand from_hand")
    with pytest.raises(IllegalAction, match="cannot read action"):
        parse_action("kakan 7m from_hand")

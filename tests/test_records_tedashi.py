"""A discard of the hand's copy of the drawn tile (tedashi) through the records: a tenhou.net/6
log that writes the tile (not 60) where the seat drew the same tile imports as
``Discard(from_hand=True)``; the native record keeps it and re-runs; mjai writes
``tsumogiri: false`` and reads it back as the same action."""

from __future__ import annotations

import copy
import json
from typing import Any

from engine_support import start
from majiang.actions import Discard
from majiang.bots.mjai import MjaiProcessBot
from majiang.bots.mjai_player import MjaiPlayer
from majiang.engine import legal_actions
from majiang.records import GameRecord, verify
from majiang.records.mjai import dumps_mjai, export_mjai, import_mjai
from majiang.records.tenhou import import_tenhou
from majiang.rules import get_ruleset
from majiang.tiles import parse_tile
from majiang.view import player_view

SEVEN_M = parse_tile("7m")
RULES = get_ruleset("riichi")
#: seats 1-3 for a fixed wall where the dealer holds 7m or not (engine_support.start)
OTHERS = ["147m258p369s2346z", "123456789m23p11z", "89p3689m258s4567z"]

#: E1, dealer seat 0 holds a 7m (17), draws another and discards a 7m: seat 1 (123p456p789s555z7m,
#: a single wait on 7m with white dragons) wins on it: 40 fu (20, closed ron 10, concealed honor
#: triplet 8, single wait 2), 1 han, 1300 from the dealer
LOG: dict[str, Any] = {
    "title": ["", ""],
    "name": ["A", "B", "C", "D"],
    "rule": {"disp": "般南喰", "aka": 0},
    "log": [
        [
            [0, 0, 0],
            [25000, 25000, 25000, 25000],
            [31],
            [],
            [17, 21, 25, 28, 32, 35, 38, 33, 36, 39, 44, 46, 47],
            [17],
            [17],
            [21, 22, 23, 24, 25, 26, 37, 38, 39, 45, 45, 45, 17],
            [],
            [],
            [11, 14, 18, 22, 25, 28, 33, 36, 39, 41, 41, 42, 43],
            [],
            [],
            [12, 15, 19, 23, 26, 29, 31, 34, 37, 41, 42, 43, 44],
            [],
            [],
            ["和了", [-1300, 1300, 0, 0], [1, 0, 1, "40符1飜1300点", "役牌 白(1飜)"]],
        ]
    ],
}


def discards(record: GameRecord) -> list[tuple[Discard, bool]]:
    """Each discard action with the tsumogiri flag of its event, in order."""
    actions = [a for _, a in record.actions if isinstance(a, Discard)]
    flags = [e["tsumogiri"] for e in record.events if e["type"] == "discarded"]
    return list(zip(actions, flags, strict=True))


def test_a_tenhou_tedashi_of_the_drawn_tiles_kind_imports_as_from_hand() -> None:
    replay, _ = import_tenhou(LOG)
    assert replay.differences == [] and replay.complete
    assert discards(replay.record) == [(Discard(SEVEN_M, from_hand=True), False)]
    # the same log with 60 (the drawn tile) is the plain discard, tsumogiri
    drawn = copy.deepcopy(LOG)
    drawn["log"][0][6] = [60]
    replay, _ = import_tenhou(drawn)
    assert replay.differences == [] and replay.complete
    assert discards(replay.record) == [(Discard(SEVEN_M), True)]


def test_the_native_record_keeps_from_hand_and_reruns() -> None:
    replay, _ = import_tenhou(LOG)
    written = json.loads(json.dumps(replay.record.to_dict()))
    assert written["actions"][0]["action"] == {
        "type": "discard",
        "tile": "7m",
        "riichi": False,
        "from_hand": True,
    }
    back = GameRecord.from_dict(written)
    assert back.actions == replay.record.actions
    assert verify(back) == len(back.events)


def test_mjai_writes_tsumogiri_false_and_reads_it_back_as_from_hand() -> None:
    replay, _ = import_tenhou(LOG)
    events = export_mjai(replay.record)
    (dahai,) = [e for e in events if e["type"] == "dahai"]
    assert (dahai["pai"], dahai["tsumogiri"]) == ("7m", False)
    again, _ = import_mjai(dumps_mjai(events))
    assert again.differences == [] and again.complete
    assert discards(again.record) == [(Discard(SEVEN_M, from_hand=True), False)]


def test_the_mjai_player_says_and_follows_its_own_hand_copy_discard() -> None:
    """Our bot as an mjai player: a from_hand discard is written ``tsumogiri: false``, and the
    referee's echo of it leaves the shadow's river marked as a hand discard."""
    player = MjaiPlayer("tsumogiri", seed=1)
    player.react([{"type": "start_game", "id": 0}])
    hand = ["7m", "1p", "5p", "8p", "2s", "5s", "8s", "3s", "6s", "9s", "N", "F", "C"]
    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
             "oya": 0, "scores": [25000] * 4, "dora_marker": "1s",
             "tehais": [hand] + [["?"] * 13] * 3}  # fmt: skip
    player.react([start, {"type": "tsumo", "actor": 0, "pai": "7m"}])
    state = player.state
    assert state is not None
    reply = player.reaction(state, Discard(SEVEN_M, from_hand=True))
    assert (reply["pai"], reply["tsumogiri"]) == ("7m", False)
    assert player.reaction(state, Discard(SEVEN_M))["tsumogiri"] is True
    player.react([{"type": "dahai", "actor": 0, "pai": "7m", "tsumogiri": False}])
    after = player.state
    assert after is not None and after.rivers[0][-1].tsumogiri is False


def test_an_external_mjai_bots_tedashi_is_the_hand_copy() -> None:
    """The arena's mjai seat reads an external bot's ``dahai``: ``tsumogiri: false`` of the tile
    just drawn, with another copy held, is the hand's copy; ``true`` or absent the drawn tile."""
    state, _ = start(["7m158p258s369s467z", *OTHERS], "7m")
    view = player_view(RULES, state, 0)
    legal = legal_actions(RULES, state, 0)
    seat = MjaiProcessBot("unused")
    dahai = {"type": "dahai", "actor": 0, "pai": "7m"}
    assert seat._to_action({**dahai, "tsumogiri": False}, view, legal) == Discard(
        SEVEN_M, from_hand=True
    )
    assert seat._to_action({**dahai, "tsumogiri": True}, view, legal) == Discard(SEVEN_M)
    assert seat._to_action(dahai, view, legal) == Discard(SEVEN_M)
    # no other 7m held: the drawn one, whatever the bot says
    state, _ = start(["158p258s369s2467z", *OTHERS], "7m")
    view = player_view(RULES, state, 0)
    legal = legal_actions(RULES, state, 0)
    assert seat._to_action({**dahai, "tsumogiri": False}, view, legal) == Discard(SEVEN_M)

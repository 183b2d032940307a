"""tenhou.net/6 import: the 20 logs of tests/data/tenhou6 (mjai-reviewer's test data, see its
README) replay on the engine and re-score with no difference, except two logs that contradict
themselves (named tests below); tampered logs are caught; the reader's pieces."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.errors import MajiangError
from majiang.events import Won
from majiang.records import verify
from majiang.records.drive import move_text
from majiang.records.script import Claim, LogError
from majiang.records.tenhou import (
    YAKU_NAMES,
    import_tenhou,
    read_tenhou,
    result_text,
    tenhou_code,
    tenhou_standings,
    tenhou_tile,
)
from majiang.tiles import parse_tile

DATA = Path(__file__).parent / "data" / "tenhou6"
SELF_CONTRADICTING = {"confusing_nakis_1.json", "confusing_nakis_2.json"}
CLEAN = sorted(p.name for p in DATA.glob("*.json") if p.name not in SELF_CONTRADICTING)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def test_the_twenty_logs_are_here() -> None:
    assert len(list(DATA.glob("*.json"))) == 20
    assert "Apache" in (DATA / "README.md").read_text()


@pytest.mark.parametrize("name", CLEAN)
def test_log_replays_and_rescores_with_no_difference(name: str) -> None:
    replay, script = import_tenhou(load(name))
    assert replay.differences == []
    assert replay.complete
    # every hand ended in the engine as in the log, and the native record re-runs identically
    assert len(replay.hand_events) >= len(script.hands)
    assert verify(replay.record) == len(replay.record.events)


@pytest.mark.parametrize(
    ("name", "wins"),
    [
        # (file, [(winner, from (None: tsumo), limit or fu/han text)]) read from the logs' results
        ("chankan.json", [(2, 3, "満貫8000点")]),
        ("double_ron.json", [(0, 3, "跳満12000点"), (2, 3, "30符2飜2000点")]),
        ("rinshan.json", [(3, None, "満貫2000-4000点")]),
        ("suukantsu_0.json", [(2, 1, "役満32000点")]),
        ("double_kakan_then_chankan.json", [(3, 0, "30符2飜2000点")]),
    ],
)
def test_awkward_wins_are_the_logs(name: str, wins: list[tuple[int, int | None, str]]) -> None:
    replay, script = import_tenhou(load(name))
    won = [e for e in replay.hand_events[0] if isinstance(e, Won)]
    got = []
    for i, e in enumerate(won):
        honba = script.hands[0].honba if i == 0 else 0
        text = result_text(e.result, e.source is None, e.seat == script.hands[0].dealer, honba)
        got.append((e.seat, e.source, text))
    assert got == wins


def test_robbed_kongs_and_replacement_wins_are_flagged() -> None:
    chankan, _ = import_tenhou(load("chankan.json"))
    assert [e.robbed_kong for e in chankan.hand_events[0] if isinstance(e, Won)] == [True]
    rinshan, _ = import_tenhou(load("rinshan.json"))
    won = [e for e in rinshan.hand_events[0] if isinstance(e, Won)]
    assert [i["id"] for i in won[0].result["items"]].count("rinshan") == 1


@pytest.mark.parametrize(
    ("name", "outcome", "reason"),
    [
        ("four_reach.json", "abortive_draw", "four_riichi"),
        ("kyushukyuhai.json", "abortive_draw", "nine_terminals"),
        ("ryukyoku.json", "exhaustive_draw", "wall"),
        ("confusing_nakis_0.json", "exhaustive_draw", "wall"),
    ],
)
def test_draws_end_as_in_the_log(name: str, outcome: str, reason: str) -> None:
    replay, _ = import_tenhou(load(name))
    ended = [e for e in replay.hand_events[0] if e.kind == "hand_ended"]
    assert [(e.outcome, e.reason) for e in ended] == [(outcome, reason)]  # type: ignore[attr-defined]


def test_whole_ranked_game_ends_by_bust_with_the_logs_final_scores() -> None:
    data = load("ranked_game.json")
    replay, _ = import_tenhou(data)
    assert replay.state is not None and replay.state.game_over
    assert list(replay.state.scores) == data["sc"][0::2]
    assert replay.record.events[-1]["reason"] == "bust"


WHOLE_GAMES = sorted(p.name for p in DATA.glob("*.json") if "sc" in json.loads(p.read_text()))


def test_the_reference_logs_hold_whole_games() -> None:
    assert WHOLE_GAMES == ["ranked_game.json", "suukantsu_1.json"]


@pytest.mark.parametrize("name", WHOLE_GAMES)
def test_a_whole_game_ends_with_the_logs_scores_and_standings(name: str) -> None:
    """The log's ``sc``: each seat's final points, then its standing as Tenhou shows it (after
    uma 10-20 and the oka, the points rounded to thousands "five down, six up")."""
    data = load(name)
    replay, script = import_tenhou(data)
    assert script.options["preset"] == "tenhou"
    assert replay.state is not None and replay.state.game_over and replay.differences == []
    assert list(replay.state.scores) == data["sc"][0::2]
    assert tenhou_standings(replay.state.scores, replay.state.final_points) == data["sc"][1::2]


def test_a_log_with_other_standings_is_a_difference() -> None:
    data = load("suukantsu_1.json")
    data["sc"][1] = 28  # seat 0, second with 38,000: 8 + 10 = 18 under Tenhou's uma 10-20
    replay, _ = import_tenhou(data)
    assert [d.text() for d in replay.differences] == [
        "end: final standings [18.0, -11.0, -74.0, 67.0], the log [28.0, -11.0, -74.0, 67.0]"
    ]


def test_confusing_nakis_1_log_leaves_out_the_riichi_stick() -> None:
    """Seat 2 declares riichi on 1m (it passes: the stick is on the table), then seat 0 wins on
    seat 2's 7p. The winner takes the stick (as in double_ron.json, where the riichi winner's
    delta is 12000 + 1000), but this log pays only the hand and two honba: 1600, not 2600."""
    replay, _ = import_tenhou(load("confusing_nakis_1.json"))
    assert [d.text() for d in replay.differences] == [
        "E2-2: seat 0's win moves [2600, 0, -1600, 0], the log [1600, 0, -1600, 0]"
    ]


def test_confusing_nakis_2_log_names_the_wrong_winner() -> None:
    """The rule says red fives but the log deals four plain 5s (read without red fives, with a
    note). Its result names seat 1 winning from seat 0 ([1, 0, 0], no text) while its deltas
    pay seat 2: seat 1 waits on 6p/9p and cannot win on seat 0's last discard 7m; seat 2 (riichi,
    1234567m 555s 777z) can, for 3200 as the deltas say. The engine offers seat 2 the ron and
    the replay stops where the log says seat 1 wins."""
    replay, script = import_tenhou(load("confusing_nakis_2.json"))
    assert any("four plain fives" in n for n in script.notes)
    assert script.options["aka"] == 0
    assert [d.text() for d in replay.differences] == [
        "E1: the engine has seat 1 draws 1m, the log has 'seat 1 wins on seat 0's tile'"
    ]
    assert not replay.complete


def test_a_log_that_stops_before_the_game_ends_is_a_difference() -> None:
    data = load("ranked_game.json")
    data["log"] = data["log"][:2]  # E1 and E2; the game (south, nobody bust yet) goes on
    replay, _ = import_tenhou(data)
    assert [d.text() for d in replay.differences] == [
        "E2: the log ends after this hand, the game goes on by our rules"
    ]


# ---------------------------------------------------------------- tampered logs are caught


def tampered(name: str, change: Any) -> list[str]:
    data = copy.deepcopy(load(name))
    change(data)
    replay, _ = import_tenhou(data)
    return [d.text() for d in replay.differences]


def set_result(index: int, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["log"][0][16][index] = value

    return change


def set_detail(index: int, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["log"][0][16][2][index] = value

    return change


@pytest.mark.parametrize(
    ("name", "change", "expected"),
    [
        (
            "chankan.json",
            set_result(1, [0, 0, 8300, -8300]),
            "E1: seat 2's win moves [0, 0, 8000, -8000], the log [0, 0, 8300, -8300]",
        ),
        (
            "chankan.json",
            set_detail(3, "跳満12000点"),
            "E1: seat 2's win scores 満貫8000点, the log 跳満12000点",
        ),
        (
            "chankan.json",
            set_detail(4, "嶺上開花(1飜)"),
            "E1: seat 2's win: yaku only in the log [('rinshan', 1)], only ours [('chankan', 1)]",
        ),
        (
            "chankan.json",
            set_detail(4, "Nonsense(1飜)"),
            "E1: seat 2's win: cannot read the log's yaku 'Nonsense(1飜)'",
        ),
        (
            "ryukyoku.json",
            set_result(1, [3000, 0, -1500, -1500]),
            "E1-1: the draw moves [1500, 1500, -1500, -1500], the log [3000, 0, -1500, -1500]",
        ),
    ],
)
def test_a_changed_result_is_a_difference(name: str, change: Any, expected: str) -> None:
    assert expected in tampered(name, change)


def test_a_changed_dora_indicator_count_is_a_difference() -> None:
    def change(data: dict[str, Any]) -> None:
        data["log"][0][2] = [33, 34]

    assert tampered("chankan.json", change) == ["E1: dora indicators 3s, the log 34s"]


def test_a_changed_start_is_refused_by_the_engine() -> None:
    def change(data: dict[str, Any]) -> None:  # the dealer's first discard becomes a tile not held
        data["log"][0][6][0] = 19

    with pytest.raises(LogError, match="no turn order"):
        import_tenhou(tampered_data("chankan.json", change))


def tampered_data(name: str, change: Any) -> dict[str, Any]:
    data = copy.deepcopy(load(name))
    change(data)
    return data


def test_a_claim_the_engine_forbids_is_a_difference() -> None:
    """Kuikae off in the log's table but on in ours is one way; here the rule says no open
    tanyao, so a hand winning on tanyao alone is refused (no yaku) where the log wins."""
    data = load("ranked_game.json")
    data["rule"]["disp"] = "特南赤"  # no 喰: open tanyao off
    replay, _ = import_tenhou(data)
    assert replay.differences and not replay.complete


# ---------------------------------------------------------------- pieces


@pytest.mark.parametrize(
    ("code", "tile"),
    [(11, "1m"), (19, "9m"), (25, "5p"), (39, "9s"), (41, "1z"), (47, "7z"), (51, "0m"),
     (52, "0p"), (53, "0s")],
)  # fmt: skip
def test_tenhou_tile_numbers(code: int, tile: str) -> None:
    assert tenhou_tile(code) == parse_tile(tile)
    assert tenhou_code(parse_tile(tile)) == code


@pytest.mark.parametrize("code", [10, 20, 48, 54, 60, 0])
def test_unknown_tile_numbers_are_refused(code: int) -> None:
    with pytest.raises(LogError):
        tenhou_tile(code)


@pytest.mark.parametrize(
    ("result", "tsumo", "dealer", "honba", "text"),
    [
        # a ron: the discarder's payment less 300 per honba
        ({"fu": 30, "total": 4, "points": {"payers": [{"from": "discarder", "amount": 7700}]}},
         False, False, 0, "30符4飜7700点"),
        # a child's tsumo: child-dealer payments less 100 per honba
        ({"fu": 30, "total": 3, "points": {"payers": [
            {"from": "dealer", "amount": 2100}, {"from": "non_dealer", "amount": 1100},
            {"from": "non_dealer", "amount": 1100}]}}, True, False, 1, "30符3飜1000-2000点"),
        # the dealer's tsumo: all pay the same
        ({"fu": 30, "total": 4, "points": {"payers": [{"from": "non_dealer", "amount": 3900}] * 3}},
         True, True, 0, "30符4飜3900点∀"),
        ({"limit": "haneman", "total": 6, "points": {"payers": [
            {"from": "discarder", "amount": 18000}, {"from": "riichi_sticks", "amount": 1000}]}},
         False, True, 0, "跳満18000点"),
        ({"limit": "yakuman", "total": 13, "points": {"payers": [
            {"from": "discarder", "amount": 32000}]}}, False, False, 0, "役満32000点"),
    ],
)  # fmt: skip
def test_result_text(
    result: dict[str, Any], tsumo: bool, dealer: bool, honba: int, text: str
) -> None:
    assert result_text(result, tsumo, dealer, honba) == text


def test_yaku_names_cover_the_logs() -> None:
    for p in DATA.glob("*.json"):
        for raw in json.loads(p.read_text(encoding="utf-8"))["log"]:
            result = raw[16]
            for detail in result[2::2] if result[0] == "和了" else []:
                for y in detail[4:]:
                    assert y.split("(")[0] in YAKU_NAMES, (p.name, y)


def test_turn_order_prefers_the_call_that_plays_through() -> None:
    """confusing_nakis_5: a seat's next entry pons a tile its source discards twice; the pon
    is taken at the discard that lets every later draw and discard be played from held tiles."""
    script = read_tenhou(load("confusing_nakis_5.json"))
    calls = [move_text(m) for m in script.hands[0].moves if isinstance(m, Claim)]
    assert len(calls) == 6
    replay, _ = import_tenhou(load("confusing_nakis_5.json"))
    assert replay.differences == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"log": [[[0, 0, 0]]]}, "not a tenhou.net/6 hand"),
        ({"rule": {"aka": 2}, "log": []}, "red fives"),
        ({"log": []}, "no hands"),
        ({"rule": {"disp": "三般南喰赤"}, "log": []}, "three-player"),
        ({"title": "x"}, "not a tenhou.net/6 log"),
    ],
)
def test_malformed_logs_are_refused_with_a_reason(data: dict[str, Any], message: str) -> None:
    with pytest.raises(LogError, match=message):
        read_tenhou(data)


def test_each_win_is_rescored_through_majiang_score() -> None:
    """The replay scores each win again through the public ``majiang.score`` (the request as
    JSON); a result that differs from the engine's is reported."""
    import dataclasses

    from majiang.engine import step
    from majiang.events import Won as WonEvent
    from majiang.records import rerun
    from majiang.records.drive import rescore
    from majiang.rules import get_ruleset

    replay, _ = import_tenhou(load("double_ron.json"))
    record = replay.record
    rules = get_ruleset("riichi")
    last = len(record.actions) - 1
    head = dataclasses.replace(record, actions=record.actions[:last])
    before, _ = rerun(head)
    _, events = step(rules, before, *record.actions[last])
    assert len([e for e in events if isinstance(e, WonEvent)]) == 2
    assert rescore(rules, before, events) == []
    changed = [
        dataclasses.replace(e, result={**e.result, "total": 99}) if isinstance(e, WonEvent) else e
        for e in events
    ]
    messages = rescore(rules, before, changed)
    assert len(messages) == 2 and "majiang.score gives" in messages[0]


# ---------------------------------------------------------------- never a crash

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 70) | st.sampled_from(["和了", "流局", "p414141", "r60", "x"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(["log", "rule", "disp", "aka"]), inner, max_size=3),
    max_leaves=30,
)  # fmt: skip


def read_or_refused(data: Any) -> None:
    """Import the data: a replay, or a ``MajiangError`` with a reason; never another exception."""
    try:
        replay, _ = import_tenhou(data)
    except MajiangError as exc:
        assert str(exc)
    else:
        assert all(d.message for d in replay.differences)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_random_json_is_read_or_refused_cleanly(data: Any) -> None:
    read_or_refused({"log": data} if isinstance(data, list) else data)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 16), st.integers(0, 20), st.sampled_from([-1, 0, 60, 99, "x", None, "p", []]))
def test_a_damaged_hand_is_read_or_refused_cleanly(part: int, at: int, value: Any) -> None:
    data = load("chankan.json")
    target = data["log"][0][part]
    if isinstance(target, list) and target:
        target[at % len(target)] = value
    else:
        data["log"][0][part] = value
    read_or_refused(data)

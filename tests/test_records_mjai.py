"""mjai logs: export then import returns the same record (simulated games), the libriichi event
set and tile names, a seat's view, foreign logs (no majiang fields: the walls rebuilt), tampered
logs caught, and the ``majiang export`` / ``majiang import`` commands."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.actions import Pass, parse_action
from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.cli import main
from majiang.engine import legal_actions, new_game, step
from majiang.errors import MajiangError
from majiang.records import GameRecord, save_record, verify
from majiang.records.mjai import (
    META,
    dumps_mjai,
    export_mjai,
    import_mjai,
    mjai_tile,
    parse_mjai_tile,
)
from majiang.records.script import LogError
from majiang.records.tenhou import import_tenhou
from majiang.rules import get_ruleset
from majiang.tiles import format_tiles, parse_tile

RIICHI = get_ruleset("riichi")
TENHOU = Path(__file__).parent / "data" / "tenhou6"
LIBRIICHI_TYPES = {
    "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan",
    "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game",
}  # fmt: skip


@cache
def simulated(seed: int, length: str = "east") -> GameRecord:
    """Return a game of two random bots (they call) and two eager ones (they riichi)."""
    names = ("random", "eager", "random", "eager")
    bots = [make_bot(names[s], seed * 4 + s) for s in range(4)]
    return play_game(RIICHI, bots, seed=seed, length=length).record


def as_json(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(record.to_dict()))
    return data


# 50 east games by random and eager bots: calls of every kind, overruled claims, riichi, double ron ...
ROUND_TRIP_SEEDS = range(50)


@pytest.mark.parametrize("seed", ROUND_TRIP_SEEDS)
def test_export_then_import_returns_the_same_record(seed: int) -> None:
    record = simulated(seed)
    events = export_mjai(record)
    assert {e["type"] for e in events} <= LIBRIICHI_TYPES
    replay, _ = import_mjai(dumps_mjai(events))
    assert replay.differences == []
    assert as_json(replay.record) == as_json(record)


def test_round_trip_covers_the_awkward_events() -> None:
    """The round-trip games hold calls, kongs, riichi and claims overruled by others."""
    seen: set[str] = set()
    declined = 0
    for seed in ROUND_TRIP_SEEDS:
        for e in export_mjai(simulated(seed)):
            seen.add(e["type"])
            declined += bool(e.get("majiang_declined"))
    assert {"chi", "pon", "daiminkan", "kakan", "ankan", "dora", "reach", "hora"} <= seen
    assert declined > 0


def test_round_trip_of_imported_tenhou_logs() -> None:
    """A record made from a tenhou log (fixed walls, a mid-game start) goes out and back too."""
    for name in ("ranked_game.json", "suukantsu_1.json", "double_ron.json", "chankan.json"):
        replay, _ = import_tenhou(json.loads((TENHOU / name).read_text(encoding="utf-8")))
        back, _ = import_mjai(dumps_mjai(export_mjai(replay.record)))
        assert back.differences == []
        assert as_json(back.record) == as_json(replay.record)


def test_foreign_log_without_our_fields_rebuilds_the_walls() -> None:
    """An mjai log from another program has no seed or walls: the walls are rebuilt from the
    dealt tiles, draws and indicators; the game, its actions and its events come out the same."""
    record = simulated(3)
    events = export_mjai(record)
    for e in events:
        e.pop(META, None)
        e.pop("majiang_declined", None)
    replay, script = import_mjai(dumps_mjai(events))
    assert replay.differences == []
    assert script.notes and "no majiang detail" in script.notes[0]
    ours = [e for e in replay.record.events]
    assert [e["type"] for e in ours] == [e["type"] for e in record.events]
    assert verify(replay.record) == len(replay.record.events)


@pytest.mark.parametrize(
    ("where", "field", "value", "message"),
    [
        ("tsumo", "pai", None, "draws"),
        ("hora", "deltas", [0, 0, 0, 0], "deltas"),
        ("dahai", "tsumogiri", None, "tsumogiri"),
    ],
)
def test_a_changed_event_is_a_difference(where: str, field: str, value: Any, message: str) -> None:
    record = next(
        r for r in (simulated(s) for s in range(20)) if any(e["type"] == "won" for e in r.events)
    )
    events = export_mjai(record)
    target = next(e for e in reversed(events) if e["type"] == where)
    if field == "pai":  # another tile of the same kind cannot be it: pick a different kind
        target["pai"] = "1m" if target["pai"] != "1m" else "2m"
    elif field == "tsumogiri":
        target["tsumogiri"] = not target["tsumogiri"]
    else:
        target[field] = value
    replay, _ = import_mjai(dumps_mjai(events))
    assert replay.differences, where
    assert any(message in d.message for d in replay.differences) or not replay.complete


def test_seat_view_hides_the_other_hands_and_the_walls() -> None:
    events = export_mjai(simulated(1, "one_hand"), seat=2)
    start = next(e for e in events if e["type"] == "start_kyoku")
    assert start["tehais"][2].count("?") == 0
    assert all(start["tehais"][s] == ["?"] * 13 for s in (0, 1, 3))
    draws = [e for e in events if e["type"] == "tsumo"]
    assert all((e["pai"] == "?") == (e["actor"] != 2) for e in draws)
    assert "seed" not in events[0][META] and "start" not in events[0][META]
    assert not any("majiang_declined" in e for e in events)
    with pytest.raises(LogError, match="hidden tile"):
        import_mjai(dumps_mjai(events))


@pytest.mark.parametrize(
    ("tile", "name"),
    [("1m", "1m"), ("9s", "9s"), ("0m", "5mr"), ("0p", "5pr"), ("0s", "5sr"), ("1z", "E"),
     ("4z", "N"), ("5z", "P"), ("6z", "F"), ("7z", "C")],
)  # fmt: skip
def test_mjai_tile_names(tile: str, name: str) -> None:
    assert mjai_tile(parse_tile(tile)) == name
    assert parse_mjai_tile(name) == parse_tile(tile)


@pytest.mark.parametrize("name", ["0m", "5zr", "Z", "10m", "", 5, None])
def test_bad_mjai_tiles_are_refused(name: Any) -> None:
    with pytest.raises(LogError):
        parse_mjai_tile(name)


def test_export_refuses_other_variants() -> None:
    record = GameRecord("hk", {}, 1, "one_hand", ["a", "b", "c", "d"])
    with pytest.raises(LogError, match="riichi only"):
        export_mjai(record)


# ---------------------------------------------------------------- the commands


def test_cli_export_import_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = simulated(5, "one_hand")
    src = tmp_path / "game.json"
    save_record(record, src)
    log = tmp_path / "game.mjai"
    assert main(["export", "--format", "mjai", str(src), "--out", str(log)]) == 0
    out = tmp_path / "back.json"
    assert main(["import", str(log), "--out", str(out)]) == 0
    assert "ok:" in capsys.readouterr().out
    assert json.loads(out.read_text()) == as_json(record)


def test_cli_export_seat_view(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "game.json"
    save_record(simulated(5, "one_hand"), src)
    assert main(["export", str(src), "--seat", "1"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    start = next(e for e in lines if e["type"] == "start_kyoku")
    assert start["tehais"][0] == ["?"] * 13 and "?" not in start["tehais"][1]


def test_cli_import_tenhou_detected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(TENHOU / "double_ron.json")]) == 0
    assert "ok: 1 hand(s)" in capsys.readouterr().out
    assert main(["import", str(TENHOU / "confusing_nakis_1.json"), "--format", "tenhou6"]) == 1
    out = capsys.readouterr().out
    assert "difference: E2-2: seat 0's win moves" in out


def test_cli_import_refuses_other_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.json"
    bad.write_text('{"hello": 1}')
    assert main(["import", str(bad)]) == 2
    assert "neither mjai lines nor tenhou.net/6" in capsys.readouterr().err


@pytest.mark.parametrize(
    "options",
    [
        {"double_ron": False},  # head bump: the second ron is declined, kept in majiang_declined
        {"triple_ron_draw": False, "aka": 0},
        {"kuikae": False, "bust": False},
    ],
)
def test_round_trip_under_other_table_rules(options: dict[str, Any]) -> None:
    for seed in range(3):
        bots = [make_bot("random", seed * 4 + s) for s in range(4)]
        record = play_game(RIICHI, bots, seed=seed, length="east", options=options).record
        replay, _ = import_mjai(dumps_mjai(export_mjai(record)))
        assert replay.differences == []
        assert as_json(replay.record) == as_json(record)


@pytest.mark.long
def test_round_trip_many_games() -> None:
    for seed in range(1000, 1500):
        record = simulated(seed, "south")
        replay, _ = import_mjai(dumps_mjai(export_mjai(record)))
        assert replay.differences == [], seed
        assert as_json(replay.record) == as_json(record), seed


# Fixed-wall scenarios (the hands of tests/test_engine_claims.py): claims that take no effect
DEALER = "158p258s369s2467z"  # discards 1p
JUNK1 = "147m258p369s2346z"
CHI1 = "238p147m369s2346z"  # chi 23p on the 1p
PON3 = "119p369m258s4567z"  # pon 11p on the 1p: overrules the chi
ITTSU_M = "123456789m23p11z"  # waits on 1p/4p
ITTSU_S = "123456789s23p11z"
WHITE_TANKI1 = "555z234567m789s1p"  # waits on 1p


def scenario(hands: list[str], script: list[str], options: dict[str, Any]) -> GameRecord:
    """Return the record of a one-hand game on a fixed wall: the script, then the drawn tile
    discarded and every claim passed until the game ends."""
    from engine_support import NO_RED, riichi_wall

    wall = riichi_wall(hands, "9p")
    opts = {**NO_RED, **options}
    record = GameRecord("riichi", {}, 0, "one_hand", ["a", "b", "c", "d"])
    record.start = {"walls": [format_tiles(wall, sort=False)]}
    state, events = new_game(RIICHI, opts, 0, "one_hand", walls=[wall])
    record.options = dict(state.options)
    all_events = list(events)
    for line in script:
        who, _, text = line.partition(":")
        if int(who) not in state.waiting_seats():
            continue  # a seat with no claim on the tile is not asked
        state, more = step(RIICHI, state, int(who), parse_action(text.strip()))
        record.actions.append((int(who), parse_action(text.strip())))
        all_events.extend(more)
    while not state.game_over:
        seat = state.waiting_seats()[0]
        legal = legal_actions(RIICHI, state, seat)
        action = Pass() if Pass() in legal else legal[-1] if state.phase == "turn" else legal[0]
        if state.phase == "turn" and state.drawn is not None:
            action = next(a for a in legal if a.kind == "discard")
        state, more = step(RIICHI, state, seat, action)
        record.actions.append((seat, action))
        all_events.extend(more)
    record.events = [e.to_dict() for e in all_events]
    record.result = {
        "scores": list(state.scores),
        "placements": list(state.placements),
        "final_points": list(state.final_points),
    }
    assert verify(record) == len(record.events)
    return record


@pytest.mark.parametrize(
    ("hands", "script", "options", "declined"),
    [
        # a chi overruled by a pon: the chi is kept on the dahai
        ([DEALER, CHI1, JUNK1, PON3], ["0: discard 1p", "1: chi 23p", "2: pass", "3: pon 11p"],
         {}, [[1, "chi 23p"]]),
        # head bump (double_ron off): seat 3's ron gives way to seat 2's
        ([DEALER, JUNK1, ITTSU_M, ITTSU_S], ["0: discard 1p", "1: pass", "2: ron", "3: ron"],
         {"double_ron": False}, [[3, "ron"]]),
        # triple ron aborts the hand: all three rons are kept (no hora says who they were)
        ([DEALER, WHITE_TANKI1, ITTSU_M, ITTSU_S], ["0: discard 1p", "1: ron", "2: ron", "3: ron"],
         {}, [[1, "ron"], [2, "ron"], [3, "ron"]]),
        # double ron: both wins are visible, nothing declined
        ([DEALER, JUNK1, ITTSU_M, ITTSU_S], ["0: discard 1p", "1: pass", "2: ron", "3: ron"],
         {}, []),
    ],
)  # fmt: skip
def test_claims_without_effect_survive_the_round_trip(
    hands: list[str], script: list[str], options: dict[str, Any], declined: list[Any]
) -> None:
    record = scenario(hands, script, options)
    events = export_mjai(record)
    first = next(e for e in events if e["type"] == "dahai")
    assert first.get("majiang_declined", []) == declined
    replay, _ = import_mjai(dumps_mjai(events))
    assert replay.differences == []
    assert as_json(replay.record) == as_json(record)


def test_foreign_log_triple_ron_and_head_bump() -> None:
    """Without our fields: a ryukyoku right after a discard three seats can win on is a triple
    ron (the rons are inferred); a head-bumped ron leaves no trace, so it reads back as a pass
    (same events, one answer fewer)."""
    triple = scenario(
        [DEALER, WHITE_TANKI1, ITTSU_M, ITTSU_S],
        ["0: discard 1p", "1: ron", "2: ron", "3: ron"],
        {},
    )
    bump = scenario(
        [DEALER, JUNK1, ITTSU_M, ITTSU_S],
        ["0: discard 1p", "1: pass", "2: ron", "3: ron"],
        {"double_ron": False},
    )
    for record, same_actions in ((triple, True), (bump, False)):
        events = export_mjai(record)
        for e in events:
            e.pop(META, None)
            e.pop("majiang_declined", None)
        replay, _ = import_mjai(dumps_mjai(events))
        assert replay.differences == []
        assert [e["type"] for e in replay.record.events] == [e["type"] for e in record.events]
        assert (replay.record.actions == record.actions) is same_actions


# ---------------------------------------------------------------- never a crash


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 400),
    st.sampled_from(["actor", "target", "pai", "consumed", "tehais", "oya", "bakaze", "type"]),
    st.sampled_from([-1, 4, "?", "5zr", None, [], ["1m"], "dahai", "E", 0, "x"]),
)
def test_a_damaged_log_is_read_or_refused_cleanly(at: int, key: str, value: Any) -> None:
    events = export_mjai(simulated(0, "one_hand"))
    event = events[at % len(events)]
    event[key] = value
    try:
        replay, _ = import_mjai(dumps_mjai(events))
    except MajiangError as exc:
        assert str(exc)
    else:
        assert all(d.message for d in replay.differences)


@pytest.mark.parametrize(
    "text", ["", "{}", "[1, 2]", '{"type": 3}', "not json", '{"type":"dahai"}']
)
def test_text_that_is_not_a_log_is_refused(text: str) -> None:
    with pytest.raises(MajiangError):
        import_mjai(text)

"""mjai logs: export then import returns the same record (simulated games), the libriichi event
set and tile names, a seat's view, foreign logs (no majiang fields: the walls rebuilt), tampered
logs caught, and the ``majiang export`` / ``majiang import`` commands."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.cli import main
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
from majiang.tiles import parse_tile

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

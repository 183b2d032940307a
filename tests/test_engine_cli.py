"""``majiang simulate`` and ``majiang replay`` (issue 7 items 3 and 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main


def test_simulate_json_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "simulate",
            "--games", "3",
            "--length", "one_hand",
            "--seed", "4",
            "--bots", "eager,random,eager,tsumogiri",
            "--records", str(tmp_path),
            "--json",
        ]
    )  # fmt: skip
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["hands"] == 3
    assert [s["bot"] for s in out["seats"]] == ["eager", "random", "eager", "tsumogiri"]
    assert set(out["seats"][0]) == {
        "seat", "bot", "win_rate", "deal_in_rate", "average_points", "average_placement"
    }  # fmt: skip
    assert out["events"]["hand_ended"] == 3 and out["hands_per_second"] > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-000004.json", "game-000005.json", "game-000006.json"
    ]  # fmt: skip


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--length", "one_hand"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "hands/s" in out and "hand_ended" in out


def test_simulate_rejects_a_wrong_lineup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--bots", "random,random"]) == 2
    assert "needs 4 bots" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--rule", "start_points=-5"]) == 2


def test_replay_prints_and_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--games", "1", "--length", "east", "--records", str(tmp_path), "--json"])
    capsys.readouterr()
    (path,) = tmp_path.iterdir()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "E1" in out and "Scores: 25000" in out and "The game is over: " in out
    assert main(["replay", str(path), "--verify"]) == 0
    assert "events identical" in capsys.readouterr().out
    data = json.loads(path.read_text())
    data["events"][5]["tile"] = "9z" if data["events"][5].get("tile") else "1m"
    data["events"][5] = {**data["events"][5], "seat": 3 - data["events"][5].get("seat", 0)}
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1
    assert "verify failed" in capsys.readouterr().out


def test_replay_names_the_seats_as_the_table_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots of a record named as the table and the replay page name them: by the level a
    player chose ("Bot 2 (normal)"; the eager bot is level simple's, the tsumogiri bot the
    tutorial's), in a record of bots alone (``majiang simulate``) as in the server's (``bot:``)."""
    monkeypatch.setenv("COLUMNS", "200")
    bots = "normal,eager,random,tsumogiri"
    assert main(["simulate", "--games", "1", "--length", "one_hand", "--bots", bots,
                 "--records", str(tmp_path), "--json"]) == 0  # fmt: skip
    (path,) = tmp_path.iterdir()
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    named = "Bot 1 (normal), Bot 2 (simple), Bot 3 (random), Bot 4 (tutorial)"
    assert f"seats {named}\n" in out, out
    assert "A new hand: Bot 1 (normal) deals." in out
    assert "The game is over: Bot 1 (normal): " in out
    # a record of the server: a person, the bots as bot:<bot>, a seat left empty
    data = json.loads(path.read_text())
    data["seats"] = ["Lan", "bot:normal", "bot:tsumogiri", ""]
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seats Lan, Bot 2 (normal), Bot 3 (tutorial), Seat 4\n" in out, out
    assert "A new hand: Lan deals." in out


def test_replay_rejects_what_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "other"}')
    assert main(["replay", str(path)]) == 2
    assert "not a majiang record" in capsys.readouterr().err
    path.write_text('{"format": "majiang-record", "version": 99}')
    assert main(["replay", str(path)]) == 2
    assert "version 99" in capsys.readouterr().err

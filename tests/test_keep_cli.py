"""``majiang keep``: a sheet in a JSON file, entered and corrected from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main


def keep(*args: str) -> int:
    return main(["keep", *args])


def scores(path: Path, capsys: pytest.CaptureFixture[str]) -> list[int]:
    capsys.readouterr()
    assert keep("show", str(path), "--json") == 0
    out: list[int] = json.loads(capsys.readouterr().out)["standing"]["scores"]
    return out


def test_a_riichi_game_entered_corrected_and_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "game.json"
    assert keep("new", "--variant", "riichi", "--players", "Ann,Bob,Cy,Dee", str(sheet)) == 0
    # Ann (dealer) 3 han 40 fu from Bob: 7700, and Cy's riichi stick
    assert keep("add", str(sheet), "win", "--winner", "Ann", "--from", "Bob",
                "--han", "3", "--fu", "40", "--riichi", "Cy") == 0  # fmt: skip
    assert scores(sheet, capsys) == [33700, 17300, 24000, 25000]
    # E1-1: Cy and Dee both win on Bob's discard, entered Dee first
    assert keep("add", str(sheet), "win", "--winner", "Dee", "--winner", "Cy", "--from", "Bob",
                "--han", "1", "--fu", "30", "--han", "2", "--fu", "30") == 0  # fmt: skip
    # from Bob, Cy comes first: 2 han 30 fu 2000 + 300 honba; Dee 1 han 30 fu 1000
    assert scores(sheet, capsys) == [33700, 17300 - 2300 - 1000, 24000 + 2300, 25000 + 1000]
    # the first hand was a self-draw by Bob after all: 1 han 30 fu, 500 from the dealer, 300 each
    assert keep("edit", str(sheet), "1", "win", "--winner", "Bob", "--tsumo",
                "--han", "1", "--fu", "30", "--riichi", "Cy") == 0  # fmt: skip
    # E2 now (no honba): Cy 2 han 30 fu = 2000, Dee 1000, both from Bob; Bob took Cy's stick
    assert scores(sheet, capsys) == [24500, 27100 - 3000, 23700 + 2000, 24700 + 1000]
    assert keep("undo", str(sheet)) == 0
    assert scores(sheet, capsys) == [24500, 27100, 23700, 24700]
    assert keep("show", str(sheet), "--csv") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Hand,Dealer,Result,Ann +/-,Ann,")
    assert lines[1].startswith("E1,Ann,Cy riichi; Bob won self-drawn: 1 han 30 fu,-500,24500,")
    assert keep("show", str(sheet)) == 0
    assert "Next: E2 · Bob deals" in capsys.readouterr().out


def test_impossible_entries_exit_2_and_leave_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "hk.json"
    assert keep("new", "--variant", "hk", "--players", "A,B,C,D", "--rule", "min_fan=1",
                str(sheet)) == 0  # fmt: skip
    before = sheet.read_text()
    code = keep("add", str(sheet), "win", "--winner", "A", "--winner", "C", "--from", "B",
                "--fan", "3", "--fan", "3")  # fmt: skip
    assert code == 2
    assert "only 1 player may win on one discard in hk" in capsys.readouterr().err
    assert sheet.read_text() == before
    assert keep("add", str(sheet), "win", "--winner", "A", "--from", "B", "--han", "3") == 2
    assert "hk counts fan, not han" in capsys.readouterr().err
    assert keep("new", "--variant", "hk", "--players", "A,B,C,D", str(sheet)) == 2
    assert "exists" in capsys.readouterr().err
    assert keep("undo", str(tmp_path / "missing.json")) == 2


def test_sichuan_steps_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sc.json"
    assert keep("new", "--variant", "sichuan", "--players", "A,B,C,D", str(sheet)) == 0
    assert keep("add", str(sheet), "kong", "--player", "C", "--kind", "kan", "--from", "B") == 0
    assert keep("add", str(sheet), "win", "--winner", "A", "--from", "D", "--fan", "1") == 0
    assert keep("add", str(sheet), "draw", "--ready-fan", "B=2", "--three-suits", "D") == 0
    # as in test_keep: Dee pays the cap 16 to B and C, C pays B 4 and returns the kong's 2
    assert scores(sheet, capsys) == [2, -2 + 16 + 4 + 2, 2 + 16 - 4 - 2, -2 - 32]

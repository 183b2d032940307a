"""`majiang analyze`: the printed table, --json, JSON lines on stdin, and exit codes."""

from __future__ import annotations

import io
import json

import pytest

from majiang.cli import main


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> int:
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["analyze", *argv])


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["123m456p789s11223z"]) == 0
    out = capsys.readouterr().out
    assert "Shanten: 0 · ready (tenpai)" in out
    assert "Discard" in out
    # the best discard comes first, with its two waits and their unseen copies
    rows = [line for line in out.splitlines() if "3z " in line and "1z(2)" in line]
    assert rows and "2z(2)" in rows[0]


def test_table_output_for_a_ready_hand_lists_waits(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["2345m, pon 777z, chi 123p, pon 111s"]) == 0
    out = capsys.readouterr().out
    assert "Waits: 2m 5m" in out
    assert "Discard" not in out


def test_json_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["123m456p789s1122z", "--json", "--visible", "2z"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result == {
        "hand": "123m456p789s1122z",
        "variant": None,
        "tiles": 13,
        "shanten": 0,
        "waits": ["1z", "2z"],
        "acceptance": [{"discard": None, "shanten": 0, "tiles": {"1z": 2, "2z": 1}, "unseen": 3}],
    }


@pytest.mark.parametrize(
    ("variant", "expected"),
    [(None, 0), ("riichi", 0), ("hk", 2), ("sichuan", 0)],
)
def test_variant_chooses_forms(
    variant: str | None, expected: int, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["1122m3344p5566s7s", "--json"] + (["--variant", variant] if variant else [])
    assert run(argv) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == expected


def test_form_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["1122m3344p5566s7z", "--json", "--form", "standard"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == 3


def test_bad_notation_exits_2_naming_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["123x"]) == 2
    assert "'x'" in capsys.readouterr().err


def test_stdin_json_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = "123m456p789s11222z\n\n19m19p19s1234567z\n"
    assert run([], lines, monkeypatch) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["shanten"] for o in out] == [-1, 0]
    assert len(out[1]["waits"]) == 13


def test_stdin_bad_line_gives_error_object_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = "123m456p789s1122z\n12q\n11111m\n123m\n"
    assert run([], lines, monkeypatch) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0]["shanten"] == 0
    assert out[1]["line"] == 2 and out[1]["token"] == "12q" and "'q'" in out[1]["error"]
    assert out[2]["token"] == "1m" and "fifth copy" in out[2]["error"]
    assert out[3]["field"] == "hand" and "3k+1" in out[3]["error"]


def test_stdin_variant_checks_tiles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["--variant", "sichuan"], "123m456p789s1122z\n", monkeypatch) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["token"] == "1z"

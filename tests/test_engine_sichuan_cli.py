"""``majiang simulate`` and ``majiang replay --verify`` for Taiwan and Sichuan (issue 8: "majiang
simulate, replay --verify ... for every one of these variants"), and a record's decision
actions read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.actions import DeclareVoid, Exchange, action_from_dict, parse_action
from majiang.cli import main
from majiang.tiles import parse_tiles


@pytest.mark.parametrize(
    ("variant", "events"),
    [
        ("taiwan", ("bonus_declared",)),
        ("sichuan", ("dice_rolled", "tiles_passed", "void_declared")),
    ],
)
def test_simulate_then_replay_and_verify(
    variant: str, events: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--variant", variant, "--games", "2", "--length", "one_hand"]
    code = main([*args, "--seed", "3", "--records", str(tmp_path), "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["hands"] == 2
    for kind in events:
        assert out["events"][kind] > 0, kind
    for path in sorted(tmp_path.iterdir()):
        assert main(["replay", str(path), "--verify"]) == 0
        assert "events identical" in capsys.readouterr().out
    # a tampered record is refused
    path = sorted(tmp_path.iterdir())[0]
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][:-1]
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("void m", DeclareVoid("m")),
        ("exchange 123p", Exchange(tuple(parse_tiles("123p")))),
    ],
)
def test_decision_actions_read_and_write(text: str, action: object) -> None:
    assert parse_action(text) == action and str(action) == text
    assert action_from_dict(action.to_dict()) == action  # type: ignore[attr-defined]


def test_a_void_of_no_suit_is_refused() -> None:
    with pytest.raises(ValueError, match="the suit must be m, p or s"):
        action_from_dict({"type": "void", "suit": "z"})

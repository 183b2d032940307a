"""``majiang simulate --variant hk|hk2|hkos`` and ``majiang replay --verify`` of their records
(issue 8: the Chinese variants through the same CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main


@pytest.mark.parametrize(
    ("variant", "bots", "kinds"),
    [
        ("hk", "eager,random,eager,random", ("hand_started", "discarded")),
        ("hk2", "eager,random", ("hand_started", "discarded")),
        ("hkos", "eager,random,eager,random", ("dice_rolled", "bonus_declared")),
    ],
)
def test_simulate_and_verify_the_records(
    variant: str,
    bots: str,
    kinds: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--variant", variant, "--games", "2", "--length", "one_hand"]
    code = main([*args, "--bots", bots, "--records", str(tmp_path), "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and len(out["seats"]) == len(bots.split(","))
    for kind in kinds:
        assert out["events"][kind] > 0, kind
    records = sorted(tmp_path.iterdir())
    assert len(records) == 2
    for path in records:
        assert json.loads(path.read_text())["variant"] == variant
        assert main(["replay", str(path), "--verify"]) == 0
        assert "ok:" in capsys.readouterr().out


def test_replay_verify_catches_a_changed_dice_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["simulate", "--variant", "hkos", "--games", "1", "--length", "one_hand",
          "--records", str(tmp_path), "--json"])  # fmt: skip
    capsys.readouterr()
    (path,) = tmp_path.iterdir()
    record = json.loads(path.read_text())
    dice = next(e for e in record["events"] if e["type"] == "dice_rolled")
    dice["dice"] = [7 - d for d in dice["dice"]]
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--verify"]) == 1

"""The arena (issue 10): duplicate deals with the seats rotated, figures per level with 95%
intervals, JSON records, and an external mjai bot process as a riichi seat. Tiny runs only:
the measured matches are bench/bots.py.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from majiang.bots.arena import interval, label, play_deal, run_arena
from majiang.bots.mjai import MjaiConverter, mjai_tile, tile_from_mjai
from majiang.cli import main
from majiang.events import Called, Discarded, Event, HandStarted, PointsMoved
from majiang.tiles import parse_tile, parse_tiles


def test_every_bot_plays_every_seat_of_a_deal() -> None:
    results = play_deal("riichi", ["beginner", "random", "tsumogiri", "random"], deal_seed=3)
    assert len(results) == 16  # four rotations of four seats
    for rotation in range(4):
        seated = [r.name for r in results[rotation * 4 : rotation * 4 + 4]]
        assert seated == [
            ["beginner", "random", "tsumogiri", "random"][(s + rotation) % 4] for s in range(4)
        ]
    assert all(r.hands == 1 for r in results)
    # each game is zero-sum: sticks left on the table go to the first placed at the game's end
    for rotation in range(4):
        assert sum(r.points for r in results[rotation * 4 : rotation * 4 + 4]) == 0


def test_a_watch_sees_every_game_of_a_deal_as_the_results_do() -> None:
    seen: list[tuple[list[str], list[Event]]] = []
    names = ["tsumogiri", "random", "tsumogiri", "random"]
    results = play_deal("riichi", names, deal_seed=3, watch=lambda s, e: seen.append((s, e)))
    assert [s for s, _ in seen] == [
        [r.name for r in results[rotation * 4 : rotation * 4 + 4]] for rotation in range(4)
    ]
    for rotation, (_, events) in enumerate(seen):
        assert sum(isinstance(e, HandStarted) for e in events) == 1
        moved = [0, 0, 0, 0]
        for e in events:
            if isinstance(e, PointsMoved):
                moved = [m + d for m, d in zip(moved, e.deltas, strict=True)]
        assert moved == [r.points for r in results[rotation * 4 : rotation * 4 + 4]]


def test_arena_report_per_level() -> None:
    report = run_arena(
        "riichi", ["beginner", "beginner", "random", "random"], deals=2, workers=1, warm=False
    )
    assert [r.level for r in report.rows] == ["beginner", "random"]
    assert report.hands == 8
    beginner, rand = report.rows
    assert beginner.seats == 2 and beginner.hands == 16  # 2 seats x 4 rotations x 2 deals
    mean, low, high = beginner.points_per_hand
    assert low <= mean <= high
    # with two levels of two seats each, in zero-sum games and over the same hands, one level's
    # points are exactly the other's losses, and so are the ends of its interval
    assert rand.hands == beginner.hands
    mean, low, high = rand.points_per_hand
    assert beginner.points_per_hand == (-mean, -high, -low)
    assert beginner.decisions_per_second > 0


def test_interval() -> None:
    assert interval([5.0]) == (5.0, 5.0, 5.0)
    mean, low, high = interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and mean - low == pytest.approx(high - mean)
    assert high - mean == pytest.approx(1.96 * (5 / 3 / 4) ** 0.5, abs=1e-5)


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "--variant",
            "hk2",
            "--bots",
            "beginner,random",
            "--games",
            "2",
            "--workers",
            "1",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "hk2" and data["hands"] == 4
    levels = {r["level"]: r for r in data["levels"]}
    assert set(levels) == {"beginner", "random"}
    for record in levels.values():
        low, high = record["points_per_hand_ci"]
        assert low <= record["points_per_hand"] <= high
        assert {"placement", "win_rate", "deal_in_rate", "decisions_per_second"} <= set(record)


def test_cli_table_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["arena", "--bots", "expert,normal,beginner,random", "--games", "1", "--workers", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert "points/hand" in out and "expert" in out and "95%" in out
    assert main(["arena", "--bots", "expert,normal", "--games", "1"]) == 2
    assert "riichi seats 4 bots, got 2" in capsys.readouterr().err
    assert main(["arena", "--bots", "expert,normal,beginner,oracle", "--games", "1"]) == 2
    assert "unknown bot level 'oracle'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("tile", "name"),
    [("1m", "1m"), ("0s", "5sr"), ("1z", "E"), ("4z", "N"), ("5z", "P"), ("6z", "F"), ("7z", "C")],
)
def test_mjai_tiles(tile: str, name: str) -> None:
    # mjai notation: P haku (white), F hatsu (green), C chun (red)
    assert mjai_tile(parse_tile(tile)) == name
    assert tile_from_mjai(name) == parse_tile(tile)


def test_mjai_events() -> None:
    conv = MjaiConverter(seat=1)
    assert conv.convert(HandStarted(0, 0, 0, 0, 0, (25000,) * 4)) == []
    riichi = conv.convert(Discarded(2, parse_tile("5p"), tsumogiri=True, riichi=True))
    assert [e["type"] for e in riichi] == ["reach", "dahai"]
    pon = conv.convert(Called(1, "pon", tuple(parse_tiles("555p")), parse_tile("5p"), 2))
    assert pon == [{"type": "pon", "actor": 1, "target": 2, "pai": "5p", "consumed": ["5p", "5p"]}]


_MJAI_BOT = """
import json, sys
me = None
for line in sys.stdin:
    events = json.loads(line)
    events = events if isinstance(events, list) else [events]
    reply = {"type": "none"}
    for e in events:
        if e["type"] == "start_game":
            me = e["id"]
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == me:
        reply = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
    print(json.dumps(reply), flush=True)
"""


def test_mjai_process_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "tsumogiri_mjai.py"
    script.write_text(textwrap.dedent(_MJAI_BOT))
    command = f"mjai:{sys.executable} {script}"
    assert label(command) == "mjai"
    report = run_arena(
        "riichi", [command, "expert", "expert", "expert"], deals=1, workers=1, warm=False
    )
    mjai = report.rows[0]
    assert mjai.level == "mjai" and mjai.hands == 4
    assert mjai.illegal == 0


@pytest.mark.long
@pytest.mark.parametrize(
    ("variant", "strong", "weak", "deals"),
    [
        # issue 10's ladder, the clearest steps (bench/bots.py measures all of them)
        ("riichi", "beginner", "random", 60),
        ("riichi", "normal", "beginner", 200),
        ("hk", "beginner", "random", 100),
        ("hk", "normal", "beginner", 100),
        # hk2 one against one (docs/bots.md: +56.8 and +68.5 points per hand over 1,000 deals)
        ("hk2", "normal", "beginner", 400),
        ("hk2", "expert", "normal", 400),
    ],
)
def test_ladder_steps_apart(variant: str, strong: str, weak: str, deals: int) -> None:
    seats = [strong, weak] if variant == "hk2" else [strong, strong, weak, weak]
    report = run_arena(variant, seats, deals=deals, seed=500, workers=2)
    hi, lo = report.rows
    assert hi.level == strong
    assert hi.points_per_hand[1] > lo.points_per_hand[2]  # the intervals are apart

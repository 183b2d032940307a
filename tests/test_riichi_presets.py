"""Named riichi rule sets (docs/riichi.md "Named rule sets"): each preset's values against the
rule page it follows, explicit options over a preset, the errors, and ``--preset`` on the CLI.

Each row quotes its page (presets.SOURCES names them); the values are read from the page, not
from the presets module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from majiang.cli import main
from majiang.engine import new_game, resolve_options
from majiang.errors import InvalidRequest
from majiang.rules import get_ruleset

RIICHI = get_ruleset("riichi")

#: (preset, option, value, what the page says)
ROWS: list[tuple[str, str, Any, str]] = [
    # tenhou.net/man
    ("tenhou", "start_points", 25000, "25000点持ち"),
    ("tenhou", "target_points", 30000, "30000点返し; 西入 (南入) while nobody has 30000"),
    ("tenhou", "oka", 20000, "30000点返し: the top takes the 4 x 5000 difference"),
    ("tenhou", "uma", (20, 10, -10, -20), "ウマ 10-20"),
    ("tenhou", "extra_rounds", "sudden_death", "西入: ends as soon as someone holds 30000"),
    ("tenhou", "bust", "below_zero", "トビ: below 0 ends, exactly 0 plays on"),
    ("tenhou", "agari_yame", True, "オーラス親のアガリ止めあり"),
    ("tenhou", "tenpai_yame", False, "テンパイ止めなし"),
    ("tenhou", "aka", 1, "赤: one red five per suit"),
    ("tenhou", "kiriage", False, "切り上げ満貫なし"),
    # riichi.wiki, Mahjong Soul's rules
    ("mahjong_soul", "bust", "below_zero", "Bankruptcy: applied for negative points, not zero"),
    ("mahjong_soul", "double_ron", True, "Multiple rons: available"),
    ("mahjong_soul", "triple_ron_draw", False, "Three-player Ron (Sanchahou): No"),
    ("mahjong_soul", "abort_four_winds", True, "Four-wind Discarded: Yes"),
    ("mahjong_soul", "abort_nine_terminals", True, "Nine Different Terminals and Honors: Yes"),
    ("mahjong_soul", "extra_rounds", "sudden_death", "West round while nobody has 30,000"),
    # WRC rules 2015 (and riichi.wiki's summary of them)
    ("wrc", "start_points", 30000, "Starting points 30,000"),
    ("wrc", "oka", 0, "Oka 0"),
    ("wrc", "uma", (15, 5, -5, -15), "Uma +15/+5/-5/-15"),
    ("wrc", "abort_nine_terminals", False, "Abortive draws: none"),
    ("wrc", "abort_four_riichi", False, "Abortive draws: none"),
    ("wrc", "agari_yame", False, "5.9.1 No agari yame"),
    ("wrc", "double_yakuman", False, "every yakuman counted as single"),
    ("wrc", "double_ron", False, "EMA differs: multiple winners are allowed (in EMA)"),
    ("wrc", "leftover_sticks", "lost", "EMA differs: riichi bets at game end go to the winner"),
    ("wrc", "tied_places", "share", "Uma +15/+5 modified for ties"),
    # EMA RCR 2016 ("Revised EMA Riichi rules")
    ("ema", "aka", 0, "Red fives have been removed"),
    ("ema", "renhou", "mangan", "Renho is a mangan, not a yakuman"),
    ("ema", "kazoe", False, "A hand with 13+ fan is scored as a sanbaiman"),
    ("ema", "abort_four_winds", False, "Abortive draws are not allowed"),
    ("ema", "nagashi_mangan", False, "Nagashi Mangan is not allowed"),
    ("ema", "uma", (15, 5, -5, -15), "Uma is changed to 15,000/5,000/-5,000/-15,000"),
    ("ema", "double_ron", True, "Multiple winners are allowed"),
    ("ema", "kiriage", False, "4-30 is not rounded to mangan payment"),
    ("ema", "leftover_sticks", "to_first", "Riichi bets at game end go to the winner"),
    ("ema", "tied_places", "share", "tied players share the uma of their places"),
    # M.League's official rules
    ("mleague", "start_points", 25000, "25000点持ち"),
    ("mleague", "uma", (30, 10, -10, -30), "ウマは+10,30"),
    ("mleague", "oka", 20000, "30000点返し"),
    ("mleague", "bust", "off", "トビなし"),
    ("mleague", "double_ron", False, "ダブロンなし"),
    ("mleague", "abort_four_kongs", False, "途中流局なし"),
    ("mleague", "agari_yame", False, "アガリ止め無し"),
    ("mleague", "kiriage", True, "7700は切り上げ"),
    ("mleague", "tied_places", "share", "同点は順位点を等分 (riichi.wiki: splits evenly)"),
    ("mleague", "kazoe", False, "数え役満なし"),
    ("mleague", "extra_rounds", "none", "東南戦 (no West round)"),
]


@pytest.mark.parametrize(("preset", "option", "value", "page"), ROWS)
def test_a_preset_follows_its_rule_page(preset: str, option: str, value: Any, page: str) -> None:
    assert resolve_options(RIICHI, {"preset": preset})[option] == value, page


def test_explicit_options_override_the_preset() -> None:
    opts = resolve_options(RIICHI, {"preset": "mleague", "uma": [20, 10, -10, -20], "aka": 0})
    assert opts["uma"] == (20, 10, -10, -20) and opts["aka"] == 0
    assert opts["bust"] == "off"  # the rest of the preset stands


def test_the_mleague_standings_of_its_worked_example() -> None:
    # M.League's page: 43,000 first is 13 + 50 = 63 points, 36,800 second 6.8 + 10 = 16.8
    state, _ = new_game(RIICHI, {"preset": "mleague"}, 0, "one_hand")
    state.scores = (43000, 36800, 12000, 8200)
    assert RIICHI.final_points(state.options, state)[:2] == (63000, 16800)


@pytest.mark.parametrize("preset", ["tenhuo", 1, None])
def test_an_unknown_preset_is_an_error_listing_the_known(preset: Any) -> None:
    with pytest.raises(InvalidRequest, match=r"unknown preset .*\(known: ema, mahjong_soul") as err:
        resolve_options(RIICHI, {"preset": preset})
    assert err.value.field == "rules"


def test_an_unknown_rule_lists_the_game_options_too() -> None:
    with pytest.raises(InvalidRequest, match="unknown rule 'bsut'") as err:
        resolve_options(RIICHI, {"bsut": "off"})
    assert err.value.field == "rules"
    for name in ("bust", "target_points", "start_points", "kiriage", "preset"):
        assert name in str(err.value)


def test_simulate_takes_a_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "1", "--length", "one_hand", "--records", str(tmp_path)]
    assert main([*args, "--preset", "wrc", "--rule", "aka=1", "--json"]) == 0
    capsys.readouterr()
    (path,) = tmp_path.iterdir()
    options = json.loads(path.read_text())["options"]
    assert options["start_points"] == 30000 and options["agari_yame"] is False
    assert options["aka"] == 1  # --rule over the preset

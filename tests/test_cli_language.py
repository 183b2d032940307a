"""The player's commands speak the language of ``--lang`` or of the locale (docs/i18n.md):
``majiang keep``'s sheet and errors, ``replay``'s game told in text, ``analyze``'s table;
their ``--json`` output stays as it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main

#: the sheet of test_keep_sheet, in each language: Ann (dealer) wins 3 han 40 fu from Bob with
#: Cy's riichi stick, then a draw with Ann ready and Dee's riichi: E1-2 next, one stick left
KEEP = {
    "de": [
        "Japanisches Riichi · Ostrunde",
        "Was geschah",
        "Ann gewann von Bob: 3 Han 40 Fu",
        "Als Nächstes: E1-2 · Ann gibt · 1 Riichi-Stäbchen",
    ],
    "es": [
        "Riichi japonés · Ronda Este",
        "Qué pasó",
        "Ann ganó con descarte de Bob: 3 han 40 fu",
        "Siguiente: E1-2 · reparte Ann · 1 palillo de riichi",
    ],
    "zh": [
        "日本立直麻将 · 东风战",
        "经过",
        "Ann 和了 Bob 的牌：3 番 40 符",
        "下一局：E1-2 · Ann 坐庄 · 1 根立直棒",
    ],
}


@pytest.mark.parametrize("lang", sorted(KEEP))
def test_keep_prints_the_sheet_in_the_language_chosen(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # rich wraps no cell
    sheet = str(tmp_path / "game.json")
    assert main(["keep", "new", "--players", "Ann,Bob,Cy,Dee", sheet]) == 0
    assert main(["keep", "add", sheet, "win", "--winner", "Ann", "--from", "Bob",
                 "--han", "3", "--fu", "40", "--riichi", "Cy"]) == 0  # fmt: skip
    # --lang after the step's own options, and before the step
    assert main(["keep", "add", sheet, "draw", "--ready", "Ann", "--riichi", "Dee",
                 "--lang", lang]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["keep", "show", sheet, "--lang", lang]) == 0
    out = capsys.readouterr().out
    for text in KEEP[lang]:
        assert text in out, (text, out)
    assert "deals" not in out and "What happened" not in out
    # the JSON of the sheet keeps its ids and English texts' keys
    assert main(["keep", "show", sheet, "--json", "--lang", lang]) == 0
    assert json.loads(capsys.readouterr().out)["standing"]["ended"] is None


def test_keep_says_its_errors_in_the_language_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.json"
    assert main(["keep", "show", str(missing), "--lang", "de"]) == 2
    assert capsys.readouterr().err == (
        f"majiang keep: Fehler: kein Blatt unter {missing} (ein neues beginnt 'majiang keep new')\n"
    )
    sheet = str(tmp_path / "game.json")
    assert main(["keep", "new", "--players", "Ann,Bob,Cy,Dee", sheet]) == 0
    # a refusal of majiang.keep itself, from the locale's language
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LANG", "es_ES.UTF-8")
        assert main(["keep", "add", sheet, "riichi", "--player", "Zed"]) == 2
    assert capsys.readouterr().err == (
        "majiang keep: error: player: 'Zed' no juega aquí (Ann, Bob, Cy, Dee)\n"
    )


#: what ``majiang analyze`` prints of 123m456p789s11223z (14 tiles, one discard from ready:
#: 3z, then 1z or 2z) and of a ready hand of four tiles waiting on 2m and 5m
ANALYZE = {
    "de": ["(14 verdeckte Steine)", "Shanten: 0 · bereit (Tenpai)", "Abwerfen", "Ungesehen",
           "Wartet auf: 2m 5m", "Shanten: 0 · bereit (Tenpai)"],
    "es": ["(14 fichas ocultas)", "Shanten: 0 · lista (tenpai)", "Descartar", "Sin ver",
           "Esperas: 2m 5m", "Shanten: 0 · lista (tenpai)"],
    "zh": ["(14 张暗牌)", "向听数： 0 · 听牌（tenpai）", "打出", "未见",
           "听牌： 2m 5m", "向听数： 0 · 听牌（tenpai）"],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(ANALYZE))
def test_analyze_prints_its_table_in_the_language_chosen(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    tiles, shanten, discard, unseen, waits, ready = ANALYZE[lang]
    assert main(["analyze", "123m456p789s11223z", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert tiles in out and shanten in out and discard in out and unseen in out, out
    assert "concealed tiles" not in out and "ready" not in out and "Unseen" not in out
    # a ready hand: its waits; from the locale this time
    monkeypatch.setenv(
        "LANG", {"de": "de_DE.UTF-8", "es": "es_ES.UTF-8", "zh": "zh_CN.UTF-8"}[lang]
    )
    assert main(["analyze", "2345m, pon 777z, chi 123p, pon 111s"]) == 0
    out = capsys.readouterr().out
    assert waits in out and ready in out, out
    # --json keeps its fields
    assert main(["analyze", "123m456p789s1122z", "--json", "--lang", lang]) == 0
    assert json.loads(capsys.readouterr().out)["waits"] == ["1z", "2z"]

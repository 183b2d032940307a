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


#: ``majiang replay`` of one hand of riichi between four normal bots, seed 0: East 1, seat 2
#: declares riichi and wins on seat 1's 9p (riichi, ippatsu, pinfu: 3 han 30 fu, 3900 + the
#: stick), the game over after its one hand
REPLAY = {
    "de": ["Partie Japanisches Riichi, Seed 0, Länge Eine Hand",
           "Eine neue Hand: Platz 1 gibt. Punkte: 25000 25000 25000 25000",
           "Das Riichi von Platz 2 steht.",
           "Platz 2 gewinnt auf den Abwurf von Platz 1 mit 9p.",
           "Auf einen Schlag (一発 ippatsu) 1",
           "Die Hand endet: Gewinn. Punkte: 21100 28900 25000 25000",
           "Die Partie ist zu Ende: Platz 1: 4"],
    "es": ["Partida de Riichi japonés, semilla 0, duración Una mano",
           "Una mano nueva: reparte Asiento 1. Puntos: 25000 25000 25000 25000",
           "El riichi de Asiento 2 queda firme.",
           "Asiento 2 gana con el descarte de Asiento 1, 9p.",
           "De un golpe (一発 ippatsu) 1",
           "La mano termina: Victoria. Puntos: 21100 28900 25000 25000",
           "La partida ha terminado: Asiento 1: 4"],
    "zh": ["日本立直麻将对局，种子 0，长度 一局",
           "新的一局：座位 1 坐庄. 点数：25000 25000 25000 25000",
           "座位 2 的立直成立。",
           "座位 2 荣和 座位 1 打出的 9p。",
           "一发 (一発 ippatsu) 1",
           "本局结束：和牌。 点数：21100 28900 25000 25000",
           "对局结束：座位 1: 4"],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(REPLAY))
def test_replay_tells_the_game_in_the_language_chosen(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    bots = "normal,normal,normal,normal"
    assert main(["simulate", "--games", "1", "--length", "one_hand", "--bots", bots,
                 "--records", str(tmp_path), "--json"]) == 0  # fmt: skip
    (path,) = tmp_path.iterdir()
    capsys.readouterr()
    assert main(["replay", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    for text in REPLAY[lang]:
        assert text in out, (text, out)
    for english in ("wins", "The hand ends", "Scores:", "game over", "riichi stands"):
        assert english not in out, (english, out)
    # --verify says its verdict in the language too; an unknown language is refused
    assert main(["replay", str(path), "--verify", "--lang", lang]) == 0
    assert "events identical" not in capsys.readouterr().out
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    assert "--lang must be one of en, de, es, zh, got 'fr'" in capsys.readouterr().err

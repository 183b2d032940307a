"""The player's commands speak the language of ``--lang`` or of the locale (docs/i18n.md):
``majiang keep``'s sheet and errors, ``replay``'s game told in text, ``analyze``'s table;
their ``--json`` output stays as it is."""

from __future__ import annotations

import json
from collections.abc import Callable
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
#: stick), the game over after its one hand; the seats named as the table names them
REPLAY = {
    "de": ["Partie Japanisches Riichi, Seed 0, Länge Eine Hand, Plätze Bot 1 (normal), Bot 2 (normal)",
           "Eine neue Hand: Bot 1 (normal) gibt. Punkte: 25000 25000 25000 25000",
           "Das Riichi von Bot 2 (normal) steht.",
           "Bot 2 (normal) gewinnt auf den Abwurf von Bot 1 (normal) mit 9p.",
           "Auf einen Schlag (一発 ippatsu) 1",
           "Die Hand endet: Gewinn. Punkte: 21100 28900 25000 25000",
           "Die Partie ist zu Ende: Bot 1 (normal): 4"],
    "es": ["Partida de Riichi japonés, semilla 0, duración Una mano",
           "Una mano nueva: reparte Bot 1 (normal). Puntos: 25000 25000 25000 25000",
           "El riichi de Bot 2 (normal) queda firme.",
           "Bot 2 (normal) gana con el descarte de Bot 1 (normal), 9p.",
           "De un golpe (一発 ippatsu) 1",
           "La mano termina: Victoria. Puntos: 21100 28900 25000 25000",
           "La partida ha terminado: Bot 1 (normal): 4"],
    "zh": ["日本立直麻将对局，种子 0，长度 一局",
           "新的一局：电脑 1（普通） 坐庄. 点数：25000 25000 25000 25000",
           "电脑 2（普通） 的立直成立。",
           "电脑 2（普通） 荣和 电脑 1（普通） 打出的 9p。",
           "一发 (一発 ippatsu) 1",
           "本局结束：和牌。 点数：21100 28900 25000 25000",
           "对局结束：电脑 1（普通）: 4"],
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


#: the ``--help`` of the player's commands, in each language: argparse's own words, a command's
#: summary, an option's help, ``--lang``'s own help and ``-h``'s
HELP = {
    "de": {
        "score": ["Aufruf: majiang score", "eine Gewinnhand werten (jede Variante)", "Optionen:",
                  "selbst gezogener Gewinn (sonst Ron)", "Sprache der Aufstellung",
                  "diese Hilfe zeigen und beenden"],
        "keep add": ["Aufruf: majiang keep add", "Argumente:", "ein abgebrochenes Spiel (Riichi)",
                     "Sprache des Zettels und seiner Fehler"],
        "": ["Aufruf: majiang", "Eine Mahjong-Engine", "den Spielserver starten",
             "die Versionsnummer zeigen und beenden"],
    },
    "es": {
        "score": ["uso: majiang score", "puntuar una mano ganadora (cualquier variante)",
                  "opciones:", "victoria robada por uno mismo (por omisión: ron)",
                  "idioma de el desglose", "mostrar esta ayuda y salir"],
        "keep add": ["uso: majiang keep add", "argumentos posicionales:",
                     "un empate abortivo (riichi)", "idioma de la hoja y sus errores"],
        "": ["uso: majiang", "Un motor de mahjong", "arrancar el servidor de juego",
             "mostrar el número de versión y salir"],
    },
    "zh": {
        "score": ["用法：majiang score", "计算一手和牌的得分（任意规则）", "选项:",
                  "自摸和牌（默认：荣和）", "得分明细的语言", "显示此帮助信息并退出"],
        "keep add": ["用法：majiang keep add", "位置参数:", "途中流局（立直）",
                     "记分表及其错误信息的语言"],
        "": ["用法：majiang", "一个麻将引擎", "启动游戏服务器", "显示版本号并退出"],
    },
}  # fmt: skip

#: English words of a help text that a translated one has none of
ENGLISH_HELP = ("usage:", "options:", "show this help message", "positional arguments",
                "self-drawn", "language of", "score a winning hand", "start the game server")  # fmt: skip


def help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Return what ``majiang ARGV`` prints for ``--help`` (argparse exits 0)."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 0
    return capsys.readouterr().out


@pytest.fixture
def locale(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Set the locale to ``LANG`` alone; wide lines, so that no help text wraps."""
    monkeypatch.setenv("COLUMNS", "300")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    return lambda value: monkeypatch.setenv("LANG", value)


@pytest.mark.parametrize("lang", sorted(HELP))
def test_help_of_the_player_commands_follows_lang_then_the_locale(
    lang: str, locale: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    locale("C.UTF-8")
    for command, texts in HELP[lang].items():
        words = command.split()
        # --lang after --help, as a player adds it to a line already typed
        out = help_text([*words, "--help", "--lang", lang], capsys)
        for text in texts:
            assert text in out, (command, text, out)
        for english in ENGLISH_HELP:
            assert english not in out, (command, english, out)
    # the same words from the locale alone
    locale({"de": "de_DE.UTF-8", "es": "es_ES.UTF-8", "zh": "zh_CN.UTF-8"}[lang])
    for command, texts in HELP[lang].items():
        out = help_text([*command.split(), "--help"], capsys)
        assert all(text in out for text in texts), (command, out)
    # --lang wins over the locale
    out = help_text(["score", "--lang", "en", "-h"], capsys)
    assert "usage: majiang score" in out and "self-drawn win (default: ron)" in out


def test_help_stays_english_for_the_developer_commands_and_c(
    locale: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    locale("de_DE.UTF-8")
    out = help_text(["serve", "--help"], capsys)
    assert out.startswith("usage: majiang serve") and "show this help message and exit" in out
    locale("C.UTF-8")
    out = help_text(["score", "--help", "--lang", "fr"], capsys)  # refused when it runs
    assert out.startswith("usage: majiang score") and "options:" in out
    # argparse's words are its own again once the command line is read
    import argparse

    assert argparse.ArgumentParser(prog="x").format_help().startswith("usage: x")


#: argparse's refusal of a line (a value missing, a choice it does not offer), as each language
#: says it
REFUSED = {
    "en": [
        "majiang score: error: argument --hand: expected one argument",
        "majiang score: error: argument --variant: invalid choice: 'nope' (choose from",
    ],
    "de": [
        "majiang score: Fehler: Argument --hand: ein Wert erwartet",
        "majiang score: Fehler: Argument --variant: ungültige Wahl: 'nope' (möglich:",
    ],
    "es": [
        "majiang score: error: argumento --hand: se esperaba un valor",
        "majiang score: error: argumento --variant: opción no válida: 'nope' (elija entre",
    ],
    "zh": [
        "majiang score：错误：参数 --hand：需要一个值",
        "majiang score：错误：参数 --variant：无效的选择：'nope'（可选：",
    ],
}


@pytest.mark.parametrize("lang", sorted(REFUSED))
def test_a_refused_command_line_is_said_in_the_language_chosen(
    lang: str, locale: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    locale("C.UTF-8")
    lines = [["score", "--lang", lang, "--hand"], ["score", "--lang", lang, "--variant", "nope"]]
    for argv, said in zip(lines, REFUSED[lang], strict=True):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
        assert said in capsys.readouterr().err

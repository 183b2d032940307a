"""The languages: the catalogs hold exactly the messages the code marks, every one translated;
the .po loader reads them as Babel does; every pattern id of every variant has its traditional
name and a translation in every language; the scoring contract's ``lang``; the CLI's --lang."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from majiang.cli import main
from majiang.errors import InvalidRequest
from majiang.i18n import (
    LANGUAGES,
    SOURCE,
    language_name,
    match,
    messages,
    negotiate,
    translations,
)
from majiang.i18n.patterns import FAMILY, NAMES, pattern_name, translated
from majiang.i18n.po import CatalogError, read_po
from majiang.scoring import score

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "majiang"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


# -- the catalogs against the code -----------------------------------------------------------


@pytest.fixture(scope="module")
def used() -> set[tuple[str | None, str]]:
    return tool.keys(tool.template())


def test_the_languages_are_the_catalog_files() -> None:
    files = {p.stem for p in tool.CATALOGS.glob("*.po")}
    assert set(LANGUAGES) == files and {"en", "de", "es", "zh"} <= files
    assert LANGUAGES[0] == SOURCE == "en"
    names = [language_name(lang) for lang in LANGUAGES]
    assert len(set(names)) == len(names)  # each catalog names its own language
    assert names[:1] + [language_name(x) for x in ("de", "es", "zh")] == [
        "English",
        "Deutsch",
        "Español",
        "中文",
    ]


def test_extraction_finds_python_and_javascript(used: set[tuple[str | None, str]]) -> None:
    # one message of each kind of mark, known by hand: a page, a pattern row, the browser
    assert (None, "Home") in used
    assert ("hongkong", "All pungs") in used
    assert (None, "back to the table") in used  # static/home.js
    assert ("score column", "Change") in used  # static/table_view.js, pt("score column", ...)


def test_a_word_of_two_senses_has_a_context() -> None:
    """The sheet's button "Change" (a verb) and the result's column "Change" (a change of
    score) are two messages: each language says each its way."""
    said = {"de": ("Ändern", "Änderung"), "es": ("Cambiar", "Cambio"), "zh": ("修改", "变动")}
    for lang, (verb, noun) in said.items():
        assert translations(lang).gettext("Change") == verb
        assert translations(lang).pgettext("score column", "Change") == noun
        assert messages(lang)["score column\x04Change"] == noun  # what the browser's pt reads


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_holds_what_the_code_uses(
    lang: str, used: set[tuple[str | None, str]]
) -> None:
    """Nothing missing, nothing unused, nothing untranslated (``tools/i18n.py update`` fixes
    the first two; a translator the third)."""
    assert tool.problems(lang, used) == []


def test_the_check_bites(used: set[tuple[str | None, str]], tmp_path: Path) -> None:
    """A catalog that lacks a used message, or holds one no longer used, is reported."""
    text = (tool.CATALOGS / "de.po").read_text(encoding="utf-8")
    text = text.replace('msgid "Home"\nmsgstr "Startseite"', 'msgid "Homepage"\nmsgstr "Start"')
    (tmp_path / "de.po").write_text(text, encoding="utf-8")
    original = tool.CATALOGS
    tool.CATALOGS = tmp_path
    try:
        found = tool.problems("de", used)
    finally:
        tool.CATALOGS = original
    assert found == ["de: lacks (None, 'Home')", "de: holds unused (None, 'Homepage')"]


def test_no_mark_inside_an_f_string() -> None:
    """Babel does not look inside f-strings: a ``_("...")`` there would never reach a catalog
    (a ``_(name)`` of a string marked elsewhere with ``N_`` is fine)."""
    hidden = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Call)
                        and isinstance(inner.func, ast.Name)
                        and inner.func.id in {"_", "ngettext", "pgettext"}
                        and any(isinstance(a, ast.Constant) for a in inner.args)
                    ):
                        hidden.append(f"{path.relative_to(SRC)}:{inner.lineno}")
    assert hidden == []


def test_no_mark_inside_a_template_literal() -> None:
    """Babel's JavaScript extraction does not look inside `...` either."""
    hidden = []
    for path in sorted((SRC / "web" / "static").glob("*.js")):
        for literal in re.findall(r"`[^`]*`", path.read_text(encoding="utf-8")):
            if re.search(r"\bp?t\(\s*[\"']", literal):
                hidden.append(f"{path.name}: {literal[:60]}")
    assert hidden == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loader_reads_each_catalog_as_babel_does(lang: str) -> None:
    compiled = translations(lang)
    checked = 0
    for m in tool.load(lang):
        if not m.id or isinstance(m.id, tuple):
            continue
        expected = m.string or m.id  # an untranslated message falls back to its id
        got = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)
        assert got == expected, (m.context, m.id)
        checked += 1
    assert checked > 150


def test_the_loader_names_a_bad_line() -> None:
    with pytest.raises(CatalogError, match=r"x.po:2: unknown keyword 'msgstring'"):
        read_po('msgid "a"\nmsgstring "b"\n', "x.po")


def test_the_loader_skips_fuzzy_and_obsolete() -> None:
    entries = read_po('#, fuzzy\nmsgid "a"\nmsgstr "b"\n\n#~ msgid "c"\n#~ msgstr "d"\n')
    assert [(e.msgid, e.translated) for e in entries] == [("a", False)]


# -- choosing a language -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("fr-FR, es;q=0.5, en;q=0.4", "es"),
        ("en;q=0.1, zh-CN", "zh"),
        ("zh-Hant-HK", "zh"),
        ("fr, it", None),
        ("de;q=0, es;q=0.1", "es"),
        ("*", None),
        ("", None),
    ],
)
def test_accept_language(header: str, expected: str | None) -> None:
    assert negotiate(header) == expected


def test_match_ignores_case_and_underscores() -> None:
    assert [match(t) for t in ("DE", "es_MX", "zh_TW", "pt")] == ["de", "es", "zh", None]


# -- every pattern id of every variant, in every language ----------------------------------


def _ids(variant: str) -> set[str]:
    """Every item id a variant's scoring can give, from the rulesets' own tables."""
    if variant == "riichi":
        from majiang.rules.riichi.yaku import YAKU, YAKUMAN

        # dora items (dora.py) and nagashi mangan (calculate.py) are not in the yaku tables
        return {y.id for y in (*YAKU, *YAKUMAN)} | {
            "dora",
            "ura_dora",
            "aka_dora",
            "nagashi_mangan",
        }
    if variant in ("hk", "hk2", "hkos"):
        from majiang.rules.hongkong.fan import BONUS_PATTERNS, HK_PATTERNS

        return {p.id for p in (*HK_PATTERNS, *BONUS_PATTERNS)}
    if variant == "taiwan":
        from majiang.rules.taiwan.tai import PATTERNS

        return {p.id for p in PATTERNS}
    from majiang.rules.sichuan.fan import BONUSES, LIMIT_HANDS, PATTERNS, PLAIN_HAND

    return {p.id for p in (PLAIN_HAND, *PATTERNS, *BONUSES, *LIMIT_HANDS)} | {"root"}


ALL_IDS = [(v, i) for v in FAMILY for i in sorted(_ids(v))]


def test_the_table_names_exactly_the_ids_of_the_rulesets() -> None:
    by_family: dict[str, set[str]] = {}
    for variant, pattern_id in ALL_IDS:
        by_family.setdefault(FAMILY[variant], set()).add(pattern_id)
    named: dict[str, set[str]] = {}
    for family, pattern_id in NAMES:
        named.setdefault(family, set()).add(pattern_id)
    assert named == by_family
    assert len(ALL_IDS) > 190  # 50 riichi + 3 x 34 Hong Kong + 37 Taiwan + 17 Sichuan


def test_the_extra_riichi_ids_are_what_scoring_gives() -> None:
    r = score(
        {"variant": "riichi", "hand": "234067m234p55p777z", "win_tile": "5p", "win": "ron",
         "situation": ["riichi"], "dora_indicators": "4p", "ura_indicators": "6z"}
    )  # fmt: skip
    assert {"dora", "ura_dora", "aka_dora"} <= {i["id"] for i in r["items"]}


#: characters only simplified Chinese writes (and their traditional forms), from the names used
SIMPLIFIED_ONLY = set("对龙钩钓杠抢捞带将开发门风红无兰罗连听么")
TRADITIONAL_ONLY = set("對龍鉤釣槓搶撈帶將開發門風紅無蘭羅連聽")


@pytest.mark.parametrize(("variant", "pattern_id"), ALL_IDS)
def test_every_id_has_its_names_in_every_language(variant: str, pattern_id: str) -> None:
    names = pattern_name(variant, pattern_id)
    han = [ch for ch in names.traditional if "\u3040" <= ch <= "\u9fff"]
    assert han, f"{pattern_id}: {names.traditional!r} is not written in the game's script"
    if names.family == "riichi":
        romaji = names.traditional.split(" ", 1)[1]
        assert romaji.isascii() and romaji.islower()
    elif names.family == "sichuan":
        assert not set(han) & TRADITIONAL_ONLY, names.traditional
    else:
        assert not set(han) & (SIMPLIFIED_ONLY - {"么"}), names.traditional
    for lang in LANGUAGES:
        name = translated(variant, pattern_id, lang)
        assert name.strip()
        if lang != SOURCE:
            assert name != names.english, f"{pattern_id} has no {lang} translation"


@pytest.mark.parametrize(
    ("variant", "pattern_id", "traditional"),
    [  # the names the issue gives (#28), by hand
        ("hk", "all_chows", "平糊"),
        ("hk", "all_pungs", "對對糊"),
        ("hk", "full_flush", "清一色"),
        ("hkos", "thirteen_orphans", "十三么"),
        ("taiwan", "closed_hand", "門清"),
        ("taiwan", "self_draw", "自摸"),
        ("sichuan", "pure_suit", "清一色"),
        ("sichuan", "root", "根"),
        ("sichuan", "golden_hook", "金钩钓"),
        ("riichi", "pinfu", "平和 pinfu"),
        ("riichi", "kokushi", "国士無双 kokushi musou"),
    ],
)
def test_traditional_names(variant: str, pattern_id: str, traditional: str) -> None:
    assert pattern_name(variant, pattern_id).traditional == traditional


@pytest.mark.parametrize(
    ("variant", "pattern_id", "lang", "expected"),
    [  # German names from shared/seeds (000 Hong Kong, 002 Taiwan, 004 Sichuan)
        ("hk", "half_flush", "de", "Halbreine Hand"),
        ("hk", "nine_gates", "de", "Neun Tore"),
        ("taiwan", "fully_open_hand", "de", "Komplett offene Hand"),
        ("taiwan", "lik_gu_lik_gu", "de", "Lik Gu Lik Gu"),
        ("sichuan", "golden_hook", "de", "Goldener Haken"),
        ("sichuan", "kong_discard", "de", "Einwurf nach Kong"),
        ("sichuan", "golden_hook", "zh", "金钩钓"),
        ("hk", "all_pungs", "zh", "對對糊"),
    ],
)
def test_translations_from_the_source_pages(
    variant: str, pattern_id: str, lang: str, expected: str
) -> None:
    assert translated(variant, pattern_id, lang) == expected


# -- the scoring contract's lang -------------------------------------------------------------

RIICHI = {
    "variant": "riichi",
    "hand": "234567m234p55p777z",
    "win_tile": "5p",
    "win": "ron",
    "seat_wind": "S",
    "situation": ["riichi"],
}


def test_without_lang_the_items_are_as_they_were() -> None:
    items = score(RIICHI)["items"]
    assert items == [
        {"id": "riichi", "name": "Riichi", "value": 1},
        {"id": "yakuhai_red", "name": "Red dragon", "value": 1},
    ]


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("de", ["Fertigansage (立直 riichi)", "Roter Drache (中 chun)"]),
        ("es-MX", ["Declaración de listo (立直 riichi)", "Dragón rojo (中 chun)"]),
        ("zh-TW", ["立直 riichi", "中 chun"]),
        ("en", ["Ready declaration (立直 riichi)", "Red dragon (中 chun)"]),
    ],
)
def test_lang_adds_localized_names(lang: str, names: list[str]) -> None:
    items = score({**RIICHI, "lang": lang})["items"]
    assert [i["id"] for i in items] == ["riichi", "yakuhai_red"]
    assert [i["value"] for i in items] == [1, 1]
    assert [i["name"] for i in items] == names
    assert [i["traditional"] for i in items] == ["立直 riichi", "中 chun"]


def test_sichuan_roots_keep_their_tiles() -> None:
    r = score(
        {"variant": "sichuan", "hand": "11112233m456789p", "win_tile": "9p", "win": "tsumo",
         "lang": "zh"}
    )  # fmt: skip
    root = next(i for i in r["items"] if i["id"] == "root")
    assert root["name"] == "根: 1m" and root["translation"] == "根"


@pytest.mark.parametrize("bad", ["fr", "", 7, "xx-YY"])
def test_an_unknown_lang_is_refused(bad: object) -> None:
    with pytest.raises(InvalidRequest, match="lang must be a language tag") as info:
        score({**RIICHI, "lang": bad})
    assert info.value.field == "lang"


# -- the command line ----------------------------------------------------------------------

#: three chows of characters, a pair of East, a pung of South: half flush (and self-drawn)
ARGS = ["score", "--variant", "hk", "--hand", "123m456m789m11z222z", "--win-tile", "2z"]


def test_cli_lang(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--tsumo", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Halbreine Hand (混一色)" in out and "Selbstgezogen (自摸)" in out
    assert "Summe" in out and "jeder zahlt" in out


def test_cli_lang_from_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main([*ARGS, "--tsumo"]) == 0
    assert "Color mixto (混一色)" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main([*ARGS, "--tsumo"]) == 0
    out = capsys.readouterr().out
    assert "Half flush" in out and "混一色" not in out


def test_cli_unknown_lang(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--lang", "fr"]) == 2
    assert f"--lang must be one of {', '.join(LANGUAGES)}, got 'fr'" in capsys.readouterr().err


def test_cli_json_passes_lang_through(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    request = {"variant": "sichuan", "hand": "11m22m33m44m55m66m77m", "win_tile": "7m",
               "lang": "de"}  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(request) + "\n"))
    assert main(["score", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)["items"]
    assert "Sieben Paare (七对)" in [i["name"] for i in items]

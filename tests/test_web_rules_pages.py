"""The rules pages teach with example hands: every one is scored here by the scorer, which must
agree with every value the page states (each pattern and its value, the total, fu, who pays and
how much). The values on the pages were worked by hand from shared/rules/*.md, pattern by pattern;
a page stating a value the scorer does not give fails here, and so does a scorer that changes.

Every language's page is checked the same way: its examples are the English page's (the tiles
and values are written once, on the English page, and a translation gives only the words), so
each language's page has the same hands with the same values, and each is scored again here.

Also: every pattern of every ruleset has an example that shows it, the pages speak to players
(no option keys, pattern ids, file names or code), and the pages never read docs/; a page with no
translation is shown in English with a note in the reader's language.
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import majiang.web.rules as rules
from majiang.i18n import LANGUAGES
from majiang.rules import VARIANTS, get_ruleset
from majiang.scoring import score
from majiang.server.app import create_app
from majiang.server.settings import Settings
from majiang.web import words
from majiang.web.meta import SITUATIONS
from majiang.web.patterns import pattern_table
from majiang.web.rules import (
    PAGE_FILES,
    Example,
    PageError,
    examples,
    is_translated,
    merge_examples,
    page_source,
    riichi_points,
)

CASES = [(lang, v, i) for lang in LANGUAGES for v in VARIANTS for i in range(len(examples(v)))]
PAGES = [(lang, v) for lang in LANGUAGES for v in VARIANTS]


def disagreements(e: Example) -> list[str]:
    """Return what the scorer says otherwise than the page, one line each (empty: agreed)."""
    try:
        result = score(e.request)
    except ValueError as error:
        return [f"the request is refused: {error}"]
    out = []
    if not result["valid"]:
        return [f"not a legal win: {result['reason']}"]
    counted: Counter[str] = Counter()
    for item in result["items"]:
        counted[item["id"]] += item["value"]
    if dict(counted) != e.counts:
        out.append(f"counts: page {e.counts}, scorer {dict(counted)}")
    if e.total is not None and result["total"] != e.total:
        out.append(f"total: page {e.total}, scorer {result['total']}")
    if e.fu is not None and result["fu"] != e.fu:
        out.append(f"fu: page {e.fu}, scorer {result['fu']}")
    if e.points is not None and result["points"]["total"] != e.points:
        out.append(f"points: page {e.points}, scorer {result['points']['total']}")
    if e.pays:
        # the page states what each payer of a kind pays ("each other player: 1300")
        paid: dict[str, set[int]] = {}
        for p in result["points"]["payers"]:
            paid.setdefault(str(p["from"]), set()).add(p["amount"])
        if paid != {who: {amount} for who, amount in e.pays.items()}:
            out.append(f"pays: page {e.pays}, scorer {paid}")
    return out


@pytest.mark.parametrize(("lang", "variant", "index"), CASES)
def test_every_example_hand_scores_as_the_page_says(lang: str, variant: str, index: int) -> None:
    assert len(examples(variant, lang)) == len(examples(variant))
    e = examples(variant, lang)[index]
    assert disagreements(e) == [], (lang, e.pattern, e.request)


def stated(e: Example) -> tuple[object, ...]:
    """Return what an example shows that must be the same in every language."""
    return (e.variant, e.request, e.counts, e.total, e.fu, e.points, e.pays, e.pattern)


@pytest.mark.parametrize(("lang", "variant"), PAGES)
def test_every_language_shows_the_english_pages_hands_and_values(lang: str, variant: str) -> None:
    english, mine = examples(variant), examples(variant, lang)
    assert [stated(e) for e in mine] == [stated(e) for e in english]
    for e, en in zip(mine, english, strict=True):
        # the words are there where the English page has them
        assert bool(e.when) == bool(en.when) and bool(e.note) == bool(en.note), e.pattern
        assert bool(e.how) == bool(en.how), e.pattern
        if lang != "en" and is_translated(variant, lang):
            assert (e.when, e.note) != (en.when, en.note) or not (en.when or en.note), (
                f"{lang}/{variant}: the example of {e.pattern or 'a hand'} is left in English"
            )


def pictures(source: str) -> list[str]:
    """Return the tiles and dice of a page's pictures (``tiles`` and ``wall`` blocks)."""
    return re.findall(r"^(?:tiles|dice):.*$", source, re.MULTILINE)


@pytest.mark.parametrize(("lang", "variant"), PAGES)
def test_every_language_draws_the_english_pages_pictures(lang: str, variant: str) -> None:
    english, mine = page_source(variant), page_source(variant, lang)
    assert pictures(mine) == pictures(english)
    # the same sections, one for one (a translation is a whole document, not a part of one)
    assert mine.count("\n## ") == english.count("\n## ")
    assert mine.count("```") == english.count("```")


EN = "Intro\n```pattern\nid: a\nwhen: Always.\nhand: 11m\nwin: ron 1m\n```\n```hand\nhand: 22m\nwin: ron 2m\nnote: Two.\n```\n"


def test_a_translation_takes_the_tiles_and_values_of_the_english_page() -> None:
    text = "Einführung\n```pattern\nid: a\nwhen: Immer.\n```\n```hand\nnote: Zwei.\n```\n"
    merged = merge_examples(text, EN, "de")
    assert merged == (
        "Einführung\n```pattern\nid: a\nhand: 11m\nwin: ron 1m\nwhen: Immer.\n```\n"
        "```hand\nhand: 22m\nwin: ron 2m\nnote: Zwei.\n```\n"
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # a value written again in the translation
        ("```pattern\nwhen: Immer.\ntotal: 2\n```\n```hand\nnote: Zwei.\n```\n", "written once"),
        # an example left out
        ("```pattern\nwhen: Immer.\n```\n", "same examples"),
        # the examples in another order
        ("```hand\nnote: Zwei.\n```\n```pattern\nwhen: Immer.\n```\n", "same examples"),
        # a note left out: it would show in English
        ("```pattern\nwhen: Immer.\n```\n```hand\n```\n", "where the English page has"),
        # another pattern's example in this one's place
        ("```pattern\nid: b\nwhen: Immer.\n```\n```hand\nnote: Zwei.\n```\n", "stands where"),
    ],
)
def test_a_translation_that_differs_from_the_english_examples_is_refused(
    text: str, why: str
) -> None:
    with pytest.raises(PageError, match=why):
        merge_examples(text, EN, "de")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_pattern_has_an_example_that_shows_it(variant: str) -> None:
    shown = {e.pattern: e for e in examples(variant) if e.pattern}
    for row in pattern_table(variant):
        assert row.id in shown, f"{variant}: no example of {row.id}"
        e = shown[row.id]
        assert row.id in e.counts, f"{variant}: the example of {row.id} does not count it"
        assert e.when, f"{variant}: {row.id} says nothing of when it counts"
    assert len(shown) == len(pattern_table(variant))  # no example of a pattern that is not


def test_a_page_stating_a_wrong_value_is_caught() -> None:
    # the check bites: the same hand with one value changed disagrees
    e = examples("sichuan")[0]
    wrong = Example(e.variant, e.request, {k: v + 1 for k, v in e.counts.items()}, e.total)
    assert disagreements(wrong)


@pytest.mark.parametrize(
    ("han", "fu", "child", "dealer"),
    [
        # riichi.md: base = fu x 2^(han+2); ron 4x (dealer 6x), rounded up to 100; mangan 2000
        (1, 30, 1000, 1500),  # 240 base: 960 -> 1000, 1440 -> 1500
        (3, 30, 3900, 5800),  # 960: 3840 -> 3900, 5760 -> 5800
        (4, 30, 7700, 11600),  # 1920: 7680 -> 7700, 11520 -> 11600
        (4, 40, 8000, 12000),  # 2560 is over 2000: mangan
        (2, 25, 1600, 2400),  # seven pairs: 400 base
        (3, 70, 8000, 12000),  # 2240: mangan
    ],
)
def test_the_points_table_is_the_rule_pages_arithmetic(
    han: int, fu: int, child: int, dealer: int
) -> None:
    assert riichi_points(han, fu, dealer=False) == child
    assert riichi_points(han, fu, dealer=True) == dealer


#: the rule page's limits ("Points"): a non-dealer's and a dealer's win on a discard, 4 and 6
#: times the base points (2,000 3,000 4,000 6,000 8,000)
LIMIT_ROWS = [(8000, 12000), (12000, 18000), (16000, 24000), (24000, 36000), (32000, 48000)]


def limit_rows(html: str) -> list[tuple[int, int]]:
    """Return the first two figures of each row of a page's last table (its limits)."""
    body = html.rsplit("<tbody>", 1)[1]
    rows = re.findall(r"<tr>(.*?)</tr>", body)
    return [
        tuple(int(f.replace(",", "")) for f in re.findall(r"<td>([\d,]+)</td>", row)[:2])
        for row in rows
    ]


def test_the_limit_tables_are_the_rule_pages_figures() -> None:
    """The rules page and the keep page show the scorer's limits (``LIMIT_BASE``), not a copy."""
    from majiang.i18n import use
    from majiang.web.keep import riichi_table

    with use("en"):
        assert limit_rows(rules.points_table_html()) == LIMIT_ROWS
        assert limit_rows(riichi_table()) == LIMIT_ROWS


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db = tmp_path_factory.mktemp("rules") / "r.db"
    return TestClient(create_app(Settings(database_url=f"sqlite:///{db}")))


def visible_text(html: str) -> str:
    """Return what a reader sees of a page's <main>: no tags, no attributes, entities read."""
    main = html.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<title>.*?</title>", "", main)  # a tile's name, read by screen readers: kept
    return unescape(re.sub(r"<[^>]+>", " ", main))


#: words a player should never meet on a rules page
DEVELOPER_WORDS = re.compile(r"`|\.py\b|\.md\b|\bids?\b|\bjson\b|\bdocs/|\b(?:True|False)\b(?! \w)")


@pytest.mark.parametrize(("lang", "variant"), PAGES)
def test_rules_pages_speak_to_players(client: TestClient, lang: str, variant: str) -> None:
    r = client.get(f"/rules/{variant}?lang={lang}")
    assert r.status_code == 200
    assert f'<html lang="{lang}">' in r.text
    text = visible_text(r.text)
    assert not DEVELOPER_WORDS.search(text), DEVELOPER_WORDS.search(text)
    # no tile notation ("3f", "7z"; "5s" reads as English plural and is left out)
    assert not re.search(r"\b\d+[mpzf]\b", text), re.search(r"\b\d+[mpzf]\b", text)
    # no option key and no snake_case name (a pattern id, a field) anywhere a reader sees
    # (keys that are plain words, such as "table" or "base", are words)
    assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", text), re.search(r"\b[a-z0-9]+_\w+", text)


def test_the_word_scan_bites() -> None:
    page = (
        '<main id="main"><p>Open with <code>`open_tanyao`</code> (see fan.py, the ids)</p></main>'
    )
    text = visible_text(page)
    assert DEVELOPER_WORDS.search(text) and re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", text)


@pytest.mark.parametrize(("lang", "variant"), PAGES)
def test_every_example_is_drawn_on_its_page(client: TestClient, lang: str, variant: str) -> None:
    html = client.get(f"/rules/{variant}?lang={lang}").text
    assert html.count('<figure class="example">') == len(examples(variant))
    assert html.count('<article class="pattern"') == len(pattern_table(variant))


def test_every_situation_has_words_for_the_drawings() -> None:
    """The calculators and the drawings name a situation from the one table of words.py."""
    every = {s for variant, names in SITUATIONS.items() for s in names}
    every |= {s for variant in SITUATIONS for s in get_ruleset(variant).extra_situations}
    assert every <= set(words.SITUATION_WORDS)


def test_a_page_without_its_translation_is_english_with_a_note(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as a fifth language starts: its catalog is there, its pages are not yet
    real = rules.translation_path

    def without_german(variant: str, lang: str) -> Path:
        return Path("/nonexistent") / PAGE_FILES[variant] if lang == "de" else real(variant, lang)

    monkeypatch.setattr(rules, "translation_path", without_german)
    for cached in (rules._page_html, rules.page_source, rules.examples):
        cached.cache_clear()
    try:
        html = client.get("/rules/sichuan?lang=de").text
    finally:
        monkeypatch.undo()
        for cached in (rules._page_html, rules.page_source, rules.examples):
            cached.cache_clear()
    assert '<html lang="de">' in html
    note = "Diese Seite ist noch nicht ins Deutsche übersetzt: Hier ist sie auf Englisch."
    assert f'<p class="untranslated" role="note">{note}</p><div lang="en">' in html
    assert "How a hand goes" in html  # the English page's own words
    # the frame, the headings the renderer writes and the pattern names stay German
    assert "Die Regeln in Kürze" in html and "Goldener Haken (金钩钓)" in html
    assert html.count('<figure class="example">') == len(examples("sichuan"))


def test_a_translated_page_has_no_note(client: TestClient) -> None:
    for lang in LANGUAGES:
        for variant in VARIANTS:
            html = client.get(f"/rules/{variant}?lang={lang}").text
            assert ('class="untranslated"' in html) != is_translated(variant, lang), (lang, variant)


def test_rules_pages_never_read_the_developers_docs() -> None:
    source = Path(__file__).parents[1] / "src" / "majiang" / "web"
    for path in source.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "docs_dir" not in text and '"docs"' not in text and '/ "docs"' not in text, path


@pytest.mark.parametrize("variant", ["hk", "hk2", "hkos", "taiwan", "sichuan"])
def test_chinese_pages_are_in_their_players_script(client: TestClient, variant: str) -> None:
    # Hong Kong and Taiwan in traditional characters, the words from the (simplified) catalog
    # included; Sichuan in simplified, its prose and its pattern names alike
    html = client.get(f"/rules/{variant}?lang=zh").text
    text = visible_text(html)
    assert ('<div class="rules-page" lang="zh-Hant">' in html) == (variant != "sichuan")
    if variant == "sichuan":
        wrong = set(text) & set(rules.TRADITIONAL)
    else:
        wrong = set(text) & set(rules.SIMPLIFIED)
    assert not wrong, f"{variant}: {''.join(sorted(wrong))}"


def test_the_script_check_bites() -> None:
    assert set("庄家台") & set(rules.SIMPLIFIED) and set("莊家台") & set(rules.TRADITIONAL)
    assert rules.in_page_script("hk", "东风", "zh") == "東風"
    assert rules.in_page_script("hk", "东风", "de") == "东风"


@pytest.mark.parametrize(
    ("lang", "four_han_40_fu"),
    [("en", "8,000 12,000"), ("zh", "8,000 12,000"), ("de", "8.000 12.000")],
)
def test_points_are_written_as_the_language_writes_them(
    client: TestClient, lang: str, four_han_40_fu: str
) -> None:
    """The riichi page's points table and its examples' payments group the thousands as the
    page's language does (riichi.md: 4 han 40 fu is a mangan, 8000 and 12000 for the dealer);
    no payment of four digits or more is written bare."""
    html = client.get(f"/rules/riichi?lang={lang}").text
    table = html.split('<table class="hanfu">', 1)[1].split("</table>", 1)[0]
    row = re.search(r"<tr><th scope=row>40\D.*?</tr>", table)
    assert row is not None, table[:300]
    cells = [
        " ".join(unescape(re.sub(r"<[^>]+>", " ", c)).split())
        for c in re.findall(r"<td>(.*?)</td>", row.group(0))
    ]
    assert cells[3] == four_han_40_fu
    paid = " ".join(re.findall(r'<p class="paid">(.*?)</p>', html))
    assert re.search(r"\d[,.]\d{3}", paid), paid[:300]
    assert not re.search(r"(?<![\d,.])\d{4,}", paid), re.search(r"(?<![\d,.])\d{4,}", paid)

"""The rules pages teach with example hands: every one is scored here by the scorer, which must
agree with every value the page states (each pattern and its value, the total, fu, who pays and
how much). The values on the pages were worked by hand from shared/rules/*.md, pattern by pattern;
a page stating a value the scorer does not give fails here, and so does a scorer that changes.

Also: every pattern of every ruleset has an example that shows it, the pages speak to players
(no option keys, pattern ids, file names or code), and the pages never read docs/.
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from majiang.rules import VARIANTS
from majiang.scoring import score
from majiang.server.app import create_app
from majiang.server.settings import Settings
from majiang.web.patterns import pattern_table
from majiang.web.rules import Example, examples, riichi_points

CASES = [(v, i) for v in VARIANTS for i in range(len(examples(v)))]


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


@pytest.mark.parametrize(("variant", "index"), CASES)
def test_every_example_hand_scores_as_the_page_says(variant: str, index: int) -> None:
    e = examples(variant)[index]
    assert disagreements(e) == [], (e.pattern, e.request)


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
DEVELOPER_WORDS = re.compile(r"`|\.py\b|\.md\b|\bids?\b|\bjson\b|\bdocs/|\bTrue\b|\bFalse\b")


@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_pages_speak_to_players(client: TestClient, variant: str) -> None:
    r = client.get(f"/rules/{variant}")
    assert r.status_code == 200
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


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_example_is_drawn_on_its_page(client: TestClient, variant: str) -> None:
    html = client.get(f"/rules/{variant}").text
    assert html.count('<figure class="example">') == len(examples(variant))
    assert html.count('<article class="pattern"') == len(pattern_table(variant))


def test_rules_pages_never_read_the_developers_docs() -> None:
    source = Path(__file__).parents[1] / "src" / "majiang" / "web"
    for path in source.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "docs_dir" not in text and '"docs"' not in text and '/ "docs"' not in text, path

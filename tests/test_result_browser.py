"""A hand's result as the table and the replay draw it (``static/table_view.js``, fed through the
page's own ``static/model.js``), in real Chromium: every payment named, the riichi stick a player
lost, the honba, the fu summed and rounded on one line, Taiwan's dealer tai, Sichuan's headings,
exchange and settlements.

The events are written by hand as the server sends them; every expected value is worked out in
the test from the rule pages (shared/rules/*.md), never read from the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from event_support import ended, moved, started, won
from test_table_support import ARGS, CHROMIUM, serve

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: the names of the seats: this page's player (Ann) sits at seat 1, the others are bots
NAMES = ["Bot 1 (normal)", "Ann (you)", "Bot 3 (normal)", "Bot 4 (normal)"]

RENDER_JS = """async ([events, variant, seat]) => {
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(seat, 4, variant);
  events.forEach((e) => model.applyEvent(m, e));
  const ui = {welcome: {players: [null, 'Ann', null, null]}, room: {bot_level: 'normal'}, model: m};
  document.querySelector('#result-test')?.remove();
  const box = document.createElement('section');
  box.id = 'result-test';
  box.className = 'result-panel';
  box.innerHTML = view.renderResult(ui, m);
  document.body.append(box);
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with (
        serve(tmp_path_factory.mktemp("results")) as url,
        playwright_api.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pg = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        # a table page: the words the table reads by key (payment reasons ...) come with it
        pg.goto(f"{url}/play/none")
        yield pg
        browser.close()
        assert errors == [], f"JavaScript errors: {errors}"


def render(page: Any, events: list[dict[str, Any]], variant: str, seat: int = 1) -> None:
    page.evaluate(RENDER_JS, [events, variant, seat])


def texts(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(selector, "es => es.map(e => e.textContent)"))


def rows(page: Any, selector: str) -> list[list[str]]:
    return list(
        page.eval_on_selector_all(
            selector,
            "rs => rs.map(r => [...r.querySelectorAll('th, td')].map(c => c.textContent))",
        )
    )


# ---------------------------------------------------------------- riichi

#: East 1, honba 1 (shared/rules/riichi.md). West (seat 2) declares riichi: its 1000 stick goes
#: to the table (24000). North (seat 3) wins on Ann's (seat 1) discard with 7s, a closed wait:
#: all simples 1 han + dora 1 = 2 han; fu 20 base + 10 closed ron + 2 closed wait = 32, rounded
#: up to 40 (the engine lists the rounding, 8, as an item). Base 40 x 2^(2+2) = 640; a
#: non-dealer's ron is 4 x 640 = 2560, rounded up to 2600, + 300 for the honba = 2900 from Ann;
#: the stick on the table, 1000, to North: 3900 in all.
RIICHI = [
    started(dealer=0, honba=1),
    {"type": "riichi_declared", "seat": 2, "double": False},
    moved([0, 0, -1000, 0], reason="riichi", sticks=1),
    won(
        3,
        1,
        "7s",
        "234567m34566p68s",
        {
            "unit": "han",
            "total": 2,
            "items": [
                {"id": "tanyao", "name": "All simples", "value": 1},
                {"id": "dora", "name": "Dora", "value": 1},
            ],
            "fu": 40,
            "fu_items": [
                {"id": "base", "value": 20},
                {"id": "closed_ron", "value": 10},
                {"id": "closed_wait", "value": 2},
                {"id": "rounding", "value": 8},
            ],
            "points": {
                "total": 3900,
                "payers": [
                    {"from": "discarder", "amount": 2900},
                    {"from": "riichi_sticks", "amount": 1000},
                ],
            },
        },
    ),
    moved([0, -2900, 0, 3900], sticks=-1),
    ended("win", [25000, 22100, 24000, 28900], [3]),
]


def test_riichi_stick_lost_honba_and_the_fu_line(page: Any) -> None:
    render(page, RIICHI, "riichi")
    assert texts(page, "#result-h") == ["East 1: Win on a discard"]
    # West lost the stick it put down: Before is the 25000 the hand started with
    assert texts(page, "table.score-change thead th") == [
        "Seat",
        "Before",
        "Riichi stick",
        "Change",
        "After",
    ]
    assert rows(page, "table.score-change tbody tr") == [
        ["E Bot 1 (normal)", "25,000", "", "0", "25,000"],
        ["S Ann (you)", "25,000", "", "-2,900", "22,100"],
        ["W Bot 3 (normal)", "25,000", "-1,000", "0", "24,000"],
        ["N Bot 4 (normal)", "25,000", "", "+3,900", "28,900"],
    ]
    # the fu: the items by name, then one line with their sum and the rounding
    assert rows(page, "table.fu tbody tr") == [
        ["Base", "20"],
        ["Closed hand, won on a discard", "10"],
        ["Closed wait", "2"],
    ]
    assert rows(page, "table.fu tfoot tr") == [
        ["20 + 10 + 2 = 32 → 40, rounded up to a ten"],
        ["Fu", "40"],
    ]
    # every payment named; the honba's part of Ann's payment said; the stick collected
    assert rows(page, "table.payers tbody tr") == [
        ["Ann (you), discarder (300 of it for 1 honba)", "2,900"],
        ["Riichi sticks on the table", "1,000"],
    ]
    assert page.get_attribute("table.payers tr[data-payer='1']", "data-honba") == "300"


def test_a_riichi_self_draw_with_honba_names_each_payer(page: Any) -> None:
    """South 1... a child's (seat 2) self-draw at honba 2, 30 fu 3 han (base 30 x 2^5 = 960):
    the dealer pays 2 x 960 = 1920 -> 2000, each other 960 -> 1000, + 100 per honba each: 2200,
    1200, 1200 (riichi.md "Points"). No stick was lost: no stick column."""
    events = [
        started(dealer=0, honba=2),
        won(
            2,
            None,
            "5p",
            "123m456p789s1155p",
            {
                "unit": "han",
                "total": 3,
                "items": [{"id": "menzen_tsumo", "name": "Menzen tsumo", "value": 1}],
                "fu": 30,
                "fu_items": [
                    {"id": "base", "value": 20},
                    {"id": "tsumo", "value": 2},
                    {"id": "rounding", "value": 8},
                ],
                "points": {
                    "total": 4600,
                    "payers": [
                        {"from": "dealer", "amount": 2200},
                        {"from": "non_dealer", "amount": 1200},
                        {"from": "non_dealer", "amount": 1200},
                    ],
                },
            },
        ),
        moved([-2200, -1200, 4600, -1200]),
        ended("win", [22800, 23800, 29600, 23800], [2]),
    ]
    render(page, events, "riichi")
    assert texts(page, "#result-h") == ["East 1: Self-drawn win"]
    # in turn after the winner: the dealer's line is East's, the others North then South
    assert rows(page, "table.payers tbody tr") == [
        ["Bot 1 (normal), dealer (200 of it for 2 honba)", "2,200"],
        ["Bot 4 (normal) (200 of it for 2 honba)", "1,200"],
        ["Ann (you) (200 of it for 2 honba)", "1,200"],
    ]
    assert "Riichi stick" not in texts(page, "table.score-change thead th")
    assert rows(page, "table.fu tfoot tr")[0] == ["20 + 2 = 22 → 30, rounded up to a ten"]


def draw_with_a_riichi_stick() -> list[dict[str, Any]]:
    """East 1 drawn with East alone ready and West's riichi stick on the table."""
    return [
        started(),
        {"type": "riichi_declared", "seat": 2, "double": False},
        moved([0, 0, -1000, 0], reason="riichi", sticks=1),
        {"type": "hand_revealed", "seat": 0, "tiles": "123m456p789s1122z", "ready": True},
        moved([3000, -1000, -1000, -1000], reason="noten"),
        ended("exhaustive_draw", [28000, 24000, 23000, 24000], []),
    ]


def test_a_draw_names_the_ready_and_not_ready_payments(page: Any) -> None:
    """An exhaustive draw with East alone ready (riichi.md: 3000 from the not ready, 1000 each);
    West's riichi stick stays on the table."""
    render(page, draw_with_a_riichi_stick(), "riichi")
    assert texts(page, "#result-h") == ["East 1: Draw: the wall is empty"]
    assert texts(page, "#other-payments li") == [
        "Payments at the draw (ready / not ready): Bot 1 (normal) +3,000, Ann (you) -1,000, "
        "Bot 3 (normal) -1,000, Bot 4 (normal) -1,000"
    ]
    assert page.get_attribute("tr[data-seat='2'] td[data-stick]", "data-stick") == "-1000"
    assert texts(page, "#sticks-left") == ["1 riichi stick stays on the table for the next win."]


def test_the_last_hand_s_stick_left_goes_to_the_first_not_to_a_next_win(page: Any) -> None:
    """The same draw as the last hand of the game: riichi.md, "after the last hand the sticks
    left on the table go to the first-placed player" (Bot 1, 28000 + 1000). The result names
    that payment and counts it in Change and After; it no longer says the stick stays on the
    table for a next win that will not come."""
    events = [
        *draw_with_a_riichi_stick(),
        moved([1000, 0, 0, 0], reason="final_sticks", sticks=-1),
        {
            "type": "game_ended",
            "scores": [29000, 24000, 23000, 24000],
            "placements": [1, 2, 4, 3],
            "reason": "length",
            "final_points": None,
        },
    ]
    render(page, events, "riichi")
    assert texts(page, "#other-payments li")[-1] == (
        "Riichi sticks left at the end, to the first: Bot 1 (normal) +1,000"
    )
    assert rows(page, "table.score-change tbody tr")[0] == [
        "E Bot 1 (normal)",
        "25,000",
        "",
        "+4,000",
        "29,000",
    ]
    assert texts(page, "#sticks-left") == []
    assert texts(page, "#next-hand") == ["Final standings"]


@pytest.mark.parametrize("lang", ["en", "de", "es", "zh"])
def test_the_score_table_with_a_riichi_stick_fits_a_360_px_phone(page: Any, lang: str) -> None:
    """A hand with a riichi stick paid has five score columns; on a 360 px phone, in every
    language and with the longest bot level's name ("(principiante)"), the result scrolls
    nothing sideways (a German result was 432 px wide: its headings "Riichi-Stäbchen" and
    "Änderung" are wider than the scores under them)."""
    phone = page.context.browser.new_page(viewport={"width": 360, "height": 740})
    try:
        phone.goto(f"{page.url.split('/play/')[0]}/play/none?lang={lang}")
        phone.evaluate(RENDER_JS.replace("'normal'", "'beginner'"), [RIICHI, "riichi", 1])
        heads = texts(phone, "#result-test table.score-change thead th")
        assert len(heads) == 5, heads  # Seat, Before, Riichi stick, Change, After
        width, inner = phone.evaluate(
            "() => [document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert width <= inner == 360, (lang, width)
    finally:
        phone.close()


#: the words of the score table's headings and seats that run over two lines, each as
#: "first line|second line" (a word broken inside, "Befor|e", "(normal|)")
BROKEN_WORDS_JS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('#result-test table.score-change th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def test_the_score_table_breaks_no_english_word_on_a_390_px_phone(page: Any) -> None:
    """On a common phone (390 px) the English score table with a riichi stick fits without
    breaking a word inside: "Before" read "Befor" over "e" and "Bot 2 (normal)" "(normal" over
    ")"; a line may break between words ("Riichi / stick")."""
    phone = page.context.browser.new_page(viewport={"width": 390, "height": 844})
    try:
        phone.goto(f"{page.url.split('/play/')[0]}/play/none?lang=en")
        phone.evaluate(RENDER_JS, [RIICHI, "riichi", 1])
        assert len(texts(phone, "#result-test table.score-change thead th")) == 5
        assert phone.evaluate(BROKEN_WORDS_JS) == []
        width = phone.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, width
    finally:
        phone.close()


# ---------------------------------------------------------------- Taiwan


def test_taiwan_dealer_tai_per_payer(page: Any) -> None:
    """shared/rules/taiwan.md: South (Ann, seat 1) draws her own win of 2 tai: each payer owes
    3 base + 2 x 1 = 5; East deals for the first time (no hand kept), so 1 + 2 x 0 = 1 dealer
    tai more on East's payment: West 5, North 5, East 6 (16 in all)."""
    events = [
        started(dealer=0, scores=0),
        won(
            1,
            None,
            "9s",
            "123m456m789m234p567s9s",
            {
                "unit": "tai",
                "total": 2,
                "items": [
                    {"id": "self_drawn", "name": "Self-drawn", "value": 1},
                    {"id": "concealed_hand", "name": "Concealed hand", "value": 1},
                ],
                "dealer_tai": 1,
                "points": {
                    "total": 16,
                    "payers": [
                        {"from": "W", "amount": 5},
                        {"from": "N", "amount": 5},
                        {"from": "E", "amount": 6},
                    ],
                },
            },
        ),
        moved([-6, 16, -5, -5]),
        ended("win", [-6, 16, -5, -5], [1]),
    ]
    render(page, events, "taiwan")
    assert rows(page, "table.payers tbody tr") == [
        ["Bot 3 (normal)", "5"],
        ["Bot 4 (normal)", "5"],
        ["Bot 1 (normal), dealer (with 1 dealer tai)", "6"],
    ]
    assert texts(page, "p.dealer-tai") == [
        "Dealer tai: Bot 1 (normal) is the dealer and has kept the seat 0 hands in a row, so "
        "1 + 2 × 0 = 1 dealer tai on the dealer's payment only: 6 = 5 + 1."
    ]


# ---------------------------------------------------------------- Sichuan

#: shared/rules/sichuan.md, base 1: each seat passes three tiles (the default direction: to the
#: seat before it), then declares a missing suit. East (seat 0) draws a 0-fan win: 1 base, + 1
#: for the self-draw = 2 from each of the three still in; West (seat 2) wins on North's discard
#: (1); North wins on Ann's discard (1), Ann being the last one in.
SICHUAN = [
    {**started(dealer=0, scores=0)},
    {"type": "tiles_passed", "seat": 0, "to": 3, "tiles": "467m", "count": 3},
    {"type": "tiles_passed", "seat": 1, "to": 0, "tiles": "125s", "count": 3},
    {"type": "tiles_passed", "seat": 2, "to": 1, "tiles": "478s", "count": 3},
    {"type": "tiles_passed", "seat": 3, "to": 2, "tiles": "358s", "count": 3},
    {"type": "void_declared", "seat": 0, "suit": "m"},
    {"type": "void_declared", "seat": 1, "suit": "p"},
    {"type": "void_declared", "seat": 2, "suit": "s"},
    {"type": "void_declared", "seat": 3, "suit": "s"},
    won(
        0,
        None,
        "3p",
        "12377p234567s999p",
        {
            "unit": "fan",
            "total": 0,
            "items": [{"id": "plain_hand", "name": "Plain hand", "value": 0}],
            "points": {"total": 6, "payers": [{"from": "each", "amount": 2}]},
        },
    ),
    moved([6, -2, -2, -2]),
    won(
        2,
        3,
        "8p",
        "234456m23456788p",
        {
            "unit": "fan",
            "total": 0,
            "items": [{"id": "plain_hand", "name": "Plain hand", "value": 0}],
            "points": {"total": 1, "payers": [{"from": "discarder", "amount": 1}]},
        },
    ),
    moved([0, 0, 1, -1]),
]
SICHUAN_THIRD = won(
    3,
    1,
    "3p",
    "345678m12344567p",
    {
        "unit": "fan",
        "total": 0,
        "items": [{"id": "plain_hand", "name": "Plain hand", "value": 0}],
        "points": {"total": 1, "payers": [{"from": "discarder", "amount": 1}]},
    },
)


def test_sichuan_headings_count_every_win(page: Any) -> None:
    # one discard win, the hand still on: no "Self-drawn win"
    render(page, [SICHUAN[0], *SICHUAN[-2:]], "sichuan")
    assert texts(page, "#result-h") == ["Hand 1: Win on a discard (the hand plays on)"]
    # three wins, one of them self-drawn
    whole = [
        *SICHUAN,
        SICHUAN_THIRD,
        moved([0, -1, 0, 1]),
        ended("win", [6, -3, -1, -2], [0, 2, 3]),
    ]
    render(page, whole, "sichuan")
    assert texts(page, "#result-h") == ["Hand 1: 3 wins: 1 self-drawn, 2 on discards"]
    assert texts(page, "table.score-change caption") == ["Who paid what"]
    # "each" is every player still in: the three others, by name, 2 each
    assert rows(page, "article.win[data-winner='0'] table.payers tbody tr") == [
        ["Ann (you)", "2"],
        ["Bot 3 (normal)", "2"],
        ["Bot 4 (normal)", "2"],
    ]
    assert rows(page, "article.win[data-winner='3'] table.payers tbody tr") == [
        ["Ann (you), discarder", "1"]
    ]


def test_sichuan_exchange_as_it_happened(page: Any) -> None:
    # a replay knows every pass
    render(page, [*SICHUAN, ended("win", [6, -2, -1, -3], [0, 2])], "sichuan")
    assert texts(page, "#exchange li") == [
        "Bot 1 (normal) gave  to Bot 4 (normal), received  from Ann (you); missing suit: characters",
        "Ann (you) gave  to Bot 1 (normal), received  from Bot 3 (normal); missing suit: dots",
        "Bot 3 (normal) gave  to Ann (you), received  from Bot 4 (normal); missing suit: bamboo",
        "Bot 4 (normal) gave  to Bot 3 (normal), received  from Bot 1 (normal); missing suit: bamboo",
    ]
    tiles = page.eval_on_selector_all(
        "#exchange li",
        "ls => ls.map(l => [...l.querySelectorAll('[data-tiles]')].map(t => t.dataset.tiles))",
    )
    assert tiles == [["467m", "125s"], ["125s", "478s"], ["478s", "358s"], ["358s", "467m"]]
    # at the table a player sees only the passes she was in: the others' as a count
    seen = [
        {**e, "tiles": ""} if e["type"] == "tiles_passed" and 1 not in (e["seat"], e["to"]) else e
        for e in SICHUAN
    ]
    render(page, [*seen, ended("win", [6, -2, -1, -3], [0, 2])], "sichuan")
    assert texts(page, "#exchange li")[3] == (
        "Bot 4 (normal) gave 3 tiles to Bot 3 (normal), received 3 tiles from Bot 1 (normal); "
        "missing suit: bamboo"
    )


def test_sichuan_draw_after_a_win_names_the_settlements(page: Any) -> None:
    """The wall runs out after West's win: the draw's settlements (made up here: Ann not ready
    pays East 4, North held three suits and pays Ann 8) are listed by name."""
    events = [
        SICHUAN[0],
        *SICHUAN[-2:],
        moved([4, -4, 0, 0], reason="not_ready"),
        moved([0, 8, 0, -8], reason="three_suits"),
        ended("exhaustive_draw", [4, 4, 1, -9], [2]),
    ]
    render(page, events, "sichuan")
    assert texts(page, "#result-h") == ["Hand 1: Win on a discard, then the wall ran out"]
    assert texts(page, "#other-payments li") == [
        "Not ready at the draw: Bot 1 (normal) +4, Ann (you) -4",
        "Still holding three suits at the draw: Ann (you) +8, Bot 4 (normal) -8",
    ]


# ---------------------------------------------------------------- Hong Kong


def test_hong_kong_each_is_one_row_per_payer(page: Any) -> None:
    """shared/rules/hongkong.md, half-spicy table: 4 fan = 16. With "discard_pays: half" the
    discarder (Ann) pays 16 and each of the two others half, 8 (32 in all); the scoring contract
    writes the two halves as one "each" line beside the discarder's, which must not make Ann
    pay twice. A self-draw of 4 fan: each of the three others 16 (48)."""
    hand = "123m456m789m11z22z"
    result = {"unit": "fan", "total": 4, "items": [{"id": "x", "name": "Four fan", "value": 4}]}
    half = won(
        2,
        1,
        "2z",
        hand,
        {
            **result,
            "points": {
                "total": 32,
                "payers": [
                    {"from": "discarder", "amount": 16},
                    {"from": "each", "amount": 8},
                ],
            },
        },
    )
    render(page, [started(), half, moved([-8, -16, 32, -8])], "hk")
    assert rows(page, "table.payers tbody tr") == [
        ["Ann (you), discarder", "16"],
        ["Bot 4 (normal)", "8"],
        ["Bot 1 (normal), dealer", "8"],
    ]
    drawn = won(
        2,
        None,
        "2z",
        hand,
        {**result, "points": {"total": 48, "payers": [{"from": "each", "amount": 16}]}},
    )
    render(page, [started(), drawn, moved([-16, -16, 48, -16])], "hk")
    assert rows(page, "table.payers tbody tr") == [
        ["Bot 4 (normal)", "16"],
        ["Bot 1 (normal), dealer", "16"],
        ["Ann (you)", "16"],
    ]
    assert texts(page, "#result-h") == ["East 1: Self-drawn win (the hand plays on)"]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Dora indicators · Ura"), ("zh", "宝牌指示牌 · 里宝牌")]
)
def test_the_ura_indicators_are_named_in_the_page_s_language(
    page: Any, lang: str, said: str
) -> None:
    """A riichi win shows the dora indicators and, after a riichi, the ura indicators, each
    named in the page's language (a Chinese result read '宝牌指示牌 七万 · ura 東')."""
    url = page.url.split("?")[0]
    try:
        page.goto(f"{url}?lang={lang}")
        riichi_win = [*RIICHI[:3], {"type": "indicator_revealed", "tile": "7m"}]
        won_event = {**RIICHI[3], "ura_indicators": "1z"}
        render(page, [*riichi_win, won_event, *RIICHI[4:]], "riichi")
        line = page.inner_text("#result-test p.indicators")
        assert " ".join(line.split()) == said
        shown = page.eval_on_selector_all(
            "#result-test p.indicators svg.tile", "ts => ts.map(t => t.dataset.tile)"
        )
        assert shown == ["7m", "1z"]
    finally:
        page.goto(f"{url}?lang=en")


@pytest.mark.parametrize(("lang", "change"), [("de", "Änderung"), ("es", "Cambio"), ("zh", "变动")])
def test_the_change_column_is_a_noun_in_each_language(page: Any, lang: str, change: str) -> None:
    """The score table's "Change" is a change of score, not the score sheet's button "Change"
    (a verb: Ändern, Cambiar, 修改): its own message, with the context "score column"."""
    url = page.url.split("?")[0]
    try:
        page.goto(f"{url}?lang={lang}")
        render(page, RIICHI, "riichi")
        heads = texts(page, "table.score-change thead th")
        assert len(heads) == 5 and heads[3] == change, heads
    finally:
        page.goto(f"{url}?lang=en")


# ---------------------------------------------------------------- a win that does not count


@pytest.mark.parametrize(
    ("lang", "reason", "said"),
    [
        # the scoring's own sentence, already in the page's language, is shown as it came
        ("en", "not a legal win: 2 fan, the table needs at least 3", None),
        # no reason given: the table's own words, in the page's language
        ("en", None, "not a valid win"),
        ("de", None, "kein gültiger Gewinn"),
    ],
)
def test_a_win_that_does_not_count_says_so_under_the_hand(
    page: Any, lang: str, reason: str | None, said: str | None
) -> None:
    """A ``won`` event whose result is not valid (shared/rules/hongkong.md: fewer fan than the
    table's minimum) shows the hand and, under it, why it does not count, in a line of its own;
    a valid win shows no such line."""
    refused = won(
        2,
        1,
        "2z",
        "123m456m789m11z22z",
        {
            "valid": False,
            "reason": reason,
            "unit": "fan",
            "total": 2,
            "items": [{"id": "x", "name": "Two fan", "value": 2}],
        },
    )
    url = page.url.split("?")[0]
    try:
        page.goto(f"{url}?lang={lang}")
        render(page, [started(), refused], "hk")
        line = page.locator("#result-test article.win[data-winner='2'] p.invalid")
        assert line.count() == 1
        assert line.inner_text() == (said or reason)
        assert line.is_visible()
        # it sits between the hand and the tables of patterns and points
        order = page.evaluate(
            """() => [...document.querySelectorAll('#result-test article.win > *')]
                      .map((e) => e.className.split(' ')[0])"""
        )
        assert order.index("hand-view") < order.index("invalid") < order.index("tables"), order
        # it brings no points: no table of them (it read "Received undefined")
        article = page.locator("#result-test article.win[data-winner='2']")
        assert article.locator("table.payers").count() == 0
        assert "undefined" not in article.inner_text()
        render(page, [started(), won(2, 1, "2z", "123m456m789m11z22z")], "hk")
        assert page.locator("#result-test p.invalid").count() == 0
    finally:
        page.goto(f"{url}?lang=en")


def test_the_next_hand_button_stands_clear_of_the_score_table(page: Any) -> None:
    """The button under the result keeps a clear gap (at least 8 px) below the score table: it
    sat on the table's last rule, its focus ring over it."""
    render(page, RIICHI, "riichi")
    gap = page.evaluate(
        """() => {
          const table = document.querySelector('#result-test table.score-change');
          const button = document.querySelector('#result-test #next-hand');
          return button.getBoundingClientRect().top - table.getBoundingClientRect().bottom;
        }"""
    )
    assert gap >= 8, gap

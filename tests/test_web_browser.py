"""The calculators in real Chromium: a hand per variant worked out by hand from the rule pages,
the shared link, errors next to their field, keyboard-only entry, a phone-sized screen.

The server runs in a thread (uvicorn, SQLite in a temporary folder); the browser is Debian's
Chromium driven by Playwright (never a downloaded browser). Screenshots go to tests/artifacts/.
Every expected total below is the arithmetic written next to it, from shared/rules/*.md, not an
answer of the API.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from test_table_support import ARTIFACTS, CHROMIUM

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")


pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(5000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def shot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"web_{name}.png"), full_page=True)


def open_calc(pg: Any, base_url: str, variant: str, suffix: str = "") -> None:
    pg.goto(f"{base_url}/calc/{variant}{suffix}")
    pg.wait_for_selector("form[data-ready=true]")


def click_tiles(pg: Any, tiles: str) -> None:
    """Click palette tiles one by one, in the order written ("112m" clicks 1m, 1m, 2m)."""
    for digits, suit in re.findall(r"(\d+)([mpszf])", tiles):
        for d in digits:
            pg.click(f'.tile-btn[data-tile="{d}{suit}"]')


def enter(pg: Any, case: dict[str, Any]) -> None:
    """Fill the calculator the way a person would: typing, clicking the palette, the meld builder."""
    if "type_hand" in case:
        pg.fill("#f-hand", case["type_hand"])
    if "click_hand" in case:
        click_tiles(pg, case["click_hand"])
    if "win_tile" in case:
        pg.fill("#f-win_tile", case["win_tile"])
    for kind, tiles, source in case.get("melds", []):
        pg.select_option("#meld-kind", kind)
        pg.fill("#meld-tiles", tiles)
        pg.select_option("#meld-from", source)
        pg.click("#add-meld")
    if "click_flowers" in case:
        pg.check('input[name="target"][value="flowers"]')
        click_tiles(pg, case["click_flowers"])
    pg.check(f'input[name="win"][value="{case["win"]}"]')
    for name, value in case.get("selects", {}).items():
        pg.select_option(f"#f-{name}", value)
    for name, value in case.get("fills", {}).items():
        pg.fill(f"#f-{name}", value)
    for situation in case.get("situation", []):
        pg.check(f'input[name="situation"][value="{situation}"]')
    pg.click("#score")
    pg.wait_for_selector("#r-total, .error:visible")
    errors = pg.locator(".error:visible").all_inner_texts()
    assert errors == [], f"the calculator refused the hand: {errors}"


# (variant, what to enter, hand-worked total in the variant's unit, hand-worked points, payers)
HANDS: list[tuple[str, dict[str, Any], int, int, list[tuple[str, str]]]] = [
    (
        # riichi.md: menzen tsumo 1 + pinfu 1 + tanyao 1 + dora 1 (indicator 4p -> 5p, one held)
        # = 4 han; pinfu tsumo is fixed at 20 fu. Base 20 x 2^(4+2) = 1280. Non-dealer tsumo:
        # dealer 2 x 1280 = 2560 -> 2600, others 1280 -> 1300; 1 honba: +100 each payer.
        # 2700 + 1400 + 1400 = 5500.
        "riichi",
        {
            "type_hand": "234m567m345p678s22s",
            "win_tile": "8s",
            "win": "tsumo",
            "selects": {"seat_wind": "S"},
            "fills": {"dora_indicators": "4p", "honba": "1"},
        },
        4,
        5500,
        [("Dealer", "2700"), ("Non-dealer", "1400"), ("Non-dealer", "1400")],
    ),
    (
        # hongkong.md: self-drawn 1 + white dragon pung 1 + half flush 3 = 5 fan (the pon opens
        # the hand: no concealed hand). Half-spicy p(5) = 24; a self-draw: each of three pays 24.
        "hk",
        {
            "type_hand": "13m456m789m99m2m",
            "melds": [("pon", "555z", "2")],
            "win": "tsumo",
            "selects": {"seat_wind": "S"},
        },
        5,
        72,
        [("Each player paying", "24")],
    ),
    (
        # hongkong.md hk2: concealed hand 1 + seat wind pung 1 + round wind pung 1 (East is
        # both) + half flush 3 = 6 fan; golden value 2^6 = 64, paid in full by the opponent.
        "hk2",
        {
            "click_hand": "123p456p111z22z78p9p",
            "win": "ron",
            "selects": {"seat_wind": "E", "discarder": "S"},
        },
        6,
        64,
        [("Discarder, South", "64")],
    ),
    (
        # hongkong.md hkos: all chows 1 + concealed hand 1 + seat flower 1 (2f: South's) + seat
        # season 1 (6f: South's) = 4 fan; p(4) = 16, the discarder pays 2p = 32.
        "hkos",
        {
            "type_hand": "234m567m345p67s22s8s",
            "click_flowers": "2f6f",
            "win": "ron",
            "selects": {"seat_wind": "S", "discarder": "W"},
        },
        4,
        32,
        [("Discarder, West", "32")],
    ),
    (
        # taiwan.md: closed hand 1 + all chows 2 (five chows, no honors or flowers, on a discard,
        # 56s waits on 4s/7s: two-sided) = 3 tai. The dealer (East) dealt in with a streak of 1:
        # dealer tai 1 + 2 x 1 = 3. Payment 3 base + 3 tai + 3 dealer tai = 9, from East.
        "taiwan",
        {
            "type_hand": "123m456m789m234p56s99s7s",
            "win": "ron",
            "selects": {"seat_wind": "S", "discarder": "E"},
            "fills": {"dealer_streak": "1"},
        },
        3,
        9,
        [("East (E)", "9")],
    ),
    (
        # sichuan.md: pure suit 2 + one root (four 1m) = 3 fan; base x 2^3 = 8; a self-draw
        # (plus_one_base): each payer adds one base, 9 each, two players still in: 18.
        "sichuan",
        {
            "click_hand": "1m1m1m1m2m3m4m6m7m8m9m9m9m5m",
            "win": "tsumo",
            "fills": {"players_in_hand": "2"},
        },
        3,
        18,
        [("Each player paying", "9")],
    ),
]


@pytest.mark.parametrize(("variant", "case", "total", "points", "payers"), HANDS)
def test_calculator_shows_the_hand_worked_total(
    page: Any,
    base_url: str,
    variant: str,
    case: dict[str, Any],
    total: int,
    points: int,
    payers: list[tuple[str, str]],
) -> None:
    open_calc(page, base_url, variant)
    enter(page, case)
    # figures are written as the page's language writes them: English groups thousands with ","
    assert page.inner_text("#r-total") == f"{total:,}"
    assert page.inner_text("#r-points") == f"{points:,}"
    shown = [
        (row.query_selector("th").inner_text(), row.query_selector("td").inner_text())
        for row in page.query_selector_all("table.payers tbody tr")
    ]
    assert shown == [(who, f"{int(amount):,}") for who, amount in payers]
    # the items add up to the total shown, and the tiles are drawn from the sprite
    values = [
        int(td.inner_text().split()[0]) for td in page.query_selector_all("table.items tbody td")
    ]
    assert sum(values) == total
    assert page.locator(".hand-view svg.tile").count() >= 14
    if variant == "riichi":
        assert page.inner_text("#r-fu") == "20 fu"
    if variant == "hk":
        assert page.locator(".hand-view .meld svg.sideways").count() == 1
        assert page.inner_text("#hand-count") == "11 tiles + 1 meld: 14 of 14"
    if variant == "taiwan":  # taiwan.md: 1 + 2n with a streak of 1
        assert page.inner_text("#r-dealer-tai") == "3"
    shot(page, f"calc_{variant}")


def test_shared_link_restores_the_same_hand(page: Any, base_url: str, browser: Any) -> None:
    open_calc(page, base_url, "hk")
    _variant, case, total, points, _ = HANDS[1]
    enter(page, case)
    link = page.get_attribute("#share", "href")
    assert link and "#r=" in link
    other = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    other.goto(link)
    other.wait_for_selector("#r-total")
    assert other.input_value("#f-hand") == "13m456m789m99m2m"
    assert other.inner_text("#meld-list").count("pon 555z from=2") == 1
    assert other.is_checked('input[name="win"][value="tsumo"]')
    assert other.input_value("#f-seat_wind") == "S"
    assert other.inner_text("#r-total") == f"{total:,}"
    assert other.inner_text("#r-points") == f"{points:,}"
    shot(other, "shared_link")
    other.context.close()


@pytest.mark.parametrize(
    ("hand", "win_tile", "meld", "field", "quoted"),
    [
        ("123m456x", "", None, "hand", "x"),  # an unknown suit letter
        ("234m567m345p678s22s", "9p", None, "win_tile", "9p"),  # not among the tiles
        ("234m567m345p22s", "", ("pon", "123m"), "melds", "123m"),  # a pon of three kinds
    ],
)
def test_error_is_shown_next_to_its_field(
    page: Any,
    base_url: str,
    hand: str,
    win_tile: str,
    meld: tuple[str, str] | None,
    field: str,
    quoted: str,
) -> None:
    open_calc(page, base_url, "riichi")
    page.fill("#f-hand", hand)
    page.fill("#f-win_tile", win_tile)
    if meld:
        page.select_option("#meld-kind", meld[0])
        page.fill("#meld-tiles", meld[1])
        page.click("#add-meld")
    page.click("#score")
    slot = page.locator(f"#err-{field}")
    slot.wait_for(state="visible")
    assert quoted in slot.inner_text()
    # the message sits in the field's own block, and the other slots stay empty
    assert page.locator(".error:visible").count() == 1
    if field != "melds":
        assert page.get_attribute(f"#f-{field}", "aria-invalid") == "true"
        assert slot.evaluate(
            "e => e.parentElement.contains(document.getElementById(e.id.replace('err-', 'f-')))"
        )
    assert page.inner_text("#result") == ""
    shot(page, f"error_{field}")


def test_keyboard_only_entry(page: Any, base_url: str) -> None:
    """Tab to the palette, arrows and Enter to build the hand, Backspace to undo, Enter to score."""
    open_calc(page, base_url, "sichuan")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('tile-btn')"):
            break
    else:
        pytest.fail("the palette cannot be reached with Tab")
    # sichuan's palette is 1m..9m, 1p..9p, 1s..9s in one flat order: index = rank - 1 for m
    sequence = [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    for rank in [*sequence, 5]:
        page.keyboard.press("Home")
        for _ in range(rank - 1):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    page.keyboard.press("Backspace")  # the extra 5m goes again
    assert page.input_value("#f-hand") == "11112345678999m"
    assert page.inner_text("#hand-count") == "14 tiles: 14 of 14"
    page.keyboard.press("ArrowDown")  # down a row: the dots
    assert page.evaluate("document.activeElement.dataset.tile") == "5p"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "score":
            break
    else:
        pytest.fail("the Score button cannot be reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#r-total")
    # sichuan.md: pure suit 2 + a root (four 1m) = 3 fan; ron on 9m: the discarder pays 2^3 = 8
    assert page.inner_text("#r-total") == "3"
    assert page.inner_text("#r-points") == "8"
    shot(page, "keyboard")


def test_phone_sized_screen(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    pg = context.new_page()
    open_calc(pg, base_url, "riichi")
    enter(pg, HANDS[0][1])
    assert pg.inner_text("#r-points") == "5,500"
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the calculator is {width}px wide on a 390px screen"
    box = pg.locator('.tile-btn[data-tile="9s"]').bounding_box()
    assert box and box["x"] + box["width"] <= 390
    shot(pg, "phone_calc")
    pg.goto(f"{base_url}/rules/taiwan")
    assert pg.locator("table.patterns tbody tr").count() > 30
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    pg.locator("table.patterns").first.scroll_into_view_if_needed()
    pg.screenshot(path=str(ARTIFACTS / "web_phone_rules.png"))
    pg.goto(f"{base_url}/")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    shot(pg, "phone_home")
    context.close()


def test_rules_page_and_home(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/")
    assert page.locator("#play").count() == 1
    page.click('a[href="/rules/riichi"]')
    page.wait_for_selector("table.patterns")
    pinfu = page.locator("#p-pinfu")
    assert "1 (closed only)" in pinfu.inner_text()
    # the tiles of the home page and the palette are drawn: the sprite loads as SVG
    status = page.evaluate("fetch('/tiles.svg').then(r => r.headers.get('content-type'))")
    assert status.startswith("image/svg+xml")
    # the page is long (every pattern with its hand): the screen, not the whole page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web_rules_riichi.png"), timeout=30000)
    page.goto(f"{base_url}/")
    shot(page, "home")


def test_melds_are_drawn_as_render_md_places_them(page: Any, base_url: str) -> None:
    """docs/render.md: the called tile sideways on the side it came from, a concealed kong's
    outer tiles face down, an added kong's fourth tile sideways on top of the called one."""
    page.goto(f"{base_url}/")
    got = page.evaluate(
        """async () => {
        const t = await import('/static/tiles.js');
        const n = await import('/static/notation.js');
        const box = document.createElement('div');
        const draw = (m) => {
            box.innerHTML = t.meldHtml(n.parseMeld(m));
            return [...box.querySelectorAll('svg')].map(
                (s) => s.dataset.tile + (s.classList.contains('sideways') ? '/' : ''));
        };
        return [draw('pon 777z from=1'), draw('pon 777z from=2'), draw('kan 1111m from=3'),
                draw('ankan 5555p'), draw('kakan 3333s from=2'), draw('chi 534s from=1')];
    }"""
    )
    assert got == [
        ["7z/", "7z", "7z"],
        ["7z", "7z/", "7z"],
        ["1m", "1m", "1m", "1m/"],
        ["back", "5p", "5p", "back"],
        ["3s", "3s/", "3s/", "3s"],
        ["3s/", "4s", "5s"],
    ]


def test_notation_module(page: Any, base_url: str) -> None:
    """The browser's notation helpers: split, join keeping the order, sort, melds."""
    page.goto(f"{base_url}/")
    got = page.evaluate(
        """async () => {
        const n = await import('/static/notation.js');
        let bad = null;
        try { n.parseTiles('12x'); } catch (e) { bad = e.message; }
        return [n.parseTiles('12m 0p,7z'), n.formatTiles(['1m','2m','5p','3m']),
                n.sortTiles(['5p','0p','1z','9m']), n.parseMeld('pon 777z from=2'), bad];
    }"""
    )
    assert got == [
        ["1m", "2m", "0p", "7z"],
        "12m5p3m",
        ["9m", "0p", "5p", "1z"],
        {"kind": "pon", "tiles": ["7z", "7z", "7z"], "from": 2},
        "unknown character 'x'",
    ]


def test_below_the_minimum_then_a_house_rule_lowers_it(page: Any, base_url: str) -> None:
    """hongkong.md: all chows 1 + concealed hand 1 = 2 fan, below the 3-fan minimum: not a
    win. With the house rule min_fan 1 it is: p(2) = 4, the discarder pays 2p = 8."""
    open_calc(page, base_url, "hk")
    page.fill("#f-hand", "123m456m789m11z13p2p")
    page.select_option("#f-seat_wind", "S")
    page.select_option("#f-discarder", "W")
    page.click("#score")
    page.wait_for_selector("#r-reason")
    assert "3" in page.inner_text("#r-reason")
    assert page.inner_text("#r-total") == "2"
    assert page.inner_text("#r-points") == "0"
    page.click("details.options summary")
    page.fill('[data-option="min_fan"]', "1")
    page.click("#score")
    page.wait_for_selector("#r-reason", state="detached")
    assert page.inner_text("#r-points") == "8"
    assert page.locator("#r-reason").count() == 0
    # the house rule travels in the link
    link = page.get_attribute("#share", "href")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("#r-points")
    assert page.input_value('[data-option="min_fan"]') == "1"
    assert page.inner_text("#r-points") == "8"
    shot(page, "house_rule")


# ---------------------------------------------------------------- 360 px: nothing scrolls sideways

#: true when the page is no wider than the screen
FITS_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def _fits(pg: Any, where: str, screen: int = 360) -> None:
    # a mobile browser widens its layout viewport (innerWidth) to a page that overflows, and
    # zooms out: the page is compared with the screen it was given as well
    width, inner = pg.evaluate(FITS_JS)
    assert width <= inner == screen, f"{where} is {width}px wide ({inner}) on a {screen}px screen"


def test_nothing_scrolls_sideways_at_360_px(browser: Any, base_url: str) -> None:
    """Every page at 360 x 740, the calculators after scoring a hand (the Taiwan one shows 17
    tiles) and the rules pages."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    context.set_default_timeout(5000)
    pg = context.new_page()
    try:
        for path in ("/", "/calc", "/rules", "/history"):
            pg.goto(f"{base_url}{path}")
            _fits(pg, path)
        for variant, case, *_ in HANDS:
            open_calc(pg, base_url, variant)
            enter(pg, case)
            _fits(pg, f"/calc/{variant} after scoring")
            shot(pg, f"360_calc_{variant}")
            pg.goto(f"{base_url}/rules/{variant}")
            _fits(pg, f"/rules/{variant}")
    finally:
        context.close()


#: each field of the form ``sel`` (input, select, textarea) as [label's top, field's top,
#: field's bottom, field's left, field's width]
FIELDS_JS = """(sel) => [...document.querySelectorAll(`${sel} > label`)].map(label => {
  const field = label.querySelector('input, select, textarea').getBoundingClientRect();
  const top = label.getBoundingClientRect().top;
  return [top, field.top, field.bottom, field.left, field.width];
})"""


@pytest.mark.parametrize(
    ("path", "form", "ready"),
    [
        ("/report", "#report-form", "#report-form"),
        ("/account", "#signin-form", "#signed-out:not([hidden])"),
    ],
)
def test_short_forms_put_each_field_under_its_label(
    browser: Any, base_url: str, path: str, form: str, ready: str
) -> None:
    """Report a problem and the account's forms on a phone: every field (the report's text box
    too, which sat beside its label, narrower than the others) under its label, all of one
    width and one left edge, and each label below the field before it, not touching it."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.goto(f"{base_url}{path}")
    pg.wait_for_selector(ready)
    fields = pg.evaluate(FIELDS_JS, form)
    assert len(fields) >= 2
    for label_top, top, _bottom, _left, _width in fields:
        assert top > label_top + 10, fields  # the label's words above the field
    assert len({(round(left), round(width)) for *_, left, width in fields}) == 1, fields
    for before, after in itertools.pairwise(fields):
        assert after[0] >= before[2] + 4, fields
    context.close()

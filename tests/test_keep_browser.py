"""The score sheet page (/keep) in real Chromium on a phone-sized screen: a riichi East round
entered hand by hand, the page reloaded, one hand edited afterwards, followed from a second
phone by its link. Expected scores are worked by hand (riichi base points fu x 2^(han+2)).
Screenshots at 390x844 and 1280x800 go to tests/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from test_table_support import ARTIFACTS, CHROMIUM

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

PHONE = {"width": 390, "height": 844}


def new_page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    context = browser.new_context(viewport=viewport, has_touch=viewport["width"] < 500)
    context.set_default_timeout(8000)
    pg = context.new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return pg


def shot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"keep_{name}.png"), full_page=True)


def scores(pg: Any) -> list[int]:
    """The running totals as shown: English groups thousands with "," (formatNumber)."""
    shown = [pg.locator(f".keep-player[data-seat='{s}'] .score").inner_text() for s in range(4)]
    return [int(text.replace(",", "")) for text in shown]


def tap(pg: Any, group: str, seat: int | str) -> None:
    pg.locator(f"#keep-entry button[data-group='{group}'][data-seat='{seat}']").click()


def kind(pg: Any, name: str) -> None:
    pg.locator(f"#keep-entry button.kind[data-kind='{name}']").click()


def win(
    pg: Any, winner: int, source: int | str, han: int, fu: int, riichi: tuple[int, ...] = ()
) -> None:
    kind(pg, "win")
    for seat in riichi:
        tap(pg, "riichi", seat)
    tap(pg, "winner", winner)
    tap(pg, "from", source)
    pg.select_option(f"#keep-entry select[data-value='han'][data-seat='{winner}']", str(han))
    pg.select_option(f"#keep-entry select[data-value='fu'][data-seat='{winner}']", str(fu))
    enter(pg)


def enter(pg: Any) -> None:
    rows = pg.locator("#keep-hands tbody tr").count()
    pg.locator("#keep-save").click()
    pg.wait_for_function(
        f"() => document.querySelectorAll('#keep-hands tbody tr').length > {rows}"
        " || document.querySelector('#keep-error').textContent !== ''"
    )
    assert pg.locator("#keep-error").inner_text() == ""


def test_a_riichi_east_round_on_a_phone(base_url: str, browser: Any) -> None:
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    pg.goto(f"{base_url}/keep")
    for i, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        pg.fill(f"input[name=player{i}]", name)
    pg.locator("#keep-new button[type=submit]").click()
    pg.wait_for_selector("body[data-keep-ready=true]")
    assert "?s=" in pg.url
    # every target a finger can hit: at least 44 px high
    for box in (b.bounding_box() for b in pg.locator("#keep-entry button").all()):
        assert box is not None and box["height"] >= 44

    # E1: Cy riichi; Ann (dealer) 3 han 40 fu from Bob: 7700, and the stick
    win(pg, 0, 1, 3, 40, riichi=(2,))
    assert scores(pg) == [33700, 17300, 24000, 25000]
    # E1-1: exhaustive draw, Ann alone ready: 1000 from each
    kind(pg, "draw")
    tap(pg, "ready", 0)
    enter(pg)
    assert scores(pg) == [36700, 16300, 23000, 24000]
    assert "E1-2" in pg.locator("#keep-next").inner_text()
    # E1-2: Bob self-draws 1 han 30 fu: 500 + 200 from Ann, 300 + 200 from each child
    win(pg, 1, "self", 1, 30)
    assert scores(pg) == [36000, 18000, 22500, 23500]
    # E2 (Bob deals): Cy 2 han 30 fu from Dee: 2000
    win(pg, 2, 3, 2, 30)
    assert scores(pg) == [36000, 18000, 24500, 21500]
    # E3 (Cy deals): draw, nobody ready: nothing paid, the deal passes, 1 honba
    kind(pg, "draw")
    enter(pg)
    assert "E4-1" in pg.locator("#keep-next").inner_text()
    shot(pg, "phone_playing")
    # the hands' table on the phone's screen: every player's score and Edit button in sight,
    # none beyond a table scrolled sideways
    cells = pg.eval_on_selector_all(
        "#keep-hands tr > *", "cs => cs.map(c => c.getBoundingClientRect().right)"
    )
    assert len(cells) == 6 * 7 and max(cells) <= PHONE["width"], cells
    # E4-1 (Dee deals): Ann 1 han 30 fu from Dee: 1000 + 300; the East round is over
    win(pg, 0, 3, 1, 30)
    assert scores(pg) == [37300, 18000, 24500, 20200]
    assert "Game over" in pg.locator("#keep-next").inner_text()

    # a reload shows the same sheet (it lives on the server; the key in this browser)
    pg.reload()
    pg.wait_for_selector("body[data-keep-ready=true]")
    assert scores(pg) == [37300, 18000, 24500, 20200]

    # another phone follows by the plain link: no entry, no edit
    other = new_page(browser, PHONE, errors)
    other.goto(pg.url)
    other.wait_for_selector("body[data-keep-ready=true]")
    assert scores(other) == [37300, 18000, 24500, 20200]
    assert other.locator("#keep-entry").is_hidden()
    assert other.locator("button.edit").count() == 0

    # E2 was 3 han, not 2: Cy 3900 from Dee; every hand after it is worked out again
    pg.locator("button.edit[data-hand='4']").click()
    assert "Change hand 4" in pg.locator("#keep-entry h3").inner_text()
    pg.select_option("#keep-entry select[data-value='han'][data-seat='2']", "3")
    pg.locator("#keep-save").click()
    pg.wait_for_function("() => !document.querySelector('#keep-entry h3') || "
                         "!document.querySelector('#keep-entry h3').textContent.includes('Change')")  # fmt: skip
    assert scores(pg) == [37300, 18000, 26400, 18300]
    places = [pg.locator(f".keep-player[data-seat='{s}'] .place").inner_text() for s in range(4)]
    assert places == ["1.", "4.", "2.", "3."]
    # the other phone sees the edit at its next poll
    other.wait_for_function(
        "() => document.querySelector(\".keep-player[data-seat='2'] .score\").textContent"
        " === '26,400'",
        timeout=10000,
    )
    pg.locator("#keep-payments summary").click()
    assert pg.locator("table.hanfu").is_visible()
    shot(pg, "phone_final")

    wide = new_page(browser, {"width": 1280, "height": 800}, errors)
    wide.goto(pg.url)
    wide.wait_for_selector("body[data-keep-ready=true]")
    wide.locator("#keep-payments summary").click()
    shot(wide, "desktop_final")
    assert errors == [], f"JavaScript errors: {errors}"


def test_a_two_player_south_game_is_started_as_chosen(base_url: str, browser: Any) -> None:
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    pg.goto(f"{base_url}/keep")
    pg.select_option("select[name=variant]", "hk2")
    pg.select_option("select[name=game_length]", "south")
    pg.fill("input[name=player0]", "Ann")
    pg.fill("input[name=player1]", "Bob")
    pg.locator("#keep-new button[type=submit]").click()
    pg.wait_for_selector("body[data-keep-ready=true]")
    assert "South" in pg.locator("#keep-title").inner_text()
    assert pg.locator(".keep-player").count() == 2
    tap(pg, "winner", 1)
    tap(pg, "from", "self")
    pg.fill("#keep-entry input[data-value='fan'][data-seat='1']", "3")
    pg.locator("#keep-entry input[data-value='fan'][data-seat='1']").dispatch_event("change")
    enter(pg)
    # hk2 pays the golden value 2^fan from the opponent: 8
    assert [
        int(pg.locator(f".keep-player[data-seat='{s}'] .score").inner_text()) for s in range(2)
    ] == [-8, 8]
    assert errors == [], f"JavaScript errors: {errors}"


def test_a_sichuan_hand_with_a_kong_a_win_and_a_draw(base_url: str, browser: Any) -> None:
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    pg.goto(f"{base_url}/keep")
    pg.select_option("select[name=variant]", "sichuan")
    for i, name in enumerate("ABCD"):
        pg.fill(f"input[name=player{i}]", name)
    pg.locator("#keep-new button[type=submit]").click()
    pg.wait_for_selector("body[data-keep-ready=true]")
    # C adds to its pung: 1 from each other player
    kind(pg, "kong")
    tap(pg, "konger", 2)
    pg.locator("#keep-kakan").click()
    enter(pg)
    # A self-draws 1 fan: 2 + 1 from each of B, C, D; A leaves play
    kind(pg, "win")
    tap(pg, "winner", 0)
    tap(pg, "from", "self")
    pg.fill("#keep-entry input[data-value='fan'][data-seat='0']", "1")
    pg.locator("#keep-entry input[data-value='fan'][data-seat='0']").dispatch_event("change")
    pg.locator("#keep-save").click()
    pg.wait_for_function(
        "() => document.querySelector(\".keep-player[data-seat='0'] .score\").textContent === '8'"
    )
    # the wall runs out: B ready for 2 fan, D holds three suits, C is not ready
    kind(pg, "draw")
    pg.fill("#keep-entry input[data-fan='1']", "2")
    pg.locator("#keep-entry input[data-fan='1']").dispatch_event("change")
    tap(pg, "three", 3)
    pg.locator("#keep-save").click()
    pg.wait_for_function(
        "() => document.querySelector('#keep-next').textContent.includes('hand 2')"
    )
    # D pays the cap 16 to B and C; C pays B 4 and returns its kong's 1 to A, B and D
    got = [int(pg.locator(f".keep-player[data-seat='{s}'] .score").inner_text()) for s in range(4)]
    assert got == [-1 + 9 + 1, -1 - 3 + 16 + 4 + 1, 3 - 3 + 16 - 4 - 3, -1 - 3 - 32 + 1]

    # A's self-draw was 2 fan: the hand's other steps (the kong, the draw) stay as they were
    pg.locator("button.edit[data-hand='1']").click()
    steps = pg.locator("#keep-entry ol.keep-steps li[data-step]")
    assert steps.count() == 2  # the kong and A's win; the draw that ended it is in the entry
    assert "kong, added to a pung" in steps.nth(0).inner_text()
    assert "Win self-drawn" in steps.nth(1).inner_text()
    pg.locator("#keep-entry button.step-change[data-step='1']").click()
    pg.fill("#keep-entry input[data-value='fan'][data-seat='0']", "2")
    pg.locator("#keep-entry input[data-value='fan'][data-seat='0']").dispatch_event("change")
    pg.locator("#keep-save").click()
    pg.wait_for_function("() => !document.querySelector('#keep-entry ol.keep-steps')")
    # 2 fan self-drawn: 4 + 1 from each of B, C, D instead of 2 + 1
    got = [int(pg.locator(f".keep-player[data-seat='{s}'] .score").inner_text()) for s in range(4)]
    assert got == [-1 + 15 + 1, -1 - 5 + 16 + 4 + 1, 3 - 5 + 16 - 4 - 3, -1 - 5 - 32 + 1]
    assert errors == [], f"JavaScript errors: {errors}"


def new_riichi_sheet(pg: Any, base_url: str, preset: str | None = None) -> str:
    pg.goto(f"{base_url}/keep")
    for i, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        pg.fill(f"input[name=player{i}]", name)
    if preset:
        pg.locator("details.keep-rules summary").click()
        pg.select_option("#keep-option-fields select[data-option='preset']", f'"{preset}"')
    pg.locator("#keep-new button[type=submit]").click()
    pg.wait_for_selector("body[data-keep-ready=true]")
    return str(pg.url.split("?s=")[1])


def test_house_rules_a_hand_by_its_tiles_and_pao(base_url: str, browser: Any) -> None:
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    sheet_id = new_riichi_sheet(pg, base_url, preset="wrc")
    assert pg.request.get(f"{base_url}/api/sheets/{sheet_id}").json()["sheet"]["options"] == {
        "preset": "wrc"
    }
    assert scores(pg) == [30000] * 4  # WRC starts at 30,000
    kind(pg, "draw")  # WRC plays no nagashi mangan: the draw does not offer it
    assert pg.locator("#keep-entry button[data-group='ready']").count() == 4
    assert pg.locator("#keep-entry button[data-group='nagashi']").count() == 0

    # E1: Bob wins on Cy's 6s with 234567m 234p 678s 88s: all simples and pinfu, 2 han 30 fu,
    # 2,000 from a child
    kind(pg, "win")
    tap(pg, "winner", 1)
    tap(pg, "from", 2)
    pg.locator("#keep-entry button.how[data-seat='1']").click()
    for name, value in (("hand", "234567m234p678s88s"), ("win_tile", "6s")):
        field = pg.locator(f"#keep-entry input[data-hand='{name}'][data-seat='1']")
        field.fill(value)
        field.dispatch_event("change")
    enter(pg)
    assert scores(pg) == [30000, 32000, 28000, 30000]
    assert "Bob won from Cy: 2 han 30 fu" in pg.locator("#keep-hands tbody tr").first.inner_text()

    # E2: Dee self-draws a yakuman with Ann liable (pao): Ann pays all 32,000 and busts
    tap(pg, "winner", 3)
    tap(pg, "from", "self")
    pg.select_option("#keep-entry select[data-value='han'][data-seat='3']", "Y1")
    pg.select_option("#keep-entry select[data-pao='3']", "0")
    enter(pg)
    assert scores(pg) == [30000 - 32000, 32000, 28000, 30000 + 32000]
    assert "Game over" in pg.locator("#keep-next").inner_text()
    shot(pg, "phone_tiles_pao")
    assert errors == [], f"JavaScript errors: {errors}"


def test_nagashi_mangan_at_a_draw_on_the_page(base_url: str, browser: Any) -> None:
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    new_riichi_sheet(pg, base_url)
    kind(pg, "draw")
    tap(pg, "ready", 0)
    tap(pg, "nagashi", 2)
    enter(pg)
    # Cy's nagashi is a child's mangan self-draw: 4,000 from the dealer, 2,000 from the others;
    # the noten payment is not made
    assert scores(pg) == [21000, 23000, 33000, 23000]
    assert errors == [], f"JavaScript errors: {errors}"


def test_the_csv_link_lines_up_with_the_buttons_on_a_phone(base_url: str, browser: Any) -> None:
    """At 390 px the English sheet's CSV link starts a line of its own under the buttons: its
    word starts where they start (it sat 16 px in, the padding of an unframed link)."""
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    new_riichi_sheet(pg, base_url)
    word, first = pg.evaluate(
        """() => {
          const range = document.createRange();
          range.selectNodeContents(document.querySelector('#keep-csv'));
          return [range.getBoundingClientRect().left,
                  document.querySelector('#keep-share').getBoundingClientRect().left];
        }"""
    )
    assert abs(word - first) <= 1, (word, first)
    box = pg.locator("#keep-csv").bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44  # still a finger's
    assert errors == [], f"JavaScript errors: {errors}"


def test_the_players_buttons_keep_to_one_line_on_a_german_phone(
    base_url: str, browser: Any
) -> None:
    """At 390 px in German the rows of players' buttons (Riichi, Gewinner, Von) hold the four
    players on one line: beside the label the fourth player (Dee) fell alone onto a second."""
    errors: list[str] = []
    pg = new_page(browser, PHONE, errors)
    pg.goto(f"{base_url}/keep?lang=de")
    for i, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        pg.fill(f"input[name=player{i}]", name)
    pg.locator("#keep-new button[type=submit]").click()
    pg.wait_for_selector("body[data-keep-ready=true]")
    kind(pg, "win")
    for group in ("riichi", "winner", "from"):
        tops = pg.eval_on_selector_all(
            f"#keep-entry button[data-group='{group}']",
            "bs => bs.filter(b => /^[0-3]$/.test(b.dataset.seat))"
            ".map(b => Math.round(b.getBoundingClientRect().top))",
        )
        assert len(tops) == 4 and len(set(tops)) == 1, (group, tops)
    assert errors == [], f"JavaScript errors: {errors}"

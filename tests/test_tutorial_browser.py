"""The tutorials in real Chromium: /learn/<lesson> starts a tutorial table on the lesson's fixed
hand, and a player who clicks what the step panel marks plays it through to the win, seeing each
step's sentence on the way (riichi and Hong Kong, at a phone's and a laptop's size; a step of the
Hong Kong lesson in German). Screenshots go to tests/artifacts/table_tutorial_*.png (not
committed)."""

from __future__ import annotations

from typing import Any

import pytest

from event_support import ended, started, won
from test_table_support import CHROMIUM, Player, shot

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
    pytest.mark.timeout(180),
]

#: the start of each step's sentence, in order (static/lesson.js; the hand: majiang.server.tutorial)
STEPS = [
    ("Step 1 of 7", "the lone 9 of circles fits nothing"),
    ("Step 2 of 7", "The others draw and discard in turn"),
    ("Step 3 of 7", "South discarded a white dragon"),
    ("Step 4 of 7", "discard the lone North wind"),
    ("Step 5 of 7", "Your hand is ready"),
    ("Step 6 of 7", "Click Tsumo to win"),
    ("Step 7 of 7", "You won!"),
]
#: the step numbers at which the player must click the marked thing, and what it must be
CLICKS = {
    1: '[data-tile="9p"]',
    3: '[data-action="pon"]',
    4: '[data-tile="4z"]',
    6: '[data-action="tsumo"]',
}


def step_shown(page: Any) -> int:
    """Wait for the step panel; return the step it shows."""
    page.wait_for_function(
        "() => document.querySelector('#lesson') && !document.querySelector('#lesson').hidden"
    )
    return int(page.eval_on_selector("#lesson", "p => p.dataset.step"))


#: the Hong Kong lesson's steps (static/lesson.js; the hand: majiang.server.tutorial)
HK_STEPS = [
    ("Step 1 of 10", "at least 3 fan"),
    ("Step 2 of 10", "you hold two red dragons"),
    ("Step 3 of 10", "a pung (碰): click Pon"),
    ("Step 4 of 10", "discard the lone 1 of bamboo"),
    ("Step 5 of 10", "a chow (上), may be taken only from the player before you"),
    ("Step 6 of 10", "North discarded the 3 of characters"),
    ("Step 7 of 10", "discard the lone South wind"),
    ("Step 8 of 10", "waits on the 6 or the 9"),
    ("Step 9 of 10", "Click Ron to win on the discard (食糊)"),
    ("Step 10 of 10", "You won with 4 fan"),
]
HK_CLICKS = {
    1: '[data-tile="9p"]',
    3: '[data-action="pon"]',
    4: '[data-tile="1s"]',
    6: '[data-action="chi"]',
    7: '[data-tile="2z"]',
    9: '[data-action="ron"]',
}


def start_lesson(page: Any, base_url: str, lesson: str, lang: str = "") -> None:
    """Open the lesson's page (in ``lang`` if given), give a name, start; wait for the table."""
    page.goto(f"{base_url}/learn/{lesson}" + (f"?lang={lang}" if lang else ""))
    page.fill("#learn-name", "Lea")
    page.click("#learn-start")
    page.wait_for_selector("#table-app[data-state=table]", timeout=15000)


def play_lesson(
    page: Any,
    steps: list[tuple[str, str]],
    clicks: dict[int, str],
    on_step: Any = None,
) -> list[int]:
    """Click what each step marks until the last step; check each step's count and sentence on
    the way (and that the mark is on the one thing ``clicks`` names); return the steps seen.
    ``on_step(n)`` is called once when step n shows."""
    seen: list[int] = []
    for _ in range(200):
        n = step_shown(page)
        if not seen or seen[-1] != n:
            assert n > (seen[-1] if seen else 0), f"the lesson went back to step {n}: {seen}"
            seen.append(n)
            count, words = steps[n - 1]
            assert page.inner_text("#lesson .lesson-count") == count
            assert words in page.inner_text("#lesson .lesson-text")
            if on_step:
                on_step(n)
        if n == len(steps):
            break
        if n in clicks:
            marked = page.locator(".lesson-target")
            marked.wait_for(timeout=15000)
            # the mark is on the one thing the step asks for
            assert page.eval_on_selector(".lesson-target", f"el => el.matches('{clicks[n]}')")
            assert page.locator(".lesson-target").count() == 1
            # the keyboard's focus is on it too: the focus ring is not a second mark
            page.wait_for_function(
                "() => document.activeElement === document.querySelector('.lesson-target')",
                timeout=5000,
            )
            marked.click()
        page.wait_for_function(
            f"() => document.querySelector('#lesson').dataset.step !== '{n}'", timeout=20000
        )
    return seen


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_riichi_tutorial_played_through_by_clicking_the_marks(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    player = Player(browser, base_url, viewport=(width, height))
    page = player.page
    try:
        start_lesson(page, base_url, "riichi")

        def on_step(n: int) -> None:
            if n == 4 and width == 390:
                shot(page, "tutorial_phone")

        seen = play_lesson(page, STEPS, CLICKS, on_step)
        assert seen == [1, 2, 3, 4, 5, 6, 7]
        if width == 1280:
            shot(page, "tutorial_won")
        result = page.inner_text("#result")
        # the lesson's hand: an open tsumo whose one yaku is the white dragons' pon (1 han)
        assert "Lea (you) wins by self-draw" in result
        assert "White dragon\t1 han" in result
    finally:
        player.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_hong_kong_tutorial_played_through_by_clicking_the_marks(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    player = Player(browser, base_url, viewport=(width, height))
    page = player.page
    try:
        start_lesson(page, base_url, "hk")
        seen = play_lesson(page, HK_STEPS, HK_CLICKS)
        # every step shows, in order, none skipped (steps 2, 5 and 8 last while bots play)
        assert seen == list(range(1, 11))
        shot(page, f"tutorial_hk_won_{width}")
        result = page.inner_text("#result")
        # the hand worked by hand in test_tutorial.py: half flush 3 + red dragon pung 1 = 4 fan,
        # West, the discarder, pays 2 x 16 = 32
        assert "Half flush\t3 fan" in result
        assert "Red dragon pung\t1 fan" in result
        assert "32" in page.inner_text("#result .score-change")
    finally:
        player.close()


def test_the_hong_kong_tutorial_speaks_german(browser: Any, base_url: str) -> None:
    player = Player(browser, base_url, viewport=(390, 844))
    page = player.page
    try:
        start_lesson(page, base_url, "hk", lang="de")
        assert step_shown(page) == 1
        assert page.inner_text("#lesson .lesson-count") == "Schritt 1 von 10"
        text = page.inner_text("#lesson .lesson-text")
        assert "Halbreine Hand (混一色), 3 Fan" in text and "Kreis-9" in text
        page.locator(".lesson-target").click()
        page.wait_for_function(
            "() => document.querySelector('#lesson').dataset.step === '3'", timeout=20000
        )
        assert "einen Pung (碰): klicke auf Pon" in page.inner_text("#lesson .lesson-text")
    finally:
        player.close()


def test_an_unknown_lesson_has_no_page(browser: Any, base_url: str) -> None:
    player = Player(browser, base_url)
    try:
        reply = player.page.goto(f"{base_url}/learn/taiwan-ish")
        assert reply is not None and reply.status == 404
    finally:
        player.close()


#: a lesson's last step shown for a hand's result fed through the page's model
#: (static/lesson.js, static/model.js): the events as the server sends them
LESSON_END_JS = """async ([variant, events]) => {
  const model = await import('/static/model.js');
  const lesson = await import('/static/lesson.js');
  const m = model.emptyModel(0, 4, variant);
  events.forEach((e) => model.applyEvent(m, e));
  lesson.showLesson({model: m, room: {kind: 'tutorial'}, decision: null, frozen: null});
  const panel = document.querySelector('#lesson');
  return [panel.querySelector('.lesson-count').textContent,
          panel.querySelector('.lesson-text').textContent];
}"""


def hand_events(variant: str, outcome: str, wins: list[tuple[int, int | None, str]]) -> list[Any]:
    """A hand's start, its wins (seat, source, tile) and its end, as the server sends them."""
    won_events = [won(seat, source, tile) for seat, source, tile in wins]
    return [started(), *won_events, ended(outcome, [25000] * 4, [seat for seat, _, _ in wins])]


@pytest.mark.parametrize(
    ("variant", "outcome", "wins", "lang", "count", "words"),
    [
        # a player who passed the win and played on to the wall's end: a draw, not a win
        ("riichi", "exhaustive_draw", [], "", "Step 7 of 7", "The hand ended in a draw"),
        ("hk", "exhaustive_draw", [], "", "Step 10 of 10", "The hand ended in a draw"),
        ("riichi", "abortive_draw", [], "", "Step 7 of 7", "The hand ended in a draw"),
        # a bot won on the player's discard
        ("riichi", "win", [(1, 0, "3p")], "", "Step 7 of 7", "Another player won this hand"),
        # the player won, but not on West's 6m the Hong Kong lesson explains (4 fan, 32)
        ("hk", "win", [(0, None, "9m")], "", "Step 10 of 10", "You won, though not as"),
        # the wins the lessons teach keep their own words
        ("riichi", "win", [(0, None, "6p")], "", "Step 7 of 7", "You won! Every win needs"),
        ("hk", "win", [(0, 2, "6m")], "", "Step 10 of 10", "You won with 4 fan"),
        # in the page's language
        ("riichi", "exhaustive_draw", [], "de", "Schritt 7 von 7", "unentschieden"),
        ("hk", "exhaustive_draw", [], "es", "Paso 10 de 10", "empate"),
        ("hk", "exhaustive_draw", [], "zh", "第 10 步", "流局"),
    ],
)
def test_a_lessons_last_step_says_what_happened(
    browser: Any,
    base_url: str,
    variant: str,
    outcome: str,
    wins: list[tuple[int, int | None, str]],
    lang: str,
    count: str,
    words: str,
) -> None:
    player = Player(browser, base_url, viewport=(390, 844))
    page = player.page
    try:
        page.goto(f"{base_url}/play/none" + (f"?lang={lang}" if lang else ""))
        shown_count, text = page.evaluate(
            LESSON_END_JS, [variant, hand_events(variant, outcome, wins)]
        )
        assert count in shown_count
        assert words in text
        if outcome != "win" or wins[0][0] != 0:
            # a draw or another's win is not called the player's win, in any language
            assert not text.startswith(("You won", "Gewonnen", "¡Has ganado", "你和了"))
        if (variant, outcome, lang) == ("riichi", "exhaustive_draw", ""):
            shot(page, "tutorial_draw_phone")
    finally:
        player.close()


def test_a_pon_passed_in_the_riichi_lesson_says_the_plan_is_off(
    browser: Any, base_url: str
) -> None:
    """Passing on the white dragon the lesson asks to pon: the panel does not go on asking for a
    Pon the table no longer offers (it stayed on step 3 for the rest of the hand), it says the
    plan is off and marks nothing."""
    player = Player(browser, base_url, viewport=(390, 844))
    page = player.page
    try:
        start_lesson(page, base_url, "riichi")
        assert step_shown(page) == 1
        page.locator('#hand button.hand-tile[data-tile="9p"]').click()
        page.wait_for_function(
            "() => document.querySelector('#lesson').dataset.step === '3'", timeout=20000
        )
        page.locator('#actions [data-action="pass"]').click()
        page.wait_for_function(
            "() => document.querySelector('#lesson').dataset.step === 'missed'", timeout=20000
        )
        assert "You passed on the call this step asked for" in page.inner_text("#lesson")
        assert page.locator(".lesson-target").count() == 0
        assert page.inner_text("#lesson .lesson-count") == ""
    finally:
        player.close()

"""The game table in real Chromium (Debian's, driven by Playwright): whole hands against bots by
clicking in riichi and Hong Kong, a pon claimed when offered, a reload mid-hand, two browsers in
one private room, a phone-sized screen played with the keyboard alone.

The server runs in a thread (uvicorn, SQLite in a temporary folder). Every test also checks the
page's own bookkeeping: the model it draws from, built from the events, must equal the snapshot
the server sends at each new hand (``window.majiangTable.diffs`` stays empty). Screenshots go to
tests/artifacts/table_*.png (not committed).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from event_support import ended, moved, started, won
from majiang.shanten import shanten
from majiang.web.words import table_words
from test_table_support import CHROMIUM, SCREENSHOTS, Player, shot

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
    pytest.mark.timeout(120),
]


@pytest.fixture
def player(browser: Any, base_url: str) -> Iterator[Player]:
    p = Player(browser, base_url)
    yield p
    p.close()


def shown_tiles(page: Any) -> dict[str, int]:
    """Count the tile faces drawn on the board and in the hand, by where they are."""
    counts: dict[str, int] = page.evaluate(
        """() => {
      const faces = (sel) => [...document.querySelectorAll(sel)]
        .filter(t => t.dataset.tile !== 'back').length;
      return {
        hand: faces('#hand svg.tile'),
        ponds: faces('#table .pond svg.tile'),
        melds: faces('#table .seat-melds svg.tile'),
        indicators: faces('#table .center svg.tile'),
        all: faces('#table svg.tile'),
        backs: document.querySelectorAll('#table svg.tile[data-tile="back"]').length,
      };
    }"""
    )
    return counts


STATE_JS = "() => ({...document.querySelector('#table-app').dataset})"


def result_scores(page: Any) -> list[int]:
    """The 'After' column of the result's score table, seat by seat."""
    cells: list[str] = page.eval_on_selector_all(
        "#result table.score-change tbody tr td:last-child", "tds => tds.map(t => t.textContent)"
    )
    return [int(c.replace(",", "")) for c in cells]


# ---------------------------------------------------------------- a whole hand by clicking


@pytest.mark.parametrize(
    ("variant", "seats", "hand_size"),
    [
        ("riichi", 4, 13),  # shared/rules/riichi.md: 4 players, 13 + 1
        ("hk", 4, 13),  # shared/rules/hongkong.md: hk, 4 players, 13 + 1
    ],
)
def test_whole_hand_against_bots_by_clicking(
    player: Player, variant: str, seats: int, hand_size: int
) -> None:
    page = player.page
    player.practice("Ann", variant)
    assert player.wait_ready() == "decision"
    # the dealer (seat 0, East) starts with hand_size + 1 tiles, the drawn one apart
    tiles = player.hand()
    assert len(tiles) == hand_size + 1
    assert page.locator("#hand .hand-tile.drawn").count() == 1
    assert page.locator("#table .seat").count() == seats
    assert page.locator("#table .seat.me .badge.dealer").count() == 1
    assert re.fullmatch(r"Wall \d+", page.inner_text("#wall-count"))
    assert page.inner_text("#round-label") == "East 1"
    # nothing but this seat's hand and public tiles is drawn: the others are backs
    drawn = shown_tiles(page)
    assert drawn["hand"] == hand_size + 1
    assert drawn["all"] == drawn["hand"] + drawn["ponds"] + drawn["melds"] + drawn["indicators"]
    assert drawn["backs"] == hand_size * (seats - 1)
    shot(page, f"{variant}_table")

    done = player.play_until_result()
    assert done, "the hand ended before this seat did anything"
    assert player.app("phase") == "result"
    heading = page.inner_text("#result-h")
    assert heading.startswith("East 1: ")
    outcome = page.eval_on_selector("#result", "r => r.querySelectorAll('article.win').length")
    if "win" in heading.lower():
        assert outcome >= 1
        assert page.locator("#result table.items tbody tr").count() >= 1
        assert page.locator("#result table.payers tbody tr").count() >= 1
    else:
        assert "draw" in heading.lower() and outcome == 0
    after = result_scores(page)
    assert len(after) == seats
    sticks_left = page.evaluate("() => window.majiangTable.frozen.sticks")
    shot(page, f"{variant}_result")

    # one hand only: the next button shows the final standings, in the order of the scores
    page.click("#next-hand")
    page.wait_for_selector("#final:not([hidden]) table.standings")
    places = page.eval_on_selector_all(
        "#final table.standings tbody tr", "rs => rs.map(r => Number(r.dataset.seat))"
    )
    points = page.eval_on_selector_all(
        "#final table.standings tbody td:last-child",
        "tds => tds.map(t => Number(t.textContent.replaceAll(',', '')))",
    )
    assert sorted(places) == list(range(seats))
    assert points == sorted(points, reverse=True)
    # the riichi sticks still on the table at the end go to the first (riichi.md)
    assert sum(points) - sum(after) == 1000 * sticks_left
    assert sorted(points) == sorted(player.model()["final"]["scores"])
    shot(page, f"{variant}_final")
    assert player.diffs() == []


# ---------------------------------------------------------------- Sichuan's first decisions


#: the page answers its open decision itself, as its auto-play does (a win, a pass, the drawn
#: tile after riichi): the first discard or pass offered, through the page's own ``act``
PAGE_ANSWERS_JS = """async () => {
  const table = await import('/static/table.js');
  const actions = window.majiangTable.decision.actions;
  table.act(actions.find((a) => a.type === 'discard' || a.type === 'pass') || actions[0]);
}"""


class PageThatAnswersFirst:
    """A player's page that answers the open decision itself right after the test's first
    look at it: the page's auto-play getting there between the helper's reading the decision
    and its clicking."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.answered = False

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.page, name)
        if not callable(attr):
            return attr

        def then_answer(*args: Any, **kwargs: Any) -> Any:
            out = attr(*args, **kwargs)
            if not self.answered:
                self.answered = True
                self.page.evaluate(PAGE_ANSWERS_JS)
            return out

        return then_answer


def test_answer_clicks_only_the_decision_it_read(player: Player) -> None:
    """The helper every table test plays with reads the open decision and clicks in one turn
    of the page: when the page answers the decision between the helper's look and its click
    (its auto-play after 350 ms on a slow machine), the helper clicks nothing and says so, and
    the server gets one answer. It counted the hand, then clicked the drawn tile a few calls
    later: the tile it counted was gone and it waited 8 s for it."""
    page = player.page
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(str(data))))
    player.practice("Ida", "riichi")
    assert player.wait_ready() == "decision"
    decision = player.app("decision")
    real = player.page
    player.page = PageThatAnswersFirst(real)  # type: ignore[assignment]
    try:
        done = player.answer(win=False)
    finally:
        player.page = real
    player.wait_answered(decision)
    frames = [json.loads(f) for f in sent]
    answers = [f for f in frames if f["type"] == "action" and str(f["decision"]) == decision]
    assert done == "answered by the page"
    assert len(answers) == 1, answers


def test_sichuan_exchange_and_void_by_clicking(player: Player) -> None:
    """shared/rules/sichuan.md: three tiles of one suit are passed after the deal, then each seat
    declares its missing suit. The tiles are chosen on the hand, the suit by its button."""
    page = player.page
    player.practice("Su", "sichuan")
    assert player.wait_ready() == "decision"
    assert "exchange" in player.offered()
    button = page.locator('#actions button[data-action="exchange"]')
    assert button.is_disabled()  # nothing chosen yet
    tiles = page.evaluate(
        "() => window.majiangTable.decision.actions.find(a => a.type === 'exchange').tiles"
    )
    suit = tiles[-1]
    for digit in tiles[:-1]:
        page.locator(f'#hand .hand-tile[data-tile="{digit}{suit}"]:not(.picked)').first.click()
    assert page.locator("#hand .hand-tile.picked").count() == 3
    assert button.is_enabled()
    decision = player.app("decision")
    button.click()
    player.wait_answered(decision)
    assert player.wait_ready() == "decision"
    assert player.offered() == ["void", "void", "void"]
    void = page.locator('#actions button[data-action="void"]').first
    label = void.inner_text()
    decision = player.app("decision")
    void.click()
    player.wait_answered(decision)
    page.wait_for_selector("#table .seat.me .badge.void")
    assert len([t for t in player.hand()]) in (13, 14)
    assert label.startswith("Void ")
    assert player.diffs() == []


# ---------------------------------------------------------------- claiming a pon


def test_pon_when_offered(player: Player) -> None:
    """Play riichi hands (passing every other claim) until a pon is offered; take it: the meld
    lies on this seat's side with the called tile sideways, and the seat must discard at once.
    A pon that a bot's win on the same tile beats (a win comes first) ends the hand instead:
    the test then goes on to the next pon offered, at a new table if that was the last hand."""
    page = player.page
    player.practice("Pia", "riichi", length="south")
    for _ in range(600):
        player.next_decision("Pia", "riichi", "south")
        decision = player.app("decision")
        if "pon" not in player.offered():
            player.answer(win=False)
            player.wait_answered(decision)
            continue
        before = player.hand()
        offer = page.locator('#actions button[data-action="pon"]').first
        pair = offer.evaluate("b => [...b.querySelectorAll('svg.tile')].map(t => t.dataset.tile)")
        shot(page, "pon_offered")
        offer.click()
        player.wait_answered(decision)
        if player.wait_ready() == "decision":
            break
    else:
        raise AssertionError("no pon taken in 600 decisions")
    page.wait_for_selector('#table .seat.me .meld[data-kind="pon"]')
    after = player.hand()
    assert len(after) == len(before) - 2 + 1 - 1  # two tiles into the meld, no draw: 12 of 13
    meld = page.locator('#table .seat.me .meld[data-kind="pon"]').last
    assert meld.locator("svg.tile").count() == 3
    assert meld.locator("svg.tile.sideways").count() == 1  # the called tile, by its source
    assert {t.replace("0", "5") for t in pair} <= {
        t.replace("0", "5")
        for t in meld.evaluate("m => [...m.querySelectorAll('svg')].map(s => s.dataset.tile)")
    }
    # after a call only discards are offered (no draw): the claimed-from pond marks the tile
    assert set(player.offered()) <= {"riichi", "kan", "ankan"}
    assert page.locator("#table .pond-cell.claimed").count() >= 1
    shot(page, "pon_taken")
    player.answer()
    assert player.diffs() == []


# ---------------------------------------------------------------- reload


def test_reload_mid_hand_and_continue(player: Player) -> None:
    page = player.page
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(str(data))))
    player.practice("Rei", "riichi", length="south")
    mine = "#table .seat.me .pond svg.tile"
    # three discards of this seat (claims passed) and a decision pending; the table's seed is
    # fresh, so a bot may win first: the test then plays on into the next hand
    for _ in range(200):
        player.next_decision("Rei", "riichi", "south")
        if page.locator(mine).count() >= 3:
            break
        decision = player.app("decision")
        player.answer(win=False)
        player.wait_answered(decision)
    else:
        raise AssertionError("no decision after three discards in 200 steps")
    hand_before = sorted(player.hand())
    river_before = page.eval_on_selector_all(
        "#table .seat.me .pond svg.tile", "ts => ts.map(t => t.dataset.tile)"
    )
    assert len(river_before) >= 3
    url = page.url
    sent.clear()

    page.reload()
    page.wait_for_selector("#table-app[data-state=table]")
    assert page.url == url
    assert player.wait_ready() in ("decision", "result")
    hellos = [s for s in sent if '"hello"' in s]
    assert hellos and re.search(r'"last_seq":\d+', hellos[0]), hellos  # resumed, not restarted
    if player.app("phase") != "result":
        assert sorted(player.hand()) == hand_before
        river_after = page.eval_on_selector_all(
            "#table .seat.me .pond svg.tile", "ts => ts.map(t => t.dataset.tile)"
        )
        assert river_after[: len(river_before)] == river_before

    # a browser that lost its copy of the table gets a snapshot and plays on just the same
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('majiang.room.'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    sent.clear()
    page.reload()
    page.wait_for_selector("#table-app[data-state=table]")
    hellos = [s for s in sent if '"hello"' in s]
    assert hellos and '"last_seq":null' in hellos[0]
    if player.wait_ready() == "decision":
        player.play_until_result()
    assert player.app("phase") == "result"
    assert player.diffs() == []
    shot(page, "reload_result")


# ---------------------------------------------------------------- private room

#: the last event the page applied, and whether the game now waits for this seat or a result
SEQ_JS = """() => {
  const a = document.querySelector('#table-app');
  const ready = Boolean(a.dataset.decision || a.dataset.phase === 'result');
  return [window.majiangTable.model.seq, ready];
}"""


def caught_up(players: list[Player], timeout: float = 15) -> None:
    """Wait until the game waits for one of ``players`` (a decision or a result on a page)
    and every page has applied the same events, then until each page has drawn them."""
    deadline = time.monotonic() + timeout
    while True:
        seen = [p.page.evaluate(SEQ_JS) for p in players]
        if len({seq for seq, _ in seen}) == 1 and any(ready for _, ready in seen):
            break
        assert time.monotonic() < deadline, f"the pages never caught up: {seen}"
        players[0].page.wait_for_timeout(15)
    for p in players:  # the drawing that follows an event is a task queued before this one
        p.page.evaluate("() => new Promise((done) => setTimeout(done, 0))")


def test_two_browsers_share_a_private_room(browser: Any, base_url: str) -> None:
    ann = Player(browser, base_url)
    bob = Player(browser, base_url)
    try:
        ann.home("Ann")
        ann.choose("riichi")
        ann.page.click("#make-room")
        ann.page.wait_for_selector("#table-app[data-state=lobby] #share-link")
        link = ann.page.input_value("#share-link")
        code = ann.page.inner_text("#room-code")
        assert link == f"{base_url}/play/{code}"
        assert ann.page.locator("#start-game").count() == 1  # the host starts

        # the link, by someone with no name yet
        bob.page.goto(link)
        bob.page.wait_for_selector("#identity:not([hidden])")
        bob.page.fill("#id-name", "Bob")
        bob.page.click("#identity-form button[type=submit]")
        bob.page.wait_for_selector("#table-app[data-state=lobby] #wait-host")
        ann.page.wait_for_function(
            "() => document.querySelector('#lobby-seats').textContent.includes('Bob')"
        )
        assert "Ann" in bob.page.inner_text("#lobby-seats")
        shot(ann.page, "room_lobby")

        # joining by the code, from the home page, brings a seated player back to the room
        ann.page.goto(f"{base_url}/")
        ann.page.fill("#join-code", link)
        ann.page.click("#join-go")
        ann.page.wait_for_selector("#table-app[data-state=lobby] #start-game")
        ann.page.click("#start-game")

        for p, me, other in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann")):
            p.page.wait_for_selector("#table-app[data-state=table] #hand .hand-tile")
            names = p.page.inner_text("#table .board")
            assert f"{me} (you)" in names and other in names
        assert len(ann.hand()) == 14 and len(bob.hand()) == 13  # Ann deals (seat 0)
        assert bob.page.locator('#table .seat[data-seat="0"] .badge.dealer').count() == 1

        # play on, each answering their own decisions: both see the same discards
        players = [ann, bob]
        answered = 0
        for _ in range(800):
            states = [p.page.evaluate(STATE_JS) for p in players]
            if answered >= 12 or any(st["phase"] == "result" for st in states):
                break
            acted = False
            for p, st in zip(players, states, strict=True):
                if st["phase"] != "result" and st["decision"]:
                    p.answer()
                    p.wait_answered(st["decision"])
                    answered += 1
                    acted = True
            if not acted:
                ann.page.wait_for_timeout(15)
        assert answered >= 4
        # each page draws the events when they reach it: Bob's may show a discard Ann's has
        # not received yet, so they are compared once both have caught up
        caught_up(players)
        for seat in (0, 1):
            seen = [
                p.page.eval_on_selector_all(
                    f'#table .seat[data-seat="{seat}"] .pond svg.tile',
                    "ts => ts.map(t => t.dataset.tile)",
                )
                for p in players
            ]
            assert seen[0] == seen[1] and seen[0], (seat, seen)
        shot(bob.page, "room_table_bob")
        assert ann.diffs() == [] and bob.diffs() == []
    finally:
        ann.close()
        bob.close()


# ---------------------------------------------------------------- phone and keyboard


def test_phone_sized_screen_with_the_keyboard_alone(browser: Any, base_url: str) -> None:
    """390 x 844: nothing wider than the screen; the hand played with keys only (Enter on the
    focused tile discards it, N passes), the hint asked for with H."""
    p = Player(browser, base_url, viewport=(390, 844))
    page = p.page
    try:
        p.home("Kei")
        p.choose("hk2", timers="60/20")
        page.focus("#play-bots")
        page.keyboard.press("Enter")
        page.wait_for_selector("#table-app[data-state=table]")
        assert p.wait_ready() == "decision"
        # the hand's width in tiles (14, and 1.5 for the gap) is set through the CSSOM: the
        # page's policy refuses a style attribute in markup
        assert page.eval_on_selector("#hand", "e => e.style.getPropertyValue('--hand-n')") == "15.5"
        # the turn timer runs down where it can be seen
        page.wait_for_function(
            "() => /^\\d+ s$/.test(document.querySelector('#timer').textContent)"
        )
        assert 50 <= int(page.inner_text("#timer").split()[0]) <= 60
        page.keyboard.press("h")
        page.wait_for_selector("#hint-box #hint-shanten")
        page.wait_for_selector("#hint-box #hint-bot")
        assert "would" in page.inner_text("#hint-bot")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
        shot(page, "phone_table")
        moved = False
        for _ in range(300):
            if p.wait_ready() != "decision":
                break
            d = p.app("decision")
            if "pass" in p.offered():
                page.keyboard.press("n")
            else:
                if not moved:  # the arrow keys walk the hand; End comes back to the drawn tile
                    page.keyboard.press("ArrowLeft")
                    page.keyboard.press("End")
                    moved = True
                focused = page.evaluate("document.activeElement.classList.contains('hand-tile')")
                assert focused, "the hand has the focus when it is this seat's turn"
                page.keyboard.press("Enter")
            p.wait_answered(d)
        assert p.app("phase") == "result"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "phone_result")
        # the result's button has the focus: Enter goes on
        assert page.evaluate("document.activeElement.id") == "next-hand"
        page.keyboard.press("Enter")
        page.wait_for_selector("#final:not([hidden]) table.standings")
        assert p.diffs() == []
    finally:
        p.close()


# ---------------------------------------------------------------- long: whole games


def nearest_discard(player: Player) -> Any:
    """Return the hand tile to click that leaves the fewest tiles to ready (the engine's
    shanten), among the tiles the page lets go; the drawn tile when it does as well."""
    page = player.page
    held = player.hand()
    legal = page.eval_on_selector_all(
        '#hand .hand-tile[data-legal="true"]', "bs => bs.map(b => b.dataset.tile)"
    )
    drawn = page.eval_on_selector_all("#hand .hand-tile.drawn", "bs => bs.map(b => b.dataset.tile)")

    def after(tile: str) -> tuple[int, bool]:
        rest = list(held)
        rest.remove(tile)
        return shanten("".join(rest)), tile not in drawn

    best = min(legal, key=after)
    if best in drawn:
        return page.locator(f'#hand .hand-tile.drawn[data-tile="{best}"]')
    return page.locator(f'#hand .hand-tile[data-legal="true"][data-tile="{best}"]').first


@pytest.mark.long
@pytest.mark.timeout(900)
@pytest.mark.parametrize("variant", ["riichi", "hk", "hk2", "hkos", "taiwan", "sichuan"])
def test_whole_east_round_and_the_model_agrees(player: Player, variant: str) -> None:
    """A whole East round per variant by clicking (calls taken when offered, wins taken, else
    the discard that leaves the hand nearest to ready): after every hand the page's model,
    built from the events, equals the server's snapshot.

    The player must win now and then: a round ends once every seat has dealt and lost the deal,
    and Hong Kong's dealer keeps it after its own win and after a draw. A player throwing away
    each tile it draws (the plain ``answer``) hardly ever makes Hong Kong's 3 fan: its hk2 round
    ran past 5,000 decisions once, the normal bot dealing and winning hand after hand (1 round
    in 10 over 57 seeds played by the engine alone, median 1,000 decisions). Discarding towards
    ready, the same 60 seeds took 120 decisions at the median and 478 at most."""
    page = player.page
    player.practice("Lu", variant, length="east")
    hands = 0
    for _ in range(5000):
        state = player.wait_ready(timeout=20000)
        if state == "final":
            break
        if state == "result":
            hands += 1
            page.click("#next-hand")
            continue
        offered = player.offered()
        decision = player.app("decision")
        calls = [k for k in ("pon", "chi", "kan", "ankan", "kakan") if k in offered]
        wins = "ron" in offered or "tsumo" in offered
        if calls and not wins:
            player.tap(page.locator(f'#actions button[data-action="{calls[0]}"]').first)
        elif wins or {"pass", "exchange", "void"} & set(offered):
            player.answer()
        else:
            player.tap(nearest_discard(player))
        player.wait_answered(decision)
    assert player.app("phase") == "final"
    # an East round is a hand per seat or more (four, two at hk2's table), unless a player went
    # below zero first (riichi's `bust`: the table's seed is secret and fresh, so a short game
    # does happen)
    final = player.model()["final"]
    seats = len(final["scores"])
    assert hands >= seats or (hands >= 1 and final["reason"] == "bust"), (hands, final)
    assert player.diffs() == []


# ---------------------------------------------------------------- pacing: the next hand waits


def _own_practice(player: Player, name: str, **options: Any) -> None:
    """Sit ``name`` at a practice table made through the API with ``options`` (timers the home
    form does not offer), as the page's own identity."""
    page = player.page
    page.goto(f"{player.base_url}/")
    code = page.evaluate(
        """async ([name, options]) => {
      const post = async (path, body, token) => {
        const headers = {"Content-Type": "application/json"};
        if (token) headers.Authorization = `Bearer ${token}`;
        const r = await fetch(path, {method: "POST", headers, body: JSON.stringify(body)});
        return r.json();
      };
      const me = await post("/api/players", {name});
      localStorage.setItem("majiang.player", JSON.stringify({id: me.id, name, token: me.token}));
      return (await post("/api/tables", options, me.token)).code;
    }""",
        [name, options],
    )
    page.goto(f"{player.base_url}/play/{code}")
    page.wait_for_selector("#table-app[data-state=table]")


def test_the_next_hand_waits_for_next_hand_and_a_timeout_stays_in_the_log(player: Player) -> None:
    """docs/web.md, "Between hands": with 1 s timers, the result stays while the timers would
    have run out twice and nothing is played for this seat; after *Next hand* the game goes on,
    and a turn left to run out is written in the table log, still there 5 s later."""
    page = player.page
    received: list[str] = []
    sent: list[str] = []

    def watch(ws: Any) -> None:
        ws.on("framereceived", lambda data: received.append(str(data)))
        ws.on("framesent", lambda data: sent.append(str(data)))

    page.on("websocket", watch)
    _own_practice(
        player,
        "Pace",
        variant="riichi",
        length="east",
        bot_level="simple",
        turn_seconds=1,
        claim_seconds=1,
    )
    for _ in range(10):  # a bot may end the first hands before this seat's turn
        if player.wait_ready() == "result":
            break
        player.play_until_result(win=False)
    assert player.app("phase") == "result"
    page.wait_for_selector("#result #between-hands")
    assert "waits for you" in page.inner_text("#between-hands")
    received.clear()
    page.wait_for_timeout(2500)  # more than two turn timers
    acted = [f for f in received if '"type": "auto"' in f or '"type": "decision"' in f]
    assert acted == [], acted
    assert player.app("phase") == "result"
    shot(page, "between_hands")

    assert not [f for f in sent if '"next_hand"' in f]
    page.click("#next-hand")
    page.wait_for_function("() => document.querySelector('#table-app').dataset.decision")
    assert len([f for f in sent if '"next_hand"' in f]) == 1
    # the first decision of the new hand: left alone, its timer runs out and the server plays
    page.wait_for_selector("#table-log li", timeout=5000)
    line = page.locator("#table-log li").first.inner_text()
    assert re.search(r"Time ran out: (discarded \d[mpsz]|passed)", line), line
    for _ in range(40):  # play on for 5 s, as a person would
        if player.app("decision") and player.app("phase") != "result":
            decision = player.app("decision")
            player.answer(win=False)
            player.wait_answered(decision)
        page.wait_for_timeout(125)
    assert page.locator("#table-log li").first.inner_text() == line
    assert page.locator("#table-log").is_visible()
    shot(page, "table_log")


# ---------------------------------------------------------------- the bots' strengths


def test_master_is_offered_with_its_thinking_time(player: Player) -> None:
    """Every strength the server plays is offered on the home form, master included, each with
    a line saying how it plays and how long it thinks; a table of master bots says so."""
    page = player.page
    player.home("Mia")
    levels = page.eval_on_selector_all("#p-level option", "os => os.map(o => o.value)")
    assert levels == ["beginner", "normal", "expert", "master"]
    normal_help = page.inner_text("#p-level-help")
    page.select_option("#p-level", "master")
    help_text = page.inner_text("#p-level-help")
    assert help_text != normal_help and re.search(r"\b1 s\b", help_text), help_text
    assert "1 s" in page.inner_text('#p-level option[value="master"]')
    player.choose("riichi")
    page.click("#play-bots")
    page.wait_for_selector("#table-app[data-state=table] #table .seat")
    assert "Bot 2 (master)" in page.inner_text("#table .board")


# ---------------------------------------------------------------- words for players

#: the text of what a page shows (closed <details> and hidden elements do not count), less the
#: rules pages' pattern id column (``all_pungs``: the scoring API's item ids, a few of which are
#: also option keys in Taiwan, eight_flowers and self_draw)
SHOWN_TEXT_JS = """() => {
  const hidden = [...document.querySelectorAll('table.patterns td:last-child code')];
  hidden.forEach(c => c.style.display = 'none');
  const text = document.body.innerText;
  hidden.forEach(c => c.style.display = '');
  return text;
}"""
#: every element a person reads as a label: form labels, options, table heads
LABELS_JS = """() => [...document.querySelectorAll('label, option, th, summary, h1, h2, h3, button')]
  .filter(e => e.offsetParent !== null || e.tagName === 'OPTION').map(e => e.textContent.trim())"""


def _option_keys(page: Any) -> dict[str, set[str]]:
    """Return each variant's option keys, from the home page's form facts."""
    meta = page.evaluate("() => JSON.parse(document.querySelector('#play-meta').textContent)")
    return {v: {o["name"] for o in d["options"]} for v, d in meta["variants"].items()}


def _no_key_shown(page: Any, keys: set[str], where: str) -> None:
    text = page.evaluate(SHOWN_TEXT_JS)
    shown = sorted(k for k in keys if "_" in k and re.search(rf"\b{k}\b", text))
    assert shown == [], f"{where} shows option keys {shown}"
    labels = set(page.evaluate(LABELS_JS))
    bare = sorted(keys & labels)
    assert bare == [], f"{where} labels options by their keys {bare}"


def test_no_option_key_is_shown_as_a_label(player: Player) -> None:
    """Every house rule on the home form, the calculators and the rules pages reads in player
    words with a line of help; no key (`double_wind_pair_fu`, `kiriage`) stands for a label."""
    page = player.page
    player.home("Kim")
    keys = _option_keys(page)
    assert {"kiriage", "double_wind_pair_fu", "abort_four_riichi"} <= keys["riichi"]
    page.click("#p-options summary")
    for variant in ("riichi", "hk", "hk2", "hkos", "taiwan", "sichuan"):
        page.select_option("#p-variant", variant)
        _no_key_shown(page, keys[variant], f"home ({variant})")
        fields = page.locator("#p-option-fields .field")
        assert fields.count() == page.locator("#p-option-fields .field .hint").count() > 0
    page.select_option("#p-variant", "riichi")
    assert "Round up to mangan" in page.inner_text("#p-option-fields")
    shot(page, "home_house_rules")
    for variant in ("riichi", "hk", "hk2", "hkos", "taiwan", "sichuan"):
        page.goto(f"{player.base_url}/calc/{variant}")
        page.click("details.options summary")
        _no_key_shown(page, keys[variant], f"/calc/{variant}")
        page.goto(f"{player.base_url}/rules/{variant}")
        _no_key_shown(page, keys[variant], f"/rules/{variant}")


def _make_room(page: Any, name: str, options: dict[str, Any]) -> str:
    """Make a guest ``name`` in this page's storage and a private room; return its code."""
    code: str = page.evaluate(
        """async ([name, options]) => {
      const post = async (path, body, token) => {
        const headers = {"Content-Type": "application/json"};
        if (token) headers.Authorization = `Bearer ${token}`;
        const r = await fetch(path, {method: "POST", headers, body: JSON.stringify(body)});
        return r.json();
      };
      const me = await post("/api/players", {name});
      localStorage.setItem("majiang.player", JSON.stringify({id: me.id, name, token: me.token}));
      return (await post("/api/rooms", options, me.token)).code;
    }""",
        [name, options],
    )
    return code


def test_an_invitation_says_who_what_and_the_seats(browser: Any, base_url: str) -> None:
    host, guest_, late = (Player(browser, base_url) for _ in range(3))
    try:
        host.page.goto(f"{base_url}/")
        code = _make_room(host.page, "Hana", {"variant": "hkos", "length": "east"})
        host.page.goto(f"{base_url}/play/{code}")
        host.page.wait_for_selector("#room-summary")
        summary = host.page.inner_text("#room-summary")
        assert summary == "Hong Kong Old Style · East round · Bots: Normal", summary

        # a friend with no name yet: whose table, what game, which seats, before the name
        guest_.page.goto(f"{base_url}/play/{code}")
        guest_.page.wait_for_selector("#identity:not([hidden]) #invite-host")
        invite = guest_.page.inner_text("#invite-host")
        assert "Hana" in invite and "Hong Kong Old Style" in invite and "East round" in invite
        seats = guest_.page.eval_on_selector_all(
            "#invite-seats li", "ls => ls.map(l => l.textContent)"
        )
        assert len(seats) == 4 and "Hana" in seats[0] and all("free" in s for s in seats[1:])
        assert guest_.page.locator("#identity-form").is_visible()
        shot(guest_.page, "invitation")

        # once started, someone late sees the game but no seat form he cannot use
        host.page.click("#start-game")
        host.page.wait_for_selector("#table-app[data-state=table]")
        late.page.goto(f"{base_url}/play/{code}")
        late.page.wait_for_selector("#invite-late")
        assert late.page.locator("#identity-form").is_hidden()
        assert "already started" in late.page.inner_text("#invite-late")
        shot(late.page, "invitation_late")
    finally:
        for p in (host, guest_, late):
            p.close()


# ---------------------------------------------------------------- each variant's table, two sizes

FITS_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"

#: FITS_JS at the first frame of a discard sliding into the right seat's pond from the right
#: (the slide's start lies past the screen's edge; a page measured then once scrolled sideways)
SLIDING_JS = """() => {
  const pond = document.querySelector('.seat.pos-right .pond');
  const cells = [0, 1, 2, 3, 4, 5].map((i) => {
    const cell = document.createElement('span');
    cell.className = i === 0 ? 'pond-cell fresh' : 'pond-cell';  // a full first row, its last new
    cell.append(document.querySelector('#hand svg').cloneNode(true));
    pond.prepend(cell);
    return cell;
  });
  const slides = document.getAnimations();
  slides.forEach((a) => { a.pause(); a.currentTime = 0; });
  const fits = [document.documentElement.scrollWidth, window.innerWidth, slides.length];
  slides.forEach((a) => a.finish());
  cells.forEach((cell) => cell.remove());
  return fits;
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("variant", ["riichi", "hk", "hk2", "hkos", "taiwan", "sichuan"])
def test_each_variant_s_table_at_both_sizes(
    browser: Any, base_url: str, variant: str, size: tuple[int, int]
) -> None:
    """The table of every variant on a desktop and on a phone: nothing scrolls sideways, the
    hand's tiles are at least 40 px high (touch targets), and a screenshot of each goes to
    build/screenshots/ (README, "The server and the browser")."""
    p = Player(browser, base_url, viewport=size)
    try:
        p.practice("Sho", variant)
        assert p.wait_ready() == "decision"
        width, inner = p.page.evaluate(FITS_JS)
        assert width <= inner == size[0], (width, inner)
        heights = p.page.eval_on_selector_all(
            "#hand .hand-tile", "bs => bs.map(b => b.getBoundingClientRect().height)"
        )
        tiles = p.page.eval_on_selector_all(
            "#hand .hand-tile svg", "ts => ts.map(t => t.getBoundingClientRect().height)"
        )
        assert len(tiles) >= 13 and min(tiles) >= 40 and min(heights) >= 40, (tiles, heights)
        rights = p.page.eval_on_selector_all(
            "#hand .hand-tile", "bs => bs.map(b => b.getBoundingClientRect().right)"
        )
        assert max(rights) <= size[0]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        p.page.screenshot(path=str(SCREENSHOTS / f"table_{variant}_{size[0]}x{size[1]}.png"))
    finally:
        p.close()


def test_the_table_pages_fit_360_px(browser: Any, base_url: str) -> None:
    """360 px wide: the lobby, the table at a decision and as a discard slides in, a hand's
    result, the final standings."""
    p = Player(browser, base_url, viewport=(360, 740))
    page = p.page
    try:
        p.home("Tia")
        p.choose("taiwan")  # the longest hand: 16 tiles and the drawn one
        page.click("#make-room")
        page.wait_for_selector("#table-app[data-state=lobby] #share-link")
        width, inner = page.evaluate(FITS_JS)
        assert width <= inner == 360, ("lobby", width, inner)
        page.click("#start-game")
        assert p.wait_ready() == "decision"
        width, inner = page.evaluate(FITS_JS)
        assert width <= inner == 360, ("table", width, inner)
        width, inner, slides = page.evaluate(SLIDING_JS)
        assert slides and width <= inner == 360, ("a discard sliding in", width, inner, slides)
        shot(page, "360_table")
        p.play_until_result()
        width, inner = page.evaluate(FITS_JS)
        assert width <= inner == 360, ("result", width, inner)
        shot(page, "360_result")
        page.click("#next-hand")
        page.wait_for_selector("#final:not([hidden]) table.standings")
        width, inner = page.evaluate(FITS_JS)
        assert width <= inner == 360, ("final", width, inner)
        # Play again, Replay this game, Your games: three buttons alike, not two plain words
        page.wait_for_selector("#final #replay-link")
        drawn = page.eval_on_selector_all(
            "#final .buttons a",
            "as => as.map(a => [a.id, getComputedStyle(a).borderTopStyle, a.offsetHeight])",
        )
        assert [a[0] for a in drawn] == ["play-again", "replay-link", "history-link"]
        assert {(style, height) for _, style, height in drawn} == {("solid", drawn[0][2])}, drawn
    finally:
        p.close()


# ---------------------------------------------------------------- results that explain everything

#: a riichi hand (shared/rules/riichi.md) as the server sends it: East (seat 0, the dealer)
#: declared riichi (a 1000 stick to the table) and won by self-draw with riichi, menzen tsumo and
#: one ura dora: 3 han; fu 20 base + 4 (a pair of East, seat and round wind) + 2 (tsumo) = 26,
#: rounded up to 30. Base points 30 x 2^(2+3) = 960; a dealer's self-draw is 2 x 960 = 1920 from
#: each, rounded up to 2000; the stick comes back to the winner: 6000 + 1000 = 7000.
RIICHI_HAND = [
    started(),
    {"type": "riichi_declared", "seat": 0, "double": False},
    moved([-1000, 0, 0, 0], reason="riichi", sticks=1, stick_value=1000),
    won(
        0,
        None,
        "9p",
        "678m456789p789s11z",
        {
            "unit": "han",
            "total": 3,
            "items": [
                {"id": "riichi", "name": "Riichi", "value": 1},
                {"id": "menzen_tsumo", "name": "Menzen tsumo", "value": 1},
                {"id": "ura_dora", "name": "Ura dora", "value": 1},
            ],
            "fu": 30,
            "fu_items": [
                {"id": "base", "value": 20},
                {"id": "double_wind_pair", "value": 4},
                {"id": "tsumo", "value": 2},
            ],
            "points": {
                "total": 7000,
                "payers": [
                    {"from": "non_dealer", "amount": 2000},
                    {"from": "non_dealer", "amount": 2000},
                    {"from": "non_dealer", "amount": 2000},
                    {"from": "riichi_sticks", "amount": 1000},
                ],
            },
        },
        ura_indicators="3p",
    ),
    moved([7000, -2000, -2000, -2000], sticks=-1, stick_value=1000),
    ended("win", [31000, 23000, 23000, 23000], [0]),
]

#: the words a table page carries (web/words.py table_words: payment reasons, suits ...), given
#: to the home page this renders on before table_view.js is first imported
RENDER_JS = """async (events) => {
  if (!document.querySelector('#table-words')) {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'table-words';
    el.textContent = JSON.stringify(WORDS);
    document.body.append(el);
  }
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(1, 4, 'riichi');
  events.forEach((e) => model.applyEvent(m, e));
  const ui = {welcome: {players: [null, 'Ann', null, null]}, room: {bot_level: 'normal'}, model: m};
  const box = document.createElement('section');
  box.id = 'result-test';
  box.innerHTML = view.renderResult(ui, m);
  document.body.append(box);
}""".replace("WORDS", json.dumps(table_words()))


def test_a_result_shows_the_riichi_stick_fu_rounding_and_names(player: Player) -> None:
    """The result of RIICHI_HAND drawn by the table's own modules: the stick East paid has its
    column (Before is the 25000 the hand started with, not 24000), the fu items' sum (26) and
    the fu rounded up to 30, and each payment line names its payer."""
    page = player.page
    page.goto(f"{player.base_url}/")
    page.evaluate(RENDER_JS, RIICHI_HAND)
    rows = page.eval_on_selector_all(
        "#result-test table.score-change tbody tr",
        "rs => rs.map(r => [...r.querySelectorAll('td')].map(t => t.textContent))",
    )
    assert rows == [
        ["25,000", "-1,000", "+7,000", "31,000"],
        ["25,000", "", "-2,000", "23,000"],
        ["25,000", "", "-2,000", "23,000"],
        ["25,000", "", "-2,000", "23,000"],
    ]
    heads = page.eval_on_selector_all(
        "#result-test table.score-change thead th", "ts => ts.map(t => t.textContent)"
    )
    assert heads == ["Seat", "Before", "Riichi stick", "Change", "After"]
    fu = page.eval_on_selector_all(
        "#result-test table.fu tfoot tr",
        "rs => rs.map(r => [...r.querySelectorAll('th, td')].map(c => c.textContent))",
    )
    assert fu == [["20 + 4 + 2 = 26 → 30, rounded up to a ten"], ["Fu", "30"]]
    payers = page.eval_on_selector_all(
        "#result-test table.payers tbody tr",
        "rs => rs.map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent])",
    )
    assert payers == [
        ["Ann (you)", "2,000"],
        ["Bot 3 (normal)", "2,000"],
        ["Bot 4 (normal)", "2,000"],
        ["Riichi sticks on the table", "1,000"],
    ]


def _render(page: Any, events: list[dict[str, Any]], variant: str) -> None:
    page.evaluate(
        RENDER_JS.replace("'riichi'", f"'{variant}'"),
        events,
    )


def test_a_result_names_taiwan_s_dealer_tai_and_the_draw_payments(player: Player) -> None:
    """Taiwan (shared/rules/taiwan.md, the calculator's hand of test_web_browser): South wins
    3 tai on East's discard; East deals with a streak of 1, so 2 x 1 + 1 = 3 dealer tai are in
    East's 9 (3 base + 3 tai + 3 dealer tai): the line says so. A riichi exhaustive draw with
    one seat ready: the noten payments are listed by name."""
    page = player.page
    page.goto(f"{player.base_url}/play/none")  # a table page: the words read by key come with it
    taiwan = [
        started(honba=1, scores=0),
        won(
            1,
            0,
            "7s",
            "123m456m789m234p567s99s",
            {
                "unit": "tai",
                "total": 3,
                "items": [
                    {"id": "closed_hand", "name": "Closed hand", "value": 1},
                    {"id": "all_chows", "name": "All chows", "value": 2},
                ],
                "dealer_tai": 3,
                "points": {"total": 9, "payers": [{"from": "E", "amount": 9}]},
            },
        ),
        moved([-9, 9, 0, 0]),
        ended("win", [-9, 9, 0, 0], [1]),
    ]
    _render(page, taiwan, "taiwan")
    payers = page.eval_on_selector_all(
        "#result-test table.payers tbody th", "ts => ts.map(t => t.textContent)"
    )
    assert payers == ["Bot 1 (normal), dealer (with 3 dealer tai)"]
    page.evaluate("() => document.querySelector('#result-test').remove()")
    draw = [
        started(),
        {"type": "hand_revealed", "seat": 0, "tiles": "123m456p789s1122z", "ready": True},
        moved([3000, -1000, -1000, -1000], reason="noten"),
        ended("exhaustive_draw", [28000, 24000, 24000, 24000], [], reason="", ready=[0]),
    ]
    _render(page, draw, "riichi")
    lines = page.eval_on_selector_all("#other-payments li", "ls => ls.map(l => l.textContent)")
    assert lines == [
        "Payments at the draw (ready / not ready): Bot 1 (normal) +3,000, Ann (you) -1,000, "
        "Bot 3 (normal) -1,000, Bot 4 (normal) -1,000"
    ]


def test_a_reload_between_hands_still_offers_next_hand(player: Player) -> None:
    """A browser that lost its copy of the table comes back between hands: no result to show,
    but the wait is this seat's, so *Next hand* is offered by the hand and starts the hand."""
    page = player.page
    _own_practice(player, "Rin", variant="riichi", length="east", bot_level="simple")
    for _ in range(10):
        if player.wait_ready() == "result":
            break
        player.play_until_result(win=False)
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('majiang.room.'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    page.reload()
    page.wait_for_selector("#actions #next-hand")
    assert player.app("decision") == ""
    assert "waits for you" in page.inner_text("#actions")
    page.click("#actions #next-hand")
    assert player.wait_ready() == "decision"


def test_a_private_room_takes_its_wait_between_hands_from_the_form(player: Player) -> None:
    page = player.page
    player.home("Ren")
    assert page.eval_on_selector_all("#p-next option", "os => os.map(o => o.value)") == [
        "60",
        "120",
        "0",
    ]
    assert "Next hand" in page.inner_text("#p-next-help")
    page.select_option("#p-next", "0")
    page.click("#make-room")
    page.wait_for_selector("#table-app[data-state=lobby] #room-code")
    code = page.inner_text("#room-code")
    options = page.evaluate(
        "async (code) => (await (await fetch(`/api/rooms/${code}`)).json()).options", code
    )
    assert options["next_hand_seconds"] == 0

"""The table as players expect it, in real Chromium (Debian's, through Playwright): the seats at
their sides and yours at the bottom (by the elements' boxes on the screen), the centre with the
wall, the dora and the winds, the seat to act marked, the table's settings (each one acting on a
decision), waits and furiten, dora and red fives marked, the rules panel opened at the table,
nothing wider than a 360 px screen, and no movement under ``prefers-reduced-motion``.

Decisions the settings answer are hard to meet by chance in a game against bots (a riichi with
the drawn tile to play, a pon offered): those tests hand the page a ``decision`` frame through its
own websocket listener, exactly as the server writes one (docs/protocol.md), and catch what the
page sends back instead of letting it reach the server.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from majiang.readiness import waits as engine_waits
from majiang.tiles import counts34, format_tiles, parse_tiles
from test_table_support import CHROMIUM, Player, shot

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
    pytest.mark.timeout(150),
]


@pytest.fixture
def player(browser: Any, base_url: str) -> Iterator[Player]:
    p = Player(browser, base_url, viewport=(1280, 800))
    yield p
    p.close()


BOX_JS = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
}"""


def box(page: Any, selector: str) -> dict[str, float]:
    """The element's box on the screen (fails the test when it is not there)."""
    found: dict[str, float] | None = page.evaluate(BOX_JS, selector)
    assert found is not None, f"{selector} is not on the page"
    return found


#: hands the page's frame goes through: the server's frames are handed to the page's own
#: websocket listener; what the page sends is kept in ``ui.sent`` and not sent
CAPTURE_JS = """() => {
  const ui = window.majiangTable;
  ui.sent = [];
  ui.ws.send = (text) => ui.sent.push(JSON.parse(text));
}"""
FRAME_JS = """(frame) => window.majiangTable.ws.dispatchEvent(
  new MessageEvent('message', {data: JSON.stringify(frame)}))"""
SENT_JS = "() => window.majiangTable.sent.filter(f => f.type === 'action')"


def decision(page: Any, number: int, actions: list[dict[str, Any]]) -> None:
    """Hand the page a decision frame of this seat, number ``number``, offering ``actions``."""
    seat = page.evaluate("() => window.majiangTable.model.seat")
    page.evaluate(
        FRAME_JS,
        {
            "type": "decision",
            "decision": number,
            "seat": seat,
            "actions": actions,
            "default": actions[0],
            "timeout_ms": None,
        },
    )


def set_setting(page: Any, key: str, on: bool) -> None:
    """Open the settings and set one of them (the panel stays open)."""
    if not page.locator("#table-settings").evaluate("d => d.open"):
        page.click("#table-settings summary")
    box_ = page.locator(f"#set-{key}")
    if box_.is_checked() != on:
        box_.click()


def sent_after(page: Any, wait_ms: int) -> list[dict[str, Any]]:
    """The actions the page sent, after waiting ``wait_ms`` (longer than its 350 ms pause)."""
    page.wait_for_timeout(wait_ms)
    sent: list[dict[str, Any]] = page.evaluate(SENT_JS)
    return sent


# ---------------------------------------------------------------- the layout


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_each_seat_sits_at_its_side_and_the_centre_shows_the_round(
    browser: Any, base_url: str, size: tuple[int, int]
) -> None:
    """Your hand below the centre, the seat after you to its right, the one across above it,
    the one before you to its left (seats turn counter-clockwise: East, South, West, North);
    the others' hands face down, as many backs as tiles; the centre shows the wall count the
    model holds, the dora indicator and each seat's wind; at your turn your seat is marked."""
    p = Player(browser, base_url, viewport=size)
    page = p.page
    try:
        p.practice("Ada", "riichi")
        assert p.wait_ready() == "decision"
        me = page.evaluate("() => window.majiangTable.model.seat")
        hand = box(page, "#hand")
        centre = box(page, "#table-center")
        right = box(page, f'.seat[data-seat="{(me + 1) % 4}"]')
        top = box(page, f'.seat[data-seat="{(me + 2) % 4}"]')
        left = box(page, f'.seat[data-seat="{(me + 3) % 4}"]')
        assert hand["top"] >= centre["bottom"], (hand, centre)
        assert top["bottom"] <= centre["top"], (top, centre)
        assert left["right"] <= centre["left"], (left, centre)
        assert right["left"] >= centre["right"], (right, centre)
        assert left["bottom"] <= hand["top"] and right["bottom"] <= hand["top"]
        # your tiles are yours only: the hand is inside your own seat, at the bottom
        assert page.locator(f'.seat.pos-bottom[data-seat="{me}"] #hand').count() == 1
        model = p.model()
        if size[0] > 700:  # a phone shows the count alone
            for s in model["seats"]:
                if s["seat"] != me:
                    backs = page.locator(f'.seat[data-seat="{s["seat"]}"] .backs svg.tile')
                    assert backs.count() == s["concealed"] == 13
        assert page.locator(".seat:not(.me) .seat-hand svg.tile:not([data-tile=back])").count() == 0
        # the centre: the wall the model counts (136 - 14 dead wall - 53 dealt = 69), the dora
        # indicator, the round, the four winds at their sides
        assert page.get_attribute("#wall-count", "data-wall") == str(model["wall_left"]) == "69"
        assert page.locator("#center-dora svg.tile").count() == len(model["indicators"]) == 1
        assert page.inner_text("#round-label") == "East 1"
        winds = page.eval_on_selector_all(
            "#table-center .ct-side", "ss => ss.map(s => [s.dataset.seat, s.innerText])"
        )
        assert sorted(int(s) for s, _ in winds) == [0, 1, 2, 3]
        for seat, text in winds:
            assert text.split()[0] == model["seats"][int(seat)]["wind"]
        bottom_side = box(page, f'#table-center .ct-side[data-seat="{me}"]')
        top_side = box(page, f'#table-center .ct-side[data-seat="{(me + 2) % 4}"]')
        assert bottom_side["top"] > top_side["bottom"]
        # your move: your seat and your side of the centre are marked, no other
        assert page.eval_on_selector_all(".seat.turn", "ss => ss.map(s => s.dataset.seat)") == [
            str(me)
        ]
        assert page.eval_on_selector_all(
            "#table-center .ct-side.act", "ss => ss.map(s => s.dataset.seat)"
        ) == [str(me)]
        assert page.inner_text("#to-act") == "Your move"
        width, inner = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert width <= inner == size[0]
        shot(page, f"layout_{size[0]}")
    finally:
        p.close()


#: your seat's hand at the end: its tiles' width, how many, and the space left below them
YOUR_HAND_JS = """() => {
  const seat = document.querySelector('#table .seat.me');
  const tiles = [...seat.querySelectorAll('.seat-hand svg.tile')];
  const last = tiles.length ? tiles[tiles.length - 1].getBoundingClientRect() : null;
  return {
    playable: document.querySelectorAll('#hand').length,
    tiles: tiles.length,
    width: tiles.length ? tiles[0].getBoundingClientRect().width : 0,
    below: last ? seat.getBoundingClientRect().bottom - last.bottom : null,
  };
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_final_standings_show_your_last_hand_as_the_result_did(
    browser: Any, base_url: str, size: tuple[int, int]
) -> None:
    """The game over, the table under the final standings is finished: your hand face up and
    small as the hand's result drew it (not the big tiles of a hand still to play), nothing
    to click, no room kept below it for buttons, no keys to play with."""
    p = Player(browser, base_url, viewport=size)
    page = p.page
    try:
        p.practice("Ada", "riichi")
        p.play_until_result()
        at_result = page.evaluate(YOUR_HAND_JS)
        page.click("#next-hand")
        page.wait_for_selector("#final:not([hidden]) table.standings")
        at_end = page.evaluate(YOUR_HAND_JS)
        model = p.model()
        held = len(model["hand"]) + (1 if model.get("drawn") else 0)
        assert at_end["playable"] == 0, at_end
        assert at_end["tiles"] == at_result["tiles"] == held, (at_end, at_result, held)
        assert at_end["width"] == at_result["width"], (at_end, at_result)
        # the seat's padding only under the last row of tiles
        assert 0 <= at_end["below"] <= 12, at_end
        assert not page.locator(".table-foot .muted").is_visible()
        width, inner = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert width <= inner == size[0]
        shot(page, f"final_{size[0]}")
    finally:
        p.close()


MODEL_JS = """async ([turn, phase]) => {
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(0, 4, 'riichi');
  model.applyEvent(m, {type: 'hand_started', hand: 0, round_wind: 0, dealer: 0, honba: 0,
    sticks: 0, scores: [25000, 25000, 25000, 25000]});
  m.dealing = false;
  m.turn = turn;
  m.phase = phase;
  const box = document.createElement('div');
  box.innerHTML = view.boardHtml({welcome: {players: []}}, m, {frozen: false});
  return {
    seats: [...box.querySelectorAll('.seat.turn')].map(s => s.dataset.seat),
    sides: [...box.querySelectorAll('.ct-side.act')].map(s => s.dataset.seat),
    pos: box.querySelector(`.seat[data-seat="${turn}"]`).dataset.pos,
  };
}"""


@pytest.mark.parametrize(
    ("turn", "pos"), [(1, "right"), (2, "top"), (3, "left")], ids=["right", "top", "left"]
)
def test_the_seat_to_play_is_marked_wherever_it_sits(player: Player, turn: int, pos: str) -> None:
    """The table's own drawing of a model where another seat is to play: that seat (at its
    side) and its side of the centre are marked, and only they; after the game, nobody."""
    player.page.goto(f"{player.base_url}/play/none")
    marked = player.page.evaluate(MODEL_JS, [turn, "turn"])
    assert marked == {"seats": [str(turn)], "sides": [str(turn)], "pos": pos}
    over = player.page.evaluate(MODEL_JS, [turn, "game_over"])
    assert over["seats"] == [] and over["sides"] == []


# ---------------------------------------------------------------- the settings


def test_auto_discard_after_riichi_plays_the_drawn_tile(player: Player) -> None:
    """In riichi, offered only the drawn tile: nothing happens with the setting off; turned on,
    the page discards the drawn tile by itself. Offered a self-drawn win as well, it waits."""
    page = player.page
    player.practice("Rin", "riichi")
    assert player.wait_ready() == "decision"
    page.evaluate(CAPTURE_JS)
    drawn = page.evaluate(
        "() => { const m = window.majiangTable.model; m.seats[m.seat].riichi = true; return m.drawn; }"
    )
    assert drawn
    only = [{"type": "discard", "tile": drawn, "riichi": False}]
    decision(page, 901, only)
    assert sent_after(page, 1200) == []
    set_setting(page, "autoRiichi", True)
    page.wait_for_function(f"() => ({SENT_JS})().length === 1")
    sent = page.evaluate(SENT_JS)
    assert sent[0]["action"] == only[0] and sent[0]["decision"] == 901
    decision(page, 902, [{"type": "tsumo"}, *only])
    assert sent_after(page, 1200) == sent  # a win offered: the player decides
    # kept for this player: after a reload the box is still ticked
    page.reload()
    page.wait_for_selector("#table-app[data-state=table]")
    assert page.locator("#set-autoRiichi").is_checked()
    assert not page.locator("#set-noCalls").is_checked()


def test_no_calls_passes_call_offers_and_auto_win_takes_wins(player: Player) -> None:
    """A pon offered on a discard: left to the player by default; with *No calls* the page
    passes. A win offered is never passed by *No calls*; *Win automatically* takes it."""
    page = player.page
    player.practice("Nia", "riichi")
    assert player.wait_ready() == "decision"
    page.evaluate(CAPTURE_JS)
    offer = [{"type": "pass"}, {"type": "pon", "tiles": "55p"}]
    decision(page, 801, offer)
    assert page.locator('#actions button[data-action="pon"]').count() == 1
    assert sent_after(page, 1200) == []
    set_setting(page, "noCalls", True)
    page.wait_for_function(f"() => ({SENT_JS})().length === 1")
    assert page.evaluate(SENT_JS)[0]["action"] == {"type": "pass"}
    decision(page, 802, [{"type": "pass"}, {"type": "kan", "tiles": "555p"}, *offer[1:]])
    page.wait_for_function(f"() => ({SENT_JS})().length === 2")
    second = page.evaluate(SENT_JS)[1]
    assert second["decision"] == 802 and second["action"] == {"type": "pass"}
    win = [{"type": "pass"}, {"type": "ron"}]
    decision(page, 803, win)
    assert len(sent_after(page, 1200)) == 2  # no calls does not pass a win
    set_setting(page, "autoWin", True)
    page.wait_for_function(f"() => ({SENT_JS})().length === 3")
    assert page.evaluate(SENT_JS)[2]["action"] == {"type": "ron"}


CONCEALED_JS = (
    "() => [...document.querySelectorAll('#hand .hand-tile:not(.drawn)')].map(b => b.dataset.tile)"
)
SORTED_JS = """async (tiles) => (await import('/static/notation.js')).sortTiles(tiles)"""


def test_sort_hand_off_keeps_each_new_tile_at_the_right_end(player: Player) -> None:
    """Sorted (the default), the hand is in order. Turned off, a discard takes the tile out and
    the tile drawn before joins at the right end, where it stays: the order shown is the order
    before, less the discard, plus the drawn tile (checked until that differs from sorting)."""
    page = player.page
    player.practice("Sol", "riichi", length="east")
    assert player.wait_ready() == "decision"
    concealed = page.evaluate(CONCEALED_JS)
    assert concealed == page.evaluate(SORTED_JS, concealed)
    set_setting(page, "sort", False)
    page.click("#table-settings summary")  # closed again: the hand is clicked below it
    differed = 0
    for _ in range(40):
        state = player.wait_ready()
        if state != "decision":
            break
        offered = player.offered()
        drawn = page.locator('#hand .hand-tile.drawn[data-legal="true"]')
        if "pass" in offered or not drawn.count():
            number = player.app("decision")
            player.answer(win=False)
            player.wait_answered(number)
            continue
        before = page.evaluate(CONCEALED_JS)
        new = drawn.get_attribute("data-tile")
        # the first tile of the hand, whatever it is: a copy of the drawn tile leaves from the
        # hand (from_hand), and the drawn one joins at the right end like any other
        first = page.locator('#hand .hand-tile:not(.drawn)[data-legal="true"]').first
        out = first.get_attribute("data-tile")
        pond = page.locator(".seat.me .pond-cell").count()
        number = player.app("decision")
        first.click()  # Playwright waits until the tile stands still (a tap could hit a neighbour)
        player.wait_answered(number)
        expected = list(before)
        expected.remove(out)
        expected.append(new)
        page.wait_for_function(  # the discard is drawn: in the pond, and out of the hand
            "n => document.querySelectorAll('.seat.me .pond-cell').length > n", arg=pond
        )
        shown = page.evaluate(CONCEALED_JS)
        assert shown == expected, (before, out, new, shown)
        if shown != page.evaluate(SORTED_JS, shown):
            differed += 1
            if differed >= 2:
                break
    assert differed >= 1, "every new tile happened to sort last: no case told the orders apart"
    set_setting(page, "sort", True)
    shown = page.evaluate(CONCEALED_JS)
    assert shown == page.evaluate(SORTED_JS, shown)


# ---------------------------------------------------------------- waits, furiten, marks

WAITS_JS = """async ([hand, forms]) => {
  const w = await import('/static/waits.js');
  const tiles = (await import('/static/notation.js')).parseTiles(hand);
  return w.waits(tiles, forms).map(w.kindName).join('');
}"""

#: hands and waits worked by hand (shared/rules/riichi.md's forms; the nine gates wait on all
#: nine; seven pairs waits on its single; thirteen orphans with all thirteen waits on each)
HANDS = [
    ("1112345678999m", ("seven_pairs", "thirteen_orphans"), "123456789m"),
    ("1133557799m11p3s", ("seven_pairs", "thirteen_orphans"), "3s"),
    ("19m19p19s1234567z", ("seven_pairs", "thirteen_orphans"), "19m19p19s1234567z"),
    ("123m456p789s1122z", (), "12z"),
    ("1111m", (), ""),  # the fifth 1m does not exist: 1111m waits for nothing
    ("23m55p", (), "14m"),  # an open-ended pair of sides and a pair
    ("1133557799m11p3s", (), ""),  # seven pairs not allowed
]


def test_waits_in_the_browser_agree_with_the_worked_hands_and_the_engine(player: Player) -> None:
    """waits.js against hands worked by hand, then against majiang.readiness (the engine's own)
    on 200 random ready-or-not 13-tile hands of every variant's forms."""
    page = player.page
    page.goto(f"{player.base_url}/play/none")
    for hand, forms, expected in HANDS:
        got = page.evaluate(WAITS_JS, [hand, list(forms)])
        assert (format_tiles(parse_tiles(got)) if got else "") == expected, (hand, got)
    rng = random.Random(27)
    form_sets = [("seven_pairs", "thirteen_orphans"), ("thirteen_orphans",), ("seven_pairs_quads",)]
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    cases = []
    for _, forms in zip(range(200), itertools.cycle(form_sets), strict=False):
        suits = rng.choice([kinds[:9], kinds[:18], kinds])  # flushes are ready more often
        wall = [k for k in suits for _ in range(4)]
        tiles = rng.sample(wall, 13)
        cases.append((tiles, forms))
    got_all = page.evaluate(
        """async (cases) => {
      const w = await import('/static/waits.js');
      return cases.map(([tiles, forms]) => w.waits(tiles, forms).map(w.kindName).join(''));
    }""",
        [[t, list(f)] for t, f in cases],
    )
    ready = 0
    for (tiles, forms), got in zip(cases, got_all, strict=True):
        want = format_tiles(engine_waits(counts34(parse_tiles("".join(tiles))), forms))
        assert (format_tiles(parse_tiles(got)) if got else "") == want, (tiles, forms)
        ready += bool(want)
    assert ready >= 10  # the comparison met ready hands, not only empty answers


MARKS_JS = """async ([river, furiten, drawn]) => {
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(0, 4, 'riichi');
  model.applyEvent(m, {type: 'hand_started', hand: 0, round_wind: 0, dealer: 1, honba: 0,
    sticks: 0, scores: [25000, 25000, 25000, 25000]});
  model.applyEvent(m, {type: 'dealt', seat: 0, tiles: '123m406p789s1122z', count: 13});
  model.applyEvent(m, {type: 'indicator_revealed', tile: '4p'});
  m.dealing = false;
  m.seats[0].river = river.map((t) => ({tile: t, tsumogiri: false, riichi: false, claimed: false}));
  m.turn = drawn ? 0 : 1;
  m.drawn = drawn || null;
  const rules = JSON.parse(document.querySelector('#table-rules').textContent);
  const discards = [...m.hand, ...(drawn ? [drawn] : [])].map(
    (t) => ({type: 'discard', tile: t, riichi: false}));
  const ui = {welcome: {players: []}, settings: {marks: true, waits: true, sort: true},
    variantRules: rules, furiten: furiten, model: m, riichiMode: false,
    decision: drawn ? {decision: 1, actions: discards} : null};
  const box = document.createElement('div');
  box.innerHTML = view.render(ui, m, {frozen: false});
  return {
    dora: [...box.querySelectorAll('#hand .hand-tile.dora')].map(b => b.dataset.tile),
    red: [...box.querySelectorAll('#hand .hand-tile.red')].map(b => b.dataset.tile),
    waits: [...box.querySelectorAll('#waits svg.tile')].map(t => t.dataset.tile),
    furiten: Boolean(box.querySelector('#furiten')),
    keeps: [...box.querySelectorAll('#hand .hand-tile.keeps-ready')].map(b => b.dataset.tile),
  };
}"""


def test_dora_red_fives_waits_and_furiten_in_your_hand(player: Player) -> None:
    """123m 406p 789s 11z 22z with the dora indicator 4p: the dora is 5p, so the 5p and the
    red five 0p are dora, the 0p also red; the hand waits on 1z and 2z (a pair and a pung to
    be: shanpon). Furiten when a wait lies in your own pond, or after letting a winning tile
    pass (the page's note of it), not otherwise."""
    page = player.page
    page.goto(f"{player.base_url}/play/none")
    plain = page.evaluate(MARKS_JS, [["9m"], {"temp": False, "riichi": False}, None])
    assert plain == {
        "dora": ["0p"],
        "red": ["0p"],
        "waits": ["1z", "2z"],
        "furiten": False,
        "keeps": [],
    }
    # at your turn with 3z drawn: only its discard keeps the hand ready (any other leaves
    # 3z single beside the two pairs), marked on the tile; the waits line waits for 13 tiles
    turn = page.evaluate(MARKS_JS, [["9m"], {"temp": False, "riichi": False}, "3z"])
    assert turn["keeps"] == ["3z"] and turn["waits"] == []
    own = page.evaluate(MARKS_JS, [["9m", "2z"], {"temp": False, "riichi": False}, None])
    assert own["furiten"] is True
    passed = page.evaluate(MARKS_JS, [["9m"], {"temp": True, "riichi": False}, None])
    assert passed["furiten"] is True


CRAFT_JS = """async () => {
  const model = await import('/static/model.js');
  const ui = window.majiangTable;
  const m = model.emptyModel(ui.model.seat, 4, 'riichi');
  model.applyEvent(m, {type: 'hand_started', hand: 0, round_wind: 0, dealer: (ui.model.seat + 1) % 4,
    honba: 0, sticks: 0, scores: [25000, 25000, 25000, 25000]});
  model.applyEvent(m, {type: 'dealt', seat: ui.model.seat, tiles: '123m406p789s1122z', count: 13});
  m.dealing = false;
  m.wall_left = 60;
  m.seq = ui.model.seq;
  m.game = ui.model.game;
  ui.model = m;
  ui.decision = null;
  ui.furiten = {temp: false, riichi: false};
  return [m.seat, m.seq];
}"""


def test_furiten_follows_the_winning_tiles_let_pass(player: Player) -> None:
    """The page's own note of furiten, fed events as the server sends them, on a riichi hand
    ready on 1z and 2z: another seat's 1z let pass makes it furiten until this seat's next
    discard (riichi's temporary furiten), not its draw; in riichi, a 2z let pass makes it
    furiten for the rest of the hand, past this seat's own discards."""
    page = player.page
    player.practice("Fu", "riichi")
    assert player.wait_ready() == "decision"
    page.evaluate(CAPTURE_JS)
    me, seq = page.evaluate(CRAFT_JS)
    other = (me + 1) % 4
    numbers = itertools.count(seq + 1)

    def event(**e: Any) -> None:
        page.evaluate(FRAME_JS, {"type": "event", "seq": next(numbers), "event": e})

    def furiten() -> bool:
        # the page draws on a timer queued by the event: a later timer runs after it
        page.evaluate("() => new Promise((done) => setTimeout(done, 10))")
        assert page.locator("#ready-line").count() == 1
        return bool(page.locator("#furiten").count())

    event(type="discarded", seat=other, tile="9p", tsumogiri=False, riichi=False)
    assert not furiten()
    event(type="discarded", seat=other, tile="1z", tsumogiri=False, riichi=False)
    assert furiten()
    event(type="drew", seat=me, tile="9m", replacement=False)
    event(type="discarded", seat=me, tile="9m", tsumogiri=True, riichi=False)
    assert not furiten()
    page.evaluate("() => { const m = window.majiangTable.model; m.seats[m.seat].riichi = true; }")
    event(type="discarded", seat=other, tile="2z", tsumogiri=False, riichi=False)
    assert furiten()
    event(type="drew", seat=me, tile="8m", replacement=False)
    event(type="discarded", seat=me, tile="8m", tsumogiri=True, riichi=False)
    assert furiten()
    assert page.evaluate("() => window.majiangTable.furiten") == {"temp": False, "riichi": True}


# ---------------------------------------------------------------- rules, sounds, motion, 360 px


def test_the_rules_open_at_the_table_and_nothing_scrolls_sideways_at_360(
    browser: Any, base_url: str
) -> None:
    """At 360 px: the table, its settings open, and the rules panel (the variant's own rules
    page, fetched into a dialog over the table) are no wider than the screen; closing the
    panel leaves the table as it was."""
    p = Player(browser, base_url, viewport=(360, 740))
    page = p.page
    fits = "() => document.documentElement.scrollWidth <= innerWidth"
    try:
        p.practice("Ruy", "hk")
        assert p.wait_ready() == "decision"
        assert page.evaluate(fits)
        page.click("#table-settings summary")
        assert page.locator("#set-sound").is_visible() and page.evaluate(fits)
        shot(page, "360_settings")
        page.click("#table-settings summary")
        url = page.url
        page.click("#rules-open")
        page.wait_for_selector("#rules-dialog[open] #rules-dialog-body table")
        assert page.url == url  # still at the table
        assert "Hong Kong" in page.inner_text("#rules-dialog-h")
        assert page.get_attribute("#rules-page-link", "href") == "/rules/hk"
        assert page.evaluate(fits)
        dialog = box(page, "#rules-dialog")
        assert dialog["left"] >= 0 and dialog["right"] <= 360
        shot(page, "360_rules")
        page.evaluate(CAPTURE_JS)
        decision(page, 700, [{"type": "pass"}, {"type": "pon", "tiles": "55p"}])
        page.keyboard.press("n")  # the table's keys wait while the rules are open
        page.keyboard.press("Escape")
        assert not page.locator("#rules-dialog").evaluate("d => d.open")
        assert page.evaluate("() => window.majiangTable.sent") == []
        page.click("#rules-open")
        page.click("#rules-close")
        assert not page.locator("#rules-dialog").evaluate("d => d.open")
        assert page.locator("#hand .hand-tile").count() >= 13
    finally:
        p.close()


def test_sounds_are_off_by_default_and_play_when_turned_on(player: Player) -> None:
    """Sounds made in the page (Web Audio; no file fetched): none while the setting is off,
    one for the events that have a sound once it is on."""
    page = player.page
    sounds: list[str] = []
    page.on("request", lambda r: sounds.append(r.url) if r.resource_type == "media" else None)
    player.practice("Sam", "riichi")
    assert player.wait_ready() == "decision"
    assert not page.locator("#set-sound").is_checked()
    player.answer()
    player.wait_ready()
    assert page.evaluate("() => window.majiangTable.sounds") == 0
    set_setting(page, "sound", True)
    page.click("#table-settings summary")
    for _ in range(3):
        if player.wait_ready() != "decision":
            break
        number = player.app("decision")
        player.answer()
        player.wait_answered(number)
    page.wait_for_function("() => window.majiangTable.sounds > 0")
    assert sounds == []


MOTION_JS = """() => {
  const board = document.createElement('div');
  board.className = 'board';
  board.innerHTML = '<section class="seat pos-left"><div class="pond"><span class="pond-cell fresh">x</span>'
    + '</div><div class="seat-melds"><span class="meld fresh">m</span></div></section>'
    + '<div id="hand" class="hand"><button class="tile-btn hand-tile">t</button></div>';
  document.body.append(board);
  const style = (sel) => getComputedStyle(board.querySelector(sel));
  const out = {
    discard: style('.pond-cell').animationName,
    call: style('.meld').animationName,
    lift: [...new Set(style('.tile-btn').transitionDuration.split(', '))].join(),
  };
  board.remove();
  return out;
}"""

#: records each pond tile that arrives with its animation (a MutationObserver on the table)
WATCH_JS = """() => {
  window.freshSeen = [];
  new MutationObserver(() => {
    document.querySelectorAll('#table .pond-cell.fresh:not(.claimed)').forEach(
      (c) => window.freshSeen.push(getComputedStyle(c).animationName));
  }).observe(document.querySelector('#table'), {childList: true, subtree: true});
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_discards_move_unless_reduced_motion_is_asked(
    browser: Any, base_url: str, motion: str
) -> None:
    """A discard slides in (an animation named by its seat's side), a call drops in, a hand
    tile lifts with a transition; a player who asks the system for reduced motion gets none."""
    p = Player(browser, base_url, viewport=(1280, 800))
    page = p.page
    try:
        page.emulate_media(reduced_motion=motion)
        p.practice("Mo", "riichi")
        assert p.wait_ready() == "decision"
        page.evaluate(WATCH_JS)
        number = p.app("decision")
        p.answer()
        p.wait_answered(number)
        page.wait_for_function("() => window.freshSeen.length > 0")
        seen = set(page.evaluate("() => window.freshSeen"))
        style = page.evaluate(MOTION_JS)
        if motion == "reduce":
            assert seen == {"none"}
            assert style == {"discard": "none", "call": "none", "lift": "0s"}
        else:
            # each pond's tiles come from its own side (a tile called at once is left out)
            sides = {"mj-discard-bottom", "mj-discard-right", "mj-discard-top", "mj-discard-left"}
            assert seen and seen <= sides, seen
            assert style == {"discard": "mj-discard-left", "call": "mj-call", "lift": "0.12s"}
    finally:
        p.close()


#: the table's own drawing of a Sichuan hand, put in the table page (its style sheets): every
#: seat voids a suit, the side seats' bots have their level in their names ("Bot 2 (normal)");
#: returns what a phone's screen shows of each seat's head
SEAT_HEADS_JS = """async () => {
  const model = await import('/static/model.js');
  const view = await import('/static/table_view.js');
  const m = model.emptyModel(0, 4, 'sichuan');
  model.applyEvent(m, {type: 'hand_started', hand: 0, round_wind: 0, dealer: 0, honba: 0,
    sticks: 0, scores: [0, 0, 0, 0]});
  m.dealing = false;
  m.turn = 0;
  m.phase = 'turn';
  m.seats.forEach((s, i) => { s.void = ['m', 'p', 's', 'm'][i]; });
  // beside the page's own table (its script still writes there: no room called 'none')
  document.querySelector('main').hidden = true;
  const main = document.body.appendChild(document.createElement('main'));
  main.className = 'at-table';
  main.innerHTML = view.boardHtml({welcome: {players: ['Ann']}, model: m}, m, {frozen: false});
  const inside = (el, seat) => {
    const r = el.getBoundingClientRect(), s = seat.getBoundingClientRect();
    return r.left >= s.left - 0.5 && r.right <= s.right + 0.5;
  };
  return {
    width: document.documentElement.scrollWidth,
    heads: [...main.querySelectorAll('.seat')].map(seat => ({
      pos: seat.dataset.pos,
      name: seat.querySelector('.seat-head .name').textContent,
      cut: [...seat.querySelectorAll('.seat-head .name')].some(n => n.scrollWidth > n.clientWidth),
      outside: [...seat.querySelectorAll('.seat-head > *')].filter(el => !inside(el, seat))
        .map(el => el.textContent),
    })),
  };
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_seat_names_and_badges_stay_whole_in_their_seats_on_a_phone(
    browser: Any, base_url: str, width: int
) -> None:
    """On a phone a side seat's narrow column wraps its name and badges (a Sichuan seat's
    "void characters") inside the seat rather than cutting them or pushing the page wider than
    the screen; the top seat, across the whole width, shows "Bot 3 (normal)" uncut."""
    p = Player(browser, base_url, viewport=(width, 800))
    try:
        p.page.goto(f"{base_url}/play/none")
        drawn = p.page.evaluate(SEAT_HEADS_JS)
        assert drawn["width"] <= width
        names = {h["pos"]: h["name"] for h in drawn["heads"]}
        assert names == {
            "bottom": "Ann (you)",
            "right": "Bot 2 (normal)",
            "top": "Bot 3 (normal)",
            "left": "Bot 4 (normal)",
        }
        for head in drawn["heads"]:
            assert not head["cut"], f"{head['pos']} seat's name is cut: {head['name']}"
            assert head["outside"] == [], f"{head['pos']} seat's head runs out: {head['outside']}"
        shot(p.page, f"seat_heads_{width}")
    finally:
        p.close()


#: the colour of the wait between hands and of a muted line, in the table page's style sheets
BETWEEN_JS = """() => {
  const colour = (cls) => {
    const el = document.body.appendChild(document.createElement('p'));
    el.className = cls;
    return getComputedStyle(el).color;
  };
  return [colour('between-hands'), colour('muted'), colour('')];
}"""


def test_the_rules_after_the_phone_block_apply(player: Player) -> None:
    """play.css's rules after its phone block (the wait between hands, the table log ...) are
    read by the browser: the wait between hands is muted, not in the body's colour (a stray
    brace once swallowed the first of them)."""
    player.page.goto(f"{player.base_url}/play/none")
    between, muted, plain = player.page.evaluate(BETWEEN_JS)
    assert between == muted != plain

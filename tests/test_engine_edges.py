"""Edges of the engine's legal actions and claims that the mutation run (``make mutation``,
docs/testing.md) found no test for, each from a fixed wall: docs/engine.md "Decisions where the
rules are silent" and the riichi rules of calls (riichi.md "The game")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine_support import auto, of_kind, play, start
from majiang.actions import Ankan, Chi, Discard, Pass, Pon, Ron
from majiang.engine import legal_actions, new_game, step
from majiang.engine.deal import resolve_options
from majiang.errors import IllegalAction
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import is_orphan, kind, parse_tile, parse_tiles, tile_set
from test_engine_sichuan import JUNK_3 as SICHUAN_JUNK_3
from test_engine_sichuan import WINS_5P
from test_engine_sichuan import start as sichuan_start

RIICHI = get_ruleset("riichi")
SICHUAN = get_ruleset("sichuan")

DEALER = "158p258s369s2467z"
THREE_1M = "111m258p369s2346z"  # seat 1 holds three 1m; no other hand holds a 1m
OTHER2 = "258m147p369s1567z"
JUNK3 = "89p3679m258s4567z"
JUNK1 = "147m258p369s2346z"
CHI1 = "238p147m369s2346z"  # 23p: chi on the dealer's 1p
ITTSU_M = "123456789m23p11z"  # waits on 1p or 4p
PON3 = "119p369m258s4567z"


def t(text: str) -> int:
    return parse_tile(text)


def test_no_concealed_kong_on_the_last_tile() -> None:
    # docs/engine.md: "no kong when no live tile remains". Seat 1 draws the fourth 1m as the
    # last tile of the live wall (seventy draws, no call): it may discard, not declare the kong.
    state, _ = start([DEALER, THREE_1M, OTHER2, JUNK3], tail="1m")
    state, _ = auto(state, lambda s, ev: s.phase == "turn" and s.drawn == t("1m"))
    assert state.turn == 1 and state.live_tiles(RIICHI.dead_wall) == 0
    assert not any(isinstance(a, Ankan) for a in legal_actions(RIICHI, state, 1))


def test_a_concealed_kong_while_live_tiles_remain() -> None:
    # the control: the same fourth 1m as seat 1's first draw
    state, _ = start([DEALER, THREE_1M, OTHER2, JUNK3], "9p1m")
    state, _ = play(state, ["0: discard 9p"])
    assert state.turn == 1
    assert Ankan(tuple(parse_tiles("1111m"))) in legal_actions(RIICHI, state, 1)


def test_no_chi_of_honors() -> None:
    # riichi.md: a chi is a run of three of one suit; honors make no runs. The next seat holds
    # South and West (2z 3z) when the dealer throws East (1z): no claim window opens and seat 1
    # draws. The control: the same seat offered the chi of a 1p with its 2p 3p.
    winds = "23p147m369s23457z"
    dealer = "158p258s369s1467z"
    state, _ = start([dealer, winds, OTHER2, JUNK3], "9p")
    after_east, _ = play(state, ["0: discard 1z"])
    assert (after_east.phase, after_east.turn) == ("turn", 1)
    after_1p, _ = play(state, ["0: discard 1p"])
    assert after_1p.phase == "claim"
    assert legal_actions(RIICHI, after_1p, 1) == [Pass(), Chi((t("2p"), t("3p")))]


def test_refusals_say_why() -> None:
    # IllegalAction names the reason: the seat count (seat 4 of four seats 0-3), the tile of the
    # claim window and its discarder, an answer given twice, a riichi hand locked
    state, _ = start([DEALER, CHI1, ITTSU_M, PON3], "9p")
    with pytest.raises(IllegalAction, match="there is no seat 4"):
        step(RIICHI, state, 4, Discard(t("1p")))
    window, _ = play(state, ["0: discard 1p", "1: pass"])
    with pytest.raises(IllegalAction, match="seat 0 has no claim on 1p from seat 0"):
        step(RIICHI, window, 0, Pass())
    with pytest.raises(IllegalAction, match="seat 1 has already answered 1p"):
        step(RIICHI, window, 1, Pass())
    state, _ = start([DEALER, JUNK1, ITTSU_M, JUNK3], "9p5s9s1s1p2s3s")
    state, _ = play(state, ["0: discard 9p", "1: discard 5s", "2: discard 9s riichi"])
    state, _ = play(state, ["3: discard 1s", "0: discard 1p", "2: pass", "1: discard 2s"])
    assert state.turn == 2 and state.drawn == t("3s")
    with pytest.raises(IllegalAction, match="after riichi only the drawn tile may be discarded"):
        step(RIICHI, state, 2, Discard(t("1m")))


def test_a_call_marks_the_discard_and_keeps_the_river() -> None:
    # the called 1p stays in the dealer's river, marked claimed, after its earlier 9p
    state, _ = start([DEALER, CHI1, ITTSU_M, PON3], "9p1s1s9m5z")
    script = ["0: discard 9p", "1: discard 1s", "2: discard 1s", "3: discard 9m", "0: discard 1p"]
    state, _ = play(state, [*script, "2: pass", "3: pon 11p", "1: pass"])
    assert [(r.tile, r.claimed) for r in state.rivers[0]] == [(t("9p"), False), (t("1p"), True)]


# Seat 1 chis three times from the dealer (1m, 7m, 9s) and keeps 234p 4p. A chi of the dealer's
# 1p with 23p would leave 4p 4p, and kuikae forbids both the called 1p and its swap 4p
# (riichi.md: "the called tile or its swap"): with nothing left to discard, no chi is offered.
THREE_CHIS = [
    "0: discard 1m", "1: chi 23m", "1: discard 1z", "2: discard 9m", "3: discard 9m",
    "0: discard 7m", "1: chi 56m", "1: discard 2z", "2: discard 9m", "3: discard 1s",
    "0: discard 9s", "1: chi 78s", "1: discard 3z", "2: discard 1s", "3: discard 1s",
]  # fmt: skip


def _after_three_chis(options: dict[str, bool]) -> GameState:
    hands = ["17m1p9p159s456777z", "23m56m78s234p4p123z", "89m3569p2468s456z", "34m278p37s123456z"]
    state, _ = start(hands, "2m9m9m2m9m1s2m1s1s5p", options=options)
    state, _ = play(state, THREE_CHIS)
    assert state.concealed[1] == tuple(parse_tiles("234p4p"))
    state, _ = play(state, ["0: discard 1p"])
    return state


def test_no_chi_that_leaves_only_kuikae_tiles() -> None:
    state = _after_three_chis({})
    assert (state.phase, state.turn, state.drawn) == ("turn", 1, t("1m"))


def test_the_same_chi_without_kuikae() -> None:
    state = _after_three_chis({"kuikae": False})
    assert state.phase == "claim"
    assert legal_actions(RIICHI, state, 1) == [Pass(), Chi((t("2p"), t("3p")))]


def test_the_discarder_of_a_won_tile_keeps_its_own_ron() -> None:
    # sichuan.md: declining a winning discard stops a win on a discard until the next draw; the
    # discarder declined nothing. The dealer (void s) throws 5p from 555p 67p, still waiting on
    # 5p or 8p; South wins on it and leaves; West draws 8p and throws it: the dealer may ron.
    dealer = "123m456m789m555p67p"
    state, _ = sichuan_start([dealer, WINS_5P[0], WINS_5P[1], SICHUAN_JUNK_3], "8p", voids="ssms")
    state, _ = play(state, ["0: discard 5p", "1: ron", "2: pass"], rules=SICHUAN)
    assert "out" in state.status[1] and (state.turn, state.drawn) == (2, t("8p"))
    state, _ = play(state, ["2: discard 8p"], rules=SICHUAN)
    assert Ron() in legal_actions(SICHUAN, state, 0)


def test_the_dealers_nagashi_mangan_is_paid_as_a_dealer_tsumo() -> None:
    # riichi.md: nagashi mangan is a mangan paid as a tsumo; the dealer's is 4000 from each.
    # The dealer's seventy-draw share (every fourth draw from the first) holds only terminals
    # and honors, the others' only simples; everyone discards what it draws, claims passed.
    tiles = tile_set("riichi", {"aka": 0}).tiles()
    rng = random.Random(7)
    orphans = [x for x in tiles if is_orphan(x)]
    simples = [x for x in tiles if not is_orphan(x)]
    rng.shuffle(orphans)
    rng.shuffle(simples)
    dealer_draws, other_draws = iter(orphans[:18]), iter(simples[:52])
    draws = [next(dealer_draws) if i % 4 == 0 else next(other_draws) for i in range(70)]
    rest = orphans[18:] + simples[52:]
    rng.shuffle(rest)
    wall = rest[:52] + draws + rest[52:]
    state, _ = new_game(RIICHI, {"aka": 0}, 0, "one_hand", walls=[wall])
    _, events = auto(state, lambda s, ev: any(e.kind == "hand_ended" for e in ev))
    moved = [(e.reason, e.deltas) for e in of_kind(events, "points_moved")]
    assert moved == [("nagashi_mangan", (12000, -4000, -4000, -4000))]


def test_the_discarder_of_a_passed_winning_tile_keeps_its_own_ron() -> None:
    # the same with nobody winning on the 5p: South draws 8p and throws it; the dealer may ron
    dealer = "123m456m789m555p67p"
    state, _ = sichuan_start([dealer, WINS_5P[0], WINS_5P[1], SICHUAN_JUNK_3], "8p", voids="ssms")
    state, _ = play(state, ["0: discard 5p", "1: pass", "2: pass"], rules=SICHUAN)
    assert (state.turn, state.drawn) == (1, t("8p"))
    state, _ = play(state, ["1: discard 8p"], rules=SICHUAN)
    assert Ron() in legal_actions(SICHUAN, state, 0)


def test_no_fifth_kong_by_a_claim() -> None:
    # docs/engine.md: at most max_kongs (riichi: four) kongs a hand. The dealer declares four
    # concealed kongs (1m drawn, then 2m 3m 4m drawn as replacements) and throws 9p: seat 1
    # holds 999p and may pon it, not kan it. One player's four kongs do not abort the hand.
    # Seat 1 then draws its fourth 2s: no fifth kong either, concealed.
    hands = ["111222333444m5m", "999p2227s13s2346z", "678m147p369s1567z", "138p5678s9m24567z"]
    state, _ = start(hands, "1m2s", rinshan="2m3m4m9p")
    for kong in ("1111m", "2222m", "3333m", "4444m"):
        state, _ = play(state, [f"0: ankan {kong}"])
    assert len(state.kongs) == 4 and state.drawn == t("9p")
    state, _ = play(state, ["0: discard 9p"])
    assert legal_actions(RIICHI, state, 1) == [Pass(), Pon((t("9p"), t("9p")))]
    state, _ = play(state, ["1: pass"])
    assert state.turn == 1 and state.drawn == t("2s")
    assert not any(isinstance(a, Ankan) for a in legal_actions(RIICHI, state, 1))


@pytest.mark.parametrize(
    ("dealer", "south", "discard", "offers"),
    [
        ("79m258p369s12567z", "506m147p258s1234z", "7m", ["06m", "56m"]),
        ("39m258p369s12567z", "405m147p258s1234z", "3m", ["40m", "45m"]),
    ],
)
def test_chi_offers_list_a_red_five_before_the_plain_five(
    dealer: str, south: str, discard: str, offers: list[str]
) -> None:
    # docs/engine.md step 3: the tiles of each chi shape come in hand order (a red five just
    # before the plain fives), as the hand shows them. Seat 1 holds a red and a plain 5m.
    hands = [dealer, south, OTHER2, JUNK3]
    front = [t for h in hands for t in parse_tiles(h)] + parse_tiles("9p")
    pool = Counter(tile_set("riichi", {}).tiles())  # red fives on, riichi's default
    pool.subtract(front)
    assert min(pool.values()) >= 0
    wall = [*front, *sorted(pool.elements())]
    state, _ = new_game(RIICHI, {}, 0, "one_hand", walls=[wall])
    state, _ = play(state, [f"0: discard {discard}"])
    want = [Chi(tuple(parse_tiles(pair))) for pair in offers]
    assert legal_actions(RIICHI, state, 1) == [Pass(), *want]
    assert legal_actions(RIICHI, state, 4) == []  # no fifth seat to ask


def test_turn_offers_list_a_red_five_before_the_plain_five() -> None:
    # docs/engine.md step 2: discards in hand order (a red five just before the plain fives),
    # and a concealed kong's tiles in the same order. The dealer holds the red 5m and three 5m.
    hands = ["0555m258p369s125z", JUNK1, CHI1, JUNK3]
    front = [t for h in hands for t in parse_tiles(h)] + parse_tiles("9p")
    pool = Counter(tile_set("riichi", {}).tiles())  # red fives on, riichi's default
    pool.subtract(front)
    assert min(pool.values()) >= 0
    wall = [*front, *sorted(pool.elements())]
    state, _ = new_game(RIICHI, {}, 0, "one_hand", walls=[wall])
    legal = legal_actions(RIICHI, state, 0)
    assert Ankan(tuple(parse_tiles("0555m"))) in legal
    discards = [a.tile for a in legal if isinstance(a, Discard) and not a.riichi]
    assert discards == parse_tiles("05m2589p369s125z")


def test_a_concealed_kong_with_one_live_tile_left() -> None:
    # docs/engine.md: "no kong when no live tile remains"; one left is enough. The dealer draws
    # the fourth 1m as the second-to-last tile of the live wall.
    state, _ = start([THREE_1M, DEALER, OTHER2, JUNK3], tail="1m9p")
    state, _ = auto(state, lambda s, ev: s.phase == "turn" and s.drawn == t("1m"))
    assert state.turn == 0 and state.live_tiles(RIICHI.dead_wall) == 1
    assert Ankan(tuple(parse_tiles("1111m"))) in legal_actions(RIICHI, state, 0)


def test_in_riichi_the_drawn_tiles_kong_is_offered_beside_a_held_quad() -> None:
    # riichi.md: in riichi a concealed kong only of the drawn tile, and only if the waits stay
    # the same. The dealer is in riichi on 111m 123m 555p 789s + 1z, holding all four 1m (a kong
    # of them would change the waits); it draws the fourth 5p: the kong of 5p is offered, of 1m
    # not.
    state, _ = start(["1111m23m555p789s1z", OTHER2, JUNK3, PON3], "9p2s3s4s5p")
    state, _ = play(state, ["0: discard 9p riichi"])
    state, _ = auto(state, lambda s, ev: s.phase == "turn" and s.turn == 0)
    assert state.drawn == t("5p") and "riichi" in state.status[0]
    kongs = [a for a in legal_actions(RIICHI, state, 0) if isinstance(a, Ankan)]
    assert kongs == [Ankan(tuple(parse_tiles("5555p")))]


def test_in_riichi_no_kong_of_a_held_quad_when_another_tile_is_drawn() -> None:
    # riichi.md: in riichi a concealed kong only of the drawn tile. The dealer is in riichi on
    # 1111m 2345678m 33s (waits 3m 6m 9m) and draws 4m: 2345678m 4m 33s without the 1m waits on
    # the same tiles, yet the 1m were not drawn, so no kong of them is offered.
    state, _ = start(["11112345678m33s", OTHER2, JUNK3, PON3], "9p2s3s4s4m")
    state, _ = play(state, ["0: discard 9p riichi"])
    state, _ = auto(state, lambda s, ev: s.phase == "turn" and s.turn == 0)
    assert state.drawn == t("4m") and "riichi" in state.status[0]
    assert state.waits[0] == tuple(kind(x) for x in parse_tiles("369m"))
    assert not any(isinstance(a, Ankan) for a in legal_actions(RIICHI, state, 0))


@pytest.mark.parametrize(
    ("claimed", "own", "forbidden"),
    [
        # riichi.md, kuikae: after a chi neither the called tile nor the one at the sequence's
        # other end (the swap) may be discarded: 6m called with 78m forbids 6m and 9m
        ("6m", "78m", "69m"),
        ("4m", "23m", "14m"),  # called on the high end: 1m is the swap
        ("7m", "89m", "7m"),  # 789m: no tile beyond 9m
        ("3m", "12m", "3m"),  # 123m: no tile below 1m
        ("5m", "46m", "5m"),  # a closed wait has no swap
    ],
)
def test_kuikae_forbids_the_swap_tile_of_a_chi_on_an_end(
    claimed: str, own: str, forbidden: str
) -> None:
    rules = get_ruleset("riichi")
    options = resolve_options(rules, {})
    got = rules.forbidden_after_call(
        options, "chi", kind(parse_tiles(claimed)[0]), tuple(kind(t) for t in parse_tiles(own))
    )
    assert got == {kind(t) for t in parse_tiles(forbidden)}


def test_the_dead_wall_holds_five_indicators_and_their_ura() -> None:
    # riichi.md: one dora indicator at the deal and one more per kong, at most four kongs: five.
    # The dead wall is the wall's last 14 tiles, the last four the kong replacements; indicator
    # i lies at 136 - 5 - 2i and its ura just before it. A sixth has no place.
    position = RIICHI.indicator_position
    assert [position(136, i, False) for i in range(5)] == [131, 129, 127, 125, 123]
    assert [position(136, i, True) for i in range(5)] == [130, 128, 126, 124, 122]
    assert position(136, 5, False) is None and position(136, 5, True) is None


def test_a_pon_with_a_red_five_shows_it_just_before_the_plain_fives() -> None:
    # docs/engine.md step 3: a called meld's tiles in hand order, a red five just before the
    # plain fives. Seat 1 pons the dealer's plain 5m with its red and plain 5m: 0m 5m 5m.
    hands = ["5m158p258s369s467z", "05m147p369s12345z", OTHER2, JUNK3]
    front = [t for h in hands for t in parse_tiles(h)] + parse_tiles("9p")
    pool = Counter(tile_set("riichi", {}).tiles())  # red fives on, riichi's default
    pool.subtract(front)
    assert min(pool.values()) >= 0
    wall = [*front, *sorted(pool.elements())]
    state, _ = new_game(RIICHI, {}, 0, "one_hand", walls=[wall])
    state, _ = play(state, ["0: discard 5m", "1: pon 05m"])
    (meld,) = state.melds[1]
    assert meld.kind == "pon" and meld.tiles == tuple(parse_tiles("055m"))

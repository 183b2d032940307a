"""Claims from fixed walls (riichi.md "The game"; shared/rules/README.md "The game, common to all variants"): win > pon/kan > chi, chi
only from the previous player, kuikae, multiple ron with honba and sticks, head bump, triple
ron, robbing a kong (an added kong; a concealed kong only for thirteen orphans), open kong and
its indicator, and illegal actions refused with the state unchanged."""

from __future__ import annotations

import pytest

from engine_support import auto, of_kind, play, start
from majiang.actions import Chi, Discard, Kan, Pass, Pon, Ron, Tsumo, parse_action
from majiang.engine import legal_actions, step
from majiang.errors import IllegalAction
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import kind, parse_tile, parse_tiles

RIICHI = get_ruleset("riichi")

# Seat 0 deals. Seat 2 and seat 3 wait on 1p or 4p with ittsu (2 han 40 fu: 2600 on a ron).
DEALER = "158p258s369s2467z"  # holds the 1p it discards
JUNK1 = "147m258p369s2346z"  # no claim on 1p or 4p
CHI1 = "238p147m369s2346z"  # 23p: chi on 1p from the dealer (the previous player)
ITTSU_M = "123456789m23p11z"
ITTSU_S = "123456789s23p11z"
PON3 = "119p369m258s4567z"
KAN3 = "111p369m258s4567z"
WHITE_TANKI1 = "555z234567m789s1p"  # seat 1 waits on 1p alone (white dragon)


def t(text: str) -> int:
    return parse_tile(text)


def test_offers_on_a_discard() -> None:
    # README: win > pon/kan > chi, and chi only by the next player (seat 2 holds 23p too)
    state, _ = start([DEALER, CHI1, ITTSU_M, PON3], "9p")
    state, _ = play(state, ["0: discard 1p"])
    assert state.phase == "claim"
    assert legal_actions(RIICHI, state, 1) == [Pass(), Chi((t("2p"), t("3p")))]
    assert legal_actions(RIICHI, state, 2) == [Pass(), Ron()]
    assert legal_actions(RIICHI, state, 3) == [Pass(), Pon((t("1p"), t("1p")))]
    assert legal_actions(RIICHI, state, 0) == []


@pytest.mark.parametrize(
    ("answers", "winner_kind", "seat"),
    [
        # every claim at once: the win
        (["3: pon 11p", "1: chi 23p", "2: ron"], "won", 2),
        # the win declared first, then the others
        (["2: ron", "1: chi 23p", "3: pon 11p"], "won", 2),
        # pon beats chi
        (["1: chi 23p", "2: pass", "3: pon 11p"], "pon", 3),
        # chi when nobody else claims
        (["1: chi 23p", "2: pass", "3: pass"], "chi", 1),
    ],
)
def test_claim_priority(answers: list[str], winner_kind: str, seat: int) -> None:
    state, _ = start([DEALER, CHI1, ITTSU_M, PON3], "9p")
    state, events = play(state, ["0: discard 1p", *answers])
    if winner_kind == "won":
        (won,) = of_kind(events, "won")
        assert (won.seat, won.source, won.tile) == (seat, 0, t("1p"))
        assert [i["id"] for i in won.result["items"]] == ["ittsu"]
    else:
        (called,) = of_kind(events, "called")
        assert (called.seat, called.meld, called.source) == (seat, winner_kind, 0)
        assert state.turn == seat and state.phase == "turn" and state.drawn is None


def test_kan_beats_chi_and_turns_its_indicator_after_the_discard() -> None:
    state, _ = start([DEALER, CHI1, JUNK1.replace("258p", "258m"), KAN3], "9p", rinshan="5z")
    state, _ = play(state, ["0: discard 1p"])
    assert Kan((t("1p"),) * 3) in legal_actions(RIICHI, state, 3)
    state, events = play(state, ["1: chi 23p", "3: kan 111p"])
    (called,) = of_kind(events, "called")
    assert (called.seat, called.meld, called.tiles) == (3, "kan", tuple(parse_tiles("1111p")))
    drew = of_kind(events, "drew")[-1]
    assert (drew.seat, drew.tile, drew.replacement) == (3, t("5z"), True)
    assert not of_kind(events, "indicator_revealed")
    state, events = play(state, ["3: discard 5z"])
    assert len(of_kind(events, "indicator_revealed")) == 1 and state.indicators == 2


def test_kuikae_forbids_the_called_tile_and_its_swap() -> None:
    # riichi.md: kuikae (discarding the called tile or its swap) is forbidden (option)
    state, _ = start([DEALER, CHI1.replace("8p", "4p"), ITTSU_M, PON3], "9p")
    state, _ = play(state, ["0: discard 1p", "1: chi 23p", "2: pass", "3: pass"])
    assert state.forbidden == {kind(t("1p")), kind(t("4p"))}
    legal = legal_actions(RIICHI, state, 1)
    assert Discard(t("4p")) not in legal and Discard(t("7m")) in legal
    with pytest.raises(IllegalAction, match="kuikae"):
        step(RIICHI, state, 1, Discard(t("4p")))
    free, _ = start(
        [DEALER, CHI1.replace("8p", "4p"), ITTSU_M, PON3], "9p", options={"kuikae": False}
    )
    free, _ = play(free, ["0: discard 1p", "1: chi 23p", "2: pass", "3: pass"])
    assert Discard(t("4p")) in legal_actions(RIICHI, free, 1)


def test_double_ron_honba_and_sticks_go_to_the_nearest_winner() -> None:
    # riichi.md: each winner is paid in full; honba and sticks go to the winner nearest the
    # discarder in turn order. 2 han 40 fu = 2600 each; honba 2 = +600; 1 stick = +1000.
    state, _ = start(
        [DEALER, JUNK1, ITTSU_M, ITTSU_S],
        "9p",
        dora="6z",
        honba=2,
        sticks=1,
        scores=(25000, 25000, 25000, 24000),
    )
    state, events = play(state, ["0: discard 1p", "3: ron", "2: ron"])
    won = of_kind(events, "won")
    assert [w.seat for w in won] == [2, 3]
    assert [w.result["points"]["total"] for w in won] == [4200, 2600]
    moved = [e for e in of_kind(events, "points_moved") if e.reason == "win"]
    assert moved[0].deltas == (-3200, 0, 4200, 0) and moved[0].sticks == -1
    assert moved[1].deltas == (-2600, 0, 0, 2600)
    assert of_kind(events, "hand_ended")[0].winners == (2, 3)
    assert state.scores == (25000 - 5800, 25000, 29200, 26600) and state.sticks == 0


def test_head_bump_when_double_ron_is_off() -> None:
    state, _ = start([DEALER, JUNK1, ITTSU_M, ITTSU_S], "9p", options={"double_ron": False})
    state, events = play(state, ["0: discard 1p", "3: ron", "2: ron"])
    assert [w.seat for w in of_kind(events, "won")] == [2]


def test_triple_ron_aborts_the_hand() -> None:
    # riichi.md abortive draws: triple ron (option); the dealer keeps the deal, honba + 1
    hands = [DEALER, WHITE_TANKI1, ITTSU_M, ITTSU_S]
    state, _ = start(hands, "9p", length="east")
    state, events = play(state, ["0: discard 1p", "1: ron", "2: ron", "3: ron"])
    (ended,) = of_kind(events, "hand_ended")
    assert (ended.outcome, ended.reason) == ("abortive_draw", "triple_ron")
    assert not of_kind(events, "won")
    nxt = of_kind(events, "hand_started")[0]
    assert (nxt.dealer, nxt.honba) == (0, 1)
    allowed, _ = start(hands, "9p", options={"triple_ron_draw": False})
    allowed, events = play(allowed, ["0: discard 1p", "1: ron", "2: ron", "3: ron"])
    assert [w.seat for w in of_kind(events, "won")] == [1, 2, 3]


def test_robbing_an_added_kong() -> None:
    # seat 3 pons 4p (seat 2 passes the win), later adds the fourth 4p: seat 2 robs it
    seat3 = "449p369m258s4567z"
    state, _ = start([DEALER, JUNK1, ITTSU_M, seat3], "4p1m2m9s4p")
    state, _ = play(state, ["0: discard 4p", "2: pass", "3: pon 44p", "3: discard 9p"])
    state, _ = play(state, ["0: discard 1m", "1: discard 2m", "2: discard 9s"])
    assert parse_action("kakan 4p") in legal_actions(RIICHI, state, 3)
    state, events = play(state, ["3: kakan 4p"])
    assert state.phase == "claim" and legal_actions(RIICHI, state, 2) == [Pass(), Ron()]
    state, events = play(state, ["2: ron"])
    (won,) = of_kind(events, "won")
    assert (won.seat, won.source, won.tile, won.robbed_kong) == (2, 3, t("4p"), True)
    assert "chankan" in [i["id"] for i in won.result["items"]]


def test_added_kong_not_robbed_completes_with_a_replacement() -> None:
    seat3 = "449p369m258s4567z"
    state, _ = start([DEALER, JUNK1, ITTSU_M, seat3], "4p1m2m9s4p", rinshan="7p")
    state, _ = play(state, ["0: discard 4p", "2: pass", "3: pon 44p", "3: discard 9p"])
    state, _ = play(state, ["0: discard 1m", "1: discard 2m", "2: discard 9s", "3: kakan 4p"])
    state, events = play(state, ["2: pass"])
    drew = of_kind(events, "drew")[0]
    assert (drew.seat, drew.tile, drew.replacement) == (3, t("7p"), True)
    assert [str(m) for m in state.melds[3]] == ["kakan 4444p from=3"]


def test_a_concealed_kong_is_robbed_only_for_thirteen_orphans() -> None:
    kokushi = "19m19p19s2345677z"  # waits on 1z
    seat3 = "1111z234567p889s"
    hands = ["234567m234567p2s", "345678m3456s88p9p", kokushi, seat3]
    state, _ = start(hands, "5s6s3s8m")
    state, _ = play(state, ["0: discard 5s", "1: discard 6s", "2: discard 3s"])
    state, events = play(state, ["3: ankan 1111z"])
    assert legal_actions(RIICHI, state, 2) == [Pass(), Ron()]
    state, events = play(state, ["2: ron"])
    (won,) = of_kind(events, "won")
    assert won.robbed_kong and won.result["limit"] == "yakuman"


def test_a_concealed_kong_is_not_robbed_by_an_ordinary_hand() -> None:
    seat3 = "4444p369m258s456z"
    state, _ = start([DEALER, JUNK1, ITTSU_M, seat3], "9p1m2m7z", rinshan="3z")
    state, _ = play(state, ["0: discard 9p", "1: discard 1m", "2: discard 2m"])
    state, events = play(state, ["3: ankan 4444p"])
    assert state.phase == "turn" and state.turn == 3
    assert [e.kind for e in events] == ["called", "indicator_revealed", "drew"]


def test_the_replacement_of_a_kong_wins_by_the_waits_left_after_the_kong() -> None:
    # the dealer holds 9999p 234m 567s 789s and draws 5z; its concealed kong leaves 234m 567s
    # 789s 5z, waiting on 5z alone, and the replacement is 5z: a win (rinshan kaihou), offered
    state, _ = start(["9999p234m567s789s", JUNK1, ITTSU_S, KAN3], "5z", rinshan="5z")
    assert Tsumo() not in legal_actions(RIICHI, state, 0)
    state, _ = play(state, ["0: ankan 9999p"])
    assert state.phase == "turn" and state.turn == 0 and state.drawn == t("5z")
    assert Tsumo() in legal_actions(RIICHI, state, 0)
    state, events = play(state, ["0: tsumo"])
    (won,) = of_kind(events, "won")
    assert "rinshan" in [i["id"] for i in won.result["items"]]


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state, _ = start([DEALER, CHI1, ITTSU_M, PON3], "9p")
    before = dict(state.__dict__)
    cases = [
        (1, Discard(t("2p")), "it is seat 0's turn"),
        (0, Discard(t("1m")), "seat 0 holds no 1m"),
        (0, Discard(t("1p"), riichi=True), "riichi needs"),
        (7, Pass(), "there is no seat 7"),
    ]
    for seat, action, why in cases:
        with pytest.raises(IllegalAction, match=why):
            step(RIICHI, state, seat, action)
    after_discard, _ = play(state, ["0: discard 1p"])
    with pytest.raises(IllegalAction, match=r"legal: pass, pon 11p"):
        step(RIICHI, after_discard, 3, Chi((t("1p"), t("1p"))))
    with pytest.raises(IllegalAction, match="has no claim"):
        step(RIICHI, after_discard, 0, Pass())
    before.pop("cache")
    assert {k: v for k, v in state.__dict__.items() if k != "cache"} == before


def test_robbing_a_kong_keeps_ippatsu() -> None:
    # a kong that is robbed never stood: the robber's ippatsu survives it
    seat3 = "449p369m258s4567z"
    state, _ = start([DEALER, JUNK1, ITTSU_M, seat3], "4p1m2m9s4p")
    state, _ = play(state, ["0: discard 4p", "2: pass", "3: pon 44p", "3: discard 9p"])
    state, _ = play(state, ["0: discard 1m", "1: discard 2m", "2: discard 9s riichi"])
    assert "ippatsu" in state.status[2]
    state, events = play(state, ["3: kakan 4p", "2: ron"])
    (won,) = of_kind(events, "won")
    ids = [i["id"] for i in won.result["items"]]
    assert {"riichi", "ippatsu", "chankan"} <= set(ids)


def test_a_kong_that_stands_breaks_ippatsu() -> None:
    seat3 = "449p369m258s4567z"
    state, _ = start([DEALER, JUNK1, ITTSU_M, seat3], "4p1m2m9s4p")
    state, _ = play(state, ["0: discard 4p", "2: pass", "3: pon 44p", "3: discard 9p"])
    state, _ = play(state, ["0: discard 1m", "1: discard 2m", "2: discard 9s riichi"])
    state, _ = play(state, ["3: kakan 4p", "2: pass"])
    assert "ippatsu" not in state.status[2] and state.turn == 3


# docs/engine.md: "A call clears every ippatsu" -- a chi or a pon as well as a kong. Seat 2
# declares riichi on 9s, its first discard (so double riichi; ready on 1p or 4p with ittsu), and
# wins before its next discard.
PON_4Z = "44z369m258s89p567z"  # seat 3: pon of the dealer's 4z
CHI_57S = "147m258p57s9s2346z"  # seat 1: chi of the dealer's 6s
JUNK3 = "89p3679m258s4567z"  # no claim


def _riichi_then(hands: list[str], draws: str) -> GameState:
    state, _ = start(hands, draws)
    state, _ = play(state, ["0: discard 1s", "1: discard 7p", "2: discard 9s riichi"])
    state, _ = play(state, ["3: discard 8s"])
    assert {"riichi", "double_riichi", "ippatsu"} <= state.status[2]
    return state


def test_a_pon_by_another_player_clears_ippatsu() -> None:
    state = _riichi_then([DEALER, JUNK1, ITTSU_M, PON_4Z], "1s7p9s8s3m2m")
    state, _ = play(state, ["0: discard 4z", "3: pon 44z"])
    assert "ippatsu" not in state.status[2]
    state, events = play(state, ["3: discard 9p", "0: discard 1p", "2: ron"])
    (won,) = of_kind(events, "won")
    ids = [i["id"] for i in won.result["items"]]
    assert "double_riichi" in ids and "ippatsu" not in ids


def test_a_chi_by_another_player_clears_ippatsu() -> None:
    state = _riichi_then([DEALER, CHI_57S, ITTSU_M, JUNK3], "1s7p9s8s3m4p")
    state, _ = play(state, ["0: discard 6s", "1: chi 57s"])
    assert "ippatsu" not in state.status[2]
    state, events = play(state, ["1: discard 9s", "2: tsumo"])
    (won,) = of_kind(events, "won")
    ids = [i["id"] for i in won.result["items"]]
    assert "double_riichi" in ids and "ippatsu" not in ids


def test_without_the_call_the_same_win_has_ippatsu() -> None:
    # the control: both hands above score ippatsu when nobody calls
    state = _riichi_then([DEALER, JUNK1, ITTSU_M, PON_4Z], "1s7p9s8s3m2m")
    state, events = play(state, ["0: discard 1p", "2: ron"])
    (won,) = of_kind(events, "won")
    assert "ippatsu" in [i["id"] for i in won.result["items"]]
    state = _riichi_then([DEALER, CHI_57S, ITTSU_M, JUNK3], "1s7p9s8s3m5m4p")
    state, events = play(state, ["0: discard 6s", "1: discard 5m", "2: tsumo"])
    (won,) = of_kind(events, "won")
    assert "ippatsu" in [i["id"] for i in won.result["items"]]


# docs/engine.md: "No chi, pon or kan on the last discard". Seat 2 waits on 1p or 4p and holds
# 23p (a chi of 4p from seat 1); seat 3 holds 444p (kan or pon of 4p); every other 1p and 4p is
# in a hand, so nobody throws one before the 4p at the end of the live wall.
LAST_4P_SEAT3 = "111444p369m258s7z"


def _discard_of(tail: str, seat: int) -> GameState:
    """Return the claim window on the 4p drawn from ``tail`` (the end of the live wall) and
    thrown by ``seat``, everything before it drawn and thrown, every claim passed."""
    state, _ = start([DEALER, JUNK1, ITTSU_M, LAST_4P_SEAT3], tail=tail)
    state, _ = auto(state, lambda s, ev: s.phase == "turn" and s.drawn == t("4p"))
    assert state.turn == seat
    state, _ = play(state, [f"{seat}: discard 4p"])
    return state


def test_no_call_but_ron_on_the_last_discard() -> None:
    # seventy draws and no call: seat 1 draws the last tile
    state = _discard_of("4p", 1)
    assert state.live_tiles(RIICHI.dead_wall) == 0
    assert legal_actions(RIICHI, state, 2) == [Pass(), Ron()]
    assert legal_actions(RIICHI, state, 3) == []
    state, events = play(state, ["2: ron"])
    (won,) = of_kind(events, "won")
    assert "houtei" in [i["id"] for i in won.result["items"]]


def test_calls_on_the_discard_before_the_last() -> None:
    # the control: one tile still to draw, seat 3 may call the 4p (seat 0 throws it, so seat 1
    # and not seat 2 would chi)
    state = _discard_of("4p9s", 0)
    assert state.live_tiles(RIICHI.dead_wall) == 1
    assert legal_actions(RIICHI, state, 2) == [Pass(), Ron()]
    assert legal_actions(RIICHI, state, 3) == [
        Pass(),
        Kan((t("4p"), t("4p"), t("4p"))),
        Pon((t("4p"), t("4p"))),
    ]

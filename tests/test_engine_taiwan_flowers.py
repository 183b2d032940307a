"""Taiwan's bonus-tile wins in the engine, scenarios from fixed walls (taiwan.md, "Options beyond
the seed": "eight bonus tiles (8 tai), seven bonus tiles robbing the eighth (8 tai)"; the
scoring's reading in docs/taiwan.md "Decisions": the request holds the 16 tiles and all eight
bonus tiles, ``eight_flowers`` is self-drawn and paid by the three others, ``seven_rob_eighth``
is a ``ron`` whose discarder, who pays, is the player who revealed the eighth; "Payment": 3 + 1
per tai, the dealer's payments with 1 + 2n dealer tai).

``eight_flowers``: the seat that reveals its eighth bonus tile wins at once (``tsumo``, its only
action). ``seven_rob_eighth``: a seat holding seven may rob the eighth when another reveals it
(``ron`` or ``pass``). Both off by default: then neither is offered.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from engine_support import auto, of_kind, play
from majiang.actions import Action, Discard, Pass, Ron, Tsumo, parse_action
from majiang.bots import make_bot
from majiang.cli import main
from majiang.engine import legal_actions, new_game, step
from majiang.errors import IllegalAction
from majiang.events import Event
from majiang.records import GameRecord
from majiang.rules import get_ruleset
from majiang.scoring import score
from majiang.state import GameState
from majiang.tiles import format_tiles, is_bonus, parse_tiles, tile_set
from majiang.view import player_view
from test_engine_taiwan import JUNK_E, JUNK_N, JUNK_S, JUNK_W, taiwan_wall

TAIWAN = get_ruleset("taiwan")
BOTH = {"eight_flowers": True, "seven_rob_eighth": True}

#: 16 tiles dealt: the seven bonus tiles 1f-7f and nine far from ready (each seat's own suits)
SEVEN_E = "147m258p369s1234567f"
SEVEN_S = "258m369p147s1234567f"
SEVEN_W = "369m147p258s1234567f"
#: all eight dealt to South
EIGHT_S = "258m369p14s12345678f"
#: South dealt the eighth bonus tile among far-from-ready tiles
EIGHTH_S = "258m369p147s123456z8f"
#: the seven replacements of the deal, from the back of the wall (no hand holds more than one
#: 1m or 9m, nor more than two 1p); a scenario adds the replacements after them
BACK = "111m999m1p"


def game(
    hands: Sequence[str], draws: str = "", back: str = "", options: dict[str, Any] | None = None
) -> tuple[GameState, list[Event], list[int]]:
    """Return a Taiwan hand on a fixed wall with these options, its deal's events and the wall."""
    wall = taiwan_wall(hands, draws, back)
    state, events = new_game(TAIWAN, options or {}, 0, "one_hand", walls=[wall])
    return state, events, wall


def hand_size(state: GameState, seat: int) -> int:
    return len(state.concealed[seat]) + 3 * len(state.melds[seat])


def act(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """Return the state after one step: the seat's legal action written ``text``."""
    action = next((a for a in legal_actions(TAIWAN, state, seat) if str(a) == text), None)
    assert action is not None, f"{text} is not legal for seat {seat}"
    return step(TAIWAN, state, seat, action)


# ---------------------------------------------------------------- eight bonus tiles


@pytest.mark.parametrize(
    ("hands", "draws", "script", "winner", "deltas"),
    [
        # the dealer reveals its eighth on its first draw: each pays 3 + 8 + 1 dealer tai
        ([SEVEN_E, JUNK_S, JUNK_W, JUNK_N], "8f", [], 0, (36, -12, -12, -12)),
        # South reveals its eighth on its first draw: West and North pay 3 + 8, the dealer 3 + 8
        # + 1 (taiwan.md "Dealer tai": "pays for another player's self-draw")
        ([JUNK_E, SEVEN_S, JUNK_W, JUNK_N], "7z8f", ["0: discard 7z"], 1, (-12, 34, -11, -11)),
    ],
)
def test_eight_bonus_tiles_win_at_once_paid_by_the_three_others(
    hands: list[str], draws: str, script: list[str], winner: int, deltas: tuple[int, ...]
) -> None:
    state, events, _ = game(hands, draws, back=BACK + "1p", options={"eight_flowers": True})
    state, more = play(state, script, rules=TAIWAN)
    events += more
    # the eighth is revealed and not replaced yet: the win is the seat's only action
    assert [e.kind for e in events[-2:]] == ["drew", "bonus_declared"]
    assert state.phase == "claim" and state.claim_tile == parse_tiles("8f")[0]
    assert legal_actions(TAIWAN, state, winner) == [Tsumo()]
    assert all(not legal_actions(TAIWAN, state, s) for s in range(4) if s != winner)
    assert hand_size(state, winner) == 16 and len(state.bonus[winner]) == 8
    state, events = act(state, winner, "tsumo")
    won = of_kind(events, "won")[0]
    assert (won.seat, won.source, won.tile) == (winner, None, parse_tiles("8f")[0])
    assert len(won.hand) == 16
    items = [(i["id"], i["value"]) for i in won.result["items"]]
    assert items == [("eight_flowers", 8)] and won.result["total"] == 8
    assert won.result["points"]["total"] == deltas[winner]
    assert of_kind(events, "points_moved")[0].deltas == deltas
    assert of_kind(events, "hand_ended")[0].winners == (winner,)
    assert not of_kind(events, "drew")  # nothing is drawn after the win


def test_the_instant_win_is_the_only_action_and_step_refuses_the_rest() -> None:
    hands = [JUNK_E, SEVEN_S, JUNK_W, JUNK_N]
    state, _, _ = game(hands, "7z8f", back=BACK + "1p", options={"eight_flowers": True})
    state, _ = play(state, ["0: discard 7z"], rules=TAIWAN)
    refused: list[tuple[int, Action]] = [
        (1, Pass()),  # "wins instantly": no passing it
        (1, Discard(state.concealed[1][0])),
        (1, Ron()),
        (0, Ron()),  # nobody else has anything to do
        (2, Pass()),
    ]
    for seat, action in refused:
        with pytest.raises(IllegalAction, match="not legal for seat"):
            step(TAIWAN, state, seat, action)
    # the views: the revealer must act on the tile on offer, the bonus tiles all shown
    view = player_view(TAIWAN, state, 1)
    assert view.to_act and view.phase == "claim" and view.claim_tile == parse_tiles("8f")[0]
    assert player_view(TAIWAN, state, 2).seats[1].bonus == tuple(parse_tiles("12345678f"))
    assert not player_view(TAIWAN, state, 2).to_act


def test_eight_bonus_tiles_dealt_win_once_the_deal_has_replaced_them() -> None:
    hands = [JUNK_E, EIGHT_S, JUNK_W, JUNK_N]
    state, events, _ = game(hands, "7z", back=BACK + "1p", options={"eight_flowers": True})
    # the dealer's first draw waits: South's win comes first, its hand whole again (16 tiles)
    assert [e.kind for e in events[-2:]] == ["bonus_declared", "drew"]
    assert not [e for e in events if e.kind == "drew" and not e.replacement]
    assert legal_actions(TAIWAN, state, 1) == [Tsumo()] and state.claim_kind == "deal_bonus"
    assert hand_size(state, 1) == 16 and not any(is_bonus(t) for t in state.concealed[1])
    state, events = act(state, 1, "tsumo")
    won = of_kind(events, "won")[0]
    assert won.result["total"] == 8 and won.tile == parse_tiles("8f")[0]
    assert of_kind(events, "points_moved")[0].deltas == (-12, 34, -11, -11)


# ---------------------------------------------------------------- seven robbing the eighth


@pytest.mark.parametrize(
    ("hands", "draws", "script", "robber", "revealer", "paid"),
    [
        # the dealer reveals the eighth on its first draw; South robs it: the dealer pays
        # 3 + 8 + 1 dealer tai
        ([JUNK_E, SEVEN_S, JUNK_W, JUNK_N], "8f", [], 1, 0, 12),
        # South reveals it; West robs: South alone pays 3 + 8
        ([JUNK_E, JUNK_S, SEVEN_W, JUNK_N], "7z8f", ["0: discard 7z"], 2, 1, 11),
        # South reveals it on a kong's replacement; the dealer robs: 3 + 8 + 1 dealer tai
        (
            [SEVEN_E, "9999p258m147s123456z", JUNK_W, JUNK_N],
            "7z7z",
            ["0: discard 7z", "1: ankan 9999p"],
            0,
            1,
            12,
        ),
    ],
)
def test_seven_bonus_tiles_rob_the_eighth_paid_by_the_revealer(
    hands: list[str],
    draws: str,
    script: list[str],
    robber: int,
    revealer: int,
    paid: int,
) -> None:
    kong = any("ankan" in line for line in script)
    back = BACK + ("8f1p" if kong else "1p")  # the kong's replacement is the 8f
    state, events, _ = game(hands, draws, back=back, options={"seven_rob_eighth": True})
    state, more = play(state, script, rules=TAIWAN)
    events += more
    assert [e.kind for e in events[-2:]] == ["drew", "bonus_declared"]
    assert state.turn == revealer and state.claim_tile == parse_tiles("8f")[0]
    assert legal_actions(TAIWAN, state, robber) == [Pass(), Ron()]
    assert all(not legal_actions(TAIWAN, state, s) for s in range(4) if s != robber)
    state, events = act(state, robber, "ron")
    won = of_kind(events, "won")[0]
    assert (won.seat, won.source, won.tile) == (robber, revealer, parse_tiles("8f")[0])
    assert len(won.hand) == 16 and not won.robbed_kong
    assert [(i["id"], i["value"]) for i in won.result["items"]] == [("seven_rob_eighth", 8)]
    deltas = [0] * 4
    deltas[robber], deltas[revealer] = paid, -paid
    assert of_kind(events, "points_moved")[0].deltas == tuple(deltas)
    assert of_kind(events, "hand_ended")[0].winners == (robber,)


def test_the_robbed_win_is_the_contracts_request() -> None:
    # the request the engine scores is the one docs/taiwan.md describes: 16 tiles held, all
    # eight bonus tiles, win "ron", discarder the revealer, situation robbing_flower
    hands = [JUNK_E, JUNK_S, SEVEN_W, JUNK_N]
    state, _, _ = game(hands, "7z8f", BACK + "1p", {"seven_rob_eighth": True})
    state, _ = play(state, ["0: discard 7z"], rules=TAIWAN)
    request = {
        "variant": "taiwan",
        "rules": {"seven_rob_eighth": True},
        "hand": format_tiles(state.concealed[2]),
        "win_tile": format_tiles(state.concealed[2][-1:]),
        "win": "ron",
        "discarder": "S",
        "seat_wind": "W",
        "flowers": "12345678f",
        "situation": ["robbing_flower"],
    }
    expected = score(request)
    state, events = act(state, 2, "ron")
    assert of_kind(events, "won")[0].result == expected


def test_a_rob_passed_lets_the_revealer_replace_the_tile_and_play_on() -> None:
    hands = [JUNK_E, JUNK_S, SEVEN_W, JUNK_N]
    state, _, _ = game(hands, "7z8f", back=BACK + "1p", options=BOTH)
    state, _ = play(state, ["0: discard 7z"], rules=TAIWAN)
    state, events = play(state, ["2: pass"], rules=TAIWAN)
    assert [(e.kind, e.seat, e.to_dict()["tile"]) for e in events] == [("drew", 1, "1p")]
    assert state.phase == "turn" and state.turn == 1 and state.drawn == parse_tiles("1p")[0]
    assert Discard(parse_tiles("1p")[0]) in legal_actions(TAIWAN, state, 1)
    assert not of_kind(events, "won") and state.bonus_replaced


def test_a_rob_passed_on_the_last_live_tile_ends_the_hand_drawn() -> None:
    # the eighth is the last tile drawn before the reserve: the rob is still offered (the tile
    # is revealed); passed, nothing is left to replace it and the hand is drawn
    hands = [JUNK_E, JUNK_S, SEVEN_W, JUNK_N]
    live = 144 - 4 * 16 - 7 - 16  # front draws after the deal and its seven replacements
    pool = Counter(tile_set("taiwan", {}).tiles())
    for text in (*hands, BACK):
        pool -= Counter(parse_tiles(text))
    plain = sorted(t for t in pool.elements() if not is_bonus(t))
    draws = format_tiles([*plain[: live - 1], parse_tiles("8f")[0]], sort=False)
    state, _, _ = game(hands, draws, back=BACK, options=BOTH)
    state, _ = auto(state, lambda s, e: s.phase == "claim" and s.claim_kind == "bonus", TAIWAN)
    assert state.live_tiles(TAIWAN.dead_wall) == 0 and state.turn == 0
    assert legal_actions(TAIWAN, state, 2) == [Pass(), Ron()]
    state, events = act(state, 2, "pass")
    assert [e.kind for e in events] == ["hand_ended", "game_ended"]
    assert of_kind(events, "hand_ended")[0].outcome == "exhaustive_draw"


def test_no_rob_of_an_eighth_revealed_before_the_seventh() -> None:
    # in the deal the dealer reveals 8f before South reveals its seven: nobody held seven then
    hands = ["147m258p369s123456z8f", SEVEN_S, JUNK_W, JUNK_N]
    state, events, _ = game(hands, "7z", back=BACK + "1p", options=BOTH)
    assert not of_kind(events, "won") and state.phase == "turn" and state.turn == 0
    assert len(state.bonus[1]) == 7 and state.bonus[0] == tuple(parse_tiles("8f"))


def test_the_eighth_revealed_in_the_deal_is_robbed_by_a_seat_already_holding_seven() -> None:
    # the dealer has revealed its seven when South reveals the eighth: the dealer may rob it,
    # South pays 3 + 8 + 1 dealer tai
    hands = [SEVEN_E, EIGHTH_S, JUNK_W, JUNK_N]
    state, events, _ = game(hands, "7z", back=BACK + "1p", options=BOTH)
    assert state.claim_kind == "deal_bonus" and state.turn == 1
    assert legal_actions(TAIWAN, state, 0) == [Pass(), Ron()]
    state, events = act(state, 0, "ron")
    assert of_kind(events, "won")[0].result["total"] == 8
    assert of_kind(events, "points_moved")[0].deltas == (12, -12, 0, 0)


def test_a_rob_passed_in_the_deal_lets_the_deal_go_on() -> None:
    hands = [SEVEN_E, EIGHTH_S, JUNK_W, JUNK_N]
    state, _, _ = game(hands, "7z", back=BACK + "1p", options=BOTH)
    state, events = act(state, 0, "pass")
    # the deal is over (South's 8f was replaced before the window): the dealer's first draw
    assert [(e.kind, e.seat, e.replacement) for e in events] == [("drew", 0, False)]
    assert state.phase == "turn" and state.turn == 0 and hand_size(state, 0) == 17


# ---------------------------------------------------------------- the options off


@pytest.mark.parametrize(
    ("hands", "draws", "options"),
    [
        # seven, then the eighth drawn by the same seat: no instant win without eight_flowers
        ([SEVEN_E, JUNK_S, JUNK_W, JUNK_N], "8f", {}),
        ([SEVEN_E, JUNK_S, JUNK_W, JUNK_N], "8f", {"seven_rob_eighth": True}),
        # seven, and another seat reveals the eighth: no rob without seven_rob_eighth
        ([JUNK_E, SEVEN_S, JUNK_W, JUNK_N], "8f", {}),
        ([JUNK_E, SEVEN_S, JUNK_W, JUNK_N], "8f", {"eight_flowers": True}),
        # all eight dealt, or the eighth dealt to another, options off
        ([JUNK_E, EIGHT_S, JUNK_W, JUNK_N], "", {}),
        ([SEVEN_E, EIGHTH_S, JUNK_W, JUNK_N], "", {"eight_flowers": True}),
    ],
)
def test_without_its_option_no_bonus_tile_win_is_offered(
    hands: list[str], draws: str, options: dict[str, bool]
) -> None:
    state, events, _ = game(hands, draws, back=BACK + "1p", options=options)
    # the deal and the dealer's first draw ran through: the dealer's turn, no window, no win
    assert state.phase == "turn" and state.turn == 0 and hand_size(state, 0) == 17
    assert sum(len(b) for b in state.bonus) == 8
    assert not of_kind(events, "won")
    assert Tsumo() not in legal_actions(TAIWAN, state, 0)
    assert all(not legal_actions(TAIWAN, state, s) for s in (1, 2, 3))


# ---------------------------------------------------------------- bots and records


@pytest.mark.parametrize(
    "bot", ["random", "tsumogiri", "eager", "beginner", "normal", "expert", "master"]
)
@pytest.mark.parametrize(
    ("hands", "draws", "script", "seat", "win"),
    [
        ([JUNK_E, SEVEN_S, JUNK_W, JUNK_N], "7z8f", ["0: discard 7z"], 1, Tsumo()),
        ([JUNK_E, JUNK_S, SEVEN_W, JUNK_N], "7z8f", ["0: discard 7z"], 2, Ron()),
    ],
)
def test_every_bot_takes_a_bonus_tile_win(
    bot: str, hands: list[str], draws: str, script: list[str], seat: int, win: Action
) -> None:
    state, _, _ = game(hands, draws, back=BACK + "1p", options=BOTH)
    state, _ = play(state, script, rules=TAIWAN)
    legal = legal_actions(TAIWAN, state, seat)
    assert win in legal
    assert make_bot(bot, 5).choose(player_view(TAIWAN, state, seat), legal) == win


@pytest.mark.parametrize(
    ("hands", "draws", "actions"),
    [
        ([JUNK_E, SEVEN_S, JUNK_W, JUNK_N], "7z8f", ["0: discard 7z", "1: tsumo"]),
        ([JUNK_E, JUNK_S, SEVEN_W, JUNK_N], "7z8f", ["0: discard 7z", "2: ron"]),
        ([SEVEN_E, EIGHTH_S, JUNK_W, JUNK_N], "7z", ["0: ron"]),
        ([JUNK_E, JUNK_S, SEVEN_W, JUNK_N], "7z8f", ["0: discard 7z", "2: pass", "1: discard 1p"]),
    ],
)
def test_a_record_of_a_bonus_tile_win_replays_identically(
    hands: list[str],
    draws: str,
    actions: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    state, events, wall = game(hands, draws, back=BACK + "1p", options=BOTH)
    record = GameRecord(
        "taiwan",
        dict(state.options),
        0,
        "one_hand",
        ["human"] * 4,
        start={"walls": [format_tiles(wall, sort=False)]},
    )
    for line in actions:
        who, _, text = line.partition(":")
        state, more = act(state, int(who), text.strip())
        record.actions.append((int(who), parse_action(text.strip())))
        events += more
    record.events = [e.to_dict() for e in events]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_dict()))
    assert main(["replay", str(path), "--verify"]) == 0
    assert "events identical" in capsys.readouterr().out
    # the same actions without the options: the engine refuses the win (or replays otherwise)
    data = json.loads(path.read_text())
    data["options"].update(eight_flowers=False, seven_rob_eighth=False)
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--verify"]) == 1

"""The score sheet (majiang.keep): hands entered as the table saw them, paid as each rule page
says. Every expected figure below is worked by hand from the rule pages (shared/rules/*.md):
riichi base points fu x 2^(han+2), HK p(fan) half-spicy, Taiwan 3 + tai (+ 1 + 2n dealer tai),
Sichuan base x 2^fan (+1 base each on a self-draw)."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.keep import InvalidEntry, Sheet

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def win(winner: str | list[str], source: str | None = None, **value: Any) -> dict[str, Any]:
    names = [winner] if isinstance(winner, str) else winner
    return {"type": "win", "from": source, "wins": [{"player": n, **value} for n in names]}


def riichi_sheet(**options: Any) -> Sheet:
    return Sheet.new("riichi", FOUR, options)


def test_riichi_dealer_ron_takes_the_stick_and_keeps_the_deal() -> None:
    sheet = riichi_sheet()
    sheet.add({"type": "riichi", "player": "Cy"})
    sheet.add(win("Ann", "Bob", han=3, fu=40))  # dealer 3 han 40 fu ron: 7700
    s = sheet.standing()
    assert s.scores == (25000 + 7700 + 1000, 25000 - 7700, 24000, 25000)
    assert (s.dealer, s.honba, s.sticks, s.next_label) == (0, 1, 0, "E1-1")


def test_riichi_tsumo_with_honba() -> None:
    sheet = riichi_sheet()
    sheet.add({"type": "draw", "ready": ["Ann"]})  # dealer ready: keeps, 1 honba; noten 3000
    sheet.add(win("Bob", None, han=1, fu=30))  # 300/500, +100 each for the honba
    s = sheet.standing()
    assert s.rows[0].deltas == (3000, -1000, -1000, -1000)
    assert s.rows[1].label == "E1-1"
    assert s.rows[1].deltas == (-600, 1400, -400, -400)
    assert (s.dealer, s.honba, s.next_label) == (1, 0, "E2")


def test_double_ron_counters_go_to_the_first_from_the_discarder() -> None:
    sheet = riichi_sheet()
    sheet.add({"type": "riichi", "player": "Dee"})
    sheet.add({"type": "draw", "ready": ["Ann", "Dee"]})  # 1500 each from Bob and Cy
    # E1-1, one stick: Bob deals in to Ann (dealer) and Cy; Cy is first after Bob
    sheet.add(win(["Ann", "Cy"], "Bob", han=2, fu=30))
    row = sheet.standing().rows[1]
    # Cy: 2 han 30 fu = 2000 + 300 honba + 1000 stick; Ann dealer 2 han 30 fu = 2900
    assert row.deltas == (2900, -2000 - 300 - 2900, 3300, 0)
    assert sheet.standing().next_label == "E1-2"  # the dealer won: keeps, honba grow


def test_three_winners_on_one_discard_abort_in_riichi() -> None:
    sheet = riichi_sheet()
    with pytest.raises(InvalidEntry, match="abortive draw") as err:
        sheet.add(win(["Ann", "Cy", "Dee"], "Bob", han=1, fu=30))
    assert err.value.field == "wins"
    assert sheet.hands == []


def test_head_bump_in_hong_kong() -> None:
    sheet = Sheet.new("hk", FOUR)
    with pytest.raises(InvalidEntry, match="only 1 player may win") as err:
        sheet.add(win(["Ann", "Cy"], "Bob", fan=3))
    assert err.value.field == "wins"


def test_riichi_draw_dealer_not_ready_passes_the_deal() -> None:
    sheet = riichi_sheet()
    sheet.add({"type": "draw", "ready": ["Bob"]})
    s = sheet.standing()
    assert s.scores == (24000, 28000, 24000, 24000)
    assert (s.dealer, s.honba, s.next_label) == (1, 1, "E2-1")


def test_east_game_ends_and_sticks_left_go_to_the_first() -> None:
    # nobody reaches 30,000: with Tenhou's default the game would go into sudden death
    sheet = riichi_sheet(extra_rounds="none")
    sheet.add(win("Bob", "Ann", han=1, fu=30))  # E1: 1000
    sheet.add(win("Cy", "Bob", han=1, fu=30))  # E2
    sheet.add(win("Dee", "Cy", han=1, fu=30))  # E3
    sheet.add({"type": "riichi", "player": "Ann"})
    sheet.add({"type": "draw", "ready": ["Ann"]})  # E4: Ann ready, Dee deals and is not: ends
    s = sheet.standing()
    assert s.ended == "length"
    # Ann: -1000 -1000 (riichi) +3000; Bob +1000 -1000 -1000; Cy +1000 -1000 -1000; Dee +1000 -1000
    # the one stick left goes to the first (Ann, 26000), final settlement +1000
    assert s.final == (1000, 0, 0, 0)
    assert s.scores == (27000, 24000, 24000, 25000)
    assert s.placements == (1, 3, 4, 2)
    with pytest.raises(InvalidEntry, match="game ended"):
        sheet.add(win("Bob", "Ann", han=1, fu=30))


def test_bust_ends_the_game() -> None:
    sheet = riichi_sheet(start_points=8000)
    sheet.add(win("Ann", "Bob", yakuman=1))  # dealer yakuman ron: 48000
    s = sheet.standing()
    assert s.ended == "bust"
    assert s.scores == (56000, -40000, 8000, 8000)


def test_edit_an_early_hand_recomputes_the_rest() -> None:
    sheet = riichi_sheet()
    sheet.add(win("Bob", "Ann", han=1, fu=30))
    sheet.add(win("Cy", "Dee", han=2, fu=30))
    assert sheet.standing().rows[1].label == "E2"
    sheet.edit(0, [win("Ann", "Cy", han=1, fu=30)])  # the dealer won after all: 1500
    s = sheet.standing()
    assert s.rows[1].label == "E1-1"
    # E1-1: Cy wins 2 han 30 fu from Dee: 2000 + 300
    assert s.scores == (26500, 25000, 25000 - 1500 + 2300, 25000 - 2300)
    sheet.undo()
    assert sheet.standing().scores == (26500, 25000, 23500, 25000)


def test_an_edit_that_cannot_stand_leaves_the_sheet_as_it_was() -> None:
    sheet = riichi_sheet(start_points=8000)
    sheet.add(win("Bob", "Ann", han=1, fu=30))
    sheet.add(win("Cy", "Dee", han=1, fu=30))
    before = sheet.to_dict()
    with pytest.raises(InvalidEntry, match="game ended after hand 1") as err:
        sheet.edit(0, [win("Ann", "Bob", yakuman=1)])  # Bob busts: hand 2 cannot follow
    assert err.value.field == "hands"
    assert sheet.to_dict() == before


def test_riichi_needs_the_points_and_the_variant() -> None:
    sheet = riichi_sheet(start_points=500)
    with pytest.raises(InvalidEntry, match="Bob has 500 points: riichi needs 1000"):
        sheet.add({"type": "riichi", "player": "Bob"})
    with pytest.raises(InvalidEntry, match="hk has no riichi"):
        Sheet.new("hk", FOUR).add({"type": "riichi", "player": "Bob"})


def test_values_in_the_wrong_unit_are_refused() -> None:
    with pytest.raises(InvalidEntry, match="riichi counts han, not fan") as err:
        riichi_sheet().add(win("Ann", "Bob", fan=3))
    assert err.value.field == "fan"
    with pytest.raises(InvalidEntry, match="fu must be") as err:
        riichi_sheet().add(win("Ann", "Bob", han=2))
    assert err.value.field == "fu"
    with pytest.raises(InvalidEntry, match="below the table's minimum of 3") as err:
        Sheet.new("hk", FOUR).add(win("Ann", "Bob", fan=2))
    assert err.value.field == "fan"


def test_taiwan_dealer_streak_pays_dealer_tai() -> None:
    sheet = Sheet.new("taiwan", FOUR)
    sheet.add(win("Ann", "Cy", tai=2))  # dealer wins: 3 + 2 + 1 dealer tai = 6
    assert sheet.standing().next_label == "E1 streak 1"
    sheet.add(win("Bob", None, tai=1))  # self-draw 4 each, the dealer 4 + (1 + 2) = 7
    s = sheet.standing()
    assert s.rows[0].deltas == (6, 0, -6, 0)
    assert s.rows[1].deltas == (-7, 15, -4, -4)
    assert (s.dealer, s.dealer_streak) == (1, 0)


def test_a_request_that_contradicts_the_dealer_streak() -> None:
    sheet = Sheet.new("taiwan", FOUR)
    sheet.add(win("Ann", "Cy", tai=2))
    request = {"hand": "123456789m234p55666s", "win_tile": "6s", "dealer_streak": 3}
    with pytest.raises(InvalidEntry, match="dealer_streak is 1") as err:
        sheet.add({"type": "win", "from": "Cy", "wins": [{"player": "Ann", "request": request}]})
    assert err.value.field == "request.dealer_streak"


def test_a_win_entered_with_the_calculator() -> None:
    sheet = riichi_sheet()
    sheet.add({"type": "riichi", "player": "Bob"})
    request = {
        "hand": "234567m234p55p777z",
        "win_tile": "5p",
        "situation": ["riichi", "ippatsu"],
        "dora_indicators": "1z",
    }
    sheet.add({"type": "win", "from": "Cy", "wins": [{"player": "Bob", "request": request}]})
    # riichi, ippatsu, red dragons: 3 han 40 fu as a child = 5200, and Bob's own stick back
    assert sheet.standing().scores == (25000, 30200, 19800, 25000)
    assert "3 han 40 fu" in sheet.standing().rows[0].text


def test_hong_kong_pao_pays_the_whole_self_draw() -> None:
    sheet = Sheet.new("hk", FOUR)
    sheet.add({"type": "win", "from": None, "wins": [{"player": "Bob", "fan": 5, "pao": "Dee"}]})
    assert sheet.standing().scores == (0, 72, 0, -72)  # p(5) = 24, three times, all from Dee


def test_sichuan_bloody_battle() -> None:
    sheet = Sheet.new("sichuan", FOUR)
    sheet.add({"type": "kong", "player": "Dee", "kind": "ankan"})  # 2 from each other
    sheet.add(win("Ann", None, fan=1))  # self-draw: 2 + 1 from each of three
    sheet.add(win("Bob", "Cy", fan=2))  # 4 from Cy
    assert sheet.standing().hand_open
    sheet.add(win("Cy", None, fan=0))  # self-draw: 1 + 1 from Dee, the only one still in
    s = sheet.standing()
    assert not s.hand_open
    assert s.rows[0].deltas == (-2 + 9, -2 - 3 + 4, -2 - 3 - 4 + 2, 6 - 3 - 2)
    assert (s.dealer, s.next_label) == (0, "hand 2")  # the first winner deals
    with pytest.raises(InvalidEntry, match="Ann has already won"):
        sheet.edit(0, [win("Ann", None, fan=1), win("Ann", "Cy", fan=1)])


def test_sichuan_draw_settlement() -> None:
    sheet = Sheet.new("sichuan", FOUR)
    sheet.add({"type": "kong", "player": "Cy", "kind": "kan", "from": "Bob"})  # Bob pays 2
    sheet.add(win("Ann", "Dee", fan=1))  # 2 from Dee
    sheet.add(
        {"type": "draw", "ready_fan": {"Bob": 2}, "three_suits": ["Dee"]}
    )  # Dee pays the cap 16 to Bob and Cy; Cy not ready pays Bob 4 and returns the kong's 2
    s = sheet.standing()
    assert s.rows[0].deltas == (2, -2 + 16 + 4 + 2, 2 + 16 - 4 - 2, -2 - 32)
    assert s.next_label == "hand 2" and s.dealer == 0


def test_sichuan_kong_money_passed_on() -> None:
    sheet = Sheet.new("sichuan", FOUR)
    sheet.add({"type": "kong", "player": "Bob", "kind": "ankan"})  # 2 from each: +6
    step = win("Cy", "Bob", fan=0)
    step["after_kong"] = True
    sheet.add(step)  # 1 from Bob, and the kong's 6 passed on to Cy
    assert sheet.standing().rows[0].deltas == (-2, 6 - 1 - 6, -2 + 1 + 6, -2)
    with pytest.raises(InvalidEntry, match="made no kong") as err:
        bad = win("Dee", "Ann", fan=0)
        bad["after_kong"] = True
        sheet.add(bad)
    assert err.value.field == "after_kong"


def test_kongs_and_abortive_draws_only_where_the_variant_has_them() -> None:
    with pytest.raises(InvalidEntry, match="kongs pay nothing by themselves in riichi"):
        riichi_sheet().add({"type": "kong", "player": "Ann", "kind": "ankan"})
    with pytest.raises(InvalidEntry, match="taiwan has no abortive draws"):
        Sheet.new("taiwan", FOUR).add({"type": "abortive", "reason": "four_winds"})
    sheet = riichi_sheet()
    sheet.add({"type": "abortive", "reason": "four_winds"})
    assert sheet.standing().next_label == "E1-1"
    with pytest.raises(InvalidEntry, match="rule abort_four_winds"):
        riichi_sheet(abort_four_winds=False).add({"type": "abortive", "reason": "four_winds"})


def test_nagashi_mangan_at_a_draw() -> None:
    sheet = riichi_sheet()
    sheet.add({"type": "draw", "ready": ["Ann"], "nagashi": ["Cy"]})  # a child's mangan tsumo
    assert sheet.standing().scores == (21000, 23000, 33000, 23000)


def test_players_and_entries_are_checked() -> None:
    with pytest.raises(InvalidEntry, match="riichi is played by 4, got 3") as err:
        Sheet.new("riichi", ["A", "B", "C"])
    assert err.value.field == "players"
    with pytest.raises(InvalidEntry, match="'Eve' is not a player") as err:
        riichi_sheet().add(win("Eve", "Bob", han=1, fu=30))
    assert err.value.field == "player"
    with pytest.raises(InvalidEntry, match="cannot win on their own discard"):
        riichi_sheet().add(win("Bob", "Bob", han=1, fu=30))
    with pytest.raises(InvalidEntry, match="nothing to undo"):
        riichi_sheet().undo()


def test_json_round_trip_keeps_every_hand() -> None:
    sheet = Sheet.new("sichuan", FOUR, {"base": 2}, length="south")
    sheet.add({"type": "kong", "player": "Dee", "kind": "ankan"})
    sheet.add(win("Ann", None, fan=1))
    back = Sheet.from_dict(sheet.to_dict())
    assert back.to_dict() == sheet.to_dict()
    assert back.standing() == sheet.standing()
    with pytest.raises(InvalidEntry) as err:
        Sheet.from_dict({**sheet.to_dict(), "format": "other"})
    assert err.value.field == "format"

"""Sichuan settlements outside the win (shared/rules/sichuan.md "Payment"): kong money ("wind and
rain"), kong money passed on after dealing in right after one's own kong, and the
exhaustive-draw settlement (three-suit penalty, not-ready payments at the ready player's best
possible hand, kong money returned). Every case checks exact amounts and zero-sum deltas."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import InvalidRequest
from majiang.hand import parse_hand
from majiang.rules.sichuan.payments import Transfer, WinPayment, deltas, win_transfers
from majiang.rules.sichuan.settlements import (
    ExhaustiveDraw,
    Kong,
    kong_transfers,
    pass_on_kong_money,
    settle_exhaustive_draw,
)

ALL = frozenset(range(4))


def flows(transfers: list[Transfer] | tuple[Transfer, ...]) -> list[tuple[int, int, int]]:
    return [(t.payer, t.payee, t.amount) for t in transfers]


def zero_sum(transfers: list[Transfer] | tuple[Transfer, ...]) -> tuple[int, ...]:
    d = deltas(transfers)
    assert sum(d) == 0
    return d


@pytest.mark.parametrize(
    ("kong", "base", "expected", "delta"),
    [
        # a kong on a discard: the discarder pays 2 base
        (Kong(0, "kan", ALL, discarder=2), 1, [(2, 0, 2)], (2, 0, -2, 0)),
        (Kong(0, "kan", ALL, discarder=2), 3, [(2, 0, 6)], (6, 0, -6, 0)),
        # an added kong: every player still in pays 1 base
        (Kong(1, "kakan", ALL), 1, [(0, 1, 1), (2, 1, 1), (3, 1, 1)], (-1, 3, -1, -1)),
        (Kong(3, "kakan", frozenset({0, 3})), 1, [(0, 3, 1)], (-1, 0, 0, 1)),
        # a concealed kong: every player still in pays 2 base
        (Kong(1, "ankan", ALL), 1, [(0, 1, 2), (2, 1, 2), (3, 1, 2)], (-2, 6, -2, -2)),
        (Kong(1, "ankan", frozenset({1, 2, 3})), 1, [(2, 1, 2), (3, 1, 2)], (0, 4, -2, -2)),
        (Kong(2, "ankan", frozenset({1, 2})), 5, [(1, 2, 10)], (0, -10, 10, 0)),
    ],
)
def test_wind_and_rain(
    kong: Kong, base: int, expected: list[tuple[int, int, int]], delta: tuple[int, ...]
) -> None:
    out = kong_transfers(kong, base)
    assert flows(out) == expected
    assert all(t.reason == "kong" for t in out)
    assert zero_sum(out) == delta


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"seat": 0, "kind": "kan", "players_in": ALL}, "discarder"),  # no discarder
        ({"seat": 0, "kind": "kan", "players_in": ALL, "discarder": 0}, "discarder"),
        ({"seat": 0, "kind": "kan", "players_in": frozenset({0, 1}), "discarder": 2}, "discarder"),
        ({"seat": 0, "kind": "kakan", "players_in": ALL, "discarder": 1}, "discarder"),
        ({"seat": 0, "kind": "ankan", "players_in": frozenset({1, 2})}, "seat"),
        ({"seat": 4, "kind": "ankan", "players_in": ALL}, "seat"),
        ({"seat": 0, "kind": "pon", "players_in": ALL}, "kind"),
    ],
)
def test_bad_kong(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidRequest) as err:
        Kong(**fields)
    assert err.value.field == field


@pytest.mark.parametrize(
    ("kong", "winners", "expected", "net"),
    [
        # the whole kong money goes to the winner of the discard right after the kong
        (Kong(1, "ankan", ALL), [3], [(1, 3, 6)], (-2, 0, -2, 4)),
        (Kong(0, "kan", ALL, discarder=2), [2], [(0, 2, 2)], (0, 0, 0, 0)),
        (Kong(0, "kakan", frozenset({0, 1})), [1], [(0, 1, 1)], (0, 0, 0, 0)),
        # several winners share it; an odd point goes to the first in the order given
        (Kong(1, "ankan", ALL), [2, 3], [(1, 2, 3), (1, 3, 3)], (-2, 0, 1, 1)),
        (Kong(0, "kakan", ALL), [1, 3], [(0, 1, 2), (0, 3, 1)], (0, 1, -1, 0)),
        (Kong(0, "kakan", ALL), [1, 2, 3], [(0, 1, 1), (0, 2, 1), (0, 3, 1)], (0, 0, 0, 0)),
        (Kong(0, "kan", ALL, discarder=1), [2, 3], [(0, 2, 1), (0, 3, 1)], (0, -2, 1, 1)),
    ],
)
def test_kong_money_passed_on(
    kong: Kong, winners: list[int], expected: list[tuple[int, int, int]], net: tuple[int, ...]
) -> None:
    passed = pass_on_kong_money(kong, winners)
    assert flows(passed) == expected
    assert all(t.reason == "kong_passed_on" for t in passed)
    # the kong's owner ends with nothing from it; the record holds both payments
    assert zero_sum([*kong_transfers(kong), *passed]) == net
    assert net[kong.seat] == 0


@pytest.mark.parametrize("winners", [[], [1], [2, 2]])
def test_kong_money_passed_on_needs_other_winners(winners: list[int]) -> None:
    with pytest.raises(InvalidRequest) as err:
        pass_on_kong_money(Kong(1, "ankan", ALL), winners)
    assert err.value.field == "winners"


READY_PURE_PAIRS = "1122334455667m"  # best: pure seven pairs on 7m, 4 fan
READY_PLAIN = "123m456m789m234p5p"  # waits 2p/5p, plain hand, 0 fan
THREE_SUITS = "13579m2468p1357s"
NOT_READY = "13579m12345678p"  # two suits, not ready
FIFTH_TILE_ONLY = "123m456m789m2222p"  # would need a fifth 2p: not ready


def settle(hands: dict[int, str], kongs: tuple[Kong, ...] = (), **rules: Any) -> Any:
    draw = ExhaustiveDraw({s: parse_hand(h) for s, h in hands.items()}, kongs)
    return settle_exhaustive_draw(draw, rules or None)


@pytest.mark.parametrize(
    ("hands", "rules", "ready", "three", "expected", "delta"),
    [
        # the three-suit player pays every other player still in the cap (16), nothing more;
        # the not-ready player pays each ready player that player's best hand (16 and 1)
        (
            {0: READY_PURE_PAIRS, 1: THREE_SUITS, 2: NOT_READY, 3: READY_PLAIN},
            {},
            {0: 4, 3: 0},
            {1},
            [(1, 0, 16), (1, 2, 16), (1, 3, 16), (2, 0, 16), (2, 3, 1)],
            (32, -48, -1, 17),
        ),
        # two three-suit players do not pay each other
        (
            {0: THREE_SUITS, 1: "13579m2468p1357s", 2: READY_PLAIN, 3: NOT_READY},
            {},
            {2: 0},
            {0, 1},
            [(0, 2, 16), (0, 3, 16), (1, 2, 16), (1, 3, 16), (3, 2, 1)],
            (-32, -32, 33, 31),
        ),
        # the cap and the base are the table's: base 2, cap 3 fan
        (
            {0: READY_PURE_PAIRS, 1: THREE_SUITS, 2: NOT_READY},
            {"base": 2, "max_fan": 3},
            {0: 3},
            {1},
            [(1, 0, 16), (1, 2, 16), (2, 0, 16)],
            (32, -32, 0, 0),
        ),
        # a wait only on a fifth tile is no wait
        ({0: FIFTH_TILE_ONLY, 1: READY_PLAIN}, {}, {1: 0}, set(), [(0, 1, 1)], (-1, 1, 0, 0)),
        # golden hook ready: all pungs 1 + golden hook 1 = 2 fan
        (
            {2: "5p, pon 111m, pon 999m, pon 222p, pon 888p", 3: NOT_READY},
            {},
            {2: 2},
            set(),
            [(3, 2, 4)],
            (0, 0, 4, -4),
        ),
        # a ready hand's root counts (ankan 5555p): 1 fan
        (
            {0: "123m456m789m6p, ankan 5555p", 1: NOT_READY},
            {},
            {0: 1},
            set(),
            [(1, 0, 2)],
            (2, -2, 0, 0),
        ),
        # the best possible hand over every wait (nine gates: pure suit + a root = 3)
        ({0: "1112345678999m", 1: NOT_READY}, {}, {0: 3}, set(), [(1, 0, 8)], (8, -8, 0, 0)),
        # everybody ready, or nobody ready: nothing to pay
        ({0: READY_PLAIN, 1: READY_PURE_PAIRS}, {}, {0: 0, 1: 4}, set(), [], (0, 0, 0, 0)),
        ({0: NOT_READY, 1: FIFTH_TILE_ONLY}, {}, {}, set(), [], (0, 0, 0, 0)),
        # missing_suit off: a three-suit hand is simply ready or not
        (
            {0: "123m456p789s2345s", 1: NOT_READY},
            {"missing_suit": False},
            {0: 0},
            set(),
            [(1, 0, 1)],
            (1, -1, 0, 0),
        ),
        ({0: "123m456p789s2345s", 1: NOT_READY}, {}, {}, {0}, [(0, 1, 16)], (-16, 16, 0, 0)),
    ],
)
def test_exhaustive_draw(
    hands: dict[int, str],
    rules: dict[str, Any],
    ready: dict[int, int],
    three: set[int],
    expected: list[tuple[int, int, int]],
    delta: tuple[int, ...],
) -> None:
    result = settle(hands, **rules)
    assert dict(result.ready) == ready
    assert result.three_suits == three
    assert result.not_ready == set(hands) - set(ready)
    assert flows(result.transfers) == expected
    assert zero_sum(result.transfers) == delta == result.deltas


def test_exhaustive_draw_returns_kong_money() -> None:
    # Seat 3 won on seat 2's discard right after seat 2's concealed kong of 7p (passed on).
    # Before that seat 2 added a kong of 3p (all four in); afterwards seat 0 made a concealed
    # kong of 5p and seat 1 claimed 1s from seat 0's discard (three in).
    three_in = frozenset({0, 1, 2})
    kongs = (
        Kong(2, "kakan", ALL),
        Kong(2, "ankan", ALL, passed_on=True),
        Kong(0, "ankan", three_in),
        Kong(1, "kan", three_in, discarder=0),
    )
    hands = {
        0: "123m456m789m6p, ankan 5555p",  # ready, 1 fan (root)
        1: "13579m24689p, kan 1111s",  # three suits
        2: "13579m12p, kakan 3333p, ankan 7777p",  # not ready
    }
    result = settle(hands, kongs)
    assert flows(result.transfers) == [
        (1, 0, 16),  # three suits pays every other player still in the cap
        (1, 2, 16),
        (2, 0, 2),  # not ready pays the ready player's best hand (1 fan)
        (2, 0, 1),  # seat 2 returns its added kong's money ...
        (2, 1, 1),
        (2, 3, 1),  # ... to seat 3 as well, who has won since
        (1, 0, 2),  # seat 1 (three suits, so not ready) returns its kong's money
    ]
    assert [t.reason for t in result.transfers] == [
        "three_suits",
        "three_suits",
        "not_ready",
        "kong_returned",
        "kong_returned",
        "kong_returned",
        "kong_returned",
    ]
    assert zero_sum(result.transfers) == (21, -33, 11, 1)

    # the whole hand's ledger stays zero-sum: kong money, the pass-on, the win, the settlement
    ledger = [t for k in kongs for t in kong_transfers(k)]
    ledger += pass_on_kong_money(kongs[1], [3])
    ledger += win_transfers(WinPayment(3, 1, discarder=2, players_in=ALL))
    ledger += result.transfers
    assert zero_sum(ledger) == (20, -36, 10, 6)


def test_exhaustive_draw_rejects_wrong_sizes() -> None:
    with pytest.raises(InvalidRequest) as err:
        settle({0: "123m456m789m234p55p"})
    assert err.value.field == "hands"


NINE_GATES = "1112345678999m"  # best: pure suit 2 + a root 1 = 3 fan, 8 points
READY_ROOT = "123m456m789m6p, ankan 5555p"  # best: a root, 1 fan, 2 points
NOT_READY_KONG = "13578m12346p, ankan 9999m"


@pytest.mark.parametrize(
    ("hands", "kongs", "delta"),
    [
        # sichuan.md "Payment": "a player who is not ready pays each ready player that player's
        # best possible hand" (base 1, 2^fan): one ready (0 fan: 1) paid 1 by each of three
        ({0: READY_PLAIN, 1: NOT_READY, 2: NOT_READY, 3: NOT_READY}, (), (3, -1, -1, -1)),
        # two ready (4 fan: 16, 0 fan: 1): each of the two others pays 16 + 1
        ({0: READY_PURE_PAIRS, 1: READY_PLAIN, 2: NOT_READY, 3: NOT_READY}, (), (32, 2, -17, -17)),
        # three ready (16, 1, 8): the one not ready pays 25
        ({0: READY_PURE_PAIRS, 1: READY_PLAIN, 2: NINE_GATES, 3: NOT_READY}, (), (16, 1, 8, -25)),
        # kongs: "players not ready return their kong money to those who paid it" -- seat 3's
        # concealed kong (2 from each of the three) goes back; ready seat 0 keeps its own.
        # Seat 0 (a root: 2) gets 2 from each of three: +6; seat 3 pays 2 and returns 6
        (
            {0: READY_ROOT, 1: NOT_READY, 2: NOT_READY, 3: NOT_READY_KONG},
            (Kong(0, "ankan", ALL), Kong(3, "ankan", ALL)),
            (8, 0, 0, -8),
        ),
    ],
)
def test_not_ready_players_pay_one_two_or_three_ready_players(
    hands: dict[int, str], kongs: tuple[Kong, ...], delta: tuple[int, ...]
) -> None:
    result = settle(hands, kongs)
    assert result.three_suits == set()
    assert zero_sum(result.transfers) == delta == result.deltas

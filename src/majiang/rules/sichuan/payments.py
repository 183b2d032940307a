"""Sichuan win payments: base × 2^fan from the discarder, or from each player still in.

A ``Transfer`` is one payment between two seats (0-3); the engine applies lists of them and
``deltas`` sums them per seat. ``win_points`` is the scoring contract's ``points`` of a win;
``win_transfers`` is the same payment between seats, for the engine.

>>> win_points(2, self_drawn=True, players_in_hand=3).to_dict()
{'total': 15, 'payers': [{'from': 'each', 'amount': 5}]}
>>> [str(t) for t in win_transfers(WinPayment(winner=0, fan=2, discarder=None, players_in=frozenset({0, 1, 2})))]
['1 -> 0: 5 (win)', '2 -> 0: 5 (win)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.sichuan.options import CHENGDU, SichuanOptions
from majiang.scoring import Payment, Points

Reason = Literal["win", "kong", "kong_passed_on", "three_suits", "not_ready", "kong_returned"]

SEATS = 4


@dataclass(frozen=True)
class Transfer:
    """``amount`` points paid by seat ``payer`` to seat ``payee`` (seats 0-3), and why."""

    payer: int
    payee: int
    amount: int
    reason: Reason

    def __str__(self) -> str:
        return f"{self.payer} -> {self.payee}: {self.amount} ({self.reason})"


def deltas(transfers: Iterable[Transfer], seats: int = SEATS) -> tuple[int, ...]:
    """Return each seat's gain (negative: loss) from the transfers; the sum is always zero.

    >>> deltas([Transfer(1, 0, 4, "win"), Transfer(2, 0, 4, "win")])
    (8, -4, -4, 0)
    """
    out = [0] * seats
    for t in transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return tuple(out)


def hand_value(fan: int, base: int = CHENGDU.base) -> int:
    """Return what one payer owes for a hand of ``fan`` (already capped): base × 2^fan.

    >>> hand_value(0), hand_value(3, base=2)
    (1, 16)
    """
    return int(base * 2**fan)


def each_payer_amount(fan: int, *, self_drawn: bool, table: SichuanOptions = CHENGDU) -> int:
    """Return what one payer owes for a win: the hand's value, plus one base for a self-draw
    under ``plus_one_base`` (``plus_one_fan`` is already a fan item of the score).

    >>> each_payer_amount(1, self_drawn=True), each_payer_amount(1, self_drawn=False)
    (3, 2)
    """
    extra = table.base if self_drawn and table.self_draw == "plus_one_base" else 0
    return hand_value(fan, table.base) + extra


def win_points(
    fan: int,
    *,
    self_drawn: bool,
    players_in_hand: int = 3,
    table: SichuanOptions = CHENGDU,
) -> Points:
    """Return the contract's points: the discarder pays (``self_drawn=False``), or ``each`` of the
    ``players_in_hand`` opponents still playing pays.

    >>> win_points(3, self_drawn=False).to_dict()
    {'total': 8, 'payers': [{'from': 'discarder', 'amount': 8}]}
    """
    amount = each_payer_amount(fan, self_drawn=self_drawn, table=table)
    if not self_drawn:
        return Points(amount, (Payment("discarder", amount),))
    return Points(amount * players_in_hand, (Payment("each", amount),))


@dataclass(frozen=True)
class WinPayment:
    """A win to pay, for the engine.

    ``fan`` is the score's ``total`` (capped, bonus fan included). ``discarder`` is the seat that
    pays alone: the discarder of the winning tile, the player whose added kong was robbed, or,
    under ``kong_flower_from_discard: discarder_pays``, the player who discarded the kong tile;
    ``None`` for a self-draw paid by every other seat in ``players_in`` (the seats still playing,
    the winner included).
    """

    winner: int
    fan: int
    discarder: int | None
    players_in: frozenset[int]


def win_transfers(win: WinPayment, rules: Mapping[str, Any] | None = None) -> list[Transfer]:
    """Return the transfers of one win (``rules``: the table's options, defaults if omitted).

    >>> [str(t) for t in win_transfers(WinPayment(2, 1, discarder=3, players_in=frozenset(range(4))))]
    ['3 -> 2: 2 (win)']
    """
    table = SichuanOptions.of(rules or {})
    for seat in (win.winner, win.discarder, *win.players_in):
        if seat is not None and not 0 <= seat < SEATS:
            raise InvalidRequest(_("seat {seat!r} is not 0-3").format(seat=seat), field="seat")
    if win.discarder is not None:
        if win.discarder == win.winner:
            raise InvalidRequest(_("the discarder cannot be the winner"), field="discarder")
        amount = each_payer_amount(win.fan, self_drawn=False, table=table)
        return [Transfer(win.discarder, win.winner, amount, "win")]
    amount = each_payer_amount(win.fan, self_drawn=True, table=table)
    return [Transfer(p, win.winner, amount, "win") for p in sorted(win.players_in - {win.winner})]

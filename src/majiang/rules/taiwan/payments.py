"""Taiwan payments: base points plus points per tai, and the dealer's tai with the streak.

Every win, even with 0 tai, is worth ``base + tai_value * tai`` (3 + 1 per tai by the seed). On
a discard only the discarder pays; on a self-draw each of the other three pays. Whenever the
dealer is involved in a payment (the dealer wins, deals in, or pays for a self-draw) that payment
carries ``1 + 2n`` dealer tai for a dealer who has kept the seat ``n`` hands in a row. Dealer tai
are no items: they show in the payments only, never in ``total``.

Payers are named by seat wind letter (``E`` is the dealer); a discard win whose ``discarder`` was
not given is paid by ``"discarder"`` (a non-dealer, as the contract says).

>>> pay = payments(total=2, winner=1, tsumo=True, discarder=None, dealer_streak=1)
>>> [(p.payer, p.amount) for p in pay.payers], pay.total
([('W', 5), ('N', 5), ('E', 8)], 18)
"""

from __future__ import annotations

from majiang.scoring import WIND_LETTERS, Payment, Points

DEALER = 0
BASE = 3
TAI_VALUE = 1


def dealer_tai(dealer_streak: int) -> int:
    """Return the dealer's tai after keeping the seat ``dealer_streak`` hands: ``1 + 2n``.

    >>> [dealer_tai(n) for n in (0, 1, 3)]
    [1, 3, 7]
    """
    return 1 + 2 * dealer_streak


def payments(
    total: int,
    winner: int,
    tsumo: bool,
    discarder: int | None,
    dealer_streak: int = 0,
    base: int = BASE,
    tai_value: int = TAI_VALUE,
) -> Points:
    """Return who pays the winner how much for a win of ``total`` tai.

    ``winner`` and ``discarder`` are seat winds 0-3 (E S W N). On a self-draw the payers come in
    turn order after the winner.

    >>> [(p.payer, p.amount) for p in payments(0, 2, False, 0, dealer_streak=3).payers]
    [('E', 10)]
    """
    value = base + tai_value * total
    extra = tai_value * dealer_tai(dealer_streak)

    def amount(payer: int | None) -> int:
        return value + (extra if DEALER in (winner, payer) else 0)

    if tsumo:
        seats = [(winner + i) % 4 for i in (1, 2, 3)]
        out = tuple(Payment(WIND_LETTERS[s], amount(s)) for s in seats)
    elif discarder is None:
        out = (Payment("discarder", amount(None)),)
    else:
        out = (Payment(WIND_LETTERS[discarder], amount(discarder)),)
    return Points(sum(p.amount for p in out), out)


def dealer_involved(winner: int, tsumo: bool, discarder: int | None) -> bool:
    """Return whether any payment of this win carries the dealer tai.

    >>> dealer_involved(2, False, 1), dealer_involved(2, True, None), dealer_involved(2, False, 0)
    (False, True, True)
    """
    return winner == DEALER or tsumo or discarder == DEALER

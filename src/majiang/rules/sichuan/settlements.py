"""Sichuan settlements outside the win's score: kong money ("wind and rain"), kong money passed
on after dealing in right after one's own kong, and the exhaustive-draw settlement.

Inputs are frozen dataclasses with seats 0-3; outputs are lists of ``Transfer`` (payer, payee,
amount, reason), zero-sum by construction; ``deltas`` sums them per seat.

>>> kong = Kong(seat=1, kind="ankan", players_in=frozenset(range(4)))
>>> [str(t) for t in kong_transfers(kong)]
['0 -> 1: 2 (kong)', '2 -> 1: 2 (kong)', '3 -> 1: 2 (kong)']
>>> [str(t) for t in pass_on_kong_money(kong, winners=[3])]
['1 -> 3: 6 (kong_passed_on)']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from majiang.errors import InvalidRequest
from majiang.hand import Hand
from majiang.i18n import _
from majiang.rules.sichuan.fan import best_waiting_fan, holds_three_suits
from majiang.rules.sichuan.options import CHENGDU, SichuanOptions
from majiang.rules.sichuan.payments import SEATS, Transfer, deltas, hand_value

KongKind = Literal["kan", "kakan", "ankan"]

#: "Wind and rain": what each payer owes, in base points, per kind of kong.
KONG_BASES: Mapping[KongKind, int] = {"kan": 2, "kakan": 1, "ankan": 2}


@dataclass(frozen=True)
class Kong:
    """A kong as it was made.

    ``kind``: ``kan`` (claimed from a discard), ``kakan`` (added to a pon), ``ankan`` (concealed).
    ``players_in``: the seats still playing when it was made (the kong's owner included).
    ``discarder``: for a ``kan``, the seat that discarded the kong tile.
    ``passed_on``: its money went to the winner on the owner's next discard (it is then never
    returned at a draw).
    """

    seat: int
    kind: KongKind
    players_in: frozenset[int]
    discarder: int | None = None
    passed_on: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KONG_BASES:
            raise InvalidRequest(
                _("kong kind must be kan, kakan or ankan, got {kind!r}").format(kind=self.kind),
                field="kind",
            )
        if not 0 <= self.seat < SEATS or any(not 0 <= s < SEATS for s in self.players_in):
            raise InvalidRequest(_("seats are 0-3, got {kong!r}").format(kong=self), field="seat")
        if self.seat not in self.players_in:
            raise InvalidRequest(
                _("seat {seat} made a kong but is not in play").format(seat=self.seat), field="seat"
            )
        if self.kind == "kan":
            if self.discarder is None or self.discarder == self.seat:
                raise InvalidRequest(
                    _("a kong claimed from a discard needs the discarder's seat"),
                    field="discarder",
                )
            if self.discarder not in self.players_in:
                raise InvalidRequest(
                    _("discarder {seat} is not in play").format(seat=self.discarder),
                    field="discarder",
                )
        elif self.discarder is not None:
            raise InvalidRequest(
                _("a kong of kind {kind!r} has no discarder").format(kind=self.kind),
                field="discarder",
            )


def kong_transfers(kong: Kong, base: int = CHENGDU.base) -> list[Transfer]:
    """Return the kong's "wind and rain", paid when it is made: ``kan`` the discarder pays 2 base,
    ``kakan`` every other player still in pays 1 base, ``ankan`` every other player still in 2.

    >>> [str(t) for t in kong_transfers(Kong(0, "kan", frozenset(range(4)), discarder=2))]
    ['2 -> 0: 2 (kong)']
    """
    amount = KONG_BASES[kong.kind] * base
    if kong.kind == "kan":
        assert kong.discarder is not None
        return [Transfer(kong.discarder, kong.seat, amount, "kong")]
    return [Transfer(p, kong.seat, amount, "kong") for p in sorted(kong.players_in - {kong.seat})]


def pass_on_kong_money(
    kong: Kong, winners: Sequence[int], base: int = CHENGDU.base
) -> list[Transfer]:
    """Return the transfers that pass the kong's money from its owner, who dealt in with the
    discard right after it, to the winner(s) of that discard.

    Several winners on that discard share it evenly; an odd point left over goes one each to
    the winners in the order given (the engine gives them in turn order after the discarder).

    >>> k = Kong(0, "kakan", frozenset(range(4)))
    >>> [str(t) for t in pass_on_kong_money(k, winners=[1, 3])]
    ['0 -> 1: 2 (kong_passed_on)', '0 -> 3: 1 (kong_passed_on)']
    """
    if not winners or len(set(winners)) != len(winners) or kong.seat in winners:
        raise InvalidRequest(
            _("kong money goes to the other winners of the discard, got {winners!r}").format(
                winners=list(winners)
            ),
            field="winners",
        )
    money = sum(t.amount for t in kong_transfers(kong, base))
    share, extra = divmod(money, len(winners))
    out = []
    for i, w in enumerate(winners):
        amount = share + (1 if i < extra else 0)
        if amount:
            out.append(Transfer(kong.seat, w, amount, "kong_passed_on"))
    return out


@dataclass(frozen=True)
class ExhaustiveDraw:
    """The hand at an exhaustive draw: the 13-tile hands of the players still in (seat -> hand;
    seats that have already won are absent) and every kong made in the hand."""

    hands: Mapping[int, Hand]
    kongs: tuple[Kong, ...] = ()


@dataclass(frozen=True)
class DrawSettlement:
    """The outcome of an exhaustive draw: who held three suits, who was ready (seat -> best
    possible hand's fan), who was not, and every transfer in the order made."""

    three_suits: frozenset[int]
    ready: Mapping[int, int]
    not_ready: frozenset[int]
    transfers: tuple[Transfer, ...] = field(default=())

    @property
    def deltas(self) -> tuple[int, ...]:
        """Return each seat's gain from the settlement."""
        return deltas(self.transfers)


def settle_exhaustive_draw(
    draw: ExhaustiveDraw, rules: Mapping[str, Any] | None = None
) -> DrawSettlement:
    """Return the exhaustive-draw settlement among the players still in.

    1. A player holding three suits pays every other player still in the capped value
       (base × 2^max_fan) and nothing more; two such players do not pay each other.
    2. A player not ready (holding two suits or fewer) pays each ready player that ready
       player's best possible hand: base × 2^fan, the highest capped pattern fan (roots included,
       no bonus fan) over every tile that would complete it.
    3. Every player not ready (three-suit players included) returns the money of each kong they
       made that was not passed on, to those who paid it, whether or not those have won since.

    ``rules`` are the table's options (``base``, ``max_fan``, ``missing_suit``; defaults if
    omitted).

    >>> from majiang.hand import parse_hand
    >>> s = settle_exhaustive_draw(ExhaustiveDraw({0: parse_hand("1122334455667m"),
    ...                                            1: parse_hand("13579m2468p1357s")}))
    >>> s.three_suits, dict(s.ready), s.deltas
    (frozenset({1}), {0: 4}, (16, -16, 0, 0))
    """
    table = SichuanOptions.of(rules or {})
    for seat, hand in draw.hands.items():
        if not 0 <= seat < SEATS:
            raise InvalidRequest(_("seats are 0-3, got {seat!r}").format(seat=seat), field="hands")
        size = len(hand.concealed) + 3 * len(hand.melds)
        if size != 13:
            raise InvalidRequest(
                _(
                    "seat {seat}: a hand at a draw has 13 tiles (kongs counted as 3), got {size}"
                ).format(seat=seat, size=size),
                field="hands",
            )
    still_in = sorted(draw.hands)
    three = frozenset(
        s for s in still_in if table.missing_suit and holds_three_suits(draw.hands[s])
    )
    ready: dict[int, int] = {}
    for s in still_in:
        if s in three:
            continue
        fan = best_waiting_fan(draw.hands[s], table=table)
        if fan is not None:
            ready[s] = fan
    return settle_draw(still_in, three, ready, draw.kongs, table)


def settle_draw(
    still_in: Sequence[int],
    three_suits: frozenset[int],
    ready: Mapping[int, int],
    kongs: Sequence[Kong],
    table: SichuanOptions = CHENGDU,
) -> DrawSettlement:
    """Return the exhaustive-draw settlement from what the hands showed (no tiles read): the
    seats ``still_in``, those holding ``three_suits``, each ready seat's best fan, the kongs
    made (the three steps of ``settle_exhaustive_draw``).

    >>> settle_draw([0, 1, 2], frozenset({2}), {0: 1}, []).deltas
    (18, 14, -32, 0)
    """
    not_ready = frozenset(still_in) - set(ready)
    out: list[Transfer] = []
    base = table.base
    cap = hand_value(table.max_fan, base)
    for payer in sorted(three_suits):
        out += [Transfer(payer, p, cap, "three_suits") for p in still_in if p not in three_suits]
    for payer in sorted(not_ready - three_suits):
        out += [Transfer(payer, p, hand_value(fan, base), "not_ready") for p, fan in ready.items()]
    for kong in kongs:
        if kong.seat in not_ready and not kong.passed_on:
            out += [
                Transfer(t.payee, t.payer, t.amount, "kong_returned")
                for t in kong_transfers(kong, base)
            ]
    return DrawSettlement(three_suits, dict(sorted(ready.items())), not_ready, tuple(out))

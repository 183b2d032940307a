"""Hong Kong payments: the point tables, who pays, pao; and the table options they read.

hongkong.md "Payment": ``p(fan)`` is the table's base value. A discard win costs the discarder
``2p`` (or, with ``discard_pays: half``, ``p`` for the discarder and ``p/2`` for each of the
other two); a self-drawn win costs each opponent ``p``; a liable player (pao) pays the whole win
alone. ``hk2`` pays the golden value ``g(fan)`` from the one opponent on any win. Every amount is
multiplied by ``stake``.

Payers are named by role: ``discarder``, ``liable``, ``each`` (each opponent: all three on a
self-draw). With ``discard_pays: half`` the two others are named by seat wind when the
discarder is known; without a discarder they are one ``each`` entry (each of the two others).

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "123m456m789m11z22z2z",
...                               "win_tile": "2z", "win": "tsumo", "seat_wind": "S"})
>>> four_player_points(3, req, req.rules)
Points(total=24, payers=(Payment(payer='each', amount=8),))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.base import MOST_FAN, Option, RuleOptions, option, quote_value
from majiang.scoring import WIND_LETTERS, Payment, Points, ScoreRequest

#: the half-spicy base value p(fan) for 0-13 fan (hongkong.md "Payment")
HALF_SPICY: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
TABLE_NAMES = ("half_spicy", "full_spicy")


#: the largest value of a custom table: full_spicy's at ``MOST_FAN``
MOST_TABLE_VALUE = 2**MOST_FAN
#: the largest stake (a multiplier on every amount)
MOST_STAKE = 1_000_000


@dataclass(frozen=True)
class FanTableOption(Option):
    """A point-table option: one of the named tables, or a whole custom table.

    A custom table maps each fan (``"3"`` or ``3``, 0 to ``MOST_FAN``) to its base value, a
    whole number from 0 to ``MOST_TABLE_VALUE`` (2^64); it comes back with string keys in fan
    order.

    >>> FanTableOption("half_spicy", names=TABLE_NAMES).check("table", {4: 16, "3": 8})
    {'3': 8, '4': 16}
    >>> FanTableOption("half_spicy", names=TABLE_NAMES).check("table", "spicy")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'table' must be 'half_spicy', 'full_spicy' or points by fan like {"3": 8, "4": 16}, got 'spicy'
    >>> FanTableOption("half_spicy", names=TABLE_NAMES).check("table", {"65": 1})
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'table': '65' is not a fan count from 0 to 64 (use keys like "3")
    """

    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Its type and bounds are this class's own (a table name or a bounded table)."""

    def check(self, name: str, value: Any) -> Any:
        """Return the table name or the normalized custom table, else raise ``InvalidRequest``."""
        if value is None and self.default is None:
            return None
        if isinstance(value, str) and value in self.names:
            return value
        if not isinstance(value, Mapping):
            message = (
                _(
                    'rule {name!r} must be {names} or points by fan like {{"3": 8, "4": 16}}, got {value}'
                )
                if self.names
                else _('rule {name!r} must be points by fan like {{"3": 8, "4": 16}}, got {value}')
            )
            raise InvalidRequest(
                message.format(
                    name=name,
                    names=", ".join(repr(n) for n in self.names),
                    value=quote_value(value),
                ),
                field="rules",
            )
        table: dict[int, int] = {}
        for key, amount in value.items():
            fan = _fan_key(name, key)
            if (
                isinstance(amount, bool)
                or not isinstance(amount, int)
                or not 0 <= amount <= MOST_TABLE_VALUE
            ):
                raise InvalidRequest(
                    _(
                        "rule {name!r}: the value for {fan} fan must be a whole number from 0 "
                        "to 2^{most} ({limit}), got {value}"
                    ).format(
                        name=name,
                        fan=fan,
                        most=MOST_FAN,
                        limit=MOST_TABLE_VALUE,
                        value=quote_value(amount),
                    ),
                    field="rules",
                )
            table[fan] = amount
        return {str(fan): table[fan] for fan in sorted(table)}


def _fan_key(name: str, key: Any) -> int:
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key <= MOST_FAN:
        return key
    if (
        isinstance(key, str)
        and key.isascii()
        and key.isdigit()
        and len(key) <= 2
        and int(key) <= MOST_FAN
    ):
        return int(key)
    raise InvalidRequest(
        _('rule {name!r}: {key} is not a fan count from 0 to {most} (use keys like "3")').format(
            name=name, key=quote_value(key), most=MOST_FAN
        ),
        field="rules",
    )


class FanLimits(RuleOptions):
    """The minimum and the cap, shared by the three variants (what the fan table reads)."""

    min_fan: int = option(3, "minimum fan for a legal win", minimum=0, maximum=MOST_FAN)
    max_fan: int = option(10, "the cap; every 10-fan hand scores it", minimum=1, maximum=MOST_FAN)


class HongKongOptions(FanLimits):
    """``hk``'s options: the 4-player table's."""

    table: str | dict[str, int] = option(
        "half_spicy",
        "point table: half_spicy, full_spicy (p = 2^fan) or a custom {fan: p}",
        kind=FanTableOption,
        names=TABLE_NAMES,
    )
    discard_pays: str = option(
        "all",
        "discard win: the discarder pays 2p (all), or p and the other two p/2 each (half)",
        choices=("all", "half"),
    )
    stake: int = option(1, "multiplier on every amount", minimum=1, maximum=MOST_STAKE)
    pao: bool = option(
        True, "a discarder who completes a 4th exposed set or 3rd dragon set is liable"
    )


class TwoPlayerOptions(FanLimits):
    """``hk2``'s options: the golden table, paid by the one opponent."""

    golden_table: dict[str, int] | None = option(
        None,
        "golden values {fan: g}; default g = 2^fan, paid in full by the opponent",
        kind=FanTableOption,
    )
    stake: int = option(1, "multiplier on every amount", minimum=1, maximum=MOST_STAKE)


class OldStyleOptions(HongKongOptions):
    """``hkos``'s options: ``hk``'s and the fan of flowers and seasons."""

    seat_flower_fan: int = option(
        1, "fan for each flower or season of the seat", minimum=0, maximum=MOST_FAN
    )
    flower_set_fan: int = option(
        2,
        "fan for all four flowers (or four seasons), instead of the seat tile's",
        minimum=0,
        maximum=MOST_FAN,
    )
    all_flowers_fan: int = option(
        8, "fan for all eight flowers and seasons", minimum=0, maximum=MOST_FAN
    )
    no_flower_fan: bool = option(True, "1 fan for a hand without any flower or season")


def check_tables(rules: FanLimits) -> None:
    """Raise ``InvalidRequest`` when options contradict each other.

    The minimum may not exceed the cap; a table must give a value for every fan from the
    minimum to the cap; the half-spicy table stops at 13 fan.
    """
    low, high = rules.min_fan, rules.max_fan
    if low > high:
        raise InvalidRequest(
            _("rule 'min_fan' ({low}) is above rule 'max_fan' ({high})").format(low=low, high=high),
            field="rules",
        )
    tables = {n: rules[n] for n, o in rules.declared.items() if isinstance(o, FanTableOption)}
    for name, table in tables.items():
        if table == "half_spicy" and high >= len(HALF_SPICY):
            raise InvalidRequest(
                _(
                    "the half_spicy table stops at {most} fan; rule 'max_fan' is {high} (give "
                    "a custom 'table')"
                ).format(most=len(HALF_SPICY) - 1, high=high),
                field="rules",
            )
        if isinstance(table, Mapping):
            missing = [f for f in range(low, high + 1) if str(f) not in table]
            if missing:
                raise InvalidRequest(
                    _(
                        "rule {name!r} has no value for {fan} fan (it needs every fan from "
                        "min_fan {low} to max_fan {high})"
                    ).format(name=name, fan=missing[0], low=low, high=high),
                    field="rules",
                )


def base_value(fan: int, rules: Mapping[str, Any]) -> int:
    """Return p(fan) of the table in the rule ``table``.

    >>> [base_value(f, {"table": "half_spicy"}) for f in (3, 5, 10)]
    [8, 24, 128]
    >>> base_value(10, {"table": "full_spicy"}), base_value(4, {"table": {"4": 20}})
    (1024, 20)
    """
    table = HongKongOptions.of(rules).table
    if isinstance(table, str):
        return HALF_SPICY[fan] if table == "half_spicy" else int(2**fan)
    value: int = table[str(fan)]
    return value


def golden_value(fan: int, rules: Mapping[str, Any]) -> int:
    """Return the hk2 golden value g(fan): ``golden_table``'s, or 2^fan by default.

    >>> golden_value(3, {"golden_table": None}), golden_value(3, {"golden_table": {"3": 5}})
    (8, 5)
    """
    table = TwoPlayerOptions.of(rules).golden_table
    if table is None:
        return int(2**fan)
    value: int = table[str(fan)]
    return value


def _half(amount: int) -> int:
    """Return half an amount, rounded up to a whole number (only odd custom values need it)."""
    return (amount + 1) // 2


def _other_two(req: ScoreRequest, amount: int) -> tuple[Payment, ...]:
    """Return the half shares of the two players who neither won nor discarded: by seat wind
    when the discarder is known, else one ``each`` entry (each of the two others)."""
    if req.discarder is None:
        return (Payment("each", amount),)
    seats = [s for s in range(4) if s not in (req.seat_wind, req.discarder)]
    return tuple(Payment(WIND_LETTERS[s], amount) for s in seats)


def four_player_points(fan: int, req: ScoreRequest, rules: Mapping[str, Any]) -> Points:
    """Return what the winner of a 4-player table (hk, hkos) receives and who pays it.

    >>> from dataclasses import replace
    >>> from majiang.scoring import ScoreRequest
    >>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "123m456m789m11z22z2z",
    ...                               "win_tile": "2z", "rules": {"discard_pays": "half"}})
    >>> four_player_points(4, req, req.rules)
    Points(total=32, payers=(Payment(payer='discarder', amount=16), Payment(payer='each', amount=8)))
    >>> [(p.payer, p.amount) for p in four_player_points(4, replace(req, discarder=2), req.rules).payers]
    [('discarder', 16), ('S', 8), ('N', 8)]
    """
    options = HongKongOptions.of(rules)
    p = base_value(fan, options) * options.stake
    if req.tsumo:
        total = 3 * p
        normal: tuple[Payment, ...] = (Payment("each", p),)
    elif options.discard_pays == "half":
        total = p + 2 * _half(p)
        normal = (Payment("discarder", p), *_other_two(req, _half(p)))
    else:
        total = 2 * p
        normal = (Payment("discarder", 2 * p),)
    if req.liable is not None and options.pao:
        return Points(total, (Payment("liable", total),))
    return Points(total, normal)


def two_player_points(fan: int, req: ScoreRequest, rules: Mapping[str, Any]) -> Points:
    """Return what the winner of the 2-player table (hk2) receives: g(fan) from the opponent.

    >>> from majiang.scoring import ScoreRequest
    >>> req = ScoreRequest.from_dict({"variant": "hk2", "hand": "123p456p789p11z22z2z",
    ...                               "win_tile": "2z", "win": "tsumo", "seat_wind": "S"})
    >>> two_player_points(5, req, req.rules)
    Points(total=32, payers=(Payment(payer='each', amount=32),))
    """
    options = TwoPlayerOptions.of(rules)
    g = golden_value(fan, options) * options.stake
    return Points(g, (Payment("each" if req.tsumo else "discarder", g),))

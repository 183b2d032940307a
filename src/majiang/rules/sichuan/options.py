"""Sichuan's table options, declared once: ``SichuanOptions`` (those that change a score) and
``SichuanTable`` (a game's: those and the exchange's direction).

>>> SichuanOptions().max_fan, SichuanTable.resolve({"exchange_direction": "next"}, "sichuan").base
(4, 1)
"""

from __future__ import annotations

from typing import Literal

from majiang.rules.base import MOST_FAN, RuleOptions, option

SelfDrawRule = Literal["plus_one_base", "plus_one_fan", "none"]


class SichuanOptions(RuleOptions):
    """The options that change a score (the Chengdu table's defaults)."""

    base: int = option(1, "the base: a 0-fan hand's payment", minimum=1, maximum=1_000_000)
    max_fan: int = option(4, "the cap: fan beyond it count as the cap", minimum=0, maximum=MOST_FAN)
    self_draw: SelfDrawRule = option(
        "plus_one_base",
        "a self-draw's extra: each payer adds one base, or +1 fan, or nothing",
        choices=("plus_one_base", "plus_one_fan", "none"),
    )
    kong_flower_from_discard: str = option(
        "self_draw",
        "a win on the replacement tile of a kong claimed from a discard: paid as a "
        "self-draw, or by the player who discarded the kong tile",
        choices=("self_draw", "discarder_pays"),
    )
    missing_suit: bool = option(True, "a player holding tiles of all three suits cannot win")
    exchange_three: bool = option(True, "pass three tiles of one suit after the deal")


class SichuanTable(SichuanOptions):
    """A game's options: the scoring options and the exchange's direction."""

    exchange_direction: str = option(
        "dice",
        "where the exchanged tiles go: by the dice (total mod 3: 1 next, 2 across, "
        "0 previous), or always to the next, across or previous seat",
        choices=("dice", "next", "across", "previous"),
    )


#: the Chengdu table: every option at its default (what a function given no options reads)
CHENGDU = SichuanOptions()

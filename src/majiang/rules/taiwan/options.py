"""Taiwan's table options, declared once in ``TaiwanOptions`` (a game has no others).

>>> TaiwanOptions().base, TaiwanOptions.resolve({"eight_flowers": True}, "taiwan").eight_flowers
(3, True)
"""

from __future__ import annotations

from majiang.rules.base import RuleOptions, option


class TaiwanOptions(RuleOptions):
    """The table options, each with its default, doc and checks."""

    base: int = option(3, "points every win is worth before its tai", minimum=0, maximum=1_000_000)
    tai_value: int = option(1, "points per tai (dealer tai included)", minimum=0, maximum=1_000_000)
    stack_dragon_tai: bool = option(
        False, "little/big three dragons add their dragon pungs' 1 tai each"
    )
    stack_wind_tai: bool = option(False, "little/big four winds add their wind pungs' tai")
    eight_flowers: bool = option(False, "all eight bonus tiles: 8 tai (and an instant win)")
    seven_rob_eighth: bool = option(
        False, "seven bonus tiles robbing the eighth: 8 tai (situation robbing_flower)"
    )
    flower_replacement_win: bool = option(
        False, "a win on a bonus tile's replacement counts 1 tai like a kong replacement"
    )

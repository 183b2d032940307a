"""From a checked request to the contract's result: count every reading, keep the best.

>>> from majiang.scoring import ScoreRequest
>>> from majiang.rules.hongkong.fan import HK_PATTERNS
>>> from majiang.rules.hongkong.payments import four_player_points
>>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "234m567m678p22z", "win_tile": "2z",
...                               "melds": ["pon 555z"]})
>>> r = score_win(req, HK_PATTERNS, four_player_points)
>>> r.valid, r.total, r.reason
(False, 1, "not a legal win: 1 fan, the table needs at least 3 (rule 'min_fan')")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from majiang.i18n import _
from majiang.patterns import best, count_valued
from majiang.rules.hongkong.context import HongKongContext, describe, win_contexts
from majiang.rules.hongkong.fan import Pattern
from majiang.rules.hongkong.payments import FanLimits
from majiang.scoring import Item, Points, ScoreRequest, ScoreResult
from majiang.tiles import format_tiles

UNIT = "fan"
PointsRule = Callable[[int, ScoreRequest, Mapping[str, Any]], Points]


def best_reading(
    req: ScoreRequest, patterns: Sequence[Pattern]
) -> tuple[HongKongContext, list[Item]] | None:
    """Return the highest-scoring reading of the win and its items, or ``None`` if the hand
    is not complete. Ties go to the higher uncapped sum, then to the first reading."""
    cap = FanLimits.of(req.rules).max_fan

    def rank(counted: tuple[HongKongContext, list[Item]]) -> tuple[int, int]:
        raw = sum(i.value for i in counted[1])
        return min(raw, cap), raw

    return best([(ctx, count_valued(patterns, ctx)) for ctx in win_contexts(req)], rank)


def score_win(
    req: ScoreRequest, patterns: Sequence[Pattern], points_rule: PointsRule
) -> ScoreResult:
    """Return the scoring contract's result for a Hong Kong win.

    ``total`` is the sum of the items capped at ``max_fan`` (``limit: "limit"`` when the cap
    applies); below ``min_fan`` the result is ``valid: false`` and its reason says how many
    fan the hand has.
    """
    found = best_reading(req, patterns)
    if found is None:
        tiles = format_tiles(req.hand.concealed)
        if req.hand.melds:
            why = _(
                "not a complete hand: {tiles} with {melds} melds is not four sets and a pair, "
                "nor thirteen orphans"
            ).format(tiles=tiles, melds=len(req.hand.melds))
        else:
            why = _(
                "not a complete hand: {tiles} is not four sets and a pair, nor thirteen orphans"
            ).format(tiles=tiles)
        return ScoreResult.invalid(UNIT, why)
    ctx, items = found
    rules = FanLimits.of(req.rules)
    raw = sum(i.value for i in items)
    total = min(raw, rules.max_fan)
    if total < rules.min_fan:
        return ScoreResult(
            valid=False,
            unit=UNIT,
            reason=_(
                "not a legal win: {total} fan, the table needs at least {least} (rule 'min_fan')"
            ).format(total=total, least=rules.min_fan),
            items=tuple(items),
            total=total,
            extra={"decomposition": describe(ctx)},
        )
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=tuple(items),
        total=total,
        limit="limit" if raw >= rules.max_fan else None,
        points=points_rule(total, req, rules),
        extra={"decomposition": describe(ctx)},
    )

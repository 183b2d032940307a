"""The riichi calculator: every reading of the hand scored, the highest one returned.

Readings cover every decomposition, seven pairs and thirteen orphans, and every placement of
the winning tile (which decides the wait, the fu and whether a pung is concealed). Among them
the one that pays the most wins; on equal points a yakuman, then more han, then more fu.

>>> from majiang.scoring import ScoreRequest
>>> res = score_win(ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
...     "win_tile": "5p", "seat_wind": "S", "situation": ["riichi", "ippatsu"],
...     "dora_indicators": "1z"}))
>>> res.total, res.fu, res.points.total
(3, 40, 5200)
"""

from __future__ import annotations

from majiang.errors import InvalidRequest
from majiang.rules.riichi.context import WinContext, readings
from majiang.rules.riichi.dora import dora_items
from majiang.rules.riichi.fu import fu_items
from majiang.rules.riichi.payments import base_points, hand_value, payments
from majiang.rules.riichi.yaku import YAKUMAN_HAN, yaku_items, yakuman_items
from majiang.scoring import FuItem, Item, ScoreRequest, ScoreResult

UNIT = "han"
#: the yakuman a liable player (pao) answers for
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})


def _nagashi(req: ScoreRequest) -> ScoreResult:
    if not req.rules.get("nagashi_mangan", True):
        return ScoreResult.invalid(UNIT, "nagashi mangan is not played (rule nagashi_mangan off)")
    base, limit = base_points(5, 30, 0, req.rules)
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=(Item("nagashi_mangan", "Nagashi mangan", 5),),
        total=5,
        limit=limit,
        points=payments(base, req.is_dealer, True, 0, 0),
    )


def _position(scored: tuple[int, Item]) -> int:
    return scored[0]


def score_win(req: ScoreRequest) -> ScoreResult:
    """Return the score of a riichi win: the highest-scoring reading, or ``valid: false``."""
    if "nagashi_mangan" in req.situation:
        return _nagashi(req)
    ctx = WinContext.from_request(req)
    rules = req.rules
    found = readings(ctx)
    if not found:
        return ScoreResult.invalid(
            UNIT, "not a complete hand: no four sets and a pair, seven pairs or thirteen orphans"
        )
    dealer = req.is_dealer
    tsumo = req.tsumo
    in_riichi = "riichi" in req.situation or "double_riichi" in req.situation
    dora: list[Item] | None = None
    double = bool(rules.get("double_yakuman", True))
    first = found[0]
    hand_limits = yakuman_items(ctx, first, "hand")
    hand_yaku = yaku_items(ctx, first, "hand")
    best_key: tuple[int, int, int, int] | None = None
    best: tuple[list[Item], int, int | None, list[FuItem], int, str | None] | None = None
    for r in found:
        limits = hand_limits + yakuman_items(ctx, r, "reading")
        if limits:
            han = sum(i.value for _, i in limits)
            multiple = han // YAKUMAN_HAN if double else 1
            base, limit = base_points(0, 0, multiple, rules)
            key = (hand_value(base, dealer, tsumo), 1, han, 0)
            if best_key is None or key > best_key:
                items = [i for _, i in sorted(limits, key=_position)]
                best_key, best = key, (items, YAKUMAN_HAN * multiple, None, [], base, limit)
            continue
        scored = hand_yaku + yaku_items(ctx, r, "reading")
        if not scored:
            continue
        fus, fu, _ = fu_items(ctx, r)
        if dora is None:
            dora = dora_items(
                ctx.counts, req.dora_indicators, req.ura_indicators, ctx.red_fives, in_riichi
            )
        han = sum(i.value for _, i in scored) + sum(i.value for i in dora)
        base, limit = base_points(han, fu, 0, rules)
        key = (hand_value(base, dealer, tsumo), 0, han, fu)
        if best_key is None or key > best_key:
            items = [i for _, i in sorted(scored, key=_position)] + dora
            best_key, best = key, (items, han, fu, fus, base, limit)
    if best is None:
        return ScoreResult.invalid(
            UNIT, "no yaku: the hand is complete but has no yaku (dora do not count)"
        )
    items, total, best_fu, fus, base, limit = best
    liable = False
    liable_is_discarder = False
    if req.liable is not None and rules.get("pao", True):
        if not any(i.id in PAO_YAKUMAN for i in items):
            raise InvalidRequest(
                "liable (pao) is only for daisangen or daisuushii; this hand has neither",
                field="liable",
            )
        liable = True
        liable_is_discarder = req.discarder == req.liable
    points = payments(
        base, dealer, tsumo, req.honba, req.riichi_sticks, liable, liable_is_discarder
    )
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=tuple(items),
        total=total,
        fu=best_fu,
        fu_items=tuple(fus),
        limit=limit,
        points=points,
    )

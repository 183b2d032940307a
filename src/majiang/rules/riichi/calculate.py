"""The riichi calculator: every reading of the hand scored, the highest one returned.

Readings cover every decomposition, seven pairs and thirteen orphans, and every placement of
the winning tile (which decides the wait, the fu and whether a pung is concealed). Among them
the one that pays the most wins; on equal points a yakuman, then more han, then more fu.

The facts of the whole hand are read once (``WinContext``); the hand-level yaku are asked
once per win, the reading-level ones once per reading, and only those whose ``needs`` bits
the hand and the reading have. Items are shared immutable values, put in order only for the
winning reading.

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
from majiang.rules.riichi.yaku import YAKUMAN_HAN, yaku_candidates, yakuman_candidates
from majiang.scoring import FuItem, Item, ScoreRequest, ScoreResult, fill_frozen

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
    situation = req.situation
    if situation and "nagashi_mangan" in situation:
        return _nagashi(req)
    ctx = WinContext.from_request(req)
    found = readings(ctx)
    if not found:
        return ScoreResult.invalid(
            UNIT, "not a complete hand: no four sets and a pair, seven pairs or thirteen orphans"
        )
    rules = req.rules
    dealer = req.seat_wind == 0
    tsumo = ctx.tsumo
    double = bool(rules.get("double_yakuman", True))
    hand_facts = ctx.facts
    first = found[0]
    hand_limits: list[tuple[int, Item]] = []
    for n, applies, item in yakuman_candidates("hand", hand_facts, double):
        if applies(ctx, first):
            hand_limits.append((n, item))
    hand_yaku: list[tuple[int, Item]] = []
    for n, applies, item in yaku_candidates("hand", hand_facts):
        if applies(ctx, first):
            hand_yaku.append((n, item))
    dora_han = -1
    dora: list[Item] = []
    best_key: tuple[int, int, int, int] | None = None
    best: tuple[list[tuple[int, Item]], int, int | None, list[FuItem], int, str | None] | None
    best = None
    for r in found:
        facts = hand_facts | r.shape
        limits = hand_limits
        for n, applies, item in yakuman_candidates("reading", facts, double):
            if applies(ctx, r):
                limits = [*limits, (n, item)]
        if limits:
            han = 0
            for _, item in limits:
                han += item.value
            multiple = han // YAKUMAN_HAN if double else 1
            base, limit = base_points(0, 0, multiple, rules)
            key = (hand_value(base, dealer, tsumo), 1, han, 0)
            if best_key is None or key > best_key:
                best_key, best = key, (limits, YAKUMAN_HAN * multiple, None, [], base, limit)
            continue
        scored = hand_yaku
        for n, applies, item in yaku_candidates("reading", facts):
            if applies(ctx, r):
                scored = [*scored, (n, item)]
        if not scored:
            continue
        fus, fu, _ = fu_items(ctx, r)
        if dora_han < 0:
            in_riichi = "riichi" in situation or "double_riichi" in situation
            dora = dora_items(
                ctx.counts, req.dora_indicators, req.ura_indicators, ctx.red_fives, in_riichi
            )
            dora_han = 0
            for item in dora:
                dora_han += item.value
        han = dora_han
        for _, item in scored:
            han += item.value
        base, limit = base_points(han, fu, 0, rules)
        key = (hand_value(base, dealer, tsumo), 0, han, fu)
        if best_key is None or key > best_key:
            best_key, best = key, (scored, han, fu, fus, base, limit)
    if best is None:
        return ScoreResult.invalid(
            UNIT, "no yaku: the hand is complete but has no yaku (dora do not count)"
        )
    scored_best, total, best_fu, fus, base, limit = best
    items = [i for _, i in sorted(scored_best, key=_position)]
    if best_fu is not None:
        items += dora
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
    return fill_frozen(
        ScoreResult,
        valid=True,
        unit=UNIT,
        reason=None,
        items=tuple(items),
        total=total,
        fu=best_fu,
        fu_items=tuple(fus),
        limit=limit,
        points=points,
        extra={},
    )

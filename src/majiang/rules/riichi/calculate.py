"""The riichi calculator on a typed request, and the result of the best reading in both forms.

``score_win(req)`` reads a checked ``ScoreRequest`` into blocks and meld facts, asks
``evaluate.best_reading`` and returns a ``ScoreResult``; ``result_dict`` builds the contract's
result dict of a best reading directly, for the dict path (``request.py``). Both give the same
result for the same request (``ScoreResult.to_dict`` equals ``result_dict``).

>>> from majiang.scoring import ScoreRequest
>>> res = score_win(ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
...     "win_tile": "5p", "seat_wind": "S", "situation": ["riichi", "ippatsu"],
...     "dora_indicators": "1z"}))
>>> res.total, res.fu, res.points.total
(3, 40, 5200)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.errors import InvalidRequest
from majiang.rules.riichi.dora import DORA_OF, dora_items
from majiang.rules.riichi.evaluate import Best, MeldFacts, best_reading, meld_facts, option_bits
from majiang.rules.riichi.features import situation_bits
from majiang.rules.riichi.fu import SET_FU, SEVEN_PAIRS_ITEM, fu_items
from majiang.rules.riichi.payments import base_points, payers, payments
from majiang.rules.riichi.shapes import BLOCKS, SHANPON, block
from majiang.scoring import FuItem, Item, ScoreRequest, ScoreResult, fill_frozen
from majiang.tiles import RED_BASE, kind

UNIT = "han"
#: the yakuman a liable player (pao) answers for
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})
_KIND = tuple(kind(t) for t in range(RED_BASE + 3))


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


def best_fu_items(
    best: Best,
    melds: Sequence[MeldFacts],
    win: int,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
    double_wind_pair_fu: int,
) -> list[FuItem]:
    """Return the fu items of the best reading (none for a yakuman)."""
    if best.fu is None:
        return []
    if best.parts is None:
        return [SEVEN_PAIRS_ITEM]
    sets = [m.fu_item for m in melds if m.fu_item is not None]
    opened = best.wait == SHANPON and not tsumo
    pair = -1
    for part in best.parts:
        pair = max(pair, part.pair)
        for k in part.pungs:
            sets.append(SET_FU[(k, opened and k == win, False)])
    closed = not any(m.is_open for m in melds)
    items, _ = fu_items(
        closed, tsumo, sets, pair, best.wait, seat_wind, round_wind, double_wind_pair_fu
    )
    return items


def score_win(req: ScoreRequest) -> ScoreResult:
    """Return the score of a riichi win: the highest-scoring reading, or ``valid: false``."""
    situation = req.situation
    if situation and "nagashi_mangan" in situation:
        return _nagashi(req)
    rules = req.rules
    counts = [0] * 36
    red = 0
    for t in req.hand.concealed:
        if t >= RED_BASE:
            red += 1
        counts[_KIND[t]] += 1
    blocks = (
        block(0, tuple(counts[0:9])),
        block(1, tuple(counts[9:18])),
        block(2, tuple(counts[18:27])),
        block(3, tuple(counts[27:36])),
    )
    melds = tuple(meld_facts(m) for m in req.hand.melds)
    for m in melds:
        for k in m.kinds:
            counts[k] += 1
        if m.red_suit >= 0:
            red += 1
    in_riichi = "riichi" in situation or "double_riichi" in situation
    dora = sum(counts[DORA_OF[t]] for t in req.dora_indicators)
    ura = sum(counts[DORA_OF[t]] for t in req.ura_indicators) if in_riichi else 0
    win = _KIND[req.win_tile]
    tsumo = req.win == "tsumo"
    seat = 27 + req.seat_wind
    rnd = 27 + req.round_wind
    dwp = int(rules.get("double_wind_pair_fu", 4))
    best = best_reading(
        blocks,
        melds,
        win,
        tsumo,
        seat,
        rnd,
        situation_bits(situation),
        option_bits(
            bool(rules.get("open_tanyao", True)),
            str(rules.get("renhou", "off")),
            bool(rules.get("double_yakuman", True)),
        ),
        bool(rules.get("kiriage", False)),
        bool(rules.get("kazoe", True)),
        dwp,
        dora + ura + red,
    )
    if isinstance(best, str):
        return ScoreResult.invalid(UNIT, best)
    items = list(best.items)
    if best.fu is not None:
        items += dora_items(dora, ura, red)
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
        best.base,
        req.seat_wind == 0,
        tsumo,
        req.honba,
        req.riichi_sticks,
        liable,
        liable_is_discarder,
    )
    return fill_frozen(
        ScoreResult,
        valid=True,
        unit=UNIT,
        reason=None,
        items=tuple(items),
        total=best.han,
        fu=best.fu,
        fu_items=tuple(best_fu_items(best, melds, win, tsumo, seat, rnd, dwp)),
        limit=best.limit,
        points=points,
        extra={},
    )


def invalid_dict(reason: str) -> dict[str, Any]:
    """Return the contract's ``valid: false`` result dict."""
    return {
        "valid": False,
        "reason": reason,
        "items": [],
        "unit": UNIT,
        "total": 0,
        "fu": None,
        "fu_items": [],
        "limit": None,
        "points": {"total": 0, "payers": []},
    }


def result_dict(
    best: Best,
    melds: Sequence[MeldFacts],
    win: int,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
    double_wind_pair_fu: int,
    dora: int,
    ura: int,
    red: int,
    honba: int,
    sticks: int,
) -> dict[str, Any]:
    """Return the contract's result dict of the best reading (no pao: see ``score_win``)."""
    items = [{"id": i.id, "name": i.name, "value": i.value} for i in best.items]
    if best.fu is not None:
        if dora:
            items.append({"id": "dora", "name": "Dora", "value": dora})
        if ura:
            items.append({"id": "ura_dora", "name": "Ura dora", "value": ura})
        if red:
            items.append({"id": "aka_dora", "name": "Red fives", "value": red})
    total, paid = payers(best.base, seat_wind == 27, tsumo, honba, sticks)
    return {
        "valid": True,
        "reason": None,
        "items": items,
        "unit": UNIT,
        "total": best.han,
        "fu": best.fu,
        "fu_items": [
            {"id": i.id, "value": i.value}
            for i in best_fu_items(
                best, melds, win, tsumo, seat_wind, round_wind, double_wind_pair_fu
            )
        ],
        "limit": best.limit,
        "points": {
            "total": total,
            "payers": [{"from": payer, "amount": amount} for payer, amount in paid],
        },
    }


__all__ = ["BLOCKS", "UNIT", "invalid_dict", "result_dict", "score_win"]

"""The riichi calculator on a typed request, and the result of the best reading.

``score_win(req)`` reads a checked ``ScoreRequest`` into blocks and meld facts, asks
``evaluate.best_reading`` and returns a ``ScoreResult``. ``result_dict`` builds the contract's
result dict of a best reading; the dict path (``request.py``) returns it as it is, the typed
path makes its ``ScoreResult`` from it, so both give the same result for the same request.

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
from majiang.rules.riichi.dora import DORA_OF
from majiang.rules.riichi.evaluate import (
    LIMIT_OF_BASE,
    Best,
    MeldFacts,
    best_reading,
    found_yaku,
    meld_facts,
    option_bits,
)
from majiang.rules.riichi.features import situation_bits
from majiang.rules.riichi.fu import SET_FU, SEVEN_PAIRS_FU
from majiang.rules.riichi.payments import limit_name, payments, points_dict
from majiang.rules.riichi.shapes import SHANPON, SUIT_FLAGS, block
from majiang.rules.riichi.yaku import Found
from majiang.scoring import FuItem, Item, Payment, Points, ScoreRequest, ScoreResult, fill_frozen
from majiang.tiles import RED_BASE, kind

UNIT = "han"
#: the yakuman a liable player (pao) answers for
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})
_KIND = tuple(kind(t) for t in range(RED_BASE + 3))
#: a name of this module for ``evaluate.LIMIT_OF_BASE``: in 3.11 a method called on an
#: imported name is looked up in full at each use
_LIMIT_OF_BASE = LIMIT_OF_BASE
_YAKUMAN_LIMITS = tuple(limit_name(n) if n else None for n in range(5))


def _nagashi(req: ScoreRequest) -> ScoreResult:
    if not req.rules.get("nagashi_mangan", True):
        return ScoreResult.invalid(UNIT, "nagashi mangan is not played (rule nagashi_mangan off)")
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=(Item("nagashi_mangan", "Nagashi mangan", 5),),
        total=5,
        limit="mangan",
        points=payments(2000, req.is_dealer, True, 0, 0),
    )


def nagashi_dict(dealer: bool) -> dict[str, Any]:
    """Return the result dict of nagashi mangan: a mangan paid as a tsumo, no honba, no sticks
    (``_nagashi`` for the typed path)."""
    points = points_dict(2000, dealer, True, 0, 0)
    return {
        "valid": True,
        "reason": None,
        "items": [{"id": "nagashi_mangan", "name": "Nagashi mangan", "value": 5}],
        "unit": UNIT,
        "total": 5,
        "fu": None,
        "fu_items": [],
        "limit": "mangan",
        "points": points,
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
    liable: bool = False,
    liable_is_discarder: bool = False,
) -> dict[str, Any]:
    """Return the contract's result dict of the best reading (winds as kinds, 27 = East).

    ``liable`` says a pao player pays (checked by the caller), ``liable_is_discarder`` that
    they also dealt the winning tile.
    """
    _, hand, reading, multiple, han, fu, parts, wait, base, pair = best
    found: Sequence[Found]
    if multiple:
        found, more = hand[1], reading[1]
    else:
        found, more = hand[3], reading[3]
    if more:
        found = sorted(found + more) if found else more  # positions differ
    items = [yaku[2].copy() for yaku in found]  # (a comprehension costs less than two maps)
    fus: list[dict[str, Any]]
    if multiple:
        limit = _YAKUMAN_LIMITS[multiple] if multiple < 5 else limit_name(multiple)
        fus = []
    else:
        limit = _LIMIT_OF_BASE.get(base)
        if dora:
            item = _DORA_ITEM.copy()
            item["value"] = dora
            items.append(item)
        if ura:
            item = _URA_ITEM.copy()
            item["value"] = ura
            items.append(item)
        if red:
            item = _AKA_ITEM.copy()
            item["value"] = red
            items.append(item)
        if parts is None:
            fus = [_SEVEN_PAIRS_FU.copy()]
        else:  # the fu items of a standard reading (``fu.fu_items``): the sets' items as
            # met, the pair's, the wait's, tsumo, open pinfu
            fus = [_BASE_FU.copy()]
            closed = True
            some = False  # any fu beyond the base and the closed ron
            if melds:
                for m in melds:
                    if m.is_open:
                        closed = False
                    if m.fu_dict is not None:
                        fus.append(m.fu_dict.copy())
                        some = True
            if closed and not tsumo:
                fus.insert(1, _CLOSED_RON_FU.copy())  # after the base, before the melds' items
            p0, p1, p2, p3 = parts
            if wait == SHANPON and not tsumo:  # the pung the winning discard completed is open
                for lo, part in zip((0, 9, 18, 27), parts, strict=True):
                    for place in part.pungs:
                        k = lo + place
                        fu_id, value = SET_FU[(k, k == win, False)]
                        fus.append({"id": fu_id, "value": value})
                        some = True
            elif p0.pungs or p1.pungs or p2.pungs or p3.pungs:
                for item in p0.fu_items + p1.fu_items + p2.fu_items + p3.fu_items:
                    fus.append(item.copy())
                some = True
            if pair >= 27:  # ``fu.pair_fu``
                if pair >= 31:
                    fus.append(_DRAGON_PAIR_FU.copy())
                    some = True
                elif pair == seat_wind:
                    if pair == round_wind:
                        fus.append({"id": "double_wind_pair", "value": double_wind_pair_fu})
                    else:
                        fus.append(_SEAT_WIND_PAIR_FU.copy())
                    some = True
                elif pair == round_wind:
                    fus.append(_ROUND_WIND_PAIR_FU.copy())
                    some = True
            wait_fu = _WAIT_FU[wait]
            if wait_fu is not None:
                fus.append(wait_fu.copy())
                some = True
            if tsumo and not (closed and not some):
                fus.append(_TSUMO_FU.copy())
                some = True
            if not closed and not some:
                fus.append(_OPEN_PINFU_FU.copy())
    points = points_dict(base, seat_wind == 27, tsumo, honba, sticks, liable, liable_is_discarder)
    out = _VALID.copy()
    out["items"] = items
    out["total"] = han
    out["fu"] = fu
    out["fu_items"] = fus
    out["limit"] = limit
    out["points"] = points
    return out


#: the fu items of fixed value as the contract's dicts (templates: a result gets copies)
_BASE_FU: dict[str, Any] = {"id": "base", "value": 20}
_CLOSED_RON_FU = {"id": "closed_ron", "value": 10}
_DRAGON_PAIR_FU = {"id": "dragon_pair", "value": 2}
_SEAT_WIND_PAIR_FU = {"id": "seat_wind_pair", "value": 2}
_ROUND_WIND_PAIR_FU = {"id": "round_wind_pair", "value": 2}
_TSUMO_FU = {"id": "tsumo", "value": 2}
_OPEN_PINFU_FU = {"id": "open_pinfu", "value": 10}
_SEVEN_PAIRS_FU = {"id": "seven_pairs", "value": SEVEN_PAIRS_FU}
#: per wait (``shapes.TANKI``...): its fu item (2 fu), ``None`` for none
_WAIT_FU: tuple[dict[str, Any] | None, ...] = (
    {"id": "single_wait", "value": 2},
    None,
    {"id": "closed_wait", "value": 2},
    {"id": "edge_wait", "value": 2},
    None,
)
#: the dora items (templates: a result gets copies with its count as the value)
_DORA_ITEM: dict[str, Any] = {"id": "dora", "name": "Dora", "value": 0}
_URA_ITEM: dict[str, Any] = {"id": "ura_dora", "name": "Ura dora", "value": 0}
_AKA_ITEM: dict[str, Any] = {"id": "aka_dora", "name": "Red fives", "value": 0}
#: a valid result's dict (a template: each result is a copy with its own values set)
_VALID: dict[str, Any] = {
    "valid": True,
    "reason": None,
    "items": None,
    "unit": UNIT,
    "total": 0,
    "fu": None,
    "fu_items": None,
    "limit": None,
    "points": None,
}


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


def score_win(req: ScoreRequest) -> ScoreResult:
    """Return the score of a riichi win: the highest-scoring reading, or ``valid: false``."""
    situation = req.situation
    if situation and "nagashi_mangan" in situation:
        return _nagashi(req)
    rules = req.rules
    counts = [0] * 36
    red = present = 0
    kind_of = _KIND
    for t in req.hand.concealed:
        if t >= RED_BASE:
            red += 1
        k = kind_of[t]
        counts[k] += 1
        present |= 1 << k
    blocks = (
        block(tuple(counts[0:9]), False),
        block(tuple(counts[9:18]), False),
        block(tuple(counts[18:27]), False),
        block(tuple(counts[27:36]), True),
    )
    flags = (
        SUIT_FLAGS[0][present & 511]
        | SUIT_FLAGS[1][present >> 9 & 511]
        | SUIT_FLAGS[2][present >> 18 & 511]
        | SUIT_FLAGS[3][present >> 27]
    )
    melds = tuple(meld_facts(m) for m in req.hand.melds)
    for m in melds:
        for k in m.kinds:
            counts[k] += 1
        if m.red_suit >= 0:
            red += 1
    in_riichi = "riichi" in situation or "double_riichi" in situation
    dora = ura = 0
    for t in req.dora_indicators:
        dora += counts[DORA_OF[t]]
    if in_riichi:
        for t in req.ura_indicators:
            ura += counts[DORA_OF[t]]
    win = _KIND[req.win_tile]
    tsumo = req.win == "tsumo"
    seat = 27 + req.seat_wind
    rnd = 27 + req.round_wind
    dwp = int(rules.get("double_wind_pair_fu", 4))
    kiriage = bool(rules.get("kiriage", False))
    kazoe = bool(rules.get("kazoe", True))
    best = best_reading(
        *blocks,
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
        kiriage,
        kazoe,
        dwp,
        dora + ura + red,
        flags,
    )
    if isinstance(best, str):
        return ScoreResult.invalid(UNIT, best)
    liable = False
    liable_is_discarder = False
    if req.liable is not None and rules.get("pao", True):
        if best[3] == 0 or not any(i.id in PAO_YAKUMAN for _, i, _ in found_yaku(best)):
            raise InvalidRequest(
                "liable (pao) is only for daisangen or daisuushii; this hand has neither",
                field="liable",
            )
        liable = True
        liable_is_discarder = req.discarder == req.liable
    out = result_dict(
        best,
        melds,
        win,
        tsumo,
        seat,
        rnd,
        dwp,
        dora,
        ura,
        red,
        req.honba,
        req.riichi_sticks,
        liable,
        liable_is_discarder,
    )
    points = out["points"]
    return fill_frozen(
        ScoreResult,
        valid=True,
        unit=UNIT,
        reason=None,
        items=tuple(Item(i["id"], i["name"], i["value"]) for i in out["items"]),
        total=out["total"],
        fu=out["fu"],
        fu_items=tuple(FuItem(i["id"], i["value"]) for i in out["fu_items"]),
        limit=out["limit"],
        points=fill_frozen(
            Points,
            total=points["total"],
            payers=tuple(Payment(p["from"], p["amount"]) for p in points["payers"]),
        ),
        extra={},
    )


__all__ = ["UNIT", "invalid_dict", "result_dict", "score_win"]

"""Points: base points from han and fu, the limits, and who pays what.

Base points = fu × 2^(han + 2), limited: mangan 2000 (5 han, or base ≥ 2000, or with
``kiriage`` 4 han 30 fu and 3 han 60 fu), haneman 3000 (6-7 han), baiman 4000 (8-10),
sanbaiman 6000 (11-12), counted yakuman 8000 (13+ han with ``kazoe``, else sanbaiman), and
8000 per yakuman. Ron: the discarder pays 4 × base (6 × to the dealer); tsumo: the dealer pays
2 × base and each other child 1 × (a dealer winner gets 2 × from each); every payment rounded
up to the next 100. Honba add 300 (ron: from the discarder; tsumo: 100 from each payer);
riichi sticks give 1000 each. Pao: the liable player pays the whole of a tsumo, and half of a
ron by a third player (the discarder pays the other half and the honba).

>>> base_points(3, 30, 0, {})
(960, None)
>>> base_points(4, 30, 0, {"kiriage": True})
(2000, 'mangan')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.scoring import Payment, Points, fill_frozen

MANGAN = 2000
_LIMITS = (
    (13, 8000, "yakuman"),
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
)
_MULTIPLE_NAMES = {
    1: "yakuman",
    2: "double_yakuman",
    3: "triple_yakuman",
    4: "quadruple_yakuman",
    5: "quintuple_yakuman",
    6: "sextuple_yakuman",
}


def limit_name(yakuman: int) -> str:
    """Return the ``limit`` of a hand worth ``yakuman`` yakuman (``double_yakuman`` for 2)."""
    return _MULTIPLE_NAMES.get(yakuman, f"{yakuman}x_yakuman")


def base_points(
    han: int, fu: int, yakuman: int, rules: Mapping[str, Any]
) -> tuple[int, str | None]:
    """Return the base points and the limit name (``None`` below mangan).

    ``yakuman`` is the number of yakuman (0 for an ordinary hand). With ``kazoe`` off, 13+ han
    stop at sanbaiman.

    >>> base_points(13, 30, 0, {"kazoe": False}), base_points(0, 0, 2, {})
    ((6000, 'sanbaiman'), (16000, 'double_yakuman'))
    """
    if yakuman:
        return 8000 * yakuman, limit_name(yakuman)
    if han >= 13 and not rules.get("kazoe", True):
        return 6000, "sanbaiman"
    for least, base, name in _LIMITS:
        if han >= least:
            return base, name
    if han >= 5:
        return MANGAN, "mangan"
    base = fu << (han + 2)
    if base >= MANGAN:
        return MANGAN, "mangan"
    if rules.get("kiriage", False) and (han, fu) in ((4, 30), (3, 60)):
        return MANGAN, "mangan"
    return base, None


def _up100(x: int) -> int:
    return (x + 99) // 100 * 100


#: base points -> what a hand of them is worth (``points_of``), as a scoring sheet lists it;
#: filled as met (the hands of a game meet a few dozen bases)
POINTS: dict[int, tuple[int, int, int, int, int, int]] = {}
#: a guard on ``POINTS`` (a caller of ``points_dict`` may ask any base)
_KEEP_POINTS = 1024


def points_of(base: int) -> tuple[int, int, int, int, int, int]:
    """Return (and keep in ``POINTS``) what a hand of ``base`` points is worth before honba and
    sticks, each payment rounded up to 100: what the winner receives in all as a child on a
    ron, as the dealer on a ron, as a child on a tsumo, as the dealer on a tsumo (index ``2 *
    tsumo + dealer``); then the two shares of a tsumo: twice the base (the dealer's, and each
    child's to a dealer) and the base (each other child's).

    >>> points_of(960)
    (3900, 5800, 4000, 6000, 2000, 1000)
    """
    double, single = _up100(2 * base), _up100(base)
    found = (_up100(4 * base), _up100(6 * base), double + 2 * single, 3 * double, double, single)
    if len(POINTS) < _KEEP_POINTS:
        POINTS[base] = found
    return found


def hand_value(base: int, dealer: bool, tsumo: bool) -> int:
    """Return what the winner receives for the hand alone (no honba, no sticks).

    >>> hand_value(2000, False, False), hand_value(2000, True, False), hand_value(960, False, True)
    (8000, 12000, 4000)
    """
    return (POINTS.get(base) or points_of(base))[2 * tsumo + dealer]


def points_dict(
    base: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    liable: bool = False,
    liable_is_discarder: bool = False,
) -> dict[str, Any]:
    """Return the contract's points dict: what the winner receives in all (``total``) and each
    payer's share by role (``payers``, as ``{"from", "amount"}`` dicts).

    Payers are ``discarder`` (ron), ``dealer`` and ``non_dealer`` (tsumo, one entry per payer),
    ``liable`` (pao) and ``riichi_sticks`` (the sticks on the table, 1000 each).

    >>> points_dict(960, False, False, 1, 1)
    {'total': 5200, 'payers': [{'from': 'discarder', 'amount': 4200}, {'from': 'riichi_sticks', 'amount': 1000}]}
    >>> [p["amount"] for p in points_dict(2000, False, True, 0, 0)["payers"]]
    [4000, 2000, 2000]
    """
    points = POINTS.get(base) or points_of(base)
    # each payment a copy of its payer's template with the amount set (cheaper than a literal)
    if not tsumo:
        value = points[1] if dealer else points[0]
        total = value + 300 * honba
        first = _DISCARDER.copy()
        if liable and not liable_is_discarder:
            half = _up100(value // 2)
            first["amount"] = total - half
            second = _LIABLE.copy()
            second["amount"] = half
            out = [first, second]
        else:
            first["amount"] = total
            out = [first]
    elif liable:
        total = (points[3] if dealer else points[2]) + 300 * honba
        first = _LIABLE.copy()
        first["amount"] = total
        out = [first]
    elif dealer:
        each = points[4] + 100 * honba
        total = 3 * each
        first = _NON_DEALER.copy()
        first["amount"] = each
        out = [first, first.copy(), first.copy()]
    else:
        from_dealer = points[4] + 100 * honba
        child = points[5] + 100 * honba
        total = from_dealer + 2 * child
        first = _DEALER.copy()
        first["amount"] = from_dealer
        second = _NON_DEALER.copy()
        second["amount"] = child
        out = [first, second, second.copy()]
    if sticks:
        first = _STICKS.copy()
        first["amount"] = paid = 1000 * sticks
        out.append(first)
        total += paid
    return {"total": total, "payers": out}


#: each payer's payment as the contract's dict (templates: a result gets copies)
_DISCARDER: dict[str, Any] = {"from": "discarder", "amount": 0}
_LIABLE: dict[str, Any] = {"from": "liable", "amount": 0}
_DEALER: dict[str, Any] = {"from": "dealer", "amount": 0}
_NON_DEALER: dict[str, Any] = {"from": "non_dealer", "amount": 0}
_STICKS: dict[str, Any] = {"from": "riichi_sticks", "amount": 0}


def payments(
    base: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    liable: bool = False,
    liable_is_discarder: bool = False,
) -> Points:
    """Return the points of a win (see ``points_dict``) as the contract's ``Points``.

    >>> payments(960, False, False, 1, 1).to_dict()
    {'total': 5200, 'payers': [{'from': 'discarder', 'amount': 4200}, {'from': 'riichi_sticks', 'amount': 1000}]}
    """
    points = points_dict(base, dealer, tsumo, honba, sticks, liable, liable_is_discarder)
    return fill_frozen(
        Points,
        total=points["total"],
        payers=tuple(Payment(p["from"], p["amount"]) for p in points["payers"]),
    )

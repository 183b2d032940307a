"""Points: base points from han and fu, the limits, and who pays what.

Base points = fu × 2^(han + 2), limited by han (``LIMITS``, the one table of them): a
mangan also from base 2000 up or, with ``kiriage``, at 4 han 30 fu and 3 han 60 fu; 13+ han a
counted yakuman with ``kazoe`` (else sanbaiman); a yakuman's base once per yakuman. Ron: the
discarder pays 4 × base (6 × to the dealer); tsumo: the dealer pays 2 × base and each other
child 1 × (a dealer winner gets 2 × from each); every payment rounded up to the next 100.
Honba add 300 (ron: from the discarder; tsumo: 100 from each payer); riichi sticks give 1000
each. Pao: the liable player pays the whole of a tsumo, and half of a ron by a third player
(the discarder pays the other half and the honba).

>>> base_points(3, 30, 0, RiichiOptions())
(960, None)
>>> base_points(4, 30, 0, RiichiOptions(kiriage=True))
(2000, 'mangan')
"""

from __future__ import annotations

from majiang.rules.riichi.options import RiichiOptions
from majiang.scoring import Payment, Points, ScoreRequest

#: the limits: (least han, base points, name)
LIMITS = (
    (5, 2000, "mangan"),
    (6, 3000, "haneman"),
    (8, 4000, "baiman"),
    (11, 6000, "sanbaiman"),
    (13, 8000, "yakuman"),
)
#: each limit's base points, by its name
LIMIT_BASE = {name: base for _least, base, name in LIMITS}
MANGAN = LIMIT_BASE["mangan"]
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


def base_points(han: int, fu: int, yakuman: int, options: RiichiOptions) -> tuple[int, str | None]:
    """Return the base points and the limit name (``None`` below mangan).

    ``yakuman`` is the number of yakuman (0 for an ordinary hand). With ``kazoe`` off, 13+ han
    stop at sanbaiman.

    >>> base_points(13, 30, 0, RiichiOptions(kazoe=False)), base_points(0, 0, 2, RiichiOptions())
    ((6000, 'sanbaiman'), (16000, 'double_yakuman'))
    """
    if yakuman:
        return LIMIT_BASE["yakuman"] * yakuman, limit_name(yakuman)
    if not options.kazoe:
        han = min(han, 12)
    for least, base, name in reversed(LIMITS):
        if han >= least:
            return base, name
    base = fu * 2 ** (han + 2)
    if base >= MANGAN or (options.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return MANGAN, "mangan"
    return base, None


def up100(x: int) -> int:
    """Return ``x`` rounded up to the next 100."""
    return -(-x // 100) * 100


def tsumo_share(base: int, dealer_involved: bool) -> int:
    """Return what one player pays on a self-drawn win: twice the base when the dealer pays
    or wins, once the base otherwise, rounded up to the next 100.

    >>> tsumo_share(960, True), tsumo_share(960, False)
    (2000, 1000)
    """
    return up100((2 if dealer_involved else 1) * base)


def hand_value(base: int, dealer: bool, tsumo: bool) -> int:
    """Return what the winner receives for the hand alone (no honba, no sticks).

    >>> hand_value(2000, False, False), hand_value(2000, True, False), hand_value(960, False, True)
    (8000, 12000, 4000)
    """
    if not tsumo:
        return up100((6 if dealer else 4) * base)
    if dealer:
        return 3 * tsumo_share(base, True)
    return tsumo_share(base, True) + 2 * tsumo_share(base, False)


def request_points(req: ScoreRequest, base: int, liable: bool = False) -> Points:
    """Return what the winner of the request receives for a hand of ``base`` points, with its
    honba and riichi sticks, in all (``total``) and each payer's share by role; ``liable``:
    the request's liable player pays (pao).

    Payers are ``discarder`` (ron), ``dealer`` and ``non_dealer`` (tsumo, one entry per payer),
    ``liable`` (pao) and ``riichi_sticks`` (the sticks on the table, 1000 each).

    >>> from majiang.hand import Hand
    >>> ron = ScoreRequest("riichi", {}, Hand(()), 0, "ron", seat_wind=1, discarder=2, honba=1,
    ...                    riichi_sticks=1)
    >>> request_points(ron, 960).to_dict()
    {'total': 5200, 'payers': [{'from': 'discarder', 'amount': 4200}, {'from': 'riichi_sticks', 'amount': 1000}]}
    >>> tsumo = ScoreRequest("riichi", {}, Hand(()), 0, "tsumo", seat_wind=1)
    >>> [p.amount for p in request_points(tsumo, 2000).payers]
    [4000, 2000, 2000]
    """
    dealer, tsumo, honba = req.is_dealer, req.tsumo, req.honba
    value = hand_value(base, dealer, tsumo)
    if liable and not tsumo and req.liable != req.discarder:
        half = up100(value // 2)
        payers = [Payment("discarder", value - half + 300 * honba), Payment("liable", half)]
    elif liable and tsumo:
        payers = [Payment("liable", value + 300 * honba)]
    elif not tsumo:
        payers = [Payment("discarder", value + 300 * honba)]
    elif dealer:
        payers = [Payment("non_dealer", tsumo_share(base, True) + 100 * honba)] * 3
    else:
        child = Payment("non_dealer", tsumo_share(base, False) + 100 * honba)
        payers = [Payment("dealer", tsumo_share(base, True) + 100 * honba), child, child]
    if req.riichi_sticks:
        payers.append(Payment("riichi_sticks", 1000 * req.riichi_sticks))
    return Points(sum(p.amount for p in payers), tuple(payers))

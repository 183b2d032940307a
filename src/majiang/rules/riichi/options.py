"""Riichi's table options, declared once in ``RiichiOptions``, and the situations that contradict
a hand.

``contradiction`` is the one place that says when a request's situation cannot be (riichi with
an open hand, a rinshan without a kong); the ruleset raises it as an error naming the field.

>>> from majiang.hand import parse_hand
>>> from majiang.tiles import parse_tile
>>> contradiction(ScoreRequest("riichi", {}, parse_hand("234567m234p55p777z"), parse_tile("5p"),
...                            "ron", situation=frozenset({"ippatsu"})))
'ippatsu needs riichi (or double_riichi)'
>>> RiichiOptions.of({"aka": 0, "renhou": "mangan"}).renhou
'mangan'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from majiang.i18n import N_, _
from majiang.rules.base import RuleOptions, option
from majiang.scoring import (
    SITUATION_WIN,
    ScoreRequest,
    Win,
    way_of_winning_refusal,
    wrong_way_of_winning,
)

Renhou = Literal["off", "mangan", "yakuman"]


class RiichiOptions(RuleOptions):
    """The table options that change a score, each with its default, doc and checks."""

    kiriage: bool = option(False, "4 han 30 fu and 3 han 60 fu count as mangan")
    double_yakuman: bool = option(True, "several yakuman add up, and the double forms count twice")
    kazoe: bool = option(True, "13+ han count as yakuman (off: sanbaiman)")
    open_tanyao: bool = option(True, "tanyao also on an open hand (kuitan)")
    aka: int = option(1, "red fives per suit, each one dora", choices=(0, 1))
    renhou: Renhou = option(
        "off",
        "a non-dealer's win before their first draw",
        choices=("off", "mangan", "yakuman"),
    )
    double_wind_pair_fu: int = option(4, "fu for a pair of the seat and round wind", choices=(4, 2))
    nagashi_mangan: bool = option(True, "nagashi mangan at an exhaustive draw")
    pao: bool = option(True, "liability for daisangen and daisuushii")


#: situations that need a concealed hand
_CLOSED_ONLY = ("riichi", "double_riichi", "ippatsu")
#: the first-turn wins, which exclude every other situation but each other's absence
_FIRST_TURN = ("heavenly", "earthly", "human")
_NOT_ON_FIRST_TURN = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "last_tile",
    "last_discard",
    "kong_replacement",
    "robbing_kong",
)


#: why a situation cannot have the other way of winning (``SITUATION_WIN``), by its name
_WAY_OF_WINNING = {
    "robbing_kong": N_("robbing_kong (chankan) is a win on another player's kong, not a tsumo"),
    "last_discard": N_("last_discard (houtei) is a ron on the last discard, not a tsumo"),
    "human": N_("human (renhou) is a win on a discard, not a tsumo"),
    "kong_replacement": N_("kong_replacement (rinshan) is a self-drawn win, not a ron"),
    "last_tile": N_("last_tile (haitei) is a self-drawn win, not a ron"),
    "heavenly": N_("heavenly (tenhou) is a self-drawn win, not a ron"),
    "earthly": N_("earthly (chiihou) is a self-drawn win, not a ron"),
    "nagashi_mangan": N_("nagashi_mangan is paid like a self-drawn win: choose 'tsumo'"),
}
_NEEDS_WIN: Mapping[str, Win] = {**SITUATION_WIN, "nagashi_mangan": "tsumo"}
#: the situations that exclude each other, and why
_EXCLUSIVE = (
    (
        "kong_replacement",
        "last_tile",
        N_(
            "kong_replacement and last_tile exclude each other (a replacement tile is not the "
            "last wall tile)"
        ),
    ),
    (
        "ippatsu",
        "kong_replacement",
        N_("ippatsu and kong_replacement exclude each other (any kong ends ippatsu)"),
    ),
    ("robbing_kong", "last_discard", N_("robbing_kong and last_discard exclude each other")),
)


def contradiction(req: ScoreRequest) -> str | None:
    """Return why the request's situation contradicts its hand or its way of winning, or
    ``None``."""
    sit, hand = req.situation, req.hand
    if not sit.isdisjoint(_CLOSED_ONLY) and not hand.is_closed:
        name = next(n for n in _CLOSED_ONLY if n in sit)
        return _("{name} needs a concealed hand, but the hand has an open meld").format(name=name)
    if "ippatsu" in sit and not ("riichi" in sit or "double_riichi" in sit):
        return _("ippatsu needs riichi (or double_riichi)")
    wrong = wrong_way_of_winning(sit, req.win, _NEEDS_WIN)
    if wrong in _WAY_OF_WINNING:
        return _(_WAY_OF_WINNING[wrong])
    if wrong is not None:
        return way_of_winning_refusal(wrong, _NEEDS_WIN[wrong], req.win)
    if "kong_replacement" in sit and not any(m.is_kong for m in hand.melds):
        return _("kong_replacement (rinshan) needs a kong among the melds")
    for one, other, why in _EXCLUSIVE:
        if one in sit and other in sit:
            return _(why)
    return _first_turn_contradiction(sit, bool(hand.melds), req.is_dealer)


def _first_turn_contradiction(sit: frozenset[str], has_melds: bool, dealer: bool) -> str | None:
    """Return why a first-turn win (tenhou, chiihou, renhou) cannot be, or ``None``."""
    first = [name for name in _FIRST_TURN if name in sit]
    if not first:
        return None
    if len(first) > 1:
        return _("{name} and {other} exclude each other").format(name=first[0], other=first[1])
    name = first[0]
    if name == "heavenly" and not dealer:
        return _("heavenly (tenhou) is the dealer's win; the seat wind is not East")
    if name in ("earthly", "human") and dealer:
        return _("{name} is a non-dealer's win; the seat wind is East").format(name=name)
    if has_melds:
        return _("{name} needs a hand with no meld (no call or kong before it)").format(name=name)
    other = next((s for s in _NOT_ON_FIRST_TURN if s in sit), None)
    if other is not None:
        return _("{name} is a first-turn win and cannot come with {other}").format(
            name=name, other=other
        )
    return None

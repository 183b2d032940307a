"""Riichi's table options and the situations that contradict a hand.

Both the ruleset (``Riichi``) and the direct reader of request dicts (``request.py``) use these:
the options with their defaults and accepted values, and ``contradiction``, the one place that
says when a request's situation cannot be (riichi with an open hand, a rinshan without a kong).

>>> contradiction(frozenset({"ippatsu"}), True, False, False, False, False)
'ippatsu needs riichi (or double_riichi)'
>>> ("aka", int, 1) in ACCEPTED, ("aka", bool, True) in ACCEPTED
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.rules.base import Option
from majiang.rules.riichi import features as f

OPTIONS: Mapping[str, Option] = {
    "kiriage": Option(False, "4 han 30 fu and 3 han 60 fu count as mangan"),
    "double_yakuman": Option(True, "several yakuman add up, and the double forms count twice"),
    "kazoe": Option(True, "13+ han count as yakuman (off: sanbaiman)"),
    "open_tanyao": Option(True, "tanyao also on an open hand (kuitan)"),
    "aka": Option(1, "red fives per suit, each one dora", choices=(0, 1)),
    "renhou": Option(
        "off",
        "a non-dealer's win before their first draw",
        choices=("off", "mangan", "yakuman"),
    ),
    "double_wind_pair_fu": Option(4, "fu for a pair of the seat and round wind", choices=(4, 2)),
    "nagashi_mangan": Option(True, "nagashi mangan at an exhaustive draw"),
    "pao": Option(True, "liability for daisangen and daisuushii"),
}

#: the option defaults
DEFAULTS: Mapping[str, Any] = {name: opt.default for name, opt in OPTIONS.items()}


def _accepted(name: str, opt: Option) -> set[tuple[str, type, Any]]:
    """Return the (name, type, value) triples an option with choices or a yes/no default accepts."""
    if opt.choices is not None:
        return {(name, type(c), c) for c in opt.choices}
    if isinstance(opt.default, bool):
        return {(name, bool, True), (name, bool, False)}
    return set()


#: every (option name, value type, value) a request may give; anything else is read (and its
#: error worded) by ``Ruleset.resolve_options``
ACCEPTED: frozenset[tuple[str, type, Any]] = frozenset(
    triple for name, opt in OPTIONS.items() for triple in _accepted(name, opt)
)

#: situations that need a concealed hand
_CLOSED_ONLY = ("riichi", "double_riichi", "ippatsu")
#: the first-turn wins, which exclude every other situation but each other's absence
_FIRST_TURN = ("heavenly", "earthly", "human")
#: situations that need a tsumo, or a ron
_WIN_BOUND = frozenset(
    {
        "robbing_kong",
        "last_discard",
        "human",
        "kong_replacement",
        "last_tile",
        "heavenly",
        "earthly",
        "nagashi_mangan",
    }
)
_NOT_ON_FIRST_TURN = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "last_tile",
    "last_discard",
    "kong_replacement",
    "robbing_kong",
)


def contradicts(bits: int, closed: bool, tsumo: bool, has_kong: bool) -> bool:
    """Return whether situation bits (``features.situation_bits``) without a first-turn win
    contradict the hand: the same answer as ``contradiction``, as bits (for the dict path).
    """
    return bool(
        (bits & _CLOSED_ONLY_BITS and not closed)
        or (bits & f.IPPATSU and not bits & (f.RIICHI | f.DOUBLE_RIICHI))
        or (bits & (f.ROBBING_KONG | f.LAST_DISCARD) if tsumo else bits & _SELF_DRAWN_BITS)
        or (bits & f.KONG_REPLACEMENT and (not has_kong or bits & (f.LAST_TILE | f.IPPATSU)))
        or (bits & f.ROBBING_KONG and bits & f.LAST_DISCARD)
    )


_CLOSED_ONLY_BITS = f.RIICHI | f.DOUBLE_RIICHI | f.IPPATSU
_SELF_DRAWN_BITS = f.KONG_REPLACEMENT | f.LAST_TILE
#: the first-turn wins (``contradicts`` leaves them to ``contradiction``)
FIRST_TURN_BITS = f.HEAVENLY | f.EARTHLY | f.HUMAN


def contradiction(
    sit: frozenset[str],
    closed: bool,
    tsumo: bool,
    has_kong: bool,
    has_melds: bool,
    dealer: bool,
) -> str | None:
    """Return why the situation contradicts the hand or the win, or ``None``."""
    if not sit:
        return None  # every contradiction below involves a situation
    if not sit.isdisjoint(_CLOSED_ONLY) and not closed:
        name = next(n for n in _CLOSED_ONLY if n in sit)
        return f"{name} needs a concealed hand, but the hand has an open meld"
    if "ippatsu" in sit and not ("riichi" in sit or "double_riichi" in sit):
        return "ippatsu needs riichi (or double_riichi)"
    if sit.isdisjoint(_WIN_BOUND):
        pass  # nothing that needs a tsumo or a ron
    elif tsumo:
        for name, why in (
            (
                "robbing_kong",
                "robbing_kong (chankan) is a win on another player's kong, not a tsumo",
            ),
            ("last_discard", "last_discard (houtei) is a ron on the last discard, not a tsumo"),
            ("human", "human (renhou) is a win on a discard, not a tsumo"),
            ("nagashi_mangan", None),
        ):
            if name in sit and why:
                return why
    else:
        for name, why in (
            ("kong_replacement", "kong_replacement (rinshan) is a self-drawn win, not a ron"),
            ("last_tile", "last_tile (haitei) is a self-drawn win, not a ron"),
            ("heavenly", "heavenly (tenhou) is a self-drawn win, not a ron"),
            ("earthly", "earthly (chiihou) is a self-drawn win, not a ron"),
            ("nagashi_mangan", "nagashi_mangan is paid like a tsumo: give win 'tsumo'"),
        ):
            if name in sit:
                return why
    if "kong_replacement" in sit and not has_kong:
        return "kong_replacement (rinshan) needs a kong among the melds"
    if "kong_replacement" in sit and "last_tile" in sit:
        return "kong_replacement and last_tile exclude each other (a replacement tile is not the last wall tile)"
    if "ippatsu" in sit and "kong_replacement" in sit:
        return "ippatsu and kong_replacement exclude each other (any kong ends ippatsu)"
    if "robbing_kong" in sit and "last_discard" in sit:
        return "robbing_kong and last_discard exclude each other"
    if sit.isdisjoint(_FIRST_TURN):
        return None
    first = [name for name in _FIRST_TURN if name in sit]
    if len(first) > 1:
        return f"{first[0]} and {first[1]} exclude each other"
    if first:
        name = first[0]
        if name == "heavenly" and not dealer:
            return "heavenly (tenhou) is the dealer's win; the seat wind is not East"
        if name in ("earthly", "human") and dealer:
            return f"{name} is a non-dealer's win; the seat wind is East"
        if has_melds:
            return f"{name} needs a hand with no meld (no call or kong before it)"
        other = next((s for s in _NOT_ON_FIRST_TURN if s in sit), None)
        if other is not None:
            return f"{name} is a first-turn win and cannot come with {other}"
    return None

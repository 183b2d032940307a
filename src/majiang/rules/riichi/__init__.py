"""Japanese riichi mahjong (``riichi``): the ruleset, its options and its scoring.

The scoring lives in the package's modules: ``context`` (the win and its readings), ``yaku``
(the yaku tables), ``fu``, ``dora``, ``payments`` and ``calculate`` (the highest reading wins).
The ``Riichi`` class holds the options and checks a request's situation against the hand.

>>> from majiang.scoring import score
>>> r = score({"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p",
...            "seat_wind": "S", "situation": ["riichi", "ippatsu"], "dora_indicators": "1z"})
>>> [i["id"] for i in r["items"]], r["fu"], r["points"]["total"]
(['riichi', 'ippatsu', 'yakuhai_red'], 40, 5200)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from majiang.errors import InvalidRequest
from majiang.rules.base import Option, Ruleset
from majiang.rules.riichi.calculate import score_win
from majiang.rules.riichi.game import RiichiGame
from majiang.scoring import ScoreRequest, ScoreResult

__all__ = ["RULESETS", "Riichi"]

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


def _contradiction(req: ScoreRequest) -> str | None:
    """Return why the request's situation contradicts the hand or the win, or ``None``."""
    sit = req.situation
    if not sit:
        return None  # every contradiction below involves a situation
    hand = req.hand
    if not sit.isdisjoint(_CLOSED_ONLY) and not hand.is_closed:
        name = next(n for n in _CLOSED_ONLY if n in sit)
        return f"{name} needs a concealed hand, but the hand has an open meld"
    if "ippatsu" in sit and not ("riichi" in sit or "double_riichi" in sit):
        return "ippatsu needs riichi (or double_riichi)"
    if sit.isdisjoint(_WIN_BOUND):
        pass  # nothing that needs a tsumo or a ron
    elif req.tsumo:
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
    if "kong_replacement" in sit and not any(m.is_kong for m in hand.melds):
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
        if name == "heavenly" and not req.is_dealer:
            return "heavenly (tenhou) is the dealer's win; the seat wind is not East"
        if name in ("earthly", "human") and req.is_dealer:
            return f"{name} is a non-dealer's win; the seat wind is East"
        if hand.melds:
            return f"{name} needs a hand with no meld (no call or kong before it)"
        other = next((s for s in _NOT_ON_FIRST_TURN if s in sit), None)
        if other is not None:
            return f"{name} is a first-turn win and cannot come with {other}"
    return None


class Riichi(RiichiGame, Ruleset):
    """Japanese riichi mahjong: four players, 136 tiles (+ red fives), at least one yaku."""

    id = "riichi"
    name = "Japanese Riichi"
    unit = "han"
    players = 4
    hand_size = 13
    extra_situations = frozenset({"nagashi_mangan"})
    options: ClassVar[Mapping[str, Option]] = {
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
        "double_wind_pair_fu": Option(
            4, "fu for a pair of the seat and round wind", choices=(4, 2)
        ),
        "nagashi_mangan": Option(True, "nagashi mangan at an exhaustive draw"),
        "pao": Option(True, "liability for daisangen and daisuushii"),
    }

    #: the option defaults, and per option the (type, value) pairs it accepts (set below)
    _defaults: ClassVar[dict[str, Any]]
    _accepted: ClassVar[dict[str, frozenset[tuple[type, Any]]]]

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Return every option's value: the defaults overridden by ``given``, each checked.

        Values are looked up in a table of the accepted ones; anything else (an unknown name,
        a wrong value) goes through the base class, which names the problem.

        >>> Riichi().resolve_options({"aka": 0})["aka"], Riichi().resolve_options({})["kazoe"]
        (0, True)
        """
        out = dict(self._defaults)
        accepted = self._accepted
        try:
            for name, value in given.items():
                if (type(value), value) not in accepted.get(name, ()):
                    return super().resolve_options(given)
                out[name] = value
        except TypeError:  # an unhashable value
            return super().resolve_options(given)
        return out

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` (field ``situation``) when the situation contradicts the hand."""
        why = _contradiction(req)
        if why is not None:
            raise InvalidRequest(why, field="situation")

    def score(self, req: ScoreRequest) -> ScoreResult:
        """Return the score of a riichi win (see ``majiang.rules.riichi.calculate``)."""
        return score_win(req)


def _accepted_values(opt: Option) -> frozenset[tuple[type, Any]]:
    """Return the (type, value) pairs an option with choices or a yes/no default accepts."""
    if opt.choices is not None:
        return frozenset((type(c), c) for c in opt.choices)
    if isinstance(opt.default, bool):
        return frozenset({(bool, True), (bool, False)})
    return frozenset()


Riichi._defaults = {name: opt.default for name, opt in Riichi.options.items()}
Riichi._accepted = {name: _accepted_values(opt) for name, opt in Riichi.options.items()}

RULESETS: dict[str, Ruleset] = {"riichi": Riichi()}

"""Japanese riichi mahjong (``riichi``): the ruleset, its options and its scoring.

The scoring lives in the package's modules: ``shapes`` (each suit's splits, as tables),
``features`` (the facts a yaku looks at, one bit each), ``yaku`` (the yaku tables), ``fu``,
``dora``, ``payments``, ``evaluate`` (every reading scored, the best kept), ``calculate`` (the
typed request and the result), ``request`` (the request dict read directly) and ``options``
(the table options and the situations that contradict a hand). The ``Riichi`` class holds the
options and checks a request's situation against the hand.

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
from majiang.rules.riichi.options import ACCEPTED, DEFAULTS, OPTIONS, contradiction
from majiang.rules.riichi.payments import base_points, payments
from majiang.rules.riichi.request import precompute, read_dict
from majiang.scoring import ScoreRequest, ScoreResult, WinValue

#: the fu a hand may count: 20 (pinfu tsumo), 25 (seven pairs), then 30 to 110 in tens
FU_VALUES = (20, 25, *range(30, 120, 10))

__all__ = ["RULESETS", "Riichi", "precompute"]


class Riichi(RiichiGame, Ruleset):
    """Japanese riichi mahjong: four players, 136 tiles (+ red fives), at least one yaku."""

    id = "riichi"
    name = "Japanese Riichi"
    unit = "han"
    players = 4
    hand_size = 13
    extra_situations = frozenset({"nagashi_mangan"})
    options: ClassVar[Mapping[str, Option]] = OPTIONS

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Return every option's value: the defaults overridden by ``given``, each checked.

        Values are looked up in a table of the accepted ones; anything else (an unknown name,
        a wrong value) goes through the base class, which names the problem.

        >>> Riichi().resolve_options({"aka": 0})["aka"], Riichi().resolve_options({})["kazoe"]
        (0, True)
        """
        out = dict(DEFAULTS)
        try:
            for name, value in given.items():
                if (name, type(value), value) not in ACCEPTED:
                    return super().resolve_options(given)
                out[name] = value
        except TypeError:  # an unhashable value
            return super().resolve_options(given)
        return out

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` (field ``situation``) when the situation contradicts the hand."""
        if not req.situation:
            return
        hand = req.hand
        why = contradiction(
            req.situation,
            hand.is_closed,
            req.tsumo,
            any(m.is_kong for m in hand.melds),
            bool(hand.melds),
            req.is_dealer,
        )
        if why is not None:
            raise InvalidRequest(why, field="situation")

    def score(self, req: ScoreRequest) -> ScoreResult:
        """Return the score of a riichi win (see ``majiang.rules.riichi.calculate``)."""
        return score_win(req)

    def score_value(self, req: ScoreRequest, value: WinValue) -> ScoreResult:
        """Return a win of ``value.total`` han and ``value.fu`` fu (or ``value.yakuman``
        yakuman) paid as ``score`` pays it: the base points and their limit, honba and sticks
        (``req.honba``, ``req.riichi_sticks``), pao (``req.liable``, a yakuman only).

        >>> from majiang.hand import Hand
        >>> req = ScoreRequest("riichi", Riichi().resolve_options({}), Hand(()), 0, "ron",
        ...                    seat_wind=1, discarder=2, honba=1)
        >>> Riichi().score_value(req, WinValue(3, 40)).points.total
        5500
        """
        han, fu = value.total, value.fu
        if value.yakuman:
            if value.yakuman < 0:
                raise InvalidRequest(
                    f"yakuman must be 1 or more, got {value.yakuman}", field="value"
                )
            han, fu = 13 * value.yakuman, None
        elif han < 1:
            raise InvalidRequest(f"a riichi win has at least 1 han, got {han}", field="han")
        elif han < 5 and fu not in FU_VALUES:
            raise InvalidRequest(
                f"fu must be 20, 25 or 30 to 110 in tens below 5 han, got {fu!r}", field="fu"
            )
        base, limit = base_points(han, fu or 0, value.yakuman, req.rules)
        liable = req.liable is not None and bool(req.rules.get("pao", True))
        if liable and not value.yakuman:
            raise InvalidRequest(
                "pao (liable) pays for a yakuman only (daisangen, daisuushii)", field="pao"
            )
        return ScoreResult(
            valid=True,
            unit=self.unit,
            total=han,
            fu=fu if limit is None or limit == "mangan" else None,
            limit=limit,
            points=payments(
                base,
                req.is_dealer,
                req.tsumo,
                req.honba,
                req.riichi_sticks,
                liable,
                req.liable == req.discarder,
            ),
        )

    #: what ``majiang.scoring.score`` asks for (with a dict whose variant is riichi): the usual
    #: request read straight from the dict, ``None`` for any other (``score`` then reads it
    #: with ``ScoreRequest.from_dict``)
    read_dict = staticmethod(read_dict)


RULESETS: dict[str, Ruleset] = {"riichi": Riichi()}

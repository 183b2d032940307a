"""Japanese riichi mahjong (``riichi``): the ruleset, its options and its scoring.

The ``Riichi`` class holds the options and checks a request against the hand; the scoring is
in the package's modules, one concern each (docs/riichi.md "Code" walks through them).

>>> from majiang.scoring import score
>>> r = score({"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p",
...            "seat_wind": "S", "situation": ["riichi", "ippatsu"], "dora_indicators": "1z"})
>>> [i["id"] for i in r["items"]], r["fu"], r["points"]["total"]
(['riichi', 'ippatsu', 'yakuhai_red'], 40, 5200)
"""

from __future__ import annotations

from typing import ClassVar

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.base import Ruleset, check_hand_size
from majiang.rules.riichi.calculate import UNIT, score_win
from majiang.rules.riichi.dora import check_indicators
from majiang.rules.riichi.fu import FU_VALUES
from majiang.rules.riichi.game import RiichiGame
from majiang.rules.riichi.options import RiichiOptions, contradiction
from majiang.rules.riichi.payments import base_points, request_points
from majiang.rules.riichi.yaku import YAKUMAN_HAN
from majiang.scoring import ScoreRequest, ScoreResult, WinValue

__all__ = ["RULESETS", "Riichi"]


class Riichi(RiichiGame, Ruleset):
    """Japanese riichi mahjong: four players, 136 tiles (+ red fives), at least one yaku."""

    id = "riichi"
    name = "Japanese Riichi"
    unit = UNIT
    players = 4
    hand_size = 13
    extra_situations = frozenset({"nagashi_mangan"})
    scoring_options: ClassVar[type[RiichiOptions]] = RiichiOptions

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` for a hand that is not 14 tiles (``check_hand_size``), for
        indicators that cannot be (``dora.check_indicators``) and when the situation
        contradicts the hand (``options.contradiction``, field ``situation``).

        >>> from majiang.scoring import score
        >>> score({"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p",
        ...        "dora_indicators": "5p5p5p"})
        Traceback (most recent call last):
        ...
        majiang.errors.InvalidRequest: dora_indicators: a fifth copy of '5p' (2 in the hand and melds, 3 among the indicators)
        """
        if "nagashi_mangan" not in req.situation:
            check_hand_size(req)
        check_indicators(req)
        why = contradiction(req)
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
                    _("yakuman must be 1 or more, got {yakuman}").format(yakuman=value.yakuman),
                    field="value",
                )
            han, fu = YAKUMAN_HAN * value.yakuman, None
        elif han < 1:
            raise InvalidRequest(
                _("a riichi win has at least 1 han, got {han}").format(han=han), field="han"
            )
        elif han < 5 and fu not in FU_VALUES:
            raise InvalidRequest(
                _("fu must be 20, 25 or 30 to 110 in tens below 5 han, got {fu!r}").format(fu=fu),
                field="fu",
            )
        options = RiichiOptions.of(req.rules)
        base, limit = base_points(han, fu or 0, value.yakuman, options)
        liable = req.liable is not None and options.pao
        if liable and not value.yakuman:
            raise InvalidRequest(
                _("pao (liable) pays for a yakuman only (daisangen, daisuushii)"), field="pao"
            )
        return ScoreResult(
            valid=True,
            unit=self.unit,
            total=han,
            fu=fu if limit is None or limit == "mangan" else None,
            limit=limit,
            points=request_points(req, base, liable),
        )


RULESETS: dict[str, Ruleset] = {"riichi": Riichi()}

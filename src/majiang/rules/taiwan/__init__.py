"""Taiwan 16-tile mahjong (variant ``taiwan``): the ruleset's data and hooks.

The logic lives in the package's modules: ``readings`` (every reading of a hand and its waits),
``tai`` (the tai table and its stacking rules), ``payments`` (base, tai and dealer tai),
``checks`` (contradictory requests) and ``score`` (the contract's result). See docs/taiwan.md.

>>> from majiang.scoring import score
>>> r = score({"variant": "taiwan", "hand": "123456789m234p55666s", "win_tile": "6s",
...            "win": "tsumo", "seat_wind": "S"})
>>> [i["id"] for i in r["items"]], r["total"], r["points"]
(['closed_self_draw'], 3, {'total': 19, 'payers': [{'from': 'W', 'amount': 6}, {'from': 'N', 'amount': 6}, {'from': 'E', 'amount': 7}]})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.base import Ruleset
from majiang.rules.taiwan import checks
from majiang.rules.taiwan.game import TaiwanGame
from majiang.rules.taiwan.options import TaiwanOptions
from majiang.rules.taiwan.score import request_points, score_win
from majiang.scoring import ScoreResult, WinValue

if TYPE_CHECKING:
    from majiang.scoring import ScoreRequest


class Taiwan(TaiwanGame, Ruleset):
    """Taiwan 16-tile: 144 tiles with flowers, five sets and a pair, tai without minimum."""

    id: ClassVar[str] = "taiwan"
    name: ClassVar[str] = "Taiwan 16-tile"
    unit: ClassVar[str] = "tai"
    hand_size: ClassVar[int] = 16
    #: the last 16 tiles of the wall are never drawn
    reserve_tiles: ClassVar[int] = 16
    scoring_options: ClassVar[type[TaiwanOptions]] = TaiwanOptions
    extra_situations: ClassVar[frozenset[str]] = frozenset({"flower_replacement", "robbing_flower"})

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` for a contradictory Taiwan request (see ``checks``)."""
        checks.check(req)

    def score(self, req: ScoreRequest) -> ScoreResult:
        """Return the tai, total and payments of a Taiwan win."""
        return score_win(req)

    def score_value(self, req: ScoreRequest, value: WinValue) -> ScoreResult:
        """Return a win of ``value.total`` tai paid as ``score`` pays it: base plus tai, the
        dealer's tai with the streak wherever the dealer pays or wins.

        >>> from majiang.hand import Hand
        >>> from majiang.scoring import ScoreRequest
        >>> req = ScoreRequest("taiwan", Taiwan().resolve_options({}), Hand(()), 0, "ron",
        ...                    seat_wind=0, discarder=2, dealer_streak=1)
        >>> Taiwan().score_value(req, WinValue(2)).points.total  # 3 + 2 + 3 dealer tai
        8
        """
        if value.total < 0:
            raise InvalidRequest(
                _("tai must be 0 or more, got {tai}").format(tai=value.total), field="tai"
            )
        points = request_points(req, value.total)
        return ScoreResult(valid=True, unit=self.unit, total=value.total, points=points)


RULESETS: dict[str, Ruleset] = {"taiwan": Taiwan()}

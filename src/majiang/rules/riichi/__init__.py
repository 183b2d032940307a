"""Japanese riichi mahjong (``riichi``): the ruleset, its options and its scoring.

The scoring lives in the package's modules: ``context`` (the readings of a win, each a
``WinContext``), ``yaku`` (the yaku and yakuman tables), ``fu``, ``dora``, ``payments`` (base
points, limits, who pays), ``calculate`` (every reading scored, the best kept) and ``options``
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
from typing import ClassVar

from majiang.errors import InvalidRequest
from majiang.rules.base import Option, Ruleset
from majiang.rules.riichi.calculate import score_win
from majiang.rules.riichi.game import RiichiGame
from majiang.rules.riichi.options import OPTIONS, contradiction
from majiang.scoring import ScoreRequest, ScoreResult

__all__ = ["RULESETS", "Riichi"]


class Riichi(RiichiGame, Ruleset):
    """Japanese riichi mahjong: four players, 136 tiles (+ red fives), at least one yaku."""

    id = "riichi"
    name = "Japanese Riichi"
    unit = "han"
    players = 4
    hand_size = 13
    extra_situations = frozenset({"nagashi_mangan"})
    options: ClassVar[Mapping[str, Option]] = OPTIONS

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


RULESETS: dict[str, Ruleset] = {"riichi": Riichi()}

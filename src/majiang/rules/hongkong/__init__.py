"""Hong Kong mahjong: ``hk`` (4 players), ``hk2`` (2 players, 80 tiles), ``hkos`` (old style).

The classes hold the data (options, seats, pattern table) and hand each hook to a module:
``game`` (the hooks of play: pao, the hkos wall, deal and furiten),
``fan`` (the pattern table), ``context`` (readings of a win), ``result`` (best reading, cap,
minimum), ``payments`` (tables, who pays, options) and ``checks`` (contradictory requests).
Spec: shared/rules/hongkong.md; ids and decisions: docs/hongkong.md.

>>> from majiang.scoring import score
>>> r = score({"variant": "hk", "hand": "123m456m789m11z222z", "win_tile": "2z",
...            "win": "tsumo", "seat_wind": "S"})
>>> [i["id"] for i in r["items"]], r["total"], r["points"]
(['concealed_hand', 'self_drawn', 'seat_wind_pung', 'half_flush'], 6, {'total': 96, 'payers': [{'from': 'each', 'amount': 32}]})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.base import Ruleset, check_hand_size
from majiang.rules.hongkong import checks, payments
from majiang.rules.hongkong.fan import HK_PATTERNS, HKOS_PATTERNS, Pattern
from majiang.rules.hongkong.game import HongKongGame, OldStyleGame
from majiang.rules.hongkong.payments import FanLimits
from majiang.rules.hongkong.result import score_win
from majiang.scoring import ScoreRequest, ScoreResult, WinValue

__all__ = ["RULESETS", "HongKong", "HongKongOldStyle", "HongKongTwoPlayer"]


class HongKong(HongKongGame, Ruleset):
    """``hk``: the 4-player table, 136 tiles, 3 fan to win, capped at 10."""

    id = "hk"
    name = "Hong Kong"
    unit = "fan"
    players = 4
    hand_size = 13
    scoring_options: ClassVar[type[FanLimits]] = payments.HongKongOptions
    #: the fan patterns this table counts
    patterns: ClassVar[Sequence[Pattern]] = HK_PATTERNS

    def resolve_options(self, given: Mapping[str, Any]) -> FanLimits:
        """Return every option's value; also rejects options that contradict each other."""
        rules = self.scoring_options.of(super().resolve_options(given))
        payments.check_tables(rules)
        return rules

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` for a request this table cannot have seen."""
        check_hand_size(req)
        checks.check_seats(req, self.players)
        checks.check_situation(req)
        checks.check_liable(req, payments.HongKongOptions.of(req.rules).pao)

    def score(self, req: ScoreRequest) -> ScoreResult:
        """Return the score of a win: the best reading's fan, capped, and its payments."""
        return score_win(req, self.patterns, self.points_rule)

    #: the payments of a hand of so many fan (the table's and who pays)
    points_rule = staticmethod(payments.four_player_points)

    def score_value(self, req: ScoreRequest, value: WinValue) -> ScoreResult:
        """Return a win of ``value.total`` fan paid as ``score`` pays it: capped at
        ``max_fan``, refused below ``min_fan``.

        >>> from majiang.hand import Hand
        >>> req = ScoreRequest("hk", HongKong().resolve_options({}), Hand(()), 0, "tsumo")
        >>> HongKong().score_value(req, WinValue(12)).points.total  # the cap: 10 fan, 3 x 128
        384
        """
        rules = self.scoring_options.of(req.rules)
        if value.total < rules.min_fan:
            raise InvalidRequest(
                _("{fan} fan is below the table's minimum of {least} (rule 'min_fan')").format(
                    fan=value.total, least=rules.min_fan
                ),
                field="fan",
            )
        total = min(value.total, rules.max_fan)
        return ScoreResult(
            valid=True,
            unit=self.unit,
            total=total,
            limit="limit" if value.total >= rules.max_fan else None,
            points=self.points_rule(total, req, rules),
        )


class HongKongTwoPlayer(HongKong):
    """``hk2``: two seats (East, South), 80 tiles, the golden table paid by the opponent."""

    id = "hk2"
    name = "Hong Kong, two players"
    players = 2
    scoring_options: ClassVar[type[FanLimits]] = payments.TwoPlayerOptions

    def check_request(self, req: ScoreRequest) -> None:
        """Raise for a request the 2-player table cannot have seen; ``liable`` is ignored
        (the only possible liable player is the opponent, who pays anyway)."""
        check_hand_size(req)
        checks.check_seats(req, self.players)
        checks.check_situation(req)

    #: paid from the golden table
    points_rule = staticmethod(payments.two_player_points)


class HongKongOldStyle(OldStyleGame, HongKong):
    """``hkos``: 144 tiles with flowers and seasons, which score (hongkong.md "hkos")."""

    id = "hkos"
    name = "Hong Kong Old Style"
    scoring_options: ClassVar[type[FanLimits]] = payments.OldStyleOptions
    patterns: ClassVar[Sequence[Pattern]] = HKOS_PATTERNS


RULESETS: dict[str, Ruleset] = {
    "hk": HongKong(),
    "hk2": HongKongTwoPlayer(),
    "hkos": HongKongOldStyle(),
}

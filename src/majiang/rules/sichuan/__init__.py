"""Sichuan "bloody battle" (``sichuan``): 108 tiles, fan that double, a cap, kong money.

The win's score is ``Sichuan.score`` (the scoring contract); kong money and the exhaustive-draw
settlement are separate events, in ``settlements``. See docs/sichuan.md.

>>> from majiang.scoring import score
>>> r = score({"variant": "sichuan", "hand": "11122233344455m", "win_tile": "5m", "win": "ron"})
>>> [(i["id"], i["value"]) for i in r["items"]], r["total"], r["points"]["total"]
([('all_pungs', 1), ('pure_suit', 2)], 3, 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.base import Ruleset
from majiang.rules.sichuan.fan import best_fan, holds_three_suits
from majiang.rules.sichuan.game import SichuanGame
from majiang.rules.sichuan.options import SichuanOptions
from majiang.rules.sichuan.payments import win_points
from majiang.scoring import SITUATION_WIN, Points, ScoreResult, WinValue, check_way_of_winning
from majiang.tiles import kind, tile_name

if TYPE_CHECKING:
    from majiang.scoring import ScoreRequest

__all__ = ["RULESETS", "Sichuan"]


class Sichuan(SichuanGame, Ruleset):
    """Sichuan bloody battle: the Chengdu table's defaults, every difference an option."""

    id = "sichuan"
    name = "Sichuan bloody battle"
    unit = "fan"
    players = 4
    hand_size = 13
    scoring_options: ClassVar[type[SichuanOptions]] = SichuanOptions

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` for a request that contradicts itself in Sichuan.

        Chows are never claimed; each bonus situation needs its way of winning (``robbing_kong``
        is a win on a discard, ``kong_replacement`` a self-draw...); heavenly is the dealer's,
        earthly a non-dealer's, both before any meld.
        """
        for m in req.hand.melds:
            if m.kind == "chi":
                raise InvalidRequest(
                    _("melds: {meld!r}: chows are never claimed in Sichuan").format(meld=str(m)),
                    field="melds",
                )
        sit = req.situation
        check_way_of_winning(req)
        _check_first_turn(req)
        if "kong_replacement" in sit and not any(m.is_kong for m in req.hand.melds):
            raise InvalidRequest(
                _("situation 'kong_replacement' needs a kong among the melds"), field="situation"
            )
        if {"robbing_kong", "kong_discard"} <= sit or {"robbing_kong", "last_discard"} <= sit:
            raise InvalidRequest(
                _("situation 'robbing_kong' is a win on an added kong, not on a discard"),
                field="situation",
            )
        if "robbing_kong" in sit:
            held = sum(1 for t in req.hand.all_tiles() if kind(t) == kind(req.win_tile))
            if held != 1:
                raise InvalidRequest(
                    _(
                        "situation 'robbing_kong': the robbed {tile!r} is the fourth of its "
                        "kind, but the hand holds {held}"
                    ).format(tile=tile_name(kind(req.win_tile)), held=held),
                    field="situation",
                )
        kan = any(m.kind == "kan" for m in req.hand.melds)
        if req.tsumo and req.discarder is not None and ("kong_replacement" not in sit or not kan):
            raise InvalidRequest(
                _(
                    "discarder on a self-draw names who discarded the kong tile: it needs "
                    "situation 'kong_replacement' and a kong claimed from a discard ('kan')"
                ),
                field="discarder",
            )

    def score(self, req: ScoreRequest) -> ScoreResult:
        """Return the win's score: the best reading's fan, capped, and who pays."""
        rules = SichuanOptions.of(req.rules)
        max_fan = rules.max_fan
        if rules.missing_suit and holds_three_suits(req.hand):
            return ScoreResult.invalid(
                self.unit,
                _("the hand holds all three suits: with the missing-suit rule it is never a win"),
            )
        # A win on the replacement of a kong claimed from a discard may be paid by that
        # discarder (kong_flower_from_discard: discarder_pays; the request names the discarder).
        paid_as_self_draw = self._paid_as_self_draw(req)
        count = best_fan(
            req.hand,
            tsumo=req.tsumo,
            situation=req.situation,
            self_draw_fan=paid_as_self_draw and rules.self_draw == "plus_one_fan",
            table=rules,
        )
        if count is None:
            size = len(req.hand.concealed) + 3 * len(req.hand.melds)
            why = (
                _("the hand is not complete (four sets and a pair, or seven pairs)")
                if size == 14
                else _("a winning hand has 14 tiles (a kong counts as 3), got {size}").format(
                    size=size
                )
            )
            return ScoreResult.invalid(self.unit, why)
        points = self._points(req, count.fan)
        return ScoreResult(
            valid=True,
            unit=self.unit,
            items=count.items,
            total=count.fan,
            limit="limit" if count.raw >= max_fan else None,
            points=points,
            extra={"uncapped": count.raw},
        )

    def _points(self, req: ScoreRequest, fan: int) -> Points:
        """Return who pays a win of ``fan`` (capped) in this request's setting."""
        rules = SichuanOptions.of(req.rules)
        return win_points(
            fan,
            self_drawn=self._paid_as_self_draw(req),
            players_in_hand=req.players_in_hand,
            table=rules,
        )

    def _paid_as_self_draw(self, req: ScoreRequest) -> bool:
        """Return whether each player still in pays the win (a self-draw), not a discarder."""
        rules = SichuanOptions.of(req.rules)
        return req.tsumo and not (
            rules.kong_flower_from_discard == "discarder_pays" and req.discarder is not None
        )

    def score_value(self, req: ScoreRequest, value: WinValue) -> ScoreResult:
        """Return a win of ``value.total`` fan (a self-draw's +1 fan included under
        ``self_draw: plus_one_fan``) paid as ``score`` pays it: capped at ``max_fan``, by the
        discarder or by each player still in.

        >>> from majiang.hand import Hand
        >>> from majiang.scoring import ScoreRequest
        >>> req = ScoreRequest("sichuan", Sichuan().resolve_options({}), Hand(()), 0, "tsumo",
        ...                    players_in_hand=2)
        >>> Sichuan().score_value(req, WinValue(2)).points.total  # (4 + 1) from each of two
        10
        """
        rules = SichuanOptions.of(req.rules)
        if value.total < 0:
            raise InvalidRequest(
                _("fan must be 0 or more, got {fan}").format(fan=value.total), field="fan"
            )
        fan = min(value.total, rules.max_fan)
        points = self._points(req, fan)
        return ScoreResult(
            valid=True,
            unit=self.unit,
            total=fan,
            limit="limit" if value.total >= rules.max_fan else None,
            points=points,
        )


def _check_first_turn(req: ScoreRequest) -> None:
    """Raise ``InvalidRequest`` when a heavenly or earthly hand cannot be: heavenly is the
    dealer's, earthly a non-dealer's, neither with another situation of the way of winning
    nor after a meld."""
    sit = req.situation
    if "heavenly" in sit and not req.is_dealer:
        raise InvalidRequest(
            _("situation 'heavenly' is the dealer's hand (seat wind East)"), field="situation"
        )
    if "earthly" in sit and req.is_dealer:
        raise InvalidRequest(
            _("situation 'earthly' is a non-dealer's hand; the dealer's is 'heavenly'"),
            field="situation",
        )
    for limit in ("heavenly", "earthly"):
        if limit in sit:
            others = sorted(sit & set(SITUATION_WIN))
            others.remove(limit)
            if others:
                raise InvalidRequest(
                    _("situation {name!r} cannot go with {other!r}").format(
                        name=limit, other=others[0]
                    ),
                    field="situation",
                )
            if req.hand.melds:
                raise InvalidRequest(
                    _("situation {name!r} is a win before any kong or call").format(name=limit),
                    field="situation",
                )


RULESETS = {"sichuan": Sichuan()}

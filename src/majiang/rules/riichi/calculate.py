"""The riichi score of a checked request: every reading scored, the one that pays most kept.

Each reading (``context.win_contexts``) is scored on its own: its yakuman, or else its yaku, fu
and dora, then its base points. Among the readings the one that pays the most wins; on equal points
a yakuman, then more han, then more fu, then the first found.

>>> from majiang.scoring import ScoreRequest
>>> res = score_win(ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
...     "win_tile": "5p", "seat_wind": "S", "situation": ["riichi", "ippatsu"],
...     "dora_indicators": "1z"}))
>>> res.total, res.fu, res.points.total
(3, 40, 5200)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.patterns import best, count_valued
from majiang.rules.riichi.context import RiichiContext, win_contexts
from majiang.rules.riichi.dora import dora_items
from majiang.rules.riichi.fu import fu_items
from majiang.rules.riichi.options import RiichiOptions
from majiang.rules.riichi.payments import MANGAN, base_points, hand_value, request_points
from majiang.rules.riichi.yaku import YAKU, YAKUMAN_HAN, count_yakuman
from majiang.scoring import FuItem, Item, ScoreRequest, ScoreResult

UNIT = "han"
#: the yakuman a liable player (pao) answers for
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})


@dataclass(frozen=True)
class Scored:
    """One reading scored: its items (yaku and dora, or yakuman), han, fu items and the fu,
    their sum (``None`` for a yakuman), number of yakuman (0: an ordinary hand), base points
    and limit."""

    items: tuple[Item, ...]
    han: int
    fu_items: tuple[FuItem, ...]
    fu: int | None
    yakuman: int
    base: int
    limit: str | None


def score_reading(ctx: RiichiContext, dora: list[Item]) -> Scored | None:
    """Return the score of a reading, or ``None`` when it has no yaku (dora never count alone)."""
    options = ctx.options
    yakuman = count_yakuman(ctx)
    if yakuman:
        han = sum(i.value for i in yakuman)
        multiple = han // YAKUMAN_HAN if options.double_yakuman else 1
        base, limit = base_points(0, 0, multiple, options)
        return Scored(tuple(yakuman), YAKUMAN_HAN * multiple, (), None, multiple, base, limit)
    yaku = count_valued(YAKU, ctx)  # a closed-only yaku (worth 0 open) is left out
    if not yaku:
        return None
    items = (*yaku, *dora)
    han = sum(i.value for i in items)
    fus = tuple(fu_items(ctx))
    fu = sum(i.value for i in fus)
    base, limit = base_points(han, fu, 0, options)
    return Scored(items, han, fus, fu, 0, base, limit)


def _rank(s: Scored, dealer: bool, tsumo: bool) -> tuple[int, bool, int, int]:
    """Return what readings are compared by: points, then a yakuman, then han, then fu."""
    yakuman_han = sum(i.value for i in s.items) if s.yakuman else 0
    return hand_value(s.base, dealer, tsumo), bool(s.yakuman), yakuman_han or s.han, s.fu or 0


def best_reading(req: ScoreRequest, options: RiichiOptions) -> Scored | str:
    """Return the best reading's score (the first of the best on a tie), or why the hand does
    not win (the ``valid: false`` reason)."""
    contexts = win_contexts(req, options)
    if not contexts:
        return _("not a complete hand: no four sets and a pair, seven pairs or thirteen orphans")
    dora = dora_items(req, contexts[0].counts)
    scored = [s for s in (score_reading(ctx, dora) for ctx in contexts) if s is not None]
    found = best(scored, lambda s: _rank(s, req.is_dealer, req.tsumo))
    if found is None:
        return _("no yaku: the hand is complete but has no yaku (dora do not count)")
    return found


def _liable(req: ScoreRequest, best: Scored, options: RiichiOptions) -> bool:
    """Return whether a liable player (pao) pays, or raise ``InvalidRequest`` (``liable``)."""
    if req.liable is None or not options.pao:
        return False
    if not any(i.id in PAO_YAKUMAN for i in best.items):
        raise InvalidRequest(
            _("liable (pao) is only for daisangen or daisuushii; this hand has neither"),
            field="liable",
        )
    return True


def nagashi(req: ScoreRequest, options: RiichiOptions) -> ScoreResult:
    """Return nagashi mangan: a mangan paid as a tsumo, no honba, no sticks."""
    if not options.nagashi_mangan:
        return ScoreResult.invalid(UNIT, _("nagashi mangan needs the rule nagashi_mangan=true"))
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=(Item("nagashi_mangan", "Nagashi mangan", 5),),
        total=5,
        limit="mangan",
        points=request_points(replace(req, win="tsumo", honba=0, riichi_sticks=0), MANGAN),
    )


def score_win(req: ScoreRequest) -> ScoreResult:
    """Return the score of a riichi win: the highest-scoring reading, or ``valid: false``."""
    options = RiichiOptions.of(req.rules)
    if "nagashi_mangan" in req.situation:
        return nagashi(req, options)
    best = best_reading(req, options)
    if isinstance(best, str):
        return ScoreResult.invalid(UNIT, best)
    liable = _liable(req, best, options)
    return ScoreResult(
        valid=True,
        unit=UNIT,
        items=best.items,
        total=best.han,
        fu=best.fu,
        fu_items=best.fu_items,
        limit=best.limit,
        points=request_points(req, best.base, liable),
    )

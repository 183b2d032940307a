"""Taiwan's game hooks (taiwan.md, "Tiles and hand", "Dealer tai and streak", "Calls"): the
16-tile hands, the 16 reserve tiles at the end of the wall that are never drawn, lik gu lik gu
as a winning form, chow from the previous player only, one winner per discard, and the dealer
who keeps the seat (with a streak the scoring reads as ``dealer_streak``) on a dealer win or a
draw.

Most of it is the engine's neutral behaviour: bonus tiles are set aside and replaced from the
back of the wall (during the deal too, seat by seat from the dealer, a replacement that is
itself a bonus tile replaced in turn); chow is offered to the next seat only; several claimants
of one win are head-bumped to the first in turn order after the discarder; the heavenly,
earthly and human hands are read from the state (no call yet, the seat's first turn); the win's
payers (seat winds, dealer tai included) come from the scoring contract.

The bonus-tile wins of the options (taiwan.md "Options beyond the seed"; docs/taiwan.md):
``eight_flowers``, a seat that reveals its eighth bonus tile wins at once (its only action,
``tsumo``: 8 tai, paid by the three others); ``seven_rob_eighth``, a seat holding seven may rob
the eighth when another seat reveals it (``ron`` or ``pass``: 8 tai, situation
``robbing_flower``, paid by the seat that revealed it). Both off by default.

>>> TaiwanGame.dead_wall, TaiwanGame.win_forms
(16, ('seven_pairs_one_pung',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from majiang.rules.game import BonusWin, GameRules
from majiang.rules.taiwan.options import TaiwanOptions
from majiang.tiles import BONUS

if TYPE_CHECKING:
    from majiang.state import GameState

__all__ = ["TaiwanGame"]

#: eight bonus tiles revealed by the seat itself: the only action is the win
EIGHT_FLOWERS = BonusWin(forced=True)
#: seven bonus tiles and another seat reveals the eighth: a win the seat may pass
SEVEN_ROB_EIGHTH = BonusWin(forced=False, situation=frozenset({"robbing_flower"}))


class TaiwanGame(GameRules):
    """The game hooks of Taiwan 16-tile mahjong."""

    #: the reserve: the last 16 tiles are never drawn (replacements come from the back, so the
    #: reserve is always the 16 tiles at the end of what is left); a drawn hand when only they
    #: remain
    dead_wall: ClassVar[int] = 16
    #: lik gu lik gu: seven distinct pairs and a pung (17 tiles)
    win_forms: ClassVar[tuple[str, ...]] = ("seven_pairs_one_pung",)
    #: no limit on kongs in a hand (each kind at most once): the limit of four is riichi's
    max_kongs: ClassVar[int] = 34

    def win_situation(
        self,
        options: TaiwanOptions,
        state: GameState,
        seat: int,
        source: int | None,
        situation: frozenset[str],
    ) -> frozenset[str]:
        """Return the situation with ``flower_replacement`` added for a self-draw on a bonus
        tile's replacement, under the option ``flower_replacement_win`` (not on the first turn's
        hands, which replace such items, nor on a kong's replacement, already counted)."""
        if (
            source is None
            and options.flower_replacement_win
            and state.bonus_replaced
            and not situation & {"heavenly", "earthly", "kong_replacement"}
        ):
            return situation | {"flower_replacement"}
        return situation

    def bonus_win(
        self, options: TaiwanOptions, state: GameState, seat: int, revealer: int
    ) -> BonusWin | None:
        """Return the bonus-tile win offered to ``seat`` when ``revealer`` has just revealed a
        bonus tile: the instant win of all eight (option ``eight_flowers``) to the revealer
        itself, the rob of the eighth (option ``seven_rob_eighth``) to another seat holding the
        other seven; else None."""
        held = len(state.bonus[seat])
        if seat == revealer:
            return EIGHT_FLOWERS if options.eight_flowers and held == len(BONUS) else None
        if options.seven_rob_eighth and held == len(BONUS) - 1:
            return SEVEN_ROB_EIGHTH
        return None

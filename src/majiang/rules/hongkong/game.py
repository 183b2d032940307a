"""Hong Kong's game hooks (hongkong.md, "Flow" and "hkos"): ``hk`` and ``hk2`` play from the
whole wall (no dead wall is kept back; replacement tiles come from its tail), a player is offered
a win only when the scoring contract says it is legal at the table's ``min_fan``, several
claimants of one discard are settled by head bump, an exhaustive draw pays nothing, and the
dealer keeps the seat after a dealer win or a draw. Pao arises in play: the discarder whose tile
completes a player's fourth exposed set or third dragon set becomes liable for that player's
win (table option ``pao``); the engine passes it to scoring as ``liable``.

``hkos`` builds the square of four walls of 18 stacks, throws three dice, picks the wall and
breaks it as the seed says, deals in stacks of four (East ends with 14), replaces flowers from
the end of the wall at the break, and keeps a passed win in furiten over the whole wait until
the player draws again.

The wall in the engine is one tuple in draw order: ``wall[0]`` is the first tile dealt,
``wall[-1]`` the first replacement tile (the end of the wall where it was broken).

>>> ring = list(range(144))          # tiles marked by their place in the square
>>> wall = break_wall(ring, 7)       # 7 picks West's wall: 7 stacks counted, the 8th drawn first
>>> wall_of_total(7), wall[:4], wall[-2:]
(2, (86, 87, 88, 89), (84, 85))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, TypeVar

from majiang.rules.game import GameRules
from majiang.rules.hongkong.payments import FanLimits, HongKongOptions, OldStyleOptions
from majiang.tiles import DRAGONS
from majiang.wall import Wall

if TYPE_CHECKING:
    from majiang.melds import Meld
    from majiang.state import GameState

__all__ = [
    "CLOCKWISE_WALLS",
    "HongKongGame",
    "OldStyleGame",
    "break_wall",
    "liable_for",
    "wall_of_total",
]

T = TypeVar("T")

#: the four walls of the square in clockwise order (the way tiles are drawn), by the seat wind
#: of the player who built it: East's, then North's, West's, South's
CLOCKWISE_WALLS: tuple[int, ...] = (0, 3, 2, 1)
#: a stack is two tiles high
STACK = 2


def liable_for(melds: Sequence[Meld], meld: Meld, source: int) -> int | None:
    """Return the seat made liable when ``meld``, just claimed from ``source``'s discard, is the
    player's fourth exposed set or third exposed dragon set (``melds`` include it), else None.

    A concealed kong is not exposed, so it never counts towards either.

    >>> from majiang.melds import parse_meld
    >>> dragons = [parse_meld("pon 555z"), parse_meld("pon 666z"), parse_meld("pon 777z")]
    >>> liable_for(dragons, dragons[-1], 2), liable_for(dragons[:2], dragons[1], 2)
    (2, None)
    """
    exposed = [m for m in melds if m.is_open]
    dragon_sets = sum(1 for m in exposed if m.is_pung_like and m.first in DRAGONS)
    if len(exposed) == 4 or (meld.is_pung_like and meld.first in DRAGONS and dragon_sets == 3):
        return source
    return None


class HongKongGame(GameRules):
    """The game hooks of ``hk`` and ``hk2`` (and the base of ``hkos``).

    The neutral defaults of ``GameRules`` already are Hong Kong's flow: no dead wall, head bump,
    no payments at a draw, the dealer keeps the seat after a dealer win or a draw, a round ends
    when the deal has gone round the table. The engine offers a win only when ``score`` says it
    is valid, so the minimum fan is a condition of ``tsumo`` and ``ron``.
    """

    #: thirteen orphans is the one winning hand that is not four sets and a pair
    win_forms: ClassVar[tuple[str, ...]] = ("thirteen_orphans",)

    def liability(
        self, options: FanLimits, state: GameState, seat: int, meld: Meld, source: int
    ) -> int | None:
        """Return the discarder who completed ``seat``'s fourth exposed set or third dragon set
        (table option ``pao``; a later pao replaces an earlier one), else None. ``hk2`` has no
        pao: its one opponent pays every win anyway."""
        if not (isinstance(options, HongKongOptions) and options.pao):
            return None
        return liable_for(state.melds[seat], meld, source)


def wall_of_total(total: int) -> int:
    """Return the seat wind (0 East ... 3 North) of the wall the dice total picks: counting
    counter-clockwise from East as 1 (5, 9, 13, 17 East; 2, 6, 10, 14, 18 South ...).

    >>> [wall_of_total(t) for t in (5, 9, 2, 18, 3, 15, 4, 16)]
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    return (total - 1) % 4


def break_wall(ring: Sequence[T], total: int) -> tuple[T, ...]:
    """Return the wall in draw order, broken where the dice ``total`` says.

    ``ring`` is the square as built: stack by stack clockwise, starting at the right end of
    East's wall (then North's, West's, South's wall, each from its right end), two tiles a stack,
    the upper one first. From the right end of the picked wall ``total`` stacks are counted
    clockwise; the wall is broken after them and the deal takes the next stack first. Draws go
    on clockwise; the last stack counted is the end of the wall (replacement tiles).

    >>> break_wall(list(range(144)), 18)[:2]   # South's wall counted whole: East's wall next
    (0, 1)
    """
    stacks = len(ring) // STACK
    per_wall = stacks // 4
    first = (CLOCKWISE_WALLS.index(wall_of_total(total)) * per_wall + total) % stacks
    order = [(first + i) % stacks for i in range(stacks)]
    return tuple(ring[s * STACK + h] for s in order for h in range(STACK))


class OldStyleGame(HongKongGame):
    """The game hooks of ``hkos`` (hongkong.md "hkos", seed 001)."""

    #: a passed win keeps the player from winning on any discard of the wait until they draw
    furiten: ClassVar[frozenset[str]] = frozenset({"temporary", "until_draw"})

    def build_wall(
        self, options: OldStyleOptions, tiles: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Return the wall broken by three dice, and the dice: the shuffled tiles are the
        square of four walls of 18 stacks (``break_wall``), then East throws."""
        ring = Wall.shuffled(tiles, rng).tiles
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        return break_wall(ring, sum(dice)), dice

    def deal_order(
        self, options: OldStyleOptions, players: int, dealer: int
    ) -> list[tuple[int, int]]:
        """Return the deal: two stacks (4 tiles) to each seat from East, three times round,
        then one tile each, then East one last (East starts with 14 and does not draw).

        >>> OldStyleGame().deal_order({}, 4, 0)[-6:]
        [(3, 4), (0, 1), (1, 1), (2, 1), (3, 1), (0, 1)]
        """
        seats = [(dealer + i) % players for i in range(players)]
        order = [(s, 2 * STACK) for _ in range(3) for s in seats]
        order.extend((s, 1) for s in seats)
        order.append((dealer, 1))
        return order

"""A foreign log read into one shape: per hand, its start, the dealt tiles and the moves in order.

Both readers (mjai, tenhou.net/6) turn their log into a ``GameScript``: a list of ``HandScript``
each holding the hand's header (round wind, dealer, honba, sticks, scores), the thirteen tiles
dealt to each seat, the indicators the log shows, and every move in the order it happened
(draws, discards, calls, kongs, wins, the end of the hand). ``drive.py`` replays a script on the
engine; ``build_wall`` makes the wall a hand must have had for the engine to deal and draw
exactly the log's tiles.

>>> from majiang.tiles import parse_tiles
>>> hand = HandScript("E1", 0, 0, 0, 0, (25000,) * 4,
...                   tuple(tuple(parse_tiles("1112345678999m")[:13]) for _ in range(4)))
>>> hand.label
'E1'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.errors import MajiangError
from majiang.rules.base import Ruleset
from majiang.tiles import Tile, sort_key, tile_name, tile_set

__all__ = [
    "AddedKong",
    "Claim",
    "ConcealedKong",
    "Draw",
    "End",
    "GameScript",
    "HandScript",
    "LogError",
    "Move",
    "Throw",
    "Win",
    "build_wall",
]


class LogError(MajiangError):
    """A foreign log cannot be read (malformed, or it contradicts itself)."""


@dataclass(frozen=True)
class Draw:
    """A seat draws ``tile`` (``rinshan``: the replacement after a kong)."""

    seat: int
    tile: Tile
    rinshan: bool = False


@dataclass(frozen=True)
class Throw:
    """A seat discards ``tile`` (``riichi``: declaring with it; ``tsumogiri`` when the log says:
    True the drawn tile, False a tile held before, None the log does not say)."""

    seat: int
    tile: Tile
    riichi: bool = False
    tsumogiri: bool | None = None
    #: answers to this discard the log keeps but that took no effect: (seat, action text)
    declined: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Claim:
    """A seat calls ``tile`` discarded by ``source`` into a chi, pon or (open) kan with ``own``."""

    seat: int
    meld: str
    own: tuple[Tile, ...]
    tile: Tile
    source: int


@dataclass(frozen=True)
class ConcealedKong:
    """A seat declares a concealed kong of ``tiles``."""

    seat: int
    tiles: tuple[Tile, ...]
    declined: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class AddedKong:
    """A seat adds ``tile`` to its pon."""

    seat: int
    tile: Tile
    declined: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Win:
    """A seat wins, from ``source`` (None: self-draw); the log's own result to compare with."""

    seat: int
    source: int | None
    expected: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class End:
    """The hand ends: ``outcome`` win, exhaustive_draw or abortive_draw (with the log's reason,
    in the engine's words when known, and the log's deltas when given)."""

    outcome: str
    reason: str = ""
    deltas: tuple[int, ...] | None = None
    seat: int | None = None


Move = Draw | Throw | Claim | ConcealedKong | AddedKong | Win | End


@dataclass
class HandScript:
    """One hand of a log: header, dealt tiles (per absolute seat), moves, indicators."""

    label: str
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    haipai: tuple[tuple[Tile, ...], ...]
    moves: list[Move] = field(default_factory=list)
    #: the dora indicators the log shows, the first one turned at the deal
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    #: anything else a reader keeps for its checks (tenhou: the raw result)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameScript:
    """A whole log: the table's options, the seats' names, the length, and the hands."""

    options: dict[str, Any]
    names: list[str]
    length: str
    hands: list[HandScript]
    seed: int | str = 0
    #: a fixed start from our own export (walls, dealer ...): then no wall is rebuilt
    start: dict[str, Any] | None = None
    #: notes on the log itself (rules read, fields ignored) for the report
    notes: list[str] = field(default_factory=list)


def build_wall(rules: Ruleset, options: Mapping[str, Any], hand: HandScript) -> list[Tile]:
    """Return a wall that deals and draws exactly the hand's tiles (riichi's dead wall layout).

    The dealt tiles fill the front in the engine's deal order, the draws follow in order, the
    replacement tiles sit at the back (the first drawn last), the indicators at their dead-wall
    places; the tiles the log never shows fill the rest in canonical order. Raises ``LogError``
    when the log uses a tile more often than the set holds or more tiles than the wall has.
    """
    pool = Counter(tile_set(rules.id, options).tiles())
    size = sum(pool.values())
    wall: list[Tile | None] = [None] * size
    players = rules.players
    pos = 0
    for seat, count in rules.deal_order(options, players, hand.dealer):
        tiles = hand.haipai[seat]
        if len(tiles) != count:
            raise LogError(f"{hand.label}: seat {seat} is dealt {len(tiles)} tiles, not {count}")
        for t in tiles:
            wall[pos] = t
            pos += 1
    back = 0
    for m in hand.moves:
        if not isinstance(m, Draw):
            continue
        if m.rinshan:
            back += 1
            wall[size - back] = m.tile
        else:
            wall[pos] = m.tile
            pos += 1
    if pos + back > size:
        raise LogError(f"{hand.label}: the log draws {pos + back} tiles, the wall has {size}")
    for ura, shown in ((False, hand.dora), (True, hand.ura)):
        for i, t in enumerate(shown):
            at = rules.indicator_position(size, i, ura)
            if at is None or wall[at] is not None or at < pos or at >= size - back:
                raise LogError(f"{hand.label}: no place in the dead wall for indicator {i + 1}")
            wall[at] = t
    for slot in wall:
        if slot is None:
            continue
        t = slot
        if pool[t] <= 0:
            raise LogError(
                f"{hand.label}: the log shows more {tile_name(t)} than the tile set holds "
                "(check the red-five rule)"
            )
        pool[t] -= 1
    rest = sorted(pool.elements(), key=sort_key)
    rest.reverse()
    return [t if t is not None else rest.pop() for t in wall]


def seat_order(players: int, dealer: int) -> Sequence[int]:
    """Return the seats in turn order from the dealer.

    >>> list(seat_order(4, 2))
    [2, 3, 0, 1]
    """
    return [(dealer + i) % players for i in range(players)]

"""What happened: frozen events, the append-only log of a game, JSON-able with tiles in notation.

``step`` returns the events its action caused, in order. Every tile that moves and every point
that moves is an event (``PointsMoved`` carries the change of each seat and of the sticks on the
table, so the log alone re-adds to the scores). Some events hold private tiles (``Dealt``,
``Drew``): ``event.for_seat(seat)`` is what that seat may see of it.

>>> e = Drew(seat=2, tile=parse_tile("7z"), replacement=False)
>>> e.to_dict()
{'type': 'drew', 'seat': 2, 'tile': '7z', 'replacement': False}
>>> e.for_seat(0).to_dict()
{'type': 'drew', 'seat': 2, 'tile': None, 'replacement': False}
>>> event_from_dict(e.to_dict()) == e
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from majiang.errors import MajiangError
from majiang.tiles import Tile, format_tiles, parse_tile, parse_tiles, tile_name

__all__ = [
    "EVENT_TYPES",
    "BonusDeclared",
    "Called",
    "Dealt",
    "DiceRolled",
    "Discarded",
    "Drew",
    "Event",
    "GameEnded",
    "HandEnded",
    "HandRevealed",
    "HandStarted",
    "IndicatorRevealed",
    "PointsMoved",
    "RiichiDeclared",
    "TilesPassed",
    "VoidDeclared",
    "Won",
    "event_from_dict",
]


@dataclass(frozen=True)
class Event:
    """The base of every event; ``kind`` is its JSON ``type``."""

    kind: ClassVar[str] = ""
    #: fields holding one tile (or None) / a tuple of tiles: written in notation
    tile_fields: ClassVar[frozenset[str]] = frozenset()
    tiles_fields: ClassVar[frozenset[str]] = frozenset()

    def for_seat(self, seat: int) -> Event:
        """Return what ``seat`` may see of this event (the event itself unless it is private)."""
        return self

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: ``{"type": kind, ...fields}`` with tiles in notation."""
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in self.tile_fields:
                out[f.name] = None if value is None else tile_name(value)
            elif f.name in self.tiles_fields:
                out[f.name] = format_tiles(value, sort=False)
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out


@dataclass(frozen=True)
class HandStarted(Event):
    """A hand begins: its number in the game, round wind (0-3), dealer seat, counters, scores."""

    kind: ClassVar[str] = "hand_started"
    hand: int
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dealer_streak: int = 0


@dataclass(frozen=True)
class DiceRolled(Event):
    """The dice thrown to break the wall (variants that break it by the dice)."""

    kind: ClassVar[str] = "dice_rolled"
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Dealt(Event):
    """A seat receives its starting tiles (private: others see only how many)."""

    kind: ClassVar[str] = "dealt"
    tiles_fields: ClassVar[frozenset[str]] = frozenset({"tiles"})
    seat: int
    tiles: tuple[Tile, ...]
    count: int

    def for_seat(self, seat: int) -> Event:
        """Return the event with the tiles hidden from every other seat."""
        return self if seat == self.seat else Dealt(self.seat, (), self.count)


@dataclass(frozen=True)
class Drew(Event):
    """A seat draws a tile (``replacement``: from the back of the wall, after a kong or a flower)."""

    kind: ClassVar[str] = "drew"
    tile_fields: ClassVar[frozenset[str]] = frozenset({"tile"})
    seat: int
    tile: Tile | None
    replacement: bool = False

    def for_seat(self, seat: int) -> Event:
        """Return the event with the tile hidden from every other seat."""
        return self if seat == self.seat else Drew(self.seat, None, self.replacement)


@dataclass(frozen=True)
class BonusDeclared(Event):
    """A seat sets a flower or season aside, face up."""

    kind: ClassVar[str] = "bonus_declared"
    tile_fields: ClassVar[frozenset[str]] = frozenset({"tile"})
    seat: int
    tile: Tile


@dataclass(frozen=True)
class Discarded(Event):
    """A seat discards; ``tsumogiri``: the tile just drawn; ``riichi``: declared with it."""

    kind: ClassVar[str] = "discarded"
    tile_fields: ClassVar[frozenset[str]] = frozenset({"tile"})
    seat: int
    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False


@dataclass(frozen=True)
class RiichiDeclared(Event):
    """A riichi declaration stands (its discard was not won on); ``double``: on the first turn."""

    kind: ClassVar[str] = "riichi_declared"
    seat: int
    double: bool = False


@dataclass(frozen=True)
class Called(Event):
    """A meld is made: ``meld`` is chi/pon/kan/ankan/kakan, ``tiles`` all its tiles, ``claimed``
    the tile taken (from seat ``source``) or added."""

    kind: ClassVar[str] = "called"
    tile_fields: ClassVar[frozenset[str]] = frozenset({"claimed"})
    tiles_fields: ClassVar[frozenset[str]] = frozenset({"tiles"})
    seat: int
    meld: str
    tiles: tuple[Tile, ...]
    claimed: Tile | None = None
    source: int | None = None


@dataclass(frozen=True)
class IndicatorRevealed(Event):
    """A dora indicator is turned face up (the first at the deal, one more after each kong)."""

    kind: ClassVar[str] = "indicator_revealed"
    tile_fields: ClassVar[frozenset[str]] = frozenset({"tile"})
    tile: Tile


@dataclass(frozen=True)
class Won(Event):
    """A seat wins: on ``tile`` from ``source`` (None for a self-draw; ``tile`` is a bonus tile
    for a win on one just revealed, ``hand`` then without it); the hand shown, the scoring
    ``result`` (the contract's dict), ura indicators, and who was ``liable``."""

    kind: ClassVar[str] = "won"
    tile_fields: ClassVar[frozenset[str]] = frozenset({"tile"})
    tiles_fields: ClassVar[frozenset[str]] = frozenset({"hand", "ura_indicators"})
    seat: int
    tile: Tile
    source: int | None
    hand: tuple[Tile, ...]
    melds: tuple[str, ...]
    result: Mapping[str, Any] = field(default_factory=dict, compare=True)
    ura_indicators: tuple[Tile, ...] = ()
    liable: int | None = None
    robbed_kong: bool = False


@dataclass(frozen=True)
class PointsMoved(Event):
    """Points change hands: ``deltas`` per seat and ``sticks`` the change of sticks on the table
    (each stick is worth ``stick_value`` points), with the ``reason``."""

    kind: ClassVar[str] = "points_moved"
    reason: str
    deltas: tuple[int, ...]
    sticks: int = 0
    stick_value: int = 0


@dataclass(frozen=True)
class HandRevealed(Event):
    """A seat shows its concealed tiles (ready at an exhaustive draw)."""

    kind: ClassVar[str] = "hand_revealed"
    tiles_fields: ClassVar[frozenset[str]] = frozenset({"tiles"})
    seat: int
    tiles: tuple[Tile, ...]
    ready: bool = True


@dataclass(frozen=True)
class HandEnded(Event):
    """The hand is over: ``outcome`` ``win``, ``exhaustive_draw`` or ``abortive_draw`` (with its
    ``reason``), the winners, the ready seats at a draw, and the scores after it."""

    kind: ClassVar[str] = "hand_ended"
    outcome: str
    reason: str
    winners: tuple[int, ...]
    ready: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over: final scores, the place (1 = first) of each seat, why, and each seat's
    points in the final standings (riichi: after uma and oka; else the scores)."""

    kind: ClassVar[str] = "game_ended"
    scores: tuple[int, ...]
    placements: tuple[int, ...]
    reason: str = "length"
    final_points: tuple[int, ...] = ()


@dataclass(frozen=True)
class TilesPassed(Event):
    """A seat passes tiles to seat ``to`` in the exchange after the deal (Sichuan): private to
    those two seats; the others see only how many."""

    kind: ClassVar[str] = "tiles_passed"
    tiles_fields: ClassVar[frozenset[str]] = frozenset({"tiles"})
    seat: int
    to: int
    tiles: tuple[Tile, ...]
    count: int = 3

    def for_seat(self, seat: int) -> Event:
        """Return the event with the tiles hidden from every seat but the two involved."""
        return (
            self
            if seat in (self.seat, self.to)
            else TilesPassed(self.seat, self.to, (), self.count)
        )


@dataclass(frozen=True)
class VoidDeclared(Event):
    """A seat declares the suit it will not keep (Sichuan's missing suit): ``m``, ``p`` or ``s``."""

    kind: ClassVar[str] = "void_declared"
    seat: int
    suit: str


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        HandStarted,
        DiceRolled,
        Dealt,
        Drew,
        BonusDeclared,
        Discarded,
        RiichiDeclared,
        Called,
        IndicatorRevealed,
        Won,
        PointsMoved,
        HandRevealed,
        HandEnded,
        GameEnded,
        TilesPassed,
        VoidDeclared,
    )
}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Return the event written as JSON (the inverse of ``to_dict``).

    >>> event_from_dict({"type": "discarded", "seat": 1, "tile": "3s"})
    Discarded(seat=1, tile=20, tsumogiri=False, riichi=False)
    """
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MajiangError(f"unknown event type {kind!r}")
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in cls.tile_fields:
            value = None if value is None else parse_tile(value)
        elif f.name in cls.tiles_fields:
            value = tuple(parse_tiles(value))
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    return cls(**kwargs)

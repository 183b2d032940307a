"""The true state of a game: everything, hidden tiles included. Players get views (view.py).

Immutability contract. A ``GameState`` is never changed after ``step`` returns it. Every field
holds an immutable value (ints, strings, tuples, frozensets, frozen dataclasses; ``options`` is
the family's frozen typed options, also a read-only mapping), so ``step`` makes its successor
with ``copy()``, a shallow copy that costs one dictionary copy, and then *replaces* the few
fields the action changes (one seat's tuple of tiles, the wall position ...), never mutating a
shared value. Old states stay valid: keep them for undo, compare them, replay from them.

Seats are absolute, 0 to players-1; seat 0 is the first dealer. A seat's wind in the current
hand is ``(seat - dealer) % players`` (0 = East). Tiles are ids (tiles.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from majiang.actions import Action
from majiang.melds import Meld
from majiang.tiles import Tile

__all__ = ["GameState", "RiverTile"]


class RiverTile(NamedTuple):
    """One discard in a seat's river: the tile, drawn-and-discarded, riichi declared with it, and
    whether another seat claimed it (it then sits in their meld, shown here for the record)."""

    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    claimed: bool = False


@dataclass(eq=False)
class GameState:
    """The whole game at one moment. Read it; never assign to it (see the module docstring).

    Phases: ``turn`` (``turn`` seat holds a drawn or claimed tile and must act), ``claim`` (the
    seats in ``claim_options`` answer a discard, or a kong that can be robbed), ``decision``
    (after the deal, every seat answers the decision round named in ``claim_kind``, such as
    Sichuan's exchange; its choices are in ``claim_options``), ``game_over``.
    """

    # -- the game
    variant: str
    #: the family's typed options (a frozen ``RuleOptions``, rules/base.py), a mapping too
    options: Any
    seed: int | str
    length: str
    players: int
    scores: tuple[int, ...]
    round_wind: int = 0
    dealer: int = 0
    hand_index: int = 0
    honba: int = 0
    sticks: int = 0
    dealer_streak: int = 0
    placements: tuple[int, ...] = ()
    #: each seat's points in the final standings (riichi: after uma and oka), at the game's end
    final_points: tuple[int, ...] = ()
    #: walls fixed in advance (tests, scenarios); hand i uses walls[i] when present
    walls: tuple[tuple[Tile, ...], ...] = ()

    # -- the hand
    phase: str = "turn"
    wall: tuple[Tile, ...] = ()
    draw_pos: int = 0
    back_taken: int = 0
    indicators: int = 0
    #: the indicator tiles turned so far (public)
    dora_indicators: tuple[Tile, ...] = ()
    pending_indicators: int = 0
    concealed: tuple[tuple[Tile, ...], ...] = ()
    melds: tuple[tuple[Meld, ...], ...] = ()
    #: absolute seat each meld's claimed tile came from (None: concealed kong), per seat
    meld_sources: tuple[tuple[int | None, ...], ...] = ()
    rivers: tuple[tuple[RiverTile, ...], ...] = ()
    bonus: tuple[tuple[Tile, ...], ...] = ()
    #: per-seat flags: riichi, double_riichi, ippatsu, riichi_pending, furiten_temp,
    #: furiten_riichi, out (won and left play where a win does not end the hand)
    status: tuple[frozenset[str], ...] = ()
    #: per seat: the kinds that complete the hand (kept up to date when the hand is 3n+1 tiles)
    waits: tuple[tuple[int, ...], ...] = ()
    #: the seat to act in the turn phase; the discarder (or kong maker) in the claim phase
    turn: int = 0
    #: the tile the turn seat just drew (None after a call)
    drawn: Tile | None = None
    #: the turn seat drew from the back after a kong: count of kongs in this chain
    kong_chain: int = 0
    #: after a chi/pon the turn seat must discard, not these kinds (kuikae)
    forbidden: frozenset[int] = frozenset()
    called_this_turn: bool = False
    #: the claim window: the tile, what made it ("discard", "kakan", "ankan"; "bonus" or
    #: "deal_bonus": a bonus tile revealed in play or in the deal, with wins on it), offers,
    #: answers
    claim_tile: Tile | None = None
    claim_kind: str = ""
    claim_options: tuple[tuple[Action, ...], ...] = ()
    responses: tuple[Action | None, ...] = ()
    #: the seat of each kong made this hand, in order
    kongs: tuple[int, ...] = ()
    #: the seat whose kong preceded the current discard (kong_discard), else None
    kong_discarder: int | None = None
    calls_made: bool = False
    discards_made: int = 0
    #: the seats that have won this hand, in order (several only where a win does not end it)
    winners: tuple[int, ...] = ()
    #: per seat, the seat liable (pao) for that seat's win, else None
    liable: tuple[int | None, ...] = ()
    #: the turn seat's tile replaced a bonus tile it drew (a flower's replacement)
    bonus_replaced: bool = False
    #: the dice thrown to break this hand's wall (empty when the variant throws none)
    dice: tuple[int, ...] = ()
    #: the variant's own per-hand record, an immutable value its hooks replace (Sichuan: the
    #: kongs made and their money); None at the start of each hand
    variant_state: Any = None
    #: legal actions per seat, computed once per state (derived data, not part of the state)
    cache: dict[int, tuple[Action, ...]] = field(default_factory=dict)

    def copy(self) -> GameState:
        """Return a shallow copy to build the next state from (fresh legal-action cache)."""
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.cache = {}
        return new

    # -- derived facts
    @property
    def game_over(self) -> bool:
        """Return whether the game has ended."""
        return self.phase == "game_over"

    def seat_wind(self, seat: int) -> int:
        """Return the seat's wind this hand (0 = East, the dealer)."""
        return (seat - self.dealer) % self.players

    def live_tiles(self, dead_wall: int) -> int:
        """Return how many tiles can still be drawn from the front, ``dead_wall`` kept back."""
        return len(self.wall) - self.draw_pos - self.back_taken - dead_wall

    def hand_label(self) -> str:
        """Return the hand's name such as ``E1`` (East round, first dealer) with honba.

        >>> GameState("riichi", {}, 0, "east", 4, (0,) * 4, round_wind=1, dealer=2, honba=1).hand_label()
        'S3-1'
        """
        label = f"{'ESWN'[self.round_wind % 4]}{self.dealer + 1}"
        return f"{label}-{self.honba}" if self.honba else label

    def waiting_seats(self) -> list[int]:
        """Return the seats that must act now."""
        if self.phase == "turn":
            return [self.turn]
        if self.phase in ("claim", "decision"):
            return [
                s
                for s in range(self.players)
                if self.claim_options[s] and self.responses[s] is None
            ]
        return []

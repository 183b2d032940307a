"""What one player may see (shared/rules/README.md, "What a player may see"), and nothing more.

A view holds the viewer's own concealed tiles; every public tile (rivers, melds, bonus tiles,
indicators); the counts of the others' concealed tiles and of the live wall; scores, counters
and the riichi of each seat; and whether the viewer must act. Never the wall order, never
another seat's unrevealed tile. Hands shown at the end of a hand (winners, ready hands at a
draw) reach players through the events (``event.for_seat``), which are public then.

Each physical tile appears at most once in a view's ``to_dict()``, so a checker can compare the view's tiles,
as a multiset, with the public tiles and the viewer's hand (tests/test_conformance.py does).

>>> from majiang.engine import new_game
>>> from majiang.rules import get_ruleset
>>> rules = get_ruleset("riichi")
>>> state, _ = new_game(rules, seed=3)
>>> v = player_view(rules, state, 1)
>>> len(v.hand), v.seats[0].concealed, v.to_act, v.wall_left
(13, 14, False, 69)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from majiang.melds import Meld
from majiang.state import GameState, RiverTile
from majiang.tiles import Tile, format_tiles, sort_key, tile_name

if TYPE_CHECKING:
    from majiang.rules.base import Ruleset

__all__ = ["PlayerView", "SeatView", "player_view"]

_ORDER = tuple(sort_key(t) for t in range(45)).__getitem__


class SeatView(NamedTuple):
    """The public side of one seat."""

    seat: int
    wind: int
    score: int
    concealed: int
    melds: tuple[Meld, ...]
    river: tuple[RiverTile, ...]
    bonus: tuple[Tile, ...]
    riichi: bool
    #: the seat has won and left play (Sichuan's bloody battle)
    out: bool = False
    #: the suit the seat declared void (Sichuan), else None
    void: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form, tiles in notation."""
        return {
            "seat": self.seat,
            "wind": "ESWN"[self.wind],
            "score": self.score,
            "concealed": self.concealed,
            "melds": [str(m) for m in self.melds],
            "river": [
                {
                    "tile": None if r.claimed else tile_name(r.tile),
                    "tsumogiri": r.tsumogiri,
                    "riichi": r.riichi,
                    "claimed": r.claimed,
                }
                for r in self.river
            ],
            "bonus": format_tiles(self.bonus),
            "riichi": self.riichi,
            "out": self.out,
            "void": self.void,
        }


class PlayerView(NamedTuple):
    """One seat's view of the game at one moment."""

    seat: int
    variant: str
    phase: str
    hand_index: int
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    wall_left: int
    indicators: tuple[Tile, ...]
    hand: tuple[Tile, ...]
    drawn: Tile | None
    seats: tuple[SeatView, ...]
    to_act: bool
    #: the seat whose turn it is (or who discarded the tile being answered)
    turn: int
    #: the tile on offer in the claim phase (the last discard, or the tile added to a kong)
    claim_tile: Tile | None
    placements: tuple[int, ...]
    #: the decision round every seat answers in the ``decision`` phase (``exchange``, ``void``)
    decision: str | None = None
    #: hands the dealer has kept the deal in a row (Taiwan's streak; shown beside honba)
    dealer_streak: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form, tiles in notation (each physical tile written once: ``hand``
        leaves out the ``drawn`` tile, a claimed river tile shows only in its meld)."""
        hand = list(self.hand)
        if self.drawn is not None:
            hand.remove(self.drawn)
        return {
            "seat": self.seat,
            "variant": self.variant,
            "phase": self.phase,
            "hand_index": self.hand_index,
            "round_wind": "ESWN"[self.round_wind % 4],
            "dealer": self.dealer,
            "honba": self.honba,
            "sticks": self.sticks,
            "wall_left": self.wall_left,
            "indicators": format_tiles(self.indicators, sort=False),
            "hand": format_tiles(hand),
            "drawn": None if self.drawn is None else tile_name(self.drawn),
            "seats": [s.to_dict() for s in self.seats],
            "to_act": self.to_act,
            "turn": self.turn,
            "claim_from": self.turn if self.claim_tile is not None else None,
            "placements": list(self.placements),
            "decision": self.decision,
            "dealer_streak": self.dealer_streak,
        }


def player_view(rules: Ruleset, state: GameState, seat: int) -> PlayerView:
    """Return what ``seat`` may see of ``state``."""
    st = state
    n = st.players
    seats = tuple(
        SeatView(
            s,
            (s - st.dealer) % n,
            st.scores[s],
            len(st.concealed[s]),
            st.melds[s],
            st.rivers[s],
            st.bonus[s],
            "riichi" in st.status[s],
            "out" in st.status[s],
            _void(st.status[s]),
        )
        for s in range(n)
    )
    indicators = st.dora_indicators
    own = st.concealed[seat]
    drawn = st.drawn if st.phase == "turn" and st.turn == seat else None
    return PlayerView(
        seat=seat,
        variant=st.variant,
        phase=st.phase,
        hand_index=st.hand_index,
        round_wind=st.round_wind,
        dealer=st.dealer,
        honba=st.honba,
        sticks=st.sticks,
        wall_left=max(0, st.live_tiles(rules.dead_wall)),
        indicators=indicators,
        hand=tuple(sorted(own, key=_ORDER)),
        drawn=drawn,
        seats=seats,
        to_act=seat in st.waiting_seats(),
        turn=st.turn,
        claim_tile=st.claim_tile if st.phase == "claim" else None,
        placements=st.placements,
        decision=st.claim_kind if st.phase == "decision" else None,
        dealer_streak=st.dealer_streak,
    )


def _void(status: frozenset[str]) -> str | None:
    """Return the suit of a ``void_<suit>`` flag (Sichuan's declaration), else None."""
    for flag in status:
        if flag.startswith("void_"):
            return flag[5:]
    return None

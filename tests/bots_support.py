"""Tables for the bots' tests: the first view of a one-hand game with one other seat made to
show what a test needs (its discards and open sets)."""

from __future__ import annotations

from collections.abc import Sequence

from majiang.engine import new_game
from majiang.melds import parse_meld
from majiang.rules import get_ruleset
from majiang.state import RiverTile
from majiang.tiles import parse_tiles
from majiang.view import PlayerView, player_view


def showing_seat(
    variant: str, river: str, melds: Sequence[str], seat: int = 2, wall_left: int = 40
) -> PlayerView:
    """Return seat 0's view of the first decision of a one-hand game (seed 0) where ``seat``
    has thrown ``river`` (tiles, none called or riichi) and holds ``melds`` (meld notation),
    with ``wall_left`` tiles left in the wall."""
    rules = get_ruleset(variant)
    state, _ = new_game(rules, seed=0, length="one_hand")
    view = player_view(rules, state, 0)
    seats = []
    for s in view.seats:
        if s.seat == seat:
            shown = tuple(RiverTile(t, False, False) for t in parse_tiles(river))
            s = s._replace(river=shown, melds=tuple(parse_meld(m) for m in melds))
        seats.append(s)
    return view._replace(seats=tuple(seats), wall_left=wall_left)

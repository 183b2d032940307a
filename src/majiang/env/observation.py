"""A seat's view as a fixed-size array: ``encode(view)`` is a float32 array of ``ROWS`` x 34.

Only ``majiang.view.player_view`` goes in, so the array holds nothing the seat may not see.
Every variant uses the same rows (a variant without indicators or bonus tiles leaves their rows
at zero); seats are relative to the viewer: seat 0 is the viewer, 1 the next in turn order
(its right), 2 the one across, 3 its left. A tile column is its kind: 0-8 1m-9m, 9-17 1p-9p,
18-26 1s-9s, 27-33 1z-7z (E S W N, white, green, red); a red five counts as a five and is
marked again in row ``red``.

=========================  =====================================================================
row                        columns
=========================  =====================================================================
0 ``hand``                 the viewer's concealed tiles per kind (0-4), the drawn tile included
1 ``drawn``                1 at the kind of the tile just drawn (the viewer's turn only)
2 ``red``                  red fives among the viewer's concealed tiles, at 5m, 5p, 5s
3 ``claim``                1 at the kind of the tile on offer in the claim phase
4 ``indicators``           indicator tiles turned (riichi's dora indicators), per kind
5-8 ``melds`` 0-3          tiles in each relative seat's melds, per kind
9-12 ``river`` 0-3         each relative seat's discards per kind (those claimed into a meld
                           appear in the meld row instead)
13 ``bonus``                bonus tiles shown: column ``8 * seat + i`` for flower/season ``i``
                           (the flowers 1f-4f are ``i`` 0-3, the seasons 5f-8f 4-7)
14 ``seats``                per relative seat ``r``, columns ``8 * r`` +: 0 score (points, as
                           the variant counts them), 1 concealed tiles, 2 riichi, 3 out (won
                           and left play), 4-6 void suit m/p/s, 7 dealer
15 ``table``                0-3 phase (turn, claim, decision, game over), 4 the viewer must
                           act, 5-6 decision round (exchange, void), 7-10 round wind E-N, 11-14
                           the viewer's seat wind E-N, 15 tiles left in the live wall, 16
                           honba, 17 sticks on the table, 18 hand number in the game
=========================  =====================================================================

>>> from majiang.engine import new_game
>>> from majiang.rules import get_ruleset
>>> from majiang.view import player_view
>>> rules = get_ruleset("riichi")
>>> state, _ = new_game(rules, seed=3, length="one_hand")
>>> obs = encode(player_view(rules, state, 1))
>>> obs.shape, int(obs[ROW["hand"]].sum()), float(obs[ROW["table"], 15])
((16, 34), 13, 69.0)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from majiang.tiles import FLOWER_BASE, is_bonus, is_red, kind
from majiang.view import PlayerView

__all__ = ["COLUMNS", "ROW", "ROWS", "bounds", "encode"]

ROWS = (
    "hand",
    "drawn",
    "red",
    "claim",
    "indicators",
    "melds_0",
    "melds_1",
    "melds_2",
    "melds_3",
    "river_0",
    "river_1",
    "river_2",
    "river_3",
    "bonus",
    "seats",
    "table",
)
ROW = {name: i for i, name in enumerate(ROWS)}
COLUMNS = 34
_PHASES = ("turn", "claim", "decision", "game_over")
_DECISIONS = ("exchange", "void")
_SUITS = "mps"


def bounds() -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Return the lowest and highest value of every cell (scores are unbounded)."""
    low = np.zeros((len(ROWS), COLUMNS), dtype=np.float32)
    high = np.ones((len(ROWS), COLUMNS), dtype=np.float32)
    for name in ("hand", "indicators", *(f"melds_{r}" for r in range(4))):
        high[ROW[name]] = 4
    for r in range(4):
        high[ROW[f"river_{r}"]] = 4
        seat = 8 * r
        low[ROW["seats"], seat] = -np.inf
        high[ROW["seats"], seat] = np.inf
        high[ROW["seats"], seat + 1] = 17  # a Taiwan dealer's hand with its drawn tile
    high[ROW["red"]] = 4
    table = ROW["table"]
    high[table, 15:19] = np.inf
    return low, high


def encode(view: PlayerView) -> npt.NDArray[np.float32]:
    """Return the ``ROWS`` x 34 array of ``view`` (see the module docstring)."""
    out = np.zeros((len(ROWS), COLUMNS), dtype=np.float32)
    n = len(view.seats)
    me = view.seat
    for t in view.hand:
        out[ROW["hand"], kind(t)] += 1
        if is_red(t):
            out[ROW["red"], kind(t)] += 1
    if view.drawn is not None:
        out[ROW["drawn"], kind(view.drawn)] = 1
    if view.claim_tile is not None and not is_bonus(view.claim_tile):
        out[ROW["claim"], kind(view.claim_tile)] = 1
    for t in view.indicators:
        out[ROW["indicators"], kind(t)] += 1
    seats = ROW["seats"]
    for s in view.seats:
        r = (s.seat - me) % n
        for meld in s.melds:
            for t in meld.tiles:
                out[ROW[f"melds_{r}"], kind(t)] += 1
        for d in s.river:
            if not d.claimed:
                out[ROW[f"river_{r}"], kind(d.tile)] += 1
        for t in s.bonus:
            out[ROW["bonus"], 8 * r + t - FLOWER_BASE] = 1
        base = 8 * r
        out[seats, base] = s.score
        out[seats, base + 1] = s.concealed
        out[seats, base + 2] = s.riichi
        out[seats, base + 3] = s.out
        if s.void is not None:
            out[seats, base + 4 + _SUITS.index(s.void)] = 1
        out[seats, base + 7] = s.seat == view.dealer
    table = ROW["table"]
    out[table, _PHASES.index(view.phase)] = 1
    out[table, 4] = view.to_act
    if view.decision in _DECISIONS:
        out[table, 5 + _DECISIONS.index(view.decision)] = 1
    out[table, 7 + view.round_wind % 4] = 1
    out[table, 11 + (me - view.dealer) % n] = 1
    out[table, 15] = view.wall_left
    out[table, 16] = view.honba
    out[table, 17] = view.sticks
    out[table, 18] = view.hand_index
    return out

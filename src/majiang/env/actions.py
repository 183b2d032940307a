"""The fixed action space of a variant: every action a seat can ever take, one index each.

An index names an action up to what the moment fixes: ``chi`` names where the claimed tile sits
in the run (lowest, middle, highest) and whether a red five of the hand goes into it, since the
tile on offer is known; ``pon`` names how many red fives of the hand it uses; ``ankan`` and
``kakan`` name the kind. At any moment no two legal actions share an index (``ActionSpace.mask``
checks it), so the mask over indices loses nothing of ``legal_actions``.

The slots, in this order, where the variant has them (docs/env.md lists each variant's):

- ``discard <tile>``: every tile of the variant's set (red fives apart), bonus tiles excepted;
- ``riichi <tile>``: a discard declaring riichi (a variant that has riichi);
- ``tsumo``, ``ron``, ``pass``; ``nine_terminals`` (riichi's abortive draw);
- ``chi low|mid|high`` (+ ``red``), ``pon`` (+ ``red``), ``kan`` (an open kong of the discard);
- ``ankan <kind>``, ``kakan <kind>``;
- ``exchange <three kinds>`` and ``void <suit>`` (Sichuan's decision rounds).

>>> space = ActionSpace.for_variant("riichi")
>>> space.size, space.label(0), space.label(space.index[("tsumo",)])
(155, 'discard 1m', 'tsumo')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from majiang.actions import (
    Action,
    Ankan,
    Chi,
    DeclareVoid,
    Discard,
    Exchange,
    Kakan,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from majiang.engine import new_game
from majiang.errors import IllegalAction
from majiang.rules import get_ruleset
from majiang.rules.game import GameRules
from majiang.tiles import NUM_KINDS, format_tiles, is_bonus, is_red, kind, sort_key, tile_name
from majiang.tiles import tile_set as variant_tiles

__all__ = ["ActionSpace", "Key", "action_key"]

#: an action up to what the moment fixes, e.g. ``("discard", 13)`` or ``("chi", "low", True)``
Key = tuple[object, ...]
_CHI_PLACES = ("low", "mid", "high")


def action_key(action: Action, claim_tile: int | None) -> Key:
    """Return the slot key of ``action``; ``claim_tile`` is the tile on offer (for a chi).

    >>> from majiang.tiles import parse_tile, parse_tiles
    >>> action_key(Chi(tuple(parse_tiles("46p"))), parse_tile("5p"))
    ('chi', 'mid', False)
    >>> action_key(Chi(tuple(parse_tiles("0p6p"))), parse_tile("7p"))
    ('chi', 'high', True)
    """
    if isinstance(action, Discard):
        return ("riichi" if action.riichi else "discard", action.tile)
    if isinstance(action, Chi):
        if claim_tile is None:
            raise IllegalAction(f"{action}: no tile is on offer to claim")
        own = sorted(kind(t) for t in action.tiles)
        claimed = kind(claim_tile)
        place = "low" if claimed < own[0] else "high" if claimed > own[-1] else "mid"
        return ("chi", place, any(is_red(t) for t in action.tiles))
    if isinstance(action, Pon):
        return ("pon", sum(1 for t in action.tiles if is_red(t)) > 0)
    if isinstance(action, Ankan):
        return ("ankan", kind(action.tiles[0]))
    if isinstance(action, Kakan):
        return ("kakan", kind(action.tile))
    if isinstance(action, Exchange):
        return ("exchange", tuple(sorted(kind(t) for t in action.tiles)))
    if isinstance(action, DeclareVoid):
        return ("void", action.suit)
    return (action.kind,)  # tsumo, ron, pass, kan, nine_terminals


def _label(key: Key) -> str:
    name = str(key[0])
    if name in ("discard", "riichi"):
        return f"{name} {tile_name(int(str(key[1])))}"
    if name == "chi":
        return f"chi {key[1]}" + (" red" if key[2] else "")
    if name == "pon":
        return "pon red" if key[1] else "pon"
    if name in ("ankan", "kakan"):
        return f"{name} {tile_name(int(str(key[1])))}"
    if name == "exchange":
        kinds = key[1]
        assert isinstance(kinds, tuple)
        return f"exchange {format_tiles(kinds)}"
    if name == "void":
        return f"void {key[1]}"
    return name


class ActionSpace:
    """The slots of one variant, in order (``keys``), and the index of each (``index``)."""

    def __init__(self, variant: str, keys: Sequence[Key]) -> None:
        self.variant = variant
        self.keys = tuple(keys)
        self.index = {k: i for i, k in enumerate(self.keys)}
        if len(self.index) != len(self.keys):
            raise ValueError(f"{variant}: a slot is listed twice")

    @property
    def size(self) -> int:
        """Return the number of slots."""
        return len(self.keys)

    def label(self, i: int) -> str:
        """Return the slot's name as docs/env.md writes it (``discard 5p``, ``chi low red``)."""
        return _label(self.keys[i])

    @staticmethod
    def for_variant(variant: str) -> ActionSpace:
        """Return the variant's action space (the same object on every call)."""
        return _space(variant)

    def mask(self, legal: Sequence[Action], claim_tile: int | None) -> npt.NDArray[np.int8]:
        """Return a 0/1 vector over the slots: 1 where one of ``legal`` sits."""
        out = np.zeros(self.size, dtype=np.int8)
        for i in self._indices(legal, claim_tile):
            out[i] = 1
        return out

    def decode(self, i: int, legal: Sequence[Action], claim_tile: int | None) -> Action:
        """Return the legal action at slot ``i``, or raise ``IllegalAction`` naming the slot."""
        if not 0 <= i < self.size:
            raise IllegalAction(f"action {i} is outside {self.variant}'s 0-{self.size - 1}")
        for action, j in zip(legal, self._indices(legal, claim_tile), strict=True):
            if j == i:
                return action
        shown = ", ".join(f"{self.label(j)} ({j})" for j in self._indices(legal, claim_tile))
        raise IllegalAction(f"action {i} ({self.label(i)}) is not legal now (legal: {shown})")

    def encode(self, action: Action, claim_tile: int | None) -> int:
        """Return the slot of ``action``."""
        key = action_key(action, claim_tile)
        found = self.index.get(key)
        if found is None:
            raise IllegalAction(f"{action} has no slot in {self.variant}'s action space")
        return found

    def _indices(self, legal: Sequence[Action], claim_tile: int | None) -> list[int]:
        out = [self.encode(a, claim_tile) for a in legal]
        if len(set(out)) != len(out):
            raise AssertionError(f"two legal actions share a slot: {[str(a) for a in legal]}")
        return out


@cache
def _space(variant: str) -> ActionSpace:
    rules = get_ruleset(variant)
    state, _ = new_game(rules, seed=0, length="one_hand")
    options = state.options
    copies = variant_tiles(variant).copies
    tiles = sorted((t for t in range(len(copies)) if copies[t] and not is_bonus(t)), key=sort_key)
    kinds = sorted({kind(t) for t in tiles})
    reds = any(is_red(t) for t in tiles)
    keys: list[Key] = [("discard", t) for t in tiles]
    if type(rules).can_declare_riichi is not GameRules.can_declare_riichi:
        keys += [("riichi", t) for t in tiles]
    keys += [(Tsumo.kind,), (Ron.kind,), (Pass.kind,)]
    if type(rules).turn_extras is not GameRules.turn_extras:
        keys.append((NineTerminals.kind,))
    red_options = (False, True) if reds else (False,)
    if "chi" in rules.claims:
        keys += [("chi", place, red) for place in _CHI_PLACES for red in red_options]
    if "pon" in rules.claims:
        keys += [("pon", red) for red in red_options]
    if "kan" in rules.claims:
        keys.append((Kan.kind,))
    keys += [("ankan", k) for k in kinds]
    keys += [("kakan", k) for k in kinds]
    rounds = rules.decisions(options)
    if "exchange" in rounds:
        for s in range(3):
            suit = [k for k in kinds if s * 9 <= k < s * 9 + 9]
            keys += [("exchange", c) for c in combinations_with_replacement(suit, 3)]
    if "void" in rounds:
        keys += [("void", s) for s in "mps"]
    assert all(k < NUM_KINDS for k in kinds)
    return ActionSpace(variant, keys)

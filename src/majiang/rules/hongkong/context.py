"""The facts one reading of a Hong Kong win offers its fan patterns: ``WinContext``.

A complete hand can often be read in more than one way (``111222333m`` is three pungs or three
chows), and on a discard win the winning tile may complete different sets. ``win_contexts``
returns one context per reading; the scorer counts each and keeps the best (README: "When a hand
decomposes in more than one way, the result is the highest-scoring decomposition").

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "111222333m55p789s",
...                               "win_tile": "5p", "win": "tsumo"})
>>> sorted(c.shape for c in win_contexts(req))
['chow chow chow chow', 'pung pung pung chow']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from majiang.decompose import Decomposition, decompositions, is_thirteen_orphans
from majiang.melds import Meld
from majiang.scoring import ScoreRequest
from majiang.tiles import DRAGONS, EAST, WINDS, counts34, format_tiles, is_honor, is_terminal, kind

SetKind = Literal["chow", "pung", "kong"]
Form = Literal["standard", "thirteen_orphans"]


@dataclass(frozen=True)
class HandSet:
    """One set of a reading: a chow starting at ``tile``, or a pung or kong of ``tile``.

    ``melded`` is true for a called or declared meld (a concealed kong included); ``concealed``
    is true for a set that was never claimed: one formed in the hand (unless the winning
    discard completed it) or a concealed kong.
    """

    kind: SetKind
    tile: int
    melded: bool
    concealed: bool

    @property
    def is_pung(self) -> bool:
        """Return whether the set is a pung or a kong (three or four of a kind)."""
        return self.kind != "chow"

    @property
    def tiles(self) -> tuple[int, ...]:
        """Return the kinds of the set's tiles (four for a kong)."""
        t = self.tile
        if self.kind == "chow":
            return (t, t + 1, t + 2)
        return (t,) * (4 if self.kind == "kong" else 3)


def meld_set(meld: Meld) -> HandSet:
    """Return a called or declared meld as a ``HandSet``.

    >>> from majiang.melds import parse_meld
    >>> meld_set(parse_meld("ankan 1111z"))
    HandSet(kind='kong', tile=27, melded=True, concealed=True)
    """
    if meld.kind == "chi":
        return HandSet("chow", meld.first, melded=True, concealed=False)
    if meld.kind == "pon":
        return HandSet("pung", meld.first, melded=True, concealed=False)
    return HandSet("kong", meld.first, melded=True, concealed=meld.kind == "ankan")


@dataclass(frozen=True)
class WinContext:
    """One reading of a win and the request around it: what every pattern looks at.

    ``sets`` holds the melds first, then the sets found in the concealed tiles; ``pair`` is the
    pair's kind (``None`` for thirteen orphans). ``rules`` are the resolved table options.
    """

    req: ScoreRequest
    rules: Mapping[str, Any]
    form: Form
    sets: tuple[HandSet, ...]
    pair: int | None

    # -- the win ------------------------------------------------------------------------
    @property
    def tsumo(self) -> bool:
        """Return whether the win is self-drawn."""
        return self.req.tsumo

    @property
    def situation(self) -> frozenset[str]:
        """Return the win-time situation names of the request."""
        return self.req.situation

    @property
    def seat_wind(self) -> int:
        """Return the winner's seat wind as a tile kind (27 = East ... 30 = North)."""
        return EAST + self.req.seat_wind

    @property
    def round_wind(self) -> int:
        """Return the round wind as a tile kind."""
        return EAST + self.req.round_wind

    @property
    def max_fan(self) -> int:
        """Return the table's cap (the value of every 10-fan hand)."""
        cap: int = self.rules["max_fan"]
        return cap

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Return the called or declared melds."""
        return self.req.hand.melds

    @property
    def bonus(self) -> tuple[int, ...]:
        """Return the flowers and seasons (tile ids 34-41)."""
        return self.req.hand.bonus

    # -- the hand -----------------------------------------------------------------------
    @cached_property
    def counts(self) -> tuple[int, ...]:
        """Return the 34-kind counts of every tile of the hand, melds included."""
        return tuple(counts34(self.req.hand.all_tiles()))

    @cached_property
    def kinds(self) -> frozenset[int]:
        """Return the kinds present in the hand."""
        return frozenset(k for k, n in enumerate(self.counts) if n)

    @cached_property
    def suits(self) -> frozenset[int]:
        """Return the suits present (0 characters, 1 dots, 2 bamboo)."""
        return frozenset(k // 9 for k in self.kinds if k < 27)

    @property
    def has_honors(self) -> bool:
        """Return whether the hand holds a wind or a dragon."""
        return any(is_honor(k) for k in self.kinds)

    @property
    def has_terminals(self) -> bool:
        """Return whether the hand holds a 1 or a 9."""
        return any(is_terminal(k) for k in self.kinds)

    @property
    def is_concealed(self) -> bool:
        """Return whether no set was claimed; for this test a concealed kong opens the hand.

        The winning tile never opens the hand (README, hongkong.md "concealed hand").
        """
        return not self.melds

    @cached_property
    def pungs(self) -> tuple[HandSet, ...]:
        """Return the pungs and kongs."""
        return tuple(s for s in self.sets if s.is_pung)

    @cached_property
    def chows(self) -> tuple[HandSet, ...]:
        """Return the chows."""
        return tuple(s for s in self.sets if s.kind == "chow")

    @cached_property
    def kongs(self) -> tuple[HandSet, ...]:
        """Return the kongs."""
        return tuple(s for s in self.sets if s.kind == "kong")

    def pung_of(self, tile: int) -> bool:
        """Return whether the hand holds a pung or kong of ``tile``."""
        return any(s.tile == tile for s in self.pungs)

    def count_pungs(self, tiles: tuple[int, ...]) -> int:
        """Return how many pungs or kongs of the given tiles the hand holds."""
        return sum(1 for s in self.pungs if s.tile in tiles)

    @property
    def dragon_sets(self) -> int:
        """Return how many dragon pungs or kongs the hand holds."""
        return self.count_pungs(DRAGONS)

    @property
    def wind_sets(self) -> int:
        """Return how many wind pungs or kongs the hand holds."""
        return self.count_pungs(WINDS)

    @property
    def shape(self) -> str:
        """Return the reading's sets as words, for messages and tests."""
        if self.form == "thirteen_orphans":
            return "thirteen orphans"
        return " ".join(s.kind for s in self.sets)

    def describe(self) -> str:
        """Return the reading in notation: each set, then the pair; melds marked ``*``.

        >>> from majiang.scoring import ScoreRequest
        >>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "123m55p789s", "melds":
        ...     ["pon 777z", "ankan 1111p"], "win_tile": "5p", "win": "tsumo"})
        >>> win_contexts(req)[0].describe()
        '777z* 1111p* 123m 789s 55p'
        """
        if self.form == "thirteen_orphans" or self.pair is None:
            return format_tiles(self.req.hand.concealed)
        words = [format_tiles(s.tiles) + ("*" if s.melded else "") for s in self.sets]
        return " ".join([*words, format_tiles((self.pair, self.pair))])


def _readings(req: ScoreRequest, d: Decomposition) -> list[tuple[HandSet, ...]]:
    """Return the sets of one decomposition, once per way the winning discard can complete it.

    A self-drawn win leaves every concealed set concealed. On a discard win the winning tile
    completes the pair, a chow or a pung; only the last exposes a set (a pung completed by the
    winning discard counts as exposed, README "scoring contract").
    """
    melded = tuple(meld_set(m) for m in req.hand.melds)
    own = [HandSet(g.kind, g.tile, melded=False, concealed=True) for g in d.sets]
    if req.tsumo:
        return [melded + tuple(own)]
    w = kind(req.win_tile)
    out: list[tuple[HandSet, ...]] = []
    harmless = d.pair == w or any(s.kind == "chow" and s.tile <= w <= s.tile + 2 for s in own)
    if harmless:
        out.append(melded + tuple(own))
    for i, s in enumerate(own):
        if s.kind == "pung" and s.tile == w:
            opened = HandSet("pung", w, melded=False, concealed=False)
            out.append(melded + tuple(own[:i]) + (opened,) + tuple(own[i + 1 :]))
    return out


def win_contexts(req: ScoreRequest, rules: Mapping[str, Any] | None = None) -> list[WinContext]:
    """Return every reading of the win (empty when the hand is not complete)."""
    resolved = req.rules if rules is None else rules
    counts = counts34(req.hand.concealed)
    out: list[WinContext] = []
    for d in decompositions(counts):
        if len(d.sets) + len(req.hand.melds) != 4:
            continue
        for sets in _readings(req, d):
            out.append(WinContext(req, resolved, "standard", sets, d.pair))
    if not req.hand.melds and is_thirteen_orphans(counts):
        out.append(WinContext(req, resolved, "thirteen_orphans", (), None))
    return out

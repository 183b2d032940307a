"""What a bot reads off its view: counts, melds, unseen tiles, and a cached shanten calculator.

Everything here takes a ``PlayerView`` (never a state), so a bot built on it sees exactly what
its seat may see. ``HandCalc`` answers "how far is this hand from complete" for the variant's
forms, memoized by the counts, which is what makes a discard search cheap enough to run on
every turn (and on sampled states, for lookahead bots).

>>> from majiang.tiles import parse_tiles, counts34
>>> calc = HandCalc("riichi")
>>> calc.shanten(counts34(parse_tiles("123m456p789s1122z")))
0
>>> calc.shanten(counts34(parse_tiles("123m456p789s11223z")))
0
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from operator import add

from majiang.errors import MajiangError
from majiang.melds import Meld
from majiang.shanten import PreparedHand, shanten
from majiang.tiles import dora_from_indicator, kind, tile_set
from majiang.view import PlayerView

__all__ = [
    "ORPHANS",
    "STANDARD",
    "HandCalc",
    "neighbours",
    "own_counts",
    "seen_counts",
    "unseen_counts",
    "variant_limits",
]

_KIND = tuple(kind(t) for t in range(45))
_BIG = 9
_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))
_sh = importlib.import_module("majiang.shanten")  # the module (the package re-exports the function)
#: the per-suit tables of majiang.shanten are read directly when they have the expected shape
_FAST = all(
    hasattr(_sh, name)
    for name in ("_family", "_VARIANT_FORMS", "_special_distance", "_ID_BITS", "_ID_MASK", "_INF")
)
_ID_BITS: int = getattr(_sh, "_ID_BITS", 20)
_ID_MASK: int = getattr(_sh, "_ID_MASK", (1 << 20) - 1)
#: the form bits of majiang.shanten a plan may keep: four sets and a pair; thirteen orphans
STANDARD: int = getattr(_sh, "_STD", 1)
ORPHANS: int = getattr(_sh, "_ORPHANS", 8)


@cache
def variant_limits(variant: str) -> tuple[int, ...]:
    """Return how many copies of each of the 34 kinds the variant plays with.

    >>> variant_limits("sichuan")[27], variant_limits("riichi")[4]
    (0, 4)
    """
    ts = tile_set(variant)
    return tuple(ts.limit(k) for k in range(34))


def own_counts(view: PlayerView) -> list[int]:
    """Return the viewer's concealed tiles as 34 counts (flowers left out)."""
    c = [0] * 34
    for t in view.hand:
        k = _KIND[t]
        if k < 34:
            c[k] += 1
    return c


def seen_counts(view: PlayerView, include_own: bool = True) -> list[int]:
    """Return how many copies of each kind the viewer can see: rivers (unclaimed), every meld,
    the indicators, and (``include_own``) the viewer's concealed tiles."""
    c = [0] * 34
    for s in view.seats:
        for r in s.river:
            if not r.claimed:
                c[_KIND[r.tile]] += 1
        for m in s.melds:
            for t in m.tiles:
                c[_KIND[t]] += 1
    for t in view.indicators:
        k = _KIND[t]
        if k < 34:
            c[k] += 1
    if include_own:
        for t in view.hand:
            k = _KIND[t]
            if k < 34:
                c[k] += 1
    return c


def unseen_counts(view: PlayerView) -> list[int]:
    """Return, per kind, the copies the viewer cannot see (in the wall or in others' hands)."""
    limits = variant_limits(view.variant)
    seen = seen_counts(view)
    return [max(0, limits[k] - seen[k]) for k in range(34)]


def dora_kinds(view: PlayerView) -> list[int]:
    """Return how many times each kind is a dora (riichi's indicators; zero elsewhere)."""
    c = [0] * 34
    if view.variant == "riichi":
        for t in view.indicators:
            c[kind(dora_from_indicator(t))] += 1
    return c


@cache
def neighbours(k: int) -> tuple[int, ...]:
    """Return the kinds that can form a set or pair with kind ``k`` (itself and, in a suit, the
    two kinds either side).

    >>> neighbours(0), neighbours(30)
    ((0, 1, 2), (30,))
    """
    if k >= 27:
        return (k,)
    base, r = k - k % 9, k % 9
    return tuple(base + j for j in range(max(0, r - 2), min(8, r + 2) + 1))


class HandCalc:
    """Shanten of the viewer's concealed tiles for one variant and one set of own melds,
    memoized by counts (the variant's missing tiles and ``dead`` kinds are never targets;
    ``forms``, a mask of ``majiang.shanten``'s form bits, keeps only those of the variant's
    forms: a plan such as thirteen orphans alone).

    It reads the per-suit tables of ``majiang.shanten`` directly (the same numbers as
    ``shanten.shanten``, checked in tests/test_bots_analysis.py), skipping the per-call
    preparation that a bot's thousands of calls per hand would pay; if those tables ever
    change shape, it falls back to the public function.
    """

    __slots__ = ("any_lacks", "closed", "dead", "forms", "lack_bytes", "lacks", "memo", "variant")

    def __init__(
        self,
        variant: str,
        melds: Sequence[Meld] = (),
        dead: Sequence[int] = (),
        forms: int | None = None,
    ) -> None:
        limits = variant_limits(variant)
        lacks = [4 - limits[k] for k in range(34)]
        # the melds' own tiles are left out of the caps on purpose: a hand that waits on a
        # kind its melds hold four of is rare, and default caps share the shanten tables
        for k in dead:
            lacks[k] = 4
        self.lacks = tuple(lacks)
        self.any_lacks = any(self.lacks)
        self.lack_bytes = tuple(bytes(self.lacks[lo:hi]) for lo, hi in _BLOCKS)
        self.closed = not melds
        self.dead = frozenset(dead)
        self.variant = variant
        self.forms = _sh._VARIANT_FORMS.get(variant, 1) if _FAST else 0
        if forms is not None and _FAST:  # a plan's forms only (e.g. thirteen orphans)
            self.forms &= forms
        self.memo: dict[bytes, int] = {}

    def shanten(self, counts: Sequence[int]) -> int:
        """Return the shanten of a hand of 34 counts (``_BIG`` when no complete hand is
        reachable, e.g. tiles of a void suit)."""
        key = bytes(counts)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 50_000:
                self.memo.clear()
            size = len(counts) and sum(counts)
            if self.dead and _FAST and any(counts[k] for k in self.dead):
                # a dead kind held is a tile the hand must replace: left out of the sets, its
                # place kept (the hand still needs as many sets)
                key = bytes(0 if k in self.dead else c for k, c in enumerate(counts))
            if _FAST and not (
                self.any_lacks and any(c + x > 4 for c, x in zip(key, self.lacks, strict=True))
            ):
                found = self._fast(key, size)
            else:
                found = self._slow(key)
            key = bytes(counts)
            self.memo[key] = found
        return found

    def _fast(self, key: bytes, size: int) -> int:
        if size % 3 == 0:
            return _BIG
        sets = (size - 1) // 3
        fam = _sh._family(sets)
        if self.any_lacks:
            lb = self.lack_bytes
            km, kp, ks, kz = (
                key[0:9] + lb[0],
                key[9:18] + lb[1],
                key[18:27] + lb[2],
                key[27:34] + lb[3],
            )
        else:
            km, kp, ks, kz = key[0:9], key[9:18], key[18:27], key[27:34]
        suits = fam.suits
        a, b, c, d = suits[km], suits[kp], suits[ks], fam.honors[kz]
        forms = self.forms
        best = _sh._INF
        if forms & _sh._STD:
            front = fam.front[(a & _ID_MASK) << _ID_BITS | b & _ID_MASK]
            back = fam.back[(c & _ID_MASK) << _ID_BITS | d & _ID_MASK]
            if sets == fam.sets:
                best = min(map(add, front, back))
            else:
                best = min(map(add, front, back[fam.width - 2 * sets - 2 :]))
        if self.closed:
            if size in (13, 14):
                special = _sh._PAIRS | _sh._PAIRS4 | _sh._ORPHANS
            elif size in (16, 17):
                special = _sh._PAIRS_PUNG
            else:
                special = 0
            allowed = forms & special
            if allowed:
                best = min(best, _sh._special_distance((a + b + c + d) >> _ID_BITS, allowed))
        return _BIG if best >= _sh._INF else best - 1

    def _slow(self, key: bytes) -> int:
        lacks = self.lacks
        if self.any_lacks and any(c + x > 4 for c, x in zip(key, lacks, strict=True)):
            lacks = tuple(min(4 - c, x) for c, x in zip(key, lacks, strict=True))
        try:
            if self.any_lacks:
                hand = PreparedHand(tuple(key), lacks, self.closed, self.variant)
            else:
                hand = PreparedHand(tuple(key), closed=self.closed, variant=self.variant)
            return shanten(hand, self.variant)
        except MajiangError:
            return _BIG

    def improving_kinds(self, counts: list[int]) -> tuple[int, list[int]]:
        """Return (shanten, the kinds whose draw lowers it) for a 3k+1 hand."""
        base = self.shanten(counts)
        candidates: set[int] = set()
        for k in range(34):
            if counts[k]:
                candidates.update(neighbours(k))
        if self.closed:  # (thirteen orphans: its waits are not neighbours, even when ready)
            candidates.update((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
        found = []
        lacks = self.lacks
        for k in sorted(candidates):
            if counts[k] + lacks[k] >= 4:
                continue
            counts[k] += 1
            if self.shanten(counts) < base:
                found.append(k)
            counts[k] -= 1
        return base, found

    def improving(self, counts: list[int], unseen: Sequence[int]) -> tuple[int, int, int]:
        """Return (shanten, kinds that lower it, unseen copies of those) for a 3k+1 hand."""
        base, kinds = self.improving_kinds(counts)
        return base, len(kinds), sum(unseen[k] for k in kinds)

    def ready_quality(self, counts: list[int], unseen: Sequence[int]) -> float:
        """Return, for a hand one tile from ready (3k+1 tiles, shanten 1), the unseen improving
        tiles weighted by the wait each leaves: per draw, the best ready hand's unseen waits.

        The two-step look a strong player takes: a shape whose improving tiles all leave a
        good wait beats one with as many improving tiles that leave poor ones.
        """
        _, kinds = self.improving_kinds(counts)
        total = 0.0
        for j in kinds:
            if not unseen[j]:
                continue
            counts[j] += 1
            best = 0
            for d in range(34):
                if counts[d] and d != j:
                    counts[d] -= 1
                    if self.shanten(counts) == 0:
                        _, waits = self.improving_kinds(counts)
                        best = max(best, sum(unseen[w] for w in waits))
                    counts[d] += 1
            counts[j] -= 1
            total += unseen[j] * (0.5 + best / 8)
        return total

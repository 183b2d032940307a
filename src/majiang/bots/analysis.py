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

from collections.abc import Callable, Sequence
from functools import cache
from operator import add

from majiang.errors import MajiangError
from majiang.melds import Meld
from majiang.shanten import (
    ID_BITS,
    ID_MASK,
    INF,
    SEVEN_PAIRS,
    SEVEN_PAIRS_ONE_PUNG,
    SEVEN_PAIRS_QUADS,
    STANDARD,
    THIRTEEN_ORPHANS,
    VARIANT_FORMS,
    PreparedHand,
    Tables,
    shanten,
    special_distance,
    tables_for,
)
from majiang.tiles import dora_from_indicator, kind, tile_set
from majiang.view import PlayerView

__all__ = [
    "ORPHANS",
    "STANDARD",
    "HandCalc",
    "near_kinds",
    "neighbours",
    "own_counts",
    "seen_counts",
    "unseen_counts",
    "variant_limits",
]

_KIND = tuple(kind(t) for t in range(45))
_BIG = 9
_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))
#: the form bits of majiang.shanten a plan may keep: four sets and a pair; thirteen orphans
ORPHANS = THIRTEEN_ORPHANS


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


#: 34 counts read as one int (``int.from_bytes``): adding the lacks and ``_OVER`` sets a
#: byte's top bit (``_HIGH``) exactly where a kind would hold more than four (no byte carries)
_OVER = int.from_bytes(bytes([123]) * 34)
_HIGH = int.from_bytes(bytes([128]) * 34)
_ALL_BITS = (1 << 272) - 1
_PAIR_MASK = (1 << 40) - 1
#: where each block's table id sits in the four ids packed as one int
_SHIFT = (60, 40, 20, 0)
_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: the block (0-2 the suits, 3 the honors) of each kind and its place in the block
_BLOCK_OF = tuple(min(k // 9, 3) for k in range(34))
_PLACE = tuple(k - 9 * min(k // 9, 3) for k in range(34))
#: the special forms' distance per summary of the four blocks and forms (``summary << 5 | forms``)
_SPECIAL: dict[int, int] = {}
#: the standard form's distance per family and sets (``sets * 16 + family sets``), per the four
#: blocks' table ids (``front key << 40 | back key``: ``ID_BITS`` each, ids below 2**18)
_STANDARD: dict[int, dict[int, int]] = {}
_STANDARD_LIMIT = 200_000
#: the sorted kinds next to the kinds held (``_HELD``: a count key read as held or not), open and
#: closed (the closed add the orphans)
_NEAR: tuple[dict[bytes, tuple[int, ...]], dict[bytes, tuple[int, ...]]] = ({}, {})
_HELD = bytes.maketrans(bytes(range(256)), bytes(1) + bytes([1]) * 255)
#: per family (its sets), per block key: the block's entry with one more tile at each place
_PLUS: dict[int, dict[bytes, list[int]]] = {}
_UNREAD = -1
#: per family and sets (as ``_STANDARD``), per (other blocks' ids, block key): the standard
#: distances of the block with one more tile at each place (``_distance_row``)
_DISTANCES: dict[int, dict[tuple[int, bytes], list[int]]] = {}
_DISTANCES_LIMIT = 100_000


def _near(key: bytes, orphans: bool) -> tuple[int, ...]:
    """Return the kinds next to the kinds a count key holds (``neighbours``), with the
    thirteen orphans if ``orphans``, in order."""
    cache = _NEAR[orphans]
    held = key.translate(_HELD)
    near = cache.get(held)
    if near is None:
        if len(cache) > 100_000:
            cache.clear()
        found: set[int] = set()
        for k, c in enumerate(held):
            if c:
                found.update(neighbours(k))
        if orphans:  # (thirteen orphans: its waits are not neighbours, even when ready)
            found.update(_ORPHAN_KINDS)
        near = cache[held] = tuple(sorted(found))
    return near


def near_kinds(counts: Sequence[int]) -> tuple[int, ...]:
    """Return the kinds next to the tiles held (``neighbours`` of each), in order.

    >>> near_kinds([1] + [0] * 33)
    (0, 1, 2)
    """
    return _near(bytes(counts), False)


def _special_forms(total: int, allowed: int) -> int:
    """Return the special forms' distance (``allowed`` of them) of four blocks whose table
    entries add up to ``total``, memoized by their summary."""
    summary = total >> ID_BITS << 5 | allowed
    special = _SPECIAL.get(summary)
    if special is None:
        special = _SPECIAL[summary] = special_distance(summary >> 5, allowed)
    return special


def _standard_memo(fam: Tables, sets: int) -> dict[int, int]:
    """Return the memo of standard distances for hands of ``sets`` sets in family ``fam``."""
    memo = _STANDARD.get(sets * 16 + fam.sets)
    if memo is None or len(memo) > _STANDARD_LIMIT:
        memo = _STANDARD[sets * 16 + fam.sets] = {}
    return memo


def _standard(fam: Tables, sets: int, quad: int) -> int:
    """Return the fewest tiles to add for ``sets`` sets and a pair, for the four blocks whose
    table ids ``quad`` packs (see ``_STANDARD``)."""
    front: tuple[int, ...] = fam.front[quad >> 40]
    back: tuple[int, ...] = fam.back[quad & _PAIR_MASK]
    best: int = min(map(add, front, back[fam.width - 2 * sets - 2 :]))
    return best


def _plus_row(fam: Tables, key: bytes) -> list[int]:
    """Return the row of a block key (a suit's, or the honors'): per place, the table entry of
    the block with one more tile there, filled on first use (``_UNREAD`` until then)."""
    cache = _PLUS.get(fam.sets)
    if cache is None:
        cache = _PLUS[fam.sets] = {}
    row = cache.get(key)
    if row is None:
        if len(cache) > 100_000:
            cache.clear()
        row = cache[key] = [_UNREAD] * 9
    return row


def _distance_row(fam: Tables, sets: int, others: int, key: bytes) -> list[int]:
    """Return the row of standard distances of a block key with the other three blocks' ids
    ``others`` (packed as in ``_STANDARD``): per place, the distance with one more tile there,
    filled on first use (-1 until then)."""
    cache = _DISTANCES.get(sets * 16 + fam.sets)
    if cache is None or len(cache) > _DISTANCES_LIMIT:
        cache = _DISTANCES[sets * 16 + fam.sets] = {}
    row = cache.get((others, key))
    if row is None:
        row = cache[others, key] = [-1] * 9
    return row


def _plus_entry(fam: Tables, key: bytes, place: int, honors: bool) -> int:
    """Return the table entry of a block key with one more tile at ``place``."""
    table = fam.honors if honors else fam.suits
    entry: int = table[key[:place] + bytes((key[place] + 1,)) + key[place + 1 :]]
    return entry


def _drawn_entry(
    rows: list[list[int] | None], fam: Tables, keys: Sequence[bytes], s: int, place: int
) -> int:
    """Return the table entry of block ``s`` (of the blocks ``keys``) with one more tile at
    ``place``, through the block's row in ``rows`` (made and filled on first use)."""
    row = rows[s]
    if row is None:
        row = rows[s] = _plus_row(fam, keys[s])
    e = row[place]
    if e == _UNREAD:
        e = row[place] = _plus_entry(fam, keys[s], place, s == 3)
    return e


class HandCalc:
    """Shanten of the viewer's concealed tiles for one variant and one set of own melds,
    memoized by counts (the variant's missing tiles and ``dead`` kinds are never targets;
    ``forms``, a mask of ``majiang.shanten``'s form bits, keeps only those of the variant's
    forms: a plan such as thirteen orphans alone).

    It reads the per-suit tables of ``majiang.shanten`` (``tables_for``: the same numbers as
    ``shanten.shanten``, checked in tests/test_bots_analysis.py), skipping the per-call
    preparation that a bot's thousands of calls per hand would pay. The improving kinds of a hand are
    found in one pass: a drawn tile changes one block (a suit or the honors), so the other
    three blocks' entries are read once and only the changed block's is looked up per kind
    (``_plus_row``), and they are memoized by counts too.
    """

    __slots__ = (
        "any_lacks",
        "closed",
        "dead",
        "dead_bits",
        "forms",
        "kinds_memo",
        "lack_bits",
        "lack_bytes",
        "lacks",
        "live_bits",
        "memo",
        "sizes",
        "variant",
    )

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
        # (a block that lacks nothing is keyed by its counts alone: the same entry as its
        # lacks written out as zeros, without filling the table for it again)
        self.lack_bytes = tuple(
            bytes(self.lacks[lo:hi]) if any(self.lacks[lo:hi]) else b"" for lo, hi in _BLOCKS
        )
        self.lack_bits = int.from_bytes(bytes(self.lacks), "big")
        self.closed = not melds
        self.dead = frozenset(dead)
        #: the dead kinds' bytes of a 34-count key read as one int, and the others'
        self.dead_bits = int.from_bytes(bytes(255 if k in self.dead else 0 for k in range(34)))
        self.live_bits = _ALL_BITS ^ self.dead_bits
        self.variant = variant
        self.forms = VARIANT_FORMS.get(variant, STANDARD)
        if forms is not None:  # a plan's forms only (e.g. thirteen orphans)
            self.forms &= forms
        self.memo: dict[bytes, int] = {}
        self.kinds_memo: dict[bytes, tuple[int, tuple[int, ...]]] = {}
        self.sizes: dict[int, tuple[Tables, int, int]] = {}

    def shanten(self, counts: Sequence[int]) -> int:
        """Return the shanten of a hand of 34 counts (``_BIG`` when no complete hand is
        reachable, e.g. tiles of a void suit)."""
        key = bytes(counts)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 50_000:
                self.memo.clear()
            found = self.memo[key] = self._compute(key)
        return found

    def _masked(self, key: bytes) -> bytes:
        """Return the key with the dead kinds held left out (the hand must replace them; their
        places are kept, so it still needs as many sets)."""
        if self.dead_bits:
            n = int.from_bytes(key)
            if n & self.dead_bits:
                return (n & self.live_bits).to_bytes(34)
        return key

    def _live(self, key: bytes) -> bytes | None:
        """Return the key the tables read (``_masked``), or None when it needs the slow path
        (more copies than the variant leaves)."""
        key = self._masked(key)
        if self.any_lacks and (int.from_bytes(key) + self.lack_bits + _OVER) & _HIGH:
            return None
        return key

    def _compute(self, key: bytes) -> int:
        live = self._live(key)
        if live is None:
            return self._slow(self._masked(key))
        return self._fast(live, sum(key))

    def _block_keys(self, key: bytes) -> tuple[bytes, bytes, bytes, bytes]:
        if self.any_lacks:
            lb = self.lack_bytes
            return key[0:9] + lb[0], key[9:18] + lb[1], key[18:27] + lb[2], key[27:34] + lb[3]
        return key[0:9], key[9:18], key[18:27], key[27:34]

    def _special(self, size: int) -> int:
        """Return the forms besides the standard one this hand's size and melds allow."""
        if not self.closed:
            return 0
        special: int
        if size in (13, 14):
            special = SEVEN_PAIRS | SEVEN_PAIRS_QUADS | THIRTEEN_ORPHANS
        elif size in (16, 17):
            special = SEVEN_PAIRS_ONE_PUNG
        else:
            special = 0
        return self.forms & special

    def _sized(self, size: int) -> tuple[Tables, int, int]:
        """Return (the tables' family, the sets, the special forms allowed) for hands of
        ``size`` tiles."""
        found = self.sizes.get(size)
        if found is None:
            sets = (size - 1) // 3
            found = self.sizes[size] = (tables_for(sets), sets, self._special(size))
        return found

    def _fast(self, key: bytes, size: int) -> int:
        if size % 3 == 0:
            return _BIG
        fam, sets, allowed = self._sized(size)
        km, kp, ks, kz = self._block_keys(key)
        suits = fam.suits
        a, b, c, d = suits[km], suits[kp], suits[ks], fam.honors[kz]
        best: int = INF
        if self.forms & STANDARD:
            quad = (a & ID_MASK) << 60 | (b & ID_MASK) << 40 | (c & ID_MASK) << 20 | d & ID_MASK
            memo = _standard_memo(fam, sets)
            found = memo.get(quad)
            if found is None:
                found = memo[quad] = _standard(fam, sets, quad)
            best = found
        if allowed:
            special = _special_forms(a + b + c + d, allowed)
            if special < best:
                best = special
        return _BIG if best >= INF else best - 1

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

    def candidates(self, counts: Sequence[int]) -> list[int]:
        """Return the kinds whose draw might lower the shanten, in order: the neighbours of
        the tiles held (and, closed, the orphans), less those the hand cannot draw."""
        key = bytes(counts)
        near = _near(key, self.closed)
        if not self.any_lacks and max(key) < 4:
            return list(near)
        lacks = self.lacks
        return [k for k in near if key[k] + lacks[k] < 4]

    def improving_kinds(self, counts: list[int]) -> tuple[int, list[int]]:
        """Return (shanten, the kinds whose draw lowers it) for a 3k+1 hand."""
        key = bytes(counts)
        found = self.kinds_memo.get(key)
        if found is None:
            if len(self.kinds_memo) > 20_000:
                self.kinds_memo.clear()
            found = self.kinds_memo[key] = self._improving(counts, key)
        return found[0], list(found[1])

    def _improving(self, counts: list[int], key: bytes) -> tuple[int, tuple[int, ...]]:
        base = self.shanten(counts)
        kinds = self.candidates(counts)
        size = sum(key)
        live = self._live(key) if size % 3 == 1 else None
        if live is not None:
            return base, self._improving_fast(live, size + 1, base, kinds)
        found = []
        for k in kinds:
            counts[k] += 1
            if self.shanten(counts) < base:
                found.append(k)
            counts[k] -= 1
        return base, tuple(found)

    def _improving_fast(
        self, live: bytes, size: int, base: int, kinds: Sequence[int]
    ) -> tuple[int, ...]:
        """Return the kinds of ``kinds`` whose draw lowers ``base``, for a hand whose table key
        is ``live`` and of ``size`` tiles once drawn: what ``_fast`` gives each drawn hand."""
        fam, sets, allowed = self._sized(size)
        keys = self._block_keys(live)
        suits = fam.suits
        entries = (suits[keys[0]], suits[keys[1]], suits[keys[2]], fam.honors[keys[3]])
        a, b, c, d = entries
        total = a + b + c + d
        std = self.forms & STANDARD
        memo = _standard_memo(fam, sets)
        quad = 0
        for e in entries:
            quad = quad << 20 | e & ID_MASK
        #: per block, the hand's ids without that block's (its place: ``_SHIFT``)
        others = tuple(quad & ~(ID_MASK << shift) for shift in _SHIFT)
        inf = INF
        # a drawn hand improves when its distance is below ``limit`` (what ``_fast`` gives it,
        # ``best - 1`` or ``_BIG`` when unreachable, below ``base``): a standard distance below
        # it settles the kind, else the special forms' distance is read too, unless the hand's
        # own is too far for one tile to bring it below (a tile lowers it by one at most)
        limit = base + 1 if base + 1 < inf else inf
        if allowed and _special_forms(total, allowed) - 1 >= limit:
            allowed = 0
        rows: list[list[int] | None] = [None, None, None, None]
        dists: list[list[int] | None] = [None, None, None, None]
        found = []
        for k in kinds:
            s = _BLOCK_OF[k]
            place = _PLACE[k]
            best: int = inf
            if std:
                # the drawn hand's standard distance, per block from the other three blocks'
                # ids and this block's key (shared by every hand that has them)
                dist = dists[s]
                if dist is None:
                    dist = dists[s] = _distance_row(fam, sets, others[s], keys[s])
                best = dist[place]
                if best < 0:
                    e = _drawn_entry(rows, fam, keys, s, place)
                    q = others[s] | (e & ID_MASK) << _SHIFT[s]
                    best = memo.get(q, -1)
                    if best < 0:
                        best = memo[q] = _standard(fam, sets, q)
                    dist[place] = best
                if best < limit:
                    found.append(k)
                    continue
            if allowed:
                e = _drawn_entry(rows, fam, keys, s, place)
                best = min(best, _special_forms(total - entries[s] + e, allowed))
            if (best - 1 < base) if best < inf else (base > _BIG):
                found.append(k)
        return tuple(found)

    def improving(self, counts: list[int], unseen: Sequence[float]) -> tuple[int, int, float]:
        """Return (shanten, kinds that lower it, unseen copies of those) for a 3k+1 hand
        (``unseen`` may weigh the copies: ``Valuation.live_weights``)."""
        base, kinds = self.improving_kinds(counts)
        return base, len(kinds), sum(unseen[k] for k in kinds)

    def ready_quality(
        self,
        counts: list[int],
        unseen: Sequence[float],
        weigh: Callable[[int], float] | None = None,
    ) -> float:
        """Return, for a hand one tile from ready (3k+1 tiles, shanten 1), the unseen improving
        tiles weighted by the wait each leaves: per draw, the best ready hand's unseen waits.

        The two-step look a strong player takes: a shape whose improving tiles all leave a
        good wait beats one with as many improving tiles that leave poor ones. ``weigh``
        (a wait's kind), when given, weighs each wait by how fast it arrives
        (bots/arrival.py).
        """
        _, kinds = self.improving_kinds(counts)
        total = 0.0
        for j in kinds:
            if not unseen[j]:
                continue
            counts[j] += 1
            best = 0.0
            for d in range(34):
                if counts[d] and d != j:
                    counts[d] -= 1
                    if self.shanten(counts) == 0:
                        _, waits = self.improving_kinds(counts)
                        if weigh is None:
                            best = max(best, sum(unseen[w] for w in waits))
                        else:
                            best = max(best, sum(unseen[w] * weigh(w) for w in waits))
                    counts[d] += 1
            counts[j] -= 1
            total += unseen[j] * (0.5 + best / 8)
        return total

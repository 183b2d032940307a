"""Every reading of a Taiwan 16+1 hand, and the tiles it waited on before the win.

A *reading* is one way to see the 17 tiles as sets and a pair (or as lik gu lik gu: seven pairs
and a pung) together with the place of the winning tile in it: the pair, or one concealed set.
The place matters for the items that look at the wait (all chows) and at concealed pungs (a pung
completed by a discard is open). The score of a hand is that of its best reading.

>>> from majiang.hand import Hand
>>> from majiang.tiles import parse_tile, parse_tiles
>>> hand = Hand(tuple(parse_tiles("111222333456m789p55s")))
>>> [str(r) for r in readings(hand, parse_tile("3m"), tsumo=False)][:2]
['55s 123m* 123m 123m 456m 789p', '55s 111m 222m 333m* 456m 789p']
>>> [format_tiles([k]) for k in waits(hand, parse_tile("3m"))]
['3m', '5s']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from majiang.decompose import decompositions, seven_pairs_one_pung
from majiang.hand import Hand
from majiang.melds import Meld
from majiang.tiles import NUM_KINDS, Tile, counts34, format_tiles, kind

#: sets in a complete hand (five), and tiles in it with the winning one (a kong counts as 3)
SETS = 5
WIN_SIZE = 17


@dataclass(frozen=True)
class SetView:
    """One set of a reading: a chow or pung (kongs included) starting at kind ``tile``.

    ``claimed``: called from a discard (chi, pon, open or added kong). ``concealed``: counts as a
    concealed pung (a concealed kong, or a pung formed in the hand and not completed by the
    winning discard). ``has_win``: the winning tile is placed in this set.
    """

    kind: Literal["chow", "pung"]
    tile: int
    claimed: bool = False
    concealed: bool = True
    kong: bool = False
    has_win: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        """Return the kinds of the set (four for a kong)."""
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kong else 3)

    def __str__(self) -> str:
        return format_tiles(self.tiles) + ("*" if self.has_win else "")


@dataclass(frozen=True)
class Reading:
    """A complete hand read one way: its sets, its pairs (one, or seven for lik gu lik gu).

    ``two_sided``: the winning tile completes a concealed chow from a two-sided wait (23 waiting
    on 1 or 4), as all chows asks.
    """

    sets: tuple[SetView, ...]
    pairs: tuple[int, ...]
    lik_gu: bool = False
    win_in_pair: bool = False
    two_sided: bool = False
    #: the winning tile's kind
    win: int = -1

    def __str__(self) -> str:
        pairs = " ".join(
            format_tiles((p, p)) + ("*" if self.win_in_pair and p == self.win else "")
            for p in self.pairs
        )
        return " ".join([pairs, *(str(s) for s in self.sets)])


def meld_view(meld: Meld) -> SetView:
    """Return a called or declared meld as a set of a reading.

    >>> from majiang.melds import parse_meld
    >>> v = meld_view(parse_meld("ankan 5555p"))
    >>> v.kind, v.claimed, v.concealed, v.kong
    ('pung', False, True, True)
    """
    if meld.kind == "chi":
        return SetView("chow", meld.first, claimed=True, concealed=False)
    return SetView(
        "pung", meld.first, claimed=meld.is_open, concealed=not meld.is_open, kong=meld.is_kong
    )


def _two_sided(chow_start: int, win: int) -> bool:
    """Return whether ``win`` completes the chow from a two-sided wait (not edge, not closed)."""
    if win == chow_start:
        return chow_start % 9 != 6  # 89 waits only on 7
    if win == chow_start + 2:
        return chow_start % 9 != 0  # 12 waits only on 3
    return False


def readings(hand: Hand, win_tile: Tile, tsumo: bool) -> Iterator[Reading]:
    """Yield every reading of a complete hand; nothing when the 17 tiles are not complete."""
    melds = tuple(meld_view(m) for m in hand.melds)
    win = kind(win_tile)
    counts = hand.counts
    if not hand.melds:
        pung = seven_pairs_one_pung(counts)
        if pung is not None:
            pairs = tuple(k for k in range(NUM_KINDS) if counts[k] == 2)
            yield Reading(
                (
                    SetView(
                        "pung", pung, concealed=not (win == pung and not tsumo), has_win=win == pung
                    ),
                ),
                pairs,
                lik_gu=True,
                win_in_pair=win != pung,
                win=win,
            )
    for d in decompositions(counts):
        if len(d.sets) + len(melds) != SETS:
            continue
        places: list[int] = [-1] if d.pair == win else []
        seen: set[tuple[str, int]] = set()
        for i, g in enumerate(d.sets):
            if win in g.tiles and (g.kind, g.tile) not in seen:
                seen.add((g.kind, g.tile))
                places.append(i)
        for place in places:
            sets = [
                SetView(
                    g.kind,
                    g.tile,
                    concealed=g.kind == "pung" and not (i == place and not tsumo),
                    has_win=i == place,
                )
                for i, g in enumerate(d.sets)
            ]
            two_sided = place >= 0 and d.sets[place].kind == "chow"
            two_sided = two_sided and _two_sided(d.sets[place].tile, win)
            yield Reading(
                tuple(sets) + melds, (d.pair,), win_in_pair=place < 0, two_sided=two_sided, win=win
            )


def is_complete(counts: list[int], melds: int) -> bool:
    """Return whether concealed counts plus ``melds`` called sets form a winning hand."""
    if melds == 0 and seven_pairs_one_pung(counts) is not None:
        return True
    return any(len(d.sets) + melds == SETS for d in decompositions(counts))


def waits(hand: Hand, win_tile: Tile) -> list[int]:
    """Return the kinds that completed the hand before the win (the winning tile taken out).

    A kind whose four copies the hand already holds cannot be waited on.

    >>> from majiang.tiles import parse_tile, parse_tiles
    >>> h = Hand(tuple(parse_tiles("123456789m11122p99s2p")))
    >>> [format_tiles([k]) for k in waits(h, parse_tile("2p"))]
    ['2p', '9s']
    """
    before = list(hand.concealed)
    before.remove(next(t for t in before if kind(t) == kind(win_tile)))
    counts = counts34(before)
    held = counts34(hand.all_tiles())
    held[kind(win_tile)] -= 1
    out = []
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts, len(hand.melds)):
            out.append(k)
        counts[k] -= 1
    return out

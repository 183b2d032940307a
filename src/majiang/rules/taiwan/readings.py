"""Every reading of a Taiwan 16+1 hand, and the tiles it waited on before the win.

A *reading* (the pattern core's ``Reading``) is one way to see the 17 tiles as five sets and a
pair (or as lik gu lik gu: seven pairs and a pung) together with the place of the winning tile
in it: the pair, or one concealed set.
The place matters for the items that look at the wait (all chows) and at concealed pungs (a pung
completed by a discard is open). The score of a hand is that of its best reading.

>>> from majiang.hand import Hand
>>> from majiang.tiles import parse_tile, parse_tiles
>>> hand = Hand(tuple(parse_tiles("111222333456m789p55s")))
>>> [reading_text(r, parse_tile("3m")) for r in readings(hand, parse_tile("3m"), tsumo=False)][:2]
['55s 123m* 123m 123m 456m 789p', '55s 111m 222m 333m* 456m 789p']
>>> [format_tiles([k]) for k in waits(hand, parse_tile("3m"))]
['3m', '5s']
"""

from __future__ import annotations

from majiang.decompose import decompositions, seven_pairs_one_pung
from majiang.hand import Hand
from majiang.patterns import Form, Reading
from majiang.patterns import readings as core_readings
from majiang.tiles import NUM_KINDS, Tile, counts34, format_tiles, kind

#: sets in a complete hand (five), and tiles in it with the winning one (a kong counts as 3)
SETS = 5
WIN_SIZE = 17


#: the forms of a Taiwan hand, lik gu lik gu first (the first reading wins a tie)
FORMS: tuple[Form, ...] = ("lik_gu", "standard")


def readings(hand: Hand, win_tile: Tile, tsumo: bool) -> list[Reading]:
    """Return every reading of a complete hand, lik gu lik gu first (nothing when the 17 tiles
    are not complete)."""
    return core_readings(hand, win_tile, tsumo, sets=SETS, forms=FORMS)


def reading_text(reading: Reading, win_tile: Tile) -> str:
    """Return a reading in notation: the pairs, the concealed sets, then the melds; the pair or
    set the winning tile completed is marked ``*``."""
    win = kind(win_tile)
    pairs = [
        format_tiles((p, p)) + ("*" if reading.wait == "single" and p == win else "")
        for p in reading.pairs
    ]
    own = [str(s) for s in reading.sets if not s.melded]
    melds = [str(s) for s in reading.sets if s.melded]
    return " ".join([*pairs, *own, *melds])


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

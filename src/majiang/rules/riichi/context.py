"""What the riichi patterns look at: the win as a whole (``WinContext``) and one reading of it.

A ``WinContext`` holds the facts that do not depend on how the hand is read: every tile's count
(melds included), the situation, the winds and the table rules. A ``Reading`` is one way of
splitting the hand into sets and a pair *with the winning tile placed in one of them*; the wait,
the concealed pungs and the fu depend on it. Seven pairs and thirteen orphans are readings too
(``form`` says which).

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
...                               "win_tile": "5p", "seat_wind": "S"})
>>> ctx = WinContext.from_request(req)
>>> [str(r) for r in readings(ctx)]
['55p 234m 567m 234p 777z (single)']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from majiang.decompose import decompositions, is_seven_pairs, is_thirteen_orphans
from majiang.melds import Meld
from majiang.scoring import ScoreRequest
from majiang.tiles import GREEN, NUM_KINDS, RED, RED_BASE, WHITE, format_tiles, kind

Form = Literal["standard", "seven_pairs", "thirteen_orphans"]
Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen"]

#: ``Reading.shape`` bits: what kinds of sets a reading has
CHOW, PUNG, HONOR_PUNG, SEVEN_PAIRS, THIRTEEN = 1, 2, 4, 8, 16

#: the tiles of an all-green hand: 2 3 4 6 8 bamboo and the green dragon
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, GREEN})
_ORPHAN = tuple(k >= 27 or k % 9 in (0, 8) for k in range(NUM_KINDS))
_TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(NUM_KINDS))
_ORPHAN_SET = frozenset(k for k in range(NUM_KINDS) if _ORPHAN[k])
_TERMINAL_SET = frozenset(k for k in range(NUM_KINDS) if _TERMINAL[k])
_HONOR_SET = frozenset(range(27, NUM_KINDS))
_KIND = tuple(kind(t) for t in range(RED_BASE + 3))


class WinContext:
    """The facts of a win that every reading shares.

    ``counts`` covers every tile (concealed and melded, a kong as four), ``concealed`` the
    concealed tiles only (the winning tile included); winds are kinds (27 = East).
    """

    __slots__ = (
        "all_green",
        "all_honors",
        "all_orphans",
        "all_simples",
        "all_terminals",
        "closed",
        "concealed",
        "counts",
        "dealer",
        "has_honors",
        "melds",
        "red_fives",
        "round_wind",
        "rules",
        "seat_wind",
        "situation",
        "suits",
        "tsumo",
        "win",
    )

    def __init__(
        self,
        concealed_tiles: tuple[int, ...],
        melds: tuple[Meld, ...],
        win: int,
        tsumo: bool,
        seat_wind: int,
        round_wind: int,
        situation: frozenset[str],
        rules: Mapping[str, Any],
    ) -> None:
        self.melds = melds
        self.win = kind(win)
        self.tsumo = tsumo
        self.seat_wind = 27 + seat_wind
        self.round_wind = 27 + round_wind
        self.dealer = seat_wind == 0
        self.situation = situation
        self.rules = rules
        self.closed = all(m.kind == "ankan" for m in melds)
        concealed = [0] * NUM_KINDS
        red = 0
        for t in concealed_tiles:
            if t >= RED_BASE:
                red += 1
                t = _KIND[t]
            concealed[t] += 1
        counts = list(concealed)
        for m in melds:
            for t in m.tiles:
                if t >= RED_BASE:
                    red += 1
                    t = _KIND[t]
                counts[t] += 1
        self.concealed = concealed
        self.counts = counts
        self.red_fives = red
        present = {k for k in range(NUM_KINDS) if counts[k]}
        self.suits = {k // 9 for k in present - _HONOR_SET}
        self.has_honors = not present.isdisjoint(_HONOR_SET)
        self.all_honors = present <= _HONOR_SET
        self.all_orphans = present <= _ORPHAN_SET
        self.all_terminals = present <= _TERMINAL_SET
        self.all_simples = present.isdisjoint(_ORPHAN_SET)
        self.all_green = present <= GREEN_KINDS

    @classmethod
    def from_request(cls, req: ScoreRequest) -> WinContext:
        """Return the context of a checked scoring request."""
        return cls(
            req.hand.concealed,
            req.hand.melds,
            req.win_tile,
            req.tsumo,
            req.seat_wind,
            req.round_wind,
            req.situation,
            req.rules,
        )

    def is_value_tile(self, k: int) -> bool:
        """Return whether a pung of ``k`` would be a yakuhai (dragon, seat or round wind)."""
        return k >= WHITE or k == self.seat_wind or k == self.round_wind


class Reading:
    """One reading of the hand with the winning tile placed; the facts the patterns need.

    ``chows`` and ``pungs`` list every set (called ones included) by its lowest kind,
    ``kongs`` the kongs among the pungs, ``concealed_pungs`` the pungs and kongs that count as
    concealed (a pung completed by a winning discard does not), ``open_pungs`` tells for each
    pung whether it counts as open for fu, ``wait`` the shape the winning tile completed.
    """

    __slots__ = (
        "chows",
        "closed_chows",
        "concealed_pungs",
        "form",
        "kongs",
        "open_pungs",
        "pair",
        "pungs",
        "shape",
        "wait",
    )

    def __init__(
        self,
        form: Form,
        pair: int,
        chows: tuple[int, ...],
        closed_chows: tuple[int, ...],
        pungs: tuple[int, ...],
        open_pungs: tuple[bool, ...],
        kongs: frozenset[int],
        concealed_pungs: int,
        wait: Wait,
    ) -> None:
        self.form = form
        self.pair = pair
        self.chows = chows
        self.closed_chows = closed_chows
        self.pungs = pungs
        self.open_pungs = open_pungs
        self.kongs = kongs
        self.concealed_pungs = concealed_pungs
        self.wait = wait
        if form == "standard":
            shape = CHOW if chows else 0
            if pungs:
                shape |= PUNG | (HONOR_PUNG if max(pungs) >= 27 else 0)
        else:
            shape = SEVEN_PAIRS if form == "seven_pairs" else THIRTEEN
        #: CHOW, PUNG, HONOR_PUNG, SEVEN_PAIRS, THIRTEEN bits
        self.shape = shape

    def __str__(self) -> str:
        if self.form != "standard":
            return f"{self.form} ({self.wait})"
        parts = [format_tiles((self.pair, self.pair))]
        parts += [format_tiles((c, c + 1, c + 2)) for c in self.chows]
        parts += [format_tiles((p,) * (4 if p in self.kongs else 3)) for p in self.pungs]
        ordered = sorted(parts[1:], key=lambda s: (s[-1] != "m", s[-1] != "p", s[-1] != "s", s))
        return (
            " ".join([parts[0], *ordered]) + f" ({'single' if self.wait == 'tanki' else self.wait})"
        )


def _chow_wait(first: int, win: int) -> Wait:
    pos = win - first
    if pos == 1:
        return "kanchan"
    rank = first % 9
    if (pos == 2 and rank == 0) or (pos == 0 and rank == 6):
        return "penchan"
    return "ryanmen"


def readings(ctx: WinContext) -> list[Reading]:
    """Return every reading of the hand with every placement of the winning tile (may be empty).

    Thirteen orphans and seven pairs come as one reading each when the hand has that form.
    """
    out: list[Reading] = []
    win = ctx.win
    melds = ctx.melds
    n_sets = 4 - len(melds)
    if not melds and sum(ctx.concealed) == 14:
        if is_thirteen_orphans(ctx.concealed):
            wait13: Wait = "thirteen" if ctx.concealed[win] == 2 else "tanki"
            return [Reading("thirteen_orphans", -1, (), (), (), (), frozenset(), 0, wait13)]
        if is_seven_pairs(ctx.concealed):
            out.append(Reading("seven_pairs", win, (), (), (), (), frozenset(), 0, "tanki"))
    if sum(ctx.concealed) != 3 * n_sets + 2:
        return out
    meld_chows: list[int] = []
    meld_pungs: list[int] = []
    meld_open: list[bool] = []
    kongs: set[int] = set()
    ankans = 0
    for m in melds:
        k = m.first
        if m.kind == "chi":
            meld_chows.append(k)
            continue
        meld_pungs.append(k)
        meld_open.append(m.kind != "ankan")
        if m.kind != "pon":
            kongs.add(k)
        if m.kind == "ankan":
            ankans += 1
    frozen_kongs = frozenset(kongs)
    ron = not ctx.tsumo
    for d in decompositions(ctx.concealed):
        closed_chows = tuple(g.tile for g in d.sets if g.kind == "chow")
        closed_pungs = tuple(g.tile for g in d.sets if g.kind == "pung")
        chows = tuple(meld_chows) + closed_chows
        pungs = tuple(meld_pungs) + closed_pungs
        base_open = tuple(meld_open)
        if d.pair == win:
            out.append(
                Reading(
                    "standard",
                    d.pair,
                    chows,
                    closed_chows,
                    pungs,
                    base_open + (False,) * len(closed_pungs),
                    frozen_kongs,
                    ankans + len(closed_pungs),
                    "tanki",
                )
            )
        if win in closed_pungs:
            opened = tuple(ron and p == win for p in closed_pungs)
            out.append(
                Reading(
                    "standard",
                    d.pair,
                    chows,
                    closed_chows,
                    pungs,
                    base_open + opened,
                    frozen_kongs,
                    ankans + len(closed_pungs) - (1 if ron else 0),
                    "shanpon",
                )
            )
        seen: set[Wait] = set()
        for first in set(closed_chows):
            if first <= win <= first + 2:
                wait = _chow_wait(first, win)
                if wait in seen:
                    continue
                seen.add(wait)
                out.append(
                    Reading(
                        "standard",
                        d.pair,
                        chows,
                        closed_chows,
                        pungs,
                        base_open + (False,) * len(closed_pungs),
                        frozen_kongs,
                        ankans + len(closed_pungs),
                        wait,
                    )
                )
    return out


def is_orphan(k: int) -> bool:
    """Return whether a kind is a terminal or an honor."""
    return _ORPHAN[k]


def is_terminal(k: int) -> bool:
    """Return whether a kind is a 1 or a 9."""
    return _TERMINAL[k]


DRAGONS = (WHITE, GREEN, RED)

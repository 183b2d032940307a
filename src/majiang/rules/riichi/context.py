"""What the riichi patterns look at: the win as a whole (``WinContext``) and one reading of it.

A ``WinContext`` holds the facts that do not depend on how the hand is read: every tile's count
(melds included), the situation, the winds and the table rules. A ``Reading`` is one way of
splitting the hand into sets and a pair *with the winning tile placed in one of them*; the wait,
the concealed pungs and the fu depend on it. Seven pairs and thirteen orphans are readings too
(``form`` says which).

Both carry their cheap facts as bits (``WinContext.facts``, ``Reading.shape``): the yaku tables
name the bits a yaku cannot do without, so a pattern that cannot apply is never asked.

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
...                               "win_tile": "5p", "seat_wind": "S"})
>>> ctx = WinContext.from_request(req)
>>> [str(r) for r in readings(ctx)]
['55p 234m 567m 234p 777z (single)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from majiang.decompose import set_splits
from majiang.melds import Meld
from majiang.scoring import ScoreRequest
from majiang.tiles import GREEN, NUM_KINDS, RED, RED_BASE, WHITE, format_tiles, kind

Form = Literal["standard", "seven_pairs", "thirteen_orphans"]
Wait = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen"]

# ``WinContext.facts`` bits: facts of the whole win
CLOSED = 1 << 0  # no open meld
TSUMO = 1 << 1  # self-drawn
ALL_SIMPLES = 1 << 3  # no terminal or honor
ALL_ORPHANS = 1 << 4  # terminals and honors only
HAS_HONORS = 1 << 5  # at least one honor
ALL_HONORS = 1 << 6  # honors only
ALL_TERMINALS = 1 << 7  # terminals only
ALL_GREEN = 1 << 8  # 2 3 4 6 8 bamboo and green dragon only
ONE_SUIT = 1 << 9  # the number tiles are of one suit (honors aside)
NO_HONORS = 1 << 2  # not a single honor

# ``Reading.shape`` bits: what kinds of sets a reading has (same integer space as the facts)
CHOW = 1 << 10  # at least one chow
THREE_CHOWS = 1 << 11  # three or more chows
TWO_CLOSED_CHOWS = 1 << 12  # two or more concealed chows
PUNG = 1 << 13  # at least one pung or kong
THREE_PUNGS = 1 << 14  # three or more pungs or kongs
HONOR_PUNG = 1 << 15  # a pung or kong of honors
THREE_KONGS = 1 << 16  # three or more kongs
SEVEN_PAIRS = 1 << 17
THIRTEEN = 1 << 18
FOUR_PUNGS = 1 << 19  # four pungs or kongs
DRAGON_PUNG = 1 << 20  # a pung or kong of dragons
WIND_PUNG = 1 << 21  # a pung or kong of winds
ORPHAN_PAIR = 1 << 22  # the pair is a terminal or an honor
DRAGON_PAIR = 1 << 23
WIND_PAIR = 1 << 24
TWIN_CHOWS = 1 << 25  # two identical concealed chows

# situation bits (``WinContext.facts``): one per situation a yaku looks at
SITUATION_BITS = {
    name: 1 << (32 + i)
    for i, name in enumerate(
        (
            "riichi",
            "double_riichi",
            "ippatsu",
            "last_tile",
            "last_discard",
            "kong_replacement",
            "robbing_kong",
            "heavenly",
            "earthly",
            "human",
        )
    )
}
SIT_RIICHI = SITUATION_BITS["riichi"]
SIT_DOUBLE_RIICHI = SITUATION_BITS["double_riichi"]
SIT_IPPATSU = SITUATION_BITS["ippatsu"]
SIT_LAST_TILE = SITUATION_BITS["last_tile"]
SIT_LAST_DISCARD = SITUATION_BITS["last_discard"]
SIT_KONG_REPLACEMENT = SITUATION_BITS["kong_replacement"]
SIT_ROBBING_KONG = SITUATION_BITS["robbing_kong"]
SIT_HEAVENLY = SITUATION_BITS["heavenly"]
SIT_EARTHLY = SITUATION_BITS["earthly"]
SIT_HUMAN = SITUATION_BITS["human"]

#: the tiles of an all-green hand: 2 3 4 6 8 bamboo and the green dragon
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, GREEN})
_ORPHAN = tuple(k >= 27 or k % 9 in (0, 8) for k in range(NUM_KINDS))
_TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(NUM_KINDS))
_KIND = tuple(kind(t) for t in range(RED_BASE + 3))


def _mask(kinds: Iterable[int]) -> int:
    """Return the bits of these kinds."""
    bits = 0
    for k in kinds:
        bits |= 1 << k
    return bits


_BIT = tuple(1 << k for k in range(NUM_KINDS))
_ALL = (1 << NUM_KINDS) - 1
_HONOR_BITS = _mask(range(27, NUM_KINDS))
_ORPHAN_BITS = _mask({k for k in range(NUM_KINDS) if _ORPHAN[k]})
_TERMINAL_BITS = _mask({k for k in range(NUM_KINDS) if _TERMINAL[k]})
_GREEN_BITS = _mask(GREEN_KINDS)
_SUIT_BITS = tuple(_mask(range(9 * s, 9 * s + 9)) for s in range(3))


class WinContext:
    """The facts of a win that every reading shares.

    ``counts`` covers every tile (concealed and melded, a kong as four), ``concealed`` the
    concealed tiles only (the winning tile included); winds are kinds (27 = East). ``facts``
    holds the hand-level bits (``CLOSED``, ``TSUMO``, ``ALL_SIMPLES``...).
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
        "facts",
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
        k_of = _KIND
        bit = _BIT
        self.melds = melds
        self.win = k_of[win]
        self.tsumo = tsumo
        self.seat_wind = 27 + seat_wind
        self.round_wind = 27 + round_wind
        self.dealer = seat_wind == 0
        self.situation = situation
        self.rules = rules
        concealed = [0] * NUM_KINDS
        red = 0
        present = 0
        for t in concealed_tiles:
            if t >= RED_BASE:
                red += 1
                t = k_of[t]
            concealed[t] += 1
            present |= bit[t]
        closed = True
        if melds:
            counts = concealed[:]
            for m in melds:
                if m.kind != "ankan":
                    closed = False
                for t in m.tiles:
                    if t >= RED_BASE:
                        red += 1
                        t = k_of[t]
                    counts[t] += 1
                    present |= bit[t]
        else:
            counts = concealed
        self.closed = closed
        self.concealed = concealed
        self.counts = counts
        self.red_fives = red
        suited = present & ~_HONOR_BITS
        self.suits = {s for s in range(3) if suited & _SUIT_BITS[s]}
        self.has_honors = bool(present & _HONOR_BITS)
        self.all_honors = not suited
        self.all_orphans = not present & ~_ORPHAN_BITS
        self.all_terminals = not present & ~_TERMINAL_BITS
        self.all_simples = not present & _ORPHAN_BITS
        self.all_green = not present & ~_GREEN_BITS
        facts = (CLOSED if closed else 0) | (TSUMO if tsumo else 0)
        for name in situation:
            facts |= SITUATION_BITS.get(name, 0)
        if self.all_simples:
            facts |= ALL_SIMPLES
        elif self.all_orphans:
            facts |= ALL_ORPHANS
            if self.all_terminals:
                facts |= ALL_TERMINALS
        if self.has_honors:
            facts |= HAS_HONORS
            if self.all_honors:
                facts |= ALL_HONORS
        else:
            facts |= NO_HONORS
        if self.all_green:
            facts |= ALL_GREEN
        if len(self.suits) == 1:
            facts |= ONE_SUIT
        self.facts = facts

    @classmethod
    def from_request(cls, req: ScoreRequest) -> WinContext:
        """Return the context of a checked scoring request."""
        return cls(
            req.hand.concealed,
            req.hand.melds,
            req.win_tile,
            req.win == "tsumo",
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
    pung whether it counts as open for fu, ``wait`` the shape the winning tile completed,
    ``shape`` the ``CHOW``/``PUNG``/... bits.
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
        shape: int | None = None,
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
        #: CHOW, THREE_CHOWS, PUNG, ... bits (computed once per decomposition by ``readings``)
        self.shape = (
            shape if shape is not None else set_shape(form, chows, closed_chows, pungs, kongs, pair)
        )

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


def set_shape(
    form: Form,
    chows: tuple[int, ...],
    closed_chows: tuple[int, ...],
    pungs: tuple[int, ...],
    kongs: frozenset[int],
    pair: int = -1,
) -> int:
    """Return the ``Reading.shape`` bits of a reading's sets and pair."""
    if form != "standard":
        return SEVEN_PAIRS if form == "seven_pairs" else THIRTEEN
    shape = 0
    if pair >= 0 and _ORPHAN[pair]:
        shape = ORPHAN_PAIR
        if pair >= 31:
            shape |= DRAGON_PAIR
        elif pair >= 27:
            shape |= WIND_PAIR
    if chows:
        shape |= CHOW
        if len(chows) >= 3:
            shape |= THREE_CHOWS
        if len(closed_chows) >= 2:
            shape |= TWO_CLOSED_CHOWS
            if len(set(closed_chows)) < len(closed_chows):
                shape |= TWIN_CHOWS
    if pungs:
        shape |= PUNG
        if len(pungs) >= 3:
            shape |= THREE_PUNGS
            if len(pungs) == 4:
                shape |= FOUR_PUNGS
        if max(pungs) >= 27:
            shape |= HONOR_PUNG
            for p in pungs:
                if p >= 31:
                    shape |= DRAGON_PUNG
                elif p >= 27:
                    shape |= WIND_PUNG
        if len(kongs) >= 3:
            shape |= THREE_KONGS
    return shape


def _chow_wait(first: int, win: int) -> Wait:
    pos = win - first
    if pos == 1:
        return "kanchan"
    rank = first % 9
    if (pos == 2 and rank == 0) or (pos == 0 and rank == 6):
        return "penchan"
    return "ryanmen"


_NO_KONGS: frozenset[int] = frozenset()


def _is_thirteen_orphans(concealed: list[int]) -> bool:
    return (
        concealed[0]
        * concealed[8]
        * concealed[9]
        * concealed[17]
        * concealed[18]
        * concealed[26]
        * concealed[27]
        * concealed[28]
        * concealed[29]
        * concealed[30]
        * concealed[31]
        * concealed[32]
        * concealed[33]
        > 0
    )


def readings(ctx: WinContext) -> list[Reading]:
    """Return every reading of the hand with every placement of the winning tile (may be empty).

    Thirteen orphans and seven pairs come as one reading each when the hand has that form.
    The winning tile is placed only where the placement changes something: in the pair, in
    a concealed pung, or in a concealed chow (one reading per distinct wait).
    """
    out: list[Reading] = []
    win = ctx.win
    melds = ctx.melds
    concealed = ctx.concealed
    n_tiles = sum(concealed)
    if not melds and n_tiles == 14:
        if ctx.all_orphans and _is_thirteen_orphans(concealed):
            wait13: Wait = "thirteen" if concealed[win] == 2 else "tanki"
            return [Reading("thirteen_orphans", -1, (), (), (), (), _NO_KONGS, 0, wait13)]
        if concealed.count(2) == 7:
            out.append(Reading("seven_pairs", win, (), (), (), (), _NO_KONGS, 0, "tanki"))
    if n_tiles != 14 - 3 * len(melds):
        return out
    splits = set_splits(concealed)
    if not splits:
        return out
    meld_chows: tuple[int, ...] = ()
    meld_pungs: tuple[int, ...] = ()
    meld_open: tuple[bool, ...] = ()
    kongs = _NO_KONGS
    ankans = 0
    if melds:
        chow_list: list[int] = []
        pung_list: list[int] = []
        open_list: list[bool] = []
        kong_list: list[int] = []
        for m in melds:
            k = _KIND[m.tiles[0]]
            mk = m.kind
            if mk == "chi":
                chow_list.append(min(k, _KIND[m.tiles[1]], _KIND[m.tiles[2]]))
                continue
            pung_list.append(k)
            open_list.append(mk != "ankan")
            if mk != "pon":
                kong_list.append(k)
                if mk == "ankan":
                    ankans += 1
        meld_chows = tuple(chow_list)
        meld_pungs = tuple(pung_list)
        meld_open = tuple(open_list)
        kongs = frozenset(kong_list)
    ron = not ctx.tsumo
    for pair, closed_chows, closed_pungs in splits:
        chows = meld_chows + closed_chows if meld_chows else closed_chows
        pungs = meld_pungs + closed_pungs if meld_pungs else closed_pungs
        shape = set_shape("standard", chows, closed_chows, pungs, kongs, pair)
        n_closed = ankans + len(closed_pungs)
        all_concealed = meld_open + (False,) * len(closed_pungs)
        if pair == win:
            out.append(
                Reading(
                    "standard",
                    pair,
                    chows,
                    closed_chows,
                    pungs,
                    all_concealed,
                    kongs,
                    n_closed,
                    "tanki",
                    shape,
                )
            )
        if win in closed_pungs:
            # a pung completed by a discard counts as open; by a self-draw it stays concealed
            opened = meld_open + tuple(p == win for p in closed_pungs) if ron else all_concealed
            out.append(
                Reading(
                    "standard",
                    pair,
                    chows,
                    closed_chows,
                    pungs,
                    opened,
                    kongs,
                    n_closed - 1 if ron else n_closed,
                    "shanpon",
                    shape,
                )
            )
        if closed_chows:
            seen: list[Wait] = []
            for first in closed_chows:
                if first <= win <= first + 2:
                    wait = _chow_wait(first, win)
                    if wait in seen:
                        continue
                    seen.append(wait)
                    out.append(
                        Reading(
                            "standard",
                            pair,
                            chows,
                            closed_chows,
                            pungs,
                            all_concealed,
                            kongs,
                            n_closed,
                            wait,
                            shape,
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

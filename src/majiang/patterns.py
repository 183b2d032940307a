"""The pattern core every rule family scores with: readings, hand facts, pattern rows, the best.

A win is scored the same way in every family: read the complete hand every way it can be read
(``readings``), put each reading with the facts of the win into a ``WinContext``, ask every
row of the family's pattern table whether it ``applies`` (``count``), and keep the reading that
pays most (``best``). The tables, their values and the payments stay in each family's module
(``rules/hongkong/fan.py``, ``rules/sichuan/fan.py``...); docs/scoring.md "Patterns" compares
the families.

>>> from majiang.hand import parse_hand
>>> from majiang.tiles import parse_tile
>>> win = Win(parse_hand("111222333m55p789s"), parse_tile("3m"), tsumo=False, options=None)
>>> [str(r) for r in readings(win.hand, win.win_tile, win.tsumo, sets=4)]
['55p 123m* 123m 123m 789s', '55p 111m 222m 333m* 789s']
>>> table = [Pattern("three_pungs", "Three pungs", 2, lambda c: len(c.pungs) == 3)]
>>> [count(table, c) for c in contexts(win, readings(win.hand, win.win_tile, win.tsumo, sets=4))]
[[], [Item(id='three_pungs', name='Three pungs', value=2)]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

from majiang.decompose import (
    decompositions,
    is_seven_pairs,
    is_thirteen_orphans,
    seven_pairs_one_pung,
)
from majiang.hand import Hand
from majiang.melds import Meld
from majiang.scoring import Item, ScoreRequest
from majiang.tiles import DRAGONS, EAST, WINDS, Tile, format_tiles, kind

SetKind = Literal["chow", "pung", "kong"]
#: ``standard``: sets and a pair; ``lik_gu``: Taiwan's seven pairs and a pung
Form = Literal["standard", "seven_pairs", "thirteen_orphans", "lik_gu"]
#: what the winning tile completed: ``two_sided`` (ryanmen), ``closed`` (kanchan), ``edge``
#: (penchan), ``single`` (tanki: the pair), ``dual_pung`` (shanpon: a pung)
Wait = Literal["two_sided", "closed", "edge", "single", "dual_pung"]

#: the terminals (1 and 9 of each suit), the honors, the simples and the orphans (terminals
#: and honors), as kinds
TERMINALS = frozenset(k for k in range(27) if k % 9 in (0, 8))
HONORS = frozenset(range(27, 34))
SIMPLES = frozenset(range(27)) - TERMINALS
ORPHANS = TERMINALS | HONORS


class HandSet(NamedTuple):
    """One set of a reading: a chow from ``tile``, a pung or a kong of ``tile``.

    ``melded``: a called or declared meld (a concealed kong included). ``concealed``: never
    claimed: a set formed in the hand, unless the winning discard completed it, or a concealed
    kong. ``has_win``: the winning tile sits in this set.
    """

    kind: SetKind
    tile: int
    melded: bool = False
    concealed: bool = True
    has_win: bool = False

    @property
    def is_pung(self) -> bool:
        """Return whether the set is a pung or a kong (three or four alike)."""
        return self.kind != "chow"

    @property
    def claimed(self) -> bool:
        """Return whether the set was called from a discard (chi, pon, open or added kong)."""
        return self.melded and not self.concealed

    @property
    def tiles(self) -> tuple[int, ...]:
        """Return the kinds of the set's tiles (four for a kong)."""
        t = self.tile
        if self.kind == "chow":
            return (t, t + 1, t + 2)
        return (t,) * (4 if self.kind == "kong" else 3)

    def __str__(self) -> str:
        return format_tiles(self.tiles) + ("*" if self.has_win else "")


def meld_set(meld: Meld) -> HandSet:
    """Return a called or declared meld as a ``HandSet``.

    >>> from majiang.melds import parse_meld
    >>> meld_set(parse_meld("ankan 1111z"))
    HandSet(kind='kong', tile=27, melded=True, concealed=True, has_win=False)
    """
    set_kind: SetKind = "chow" if meld.kind == "chi" else "kong" if meld.is_kong else "pung"
    return HandSet(set_kind, meld.first, melded=True, concealed=not meld.is_open)


class Reading(NamedTuple):
    """One way to read a complete hand: its sets (melds first), its pairs and the wait.

    ``pairs`` holds the one pair of a standard reading, the seven of seven pairs or lik gu lik
    gu, none for thirteen orphans.
    """

    form: Form
    sets: tuple[HandSet, ...]
    pairs: tuple[int, ...]
    wait: Wait | None

    @property
    def pair(self) -> int | None:
        """Return the pair's kind of a standard reading (``None`` for a special form)."""
        return self.pairs[0] if self.form == "standard" else None

    def __str__(self) -> str:
        """Return the pairs then the sets; the winning tile's set is marked ``*``."""
        pairs = [format_tiles((p, p)) for p in self.pairs]
        return " ".join([*pairs, *(str(s) for s in self.sets)])


def wait_of(chow_or_pung: HandSet, win: int) -> Wait:
    """Return the wait a set completed by ``win`` had.

    >>> wait_of(HandSet("chow", 0), 2), wait_of(HandSet("chow", 1), 1), wait_of(HandSet("chow", 1), 2)
    ('edge', 'two_sided', 'closed')
    """
    s = chow_or_pung
    if s.is_pung:
        return "dual_pung"
    if win == s.tile + 1:
        return "closed"
    if (win == s.tile + 2 and s.tile % 9 == 0) or (win == s.tile and s.tile % 9 == 6):
        return "edge"
    return "two_sided"


def _standard(
    counts: list[int], melds: tuple[HandSet, ...], win: int | None, tsumo: bool, sets: int
) -> list[Reading]:
    """Return the standard readings: each split of the concealed tiles into ``sets`` sets (the
    melds counted) and a pair, once per place of the winning tile (the pair, or each distinct
    set holding it; once in all when ``win`` is ``None``). A pung the winning discard completes
    is not concealed."""
    out = []
    for d in decompositions(counts):
        if len(d.sets) + len(melds) != sets:
            continue
        own = tuple(HandSet(g.kind, g.tile) for g in d.sets)
        if win is None:
            out.append(Reading("standard", melds + own, (d.pair,), None))
            continue
        if d.pair == win:
            out.append(Reading("standard", melds + own, (d.pair,), "single"))
        for i, g in enumerate(d.sets):
            if win not in g.tiles or g in d.sets[:i]:
                continue
            won = HandSet(g.kind, g.tile, concealed=tsumo or g.kind == "chow", has_win=True)
            with_win = (*own[:i], won, *own[i + 1 :])
            out.append(Reading("standard", melds + with_win, (d.pair,), wait_of(won, win)))
    return out


def _special(
    counts: list[int], melds: tuple[HandSet, ...], win: int | None, tsumo: bool, form: Form,
    quads: bool,
) -> list[Reading]:  # fmt: skip
    """Return the reading of a concealed special form, if the hand is one (else nothing)."""
    if melds:
        return []
    if form == "thirteen_orphans" and is_thirteen_orphans(counts):
        return [Reading(form, (), (), "single")]
    if form == "seven_pairs" and is_seven_pairs(counts, distinct=not quads):
        pairs = tuple(k for k, n in enumerate(counts[:34]) for _ in range(n // 2))
        return [Reading(form, (), pairs, "single")]
    pung = seven_pairs_one_pung(counts) if form == "lik_gu" else None
    if pung is None:
        return []
    pung_set = HandSet("pung", pung, concealed=not (win == pung and not tsumo), has_win=win == pung)
    pairs = tuple(k for k, n in enumerate(counts[:34]) if n == 2)
    return [Reading(form, (pung_set,), pairs, "dual_pung" if win == pung else "single")]


def _readings(
    counts: list[int], melds: tuple[HandSet, ...], win: int | None, tsumo: bool, sets: int,
    forms: Sequence[Form], quads: bool,
) -> list[Reading]:  # fmt: skip
    """Return the readings of the concealed ``counts`` with the ``melds``, form by form."""
    out: list[Reading] = []
    for form in forms:
        if form == "standard":
            out += _standard(counts, melds, win, tsumo, sets)
        else:
            out += _special(counts, melds, win, tsumo, form, quads)
    return out


def readings(
    hand: Hand,
    win_tile: Tile | None,
    tsumo: bool,
    *,
    sets: int,
    forms: Sequence[Form] = ("standard",),
    quads_in_pairs: bool = False,
) -> list[Reading]:
    """Return every reading of a complete hand, the forms in the order given (empty when the
    hand is not complete).

    ``sets``: sets in a complete hand (4, or 5 in Taiwan). A special form needs a hand without
    melds; ``quads_in_pairs`` lets four alike be two of the seven pairs (Sichuan). Without a
    ``win_tile`` (a family that never asks where it sits) each split is read once, its wait
    ``None``.

    >>> from majiang.hand import parse_hand
    >>> [r.form for r in readings(parse_hand("11223344556677m"), 0, True, sets=4,
    ...                           forms=("seven_pairs", "standard"))]
    ['seven_pairs', 'standard', 'standard', 'standard']
    """
    win = None if win_tile is None else kind(win_tile)
    melds = tuple(meld_set(m) for m in hand.melds)
    return _readings(hand.counts, melds, win, tsumo, sets, forms, quads_in_pairs)


Opts = TypeVar("Opts")


class Win(NamedTuple, Generic[Opts]):
    """What is known of a win before its hand is read: the hand, the winning tile's kind, the
    way of winning, the seats' winds (0 East ... 3 North), the situation names. A value, like
    ``HandSet`` and ``Reading``.

    ``options`` is what the family's patterns read of the table's rules (a mapping, or a typed
    value); ``waits`` the kinds that completed the hand before the win, for a family that asks
    (Taiwan's single wait).
    """

    hand: Hand
    win_tile: int | None
    tsumo: bool
    options: Opts
    seat: int = 0
    round: int = 0
    situation: frozenset[str] = frozenset()
    waits: tuple[int, ...] = ()

    @classmethod
    def of_request(
        cls,
        req: ScoreRequest,
        options: Opts,
        *,
        read_wait: bool = True,
        waits: tuple[int, ...] = (),
    ) -> Win[Opts]:
        """Return the win a scoring request describes, with the family's ``options``.

        ``read_wait`` false leaves the winning tile out (``win_tile`` ``None``): a family whose
        patterns never ask which set it completed reads each split of the hand once.

        >>> from majiang.scoring import ScoreRequest
        >>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "111222333m55p789s",
        ...                               "win_tile": "3m", "seat_wind": "S"})
        >>> win = Win.of_request(req, None)
        >>> win.win_tile, win.tsumo, win.seat, Win.of_request(req, None, read_wait=False).win_tile
        (2, False, 1, None)
        """
        return Win(
            req.hand,
            kind(req.win_tile) if read_wait else None,
            req.tsumo,
            options,
            seat=req.seat_wind,
            round=req.round_wind,
            situation=req.situation,
            waits=waits,
        )


@dataclass
class WinContext(Generic[Opts]):
    """One reading and the facts of its win: all that a pattern's ``applies`` looks at, each
    a named field, found once (``contexts`` builds them)."""

    # -- the reading ----------------------------------------------------------------------
    reading: Reading
    form: Form
    #: the sets, melds first
    sets: tuple[HandSet, ...]
    #: the pair of a standard reading (``None`` for a special form)
    pair: int | None
    #: what the winning tile completed (``None``: not asked)
    wait: Wait | None
    #: the first kinds of the chows
    chows: tuple[int, ...]
    #: the kinds of the pungs and kongs
    pungs: tuple[int, ...]
    #: how many pungs and kongs are concealed
    concealed_pungs: int
    # -- the win --------------------------------------------------------------------------
    win: Win[Opts]
    #: the winning tile's kind (``None``: not asked)
    win_tile: int | None
    tsumo: bool
    #: the winds as kinds (27 East ... 30 North)
    seat_wind: int
    round_wind: int
    situation: frozenset[str]
    options: Opts
    waits: tuple[int, ...]
    # -- the hand -------------------------------------------------------------------------
    #: the 34-kind counts of every tile of the hand, melds included (a kong four times)
    counts: tuple[int, ...]
    #: the kinds present in the hand
    kinds: frozenset[int]
    #: the suits of its number tiles (0 characters, 1 dots, 2 bamboo)
    suits: frozenset[int]
    #: the number tiles are of one suit (honors aside)
    one_suit: bool
    #: the hand holds a wind or a dragon, a 1 or a 9, a 2 to 8
    has_honors: bool
    has_terminals: bool
    has_simples: bool
    #: no meld is open (a concealed kong keeps the hand closed)
    closed: bool
    melds: tuple[Meld, ...]
    #: the flowers and seasons (tile ids 34-41)
    bonus: tuple[int, ...]
    #: how many kongs the hand holds (declared, so among the melds)
    kongs: int

    @property
    def all_pungs(self) -> bool:
        """Return whether a standard reading's sets are all pungs or kongs."""
        return self.form == "standard" and len(self.pungs) == len(self.sets)

    @property
    def dragon_pungs(self) -> int:
        """Return how many dragon pungs or kongs the reading holds."""
        return sum(1 for k in self.pungs if k in DRAGONS)

    @property
    def wind_pungs(self) -> int:
        """Return how many wind pungs or kongs the reading holds."""
        return sum(1 for k in self.pungs if k in WINDS)


def _win_facts(win: Win[Any], concealed: list[int], melds: tuple[HandSet, ...]) -> dict[str, Any]:
    """Return the fields of a ``WinContext`` that every reading of the win shares, from the
    concealed tiles' counts and the melds."""
    counts = list(concealed)
    for meld in melds:
        for k in meld.tiles:
            counts[k] += 1
    kinds = frozenset(k for k, n in enumerate(counts) if n)
    suits = frozenset(k // 9 for k in kinds - HONORS)
    hand = win.hand
    return {
        "win": win,
        "win_tile": win.win_tile,
        "tsumo": win.tsumo,
        "seat_wind": EAST + win.seat,
        "round_wind": EAST + win.round,
        "situation": win.situation,
        "options": win.options,
        "waits": win.waits,
        "counts": tuple(counts),
        "kinds": kinds,
        "suits": suits,
        "one_suit": len(suits) == 1,
        "has_honors": not kinds.isdisjoint(HONORS),
        "has_terminals": not kinds.isdisjoint(TERMINALS),
        "has_simples": not kinds.isdisjoint(SIMPLES),
        "closed": hand.is_closed,
        "melds": hand.melds,
        "bonus": hand.bonus,
        "kongs": sum(1 for meld in melds if meld.kind == "kong"),
    }


def _with_facts(found: Iterable[Reading], facts: dict[str, Any]) -> list[WinContext[Any]]:
    """Return a context per reading, each with the win's shared ``facts``."""
    return [
        WinContext(
            reading=r,
            form=r.form,
            sets=r.sets,
            pair=r.pair,
            wait=r.wait,
            chows=tuple(s.tile for s in r.sets if s.kind == "chow"),
            pungs=tuple(s.tile for s in r.sets if s.kind != "chow"),
            concealed_pungs=sum(1 for s in r.sets if s.kind != "chow" and s.concealed),
            **facts,
        )
        for r in found
    ]


def contexts(win: Win[Opts], found: Iterable[Reading]) -> list[WinContext[Opts]]:
    """Return a context per given reading of the win (the hand's facts are found once for
    all)."""
    melds = tuple(meld_set(m) for m in win.hand.melds)
    return _with_facts(found, _win_facts(win, win.hand.counts, melds))


def win_contexts(
    win: Win[Opts],
    *,
    sets: int,
    forms: Sequence[Form] = ("standard",),
    quads_in_pairs: bool = False,
) -> list[WinContext[Opts]]:
    """Return a context per reading of the win's hand (``readings`` with the win's tile and way
    of winning), the facts of the win found once for all (none: the hand is not complete).

    >>> from majiang.hand import parse_hand
    >>> win = Win(parse_hand("111222333m55p789s"), 2, tsumo=False, options=None)
    >>> [(c.wait, c.concealed_pungs) for c in win_contexts(win, sets=4)]
    [('edge', 0), ('dual_pung', 2)]
    """
    hand = win.hand
    concealed = hand.counts
    melds = tuple(meld_set(m) for m in hand.melds)
    found = _readings(concealed, melds, win.win_tile, win.tsumo, sets, forms, quads_in_pairs)
    return _with_facts(found, _win_facts(win, concealed, melds)) if found else []


class _Situated(Protocol):
    @property
    def situation(self) -> frozenset[str]: ...


class _WithPungs(Protocol):
    @property
    def pungs(self) -> tuple[int, ...]: ...


def situation(name: str) -> Callable[[_Situated], bool]:
    """Return the predicate "the request names this situation" (robbing a kong, heavenly...).

    >>> from types import SimpleNamespace
    >>> situation("last_tile")(SimpleNamespace(situation=frozenset({"last_tile"})))
    True
    """
    return lambda ctx: name in ctx.situation


def pung_of(tile: int) -> Callable[[_WithPungs], bool]:
    """Return the predicate "a pung or kong of this kind" (a dragon's, a wind's).

    >>> from types import SimpleNamespace
    >>> pung_of(31)(SimpleNamespace(pungs=(4, 31))), pung_of(32)(SimpleNamespace(pungs=(4, 31)))
    (True, False)
    """
    return lambda ctx: tile in ctx.pungs


def seat_bonus(group: tuple[int, ...]) -> Callable[[WinContext[Any]], bool]:
    """Return the predicate "the winner holds the flower (or season) of their seat": the
    group's first for East, its second for South...

    >>> from majiang.hand import Hand
    >>> from majiang.tiles import FLOWERS
    >>> win = Win(Hand((), bonus=(35,)), None, True, None, seat=1)
    >>> seat_bonus(FLOWERS)(contexts(win, [Reading("standard", (), (0,), None)])[0])
    True
    """
    return lambda ctx: group[ctx.win.seat] in ctx.bonus


def full_bonus_set(group: tuple[int, ...]) -> Callable[[WinContext[Any]], bool]:
    """Return the predicate "the winner holds every bonus tile of the group"."""
    return lambda ctx: set(group) <= set(ctx.bonus)


# -- the patterns several families count, each written once ---------------------------------
# A family's row names its own id and value; the predicate is the same hand in every family
# that counts it (riichi's honitsu is Hong Kong's and Taiwan's half flush...).


def seat_wind_pung(ctx: WinContext[Any]) -> bool:
    """A pung or kong of the seat wind."""
    return ctx.seat_wind in ctx.pungs


def round_wind_pung(ctx: WinContext[Any]) -> bool:
    """A pung or kong of the round wind."""
    return ctx.round_wind in ctx.pungs


def half_flush(ctx: WinContext[Any]) -> bool:
    """One suit and honors."""
    return ctx.one_suit and ctx.has_honors


def full_flush(ctx: WinContext[Any]) -> bool:
    """One suit, no honors."""
    return ctx.one_suit and not ctx.has_honors


def all_honors(ctx: WinContext[Any]) -> bool:
    """Winds and dragons only."""
    return not ctx.suits


def all_terminals(ctx: WinContext[Any]) -> bool:
    """1s and 9s only."""
    return not ctx.has_simples and not ctx.has_honors


def outside_hand(ctx: WinContext[Any]) -> bool:
    """Every set and the pair of a standard reading hold a terminal or an honor."""
    return ctx.pair in ORPHANS and all(not ORPHANS.isdisjoint(s.tiles) for s in ctx.sets)


def small_three_dragons(ctx: WinContext[Any]) -> bool:
    """Two dragon pungs or kongs and a pair of the third dragon."""
    return ctx.dragon_pungs == 2 and ctx.pair in DRAGONS


def big_three_dragons(ctx: WinContext[Any]) -> bool:
    """Three dragon pungs or kongs."""
    return ctx.dragon_pungs == 3


def small_four_winds(ctx: WinContext[Any]) -> bool:
    """Three wind pungs or kongs and a wind pair."""
    return ctx.wind_pungs == 3 and ctx.pair in WINDS


def big_four_winds(ctx: WinContext[Any]) -> bool:
    """Four wind pungs or kongs."""
    return ctx.wind_pungs == 4


def four_kongs(ctx: WinContext[Any]) -> bool:
    """Four kongs, open or concealed."""
    return ctx.kongs == 4


#: the nine gates' counts of one suit before the winning tile: 1112345678999
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates(ctx: WinContext[Any]) -> bool:
    """No meld (not even a concealed kong), one suit and no honor: 1112345678999 and one more
    tile of the suit.

    >>> from majiang.hand import parse_hand
    >>> win = Win(parse_hand("11123455678999m"), 4, tsumo=True, options=None)
    >>> [nine_gates(c) for c in win_contexts(win, sets=4)]
    [True]
    """
    if ctx.melds or not ctx.one_suit or ctx.has_honors:
        return False
    (suit,) = ctx.suits
    extra = [
        n - need for n, need in zip(ctx.counts[9 * suit : 9 * suit + 9], NINE_GATES, strict=True)
    ]
    return min(extra) >= 0 and sum(extra) == 1


C = TypeVar("C")


def never(ctx: object) -> bool:
    """Return false: the default of ``Pattern.stacks`` (what a pattern replaces never counts)."""
    return False


@dataclass(frozen=True)
class Pattern(Generic[C]):
    """One row of a pattern table: a stable snake_case ``id`` (names in other languages are
    keyed by it), a display ``name``, its ``value`` (a number, or a function of the context for
    a value the table sets), and ``applies``, the one signature of every pattern.

    ``replaces``: the ids this pattern removes when it applies (a pattern that includes
    another); ``stacks``: when it holds, the replaced patterns count too (a table option).
    """

    id: str
    name: str
    value: int | Callable[[C], int]
    applies: Callable[[C], bool]
    replaces: tuple[str, ...] = ()
    stacks: Callable[[C], bool] = never

    def value_of(self, ctx: C) -> int:
        """Return the pattern's value on this reading."""
        return self.value if isinstance(self.value, int) else self.value(ctx)


def count(patterns: Sequence[Pattern[C]], ctx: C) -> list[Item]:
    """Return the items of every pattern that applies, less those another one replaces, in
    table order.

    >>> from majiang.hand import parse_hand
    >>> win = Win(parse_hand("11122233344455m"), 4, tsumo=True, options=None)
    >>> table = [Pattern("half", "Half flush", 3, lambda c: c.one_suit and c.has_honors),
    ...          Pattern("full", "Full flush", 7, lambda c: c.one_suit and not c.has_honors,
    ...                  replaces=("half",)),
    ...          Pattern("pungs", "All pungs", 3, lambda c: c.all_pungs)]
    >>> [[i.id for i in count(table, c)] for c in contexts(win, readings(win.hand, 4, True, sets=4))]
    [['full'], ['full'], ['full'], ['full', 'pungs']]
    """
    hits = [p for p in patterns if p.applies(ctx)]
    replaced = {r for p in hits if not p.stacks(ctx) for r in p.replaces}
    return [Item(p.id, p.name, p.value_of(ctx)) for p in hits if p.id not in replaced]


def count_valued(patterns: Sequence[Pattern[C]], ctx: C) -> list[Item]:
    """Return ``count``'s items less those worth 0 on this reading: a row a table option sets
    to 0 (Hong Kong's flowers), a closed-only yaku on an open hand (riichi). Sichuan counts with
    ``count``: its limit hands are listed even at a cap of 0 fan.

    >>> table = [Pattern("closed", "Closed only", lambda c: 1 if c else 0, lambda c: True)]
    >>> count(table, False), count_valued(table, False), count_valued(table, True)
    ([Item(id='closed', name='Closed only', value=0)], [], [Item(id='closed', name='Closed only', value=1)])
    """
    return [i for i in count(patterns, ctx) if i.value]


T = TypeVar("T")


def best(scored: Iterable[T], rank: Callable[[T], tuple[int, ...]]) -> T | None:
    """Return the scored reading of highest ``rank``, the first of them on a tie (``None``
    when there is none).

    >>> best(["ab", "cd", "efg"], lambda s: (len(s),)), best([], lambda s: (0,))
    ('efg', None)
    """
    return max(scored, key=rank, default=None)

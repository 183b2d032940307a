"""The readings of a riichi win: one ``WinContext`` per way to read the hand.

A complete hand may split into sets and a pair in more than one way (``decompose``), and the
winning tile may have completed different sets of one split: the wait decides the fu, pinfu and
whether a pung counts as concealed. ``readings`` returns a context per split and per place of
the winning tile, plus seven pairs and thirteen orphans; the scorer keeps the one that pays
most (rules/README.md: "the highest-scoring decomposition").

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "111222333m55p789s",
...                               "win_tile": "3m", "win": "tsumo"})
>>> [(c.wait, " ".join(str(s) for s in c.sets)) for c in readings(req, RiichiOptions())]
[('edge', '123m 123m 123m 789s'), ('dual_pung', '111m 222m 333m 789s')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from majiang.decompose import Decomposition, decompositions, is_seven_pairs, is_thirteen_orphans
from majiang.melds import Meld
from majiang.rules.riichi.options import RiichiOptions
from majiang.scoring import ScoreRequest
from majiang.tiles import EAST, format_tiles, kind

Form = Literal["standard", "seven_pairs", "thirteen_orphans"]
#: what the winning tile completed: ``two_sided`` (ryanmen), ``closed`` (kanchan), ``edge``
#: (penchan), ``single`` (tanki: the pair), ``dual_pung`` (shanpon: a pung)
Wait = Literal["two_sided", "closed", "edge", "single", "dual_pung"]


class Set(NamedTuple):
    """A set of a reading: a chow from ``tile`` or a pung of ``tile`` (``kong`` for four).

    ``concealed`` holds for a set formed in the hand (unless a winning discard completed it)
    and a concealed kong; every called meld is open.
    """

    kind: Literal["chow", "pung"]
    tile: int
    kong: bool
    concealed: bool

    def __str__(self) -> str:
        t = self.tile
        return format_tiles((t, t + 1, t + 2) if self.kind == "chow" else (t,) * (3 + self.kong))


def meld_set(meld: Meld) -> Set:
    """Return a called or declared meld as a ``Set``.

    >>> from majiang.melds import parse_meld
    >>> meld_set(parse_meld("ankan 1111z"))
    Set(kind='pung', tile=27, kong=True, concealed=True)
    """
    return Set("chow" if meld.kind == "chi" else "pung", meld.first, meld.is_kong, not meld.is_open)


@dataclass(frozen=True)
class WinContext:
    """One reading of a win and the facts of the win around it: what every yaku looks at.

    Tiles are kinds (0-33; winds 27-30, dragons 31-33). ``sets`` holds the melds first, then
    the sets of the concealed tiles; ``pair`` is the pair's kind (``None`` but in a standard
    reading). ``counts`` counts every tile of the hand, melds included (a kong four times).
    """

    form: Form
    sets: tuple[Set, ...]
    pair: int | None
    wait: Wait
    win_tile: int
    tsumo: bool
    #: no open meld (a concealed kong keeps the hand closed; the winning tile never opens it)
    closed: bool
    seat_wind: int
    round_wind: int
    situation: frozenset[str]
    options: RiichiOptions
    counts: tuple[int, ...]
    #: the kinds of the hand's tiles
    kinds: frozenset[int]
    #: the suits of its number tiles (0 m, 1 p, 2 s)
    suits: frozenset[int]
    has_honors: bool
    has_terminals: bool
    has_simples: bool
    kongs: int
    #: the first kinds of the chows of ``sets``
    chows: tuple[int, ...]
    #: the kinds of its pungs and kongs
    pungs: tuple[int, ...]
    #: how many of its pungs and kongs are concealed
    concealed_pungs: int


def _placements(d: Decomposition, win: int) -> list[tuple[int | None, Wait]]:
    """Return where the winning tile may sit in a split: the index among its sets (``None``:
    the pair) and the wait that makes, each once."""
    out: list[tuple[int | None, Wait]] = [(None, "single")] if d.pair == win else []
    seen = set()
    for i, g in enumerate(d.sets):
        if win not in g.tiles or g in seen:
            continue
        seen.add(g)
        if g.kind == "pung":
            out.append((i, "dual_pung"))
        elif win == g.tile + 1:
            out.append((i, "closed"))
        elif (win == g.tile + 2 and g.tile % 9 == 0) or (win == g.tile and g.tile % 9 == 6):
            out.append((i, "edge"))
        else:
            out.append((i, "two_sided"))
    return out


#: the terminals (1 and 9 of each suit), the honors and the simples, as kinds
TERMINALS = frozenset(k for k in range(27) if k % 9 in (0, 8))
HONORS = frozenset(range(27, 34))
SIMPLES = frozenset(range(27)) - TERMINALS


def _hand_facts(req: ScoreRequest, options: RiichiOptions, counts: list[int]) -> dict[str, Any]:
    """Return the fields of a ``WinContext`` that every reading of the request shares."""
    melds = req.hand.melds
    for m in melds:
        for t in m.tiles:
            counts[kind(t)] += 1
    kinds = frozenset(k for k, n in enumerate(counts) if n)
    return {
        "win_tile": kind(req.win_tile),
        "tsumo": req.tsumo,
        "closed": req.hand.is_closed,
        "seat_wind": EAST + req.seat_wind,
        "round_wind": EAST + req.round_wind,
        "situation": req.situation,
        "options": options,
        "counts": tuple(counts),
        "kinds": kinds,
        "suits": frozenset(k // 9 for k in kinds - HONORS),
        "has_honors": not kinds.isdisjoint(HONORS),
        "has_terminals": not kinds.isdisjoint(TERMINALS),
        "has_simples": not kinds.isdisjoint(SIMPLES),
        "kongs": sum(1 for m in melds if m.is_kong),
    }


def reading(
    form: Form, sets: tuple[Set, ...], pair: int | None, wait: Wait, facts: dict[str, Any]
) -> WinContext:
    """Return the context of one reading: its sets with the counts every yaku reads from
    them, and the hand's facts."""
    return WinContext(
        form,
        sets,
        pair,
        wait,
        chows=tuple(s.tile for s in sets if s.kind == "chow"),
        pungs=tuple(s.tile for s in sets if s.kind == "pung"),
        concealed_pungs=sum(1 for s in sets if s.kind == "pung" and s.concealed),
        **facts,
    )


def readings(req: ScoreRequest, options: RiichiOptions) -> list[WinContext]:
    """Return every reading of a win (empty when the hand is not complete)."""
    concealed = [0] * 34
    for t in req.hand.concealed:
        concealed[kind(t)] += 1
    melds = tuple(meld_set(m) for m in req.hand.melds)
    facts = _hand_facts(req, options, list(concealed))
    if not melds and is_thirteen_orphans(concealed):
        return [reading("thirteen_orphans", (), None, "single", facts)]
    out = []
    if not melds and is_seven_pairs(concealed):
        out.append(reading("seven_pairs", (), None, "single", facts))
    for d in decompositions(concealed):
        for at, wait in _placements(d, facts["win_tile"]):
            sets = tuple(
                Set(g.kind, g.tile, False, not (i == at and wait == "dual_pung" and not req.tsumo))
                for i, g in enumerate(d.sets)
            )
            out.append(reading("standard", melds + sets, d.pair, wait, facts))
    return out

"""Sichuan fan: the hand patterns, roots and the bonus fan for the way of winning (seed 004).

Every pattern has one signature, ``applies(ctx: WinContext) -> bool``; the tables below read
like the rule page (``shared/rules/sichuan.md`` "Fan"). Fan are added; each fan doubles the
payment; the sum is capped by the table's ``max_fan``.

>>> from majiang.hand import parse_hand
>>> best = best_fan(parse_hand("11122233344455m"), tsumo=False)
>>> [(i.id, i.value) for i in best.items], best.fan
([('all_pungs', 1), ('pure_suit', 2)], 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from majiang.decompose import decompositions, is_seven_pairs
from majiang.hand import Hand
from majiang.melds import Meld
from majiang.scoring import Item
from majiang.tiles import counts34, format_tiles, kind

SetKind = Literal["chow", "pung", "kong"]
Form = Literal["standard", "seven_pairs"]


@dataclass(frozen=True)
class HandSet:
    """One set of a reading: a chow from ``tile``, a pung or a kong of ``tile``; ``called`` for
    a meld (pon or any kong) rather than a set found among the concealed tiles."""

    kind: SetKind
    tile: int
    called: bool = False

    @property
    def kinds(self) -> tuple[int, ...]:
        """Return the kinds of the set's tiles (three for a chow or a pung, four for a kong)."""
        t = self.tile
        if self.kind == "chow":
            return (t, t + 1, t + 2)
        return (t,) * (4 if self.kind == "kong" else 3)


@dataclass(frozen=True)
class WinContext:
    """One reading of a complete hand and the facts of the win: what every pattern looks at.

    ``counts`` covers every tile the player holds (concealed and melds, a kong as four);
    ``concealed`` covers the concealed tiles only (the winning tile included).
    """

    form: Form
    pair: int | None
    sets: tuple[HandSet, ...]
    counts: tuple[int, ...]
    concealed: tuple[int, ...]
    melds: int
    tsumo: bool = False
    situation: frozenset[str] = frozenset()
    self_draw_fan: bool = False


@dataclass(frozen=True)
class Pattern:
    """A row of a fan table: a stable snake_case id, a display name, its fan and its test."""

    id: str
    name: str
    fan: int
    applies: Callable[[WinContext], bool]


def _is_terminal(k: int) -> bool:
    return k % 9 in (0, 8)


def _suits(counts: Sequence[int]) -> set[int]:
    return {k // 9 for k in range(27) if counts[k]}


def all_pungs(ctx: WinContext) -> bool:
    """Return whether all four sets are pungs or kongs."""
    return ctx.form == "standard" and all(s.kind != "chow" for s in ctx.sets)


def pure_suit(ctx: WinContext) -> bool:
    """Return whether every tile is of one suit."""
    return len(_suits(ctx.counts)) == 1


def terminals_in_every_set(ctx: WinContext) -> bool:
    """Return whether every set and the pair hold a 1 or a 9."""
    return (
        ctx.form == "standard"
        and ctx.pair is not None
        and _is_terminal(ctx.pair)
        and all(any(_is_terminal(k) for k in s.kinds) for s in ctx.sets)
    )


def seven_pairs(ctx: WinContext) -> bool:
    """Return whether the hand is seven pairs with no four identical tiles among them."""
    return ctx.form == "seven_pairs" and 4 not in ctx.concealed


def dragon_seven_pairs(ctx: WinContext) -> bool:
    """Return whether the hand is seven pairs with four identical tiles (two of the pairs)."""
    return ctx.form == "seven_pairs" and 4 in ctx.concealed


def pungs_258(ctx: WinContext) -> bool:
    """Return whether all sets are pungs or kongs and every set and the pair are 2s, 5s or 8s."""
    return (
        all_pungs(ctx)
        and ctx.pair is not None
        and ctx.pair % 9 in (1, 4, 7)
        and all(s.tile % 9 in (1, 4, 7) for s in ctx.sets)
    )


def golden_hook(ctx: WinContext) -> bool:
    """Return whether four sets are melded and the win completed the pair on a single tile."""
    return ctx.form == "standard" and ctx.melds == 4


def roots(ctx: WinContext) -> int:
    """Return the number of roots: kinds of which the player holds all four (in hand or a kong),
    less the four that dragon seven pairs already counts."""
    n = sum(1 for c in ctx.counts if c == 4)
    return n - 1 if dragon_seven_pairs(ctx) else n


def _situation(name: str) -> Callable[[WinContext], bool]:
    def applies(ctx: WinContext) -> bool:
        return name in ctx.situation

    applies.__name__ = name
    return applies


#: Hand patterns (rule page "Fan", seed 004). Plain hand is what remains when none applies.
PATTERNS: tuple[Pattern, ...] = (
    Pattern("all_pungs", "All pungs", 1, all_pungs),
    Pattern("pure_suit", "Pure suit", 2, pure_suit),
    Pattern("terminals_in_every_set", "Terminals in every set", 2, terminals_in_every_set),
    Pattern("seven_pairs", "Seven pairs", 2, seven_pairs),
    Pattern("dragon_seven_pairs", "Dragon seven pairs", 3, dragon_seven_pairs),
    Pattern("pungs_258", "2-5-8 pungs", 2, pungs_258),
    Pattern("golden_hook", "Golden hook", 1, golden_hook),
)
PLAIN_HAND = Pattern("plain_hand", "Plain hand", 0, lambda ctx: True)
#: one fan for each root (the table's "1 each")
ROOT_FAN = 1

#: Bonus fan for the way of winning (rule page "Bonus fan").
BONUSES: tuple[Pattern, ...] = (
    Pattern(
        "kong_replacement", "Win on a kong replacement tile", 1, _situation("kong_replacement")
    ),
    Pattern("kong_discard", "Win on the discard after a kong", 1, _situation("kong_discard")),
    Pattern("robbing_kong", "Robbing a kong", 1, _situation("robbing_kong")),
    Pattern("last_tile", "Self-drawn last tile", 1, _situation("last_tile")),
    Pattern("last_discard", "Win on the last discard", 1, _situation("last_discard")),
    Pattern("self_draw", "Self-draw (+1 fan rule)", 1, lambda ctx: ctx.self_draw_fan),
)

#: Hands that go straight to the cap (their ``fan`` is replaced by ``max_fan`` when scored).
LIMIT_HANDS: tuple[Pattern, ...] = (
    Pattern("heavenly", "Heavenly hand", 0, _situation("heavenly")),
    Pattern("earthly", "Earthly hand", 0, _situation("earthly")),
)


def _meld_set(m: Meld) -> HandSet:
    return HandSet("kong" if m.is_kong else "pung", m.first, called=True)


def readings(
    hand: Hand,
    *,
    tsumo: bool = False,
    situation: frozenset[str] = frozenset(),
    self_draw_fan: bool = False,
) -> list[WinContext]:
    """Return every reading of a complete hand (standard decompositions and seven pairs).

    An incomplete hand (or one of the wrong size) has none.

    >>> from majiang.hand import parse_hand
    >>> [r.form for r in readings(parse_hand("11223344556677m"))]
    ['standard', 'standard', 'standard', 'seven_pairs']
    >>> readings(parse_hand("1234m"))
    []
    """
    concealed = counts34(hand.concealed)
    total = counts34(hand.all_tiles())
    if sum(concealed) + 3 * len(hand.melds) != 14:
        return []
    meld_sets = tuple(_meld_set(m) for m in hand.melds)
    seven_pairs_reading = WinContext(
        form="seven_pairs",
        pair=None,
        sets=(),
        counts=tuple(total),
        concealed=tuple(concealed),
        melds=len(hand.melds),
        tsumo=tsumo,
        situation=situation,
        self_draw_fan=self_draw_fan,
    )
    out = [
        replace(
            seven_pairs_reading,
            form="standard",
            pair=d.pair,
            sets=meld_sets + tuple(HandSet(g.kind, g.tile) for g in d.sets),
        )
        for d in decompositions(concealed)
    ]
    if not hand.melds and is_seven_pairs(concealed, distinct=False):
        out.append(seven_pairs_reading)
    return out


def pattern_items(ctx: WinContext) -> list[Item]:
    """Return the hand patterns and roots of one reading (plain hand when no pattern applies)."""
    items = [Item(p.id, p.name, p.fan) for p in PATTERNS if p.applies(ctx)]
    if not items:
        items.append(Item(PLAIN_HAND.id, PLAIN_HAND.name, PLAIN_HAND.fan))
    n = roots(ctx)
    if n:
        kinds = [k for k, c in enumerate(ctx.counts) if c == 4]
        if dragon_seven_pairs(ctx):
            kinds = kinds[1:] if len(kinds) > 1 else []
        label = ", ".join(format_tiles([k]) for k in kinds)
        items.append(
            Item("root", f"Root ({label})" if n == 1 else f"Roots ({label})", n * ROOT_FAN)
        )
    return items


def bonus_items(ctx: WinContext, max_fan: int) -> list[Item]:
    """Return the bonus fan for the way of winning, heavenly and earthly valued at ``max_fan``."""
    items = [Item(p.id, p.name, p.fan) for p in BONUSES if p.applies(ctx)]
    items += [Item(p.id, p.name, max_fan) for p in LIMIT_HANDS if p.applies(ctx)]
    return items


@dataclass(frozen=True)
class FanCount:
    """The counted items of the best reading, the uncapped sum ``raw`` and the capped ``fan``."""

    items: tuple[Item, ...]
    raw: int
    fan: int
    form: Form


def best_fan(
    hand: Hand,
    *,
    tsumo: bool,
    situation: frozenset[str] = frozenset(),
    self_draw_fan: bool = False,
    max_fan: int = 4,
    bonus: bool = True,
) -> FanCount | None:
    """Return the highest-scoring reading's count, or ``None`` when the hand is not complete.

    ``bonus=False`` counts the hand patterns and roots only (the exhaustive-draw settlement).

    >>> from majiang.hand import parse_hand
    >>> best = best_fan(parse_hand("11223344556677m"), tsumo=True)
    >>> [(i.id, i.value) for i in best.items], best.fan
    ([('pure_suit', 2), ('seven_pairs', 2)], 4)
    """
    best: FanCount | None = None
    for ctx in readings(hand, tsumo=tsumo, situation=situation, self_draw_fan=self_draw_fan):
        items = pattern_items(ctx)
        if bonus:
            items += bonus_items(ctx, max_fan)
        raw = sum(i.value for i in items)
        fan = min(raw, max_fan)
        count = FanCount(tuple(items), raw, fan, ctx.form)
        if best is None or (count.fan, count.raw) > (best.fan, best.raw):
            best = count
    return best


def holds_three_suits(hand: Hand) -> bool:
    """Return whether the hand (concealed tiles and melds) holds tiles of all three suits.

    >>> from majiang.hand import parse_hand
    >>> holds_three_suits(parse_hand("123m456p789s")), holds_three_suits(parse_hand("123m, pon 555p"))
    (True, False)
    """
    return len({kind(t) // 9 for t in hand.all_tiles() if kind(t) < 27}) == 3


def best_waiting_fan(hand: Hand, *, max_fan: int = 4, missing_suit: bool = True) -> int | None:
    """Return a 13-tile hand's best possible hand: the highest capped pattern fan (roots
    included, no bonus fan) over every tile that would complete it, or ``None`` if not ready.

    A tile of which the player already holds all four cannot complete the hand; with the
    missing-suit rule a completion holding three suits is no win.

    >>> from majiang.hand import parse_hand
    >>> best_waiting_fan(parse_hand("1122334455667m")), best_waiting_fan(parse_hand("1111m"))
    (4, None)
    """
    held = counts34(hand.all_tiles())
    best: int | None = None
    for k in range(27):
        if held[k] >= 4:
            continue
        done = Hand((*hand.concealed, k), hand.melds)
        if missing_suit and holds_three_suits(done):
            continue
        count = best_fan(done, tsumo=False, max_fan=max_fan, bonus=False)
        if count is not None and (best is None or count.fan > best):
            best = count.fan
    return best

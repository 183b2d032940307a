"""Sichuan fan: the hand patterns, roots and the bonus fan for the way of winning (seed 004).

Every pattern has one signature, ``applies(ctx: SichuanContext) -> bool``; the tables below read
like the rule page (``shared/rules/sichuan.md`` "Fan"). Fan are added; each fan doubles the
payment; the sum is capped by the table's ``max_fan``.

>>> from majiang.hand import parse_hand
>>> best = best_fan(parse_hand("11122233344455m"), tsumo=False)
>>> [(i.id, i.value) for i in best.items], best.fan
([('all_pungs', 1), ('pure_suit', 2)], 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from majiang.hand import Hand
from majiang.patterns import (
    Form,
    Pattern,
    Win,
    WinContext,
    best,
    count,
    outside_hand,
    situation,
    win_contexts,
)
from majiang.rules.sichuan.options import CHENGDU, SichuanOptions
from majiang.scoring import Item
from majiang.tiles import counts34, format_tiles, kind


@dataclass(frozen=True)
class FanOptions:
    """What Sichuan's patterns read: the table's typed options (the cap ``max_fan``, the value
    of a limit hand) and whether this win takes the +1 fan of a self-draw (``self_draw:
    plus_one_fan`` on a win paid as a self-draw)."""

    table: SichuanOptions = field(default_factory=SichuanOptions)
    self_draw_fan: bool = False


SichuanContext = WinContext[FanOptions]
SichuanPattern = Pattern[SichuanContext]


def all_pungs(ctx: SichuanContext) -> bool:
    """Return whether all four sets are pungs or kongs."""
    return ctx.all_pungs


def pure_suit(ctx: SichuanContext) -> bool:
    """Return whether every tile is of one suit."""
    return ctx.one_suit


def seven_pairs(ctx: SichuanContext) -> bool:
    """Return whether the hand is seven pairs with no four identical tiles among them."""
    return ctx.form == "seven_pairs" and 4 not in ctx.counts


def dragon_seven_pairs(ctx: SichuanContext) -> bool:
    """Return whether the hand is seven pairs with four identical tiles (two of the pairs)."""
    return ctx.form == "seven_pairs" and 4 in ctx.counts


def pungs_258(ctx: SichuanContext) -> bool:
    """Return whether all sets are pungs or kongs and every set and the pair are 2s, 5s or 8s."""
    return (
        all_pungs(ctx)
        and ctx.pair is not None
        and ctx.pair % 9 in (1, 4, 7)
        and all(s.tile % 9 in (1, 4, 7) for s in ctx.sets)
    )


def golden_hook(ctx: SichuanContext) -> bool:
    """Return whether four sets are melded and the win completed the pair on a single tile."""
    return ctx.form == "standard" and len(ctx.melds) == 4


def roots(ctx: SichuanContext) -> int:
    """Return the number of roots: kinds of which the player holds all four (in hand or a kong),
    less the four that dragon seven pairs already counts."""
    n = sum(1 for c in ctx.counts if c == 4)
    return n - 1 if dragon_seven_pairs(ctx) else n


#: Hand patterns (rule page "Fan", seed 004). Plain hand is what remains when none applies.
PATTERNS: tuple[SichuanPattern, ...] = (
    Pattern("all_pungs", "All pungs", 1, all_pungs),
    Pattern("pure_suit", "Pure suit", 2, pure_suit),
    # every set and the pair hold a 1 or a 9 (there are no honors)
    Pattern("terminals_in_every_set", "Terminals in every set", 2, outside_hand),
    Pattern("seven_pairs", "Seven pairs", 2, seven_pairs),
    Pattern("dragon_seven_pairs", "Dragon seven pairs", 3, dragon_seven_pairs),
    Pattern("pungs_258", "2-5-8 pungs", 2, pungs_258),
    Pattern("golden_hook", "Golden hook", 1, golden_hook),
)
PLAIN_HAND: SichuanPattern = Pattern("plain_hand", "Plain hand", 0, lambda ctx: True)
#: one fan for each root (the table's "1 each")
ROOT_FAN = 1

#: Bonus fan for the way of winning (rule page "Bonus fan").
BONUSES: tuple[SichuanPattern, ...] = (
    Pattern("kong_replacement", "Win on a kong replacement tile", 1, situation("kong_replacement")),
    Pattern("kong_discard", "Win on the discard after a kong", 1, situation("kong_discard")),
    Pattern("robbing_kong", "Robbing a kong", 1, situation("robbing_kong")),
    Pattern("last_tile", "Self-drawn last tile", 1, situation("last_tile")),
    Pattern("last_discard", "Win on the last discard", 1, situation("last_discard")),
    Pattern("self_draw", "Self-draw (+1 fan rule)", 1, lambda ctx: ctx.options.self_draw_fan),
)


def at_cap(ctx: SichuanContext) -> int:
    """Return the table's cap, the value of a limit hand."""
    return ctx.options.table.max_fan


#: Hands that go straight to the cap (``max_fan``).
LIMIT_HANDS: tuple[SichuanPattern, ...] = (
    Pattern("heavenly", "Heavenly hand", at_cap, situation("heavenly")),
    Pattern("earthly", "Earthly hand", at_cap, situation("earthly")),
)


def hand_readings(
    hand: Hand,
    *,
    tsumo: bool = False,
    situation: frozenset[str] = frozenset(),
    options: FanOptions = FanOptions(),
) -> list[SichuanContext]:
    """Return every reading of a complete hand (standard splits, then seven pairs, four alike
    counting as two pairs). An incomplete hand (or one of the wrong size) has none.

    >>> from majiang.hand import parse_hand
    >>> [r.form for r in hand_readings(parse_hand("11223344556677m"))]
    ['standard', 'standard', 'standard', 'seven_pairs']
    >>> hand_readings(parse_hand("1234m"))
    []
    """
    win = Win(hand, None, tsumo, options, situation=situation)
    forms: tuple[Form, ...] = ("standard", "seven_pairs")
    return win_contexts(win, sets=4, forms=forms, quads_in_pairs=True)


def pattern_items(ctx: SichuanContext) -> list[Item]:
    """Return the hand patterns and roots of one reading (plain hand when no pattern applies)."""
    items = count(PATTERNS, ctx)
    if not items:
        items.append(Item(PLAIN_HAND.id, PLAIN_HAND.name, PLAIN_HAND.value_of(ctx)))
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


def bonus_items(ctx: SichuanContext) -> list[Item]:
    """Return the bonus fan for the way of winning, heavenly and earthly valued at the cap."""
    return count(BONUSES, ctx) + count(LIMIT_HANDS, ctx)


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
    table: SichuanOptions = CHENGDU,
    bonus: bool = True,
) -> FanCount | None:
    """Return the highest-scoring reading's count, or ``None`` when the hand is not complete.

    ``bonus=False`` counts the hand patterns and roots only (the exhaustive-draw settlement).

    >>> from majiang.hand import parse_hand
    >>> best = best_fan(parse_hand("11223344556677m"), tsumo=True)
    >>> [(i.id, i.value) for i in best.items], best.fan
    ([('pure_suit', 2), ('seven_pairs', 2)], 4)
    """
    options = FanOptions(table, self_draw_fan)
    counted = []
    for ctx in hand_readings(hand, tsumo=tsumo, situation=situation, options=options):
        items = pattern_items(ctx)
        if bonus:
            items += bonus_items(ctx)
        raw = sum(i.value for i in items)
        counted.append(FanCount(tuple(items), raw, min(raw, table.max_fan), ctx.form))
    return best(counted, lambda c: (c.fan, c.raw))


def holds_three_suits(hand: Hand) -> bool:
    """Return whether the hand (concealed tiles and melds) holds tiles of all three suits.

    >>> from majiang.hand import parse_hand
    >>> holds_three_suits(parse_hand("123m456p789s")), holds_three_suits(parse_hand("123m, pon 555p"))
    (True, False)
    """
    return len({kind(t) // 9 for t in hand.all_tiles() if kind(t) < 27}) == 3


def best_waiting_fan(hand: Hand, *, table: SichuanOptions = CHENGDU) -> int | None:
    """Return a 13-tile hand's best possible hand: the highest capped pattern fan (roots
    included, no bonus fan) over every tile that would complete it, or ``None`` if not ready.

    A tile of which the player already holds all four cannot complete the hand; with the
    missing-suit rule a completion holding three suits is no win.

    >>> from majiang.hand import parse_hand
    >>> best_waiting_fan(parse_hand("1122334455667m")), best_waiting_fan(parse_hand("1111m"))
    (4, None)
    """
    held = counts34(hand.all_tiles())
    top: int | None = None
    for k in range(27):
        if held[k] >= 4:
            continue
        done = Hand((*hand.concealed, k), hand.melds)
        if table.missing_suit and holds_three_suits(done):
            continue
        found = best_fan(done, tsumo=False, table=table, bonus=False)
        if found is not None and (top is None or found.fan > top):
            top = found.fan
    return top

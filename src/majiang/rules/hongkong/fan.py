"""The Hong Kong fan patterns as a table: id, name, value and one predicate ``applies(ctx)``.

Read it next to shared/rules/hongkong.md "Fan": every row of the spec's table is a row here, in
the same order. Values are additive; a pattern lists the ids it ``replaces`` when one contains
the other (the spec's only such case among the hand patterns is full flush over half flush,
which their definitions already keep apart; the flower patterns of ``hkos`` use it). A
``limit`` pattern is one of the spec's 10-fan hands: it is worth the cap (``max_fan``) whatever
else the hand has.

>>> from majiang.scoring import ScoreRequest
>>> from majiang.rules.hongkong.context import win_contexts
>>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "999p11155577z", "melds": ["pon 111m"],
...                               "win_tile": "7z", "win": "tsumo"})
>>> [(i.id, i.value) for i in count_fan(HK_PATTERNS, win_contexts(req)[0])]
[('self_drawn', 1), ('white_dragon_pung', 1), ('seat_wind_pung', 1), ('round_wind_pung', 1), ('terminals_and_honors', 1), ('all_pungs', 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from majiang.rules.hongkong.context import WinContext
from majiang.scoring import Item
from majiang.tiles import BONUS, DRAGONS, FLOWERS, GREEN, RED, SEASONS, WHITE, WINDS

Predicate = Callable[[WinContext], bool]
Value = int | Callable[[WinContext], int]


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern: a stable snake_case ``id``, a display ``name``, its fan ``value``
    (a number, or a function of the context for values a table option sets), the predicate,
    the ids it replaces, and whether it is a 10-fan (limit) hand."""

    id: str
    name: str
    value: Value
    applies: Predicate
    replaces: tuple[str, ...] = ()
    limit: bool = False

    def fan(self, ctx: WinContext) -> int:
        """Return the pattern's value for this win (a limit hand is worth the cap)."""
        if self.limit:
            return ctx.max_fan
        return self.value if isinstance(self.value, int) else self.value(ctx)


# -- predicates, in the order of the spec's table ----------------------------------------------


def all_chows(ctx: WinContext) -> bool:
    """Four chows and a pair, no pung or kong (bonus tiles do not spoil it)."""
    return ctx.form == "standard" and len(ctx.chows) == 4


def concealed_hand(ctx: WinContext) -> bool:
    """No claimed set; here a concealed kong counts as open, the winning tile never does."""
    return ctx.is_concealed


def self_drawn(ctx: WinContext) -> bool:
    """The winning tile was drawn, not claimed."""
    return ctx.tsumo


def dragon_pung(dragon: int) -> Predicate:
    """Return the predicate "a pung or kong of this dragon"."""
    return lambda ctx: ctx.pung_of(dragon)


def seat_wind_pung(ctx: WinContext) -> bool:
    """A pung or kong of the seat wind (with the round wind's: 2 when both are that wind)."""
    return ctx.pung_of(ctx.seat_wind)


def round_wind_pung(ctx: WinContext) -> bool:
    """A pung or kong of the round wind."""
    return ctx.pung_of(ctx.round_wind)


def all_pungs(ctx: WinContext) -> bool:
    """Four pungs or kongs and a pair."""
    return ctx.form == "standard" and len(ctx.pungs) == 4


def terminals_and_honors(ctx: WinContext) -> bool:
    """An all-pung hand of 1s, 9s and honors, both kinds present (adds to all pungs).

    With honors only it is all honors, with terminals only all terminals: both 10-fan hands.
    """
    only = all(k >= 27 or k % 9 in (0, 8) for k in ctx.kinds)
    return all_pungs(ctx) and only and ctx.has_honors and ctx.has_terminals


def situation(name: str) -> Predicate:
    """Return the predicate "the request names this situation"."""
    return lambda ctx: name in ctx.situation


def half_flush(ctx: WinContext) -> bool:
    """One suit plus honors."""
    return len(ctx.suits) == 1 and ctx.has_honors


def small_three_dragons(ctx: WinContext) -> bool:
    """Two dragon sets and a pair of the third dragon (its two dragon sets count on top)."""
    return ctx.dragon_sets == 2 and ctx.pair in DRAGONS


def big_three_dragons(ctx: WinContext) -> bool:
    """Three dragon sets (they count on top: 8 in all)."""
    return ctx.dragon_sets == 3


def full_flush(ctx: WinContext) -> bool:
    """One suit, no honors."""
    return len(ctx.suits) == 1 and not ctx.has_honors


def all_honors(ctx: WinContext) -> bool:
    """Winds and dragons only."""
    return not ctx.suits


def small_four_winds(ctx: WinContext) -> bool:
    """Three wind sets and a wind pair."""
    return ctx.wind_sets == 3 and ctx.pair in WINDS


def big_four_winds(ctx: WinContext) -> bool:
    """Four wind sets."""
    return ctx.wind_sets == 4


def four_concealed_pungs(ctx: WinContext) -> bool:
    """Four concealed pungs and no kong; a pung completed by the winning discard is exposed."""
    return (
        ctx.form == "standard" and not ctx.kongs and sum(1 for s in ctx.pungs if s.concealed) == 4
    )


def four_kongs(ctx: WinContext) -> bool:
    """Four kongs, open or concealed."""
    return len(ctx.kongs) == 4


def all_terminals(ctx: WinContext) -> bool:
    """1s and 9s only."""
    return ctx.form == "standard" and all(k < 27 and k % 9 in (0, 8) for k in ctx.kinds)


def thirteen_orphans(ctx: WinContext) -> bool:
    """One of each terminal and honor, one of them paired."""
    return ctx.form == "thirteen_orphans"


NINE_GATES_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates(ctx: WinContext) -> bool:
    """Concealed 1112345678999 of one suit plus any tile of that suit."""
    if ctx.melds or len(ctx.suits) != 1 or ctx.has_honors:
        return False
    (s,) = ctx.suits
    extra = [n - b for n, b in zip(ctx.counts[9 * s : 9 * s + 9], NINE_GATES_BASE, strict=True)]
    return min(extra) >= 0 and sum(extra) == 1


# -- the table -----------------------------------------------------------------------------

HK_PATTERNS: tuple[Pattern, ...] = (
    Pattern("all_chows", "All chows", 1, all_chows),
    Pattern("concealed_hand", "Concealed hand", 1, concealed_hand),
    Pattern("self_drawn", "Self-drawn", 1, self_drawn),
    Pattern("white_dragon_pung", "White dragon pung", 1, dragon_pung(WHITE)),
    Pattern("green_dragon_pung", "Green dragon pung", 1, dragon_pung(GREEN)),
    Pattern("red_dragon_pung", "Red dragon pung", 1, dragon_pung(RED)),
    Pattern("seat_wind_pung", "Seat wind pung", 1, seat_wind_pung),
    Pattern("round_wind_pung", "Round wind pung", 1, round_wind_pung),
    Pattern("terminals_and_honors", "Terminals and honors", 1, terminals_and_honors),
    Pattern("robbing_kong", "Robbing a kong", 1, situation("robbing_kong")),
    Pattern("kong_replacement", "Win on a kong replacement", 1, situation("kong_replacement")),
    Pattern("last_tile", "Win on the last tile", 1, situation("last_tile")),
    Pattern("half_flush", "Half flush", 3, half_flush),
    Pattern("all_pungs", "All pungs", 3, all_pungs),
    Pattern("small_three_dragons", "Small three dragons", 3, small_three_dragons),
    Pattern("big_three_dragons", "Big three dragons", 5, big_three_dragons),
    Pattern("full_flush", "Full flush", 7, full_flush, replaces=("half_flush",)),
    Pattern("all_honors", "All honors", 10, all_honors, limit=True),
    Pattern("small_four_winds", "Small four winds", 10, small_four_winds, limit=True),
    Pattern("big_four_winds", "Big four winds", 10, big_four_winds, limit=True),
    Pattern("four_concealed_pungs", "Four concealed pungs", 10, four_concealed_pungs, limit=True),
    Pattern("four_kongs", "Four kongs", 10, four_kongs, limit=True),
    Pattern("all_terminals", "All terminals", 10, all_terminals, limit=True),
    Pattern("heavenly_hand", "Heavenly hand", 10, situation("heavenly"), limit=True),
    Pattern("earthly_hand", "Earthly hand", 10, situation("earthly"), limit=True),
    Pattern("thirteen_orphans", "Thirteen orphans", 10, thirteen_orphans, limit=True),
    Pattern("consecutive_kongs", "Kong on kong", 10, situation("consecutive_kongs"), limit=True),
    Pattern("nine_gates", "Nine gates", 10, nine_gates, limit=True),
)


# -- hkos: flowers and seasons (hongkong.md "hkos", every value a table option) -------------


def _seat_bonus(group: tuple[int, ...]) -> Predicate:
    return lambda ctx: group[ctx.req.seat_wind] in ctx.bonus


def _full_set(group: tuple[int, ...]) -> Predicate:
    return lambda ctx: all(t in ctx.bonus for t in group)


def _option(name: str) -> Callable[[WinContext], int]:
    def value(ctx: WinContext) -> int:
        fan: int = ctx.rules[name]
        return fan

    return value


def no_bonus_tiles(ctx: WinContext) -> bool:
    """No flower or season at all, when the table's ``no_flower_fan`` is on."""
    return not ctx.bonus and bool(ctx.rules["no_flower_fan"])


BONUS_PATTERNS: tuple[Pattern, ...] = (
    Pattern("seat_flower", "Seat flower", _option("seat_flower_fan"), _seat_bonus(FLOWERS)),
    Pattern("seat_season", "Seat season", _option("seat_flower_fan"), _seat_bonus(SEASONS)),
    Pattern(
        "four_flowers",
        "Four flowers",
        _option("flower_set_fan"),
        _full_set(FLOWERS),
        replaces=("seat_flower",),
    ),
    Pattern(
        "four_seasons",
        "Four seasons",
        _option("flower_set_fan"),
        _full_set(SEASONS),
        replaces=("seat_season",),
    ),
    Pattern(
        "all_bonus_tiles",
        "All eight flowers and seasons",
        _option("all_flowers_fan"),
        _full_set(BONUS),
        replaces=("seat_flower", "seat_season", "four_flowers", "four_seasons"),
    ),
    Pattern("no_bonus_tiles", "No flowers", 1, no_bonus_tiles),
)

HKOS_PATTERNS: tuple[Pattern, ...] = HK_PATTERNS + BONUS_PATTERNS


def count_fan(patterns: Sequence[Pattern], ctx: WinContext) -> list[Item]:
    """Return the items of every pattern that applies, less those another one replaces.

    A pattern whose value a table option set to 0 is left out.
    """
    hits = [p for p in patterns if p.applies(ctx)]
    replaced = {r for p in hits for r in p.replaces}
    items = [Item(p.id, p.name, p.fan(ctx)) for p in hits if p.id not in replaced]
    return [i for i in items if i.value]


def pattern_ids(patterns: Sequence[Pattern]) -> list[str]:
    """Return the ids of a pattern table, in order.

    >>> pattern_ids(HK_PATTERNS)[:3]
    ['all_chows', 'concealed_hand', 'self_drawn']
    """
    return [p.id for p in patterns]

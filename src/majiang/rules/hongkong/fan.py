"""The Hong Kong fan patterns as a table: id, name, value and one predicate ``applies(ctx)``.

Read it next to shared/rules/hongkong.md "Fan": every row of the spec's table is a row here, in
the same order. Values are additive; a pattern lists the ids it ``replaces`` when one contains
the other (the spec's only such case among the hand patterns is full flush over half flush,
which their definitions already keep apart; the flower patterns of ``hkos`` use it). The spec's
10-fan hands are worth the cap (value ``at_cap``: ``max_fan``) whatever else the hand has.
``Pattern``, ``count`` and the readings are the pattern core's (``majiang.patterns``).

>>> from majiang.scoring import ScoreRequest
>>> from majiang.patterns import count_valued
>>> from majiang.rules.hongkong.context import win_contexts
>>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "999p11155577z", "melds": ["pon 111m"],
...                               "win_tile": "7z", "win": "tsumo"})
>>> [(i.id, i.value) for i in count_valued(HK_PATTERNS, win_contexts(req)[0])]
[('self_drawn', 1), ('white_dragon_pung', 1), ('seat_wind_pung', 1), ('round_wind_pung', 1), ('terminals_and_honors', 1), ('all_pungs', 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from majiang.patterns import Pattern as CorePattern
from majiang.patterns import (
    all_honors,
    all_terminals,
    big_four_winds,
    big_three_dragons,
    four_kongs,
    full_bonus_set,
    full_flush,
    half_flush,
    nine_gates,
    pung_of,
    round_wind_pung,
    seat_bonus,
    seat_wind_pung,
    situation,
    small_four_winds,
    small_three_dragons,
)
from majiang.rules.hongkong.context import HongKongContext
from majiang.rules.hongkong.payments import OldStyleOptions
from majiang.tiles import BONUS, FLOWERS, GREEN, RED, SEASONS, WHITE

Predicate = Callable[[HongKongContext], bool]
#: a row of a Hong Kong table: its value a number of fan, or a function of the context for
#: values a table option sets (``at_cap`` for the 10-fan hands)
Pattern = CorePattern[HongKongContext]


def at_cap(ctx: HongKongContext) -> int:
    """Return the table's cap (``max_fan``): the value of every 10-fan (limit) hand."""
    return ctx.options.max_fan


# -- predicates, in the order of the spec's table ----------------------------------------------


def all_chows(ctx: HongKongContext) -> bool:
    """Four chows and a pair, no pung or kong (bonus tiles do not spoil it)."""
    return ctx.form == "standard" and len(ctx.chows) == 4


def concealed_hand(ctx: HongKongContext) -> bool:
    """No claimed set; here a concealed kong counts as open, the winning tile never does."""
    return not ctx.melds


def self_drawn(ctx: HongKongContext) -> bool:
    """The winning tile was drawn, not claimed."""
    return ctx.tsumo


def all_pungs(ctx: HongKongContext) -> bool:
    """Four pungs or kongs and a pair."""
    return ctx.all_pungs


def terminals_and_honors(ctx: HongKongContext) -> bool:
    """An all-pung hand of 1s, 9s and honors, both kinds present (adds to all pungs).

    With honors only it is all honors, with terminals only all terminals: both 10-fan hands.
    """
    return ctx.all_pungs and not ctx.has_simples and ctx.has_honors and ctx.has_terminals


def four_concealed_pungs(ctx: HongKongContext) -> bool:
    """Four concealed pungs and no kong; a pung completed by the winning discard is exposed."""
    return ctx.form == "standard" and not ctx.kongs and ctx.concealed_pungs == 4


def thirteen_orphans(ctx: HongKongContext) -> bool:
    """One of each terminal and honor, one of them paired."""
    return ctx.form == "thirteen_orphans"


# -- the table -----------------------------------------------------------------------------

HK_PATTERNS: tuple[Pattern, ...] = (
    Pattern("all_chows", "All chows", 1, all_chows),
    Pattern("concealed_hand", "Concealed hand", 1, concealed_hand),
    Pattern("self_drawn", "Self-drawn", 1, self_drawn),
    Pattern("white_dragon_pung", "White dragon pung", 1, pung_of(WHITE)),
    Pattern("green_dragon_pung", "Green dragon pung", 1, pung_of(GREEN)),
    Pattern("red_dragon_pung", "Red dragon pung", 1, pung_of(RED)),
    # a wind both seat and round counts 2: both rows apply
    Pattern("seat_wind_pung", "Seat wind pung", 1, seat_wind_pung),
    Pattern("round_wind_pung", "Round wind pung", 1, round_wind_pung),
    Pattern("terminals_and_honors", "Terminals and honors", 1, terminals_and_honors),
    Pattern("robbing_kong", "Robbing a kong", 1, situation("robbing_kong")),
    Pattern("kong_replacement", "Win on a kong replacement", 1, situation("kong_replacement")),
    Pattern("last_tile", "Win on the last tile", 1, situation("last_tile")),
    Pattern("half_flush", "Half flush", 3, half_flush),
    Pattern("all_pungs", "All pungs", 3, all_pungs),
    # the dragon pungs count on top (big three dragons: 5 + 3 = 8 in all)
    Pattern("small_three_dragons", "Small three dragons", 3, small_three_dragons),
    Pattern("big_three_dragons", "Big three dragons", 5, big_three_dragons),
    Pattern("full_flush", "Full flush", 7, full_flush, replaces=("half_flush",)),
    Pattern("all_honors", "All honors", at_cap, all_honors),
    Pattern("small_four_winds", "Small four winds", at_cap, small_four_winds),
    Pattern("big_four_winds", "Big four winds", at_cap, big_four_winds),
    Pattern("four_concealed_pungs", "Four concealed pungs", at_cap, four_concealed_pungs),
    Pattern("four_kongs", "Four kongs", at_cap, four_kongs),
    Pattern("all_terminals", "All terminals", at_cap, all_terminals),
    Pattern("heavenly_hand", "Heavenly hand", at_cap, situation("heavenly")),
    Pattern("earthly_hand", "Earthly hand", at_cap, situation("earthly")),
    Pattern("thirteen_orphans", "Thirteen orphans", at_cap, thirteen_orphans),
    Pattern("consecutive_kongs", "Kong on kong", at_cap, situation("consecutive_kongs")),
    Pattern("nine_gates", "Nine gates", at_cap, nine_gates),
)


# -- hkos: flowers and seasons (hongkong.md "hkos", every value a table option) -------------


def _option(read: Callable[[OldStyleOptions], int]) -> Callable[[HongKongContext], int]:
    """Return the value of a flower row: the fan ``read`` of the hkos table's options."""

    def value(ctx: HongKongContext) -> int:
        return read(OldStyleOptions.of(ctx.options))

    return value


def no_bonus_tiles(ctx: HongKongContext) -> bool:
    """No flower or season at all, when the table's ``no_flower_fan`` is on."""
    return not ctx.bonus and OldStyleOptions.of(ctx.options).no_flower_fan


BONUS_PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "seat_flower", "Seat flower", _option(lambda o: o.seat_flower_fan), seat_bonus(FLOWERS)
    ),
    Pattern(
        "seat_season", "Seat season", _option(lambda o: o.seat_flower_fan), seat_bonus(SEASONS)
    ),
    Pattern(
        "four_flowers",
        "Four flowers",
        _option(lambda o: o.flower_set_fan),
        full_bonus_set(FLOWERS),
        replaces=("seat_flower",),
    ),
    Pattern(
        "four_seasons",
        "Four seasons",
        _option(lambda o: o.flower_set_fan),
        full_bonus_set(SEASONS),
        replaces=("seat_season",),
    ),
    Pattern(
        "all_bonus_tiles",
        "All eight flowers and seasons",
        _option(lambda o: o.all_flowers_fan),
        full_bonus_set(BONUS),
        replaces=("seat_flower", "seat_season", "four_flowers", "four_seasons"),
    ),
    Pattern("no_bonus_tiles", "No flowers", 1, no_bonus_tiles),
)

HKOS_PATTERNS: tuple[Pattern, ...] = HK_PATTERNS + BONUS_PATTERNS


def pattern_ids(patterns: Sequence[Pattern]) -> list[str]:
    """Return the ids of a pattern table, in order.

    >>> pattern_ids(HK_PATTERNS)[:3]
    ['all_chows', 'concealed_hand', 'self_drawn']
    """
    return [p.id for p in patterns]

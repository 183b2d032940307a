"""The tai table of Taiwan 16-tile mahjong, read like the rule page (shared/rules/taiwan.md).

Each ``Tai`` is a row of the pattern core (``majiang.patterns.Pattern``) with one signature,
``applies(ctx) -> bool``; "1 tai each" items are one row per tile (``dragon_white``,
``dragon_green``...). A row's ``replaces`` is its stacking rule: an item that applies removes
the items it includes, unless the option of its ``stacks`` is on (``REPLACES`` lists them).

>>> [t.id for t in PATTERNS][:4]
['closed_hand', 'closed_self_draw', 'self_draw', 'all_chows']
>>> sum(1 for t in PATTERNS if t.value == 16)
5
"""

from __future__ import annotations

from majiang.patterns import (
    Pattern,
    WinContext,
    all_honors,
    big_four_winds,
    big_three_dragons,
    count,
    full_bonus_set,
    full_flush,
    half_flush,
    pung_of,
    round_wind_pung,
    seat_bonus,
    seat_wind_pung,
    situation,
)
from majiang.rules.taiwan.options import TaiwanOptions
from majiang.scoring import Item
from majiang.tiles import BONUS, DRAGONS, FLOWERS, SEASONS, WINDS

SITUATIONAL = ("last_tile", "last_discard", "kong_replacement", "robbing_kong")

#: what a tai pattern reads: one reading, the win, the table's options and the waits
TaiwanContext = WinContext[TaiwanOptions]
#: one row of the tai table: id, display name, value, when it applies, what it includes
Tai = Pattern[TaiwanContext]


def _all_chows(c: TaiwanContext) -> bool:
    return (
        c.form == "standard"
        and all(s.kind == "chow" for s in c.sets)
        and not c.has_honors
        and not c.bonus
        and not c.tsumo
        and c.wait == "two_sided"
    )


def _fully_open(c: TaiwanContext) -> bool:
    return not c.tsumo and sum(1 for s in c.sets if s.claimed) == 5


def _little_three_dragons(c: TaiwanContext) -> bool:
    return c.dragon_pungs == 2 and any(p in DRAGONS for p in c.reading.pairs)


def _little_four_winds(c: TaiwanContext) -> bool:
    return c.wind_pungs == 3 and any(p in WINDS for p in c.reading.pairs)


def _closed_self_draw(c: TaiwanContext) -> bool:
    # lik gu lik gu already includes the closed hand: its self-draw adds only the 1 of self_draw
    return c.closed and c.tsumo and c.form != "lik_gu"


_DRAGON_IDS = ("dragon_white", "dragon_green", "dragon_red")
_WIND_IDS = ("round_wind", "seat_wind")
_FLOWER_IDS = ("seat_flower", "seat_season", "flower_set", "season_set")
_SELF_DRAW_AND_WAIT = ("closed_hand", "closed_self_draw", "self_draw", "single_wait")


#: the table, in the order of the rule page
PATTERNS: tuple[Tai, ...] = (
    Tai("closed_hand", "Closed hand", 1, lambda c: c.closed),
    Tai(
        "closed_self_draw",
        "Closed self-draw",
        3,
        _closed_self_draw,
        replaces=("closed_hand", "self_draw"),
    ),
    Tai("self_draw", "Self-drawn", 1, lambda c: c.tsumo),
    Tai("all_chows", "All chows (ping hu)", 2, _all_chows),
    Tai(
        "fully_open_hand",
        "Fully open hand (quan qiu ren)",
        2,
        _fully_open,
        replaces=("single_wait",),
    ),
    Tai("all_pungs", "All pungs", 4, lambda c: c.all_pungs),
    Tai("three_concealed_pungs", "Three concealed pungs", 2, lambda c: c.concealed_pungs == 3),
    Tai("four_concealed_pungs", "Four concealed pungs", 5, lambda c: c.concealed_pungs == 4),
    Tai("five_concealed_pungs", "Five concealed pungs", 8, lambda c: c.concealed_pungs == 5),
    Tai("dragon_white", "White dragon pung", 1, pung_of(DRAGONS[0])),
    Tai("dragon_green", "Green dragon pung", 1, pung_of(DRAGONS[1])),
    Tai("dragon_red", "Red dragon pung", 1, pung_of(DRAGONS[2])),
    Tai(
        "little_three_dragons",
        "Little three dragons",
        4,
        _little_three_dragons,
        replaces=_DRAGON_IDS,
        stacks=lambda c: c.options.stack_dragon_tai,
    ),
    Tai(
        "big_three_dragons",
        "Big three dragons",
        8,
        big_three_dragons,
        replaces=_DRAGON_IDS,
        stacks=lambda c: c.options.stack_dragon_tai,
    ),
    Tai("round_wind", "Round wind pung", 1, round_wind_pung),
    Tai("seat_wind", "Seat wind pung", 1, seat_wind_pung),
    Tai(
        "little_four_winds",
        "Little four winds",
        8,
        _little_four_winds,
        replaces=_WIND_IDS,
        stacks=lambda c: c.options.stack_wind_tai,
    ),
    Tai(
        "big_four_winds",
        "Big four winds",
        16,
        big_four_winds,
        replaces=_WIND_IDS,
        stacks=lambda c: c.options.stack_wind_tai,
    ),
    Tai("half_flush", "Half flush", 4, half_flush),
    Tai("full_flush", "Full flush", 8, full_flush),
    Tai("all_honors", "All honors", 16, all_honors),
    Tai("seat_flower", "Own flower", 1, seat_bonus(FLOWERS)),
    Tai("seat_season", "Own season", 1, seat_bonus(SEASONS)),
    Tai("flower_set", "Four flowers", 2, full_bonus_set(FLOWERS), replaces=("seat_flower",)),
    Tai("season_set", "Four seasons", 2, full_bonus_set(SEASONS), replaces=("seat_season",)),
    Tai("single_wait", "Single wait", 1, lambda c: len(c.waits) == 1),
    Tai("last_tile", "Self-drawn last tile", 1, situation("last_tile")),
    Tai("last_discard", "Won on the last discard", 1, situation("last_discard")),
    Tai(
        "kong_replacement",
        "Won on a kong replacement",
        1,
        situation("kong_replacement"),
    ),
    Tai("robbing_kong", "Robbing a kong", 1, situation("robbing_kong")),
    Tai(
        "lik_gu_lik_gu",
        "Lik gu lik gu",
        8,
        lambda c: c.form == "lik_gu",
        replaces=("closed_hand", "single_wait"),
    ),
    Tai(
        "heavenly_hand",
        "Heavenly hand",
        16,
        situation("heavenly"),
        replaces=_SELF_DRAW_AND_WAIT,
    ),
    Tai(
        "earthly_hand",
        "Earthly hand",
        16,
        situation("earthly"),
        replaces=_SELF_DRAW_AND_WAIT,
    ),
    Tai(
        "human_hand",
        "Human hand",
        16,
        situation("human"),
        replaces=_SELF_DRAW_AND_WAIT,
    ),
    # options beyond the seed, off by default
    Tai(
        "eight_flowers",
        "Eight bonus tiles",
        8,
        lambda c: (
            c.options.eight_flowers
            and full_bonus_set(BONUS)(c)
            and "robbing_flower" not in c.situation
        ),
        replaces=_FLOWER_IDS,
    ),
    Tai(
        "seven_rob_eighth",
        "Seven bonus tiles robbing the eighth",
        8,
        situation("robbing_flower"),
        replaces=_FLOWER_IDS,
    ),
    Tai(
        "flower_replacement",
        "Won on a bonus tile's replacement",
        1,
        lambda c: c.options.flower_replacement_win and "flower_replacement" in c.situation,
    ),
)

BY_ID: dict[str, Tai] = {t.id: t for t in PATTERNS}

#: the stacking rules of the rule page: an item and the items it includes (they do not count
#: beside it, unless the option the row names lets them stack)
REPLACES: dict[str, tuple[str, ...]] = {t.id: t.replaces for t in PATTERNS if t.replaces}


def count_tai(ctx: TaiwanContext) -> list[Item]:
    """Return the items of one reading, after the stacking rules, in table order."""
    return count(PATTERNS, ctx)

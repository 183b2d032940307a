"""The tai table of Taiwan 16-tile mahjong, read like the rule page (shared/rules/taiwan.md).

Each ``Tai`` is a pattern with one signature, ``applies(ctx) -> bool``; "1 tai each" items are
one row per tile (``dragon_white``, ``dragon_green``...). ``REPLACES`` holds the stacking rules:
an item that applies removes the items it includes, unless the named option stacks them.

>>> [t.id for t in PATTERNS][:4]
['closed_hand', 'closed_self_draw', 'self_draw', 'all_chows']
>>> sum(1 for t in PATTERNS if t.value == 16)
5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from majiang.rules.taiwan.readings import Reading
from majiang.scoring import Item
from majiang.tiles import BONUS, DRAGONS, FLOWERS, SEASONS, WINDS, is_honor

SITUATIONAL = ("last_tile", "last_discard", "kong_replacement", "robbing_kong")


@dataclass(frozen=True)
class WinContext:
    """What every pattern may look at: one reading of the hand and the facts of the win."""

    reading: Reading
    #: every ordinary kind of the hand, melds included (kongs with four)
    tiles: tuple[int, ...]
    tsumo: bool
    #: no chow, pung or open kong claimed (concealed kongs allowed)
    closed: bool
    seat_wind: int
    round_wind: int
    bonus: frozenset[int]
    situation: frozenset[str]
    rules: Mapping[str, Any]
    #: the kinds that completed the hand before the win
    waits: tuple[int, ...]

    @property
    def pungs(self) -> list[int]:
        """Return the kinds of the pungs and kongs."""
        return [s.tile for s in self.reading.sets if s.kind == "pung"]

    @property
    def concealed_pungs(self) -> int:
        """Return how many pungs count as concealed (concealed kongs included)."""
        return sum(1 for s in self.reading.sets if s.kind == "pung" and s.concealed)

    @property
    def suits(self) -> set[int]:
        """Return the suits (0 m, 1 p, 2 s) of the hand's number tiles."""
        return {t // 9 for t in self.tiles if not is_honor(t)}

    @property
    def has_honors(self) -> bool:
        """Return whether the hand holds a wind or dragon."""
        return any(is_honor(t) for t in self.tiles)


@dataclass(frozen=True)
class Tai:
    """One row of the tai table: id, display name, value, and when it applies."""

    id: str
    name: str
    value: int
    applies: Callable[[WinContext], bool]


def _all_chows(c: WinContext) -> bool:
    r = c.reading
    return (
        not r.lik_gu
        and all(s.kind == "chow" for s in r.sets)
        and not c.has_honors
        and not c.bonus
        and not c.tsumo
        and r.two_sided
    )


def _fully_open(c: WinContext) -> bool:
    return not c.tsumo and sum(1 for s in c.reading.sets if s.claimed) == 5


def _dragon(tile: int) -> Callable[[WinContext], bool]:
    return lambda c: tile in c.pungs


def _dragon_pungs(c: WinContext) -> int:
    return sum(1 for d in DRAGONS if d in c.pungs)


def _wind_pungs(c: WinContext) -> int:
    return sum(1 for w in WINDS if w in c.pungs)


def _little_three_dragons(c: WinContext) -> bool:
    return _dragon_pungs(c) == 2 and any(p in DRAGONS for p in c.reading.pairs)


def _little_four_winds(c: WinContext) -> bool:
    return _wind_pungs(c) == 3 and any(p in WINDS for p in c.reading.pairs)


def _own_bonus(base: int) -> Callable[[WinContext], bool]:
    return lambda c: base + c.seat_wind in c.bonus


def _closed_self_draw(c: WinContext) -> bool:
    # lik gu lik gu already includes the closed hand: its self-draw adds only the 1 of self_draw
    return c.closed and c.tsumo and not c.reading.lik_gu


#: the table, in the order of the rule page
PATTERNS: tuple[Tai, ...] = (
    Tai("closed_hand", "Closed hand", 1, lambda c: c.closed),
    Tai("closed_self_draw", "Closed self-draw", 3, _closed_self_draw),
    Tai("self_draw", "Self-drawn", 1, lambda c: c.tsumo),
    Tai("all_chows", "All chows (ping hu)", 2, _all_chows),
    Tai("fully_open_hand", "Fully open hand (quan qiu ren)", 2, _fully_open),
    Tai("all_pungs", "All pungs", 4, lambda c: len(c.pungs) == 5),
    Tai("three_concealed_pungs", "Three concealed pungs", 2, lambda c: c.concealed_pungs == 3),
    Tai("four_concealed_pungs", "Four concealed pungs", 5, lambda c: c.concealed_pungs == 4),
    Tai("five_concealed_pungs", "Five concealed pungs", 8, lambda c: c.concealed_pungs == 5),
    Tai("dragon_white", "White dragon pung", 1, _dragon(DRAGONS[0])),
    Tai("dragon_green", "Green dragon pung", 1, _dragon(DRAGONS[1])),
    Tai("dragon_red", "Red dragon pung", 1, _dragon(DRAGONS[2])),
    Tai("little_three_dragons", "Little three dragons", 4, _little_three_dragons),
    Tai("big_three_dragons", "Big three dragons", 8, lambda c: _dragon_pungs(c) == 3),
    Tai("round_wind", "Round wind pung", 1, lambda c: WINDS[c.round_wind] in c.pungs),
    Tai("seat_wind", "Seat wind pung", 1, lambda c: WINDS[c.seat_wind] in c.pungs),
    Tai("little_four_winds", "Little four winds", 8, _little_four_winds),
    Tai("big_four_winds", "Big four winds", 16, lambda c: _wind_pungs(c) == 4),
    Tai("half_flush", "Half flush", 4, lambda c: len(c.suits) == 1 and c.has_honors),
    Tai("full_flush", "Full flush", 8, lambda c: len(c.suits) == 1 and not c.has_honors),
    Tai("all_honors", "All honors", 16, lambda c: not c.suits),
    Tai("seat_flower", "Own flower", 1, _own_bonus(FLOWERS[0])),
    Tai("seat_season", "Own season", 1, _own_bonus(SEASONS[0])),
    Tai("flower_set", "Four flowers", 2, lambda c: set(FLOWERS) <= c.bonus),
    Tai("season_set", "Four seasons", 2, lambda c: set(SEASONS) <= c.bonus),
    Tai("single_wait", "Single wait", 1, lambda c: len(c.waits) == 1),
    Tai("last_tile", "Self-drawn last tile", 1, lambda c: "last_tile" in c.situation),
    Tai("last_discard", "Won on the last discard", 1, lambda c: "last_discard" in c.situation),
    Tai(
        "kong_replacement",
        "Won on a kong replacement",
        1,
        lambda c: "kong_replacement" in c.situation,
    ),
    Tai("robbing_kong", "Robbing a kong", 1, lambda c: "robbing_kong" in c.situation),
    Tai("lik_gu_lik_gu", "Lik gu lik gu", 8, lambda c: c.reading.lik_gu),
    Tai("heavenly_hand", "Heavenly hand", 16, lambda c: "heavenly" in c.situation),
    Tai("earthly_hand", "Earthly hand", 16, lambda c: "earthly" in c.situation),
    Tai("human_hand", "Human hand", 16, lambda c: "human" in c.situation),
    # options beyond the seed, off by default
    Tai(
        "eight_flowers",
        "Eight bonus tiles",
        8,
        lambda c: (
            bool(c.rules["eight_flowers"])
            and set(BONUS) <= c.bonus
            and "robbing_flower" not in c.situation
        ),
    ),
    Tai(
        "seven_rob_eighth",
        "Seven bonus tiles robbing the eighth",
        8,
        lambda c: "robbing_flower" in c.situation,
    ),
    Tai(
        "flower_replacement",
        "Won on a bonus tile's replacement",
        1,
        lambda c: bool(c.rules["flower_replacement_win"]) and "flower_replacement" in c.situation,
    ),
)

BY_ID: dict[str, Tai] = {t.id: t for t in PATTERNS}

_DRAGON_IDS = ("dragon_white", "dragon_green", "dragon_red")
_WIND_IDS = ("round_wind", "seat_wind")
_FLOWER_IDS = ("seat_flower", "seat_season", "flower_set", "season_set")
_SELF_DRAW_AND_WAIT = ("closed_hand", "closed_self_draw", "self_draw", "single_wait")


@dataclass(frozen=True)
class Replaces:
    """A stacking rule: when ``item`` counts, ``removed`` do not, unless option ``unless`` is on."""

    item: str
    removed: tuple[str, ...]
    unless: str | None = None


#: the stacking rules of the rule page, in one place
REPLACES: tuple[Replaces, ...] = (
    Replaces("closed_self_draw", ("closed_hand", "self_draw")),
    Replaces("fully_open_hand", ("single_wait",)),
    Replaces("little_three_dragons", _DRAGON_IDS, unless="stack_dragon_tai"),
    Replaces("big_three_dragons", _DRAGON_IDS, unless="stack_dragon_tai"),
    Replaces("little_four_winds", _WIND_IDS, unless="stack_wind_tai"),
    Replaces("big_four_winds", _WIND_IDS, unless="stack_wind_tai"),
    Replaces("flower_set", ("seat_flower",)),
    Replaces("season_set", ("seat_season",)),
    Replaces("lik_gu_lik_gu", ("closed_hand", "single_wait")),
    Replaces("heavenly_hand", _SELF_DRAW_AND_WAIT),
    Replaces("earthly_hand", _SELF_DRAW_AND_WAIT),
    Replaces("human_hand", _SELF_DRAW_AND_WAIT),
    Replaces("eight_flowers", _FLOWER_IDS),
    Replaces("seven_rob_eighth", _FLOWER_IDS),
)


def apply_stacking(ids: list[str], rules: Mapping[str, Any]) -> list[str]:
    """Return the ids that remain once every stacking rule has removed what it includes.

    >>> apply_stacking(["dragon_red", "dragon_green", "little_three_dragons"], {"stack_dragon_tai": False})
    ['little_three_dragons']
    >>> apply_stacking(["dragon_red", "dragon_green", "little_three_dragons"], {"stack_dragon_tai": True})
    ['dragon_red', 'dragon_green', 'little_three_dragons']
    """
    removed: set[str] = set()
    for rule in REPLACES:
        if rule.item in ids and not (rule.unless and rules.get(rule.unless)):
            removed.update(rule.removed)
    return [i for i in ids if i not in removed]


def count_tai(ctx: WinContext) -> list[Item]:
    """Return the items of one reading, after the stacking rules, in table order."""
    ids = apply_stacking([t.id for t in PATTERNS if t.applies(ctx)], ctx.rules)
    return [Item(i, BY_ID[i].name, BY_ID[i].value) for i in ids]

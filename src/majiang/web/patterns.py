"""The pattern tables the rules pages show, read from the rulesets' own tables (never copied).

Each variant keeps its patterns as data (``YAKU`` in riichi, ``HK_PATTERNS`` in Hong Kong,
``PATTERNS`` in Taiwan and Sichuan); ``pattern_table(variant)`` turns them into rows a player
reads: a group, the stable id, the display name and the value as a player says it
("2 / 1 open", "limit", "1 each"). What a pattern asks for, in a player's words, and its
example hand are the rules page's own (``web/rules/<variant>.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace
from typing import Any

from majiang.rules import get_ruleset


@dataclass(frozen=True)
class Row:
    """One row of a pattern table as players read it."""

    group: str
    id: str
    name: str
    value: str


def _riichi_rows() -> list[Row]:
    from majiang.rules.riichi.yaku import YAKU, YAKUMAN

    closed_hand: Any = SimpleNamespace(closed=True)
    open_hand: Any = SimpleNamespace(closed=False)
    rows: list[Row] = []
    for y in YAKU:
        closed, open_ = y.value_of(closed_hand), y.value_of(open_hand)
        if open_ == 0:
            value = f"{closed} (closed only)"
        elif open_ == closed:
            value = str(closed)
        else:
            value = f"{closed} / {open_} open"
        rows.append(Row("Yaku (han)", y.id, y.name, value))
    rows.append(Row("Dora (han, never a yaku)", "dora", "Dora", "1 each"))
    rows.append(Row("Dora (han, never a yaku)", "ura_dora", "Ura dora (with riichi)", "1 each"))
    rows.append(Row("Dora (han, never a yaku)", "aka_dora", "Red fives", "1 each"))
    for ym in YAKUMAN:
        value = "double yakuman" if ym.value == 2 else "yakuman"
        rows.append(Row("Yakuman", ym.id, ym.name, value))
    return rows


def _hongkong_rows(variant: str) -> list[Row]:
    from majiang.rules.hongkong.fan import BONUS_PATTERNS, HK_PATTERNS, at_cap

    defaults = get_ruleset(variant).resolve_options({})
    ctx: Any = SimpleNamespace(options=defaults)
    rows: list[Row] = []
    for p in HK_PATTERNS:
        value = f"limit ({defaults['max_fan']})" if p.value is at_cap else str(p.value_of(ctx))
        rows.append(Row("Fan", p.id, p.name, value))
    if variant == "hkos":
        for p in BONUS_PATTERNS:
            rows.append(Row("Flowers and seasons", p.id, p.name, str(p.value_of(ctx))))
    return rows


def _taiwan_rows() -> list[Row]:
    from majiang.rules.taiwan.tai import PATTERNS

    return [Row("Tai", t.id, t.name, str(t.value)) for t in PATTERNS]


def _sichuan_rows() -> list[Row]:
    from majiang.rules.sichuan.fan import BONUSES, LIMIT_HANDS, PATTERNS, PLAIN_HAND, ROOT_FAN

    rows = [Row("Hand patterns (fan)", PLAIN_HAND.id, PLAIN_HAND.name, str(PLAIN_HAND.value))]
    rows += [Row("Hand patterns (fan)", p.id, p.name, str(p.value)) for p in PATTERNS]
    rows.append(Row("Hand patterns (fan)", "root", "Root (all four of a tile)", f"{ROOT_FAN} each"))
    rows += [Row("Bonus fan", p.id, p.name, str(p.value)) for p in BONUSES]
    rows += [Row("Limit hands", p.id, p.name, "limit") for p in LIMIT_HANDS]
    return rows


@cache
def pattern_table(variant: str) -> tuple[Row, ...]:
    """Return the variant's pattern table, in the order of its rule page.

    >>> rows = pattern_table("hk")
    >>> (rows[0].id, rows[0].value), [r.value for r in rows if r.id == "full_flush"]
    (('all_chows', '1'), ['7'])
    """
    get_ruleset(variant)  # an unknown variant is an error naming it
    if variant == "riichi":
        rows = _riichi_rows()
    elif variant in ("hk", "hk2", "hkos"):
        rows = _hongkong_rows(variant)
    elif variant == "taiwan":
        rows = _taiwan_rows()
    else:
        rows = _sichuan_rows()
    return tuple(rows)

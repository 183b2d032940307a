"""The pattern core's ``count`` (majiang.patterns), which every family's table goes through:
the rows that apply, in table order, less those another row replaces; and ``count_valued``,
less those worth 0 on the reading too (riichi's closed-only yaku on an open hand, Hong Kong's
rows an option sets to 0), while Sichuan lists its limit hands even at a cap of 0."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.hand import parse_hand
from majiang.patterns import Pattern, Win, WinContext, count, count_valued, win_contexts
from majiang.scoring import score

Table = list[Pattern[WinContext[Any]]]


def context(hand: str, win_tile: int) -> WinContext[Any]:
    (ctx,) = win_contexts(Win(parse_hand(hand), win_tile, tsumo=True, options=None), sets=4)
    return ctx


#: a full flush of pungs, the winning tile 1m (kind 0): one reading
FULL = "11144455577799m"
TABLE: Table = [
    Pattern("half", "Half flush", 3, lambda c: c.one_suit and c.has_honors),
    Pattern("full", "Full flush", 7, lambda c: c.one_suit, replaces=("half", "pure")),
    Pattern("pure", "Pure suit", 2, lambda c: c.one_suit),
    Pattern("pungs", "All pungs", 3, lambda c: c.all_pungs),
    Pattern("open_only", "Open only", lambda c: 0 if c.closed else 1, lambda c: True),
    Pattern("nothing", "Worth nothing", 0, lambda c: True),
]


@pytest.mark.parametrize(
    ("rows", "counted", "valued"),
    [
        # pure replaced; the two rows worth 0 are counted, not valued
        (TABLE, [("full", 7), ("pungs", 3), ("open_only", 0), ("nothing", 0)], [("full", 7), ("pungs", 3)]),
        (TABLE[2:4], [("pure", 2), ("pungs", 3)], [("pure", 2), ("pungs", 3)]),  # none replaces pure
        (TABLE[4:], [("open_only", 0), ("nothing", 0)], []),  # a closed hand
    ],
)  # fmt: skip
def test_count_keeps_what_applies_less_what_is_replaced(
    rows: Table, counted: list[tuple[str, int]], valued: list[tuple[str, int]]
) -> None:
    ctx = context(FULL, 0)
    assert [(i.id, i.value) for i in count(rows, ctx)] == counted
    assert [(i.id, i.value) for i in count_valued(rows, ctx)] == valued


def test_a_sichuan_limit_hand_is_listed_at_a_cap_of_0() -> None:
    """shared/rules/sichuan.md: heavenly hand is a limit hand, worth the cap (here 0 fan)."""
    r = score(
        {"variant": "sichuan", "hand": "11558899m334455p", "win_tile": "8m", "win": "tsumo",
         "situation": ["heavenly"], "rules": {"max_fan": 0}}
    )  # fmt: skip
    assert ("heavenly", 0) in [(i["id"], i["value"]) for i in r["items"]]


@pytest.mark.parametrize(("fan", "listed"), [(1, [("seat_flower", 1)]), (0, [])])
def test_a_row_an_option_sets_to_0_is_not_listed(fan: int, listed: list[tuple[str, int]]) -> None:
    """shared/rules/hongkong.md "hkos": the seat flower is worth the table's seat_flower_fan."""
    r = score(
        {"variant": "hkos", "hand": "111222333m55p789s", "win_tile": "3m", "flowers": "1f",
         "win": "tsumo", "rules": {"seat_flower_fan": fan}}
    )  # fmt: skip
    flowers = [(i["id"], i["value"]) for i in r["items"] if "flower" in i["id"]]
    assert flowers == listed

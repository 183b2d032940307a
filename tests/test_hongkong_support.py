"""Shared helpers of the Hong Kong tests (imported by test_hongkong_*.py; holds no tests)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.scoring import score


def request(
    hand: str,
    win_tile: str,
    win: str = "ron",
    melds: Sequence[str] = (),
    variant: str = "hk",
    **fields: Any,
) -> dict[str, Any]:
    """Return a scoring request dict; ``fields`` adds seat_wind, situation, rules..."""
    return {
        "variant": variant,
        "hand": hand,
        "win_tile": win_tile,
        "win": win,
        "melds": list(melds),
        **fields,
    }


def items_of(result: dict[str, Any]) -> dict[str, int]:
    """Return the result's items as ``{id: value}``."""
    return {i["id"]: i["value"] for i in result["items"]}


def fan_items(
    hand: str,
    win_tile: str,
    win: str = "ron",
    melds: Sequence[str] = (),
    variant: str = "hk",
    rules: dict[str, Any] | None = None,
    **fields: Any,
) -> dict[str, int]:
    """Return ``{id: value}`` of a hand scored with no minimum (so every hand shows its fan)."""
    req = request(hand, win_tile, win, melds, variant, rules={"min_fan": 0, **(rules or {})})
    req.update(fields)
    return items_of(score(req))

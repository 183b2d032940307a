"""A hand's events as the server sends them (majiang/events.py, as JSON), for the browser tests
that feed a table page's model by hand: each builder gives the event whole, with the fields a
test does not care about at their neutral values, so a test names only what it is about."""

from __future__ import annotations

from typing import Any


def started(
    dealer: int = 0,
    honba: int = 0,
    scores: int | list[int] = 25000,
    sticks: int = 0,
    dealer_streak: int | None = None,
) -> dict[str, Any]:
    """A hand begins (``hand_started``): ``scores`` one for all four seats or a list; the
    dealer's streak is the honba unless given (riichi's counter is both)."""
    return {
        "type": "hand_started",
        "hand": 0,
        "round_wind": 0,
        "dealer": dealer,
        "honba": honba,
        "sticks": sticks,
        "scores": [scores] * 4 if isinstance(scores, int) else scores,
        "dealer_streak": honba if dealer_streak is None else dealer_streak,
    }


def won(
    seat: int,
    source: int | None,
    tile: str,
    hand: str = "",
    result: dict[str, Any] | None = None,
    **more: Any,
) -> dict[str, Any]:
    """Seat ``seat`` wins on ``tile`` from ``source`` (None: self-drawn) with ``hand``: a
    valid result without limit or fu unless ``result`` says otherwise; ``more`` sets the event's
    other fields (``ura_indicators``, ``melds``, ``liable``, ``robbed_kong``)."""
    event = {
        "type": "won",
        "seat": seat,
        "tile": tile,
        "source": source,
        "hand": hand,
        "melds": [],
        "ura_indicators": "",
        "liable": None,
        "robbed_kong": False,
        "result": {
            "valid": True,
            "reason": None,
            "limit": None,
            "fu": None,
            "fu_items": [],
            **(result or {}),
        },
    }
    return {**event, **more}


def moved(deltas: list[int], reason: str = "win", sticks: int = 0, **more: Any) -> dict[str, Any]:
    """Points move (``points_moved``) by ``deltas`` for ``reason``; ``more``: ``stick_value``."""
    return {"type": "points_moved", "reason": reason, "deltas": deltas, "sticks": sticks, **more}


def ended(
    outcome: str,
    scores: list[int],
    winners: list[int],
    reason: str | None = None,
    ready: list[int] | None = None,
) -> dict[str, Any]:
    """The hand ends (``hand_ended``) with ``outcome``; its reason is "wall" for an exhaustive
    draw and "" otherwise unless given (an abortive draw's); ``ready``: the seats ready at a
    draw (none unless given)."""
    if reason is None:
        reason = "wall" if outcome == "exhaustive_draw" else ""
    return {
        "type": "hand_ended",
        "outcome": outcome,
        "reason": reason,
        "winners": winners,
        "ready": ready or [],
        "scores": scores,
    }

"""The wait between two hands: the next hand is dealt, but nobody is asked to act in it until
every person at the table has said *Next hand* (a ``next_hand`` frame) or the room's countdown
(``next_hand_seconds``; 0: none, wait for the people) has run out.

The game task (``live.LiveGame``) holds one ``HandBreak`` while it waits; this module only
keeps the facts and writes the ``between_hands`` frame (docs/protocol.md).

>>> b = HandBreak(after=40, deadline=None)
>>> b.ready.add(0)
>>> b.frame([2], now=0.0)["waiting"], b.frame([2], now=0.0)["timeout_ms"] is None
([2], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: default countdown of a room between hands, seconds (0: wait for every person, no countdown);
#: practice tables wait for their player (``rooms.PracticeOptions``)
NEXT_HAND_SECONDS = 60.0


@dataclass
class HandBreak:
    """The wait after the hand whose ``hand_ended`` event is number ``after``."""

    after: int
    deadline: float | None
    ready: set[int] = field(default_factory=set)
    #: whether its first ``between_hands`` frame is queued (the game task does it)
    announced: bool = False

    def frame(self, waiting: list[int], now: float, over: bool = False) -> dict[str, Any]:
        """Return the ``between_hands`` frame: who pressed *Next hand*, who is awaited, the
        milliseconds left (None: no countdown) and whether the next hand goes on now."""
        left = None if self.deadline is None else max(0, int((self.deadline - now) * 1000))
        return {
            "type": "between_hands",
            "after": self.after,
            "ready": sorted(self.ready),
            "waiting": [] if over else waiting,
            "timeout_ms": None if over else left,
            "over": over,
        }

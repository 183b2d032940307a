"""The bot protocol and the registry of bots by name.

A bot sees only a ``PlayerView`` and the legal actions of its seat, and returns one of them.
Bots are deterministic given their seed, so a game between bots replays exactly.

>>> bot = make_bot("random", seed=5)
>>> bot.name
'random'
>>> make_bot("oracle")
Traceback (most recent call last):
...
majiang.errors.MajiangError: unknown bot 'oracle' (expected one of random, tsumogiri, eager, beginner, normal, expert, master)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from majiang.actions import Action
from majiang.errors import MajiangError
from majiang.view import PlayerView

__all__ = ["BOTS", "Bot", "make_bot"]


class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat may see."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (never anything else)."""
        ...


#: bot name -> factory taking the seed
BOTS: dict[str, Callable[[int], Bot]] = {}


def make_bot(name: str, seed: int = 0) -> Bot:
    """Return a new bot by name, seeded."""
    if "random" not in BOTS or "expert" not in BOTS:
        import majiang.bots.levels  # (registers the levels)
        import majiang.bots.simple  # noqa: F401  (registers the simple bots)
    factory = BOTS.get(name)
    if factory is None:
        raise MajiangError(f"unknown bot {name!r} (expected one of {', '.join(BOTS)})")
    return factory(seed)

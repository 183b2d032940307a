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

__all__ = ["BOTS", "Bot", "decide", "make_bot"]


class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat may see.

    A bot that reads no view (it chooses from the legal actions alone, as ``random`` does) may
    also offer ``choose_from_legal(legal)``, which returns what ``choose`` would: ``decide``
    then builds it no view.
    """

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (never anything else)."""
        ...


def decide(bot: Bot, view: Callable[[], PlayerView], legal: Sequence[Action]) -> Action:
    """Return the bot's choice among ``legal``, building its view with ``view()`` only when the
    bot reads one (views on demand: building a view is about a tenth of a random bot's step).

    >>> from majiang.engine import new_game, legal_actions
    >>> from majiang.rules import get_ruleset
    >>> state, _ = new_game(get_ruleset("riichi"), seed=2)
    >>> def no_view() -> PlayerView:
    ...     raise AssertionError("the random bot reads no view")
    >>> decide(make_bot("random", 1), no_view, legal_actions(get_ruleset("riichi"), state, 0)).kind
    'discard'
    """
    blind: Callable[[Sequence[Action]], Action] | None = getattr(bot, "choose_from_legal", None)
    if blind is not None:
        return blind(legal)
    return bot.choose(view(), legal)


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

"""The bot levels by name: ``make_bot(level, variant, seed)`` for beginner, normal and expert,
and the simple yardsticks (random, tsumogiri, eager) by the same call.

The levels are registered in ``majiang.bots.base.BOTS`` too, so ``majiang.bots.make_bot(name,
seed)`` (which simulate and the server use) knows them; a level made that way reads the variant
from each view and plays with the variant's default options.

>>> bot = make_bot("expert", "riichi", seed=3)
>>> bot.name, LEVELS
('expert', ('beginner', 'normal', 'expert'))
>>> make_bot("grandmaster", "riichi")
Traceback (most recent call last):
...
majiang.errors.MajiangError: unknown bot level 'grandmaster' (expected one of beginner, normal, expert, master, random, tsumogiri, eager)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from majiang.bots.base import BOTS, Bot
from majiang.bots.policy import BEGINNER, EXPERT, NORMAL, PolicyBot, Style
from majiang.bots.simple import EagerBot, RandomBot, TsumogiriBot
from majiang.errors import MajiangError

__all__ = ["LEVELS", "STYLES", "make_bot"]

#: the playing levels, weakest first
LEVELS = ("beginner", "normal", "expert")
STYLES: dict[str, Style] = {"beginner": BEGINNER, "normal": NORMAL, "expert": EXPERT}
_SIMPLE = {"random": RandomBot, "tsumogiri": TsumogiriBot, "eager": EagerBot}


def make_bot(
    level: str, variant: str | None = None, seed: int = 0, options: Mapping[str, Any] | None = None
) -> Bot:
    """Return a new bot of a level (or a simple bot by name) for a variant, seeded.

    ``options`` are the table's rules (public to every player), e.g. Hong Kong's ``min_fan``.
    """
    if level == "master":
        from majiang.bots.master import MasterBot  # (imports the levels' policy)

        master: Bot = MasterBot(seed, variant, options)
        return master
    style = STYLES.get(level)
    if style is not None:
        return PolicyBot(style, seed, variant, options)
    simple = _SIMPLE.get(level)
    if simple is not None:
        bot: Bot = simple(seed)
        return bot
    raise MajiangError(
        f"unknown bot level {level!r} (expected one of {', '.join([*LEVELS, 'master', *_SIMPLE])})"
    )


def _factory(style: Style) -> Callable[[int], Bot]:
    def build(seed: int) -> Bot:
        return PolicyBot(style, seed)

    return build


for _level, _style in STYLES.items():
    BOTS[_level] = _factory(_style)


def _master(seed: int) -> Bot:
    from majiang.bots.master import MasterBot

    bot: Bot = MasterBot(seed)
    return bot


BOTS["master"] = _master

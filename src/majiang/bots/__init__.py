"""Bots: one protocol (``Bot.choose(view, legal_actions) -> action``), seeded, and a registry.

``make_bot("random", seed=1)`` builds a bot by name; ``play_game`` (bots/play.py) seats bots at a
table and plays a whole game, returning its record.
"""

from __future__ import annotations

from majiang.bots.base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]

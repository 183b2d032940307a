"""The simple bots: ``random`` (any legal action, wins taken), ``tsumogiri`` (discards what it
draws, never calls) and ``eager`` (always wins, declares riichi, never calls, throws away its most
isolated tile): yardsticks for the engine and for stronger bots.

>>> from majiang.engine import new_game, legal_actions
>>> from majiang.rules import get_ruleset
>>> from majiang.view import player_view
>>> rules = get_ruleset("riichi")
>>> state, _ = new_game(rules, seed=2)
>>> bot = TsumogiriBot()
>>> action = bot.choose(player_view(rules, state, 0), legal_actions(rules, state, 0))
>>> action.tile == state.drawn
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from majiang.actions import Action, Discard, NineTerminals, Pass, Ron, Tsumo
from majiang.bots.base import BOTS
from majiang.tiles import kind
from majiang.view import PlayerView

__all__ = ["EagerBot", "RandomBot", "TsumogiriBot"]


def _win(legal: Sequence[Action]) -> Action | None:
    for a in legal:
        if isinstance(a, Tsumo | Ron):
            return a
    return None


class RandomBot:
    """Chooses uniformly among the legal actions; takes a win whenever one is offered (a bot that
    passes wins at random almost never wins, which tells nothing)."""

    name = "random"

    def __init__(self, seed: int = 0, take_wins: bool = True) -> None:
        self.rng = random.Random(f"random-bot/{seed}")
        self.take_wins = take_wins

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return a win when offered, else a uniformly random legal action."""
        return self.choose_from_legal(legal)

    def choose_from_legal(self, legal: Sequence[Action]) -> Action:
        """Return ``choose``'s action: the view is never read (``decide`` builds none)."""
        if self.take_wins:
            win = _win(legal)
            if win is not None:
                return win
        return legal[self.rng.randrange(len(legal))]


class TsumogiriBot:
    """Discards the tile it draws, never calls or declares; takes a win when offered."""

    name = "tsumogiri"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return a win, else a pass, else the drawn tile's discard (the first discard otherwise)."""
        win = _win(legal)
        return win if win is not None else pass_or_tsumogiri(view, legal)


def pass_or_tsumogiri(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Return a pass, else the drawn tile's discard (no riichi), else the first discard, else
    the first legal action: the plainest move, also what stands in for a bot's illegal reply."""
    for a in legal:
        if isinstance(a, Pass):
            return a
    for a in legal:
        if isinstance(a, Discard) and not a.riichi and a.tile == view.drawn:
            return a
    return next((a for a in legal if isinstance(a, Discard)), legal[0])


def _isolation(tile: int, kinds: list[int]) -> int:
    """Return how connected a tile is to the rest of the hand (lower: more isolated)."""
    k = kind(tile)
    score = 3 * (kinds.count(k) - 1)
    if k < 27:
        for d in (-2, -1, 1, 2):
            j = k + d
            if 0 <= j < 27 and j // 9 == k // 9 and j in kinds:
                score += 2 if abs(d) == 1 else 1
    return score


class EagerBot:
    """Wins whenever it can, declares riichi whenever it can, never calls, and discards its most
    isolated tile (ties broken by its seed): it reaches ready hands often, which exercises wins,
    riichi and furiten in tests and simulations."""

    name = "eager"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"eager-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return a win, a riichi discard, a pass, or the discard of the most isolated tile."""
        win = _win(legal)
        if win is not None:
            return win
        riichi = [a for a in legal if isinstance(a, Discard) and a.riichi]
        if riichi:
            return riichi[self.rng.randrange(len(riichi))]
        for a in legal:
            if isinstance(a, Pass):
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return next((a for a in legal if not isinstance(a, NineTerminals)), legal[0])
        kinds = [kind(t) for t in view.hand]
        best = min(_isolation(a.tile, kinds) for a in discards)
        pool = [a for a in discards if _isolation(a.tile, kinds) == best]
        return pool[self.rng.randrange(len(pool))]


BOTS.update({"random": RandomBot, "tsumogiri": TsumogiriBot, "eager": EagerBot})

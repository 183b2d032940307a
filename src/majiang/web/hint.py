"""``GET /api/rooms/{code}/hint``: what the normal bot would play in your seat now.

The table's *Hint* asks ``POST /api/analyze`` for shanten and waits (the hand it already holds)
and this route for the bot's choice. The bot sees exactly what the player sees (``player_view``
of the asking seat) and picks among the same legal actions the server offered, so a hint tells
nothing a player could not work out. The handler runs on the event loop, where the game's task
runs too, so it reads the table between two actions, never in the middle of one.

In a cluster (docs/deploy.md) the request may reach an instance that does not play the game:
it asks the instance that does (``cluster.Cluster.ask``), which answers from its table.
"""

from typing import Annotated, Any

from fastapi import Depends, FastAPI

from majiang.actions import Action
from majiang.bots import Bot, make_bot
from majiang.errors import MajiangError
from majiang.i18n import N_
from majiang.server.db import Player
from majiang.server.edge import Refusal
from majiang.server.live import LiveGame
from majiang.server.registry import Registry, game_seat
from majiang.view import player_view

#: the bot level whose choice the hint shows
HINT_LEVEL = "normal"


def hint_bot(variant: str, options: dict[str, Any]) -> Bot:
    """Return the bot that gives hints: the ``normal`` level, told the table's rules.

    >>> hint_bot("riichi", {}).name
    'normal'
    """
    try:
        from majiang.bots.levels import make_bot as make_level

        return make_level(HINT_LEVEL, variant, 0, options)
    except (ImportError, MajiangError):  # an older bot package: the registry's best
        return make_bot("eager")


def mount_hint(app: FastAPI) -> None:
    """Add the hint route to ``app`` (it needs the server's registry and player lookup)."""
    current_player = app.state.current_player
    registry: Registry = app.state.registry
    if registry.cluster is not None:  # the question other instances ask this one
        registry.cluster.answers["hint"] = lambda game, asked: hint_answer(game, asked["player"])

    @app.get("/api/rooms/{code}/hint", tags=["play"])
    async def hint(code: str, me: Annotated[Player, Depends(current_player)]) -> dict[str, Any]:
        """Return the normal bot's choice for your seat at the decision open now."""
        game = registry.games.get(code)
        if game is None and registry.cluster is not None:
            relayed = await registry.cluster.ask(code, "hint", player=me.id)
            if relayed is not None:
                return dict(relayed)
        return hint_answer(game, me.id)


def hint_answer(game: LiveGame | None, player_id: str) -> dict[str, Any]:
    """Return the route's answer: ``player_id``'s seat at ``game`` and the hint bot's choice
    there; raise ``Refusal`` 404 (no game played here), 403 (no seat) or 409."""
    if game is None:
        raise Refusal(404, N_("no game is being played in this room"))
    seat = game_seat(game, player_id)
    if seat is None:
        raise Refusal(403, N_("you have no seat at this table"))
    bot, action = hint_for(game, seat)
    return {"seat": seat, "level": bot.name, "action": action.to_dict(), "text": str(action)}


def hint_for(game: LiveGame, seat: int) -> tuple[Bot, Action]:
    """Return the hint bot and its choice among the actions of the seat's open decision.

    Only a decision offered to the seat counts, never the engine's legal actions of the
    moment: while a claim window is paced (docs/protocol.md, "What a seat can learn") the
    engine may already be at the next seat's turn, its draw not shown; a hint then would show
    the draw, and that nobody could claim. Raises ``Refusal`` 409 without a decision.
    """
    decision = game.decisions.get(seat)
    if decision is None:
        raise Refusal(409, N_("you have nothing to decide now"))
    table = game.table
    scoring = {k: v for k, v in table.state.options.items() if k in table.rules.options}
    bot = hint_bot(table.spec.variant, scoring)
    return bot, bot.choose(player_view(table.rules, table.state, seat), decision.actions)

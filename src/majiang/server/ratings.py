"""Ratings per variant and length, and the historic ranking.

After each finished game the rated players at it move, by OpenSkill's Plackett-Luce model
(``openskill``, made for games of more than two players): each is a team of one, ranked by
the game's final placement (1 = first; the variant's own placement, ties shared). A game is
rated when it was a private room's and at least two of its seats were held by accounts; the
bots, the guests and the seats of deleted accounts are left out, and the accounts are ranked
among themselves in the order the table placed them. Practice tables (you against bots) are
never rated: they measure the bots' level, not the players'.

The leaderboard orders players by the rating's ordinal (``mu - 3 sigma``, what OpenSkill calls a
conservative estimate): a newcomer starts at 0 and climbs by playing.
"""

import datetime as dt
import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, FastAPI, Path, Query
from openskill.models import PlackettLuce
from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from majiang.i18n import N_
from majiang.rules import VARIANTS
from majiang.rules.game import LENGTHS
from majiang.server.accounts import Refused
from majiang.server.db import Game, Player, Rating, RatingChange, Room, RoomSeat, utcnow
from majiang.server.edge import Refusal

T = TypeVar("T")

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """Return the conservative rating shown and ranked by: ``mu - 3 sigma`` (OpenSkill's).

    >>> ordinal(25.0, 25.0 / 3)
    0.0
    """
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def rate_game(session: Session, game_id: str, record: dict[str, Any]) -> list[RatingChange]:
    """Update the ratings of the accounts at a finished game, in ``session``; return the
    changes (none when the game is not rated)."""
    game = session.get(Game, game_id)
    room = session.get(Room, game.room_code) if game is not None else None
    if game is None or room is None or room.kind != "private":
        return []
    placements = list((record.get("result") or {}).get("placements") or [])
    seats = session.execute(
        select(RoomSeat.seat, Player)
        .join(Player, Player.id == RoomSeat.player_id)
        .where(RoomSeat.room_code == room.code)
        .order_by(RoomSeat.seat)
    ).all()
    rated = [
        (seat, player)
        for seat, player in seats
        if player.has_account and not player.deleted and seat < len(placements)
    ]
    if len(rated) < 2:
        return []
    current = []
    for _seat, player in rated:
        row = session.get(Rating, (player.id, room.variant, room.length))
        if row is None:
            fresh = MODEL.rating()
            row = Rating(
                player_id=player.id,
                variant=room.variant,
                length=room.length,
                mu=fresh.mu,
                sigma=fresh.sigma,
                games=0,
            )
            session.add(row)
        current.append(row)
    teams = [[MODEL.rating(mu=row.mu, sigma=row.sigma)] for row in current]
    ranks = [float(placements[seat]) for seat, _player in rated]
    after = MODEL.rate(teams, ranks=ranks)
    changes = []
    now = utcnow()
    for (seat, player), row, team in zip(rated, current, after, strict=True):
        row.mu, row.sigma, row.games = team[0].mu, team[0].sigma, row.games + 1
        change = RatingChange(
            game_id=game_id,
            player_id=player.id,
            variant=room.variant,
            length=room.length,
            mu=row.mu,
            sigma=row.sigma,
            placement=int(placements[seat]),
            at=now,
        )
        session.add(change)
        changes.append(change)
    return changes


def rate_finished(session: Session, game_id: str, record_json: str) -> None:
    """``rate_game`` for the writer that stores a finished game (its record as JSON text)."""
    room = session.scalar(
        select(Room).join(Game, Game.room_code == Room.code).where(Game.id == game_id)
    )
    if room is not None and room.kind == "private":
        rate_game(session, game_id, json.loads(record_json))


class Standing(BaseModel):
    """A player's place on a leaderboard."""

    rank: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int


class Leaderboard(BaseModel):
    """The players of a variant and length, best first."""

    variant: str
    length: str
    period: str
    players: list[Standing]


class RatingOut(BaseModel):
    """A player's rating in one variant and length."""

    variant: str
    length: str
    rating: float
    mu: float
    sigma: float
    games: int


class RatingPoint(BaseModel):
    """A player's rating after one rated game."""

    game_id: str
    variant: str
    length: str
    rating: float
    placement: int
    at: str


class PlayedGame(BaseModel):
    """A finished game on a player's page."""

    game_id: str
    variant: str
    length: str
    placement: int | None
    score: int | None
    players: list[str | None]
    finished_at: str | None
    replay: str


class PlayerPage(BaseModel):
    """A player's record: ratings, their history, figures and finished games."""

    name: str
    ratings: list[RatingOut]
    history: list[RatingPoint]
    games_played: int
    average_placement: float | None
    hands_played: int
    win_rate: float | None
    deal_in_rate: float | None
    games: list[PlayedGame]


def month_start(now: dt.datetime) -> dt.datetime:
    """Return the first instant of ``now``'s month (UTC).

    >>> month_start(dt.datetime(2026, 12, 5, 1, 2, tzinfo=dt.UTC)).isoformat()
    '2026-12-01T00:00:00+00:00'
    """
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def leaderboard(
    session: Session, variant: str, length: str, period: str, limit: int = 100
) -> Leaderboard:
    """Return the leaderboard: accounts by rating ordinal, best first. ``period="month"``
    keeps those who played a rated game this calendar month (UTC), with that month's count of
    games; their rating is their current one."""
    query = (
        select(Rating, Player)
        .join(Player, Player.id == Rating.player_id)
        .where(
            Rating.variant == variant,
            Rating.length == length,
            Player.deleted.is_(False),
            Player.password_hash.is_not(None),
        )
    )
    monthly: dict[str, int] = {}
    if period == "month":
        rows = session.execute(
            select(RatingChange.player_id, func.count())
            .where(
                RatingChange.variant == variant,
                RatingChange.length == length,
                RatingChange.at >= month_start(utcnow()),
            )
            .group_by(RatingChange.player_id)
        ).all()
        monthly = {pid: int(count) for pid, count in rows}
        query = query.where(Rating.player_id.in_(monthly))
    found = [(rating, player) for rating, player in session.execute(query)]
    found.sort(key=lambda pair: (-ordinal(pair[0].mu, pair[0].sigma), pair[1].name.casefold()))
    players = [
        Standing(
            rank=i,
            name=player.name,
            rating=round(ordinal(rating.mu, rating.sigma), 2),
            mu=round(rating.mu, 3),
            sigma=round(rating.sigma, 3),
            games=monthly.get(player.id, rating.games) if period == "month" else rating.games,
        )
        for i, (rating, player) in enumerate(found[:limit], start=1)
    ]
    return Leaderboard(variant=variant, length=length, period=period, players=players)


def hand_figures(record: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """Return (hands played, hands won, hands dealt in) by ``seat`` in a native record: a
    win is a ``won`` event of the seat, a deal-in one whose ``source`` is the seat.

    >>> hand_figures({"events": [{"type": "hand_started"}, {"type": "won", "seat": 1,
    ...     "source": 0}, {"type": "hand_started"}, {"type": "won", "seat": 0, "source": None}]}, 0)
    (2, 1, 1)
    """
    hands = won = dealt_in = 0
    for event in record.get("events") or []:
        kind = event.get("type")
        if kind == "hand_started":
            hands += 1
        elif kind == "won":
            if event.get("seat") == seat:
                won += 1
            elif event.get("source") == seat:
                dealt_in += 1
    return hands, won, dealt_in


def player_page(session: Session, name: str, limit: int = 100) -> PlayerPage | None:
    """Return an account's page by name (any case), or None."""
    player = session.scalar(select(Player).where(Player.account_key == name.strip().casefold()))
    if player is None:
        return None
    ratings = [
        RatingOut(
            variant=r.variant,
            length=r.length,
            rating=round(ordinal(r.mu, r.sigma), 2),
            mu=round(r.mu, 3),
            sigma=round(r.sigma, 3),
            games=r.games,
        )
        for r in session.scalars(
            select(Rating).where(Rating.player_id == player.id).order_by(Rating.games.desc())
        )
    ]
    history = [
        RatingPoint(
            game_id=c.game_id,
            variant=c.variant,
            length=c.length,
            rating=round(ordinal(c.mu, c.sigma), 2),
            placement=c.placement,
            at=c.at.isoformat(),
        )
        for c in session.scalars(
            select(RatingChange)
            .where(RatingChange.player_id == player.id)
            .order_by(RatingChange.at, RatingChange.id)
        )
    ]
    rows = session.execute(
        select(Game, Room, RoomSeat.seat)
        .join(Room, Room.code == Game.room_code)
        .join(RoomSeat, RoomSeat.room_code == Room.code)
        .where(RoomSeat.player_id == player.id, Game.status == "finished")
        .order_by(Game.finished_at.desc())
    ).all()
    placements: list[int] = []
    hands = won = dealt_in = 0
    games: list[PlayedGame] = []
    for game, room, seat in rows:
        record = game.record or {}
        result = record.get("result") or {}
        place = _at(result.get("placements"), seat)
        if place is not None:
            placements.append(place)
        h, w, d = hand_figures(record, seat)
        hands, won, dealt_in = hands + h, won + w, dealt_in + d
        if len(games) < limit:
            games.append(
                PlayedGame(
                    game_id=game.id,
                    variant=room.variant,
                    length=room.length,
                    placement=place,
                    score=_at(result.get("scores"), seat),
                    players=list(record.get("seats") or []),
                    finished_at=game.finished_at.isoformat() if game.finished_at else None,
                    replay=f"/replay/{game.id}",
                )
            )
    return PlayerPage(
        name=player.name,
        ratings=ratings,
        history=history,
        games_played=len(rows),
        average_placement=round(sum(placements) / len(placements), 2) if placements else None,
        hands_played=hands,
        win_rate=round(won / hands, 4) if hands else None,
        deal_in_rate=round(dealt_in / hands, 4) if hands else None,
        games=games,
    )


def _at(values: Any, seat: int) -> int | None:
    if isinstance(values, list) and seat < len(values) and isinstance(values[seat], int):
        return int(values[seat])
    return None


def make_router(app: FastAPI) -> APIRouter:
    """Return the ranking routes of ``app``."""
    router = APIRouter(tags=["ranking"])
    sessions: sessionmaker[Session] = app.state.sessions

    def read(fn: Callable[[Session], T]) -> T:
        with sessions() as session:
            return fn(session)

    @router.get("/api/leaderboard")
    def api_leaderboard(
        variant: Annotated[str, Query(max_length=20)] = "riichi",
        length: Annotated[str, Query(max_length=20)] = "east",
        period: Literal["all", "month"] = "all",
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> Leaderboard:
        """Return the rated players of a variant and length, best first (``period=month``:
        those who played a rated game this calendar month). An unknown variant or length is
        no leaderboard: 404, as the page ``/leaderboard``."""
        if variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise Refused(
                404,
                N_("no leaderboard of variant {variant!r} (one of {known})"),
                "variant",
                variant=variant,
                known=known,
            )
        if length not in LENGTHS:
            known = ", ".join(LENGTHS)
            raise Refused(
                404,
                N_("no leaderboard of length {length!r} (one of {known})"),
                "length",
                length=length,
                known=known,
            )
        return read(lambda s: leaderboard(s, variant, length, period, limit))

    @router.get("/api/players/{name}")
    def api_player(name: Annotated[str, Path(max_length=40)]) -> PlayerPage:
        """Return an account's public page: ratings and their history, games played, average
        placement, win and deal-in rates, finished games with replay links."""
        page = read(lambda s: player_page(s, name))
        if page is None:
            raise Refusal(404, N_("no account named {name!r}"), name=name)
        return page

    return router


__all__ = ["MODEL", "leaderboard", "make_router", "player_page", "rate_game"]

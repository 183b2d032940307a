"""Ratings and the historic ranking: OpenSkill Plackett-Luce moves after each finished private
game among accounts (compared with the library's own call), practice and lone accounts are not
rated, the leaderboard's order (all time, this month) and a player's page."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from majiang.server.app import create_app
from majiang.server.db import Game, Player, Rating, RatingChange, Room, RoomSeat, hash_token
from majiang.server.settings import Settings
from majiang.server.store import finish_game


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'r.sqlite3'}", sqlite_synchronous="NORMAL"
    )
    with TestClient(create_app(settings)) as c:
        yield c


def sessions_of(client: TestClient) -> sessionmaker[Session]:
    made: sessionmaker[Session] = client.app.state.sessions  # type: ignore[attr-defined]
    return made


def account(client: TestClient, name: str, *, guest: bool = False) -> str:
    """Store a player (an account unless ``guest``); return its id."""
    pid = secrets.token_hex(16)
    with sessions_of(client)() as session, session.begin():
        session.add(
            Player(
                id=pid,
                name=name,
                token_hash=hash_token(pid),
                account_key=None if guest else name.casefold(),
                password_hash=None if guest else "argon2-hash",
            )
        )
    return pid


def play(
    client: TestClient,
    seats: list[str | None],
    placements: list[int],
    kind: str = "private",
    events: list[dict[str, Any]] | None = None,
    variant: str = "riichi",
) -> str:
    """Store a game in play and finish it through the server's own write; return its id."""
    code, game_id = secrets.token_hex(4), secrets.token_hex(8)
    with sessions_of(client)() as session, session.begin():
        host = next(p for p in seats if p)
        session.add(
            Room(
                code=code,
                kind=kind,
                variant=variant,
                length="east",
                bot_level="normal",
                options={},
                public=False,
                host_id=host,
                status="playing",
            )
        )
        session.flush()
        for seat, pid in enumerate(seats):
            session.add(RoomSeat(room_code=code, seat=seat, player_id=pid))
        session.add(Game(id=game_id, room_code=code, seed="s", status="playing"))
    record = {
        "seats": ["x"] * len(seats),
        "events": events or [],
        "result": {"scores": [40000 - 5000 * p for p in placements], "placements": placements},
    }
    with sessions_of(client)() as session, session.begin():
        finish_game(game_id, code, json.dumps(record))(session)
    return game_id


def ratings(client: TestClient, ids: list[str]) -> list[float]:
    """Return mu, sigma, mu, sigma, ... of the players, as stored."""
    with sessions_of(client)() as session:
        rows = {r.player_id: r for r in session.scalars(select(Rating))}
    return [x for i in ids for x in (rows[i].mu, rows[i].sigma)]


def flat(teams: list[list[Any]]) -> list[float]:
    """Return mu, sigma, mu, sigma, ... of the library's rated teams of one."""
    return [x for team in teams for x in (team[0].mu, team[0].sigma)]


def test_ratings_move_as_the_library_says(client: TestClient) -> None:
    a, b, c, d = (account(client, n) for n in ("Ann", "Bo", "Cai", "Dee"))
    play(client, [a, b, c, d], [2, 1, 4, 3])
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[2, 1, 4, 3])
    assert ratings(client, [a, b, c, d]) == pytest.approx(flat(expected))
    # a second game starts from the first one's ratings
    play(client, [d, c, b, a], [1, 2, 3, 4])
    again = model.rate([[expected[i][0]] for i in (3, 2, 1, 0)], ranks=[1, 2, 3, 4])
    assert ratings(client, [d, c, b, a]) == pytest.approx(flat(again))


def test_bots_and_guests_are_left_out_and_ranked_among_accounts(client: TestClient) -> None:
    a, b = account(client, "Ann"), account(client, "Bo")
    guest = account(client, "Guest", guest=True)
    play(client, [guest, a, None, b], [1, 4, 2, 3])  # Bo above Ann: ranks 3 and 4
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[4, 3])
    assert ratings(client, [a, b]) == pytest.approx(flat(expected))
    with sessions_of(client)() as session:
        assert session.get(Rating, (guest, "riichi", "east")) is None


def test_practice_and_a_lone_account_are_unrated(client: TestClient) -> None:
    a, b = account(client, "Ann"), account(client, "Bo")
    play(client, [a, None, None, None], [1, 2, 3, 4], kind="practice")
    play(client, [a, b, None, None], [1, 2, 3, 4], kind="practice")
    play(client, [a, None, None, account(client, "G", guest=True)], [1, 2, 3, 4])
    with sessions_of(client)() as session:
        assert session.scalars(select(Rating)).all() == []
        assert session.scalars(select(RatingChange)).all() == []


def test_the_leaderboard_orders_players_by_ordinal(client: TestClient) -> None:
    a, b, c, d = (account(client, n) for n in ("Ann", "Bo", "Cai", "Dee"))
    play(client, [a, b, c, d], [3, 1, 4, 2])
    play(client, [a, b, c, d], [2, 1, 4, 3])
    board = client.get("/api/leaderboard", params={"variant": "riichi"}).json()
    names = [p["name"] for p in board["players"]]
    # Bo won twice, Cai was last twice: by hand, Bo first and Cai last; Ann and Dee by the
    # library's ordinal (each was once second, once third)
    model = PlackettLuce()
    mu_a, sigma_a, mu_d, sigma_d = ratings(client, [a, d])
    ann = model.rating(mu=mu_a, sigma=sigma_a).ordinal()
    dee = model.rating(mu=mu_d, sigma=sigma_d).ordinal()
    middle = ["Ann", "Dee"] if ann > dee else ["Dee", "Ann"]
    assert names == ["Bo", *middle, "Cai"]
    assert [p["rank"] for p in board["players"]] == [1, 2, 3, 4]
    assert board["players"][0]["games"] == 2
    assert client.get("/api/leaderboard", params={"variant": "hk"}).json()["players"] == []


@pytest.mark.parametrize(
    ("params", "field"),
    [({"variant": "mahjong"}, "variant"), ({"variant": "riichi", "length": "forever"}, "length")],
)
def test_an_unknown_leaderboard_is_404(
    client: TestClient, params: dict[str, str], field: str
) -> None:
    # as the page /leaderboard: a variant or length that names no leaderboard is not an empty one
    r = client.get("/api/leaderboard", params=params)
    assert r.status_code == 404, r.text
    assert r.json()["field"] == field
    assert repr(params[field]) in r.json()["error"]


def test_the_month_board_keeps_this_months_players(client: TestClient) -> None:
    a, b, c = (account(client, n) for n in ("Ann", "Bo", "Cai"))
    old = play(client, [a, b, c, None], [1, 2, 3, 4])
    with sessions_of(client)() as session, session.begin():
        session.execute(
            update(RatingChange)
            .where(RatingChange.game_id == old)
            .values(at=dt.datetime(2001, 1, 1, tzinfo=dt.UTC))
        )
    play(client, [b, c, None, None], [2, 1, 3, 4])
    month = client.get("/api/leaderboard", params={"variant": "riichi", "period": "month"})
    assert sorted(p["name"] for p in month.json()["players"]) == ["Bo", "Cai"]
    assert all(p["games"] == 1 for p in month.json()["players"])
    everyone = client.get("/api/leaderboard", params={"variant": "riichi", "period": "all"})
    assert len(everyone.json()["players"]) == 3


def test_a_players_page(client: TestClient) -> None:
    a, b = account(client, "Ann"), account(client, "Bo")
    # hand 1: Ann (seat 0) wins off Bo; hand 2: Bo self-draws; hand 3: Ann deals in to Bo;
    # hand 4: a draw
    events = [
        {"type": "hand_started"},
        {"type": "won", "seat": 0, "source": 1},
        {"type": "hand_started"},
        {"type": "won", "seat": 1, "source": None},
        {"type": "hand_started"},
        {"type": "won", "seat": 1, "source": 0},
        {"type": "hand_started"},
    ]
    first = play(client, [a, b, None, None], [1, 3, 2, 4], events=events)
    second = play(client, [b, a, None, None], [1, 4, 2, 3])
    page = client.get("/api/players/ann").json()
    assert page["name"] == "Ann"
    assert page["games_played"] == 2
    assert page["average_placement"] == 2.5  # 1 and 4
    assert page["hands_played"] == 4
    assert page["win_rate"] == 0.25 and page["deal_in_rate"] == 0.25
    assert [g["game_id"] for g in page["games"]] == [second, first]
    assert page["games"][1]["replay"] == f"/replay/{first}"
    assert [h["game_id"] for h in page["history"]] == [first, second]
    assert page["ratings"][0]["games"] == 2
    assert client.get("/api/players/nobody").status_code == 404


def test_the_ranking_pages(client: TestClient) -> None:
    a, b = account(client, "Ann"), account(client, "Bo <b>")
    play(client, [a, b, None, None], [2, 1, 3, 4])
    page = client.get("/leaderboard?variant=riichi").text
    # Bo placed above Ann: listed first, the name escaped, linked to the player's page
    assert page.index("Bo &lt;b&gt;") < page.index(">Ann<")
    assert 'href="/players/Bo%20%3Cb%3E"' in page
    assert "No rated players here yet" in client.get("/leaderboard?variant=hk").text
    assert client.get("/leaderboard?variant=nope").status_code == 404
    ann = client.get("/players/Ann").text
    assert ann.count("<circle") == 1  # one rated game: one point on the plot
    assert '<svg class="rating-plot"' in ann and "Average placement" in ann
    assert client.get("/players/Nobody").status_code == 404
    assert 'src="/static/account.js"' in client.get("/account").text

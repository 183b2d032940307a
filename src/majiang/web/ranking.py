"""The historic ranking's pages, drawn on the server: a leaderboard per variant (all time or
this month) and each account's page, with its rating history as an SVG line drawn here (no
chart library), and the account page (``static/account.js``) to sign up, in and out.

| route | what |
|---|---|
| ``/leaderboard?variant=riichi&length=east&period=all`` | the rated players, best first |
| ``/players/<name>`` | an account: ratings, rating history plot, figures, finished games |
| ``/account`` | sign up (claim this browser's guest), sign in, out, rename, e-mail, delete |
| ``/account/confirm?token=``, ``/account/reset?token=`` | the mailed links' pages |
"""

from __future__ import annotations

from html import escape
from typing import Annotated
from urllib.parse import quote, urlencode

from fastapi import FastAPI, HTTPException, Query
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session, sessionmaker

from majiang.rules import VARIANTS, get_ruleset
from majiang.server.ratings import PlayerPage, RatingPoint, leaderboard, player_page
from majiang.web import pages
from majiang.web.play import LENGTH_LABELS

#: the plot's size in SVG units and its margins (left for the axis labels)
PLOT_W, PLOT_H, PLOT_LEFT, PLOT_PAD = 600, 220, 44, 16


def rating_plot(points: list[RatingPoint]) -> str:
    """Return an SVG line of the ratings after each rated game, oldest on the left, with the
    lowest and highest values labelled; an empty string when there is nothing to draw.

    >>> rating_plot([])
    ''
    >>> p = RatingPoint(game_id="g", variant="riichi", length="east", rating=1.5,
    ...                 placement=1, at="2026-01-01T00:00:00")
    >>> "<polyline" in rating_plot([p, p.model_copy(update={"rating": 3.0})])
    True
    """
    if not points:
        return ""
    values = [p.rating for p in points]
    low, high = min(*values, 0.0), max(*values, 0.0)  # the zero line always shows
    span = (high - low) or 1.0
    inner_w = PLOT_W - PLOT_LEFT - PLOT_PAD
    inner_h = PLOT_H - 2 * PLOT_PAD
    step = inner_w / max(len(values) - 1, 1)

    def y(value: float) -> float:
        return PLOT_PAD + (high - value) / span * inner_h

    coords = [(PLOT_LEFT + i * step, y(v)) for i, v in enumerate(values)]
    line = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in coords)
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3"><title>game {i}: {v:.2f} '
        f"(placed {p.placement})</title></circle>"
        for i, ((x, yy), v, p) in enumerate(zip(coords, values, points, strict=True), start=1)
    )
    zero = y(0.0)
    return (
        f'<svg class="rating-plot" viewBox="0 0 {PLOT_W} {PLOT_H}" role="img" '
        f'aria-label="Rating after each rated game, from {values[0]:.2f} to {values[-1]:.2f}">'
        f'<line class="axis" x1="{PLOT_LEFT}" y1="{zero:.1f}" x2="{PLOT_W - PLOT_PAD}" '
        f'y2="{zero:.1f}"/>'
        f'<text x="{PLOT_LEFT - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{high:.1f}</text>'
        f'<text x="{PLOT_LEFT - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low:.1f}</text>'
        f'<polyline points="{line}" fill="none"/>{dots}</svg>'
    )


def _select(name: str, label: str, options: list[tuple[str, str]], chosen: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>{escape(t)}</option>'
        for v, t in options
    )
    return f'<label>{escape(label)} <select name="{name}">{opts}</select></label>'


def leaderboard_body(session: Session, variant: str, length: str, period: str) -> str:
    """Return the leaderboard page's body."""
    board = leaderboard(session, variant, length, period)
    variants = [(v, get_ruleset(v).name) for v in VARIANTS]
    lengths = list(LENGTH_LABELS.items())
    periods = [("all", "All time"), ("month", "This month")]
    form = (
        '<form class="board-choice" method="get" action="/leaderboard">'
        + _select("variant", "Variant", variants, variant)
        + _select("length", "Length", lengths, length)
        + _select("period", "Period", periods, period)
        + '<button type="submit">Show</button></form>'
    )
    tabs = " · ".join(
        f'<a href="/leaderboard?{urlencode({"variant": variant, "length": length, "period": p})}"'
        f"{' aria-current=page' if p == period else ''}>{label}</a>"
        for p, label in periods
    )
    if not board.players:
        table = (
            "<p>No rated players here yet. Ratings come from games in private rooms where two "
            "or more players with an account sit; practice against bots is not rated.</p>"
        )
    else:
        rows = "".join(
            f'<tr><td class="num">{s.rank}</td>'
            f'<td><a href="/players/{quote(s.name, safe="")}">{escape(s.name)}</a></td>'
            f'<td class="num">{s.rating:.2f}</td><td class="num">{s.games}</td></tr>'
            for s in board.players
        )
        games = "Games this month" if period == "month" else "Games"
        table = (
            '<table class="leaderboard"><thead><tr><th>Rank</th><th>Player</th>'
            f"<th>Rating</th><th>{games}</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    title = f"{get_ruleset(variant).name}, {LENGTH_LABELS.get(length, length).lower()}"
    return (
        f"<h1>Leaderboard: {escape(title)}</h1><p>{tabs}</p>{form}{table}"
        '<p class="note">The rating is a cautious estimate of strength (OpenSkill: the skill '
        "minus three times its uncertainty): everyone starts at 0 and climbs by placing well "
        "against other rated players. This month lists those who played a rated game since the "
        "first of the month.</p>"
    )


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate * 100:.1f}%"


def player_body(page: PlayerPage) -> str:
    """Return a player's page body: ratings, the plot, figures and games."""
    name = escape(page.name)
    if page.ratings:
        items = "".join(
            f"<tr><td>{escape(get_ruleset(r.variant).name)}</td>"
            f"<td>{escape(LENGTH_LABELS.get(r.length, r.length))}</td>"
            f'<td class="num">{r.rating:.2f}</td><td class="num">{r.games}</td></tr>'
            for r in page.ratings
        )
        ratings = (
            "<table><thead><tr><th>Variant</th><th>Length</th><th>Rating</th>"
            f"<th>Rated games</th></tr></thead><tbody>{items}</tbody></table>"
        )
    else:
        ratings = f"<p>{name} has no rated game yet.</p>"
    plots = ""
    for r in page.ratings:
        points = [h for h in page.history if (h.variant, h.length) == (r.variant, r.length)]
        caption = f"{get_ruleset(r.variant).name}, {LENGTH_LABELS.get(r.length, r.length)}"
        plots += f"<figure>{rating_plot(points)}<figcaption>{escape(caption)}</figcaption></figure>"
    average = "–" if page.average_placement is None else f"{page.average_placement:.2f}"
    figures = (
        '<dl class="figures">'
        f"<dt>Games played</dt><dd>{page.games_played}</dd>"
        f"<dt>Average placement</dt><dd>{average}</dd>"
        f"<dt>Hands played</dt><dd>{page.hands_played}</dd>"
        f"<dt>Hands won</dt><dd>{_percent(page.win_rate)}</dd>"
        f"<dt>Dealt in</dt><dd>{_percent(page.deal_in_rate)}</dd></dl>"
    )
    rows = "".join(
        f"<tr><td>{escape((g.finished_at or '')[:10])}</td>"
        f"<td>{escape(get_ruleset(g.variant).name)}</td>"
        f"<td>{escape(LENGTH_LABELS.get(g.length, g.length))}</td>"
        f'<td class="num">{"" if g.placement is None else g.placement}</td>'
        f'<td class="num">{"" if g.score is None else g.score}</td>'
        f'<td><a href="{escape(g.replay)}">Replay</a></td></tr>'
        for g in page.games
    )
    games = (
        "<table><thead><tr><th>Finished</th><th>Variant</th><th>Length</th><th>Place</th>"
        f"<th>Score</th><th></th></tr></thead><tbody>{rows}</tbody></table>"
        if page.games
        else "<p>No finished games yet.</p>"
    )
    return (
        f"<h1>{name}</h1><h2>Ratings</h2>{ratings}{plots}<h2>Record</h2>{figures}"
        f"<h2>Finished games</h2>{games}"
        '<p class="note">Hands won and dealt in count every hand of every finished game; a '
        "replay of a private room's game opens for its players only.</p>"
    )


def account_body() -> str:
    """Return the account page's body (filled in by ``static/account.js``)."""
    return """<h1>Your account</h1>
<p id="account-status" role="status">Loading…</p>
<section id="signed-out" hidden>
<h2>Keep your games</h2>
<p>You can play without an account. Make one to keep your games and your rating on every
device: the games you played in this browser stay yours.</p>
<form id="claim-form"><label>Name <input name="name" autocomplete="username" required maxlength="40"></label>
<label>Password <input name="password" type="password" autocomplete="new-password" required></label>
<button type="submit">Create account</button></form>
<h2>Sign in</h2>
<form id="signin-form"><label>Name <input name="name" autocomplete="username" required maxlength="40"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>
<h2>Forgot your password?</h2>
<form id="reset-request-form"><label>Name <input name="name" required maxlength="40"></label>
<button type="submit">Mail me a link</button></form>
</section>
<section id="signed-in" hidden>
<p>Signed in as <strong id="account-name"></strong>. <a id="account-page" href="#">Your public page</a></p>
<button id="signout" type="button">Sign out</button>
<h2>Rename</h2>
<form id="rename-form"><label>New name <input name="name" required maxlength="40"></label>
<button type="submit">Rename</button></form>
<h2>E-mail for recovery</h2>
<p id="email-state"></p>
<form id="email-form"><label>Address <input name="email" type="email" required maxlength="254"></label>
<button type="submit">Send a confirmation link</button></form>
<h2>Delete the account</h2>
<p>Your finished games stay, shown as played by "a former player".</p>
<form id="delete-form"><label>Password <input name="password" type="password" required></label>
<button type="submit">Delete my account</button></form>
</section>
<section id="mailed-link" hidden>
<form id="reset-form" hidden><label>New password <input name="password" type="password" autocomplete="new-password" required></label>
<button type="submit">Set the password</button></form>
</section>
<p id="account-message" role="alert"></p>"""


def mount_ranking(app: FastAPI) -> None:
    """Add the ranking and account pages to ``app``."""
    sessions: sessionmaker[Session] = app.state.sessions

    @app.get("/leaderboard", response_class=HTMLResponse, include_in_schema=False)
    def leaderboard_page(
        variant: Annotated[str, Query(max_length=20)] = "riichi",
        length: Annotated[str, Query(max_length=20)] = "east",
        period: Annotated[str, Query(max_length=10)] = "all",
    ) -> str:
        if variant not in VARIANTS or length not in LENGTH_LABELS or period not in ("all", "month"):
            raise HTTPException(404, "no such leaderboard")
        with sessions() as session:
            body = leaderboard_body(session, variant, length, period)
        return pages.layout("Leaderboard", body, active="leaderboard", styles=("ranking.css",))

    @app.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
    def player(name: str) -> str:
        with sessions() as session:
            page = player_page(session, name)
        if page is None:
            raise HTTPException(404, f"no account named {name!r}")
        return pages.layout(page.name, player_body(page), styles=("ranking.css",))

    for path in ("/account", "/account/confirm", "/account/reset"):
        app.add_api_route(path, _account_page, response_class=HTMLResponse, include_in_schema=False)


def _account_page() -> str:
    return pages.layout("Your account", account_body(), script="account.js", active="account")

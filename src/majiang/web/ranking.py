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

from majiang.i18n import _
from majiang.rules import VARIANTS
from majiang.server.ratings import PlayerPage, RatingPoint, leaderboard, player_page
from majiang.web import pages
from majiang.web.formats import date, number, percent
from majiang.web.play import LENGTH_LABELS, VARIANT_NAMES

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
    dot = _("game {n}: {rating} (placed {place})")
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3"><title>'
        f"{escape(dot.format(n=i, rating=number(v, 2), place=p.placement))}</title></circle>"
        for i, ((x, yy), v, p) in enumerate(zip(coords, values, points, strict=True), start=1)
    )
    zero = y(0.0)
    label = _("Rating after each rated game, from {first} to {last}").format(
        first=number(values[0], 2), last=number(values[-1], 2)
    )
    return (
        f'<svg class="rating-plot" viewBox="0 0 {PLOT_W} {PLOT_H}" role="img" '
        f'aria-label="{escape(label)}">'
        f'<line class="axis" x1="{PLOT_LEFT}" y1="{zero:.1f}" x2="{PLOT_W - PLOT_PAD}" '
        f'y2="{zero:.1f}"/>'
        f'<text x="{PLOT_LEFT - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{number(high, 1)}</text>'
        f'<text x="{PLOT_LEFT - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{number(low, 1)}</text>'
        f'<polyline points="{line}" fill="none"/>{dots}</svg>'
    )


def _select(name: str, label: str, options: list[tuple[str, str]], chosen: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>{escape(t)}</option>'
        for v, t in options
    )
    return f'<label>{escape(label)} <select name="{name}">{opts}</select></label>'


def _variant(variant: str) -> str:
    return _(VARIANT_NAMES.get(variant, variant))


def _length(length: str) -> str:
    # the words of web.words, translated here once its catalogs hold them
    return _(LENGTH_LABELS.get(length, length))


def leaderboard_body(session: Session, variant: str, length: str, period: str) -> str:
    """Return the leaderboard page's body, in the language of the moment."""
    board = leaderboard(session, variant, length, period)
    variants = [(v, _variant(v)) for v in VARIANTS]
    lengths = [(k, _length(k)) for k in LENGTH_LABELS]
    periods = [("all", _("All time")), ("month", _("This month"))]
    show = escape(_("Show"))
    form = (
        '<form class="board-choice" method="get" action="/leaderboard">'
        + _select("variant", _("Variant"), variants, variant)
        + _select("length", _("Length"), lengths, length)
        + _select("period", _("Period"), periods, period)
        + f'<button type="submit">{show}</button></form>'
    )
    tabs = " · ".join(
        f'<a href="/leaderboard?{urlencode({"variant": variant, "length": length, "period": p})}"'
        f"{' aria-current=page' if p == period else ''}>{escape(label)}</a>"
        for p, label in periods
    )
    if not board.players:
        empty = _(
            "No rated players here yet. Ratings come from games in private rooms where two or "
            "more players with an account sit; practice against bots is not rated."
        )
        table = f"<p>{escape(empty)}</p>"
    else:
        rows = "".join(
            f'<tr><td class="num">{s.rank}</td>'
            f'<td><a href="/players/{quote(s.name, safe="")}">{escape(s.name)}</a></td>'
            f'<td class="num">{number(s.rating, 2)}</td><td class="num">{number(s.games)}</td></tr>'
            for s in board.players
        )
        heads = [
            _("Rank"),
            _("Player"),
            _("Rating"),
            _("Games this month") if period == "month" else _("Games"),
        ]
        head = "".join(f"<th>{escape(h)}</th>" for h in heads)
        table = f'<table class="leaderboard"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    title = _("Leaderboard: {variant}, {length}").format(
        variant=_variant(variant), length=_length(length)
    )
    note = _(
        "The rating is a cautious estimate of strength (OpenSkill: the skill minus three times "
        "its uncertainty): everyone starts at 0 and climbs by placing well against other rated "
        "players. This month lists those who played a rated game since the first of the month."
    )
    return f'<h1>{escape(title)}</h1><p>{tabs}</p>{form}{table}<p class="note">{escape(note)}</p>'


def _percent(rate: float | None) -> str:
    return "–" if rate is None else percent(rate)


def player_body(page: PlayerPage) -> str:
    """Return a player's page body: ratings, the plot, figures and games, in the language of
    the moment."""
    name = escape(page.name)
    variant_h, length_h = escape(_("Variant")), escape(_("Length"))
    if page.ratings:
        items = "".join(
            f"<tr><td>{escape(_variant(r.variant))}</td>"
            f"<td>{escape(_length(r.length))}</td>"
            f'<td class="num">{number(r.rating, 2)}</td><td class="num">{number(r.games)}</td></tr>'
            for r in page.ratings
        )
        rating_h, rated_h = escape(_("Rating")), escape(_("Rated games"))
        ratings = (
            f"<table><thead><tr><th>{variant_h}</th><th>{length_h}</th><th>{rating_h}</th>"
            f"<th>{rated_h}</th></tr></thead><tbody>{items}</tbody></table>"
        )
    else:
        none = _("{name} has no rated game yet.").format(name=page.name)
        ratings = f"<p>{escape(none)}</p>"
    plots = ""
    for r in page.ratings:
        points = [h for h in page.history if (h.variant, h.length) == (r.variant, r.length)]
        caption = f"{_variant(r.variant)}, {_length(r.length)}"
        plots += f"<figure>{rating_plot(points)}<figcaption>{escape(caption)}</figcaption></figure>"
    average = "–" if page.average_placement is None else number(page.average_placement, 2)
    figures = [
        (_("Games played"), number(page.games_played)),
        (_("Average placement"), average),
        (_("Hands played"), number(page.hands_played)),
        (_("Hands won"), _percent(page.win_rate)),
        (_("Dealt in"), _percent(page.deal_in_rate)),
    ]
    listed = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in figures)
    replay = escape(_("Replay"))
    rows = "".join(
        f"<tr><td>{escape(date(g.finished_at))}</td>"
        f"<td>{escape(_variant(g.variant))}</td>"
        f"<td>{escape(_length(g.length))}</td>"
        f'<td class="num">{"" if g.placement is None else g.placement}</td>'
        f'<td class="num">{"" if g.score is None else number(g.score)}</td>'
        f'<td><a href="{escape(g.replay)}">{replay}</a></td></tr>'
        for g in page.games
    )
    heads = [_("Finished"), _("Variant"), _("Length"), _("Place"), _("Points"), ""]
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    no_games = escape(_("No finished games yet."))
    games = (
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        if page.games
        else f"<p>{no_games}</p>"
    )
    note = _(
        "Hands won and dealt in count every hand of every finished game; a replay of a private "
        "room's game opens for its players only."
    )
    w = {
        "ratings": escape(_("Ratings")),
        "record": escape(_("Record")),
        "finished": escape(_("Finished games")),
    }
    return (
        f"<h1>{name}</h1><h2>{w['ratings']}</h2>{ratings}{plots}<h2>{w['record']}</h2>"
        f'<dl class="figures">{listed}</dl>'
        f"<h2>{w['finished']}</h2>{games}"
        f'<p class="note">{escape(note)}</p>'
    )


def account_body() -> str:
    """Return the account page's body (filled in by ``static/account.js``), in the language of
    the moment."""
    w = {key: escape(text) for key, text in _account_words().items()}
    # account.js writes the name into the <strong>
    signed_in = escape(_("Signed in as {name}.")).format(name='<strong id="account-name"></strong>')
    return f"""<h1>{w["title"]}</h1>
<p id="account-status" role="status">{w["loading"]}</p>
<section id="signed-out" hidden>
<h2>{w["keep"]}</h2>
<p>{w["why"]}</p>
<form id="claim-form"><label>{w["name"]} <input name="name" autocomplete="username" required maxlength="40"></label>
<label>{w["password"]} <input name="password" type="password" autocomplete="new-password" required></label>
<button type="submit">{w["create"]}</button></form>
<h2>{w["sign_in"]}</h2>
<form id="signin-form"><label>{w["name"]} <input name="name" autocomplete="username" required maxlength="40"></label>
<label>{w["password"]} <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">{w["sign_in"]}</button></form>
<h2>{w["forgot"]}</h2>
<form id="reset-request-form"><label>{w["name"]} <input name="name" required maxlength="40"></label>
<button type="submit">{w["mail_me"]}</button></form>
</section>
<section id="signed-in" hidden>
<p>{signed_in} <a id="account-page" href="#">{w["public_page"]}</a></p>
<button id="signout" type="button">{w["sign_out"]}</button>
<h2>{w["rename"]}</h2>
<form id="rename-form"><label>{w["new_name"]} <input name="name" required maxlength="40"></label>
<button type="submit">{w["rename"]}</button></form>
<h2>{w["email"]}</h2>
<p id="email-state"></p>
<form id="email-form"><label>{w["address"]} <input name="email" type="email" required maxlength="254"></label>
<button type="submit">{w["send_link"]}</button></form>
<h2>{w["delete"]}</h2>
<p>{w["games_stay"]}</p>
<form id="delete-form"><label>{w["password"]} <input name="password" type="password" required></label>
<button type="submit">{w["delete_mine"]}</button></form>
</section>
<section id="mailed-link" hidden>
<form id="reset-form" hidden><label>{w["new_password"]} <input name="password" type="password" autocomplete="new-password" required></label>
<button type="submit">{w["set_password"]}</button></form>
</section>
<p id="account-message" role="alert"></p>"""


def _account_words() -> dict[str, str]:
    words = {
        "title": _("Your account"),
        "loading": _("Loading…"),
        "keep": _("Keep your games"),
        "why": _(
            "You can play without an account. Make one to keep your games and your rating on "
            "every device: the games you played in this browser stay yours."
        ),
        "name": _("Name"),
        "password": _("Password"),
        "create": _("Create account"),
        "sign_in": _("Sign in"),
        "forgot": _("Forgot your password?"),
        "mail_me": _("Mail me a link"),
        "public_page": _("Your public page"),
        "sign_out": _("Sign out"),
        "rename": _("Rename"),
        "new_name": _("New name"),
        "email": _("E-mail for recovery"),
        "address": _("Address"),
        "send_link": _("Send a confirmation link"),
        "delete": _("Delete the account"),
        "games_stay": _('Your finished games stay, shown as played by "a former player".'),
        "delete_mine": _("Delete my account"),
        "new_password": _("New password"),
        "set_password": _("Set the password"),
    }
    return words


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
            raise HTTPException(404, _("There is no such leaderboard."))
        with sessions() as session:
            body = leaderboard_body(session, variant, length, period)
        return pages.layout(_("Leaderboard"), body, active="leaderboard", styles=("ranking.css",))

    @app.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
    def player(name: str) -> str:
        with sessions() as session:
            page = player_page(session, name)
        if page is None:
            raise HTTPException(404, _("There is no account named {name!r}.").format(name=name))
        return pages.layout(page.name, player_body(page), styles=("ranking.css",))

    for path in ("/account", "/account/confirm", "/account/reset"):
        app.add_api_route(path, _account_page, response_class=HTMLResponse, include_in_schema=False)


def _account_page() -> str:
    return pages.layout(_("Your account"), account_body(), script="account.js", active="account")

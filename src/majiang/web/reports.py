"""The "Report a problem" page (``static/report.js``) and the admin's list of reports, drawn
on the server for a signed-in admin (``server/reports.py``)."""

from __future__ import annotations

from html import escape
from typing import Annotated

from fastapi import Cookie, FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session, sessionmaker

from majiang.i18n import _
from majiang.server.accounts import player_from
from majiang.server.reports import reports
from majiang.web import pages


def report_body() -> str:
    """Return the "Report a problem" page's body in the language of the moment."""
    w = {key: escape(text) for key, text in _report_words().items()}
    return f"""<h1>{w["title"]}</h1>
<p>{w["intro"]}</p>
<form id="report-form">
<label>{w["about"]} <select name="kind"><option value="rule">{w["rule"]}</option>
<option value="translation">{w["translation"]}</option>
<option value="other" selected>{w["other"]}</option></select></label>
<label>{w["page"]} <input name="page" maxlength="200" placeholder="/rules/riichi"></label>
<label>{w["wrong"]} <textarea name="text" rows="6" maxlength="4000" required></textarea></label>
<button type="submit">{w["send"]}</button></form>
<p id="report-message" role="status"></p>"""


def _report_words() -> dict[str, str]:
    return {
        "title": _("Report a problem"),
        "intro": _(
            "Found a rule scored wrong, a word badly translated, or anything else amiss? Tell "
            "us: the server's admins read every report."
        ),
        "about": _("About"),
        "rule": _("A rule or a score"),
        "translation": _("A translation or a word"),
        "other": _("Something else"),
        "page": _("Page"),
        "wrong": _("What is wrong"),
        "send": _("Send the report"),
    }


def admin_body(session: Session, cookie: str | None) -> tuple[int, str]:
    """Return the status and body of the admin's page of reports, in the language of the
    moment."""
    title = escape(_("Reports"))
    player = player_from(session, None, cookie)
    if player is None or player.role != "admin":
        only = escape(
            _(
                "This page is for the server's admins: sign in with an account made admin from "
                "the command line ({command})."
            )
        ).format(command="<code>majiang admin grant NAME</code>")
        return 403, f"<h1>{title}</h1><p>{only}</p>"
    found = reports(session)
    if not found:
        none = escape(_("No problem reported yet."))
        return 200, f"<h1>{title}</h1><p>{none}</p>"
    kinds = {
        "rule": _("A rule or a score"),
        "translation": _("A translation or a word"),
        "other": _("Something else"),
    }
    anonymous = _("not signed in")
    rows = "".join(
        f"<tr><td>{escape(r.created_at[:16])}</td><td>{escape(kinds.get(r.kind, r.kind))}</td>"
        f"<td>{escape(r.page)}</td><td>{escape(r.player or anonymous)}</td>"
        f'<td class="report-text">{escape(r.text)}</td></tr>'
        for r in found
    )
    heads = [_("When"), _("About"), _("Page"), _("From"), _("What is wrong")]
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    return 200, (
        f"<h1>{title}</h1><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def mount_reports(app: FastAPI) -> None:
    """Add ``/report`` and ``/admin/reports`` to ``app``."""
    sessions: sessionmaker[Session] = app.state.sessions

    @app.get("/report", response_class=HTMLResponse, include_in_schema=False)
    def report_page() -> str:
        return pages.layout(_("Report a problem"), report_body(), script="report.js")

    @app.get("/admin/reports", include_in_schema=False)
    def admin_reports(
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> HTMLResponse:
        with sessions() as session:
            status, body = admin_body(session, majiang_signin)
        return HTMLResponse(pages.layout(_("Reports"), body), status_code=status)

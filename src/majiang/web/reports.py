"""The "Report a problem" page (``static/report.js``) and the admin's list of reports, drawn
on the server for a signed-in admin (``server/reports.py``)."""

from __future__ import annotations

from html import escape
from typing import Annotated

from fastapi import Cookie, FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session, sessionmaker

from majiang.server.accounts import player_from
from majiang.server.reports import reports
from majiang.web import pages

REPORT_BODY = """<h1>Report a problem</h1>
<p>Found a rule scored wrong, a word badly translated, or anything else amiss? Tell us: the
server's admins read every report.</p>
<form id="report-form">
<label>About <select name="kind"><option value="rule">A rule or a score</option>
<option value="translation">A translation or a word</option>
<option value="other" selected>Something else</option></select></label>
<label>Page <input name="page" maxlength="200" placeholder="/rules/riichi"></label>
<label>What is wrong <textarea name="text" rows="6" maxlength="4000" required></textarea></label>
<button type="submit">Send the report</button></form>
<p id="report-message" role="status"></p>"""


def admin_body(session: Session, cookie: str | None) -> tuple[int, str]:
    """Return the status and body of the admin's page of reports."""
    player = player_from(session, None, cookie)
    if player is None or player.role != "admin":
        return 403, (
            "<h1>Reports</h1><p>This page is for the server's admins: sign in with an account "
            "made admin from the command line (<code>majiang admin grant NAME</code>).</p>"
        )
    found = reports(session)
    if not found:
        return 200, "<h1>Reports</h1><p>No problem reported yet.</p>"
    rows = "".join(
        f"<tr><td>{escape(r.created_at[:16])}</td><td>{escape(r.kind)}</td>"
        f"<td>{escape(r.page)}</td><td>{escape(r.player or 'not signed in')}</td>"
        f'<td class="report-text">{escape(r.text)}</td></tr>'
        for r in found
    )
    return 200, (
        "<h1>Reports</h1><table><thead><tr><th>When</th><th>About</th><th>Page</th>"
        f"<th>From</th><th>What is wrong</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def mount_reports(app: FastAPI) -> None:
    """Add ``/report`` and ``/admin/reports`` to ``app``."""
    sessions: sessionmaker[Session] = app.state.sessions

    @app.get("/report", response_class=HTMLResponse, include_in_schema=False)
    def report_page() -> str:
        return pages.layout("Report a problem", REPORT_BODY, script="report.js")

    @app.get("/admin/reports", include_in_schema=False)
    def admin_reports(
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> HTMLResponse:
        with sessions() as session:
            status, body = admin_body(session, majiang_signin)
        return HTMLResponse(pages.layout("Reports", body), status_code=status)

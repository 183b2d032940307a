"""``majiang admin grant|revoke NAME``: make an account an admin of the server (it then sees
the problems players report, at /admin/reports), or a player again. The database is the
server's: ``MAJIANG_DATABASE_URL`` or the SQLite file ``majiang serve`` uses."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from majiang.i18n import _


def register(sub: Any) -> None:
    """Add the ``admin`` subcommand."""
    p = sub.add_parser("admin", help=_("give or take the admin role"), description=__doc__)
    p.add_argument("action", choices=("grant", "revoke"))
    p.add_argument("name", help="the account's name (any case)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Set the role; 2 when there is no such account."""
    try:
        from majiang.server.db import open_database
        from majiang.server.reports import set_role
        from majiang.server.settings import default_database_url
    except ModuleNotFoundError as exc:
        print(f"majiang admin needs the server extra: pip install 'majiang[server]' ({exc.name})")
        return 2
    sessions = open_database(default_database_url())
    role = "admin" if args.action == "grant" else "player"
    with sessions() as session, session.begin():
        try:
            player = set_role(session, args.name, role)
        except LookupError as exc:
            print(f"majiang admin: error: {exc.args[0]}", file=sys.stderr)
            return 2
    print(f"{player.name} is now {'an admin' if role == 'admin' else 'a player'}")
    return 0

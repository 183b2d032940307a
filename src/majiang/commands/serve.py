"""``majiang serve``: start the game server (FastAPI on uvicorn)."""

from __future__ import annotations

import argparse
from typing import Any

from majiang.i18n import _


def register(sub: Any) -> None:
    """Add the ``serve`` subcommand."""
    p = sub.add_parser("serve", help=_("start the game server"), description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start uvicorn with the application; the database is SQLite unless MAJIANG_DATABASE_URL."""
    try:
        import uvicorn

        from majiang.server.app import create_app
        from majiang.server.settings import Settings
    except ModuleNotFoundError as exc:  # the server extra is not installed
        print(f"majiang serve needs the server extra: pip install 'majiang[server]' ({exc.name})")
        return 2
    settings = Settings.from_env(args.host, args.port)
    print(
        f"majiang server on http://{settings.host}:{settings.port} (database {settings.database_url})"
    )
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        access_log=False,
        ws_max_size=65536,  # bigger frames close the connection; frames over max_frame_bytes
        ws_per_message_deflate=False,  # get an error frame. Frames are small: no compression
    )
    return 0

"""``majiang worker``: choose for the bots of several server instances (docs/deploy.md)."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import threading
from typing import Any

from majiang.i18n import _


def register(sub: Any) -> None:
    """Add the ``worker`` subcommand."""
    p = sub.add_parser(
        "worker", help=_("choose for the bots of the server instances"), description=__doc__
    )
    p.add_argument(
        "--redis",
        default=os.environ.get("MAJIANG_REDIS_URL", ""),
        help="the instances' Redis (default: MAJIANG_REDIS_URL)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Take the bots' jobs from Redis and answer them until SIGTERM or Ctrl-C."""
    if not args.redis:
        print("majiang worker needs the instances' Redis: --redis URL or MAJIANG_REDIS_URL")
        return 2
    try:
        from majiang.server.workers import serve
    except ModuleNotFoundError as exc:  # the server extra is not installed
        print(f"majiang worker needs the server extra: pip install 'majiang[server]' ({exc.name})")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print(f"majiang worker {os.getpid()} on {args.redis}", flush=True)
    try:
        answered = serve(args.redis, stop)
    except KeyboardInterrupt:
        return 0
    print(f"majiang worker {os.getpid()}: {answered} choices made")
    return 0

"""``majiang bot --mjai --level L``: one of our bots as an mjai player on standard input/output.

Reads mjai events (one JSON object, or an array of them, per line), keeps its own game state,
and writes one reaction per line: ``dahai``, ``reach``, ``chi``, ``pon``, ``daiminkan``,
``ankan``, ``kakan``, ``hora``, ``ryukyoku`` or ``none``. Riichi only. The seat comes from
``start_game``'s ``id``, else from the one visible hand in ``start_kyoku``. ``--debug`` writes
to standard error whatever the player could not follow.

    majiang arena --bots "mjai:majiang bot --mjai --level expert",expert,expert,expert
"""

from __future__ import annotations

import sys
from typing import Any

from majiang.errors import MajiangError
from majiang.i18n import _

_LEVELS = ("beginner", "normal", "expert", "master", "random", "tsumogiri", "eager")


def register(sub: Any) -> None:
    """Add the ``bot`` subcommand."""
    p = sub.add_parser("bot", help=_("play as an mjai bot on stdin/stdout"), description=__doc__)
    p.add_argument("--mjai", action="store_true", help="speak the mjai protocol (required)")
    p.add_argument("--level", choices=_LEVELS, default="expert")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--samples", type=int, default=None, help="master: worlds per looked-ahead decision"
    )
    p.add_argument(
        "--budget", type=float, default=None, help="master: seconds per decision at most"
    )
    p.add_argument("--debug", action="store_true", help="report unfollowed events on stderr")
    p.set_defaults(run=run)


def run(args: Any) -> int:
    """Play until standard input ends."""
    if not args.mjai:
        raise MajiangError("majiang bot speaks mjai only: add --mjai")
    from majiang.bots.mjai_player import MjaiPlayer, serve

    bot = None
    if args.level == "master":
        from majiang.bots.master import BUDGET, SAMPLES, MasterBot

        bot = MasterBot(
            args.seed,
            "riichi",
            {"aka": 1},
            samples=SAMPLES if args.samples is None else args.samples,
            budget=BUDGET if args.budget is None else args.budget,
        )
    player = MjaiPlayer(args.level, args.seed, bot)
    serve(player, sys.stdin, sys.stdout, debug=args.debug)
    return 0

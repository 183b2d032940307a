"""``majiang arena``: a duplicate match between bots, the same deals with the seats rotated.

Per level: average placement, points per hand, win rate and deal-in rate, each with its 95%
interval over deals, and decisions per second. ``--json`` prints the whole match as one JSON
object whose ``levels`` list holds one record per level (``level``, ``points_per_hand``,
``points_per_hand_ci`` ...). A riichi seat may be an external mjai bot: ``mjai:COMMAND``.
``--ray auto`` (or ``--ray HOST:PORT``) plays the deals on a Ray cluster instead of local
processes: the same results for the same seed, the timings apart.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from majiang.bots.arena import ArenaReport, run_arena
from majiang.commands.simulate import _options
from majiang.errors import MajiangError
from majiang.i18n import _
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS


def register(sub: Any) -> None:
    """Add the ``arena`` subcommand."""
    p = sub.add_parser("arena", help=_("a duplicate match between bots"), description=__doc__)
    p.add_argument("--variant", choices=VARIANTS, default="riichi")
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bots, one per seat: beginner, normal, expert, random, tsumogiri, "
        "eager, or mjai:COMMAND (riichi)",
    )
    p.add_argument("--games", type=int, default=100, help="deals, each played in every rotation")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play the deals on a Ray cluster: auto (the cluster of this machine) or HOST:PORT "
        "of its head; needs the cluster extra",
    )
    p.add_argument("--length", choices=LENGTHS, default="one_hand")
    p.add_argument("--json", action="store_true", help="print the match as JSON")
    p.add_argument(
        "--rule", action="append", default=[], metavar="NAME=VALUE", help="a table option"
    )
    p.add_argument(
        "--preset",
        choices=("tenhou", "mahjong_soul", "wrc", "ema", "mleague"),
        help="a named riichi rule set (docs/riichi.md); --rule options override it",
    )
    p.set_defaults(run=run)


def _split_bots(text: str) -> list[str]:
    """Return the seat names; a comma inside ``mjai:"..."`` quotes does not split."""
    out: list[str] = []
    current = ""
    quoted = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
            continue
        if ch == "," and not quoted:
            out.append(current.strip())
            current = ""
        else:
            current += ch
    out.append(current.strip())
    return out


def _cell(figure: tuple[float, float, float], scale: float = 1.0, digits: int = 2) -> str:
    mean, low, high = (x * scale for x in figure)
    return f"{mean:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def print_report(report: ArenaReport) -> None:
    """Print the match as a table."""
    print(
        f"{report.variant}: {', '.join(report.names)}; {report.deals} deals x "
        f"{len(report.names)} rotations = {report.hands} hands ({report.length}), seed "
        f"{report.seed}, {report.seconds:.1f} s"
    )
    header = ("level", "seats", "placement", "points/hand", "win %", "deal-in %", "decisions/s")
    rows = [
        (
            r.level,
            str(r.seats),
            _cell(r.placement),
            _cell(r.points_per_hand, digits=1),
            _cell(r.win_rate, 100, 1),
            _cell(r.deal_in_rate, 100, 1),
            f"{r.decisions_per_second:.0f}",
        )
        for r in report.rows
    ]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    for r in report.rows:
        if r.illegal:
            print(f"{r.level}: {r.illegal} illegal replies (replaced by a pass or tsumogiri)")
    print("intervals: 95%, over deals (each deal played in every rotation)")


def run(args: Any) -> int:
    """Run the match and print it."""
    names = _split_bots(args.bots)
    players = get_ruleset(args.variant).players
    if len(names) != players:
        raise MajiangError(f"{args.variant} seats {players} bots, got {len(names)}: {args.bots!r}")
    if args.games < 1:
        raise MajiangError(f"--games must be at least 1, got {args.games}")
    if any(n.startswith("mjai:") for n in names) and args.variant != "riichi":
        raise MajiangError("an mjai seat plays riichi only")
    report = run_arena(
        args.variant,
        names,
        args.games,
        seed=args.seed,
        workers=args.workers,
        length=args.length,
        options=({"preset": args.preset} if args.preset else {}) | _options(args.rule),
        warm=args.games * players >= 40,
        ray=args.ray,
    )
    if args.json:
        json.dump(report.to_dict(), sys.stdout)
        print()
    else:
        print_report(report)
    return 0

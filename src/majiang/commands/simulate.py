"""``majiang simulate``: bots play many games headless; the statistics of the games are printed.

Per seat: win rate and deal-in rate (per hand), average final points and placement; overall:
hands per second and a count of each kind of event (calls by kind, riichi, wins by kind, robbed
kongs, multiple ron, abortive draws by reason, exhaustive draws, nagashi mangan, busts ...).
Game ``i`` uses seed ``SEED + i``; ``--records DIR`` writes each game's record there.
``--ray auto`` (or ``--ray HOST:PORT``) plays the games on a Ray cluster, one task a game: the
same statistics for the same seed, the timings apart.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from majiang.bots import make_bot
from majiang.bots.cluster import run_on_ray
from majiang.bots.play import play_game
from majiang.errors import MajiangError
from majiang.events import (
    Called,
    Event,
    GameEnded,
    HandEnded,
    PointsMoved,
    RiichiDeclared,
    Won,
)
from majiang.i18n import _
from majiang.records import save_record
from majiang.records.native import GameRecord
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS
from majiang.state import GameState


def register(sub: Any) -> None:
    """Add the ``simulate`` subcommand."""
    p = sub.add_parser("simulate", help=_("let bots play many games"), description=__doc__)
    p.add_argument("--variant", choices=VARIANTS, default="riichi")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--length", choices=LENGTHS, default="east")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default=None, help="comma-separated bot names, one per seat")
    p.add_argument("--records", metavar="DIR", help="write each game's record into DIR")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play the games on a Ray cluster: auto (the cluster of this machine) or HOST:PORT "
        "of its head; needs the cluster extra",
    )
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. bust=false (VALUE read as JSON)",
    )
    p.add_argument(
        "--preset",
        choices=("tenhou", "mahjong_soul", "wrc", "ema", "mleague"),
        help="a named riichi rule set (docs/riichi.md); --rule options override it",
    )
    p.set_defaults(run=run)


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise MajiangError(f"--rule wants NAME=VALUE, got {pair!r}")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


class Stats:
    """Counts gathered from the events of every game."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.hands = 0
        self.games = 0
        self.wins = [0] * players
        self.deal_ins = [0] * players
        self.points = [0] * players
        self.places = [0] * players
        self.events: Counter[str] = Counter()

    def see(self, state: GameState, events: list[Event]) -> None:
        """Count one step's events."""
        for e in events:
            self.events[e.kind] += 1
            if isinstance(e, Called):
                self.events[f"call:{e.meld}"] += 1
            elif isinstance(e, RiichiDeclared):
                self.events["riichi:double" if e.double else "riichi"] += 1
            elif isinstance(e, Won):
                self.wins[e.seat] += 1
                if e.source is None:
                    self.events["win:tsumo"] += 1
                else:
                    self.events["win:ron"] += 1
                    self.deal_ins[e.source] += 1
                if e.robbed_kong:
                    self.events["win:robbed_kong"] += 1
                if e.liable is not None:
                    self.events["win:pao"] += 1
            elif isinstance(e, PointsMoved) and e.reason not in ("win", "riichi"):
                self.events[f"payment:{e.reason}"] += 1
            elif isinstance(e, GameEnded):
                self.events[f"game:{e.reason}"] += 1
            elif isinstance(e, HandEnded):
                self.hands += 1
                self.events[
                    f"hand:{e.outcome}" + (f":{e.reason}" if e.outcome == "abortive_draw" else "")
                ] += 1
                if len(e.winners) > 1:
                    self.events[f"win:multiple_{len(e.winners)}"] += 1
        if state.game_over:
            self.games += 1
            for s in range(self.players):
                self.points[s] += state.scores[s]
                self.places[s] += state.placements[s]

    def add(self, other: Stats) -> None:
        """Add the counts of ``other`` (games played elsewhere, e.g. on a Ray worker)."""
        self.hands += other.hands
        self.games += other.games
        for mine, theirs in (
            (self.wins, other.wins),
            (self.deal_ins, other.deal_ins),
            (self.points, other.points),
            (self.places, other.places),
        ):
            for s in range(self.players):
                mine[s] += theirs[s]
        self.events.update(other.events)

    def summary(self, seconds: float, bots: list[str]) -> dict[str, Any]:
        """Return the statistics as a JSON-able dict."""
        hands = max(self.hands, 1)
        games = max(self.games, 1)
        return {
            "games": self.games,
            "hands": self.hands,
            "seconds": round(seconds, 3),
            "hands_per_second": round(self.hands / seconds, 1) if seconds else None,
            "seats": [
                {
                    "seat": s,
                    "bot": bots[s],
                    "win_rate": round(self.wins[s] / hands, 4),
                    "deal_in_rate": round(self.deal_ins[s] / hands, 4),
                    "average_points": round(self.points[s] / games, 1),
                    "average_placement": round(self.places[s] / games, 3),
                }
                for s in range(self.players)
            ],
            "events": dict(sorted(self.events.items())),
        }


def play_one(
    job: tuple[str, list[str], int, str, dict[str, Any], bool],
) -> tuple[Stats, GameRecord | None]:
    """Return the counts of the game of one seed and its record (when ``keep``): the unit of
    work a Ray worker takes under ``--ray``."""
    variant, names, seed, length, options, keep = job
    rules = get_ruleset(variant)
    stats = Stats(rules.players)
    bots = [make_bot(name, seed * 16 + s) for s, name in enumerate(names)]
    game = play_game(
        rules,
        bots,
        seed=seed,
        length=length,
        options=options,
        record_events=keep,
        on_events=stats.see,
    )
    return stats, game.record if keep else None


def run(args: argparse.Namespace) -> int:
    """Play the games and print the statistics; return the exit code."""
    rules = get_ruleset(args.variant)
    names = (args.bots or ",".join(["random"] * rules.players)).split(",")
    if len(names) != rules.players:
        raise MajiangError(
            f"{args.variant} needs {rules.players} bots, got {len(names)}: {args.bots}"
        )
    for name in names:
        make_bot(name)
    if args.games < 1:
        raise MajiangError(f"--games must be at least 1, got {args.games}")
    options = _options(args.rule)
    if args.preset:
        options = {"preset": args.preset, **options}
    out_dir = Path(args.records) if args.records else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    stats = Stats(rules.players)
    err = Console(stderr=True)
    start = time.perf_counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[hands]} hands"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{args.variant} games", total=args.games, hands=0)
        jobs = [
            (args.variant, names, args.seed + i, args.length, options, out_dir is not None)
            for i in range(args.games)
        ]
        if args.ray is not None:
            results = iter(run_on_ray(args.ray, play_one, jobs))
        else:
            results = (play_one(job) for job in jobs)
        for job, (game_stats, record) in zip(jobs, results, strict=True):
            stats.add(game_stats)
            if out_dir is not None and record is not None:
                save_record(record, out_dir / f"game-{job[2]:06d}.json")
            progress.update(task, advance=1, hands=stats.hands)
    summary = stats.summary(time.perf_counter() - start, names)
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    console = Console(highlight=False)
    table = Table(title=f"{args.variant}: {summary['games']} games, {summary['hands']} hands")
    for col in ("seat", "bot", "win rate", "deal-in rate", "avg points", "avg place"):
        table.add_column(col, justify="right")
    for s in summary["seats"]:
        table.add_row(
            str(s["seat"]),
            s["bot"],
            f"{s['win_rate']:.1%}",
            f"{s['deal_in_rate']:.1%}",
            f"{s['average_points']:.0f}",
            f"{s['average_placement']:.2f}",
        )
    console.print(table)
    console.print(f"{summary['hands_per_second']} hands/s ({summary['seconds']} s)")
    events = Table(title="events")
    events.add_column("kind")
    events.add_column("count", justify="right")
    for name, count in summary["events"].items():
        events.add_row(name, str(count))
    console.print(events)
    return 0

"""``majiang replay FILE [--verify]``: print a recorded game hand by hand, or check it.

Without ``--verify`` the stored events are printed: each hand's start, calls, riichi, wins with
their patterns and points, draws, the scores after each hand and the final placements.
``--verify`` re-runs the engine from the seed and the actions and fails (exit code 1) at the
first event that differs from the record.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from majiang.records import RecordMismatch, load_record, verify

WINDS = "ESWN"


def register(sub: Any) -> None:
    """Add the ``replay`` subcommand."""
    p = sub.add_parser("replay", help="print or verify a game record", description=__doc__)
    p.add_argument("file", help="a native record (JSON)")
    p.add_argument(
        "--verify", action="store_true", help="re-run the engine and compare every event"
    )
    p.set_defaults(run=run)


def _line(event: dict[str, Any]) -> str | None:
    kind = event.get("type")
    if kind == "hand_started":
        label = f"hand {event['hand'] + 1} ({WINDS[event['round_wind'] % 4]}{event['dealer'] + 1})"
        scores = " ".join(str(s) for s in event["scores"])
        return (
            f"\n[bold]{label}[/] honba {event['honba']}, sticks {event['sticks']}, "
            f"dealer seat {event['dealer']}; scores {scores}"
        )
    if kind == "called":
        src = "" if event.get("source") is None else f" from seat {event['source']}"
        return f"  seat {event['seat']}: {event['meld']} {event['tiles']}{src}"
    if kind == "riichi_declared":
        return f"  seat {event['seat']}: {'double ' if event.get('double') else ''}riichi"
    if kind == "won":
        how = "tsumo" if event.get("source") is None else f"ron from seat {event['source']}"
        if event.get("robbed_kong"):
            how += " (robbing a kong)"
        result = event.get("result") or {}
        items = ", ".join(f"{i['name']} {i['value']}" for i in result.get("items", []))
        fu = f" {result['fu']} fu" if result.get("fu") else ""
        total = (result.get("points") or {}).get("total", 0)
        return (
            f"  [green]seat {event['seat']} wins[/] by {how} on {event['tile']}: "
            f"{event['hand']} {' '.join(event.get('melds', []))}\n"
            f"    {items}; {result.get('total', 0)} {result.get('unit', '')}{fu} = {total}"
        )
    if kind == "points_moved" and event.get("reason") not in ("win", "riichi"):
        deltas = " ".join(f"{d:+d}" for d in event["deltas"])
        return f"  {event['reason']}: {deltas}"
    if kind == "hand_ended":
        scores = " ".join(str(s) for s in event["scores"])
        what = event["outcome"].replace("_", " ")
        if event.get("reason") and event["outcome"] != "win":
            what += f" ({event['reason'].replace('_', ' ')})"
        if event["outcome"] == "exhaustive_draw":
            what += f", ready: {event.get('ready') or 'none'}"
        return f"  {what}; scores {scores}"
    if kind == "game_ended":
        final = event.get("final_points") or event["scores"]
        places = ", ".join(
            f"seat {s}: {p} ({event['scores'][s]}"
            + (f", {final[s] / 1000:+.1f}" if final != event["scores"] else "")
            + ")"
            for s, p in enumerate(event["placements"])
        )
        return f"\n[bold]Game over[/] ({event.get('reason', '')}): {places}"
    return None


def run(args: argparse.Namespace) -> int:
    """Print or verify the record; return the exit code."""
    console = Console(highlight=False)
    record = load_record(args.file)
    if args.verify:
        try:
            checked = verify(record)
        except RecordMismatch as exc:
            console.print(f"[red]verify failed[/]: {exc}", markup=True)
            return 1
        console.print(
            f"ok: {len(record.actions)} actions re-run, {checked} events identical "
            f"({record.variant}, seed {record.seed})"
        )
        return 0
    console.print(
        f"{record.variant} game, seed {record.seed}, length {record.length}, "
        f"seats {', '.join(record.seats)}"
    )
    for event in record.events:
        line = _line(event)
        if line is not None:
            console.print(line)
    return 0

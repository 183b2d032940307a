"""Where the money goes in Sichuan duplicate play, per bot level.

    .venv/bin/python bench/sichuan_money.py [--bots expert,expert,normal,normal]
                                             [--deals 500] [--seed 9200] [--json FILE]

Plays the arena's duplicate deals through its own ``play_deal`` (deal ``i`` is game seed
``seed + i``, once per rotation of the seats, so the points per hand are the arena's) and
splits every level's points by where they came from, per seat-hand: discard wins
and self-draws (count and fan), deal-ins (count and cost, by the winner's level), self-draws
paid (by the winner's level), kong money ("wind and rain") received and paid, the
exhaustive-draw settlements (not ready, three suits, kong money returned), the order of winning
(first, second, third out), the patterns of the winning hands, the calls made, and how often
the suit declared void is the suit the seat passed in the exchange.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from majiang.bots.arena import interval, play_deal
from majiang.events import Called, Event, HandEnded, PointsMoved, TilesPassed, VoidDeclared, Won
from majiang.shanten import precompute
from majiang.tiles import kind


def tally_game(seated: list[str], events: list[Event], stats: dict[str, Counter[str]]) -> None:
    """Add one game's events to the per-level counters."""
    wins: list[Won] = []
    passed: dict[int, str] = {}
    for e in events:
        if isinstance(e, TilesPassed):
            passed[e.seat] = "mps"[kind(e.tiles[0]) // 9]
        elif isinstance(e, VoidDeclared):
            stats[seated[e.seat]]["void_is_passed_suit"] += passed.get(e.seat) == e.suit
        elif isinstance(e, Called):
            stats[seated[e.seat]][f"calls_{e.meld}"] += 1
        elif isinstance(e, Won):
            wins.append(e)
            c = stats[seated[e.seat]]
            how = "self_draw" if e.source is None else "discard_win"
            c[f"{how}s"] += 1
            c[f"{how}_fan"] += int(e.result.get("total", 0))
            c[f"out_{len(wins)}"] += 1
            for item in e.result.get("items", []):
                c[f"pattern_{item['id']}"] += 1
        elif isinstance(e, PointsMoved):
            _money(seated, e, wins, stats)
        elif isinstance(e, HandEnded):
            for s, level in enumerate(seated):
                stats[level]["hands"] += 1
                if s not in e.winners:
                    stats[level]["not_out_at_end"] += 1
                    stats[level]["ready_at_draw"] += s in e.ready


def _money(
    seated: list[str], e: PointsMoved, wins: list[Won], stats: dict[str, Counter[str]]
) -> None:
    for s, delta in enumerate(e.deltas):
        if not delta:
            continue
        c = stats[seated[s]]
        if e.reason != "win":
            c[f"money_{e.reason}_{'received' if delta > 0 else 'paid'}"] += delta
            continue
        w = wins[-1]
        if s == w.seat:
            key = "money_self_draw" if w.source is None else "money_discard_win"
        elif w.source is None:
            key = f"money_self_draw_paid_to_{seated[w.seat]}"
        else:
            key = f"money_deal_in_to_{seated[w.seat]}"
            c[f"deal_ins_to_{seated[w.seat]}"] += 1
        c[key] += delta


def run(names: list[str], deals: int, seed: int) -> dict[str, Any]:
    """Return per level the counters and the points per hand with their 95% interval."""
    precompute(9, 4)
    stats: dict[str, Counter[str]] = {n: Counter() for n in names}
    per_deal: dict[str, list[float]] = {n: [] for n in names}

    def watch(seated: list[str], events: list[Event]) -> None:
        tally_game(seated, events, stats)

    for i in range(deals):
        points: Counter[str] = Counter()
        hands: Counter[str] = Counter()
        for r in play_deal("sichuan", names, seed + i, watch=watch):
            points[r.name] += r.points
            hands[r.name] += 1
        for level in points:
            per_deal[level].append(points[level] / hands[level])
    out: dict[str, Any] = {}
    for level, c in stats.items():
        if level in out:
            continue
        mean, low, high = interval(per_deal[level])
        out[level] = {
            "points_per_hand": round(mean, 4),
            "points_per_hand_ci": [round(low, 4), round(high, 4)],
            "counts": dict(sorted(c.items())),
        }
    return out


def main() -> int:
    """Print the breakdown (per seat-hand) and optionally write it as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="expert,expert,normal,normal")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=9200)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    started = time.process_time()
    result = run(args.bots.split(","), args.deals, args.seed)
    for level, row in result.items():
        hands = row["counts"]["hands"]
        low, high = row["points_per_hand_ci"]
        print(f"{level}: {hands} seat-hands, {row['points_per_hand']:+.3f} [{low:.3f}, {high:.3f}]")
        for key, value in row["counts"].items():
            print(f"  {key:40s} {value:7d}  {value / hands:+.4f} per seat-hand")
    print(f"CPU {time.process_time() - started:.0f} s", file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

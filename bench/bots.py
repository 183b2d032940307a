"""Bot strength, measured with the arena: the ladder and the baselines, per variant.

    .venv/bin/python bench/bots.py [--variants riichi,hk,...] [--deals 300] [--anchor-deals 100]
                                   [--levels beginner,normal,expert] [--only ladder|anchor]
                                   [--seed 0] [--workers 2] [--json FILE]

For each variant, duplicate matches (``majiang arena``, one-hand games, every deal played in
every rotation of the seats):

- the ladder, two seats of each level (one against one in ``hk2``): beginner against random,
  normal against beginner, expert against normal, each ``--deals`` deals;
- the anchors, each level with two seats against the fixed baselines (one random and one
  tsumogiri seat; in ``hk2`` the level against each baseline), ``--anchor-deals`` deals.

It prints one markdown row per match and level: points per hand with its 95% interval (over
deals), win and deal-in rates, decisions per second, and whether the stronger level's interval
lies wholly above the weaker's. Each row names the ``majiang arena`` command that reproduces it.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from majiang.bots.arena import ArenaReport, run_arena
from majiang.rules import VARIANTS, get_ruleset

LADDER = (("beginner", "random"), ("normal", "beginner"), ("expert", "normal"))


def matches(
    variant: str, levels: tuple[str, ...] = ("beginner", "normal", "expert")
) -> list[tuple[str, list[str]]]:
    """Return (kind, seats) of every match run for a variant (the ladder matches whose
    stronger side is in ``levels``, and those levels' anchors)."""
    players = get_ruleset(variant).players
    out: list[tuple[str, list[str]]] = []
    for strong, weak in LADDER:
        if strong not in levels:
            continue
        seats = [strong, weak] if players == 2 else [strong, strong, weak, weak]
        out.append(("ladder", seats))
    for level in levels:
        if players == 2:
            out.append(("anchor", [level, "random"]))
            out.append(("anchor", [level, "tsumogiri"]))
        else:
            out.append(("anchor", [level, level, "random", "tsumogiri"]))
    return out


def command(variant: str, seats: list[str], deals: int, seed: int) -> str:
    """Return the arena command that reproduces a match."""
    return (
        f"majiang arena --variant {variant} --bots {','.join(seats)} --games {deals} --seed {seed}"
    )


def rows(report: ArenaReport, kind: str, cmd: str) -> list[str]:
    """Return the markdown rows of one match."""
    out = []
    apart = ""
    if kind == "ladder" and len(report.rows) == 2:
        strong, weak = report.rows
        apart = "yes" if strong.points_per_hand[1] > weak.points_per_hand[2] else "no"
    for r in report.rows:
        mean, low, high = r.points_per_hand
        out.append(
            f"| {report.variant} | {kind} | {r.level} | {r.hands} | {mean:.1f} [{low:.1f}, {high:.1f}]"
            f" | {100 * r.win_rate[0]:.1f} | {100 * r.deal_in_rate[0]:.1f} | "
            f"{r.decisions_per_second:.0f} | {apart if r is report.rows[0] else ''} | `{cmd}` |"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the matches and print the table."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--anchor-deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--only", choices=("ladder", "anchor"), default=None)
    p.add_argument("--levels", default="beginner,normal,expert", help="levels to measure")
    p.add_argument("--json", metavar="FILE", help="also write every report as JSON lines")
    args = p.parse_args(argv)
    print(
        "| variant | match | level | hands | points/hand [95%] | win % | deal-in % | "
        "decisions/s | above the weaker | command |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    records: list[dict[str, Any]] = []
    for variant in args.variants.split(","):
        for kind, seats in matches(variant, tuple(args.levels.split(","))):
            if args.only and kind != args.only:
                continue
            deals = args.deals if kind == "ladder" else args.anchor_deals
            report = run_arena(variant, seats, deals, seed=args.seed, workers=args.workers)
            cmd = command(variant, seats, deals, args.seed)
            for line in rows(report, kind, cmd):
                print(line)
            sys.stdout.flush()
            records.append({"match": kind, **report.to_dict()})
            if args.json:
                with open(args.json, "a", encoding="utf-8") as f:
                    f.write(json.dumps(records[-1]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

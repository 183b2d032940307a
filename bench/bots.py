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

    .venv/bin/python bench/bots.py --master-timing [--variants riichi] [--hands 12]
                                   [--samples N] [--budget SECONDS] [--wait SECONDS]

times master instead (``master_timing``): master at seat 0 against experts for ``--hands``
one-hand games; per decision the wall-clock and CPU time (median, 95th percentile, maximum),
the share of decisions it looked ahead on and the worlds (samples) it used. The target: median
under 0.3 s and 95th percentile under 1 s. ``--budget`` is master's CPU time per decision,
``--wait`` its wall-clock cap (``--wait 0`` lifts it: the CPU budget alone), ``--budget 0``
lifts both (the fixed sample count alone).
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
        # as many decimals as the interval needs: Taiwan's and Sichuan's points are small
        d = 3 if high - low < 1 else 2 if high - low < 10 else 1
        out.append(
            f"| {report.variant} | {kind} | {r.level} | {r.hands} | {mean:.{d}f} [{low:.{d}f},"
            f" {high:.{d}f}]"
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
    p.add_argument("--master-timing", action="store_true", help="time master's decisions")
    p.add_argument("--hands", type=int, default=12, help="--master-timing: hands to play")
    p.add_argument("--samples", type=int, default=None, help="--master-timing: worlds")
    p.add_argument("--budget", type=float, default=None, help="--master-timing: CPU seconds")
    p.add_argument("--wait", type=float, default=None, help="--master-timing: wall seconds")
    args = p.parse_args(argv)
    if args.master_timing:
        for variant in args.variants.split(","):
            master_timing(variant, args.hands, args.samples, args.budget, args.wait)
        return 0
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


def master_timing(
    variant: str,
    hands: int,
    samples: int | None = None,
    budget: float | None = None,
    wait: float | None = None,
) -> None:
    """Print master's time per decision against experts (see the module docstring)."""
    import os
    import statistics
    import time

    from majiang.bots.base import Bot
    from majiang.bots.levels import make_bot
    from majiang.bots.master import BUDGET, SAMPLES, WAIT, MasterBot
    from majiang.bots.play import play_game
    from majiang.shanten import precompute

    rules = get_ruleset(variant)
    precompute(9, 5 if rules.hand_size == 16 else 4)
    samples = SAMPLES if samples is None else samples
    budget = BUDGET if budget is None else budget
    wait = WAIT if wait is None else wait
    master = MasterBot(0, variant, samples=samples, budget=budget or None, wait=wait or None)
    wall: list[float] = []
    cpu: list[float] = []

    class Clocked:
        name = "master"

        def choose(self, view: Any, legal: Any) -> Any:
            w, c = time.perf_counter(), time.process_time()
            action = master.choose(view, legal)
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
            return action

    load = os.getloadavg()[0]
    started = time.perf_counter()
    for hand in range(hands):
        others = [make_bot("expert", variant, hand * 8 + s) for s in range(1, rules.players)]
        seats: list[Bot] = [Clocked(), *others]
        play_game(rules, seats, seed=hand, length="one_hand", record_events=False)
    stats = master.stats
    looked = stats["simulated"]

    def pct(values: list[float], q: float) -> float:
        return sorted(values)[min(len(values) - 1, int(q * len(values)))]

    print(
        f"{variant}: master vs experts, {hands} hands, {stats['decisions']} decisions, "
        f"{time.perf_counter() - started:.0f} s; samples {samples}, budget {budget or 'none'} s "
        f"CPU, wait {wait or 'none'} s: "
        f"looked ahead on {looked} ({100 * looked / max(1, stats['decisions']):.0f}%), "
        f"{stats['worlds'] / max(1, looked):.1f} worlds each, switched on {stats['switched']}; "
        f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after on {os.cpu_count()} cores"
    )
    for label, values in (("wall", wall), ("cpu", cpu)):
        print(
            f"  {label:4} median {statistics.median(values):.3f} s, p95 {pct(values, 0.95):.3f} s,"
            f" max {max(values):.3f} s"
        )


if __name__ == "__main__":
    sys.exit(main())

"""The arena's deals per second locally (two processes) and on a local Ray cluster of the same two
CPUs, and whether both give the same report.

    .venv/bin/python bench/arena_ray.py [--deals 60] [--variant riichi] [--seed 500]

Both runs are wall-clock and play the same deals with the same settings, tables filled as play
needs them (``warm=False``: the up-front fill costs seconds per process, which would swamp a
short run). Each side first plays two other deals untimed: locally in this process, whose tables
the two forked workers inherit (the timed run includes the forks); on Ray, on the cluster's two
workers, which start then and keep their tables (a cluster is started once and serves many
runs). Needs the `cluster` extra (Ray).
"""

from __future__ import annotations

import argparse
from typing import Any

from majiang.bots.arena import run_arena

TIMINGS = ("seconds", "decisions_per_second")


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k not in TIMINGS}
    out["levels"] = [{k: v for k, v in row.items() if k not in TIMINGS} for row in out["levels"]]
    return out


def main() -> int:
    """Print deals per second both ways, the overhead, and whether the reports agree."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--variant", default="riichi")
    p.add_argument("--bots", default="normal,normal,beginner,beginner")
    p.add_argument("--seed", type=int, default=500)
    args = p.parse_args()
    names = args.bots.split(",")
    import ray

    # the local warm-up: played in this process, whose filled tables the forked workers inherit
    run_arena(args.variant, names, 2, seed=args.seed + 10**6, workers=1, warm=False)
    local = run_arena(args.variant, names, args.deals, seed=args.seed, workers=2, warm=False)
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        run_arena(args.variant, names, 2, seed=args.seed + 10**6, warm=False, ray="auto")
        on_ray = run_arena(args.variant, names, args.deals, seed=args.seed, warm=False, ray="auto")
    finally:
        ray.shutdown()
    for name, report in (("local", local), ("ray", on_ray)):
        print(
            f"{name:5} {report.deals} deals {report.seconds:7.2f} s "
            f"{report.deals / report.seconds:6.2f} deals/s"
        )
    print(f"ray overhead: {on_ray.seconds / local.seconds - 1:+.1%} of the local time")
    same = _without_timings(local.to_dict()) == _without_timings(on_ray.to_dict())
    print("same report (timings apart):", same)
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())

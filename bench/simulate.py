"""Play speed: hands per second with random bots on one core, through the whole engine (legal
actions, views, steps, scoring of wins), riichienv's figure for riichi when installed, the other
variants' rates beside, and the compiled build's figure (``make fast``) when one is built.

    .venv/bin/python bench/simulate.py [--hands 400] [--seed 1] [--variants riichi,hk,...]
    .venv/bin/python bench/simulate.py --profile [--variants riichi]   # where a step's time goes

``--profile`` runs majiang's side alone under cProfile, per variant, and prints the functions
that take the most time of their own and in all (docs/engine.md quotes it). ``--compiled``
measures the compiled build: the script runs itself again in a subprocess whose ``majiang`` is
the build in ``build/compiled`` (``make fast`` makes it) and prints that figure beside.

Both sides do the same work, measured the same way:

- east-round games (one-hand games for the variants without a peer) of four players that take a win when one is offered and otherwise choose
  uniformly among the legal actions, red fives on: majiang's ``random`` bots, and for riichienv
  (a Rust engine with Python bindings; `make bench` installs it from pyproject's ``bench``
  extra) four agents in Python doing the same (``TSUMO``, ``RON``, else any legal action);
- one warm-up game each, not timed (it fills majiang's per-suit tables);
- no game record on either side: majiang plays with ``record_events=False``, riichienv with
  ``skip_mjai_logging=True`` (its mjai log took 17% to 30% of its time in our runs);
- whole games until each side has finished ``--hands`` hands, so the counts differ by less than
  a game. riichienv's games are longer (it extends an east round Tenhou's way while nobody has
  30,000 points), so hands, not games, are compared. Each side counts its hands in its loop,
  the cheapest way it has: majiang the ``HandEnded`` events of each step, riichienv a change
  of (round wind, hand number, honba) after each step (the same count as its log's
  ``start_kyoku`` events).

The figure is hands finished per second of this process's CPU time (one core).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.events import Event, HandEnded
from majiang.rules import get_ruleset
from majiang.state import GameState

#: riichi plays east rounds, as riichienv does; the others one hand a game (a Hong Kong east
#: round of random bots, who seldom reach the minimum fan, lasts a thousand hands of draws)
LENGTH = {"riichi": "east"}


def ours(wanted: int, seed: int, variant: str = "riichi") -> tuple[int, int, float]:
    """Return (games, hands, CPU seconds) of east-round games of random bots, played until
    ``wanted`` hands are finished, after one warm-up game."""
    rules = get_ruleset(variant)
    length = LENGTH.get(variant, "one_hand")
    hands = 0

    def count(state: GameState, events: list[Event]) -> None:
        nonlocal hands
        hands += sum(1 for e in events if isinstance(e, HandEnded))

    def game(n: int) -> None:
        bots = [make_bot("random", n * 16 + s) for s in range(rules.players)]
        play_game(rules, bots, seed=seed + n, length=length, record_events=False, on_events=count)

    game(-1)  # the warm-up
    hands = games = 0
    start = time.process_time()
    while hands < wanted:
        game(games)
        games += 1
    return games, hands, time.process_time() - start


def peer(wanted: int, seed: int) -> tuple[int, int, float] | None:
    """Return riichienv's (games, hands, CPU seconds) played the same way, or None when it is
    not installed."""
    try:
        from riichienv import ActionType, RiichiEnv  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    wins = {ActionType.TSUMO, ActionType.RON}
    rng = random.Random(seed)

    def choose(legal: list[Any]) -> Any:
        for a in legal:
            if a.action_type in wins:
                return a
        return legal[rng.randrange(len(legal))]

    def game(n: int) -> int:
        """Play one game; return its hands."""
        env = RiichiEnv(game_mode="4p-red-east", skip_mjai_logging=True, seed=seed + n)
        obs = env.reset()
        hands, hand = 0, None
        while not env.done():
            obs = env.step({pid: choose(o.legal_actions()) for pid, o in obs.items()})
            now = (env.round_wind, env.kyoku_idx, env.honba)
            if now != hand:
                hands, hand = hands + 1, now
        return hands

    game(-1)  # the warm-up
    hands = games = 0
    start = time.process_time()
    while hands < wanted:
        hands += game(games)
        games += 1
    return games, hands, time.process_time() - start


def profile(wanted: int, seed: int, variant: str, top: int) -> None:
    """Print where majiang's time goes in ``ours``: own time per module, then the functions
    with the most time of their own and in all."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    games, hands, _ = ours(wanted, seed, variant)
    profiler.disable()
    stats = pstats.Stats(profiler)
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in entries.values())
    by_module: dict[str, float] = {}
    for (path, _, _), row in entries.items():
        name = path.split("/src/")[-1] if "/src/" in path else "(python and builtins)"
        by_module[name] = by_module.get(name, 0.0) + row[2]
    print(f"== {variant}: {games} games, {hands} hands, {total:.2f} s profiled (own time)")
    for name, t in sorted(by_module.items(), key=lambda x: -x[1])[:top]:
        print(f"  {100 * t / total:5.1f}%  {name}")
    stats.sort_stats("cumulative").print_stats(r"majiang", top)


def compiled(args: argparse.Namespace, variants: list[str]) -> dict[str, float]:
    """Return hands/s per variant of the compiled build at ``args.compiled`` (run in a child
    process whose ``majiang`` is that build), or {} when it is not built."""
    import json
    import os
    import subprocess
    import sys

    if not os.path.isdir(args.compiled):
        return {}
    env = {**os.environ, "PYTHONPATH": os.path.abspath(args.compiled)}
    command = [sys.executable, __file__, "--hands", str(args.hands), "--seed", str(args.seed)]
    command += ["--variants", ",".join(variants), "--json"]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    found: dict[str, Any] = json.loads(out)
    if not found.pop("compiled"):
        raise SystemExit(f"{args.compiled} holds no compiled majiang (run make fast)")
    return found


def is_compiled() -> bool:
    """Return whether this process's majiang core is the mypyc build."""
    import importlib

    module = importlib.import_module("majiang.shanten")  # (the package re-exports a function)
    return not str(module.__file__).endswith(".py")


def main() -> int:
    """Print hands per second for majiang per variant, riichienv's (when installed) and the
    ratio, and the compiled build's figures beside (when built)."""
    from majiang.rules import VARIANTS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands each side plays (at least)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated")
    parser.add_argument("--profile", action="store_true", help="cProfile majiang's side only")
    parser.add_argument("--top", type=int, default=25, help="rows of each profile table")
    parser.add_argument("--compiled", default="build/compiled", help="the compiled build's path")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    variants = args.variants.split(",")
    if args.profile:
        for variant in variants:
            profile(args.hands, args.seed, variant, args.top)
        return 0
    if args.json:  # the child process of ``compiled``
        import json

        rates: dict[str, Any] = {"compiled": is_compiled()}
        for variant in variants:
            _, hands, seconds = ours(args.hands, args.seed, variant)
            rates[variant] = hands / seconds
        print(json.dumps(rates))
        return 0
    rate: dict[str, float] = {}
    for variant in variants:
        games, hands, seconds = ours(args.hands, args.seed, variant)
        rate[variant] = hands / seconds
        print(
            f"majiang   {variant:8} {games:4d} games {hands:5d} hands {seconds:7.2f} s  "
            f"{rate[variant]:8.1f} hands/s"
        )
    fast = compiled(args, variants)
    for variant, r in fast.items():
        print(f"compiled  {variant:8} {r:8.1f} hands/s  ({r / rate[variant]:.2f}x pure Python)")
    if "riichi" not in variants:
        return 0
    other = None
    try:
        other = peer(args.hands, args.seed)
    except Exception as exc:  # the peer's API may differ between versions
        print(f"riichienv failed: {exc!r}")
    if other is None:
        print("riichienv not installed (pip install riichienv to compare)")
    else:
        g, h, s = other
        print(f"riichienv riichi   {g:4d} games {h:5d} hands {s:7.2f} s  {h / s:8.1f} hands/s")
        print(f"ratio     majiang / riichienv = {rate['riichi'] / (h / s):.2f}x")
        if "riichi" in fast:
            print(f"ratio     compiled / riichienv = {fast['riichi'] / (h / s):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

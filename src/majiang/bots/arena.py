"""Duplicate matches between bots: the same deals played with the seats rotated, on several
processes, summarized per bot level with 95% confidence intervals.

Deal ``i`` is game seed ``seed + i``. It is played once per rotation: in rotation ``r`` seat
``s`` holds bot ``names[(s + r) % players]``, so every bot plays every seat of every deal and the
luck of the tiles cancels out. A level's figures for one deal are averaged over its seats and
rotations; the intervals are taken over deals (each deal is one independent sample):
``mean +- 1.96 * sd / sqrt(deals)``.

A bot's seed is the deal's and the seat's, not the rotation's: the bot in seat ``s`` breaks its
ties with the same dice in every rotation, so two levels that would choose alike play the very
same game and only the decisions where they differ move the points (with the seed per rotation,
two copies of the expert under different names measured +-160 points per hand over 60 riichi
deals, all of it tie-breaks).

>>> report = run_arena("riichi", ["tsumogiri", "random", "tsumogiri", "random"], deals=1,
...                    workers=1, warm=False)
>>> [row.level for row in report.rows], report.hands
(['tsumogiri', 'random'], 4)
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import Action
from majiang.bots.base import Bot
from majiang.bots.cluster import run_on_ray
from majiang.bots.levels import make_bot
from majiang.bots.play import play_game
from majiang.events import Event, HandStarted, Won
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.view import PlayerView

__all__ = ["ArenaReport", "LevelRow", "interval", "play_deal", "run_arena"]


class TimedBot:
    """Wraps a bot to count its decisions and the time they take (sees only what it passes on)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return the wrapped bot's choice, timed."""
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action

    @property
    def observes(self) -> bool:
        """Return whether the wrapped bot follows the game's events (an mjai process)."""
        return hasattr(self.bot, "observe")

    def observe(self, seat: int, events: Sequence[Event]) -> None:
        """Pass the events the seat may see to the wrapped bot."""
        observe = getattr(self.bot, "observe", None)
        if observe is not None:
            observe(seat, events)

    def close(self) -> None:
        """Close the wrapped bot if it holds a resource (an external process)."""
        close = getattr(self.bot, "close", None)
        if close is not None:
            close()


def label(name: str) -> str:
    """Return the level a bot name is reported under (``mjai:COMMAND`` is ``mjai``).

    >>> label("mjai:python bot.py"), label("expert")
    ('mjai', 'expert')
    """
    return "mjai" if name.startswith("mjai:") else name


def build_bot(name: str, variant: str, seed: int, options: Mapping[str, Any]) -> Bot:
    """Return the bot a seat name stands for: a level, a simple bot, or ``mjai:COMMAND``."""
    if name.startswith("mjai:"):
        from majiang.bots.mjai import MjaiProcessBot

        bot: Bot = MjaiProcessBot(name[5:], variant)
        return bot
    return make_bot(name, variant, seed, options)


class _Tally:
    """Counts hands, wins and deal-ins from a game's events."""

    def __init__(
        self, results: list[SeatResult], bots: Sequence[TimedBot], keep: bool = False
    ) -> None:
        self.results = results
        self.hand = -1
        self.dealt_in: set[tuple[int, int]] = set()
        self.observers = [(s, b) for s, b in enumerate(bots) if b.observes]
        #: every event of the game when ``keep`` (for ``play_deal``'s ``watch``), else None
        self.events: list[Event] | None = [] if keep else None

    def see(self, state: GameState, events: list[Event]) -> None:
        """Count one step's events (a deal-in counts once per hand, even in a double ron), and
        pass each observing bot what its seat may see of them."""
        for seat, bot in self.observers:
            bot.observe(seat, [e.for_seat(seat) for e in events])
        if self.events is not None:
            self.events.extend(events)
        for e in events:
            if isinstance(e, HandStarted):
                self.hand += 1
                for r in self.results:
                    r.hands += 1
            elif isinstance(e, Won):
                self.results[e.seat].wins += 1
                if e.source is not None and (self.hand, e.source) not in self.dealt_in:
                    self.dealt_in.add((self.hand, e.source))
                    self.results[e.source].deal_ins += 1


@dataclass
class SeatResult:
    """One seat's figures in one game."""

    name: str
    points: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    placement: int = 0
    decisions: int = 0
    seconds: float = 0.0
    #: replies of an external bot that were not legal (replaced by a pass or tsumogiri)
    illegal: int = 0


def play_deal(
    variant: str,
    names: Sequence[str],
    deal_seed: int,
    length: str = "one_hand",
    options: Mapping[str, Any] | None = None,
    watch: Callable[[list[str], list[Event]], None] | None = None,
) -> list[SeatResult]:
    """Return every seat's result in every rotation of one deal (``players`` games);
    ``watch``, when given, is called after each game with the names seated and every event
    of the game (a bench's own tally, e.g. bench/sichuan_money.py)."""
    rules = get_ruleset(variant)
    n = rules.players
    opts = dict(options or {})
    out: list[SeatResult] = []
    for rotation in range(n):
        seated = [names[(s + rotation) % n] for s in range(n)]
        bots = [TimedBot(build_bot(seated[s], variant, deal_seed * 16 + s, opts)) for s in range(n)]
        tally = _Tally([SeatResult(seated[s]) for s in range(n)], bots, watch is not None)
        results = tally.results
        try:
            game = play_game(
                rules,
                bots,
                seed=deal_seed,
                length=length,
                options=opts,
                record_events=False,
                on_events=tally.see,
            )
        finally:
            for b in bots:
                b.close()
        start = rules.starting_score(game.state.options)
        for s, r in enumerate(results):
            r.points = game.state.scores[s] - start
            r.placement = game.state.placements[s]
            r.decisions = bots[s].decisions
            r.seconds = bots[s].seconds
            r.illegal = int(getattr(bots[s].bot, "illegal", 0))
        if watch is not None and tally.events is not None:
            watch(seated, tally.events)
        out.extend(results)
    return out


def interval(samples: Sequence[float]) -> tuple[float, float, float]:
    """Return (mean, low, high): the mean and its 95% normal-approximation interval.

    >>> interval([1.0, 3.0])
    (2.0, 0.04, 3.96)
    """
    n = len(samples)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(samples) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (round(mean, 6), round(mean - half, 6), round(mean + half, 6))


@dataclass
class LevelRow:
    """One level's figures over the match."""

    level: str
    seats: int
    hands: int
    placement: tuple[float, float, float]
    points_per_hand: tuple[float, float, float]
    win_rate: tuple[float, float, float]
    deal_in_rate: tuple[float, float, float]
    decisions_per_second: float
    illegal: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON record: each figure with its 95% interval as ``[low, high]``."""
        out: dict[str, Any] = {"level": self.level, "seats": self.seats, "hands": self.hands}
        for name in ("placement", "points_per_hand", "win_rate", "deal_in_rate"):
            mean, low, high = getattr(self, name)
            out[name] = mean
            out[f"{name}_ci"] = [low, high]
        out["decisions_per_second"] = round(self.decisions_per_second, 1)
        out["illegal"] = self.illegal
        return out


@dataclass
class ArenaReport:
    """The match: its settings and one row per level (in the order the levels first appear)."""

    variant: str
    names: list[str]
    deals: int
    seed: int
    length: str
    hands: int = 0
    seconds: float = 0.0
    rows: list[LevelRow] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form of the whole match."""
        return {
            "variant": self.variant,
            "bots": self.names,
            "deals": self.deals,
            "seed": self.seed,
            "length": self.length,
            "hands": self.hands,
            "seconds": round(self.seconds, 1),
            "levels": [r.to_dict() for r in self.rows],
        }


def _worker_init(warm: bool, variant: str) -> None:
    if warm:
        from majiang.shanten import precompute

        precompute(9, 5 if get_ruleset(variant).hand_size == 16 else 4)


def _job(args: tuple[str, list[str], int, str, dict[str, Any]]) -> list[SeatResult]:
    variant, names, deal_seed, length, options = args
    return play_deal(variant, names, deal_seed, length, options)


_warmed: set[str] = set()


def _ray_deal(
    job: tuple[bool, tuple[str, list[str], int, str, dict[str, Any]]],
) -> list[SeatResult]:
    """Play one deal on a Ray worker (its tables warmed once per process)."""
    warm, deal = job
    if deal[0] not in _warmed:
        _worker_init(warm, deal[0])
        _warmed.add(deal[0])
    return _job(deal)


def run_arena(
    variant: str,
    names: Sequence[str],
    deals: int,
    seed: int = 0,
    workers: int = 2,
    length: str = "one_hand",
    options: Mapping[str, Any] | None = None,
    warm: bool = True,
    ray: str | None = None,
) -> ArenaReport:
    """Return the report of a duplicate match of ``deals`` deals, each played in every rotation;
    ``ray`` (``auto`` or a head's address) plays the deals on a Ray cluster instead of local
    processes, with the same results (the timings apart)."""
    rules = get_ruleset(variant)
    if len(names) != rules.players:
        raise ValueError(f"{variant} seats {rules.players} bots, got {len(names)}")
    for name in names:  # fail early on an unknown name
        if not name.startswith("mjai:"):
            make_bot(name, variant, 0, options)
    jobs = [(variant, list(names), seed + i, length, dict(options or {})) for i in range(deals)]
    started = time.perf_counter()
    if ray is not None:
        per_deal = run_on_ray(ray, _ray_deal, [(warm, job) for job in jobs])
    elif workers <= 1 or deals <= 1:
        _worker_init(warm, variant)
        per_deal = [_job(j) for j in jobs]
    else:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        ctx = multiprocessing.get_context(method)
        with ctx.Pool(workers, _worker_init, (warm, variant)) as pool:
            per_deal = list(pool.imap(_job, jobs, chunksize=max(1, deals // (workers * 8))))
    report = ArenaReport(variant, list(names), deals, seed, length)
    report.seconds = time.perf_counter() - started
    levels = list(dict.fromkeys(label(n) for n in names))
    report.hands = sum(sum(r.hands for r in deal) // rules.players for deal in per_deal)
    for level in levels:
        pph: list[float] = []
        place: list[float] = []
        wins: list[float] = []
        deal_ins: list[float] = []
        hands = decisions = 0
        seconds = 0.0
        for deal in per_deal:
            mine = [r for r in deal if label(r.name) == level]
            h = sum(r.hands for r in mine)
            hands += h
            pph.append(sum(r.points for r in mine) / h)
            place.append(sum(r.placement for r in mine) / len(mine))
            wins.append(sum(r.wins for r in mine) / h)
            deal_ins.append(sum(r.deal_ins for r in mine) / h)
            decisions += sum(r.decisions for r in mine)
            seconds += sum(r.seconds for r in mine)
        report.rows.append(
            LevelRow(
                level,
                sum(1 for n in names if label(n) == level),
                hands,
                interval(place),
                interval(pph),
                interval(wins),
                interval(deal_ins),
                decisions / seconds if seconds else 0.0,
                sum(r.illegal for deal in per_deal for r in deal if label(r.name) == level),
            )
        )
    return report

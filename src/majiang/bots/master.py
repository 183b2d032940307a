"""The master bot: the expert's judgement, checked by playing sampled worlds out to the end.

On most decisions master plays as the expert does. On the decisions that matter it looks
ahead by simulation:

- a discard when the expert's best few are close in its own score, or when somebody threatens
  (push or fold: the safest tile joins the candidates), or riichi against staying silent;
- a call (chi, pon, kong) that brings the hand on, against passing;
- a kong against the best discard.

For each of ``samples`` worlds (``bots/sampling.py``: the unseen tiles dealt at random,
consistent with the view: rivers, sets, riichi, void suits; never the true state), each
candidate is played to the end of the hand with the expert policy at every seat, and the
candidate's result is the points it moves to master's seat in the variant's own scoring. Every
candidate meets the same worlds (common random numbers), so their difference is measured, not
their luck. Master leaves the expert's choice only for a candidate whose mean gain over it is
above ``min_gain`` and ``z`` standard errors.

A fixed number of samples with ``budget=None`` makes master deterministic for a seed;
``budget`` (seconds per decision) caps the lookahead in live play: master stops taking new
worlds when the next one would overrun it, so a slower machine plays on fewer samples, not more
slowly. The budget counts this process's CPU time (``time.process_time``), so on a machine
shared by other processes master's strength does not depend on the neighbours' load; ``wait``
caps the wall-clock time too (what a player waits), and binds only when the machine is loaded.

>>> from majiang.bots.play import play_game
>>> from majiang.rules import get_ruleset
>>> bots = [MasterBot(0, "riichi", samples=2, budget=None)] + [
...     MasterBot(s, "riichi", samples=0) for s in (1, 2, 3)]
>>> game = play_game(get_ruleset("riichi"), bots, seed=4, length="one_hand")
>>> game.state.game_over, bots[0].stats["decisions"] > 0
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from majiang.actions import Action, Ankan, Chi, Discard, Kakan, Kan, Pass, Pon, Ron, Tsumo
from majiang.bots.analysis import HandCalc, near_kinds
from majiang.bots.policy import EXPERT, PolicyBot
from majiang.bots.sampling import SampleError, sample_world
from majiang.engine import legal_actions, step
from majiang.events import PointsMoved
from majiang.melds import Meld
from majiang.readiness import waits
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import kind
from majiang.view import PlayerView, player_view

__all__ = ["BUDGET", "SAMPLES", "MasterBot"]

#: worlds per simulated decision at most, and the time cap per decision in live play (seconds)
SAMPLES = 32
BUDGET = 0.7
#: with a budget, the longest wait per decision on the wall clock (seconds): on a loaded machine
#: master takes fewer worlds rather than keep a player waiting
WAIT = 0.8
#: after this many worlds only the candidate most ahead of the expert's choice goes on
FIRST = 6
#: discards within this many points of the expert's score (one shanten = 100) are close
MARGIN = 6.0
#: a threat at least this strong (0-1, defense.Reader) makes push or fold a decision
THREAT = 0.6
#: never switch below this many worlds or worlds where the candidates' results differ, nor
#: for a gain below min_gain times the spread of the expert's results (scale-free: 300 points of
#: riichi's 6,000, a point or so of Hong Kong's 12), nor below z standard errors
MIN_SAMPLES = 12
MIN_DIFFERENT = 5
MIN_GAIN = 0.05
Z = 2.0
#: the longest playout (actions), a guard only: a hand ends long before
_PLAYOUT_CAP = 600

_KIND = tuple(kind(t) for t in range(45))
_FORMS: dict[str, tuple[str, ...]] = {}


class _FastCalc(HandCalc):
    """The expert's shanten, with tile acceptance read from the hand's shape instead of counted
    draw by draw (exact waits once ready): the playouts' cost, not their judgement of danger,
    value or calls, is what this changes."""

    def improving(self, counts: list[int], unseen: Sequence[float]) -> tuple[int, int, float]:
        """Return (shanten, kinds, unseen copies): the waits when ready, else the kinds next to
        the tiles held (what a draw can connect to)."""
        base = self.shanten(counts)
        if base == 0:
            kinds = waits(counts, _FORMS.get(self.variant, ()))
            return base, len(kinds), sum(unseen[k] for k in kinds)
        near = 0
        tiles = 0.0
        for k in near_kinds(counts):
            copies = unseen[k]
            if copies:
                near += 1
                tiles += copies
        return base, near, tiles

    def ready_quality(
        self,
        counts: list[int],
        unseen: Sequence[float],
        weigh: Callable[[int], float] | None = None,
    ) -> float:
        """Return the shape's acceptance (see ``improving``; ``weigh`` is not read)."""
        return float(self.improving(counts, unseen)[2])


class PlayoutBot(PolicyBot):
    """The expert's policy in its fast form, for playouts: the same valuation, defense, push or
    fold, riichi and calls, with tile acceptance estimated from the shape (``_FastCalc``)."""

    calculator = _FastCalc

    def __init__(
        self, seed: int, variant: str | None, options: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(EXPERT, seed, variant, options)
        self.name = "expert-playout"


class MasterBot:
    """Expert play plus lookahead by simulation on the close and risky decisions."""

    name = "master"

    def __init__(
        self,
        seed: int = 0,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        samples: int = SAMPLES,
        budget: float | None = BUDGET,
        wait: float | None = WAIT,
        min_gain: float = MIN_GAIN,
        z: float = Z,
        playout: str = "fast",
    ) -> None:
        self.seed = seed
        self.options = dict(options or {})
        self.samples = samples
        self.budget = budget
        self.wait = wait
        self._asked = time.perf_counter()
        self._playout = 0.0
        self.min_gain = min_gain
        self.z = z
        self.expert = PolicyBot(EXPERT, seed, variant, options)
        self.rng = random.Random(f"master-bot/{seed}")
        self._players: list[PolicyBot] = []
        #: "expert": playouts by the expert itself (slow); "fast": by PlayoutBot
        self.playout = playout
        self._variant = variant
        #: counters: decisions, simulated (decisions looked ahead), worlds, playouts, switched
        self.stats: dict[str, int] = dict.fromkeys(
            ("decisions", "simulated", "worlds", "playouts", "switched"), 0
        )

    # ------------------------------------------------------------ the decision

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``: the expert's choice unless lookahead finds a better one."""
        self.stats["decisions"] += 1
        self._asked = time.perf_counter()  # the wait counts from here
        for a in legal:
            if isinstance(a, Tsumo | Ron):
                return a
        base = self.expert.choose(view, legal)
        if self.samples <= 0 or len(legal) < 2 or view.phase not in ("turn", "claim"):
            return base
        tie_breaks = self.expert.rng.getstate()  # looking does not move the expert's dice
        candidates = self.candidates(view, legal, base)
        self.expert.rng.setstate(tie_breaks)
        if len(candidates) < 2:
            return base
        return self.look_ahead(view, legal, candidates)

    def candidates(self, view: PlayerView, legal: Sequence[Action], base: Action) -> list[Action]:
        """Return the actions worth a lookahead, the expert's choice first (one: none is)."""
        out: list[Action] = [base]

        def add(a: Action | None) -> None:
            if a is not None and a in legal and a not in out:
                out.append(a)

        ctx = self.expert.context(view)
        if view.phase == "claim":
            calls = [a for a in legal if isinstance(a, Chi | Pon | Kan)]
            if not calls:
                return out
            if isinstance(base, Pass):
                progress = [a for a in calls if self._call_progress(view, a)]
                for a in progress[:2]:
                    add(a)
            else:
                add(next(a for a in legal if isinstance(a, Pass)))
            return out
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return out
        reader = self.expert.reader(ctx)
        scored = self.expert.score_discards(ctx, discards, reader)
        riichi = {a.tile: a for a in discards if a.riichi}
        plain = {a.tile: a for a in discards if not a.riichi}
        if isinstance(base, Ankan | Kakan):
            add(scored[0][2])
            return out
        if isinstance(base, Discard):
            add(plain.get(base.tile) if base.riichi else riichi.get(base.tile))
        threat = reader.max_threat >= THREAT
        top, near = scored[0][0], scored[0][1] <= 1
        for score, _, other in scored[1:]:
            if not (near or threat) or score < top - MARGIN or len(out) >= 2:
                break
            add(other)
        if threat and len(out) < 3:
            safest = min(plain.values(), key=lambda a: (reader.risk(_KIND[a.tile]), a.tile))
            add(safest)
        return out

    def _call_progress(self, view: PlayerView, call: Action) -> bool:
        """Return whether the call leaves the hand nearer to complete (after its discard)."""
        assert isinstance(call, Chi | Pon | Kan) and view.claim_tile is not None
        ctx = self.expert.context(view)
        before = self.expert.calc(ctx, ctx.melds).shanten(ctx.counts)
        counts = list(ctx.counts)
        for t in call.tiles:
            counts[_KIND[t]] -= 1
        tiles = tuple(sorted((*call.tiles, view.claim_tile)))
        calc: HandCalc = self.expert.calc(ctx, (*ctx.melds, Meld(call.kind, tiles)))  # type: ignore[arg-type]
        if isinstance(call, Kan):
            return sum(counts) % 3 == 1 and calc.shanten(counts) <= before
        best = 99
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, calc.shanten(counts))
                counts[k] += 1
        return best < before

    # ------------------------------------------------------------ simulation

    def look_ahead(
        self, view: PlayerView, legal: Sequence[Action], candidates: Sequence[Action]
    ) -> Action:
        """Return the candidate with the best mean result over sampled worlds (see the module).

        Every candidate meets the same worlds; after ``FIRST`` worlds only the candidate most
        ahead of the expert's choice goes on (none, when none is ahead) to ``samples`` worlds or
        the budget, so the time goes to the decisions that might change."""
        rules = get_ruleset(view.variant)
        started, clock = time.process_time(), self._asked
        # the wall time of the last playout (the next is about as long), forgotten by half at
        # each decision so that one slow moment does not stop the looking for good
        playout = self._playout
        self._playout /= 2
        results: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        self.stats["simulated"] += 1
        for i in range(self.samples):
            if i == FIRST:  # the best challenger goes on if it is ahead, the others stop
                gains = {c: _mean_gain(results[c], results[0]) for c in alive[1:]}
                ahead = max(gains, key=lambda c: (gains[c], -c))
                if gains[ahead] <= 0:
                    break
                alive = [0, ahead]
            if self.budget is not None and i >= 1:  # stop if the next world would overrun
                spent, waited = time.process_time() - started, time.perf_counter() - clock
                if spent + spent / i > self.budget:
                    break
                if self.wait is not None and waited + waited / i > self.wait:
                    break
            try:
                world = sample_world(rules, view, self.options, self.rng, legal)
            except SampleError:
                break
            late = False
            for c in alive:
                if self.budget is not None and self.wait is not None:
                    late = time.perf_counter() - clock + playout > self.wait
                    if late:  # the world is left unfinished: the others' results go too
                        for r in alive:
                            del results[r][i:]
                        break
                began = time.perf_counter()
                results[c].append(self.play_out(rules, world, view, candidates[c], i))
                playout = self._playout = time.perf_counter() - began
            if late:
                break
            self.stats["worlds"] += 1
        n = len(results[0])
        return candidates[self.pick([r if len(r) == n else [] for r in results])]

    def pick(self, results: Sequence[Sequence[float]]) -> int:
        """Return the index of the chosen candidate: 0 (the expert's) unless another gains
        enough (an empty list is a candidate dropped early).

        >>> bot = MasterBot(samples=12)
        >>> gain = [0, 1000, 900, 0, 1100, 1000, 800, 1200] + [900] * 4
        >>> bot.pick([[0] * 12, gain]), bot.pick([[0] * 12, [50] + [0] * 11])
        (1, 0)
        """
        base = results[0]
        n = len(base)
        if n < MIN_SAMPLES:
            return 0
        floor = self.min_gain * _spread(base)
        best, best_gain = 0, 0.0
        for c in range(1, len(results)):
            if len(results[c]) != n:
                continue
            diffs = [x - y for x, y in zip(results[c], base, strict=True)]
            if sum(1 for d in diffs if d) < MIN_DIFFERENT:
                continue
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            err = math.sqrt(var / n)
            if mean > floor and mean > self.z * err and mean > best_gain:
                best, best_gain = c, mean
        if best:
            self.stats["switched"] += 1
        return best

    def _rollout_bots(self, players: int, view: PlayerView) -> list[PolicyBot]:
        if len(self._players) != players or self._variant != view.variant:
            self._variant = view.variant
            if view.variant not in _FORMS:
                _FORMS[view.variant] = get_ruleset(view.variant).win_forms
            self._players = [
                PolicyBot(EXPERT, self.seed * 8 + s + 1, view.variant, self.options)
                if self.playout == "expert"
                else PlayoutBot(self.seed * 8 + s + 1, view.variant, self.options)
                for s in range(players)
            ]
        for sv, bot in zip(view.seats, self._players, strict=True):
            if sv.void is not None and sv.void in "mps":
                bot._hand_key = (view.hand_index, view.dealer)  # the declared void, not a guess
                bot.memo = {"void": "mps".index(sv.void)}
        return self._players

    def play_out(
        self, rules: Ruleset, world: GameState, view: PlayerView, action: Action, sample: int = 0
    ) -> float:
        """Return the points ``action`` brings the viewer in ``world``, played to the hand's end
        by the expert policy at every seat."""
        me = view.seat
        bots = self._rollout_bots(world.players, view)
        # the same tie-breaks for every candidate in a world: each decision's dice are keyed by
        # the world, the seat and the point of the wall, not by how many were thrown before, so
        # the lines of two candidates stay alike until a seat sees something different
        key = self.seed * 1_000_003 + sample
        self.stats["playouts"] += 1
        gained = 0.0
        state, events = step(rules, _with_cache(world), me, action)
        for _ in range(_PLAYOUT_CAP):
            for e in events:
                if isinstance(e, PointsMoved) and e.reason != "final_sticks":
                    gained += e.deltas[me]
            if state.game_over:
                break
            seat = state.waiting_seats()[0]
            legal = legal_actions(rules, state, seat)
            bots[seat].rng.seed(hash((key, seat, state.draw_pos, state.back_taken)))
            choice = bots[seat].choose(player_view(rules, state, seat), legal)
            state, events = step(rules, state, seat, choice)
        return gained


def _mean_gain(results: Sequence[float], base: Sequence[float]) -> float:
    """Return the mean paired difference of a candidate's results over the expert's choice."""
    return sum(x - y for x, y in zip(results, base, strict=True)) / max(1, len(results))


def _spread(values: Sequence[float]) -> float:
    """Return the standard deviation of the results (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def _with_cache(world: GameState) -> GameState:
    """Return a copy of a sampled world keeping its forced legal actions."""
    out = world.copy()
    out.cache = dict(world.cache)
    return out

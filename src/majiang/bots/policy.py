"""The bots' policy: one variant-neutral search with a style per level.

A decision reads the view (bots/analysis.py), scores every legal discard by shanten, tile
acceptance and the variant's valuation (bots/valuation.py), and, for the expert, by the risk
of dealing in (bots/defense.py). Calls are compared by the shanten they leave. A ``Style``
says which of these a level uses:

- beginner: shanten and the number of improving kinds, greedy calls, riichi whenever it can,
  no valuation, no defense;
- normal: shanten and the unseen improving tiles, the variant's valuation (yaku, minimum fan,
  value sets, void suit), calls that keep a winnable hand, riichi timing;
- expert: normal plus a judgement in points: each discard is worth its chance to win the hand
  (calibrated per variant from shanten, unseen improving tiles and draws left) times what the
  hand would pay, less the expected loss of dealing in now and, while pushing on, later (the
  threats' chance of being ready, the tile's danger and the threats' value, from
  bots/defense.py): the hand folds only when that loss exceeds what it can still win. Riichi
  or silence by value, no calls while folding.

The policy is a plain function of the view and the legal actions (plus the per-hand memory of
the bot: Sichuan's void suit), so a lookahead bot can call ``PolicyBot.choose`` on views of
sampled states.

>>> from majiang.bots.play import play_game
>>> from majiang.rules import get_ruleset
>>> game = play_game(get_ruleset("riichi"), [PolicyBot(NORMAL, s) for s in range(4)], seed=2,
...                  length="one_hand")
>>> game.state.game_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.actions import Action, Ankan, Chi, Discard, Kakan, Kan, Pass, Pon, Ron, Tsumo
from majiang.bots.analysis import HandCalc, dora_kinds, own_counts, unseen_counts
from majiang.bots.defense import Reader
from majiang.bots.tables import WIN
from majiang.bots.valuation import HandContext, Plan, Valuation, valuation_for
from majiang.melds import Meld
from majiang.tiles import kind
from majiang.view import PlayerView

__all__ = ["BEGINNER", "EXPERT", "NORMAL", "PolicyBot", "Style", "win_chance"]

_KIND = tuple(kind(t) for t in range(45))
#: one shanten is worth this many unseen improving tiles
_SHANTEN = 100.0
#: one unit of valuation bias is worth this many unseen improving tiles
_BIAS = 4.0
#: a wait that wins only by self-draw (furiten, or no yaku for a discard) counts this much
_TSUMO_ONLY = 0.35
#: the further discards a hand that pushes on is expected to make against the threats
_FUTURE_DISCARDS = 2
#: the share of a threat's value our win takes away from us (they would have won otherwise)
_DENY = 0.2
#: each shanten beyond three divides the chance to win by about this
_FAR = 0.35
#: a plan (flush, thirteen orphans) leads when its chance times points beats plain speed's
#: by this factor
_PLAN_MARGIN = 1.3
#: the share of a hand's chance to win that one shanten more takes away
_SHANTEN_SHARE = 0.6


def win_chance(variant: str, shanten: int, tiles: float, draws: int) -> float:
    """Return the chance that a hand ``shanten`` from ready, with ``tiles`` unseen improving
    tiles and ``draws`` own draws left, goes on to win (bots/tables.py ``WIN``, fitted to
    self-play; a rough default for a variant the tables do not hold).

    >>> win_chance("riichi", 0, 8, 12) > win_chance("riichi", 1, 8, 12) > 0
    True
    """
    if draws <= 0 and shanten > 0:
        return 0.0
    table = WIN.get(variant) or WIN.get("riichi", {})
    coef = table.get(min(shanten, 3))
    if coef is None:
        return 0.5 ** (shanten + 1) if draws > 0 else 0.1
    a, b, c = coef
    z = a + b * math.log1p(max(0.0, tiles)) + c * math.log1p(max(0, draws))
    chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return chance * _FAR ** max(0, shanten - 3)  # (the tables stop at three from ready)


@dataclass(frozen=True)
class Style:
    """What a level takes into account."""

    name: str
    #: count unseen copies of the improving tiles (else only how many kinds improve)
    unseen: bool
    #: use the variant's valuation (keep bias, call checks, riichi timing)
    value: bool
    #: call whenever the shanten drops (else only calls the valuation approves)
    greedy_calls: bool
    #: weigh each discard's danger against the hand's value
    defense: bool
    #: one tile from ready, weigh each improving tile by the wait it leaves (two-step look)
    lookahead: bool = False
    #: weigh the valuation's bigger hands (flushes, thirteen orphans) by chance times points
    plans: bool = False
    #: weigh each unseen copy by how likely it is still to come (``Valuation.live_weights``)
    live: bool = False
    #: weigh each ready wait by how fast it arrives, by draw or on any discard
    #: (``Valuation.arrival``: Taiwan; bots/arrival.py)
    call_aware: bool = False


BEGINNER = Style("beginner", unseen=False, value=False, greedy_calls=True, defense=False)
NORMAL = Style("normal", unseen=True, value=True, greedy_calls=False, defense=False)
EXPERT = Style(
    "expert",
    unseen=True,
    value=True,
    greedy_calls=False,
    defense=True,
    lookahead=True,
    plans=True,
    live=True,
    call_aware=True,
)


class PolicyBot:
    """A bot of one style: sees only its view, deterministic given its seed."""

    #: the shanten and acceptance calculator of its hands (master's playouts use a faster one)
    calculator: type[HandCalc] = HandCalc

    def __init__(
        self,
        style: Style,
        seed: int = 0,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.style = style
        self.name = style.name
        self.rng = random.Random(f"{style.name}-bot/{seed}")
        self.options = dict(options or {})
        self._valuation: Valuation | None = valuation_for(variant, options) if variant else None
        self._hand_key: tuple[int, int] | None = None
        self.memo: dict[str, Any] = {}
        self._calcs: dict[tuple[tuple[Meld, ...], tuple[int, ...]], HandCalc] = {}
        self._plan_calcs: dict[tuple[tuple[Meld, ...], tuple[int, ...], int | None], HandCalc] = {}

    # ------------------------------------------------------------ reading the view

    def valuation(self, variant: str) -> Valuation:
        """Return the valuation hooks for the variant being played."""
        if self._valuation is None or self._valuation.variant != variant:
            self._valuation = valuation_for(variant, self.options)
        return self._valuation

    def reader(self, ctx: HandContext) -> Reader:
        """Return the expert's reading of the table at this decision, with what the variant's
        valuation adds to it (``Valuation.read_table``: Taiwan's passed tiles)."""
        reader = Reader(ctx.view)
        self.valuation(ctx.view.variant).read_table(ctx, reader)
        return reader

    def context(self, view: PlayerView) -> HandContext:
        """Return the hand context of this decision (resetting the per-hand memory)."""
        key = (view.hand_index, view.dealer)
        if key != self._hand_key:
            self._hand_key = key
            self.memo = {}
            self._calcs = {}
            self._plan_calcs = {}
        me = view.seats[view.seat]
        ctx = HandContext(
            view,
            own_counts(view),
            me.melds,
            me.wind,
            dora_kinds(view),
            unseen_counts(view),
            self.memo,
        )
        valuation = self.valuation(view.variant)
        valuation.begin_hand(ctx)
        if self.style.live:
            weights = valuation.live_weights(ctx)
            if weights is not None:
                ctx.unseen = [u * w for u, w in zip(ctx.unseen, weights, strict=True)]
        if self.style.call_aware:
            ctx.arrival = valuation.arrival(ctx)
        return ctx

    def calc(self, ctx: HandContext, melds: Sequence[Meld]) -> HandCalc:
        """Return the shanten calculator for the hand with these melds."""
        dead = self.valuation(ctx.view.variant).dead_kinds(ctx) if self.style.value else ()
        key = (tuple(melds), dead)
        found = self._calcs.get(key)
        if found is None:
            found = self._calcs[key] = self.calculator(ctx.view.variant, melds, dead)
        return found

    def weigh(self, ctx: HandContext) -> Callable[[int], float] | None:
        """Return the arrival weight of a ready hand's wait, by kind, or None where every
        unseen copy counts alike (``Style.call_aware``, ``Valuation.arrival``)."""
        return None if ctx.arrival is None else ctx.arrival.wait

    # ------------------------------------------------------------ choosing

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``: a win, a call or a pass, a kong, or the best discard."""
        for a in legal:
            if isinstance(a, Tsumo | Ron):
                return a
        if len(legal) == 1:
            return legal[0]
        ctx = self.context(view)
        if any(isinstance(a, Pass) for a in legal):
            return self.answer_claim(ctx, legal)
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:  # (the beginner takes the engine's first offer: no plan of its own)
            valuation = self.valuation(view.variant)
            special = valuation.choose_special(ctx, legal) if self.style.value else None
            return special if special is not None else legal[0]
        reader = self.reader(ctx) if self.style.defense else None
        kong = self.choose_kong(ctx, legal, reader)
        if kong is not None:
            return kong
        return self.choose_discard(ctx, discards, reader)

    def score_discards(
        self, ctx: HandContext, discards: Sequence[Discard], reader: Reader | None
    ) -> list[tuple[float, int, Discard]]:
        """Return (score, shanten after, action) for each plain discard, best first.

        The score is in tile units (one shanten 100, one unseen improving tile 1); the expert's
        is its judgement (``judge``) scaled so that its best pushing discard scores about 100,
        with the offense score as a small tie-break.
        """
        plain = [a for a in discards if not a.riichi]
        if not plain:
            plain = list(discards)
        calc = self.calc(ctx, ctx.melds)
        counts = ctx.counts
        valuation = self.valuation(ctx.view.variant)
        after: dict[int, int] = {}
        for a in plain:
            k = _KIND[a.tile]
            if k not in after:
                counts[k] -= 1
                after[k] = calc.shanten(counts)
                counts[k] += 1
        best = min(after.values())
        bias = {
            a.tile: valuation.keep_bias(ctx, a.tile) if self.style.value else 0.0 for a in plain
        }
        forced = [a for a in plain if bias[a.tile] <= -10]
        if forced:
            plain = forced
            best = min(after[_KIND[a.tile]] for a in plain)
        judging = reader is not None and self.style.defense
        outlooking = judging or self.style.plans
        scored: list[tuple[float, int, Discard]] = []
        accepted: dict[int, tuple[int, int, float]] = {}
        #: per kind, for the judgement: (unseen improving tiles, points if it wins)
        outlook: dict[int, tuple[float, float]] = {}
        weigh = self.weigh(ctx)  # (the two-step look's wait weights, None: alike)
        for a in plain:
            k = _KIND[a.tile]
            s = after[k]
            score = -_SHANTEN * s - _BIAS * bias[a.tile]
            if s <= best + (1 if outlooking else 0):
                if k not in accepted:
                    counts[k] -= 1
                    accepted[k] = calc.improving(counts, ctx.unseen)
                    counts[k] += 1
                _, kinds, copies = accepted[k]
                tiles = float(copies)
                if s == 0 and self.style.value:
                    waits = self.ready_waits(ctx, a.tile)
                    score += self._ready_score(waits)
                    tiles = waits[0]
                    if k not in outlook:
                        outlook[k] = (tiles, waits[1] / waits[0] if waits[0] else 0.0)
                elif self.style.lookahead and s == 1 and s == best and not valuation.min_fan:
                    # (not where a minimum fan makes many ready shapes worthless: the look
                    # counts waits without scoring them)
                    counts[k] -= 1
                    quality = calc.ready_quality(counts, ctx.unseen, weigh)
                    counts[k] += 1
                    score += quality
                    tiles = quality / 1.25  # (the mean weight of a tile in ready_quality)
                else:
                    score += copies if self.style.unseen else 4 * kinds
                if outlooking and k not in outlook:
                    counts[k] -= 1
                    outlook[k] = (tiles, valuation.hand_points(ctx, counts, ctx.melds))
                    counts[k] += 1
            if not self.style.value:
                score -= 0.01 * _isolation(k, counts)
            score += self.rng.random() * 1e-3
            scored.append((score, s, a))
        if self.style.plans and outlook:
            plan = self.plan_scores(ctx, scored, outlook)
            if plan:  # the plan ranks the discards; the plain score breaks its ties
                scored = [
                    (plan.get(_KIND[a.tile], -10 * _SHANTEN) + 0.01 * sc, s, a)
                    for sc, s, a in scored
                ]
        if judging and reader is not None:
            scored = self.judge(ctx, scored, outlook, reader)
        scored.sort(key=lambda e: -e[0])
        return scored

    def judge(
        self,
        ctx: HandContext,
        scored: list[tuple[float, int, Discard]],
        outlook: Mapping[int, tuple[float, float]],
        reader: Reader,
    ) -> list[tuple[float, int, Discard]]:
        """Return the discards rescored by the expert's judgement.

        In points, a discard is worth ``push - risk - min(push, future)``: ``push`` the chance
        to win from the hand it leaves times what the win collects, ``risk`` the expected loss
        of dealing in with it now, ``future`` the expected loss of the further discards while
        pushing on (when it exceeds ``push``, the hand folds: it is worth only ``-risk``). The
        offense score (tile units) stands for ``push``, which ranks offense finer; the losses
        are converted at what one shanten of the best discard is worth. Where the best
        discard's shanten is one of the valuation's ``unjudged_shanten`` (Taiwan: one from
        ready), or where no seat's threat reaches the valuation's ``judged_threat`` (Taiwan:
        0.3), the offense ranking stands as it is.
        """
        view = ctx.view
        valuation = self.valuation(view.variant)
        unjudged = valuation.unjudged_shanten
        if unjudged and min(s for _, s, _ in scored) in unjudged:
            return scored
        if reader.max_threat < valuation.judged_threat:
            return scored
        draws = self.draws_left(view)
        future = self.future_risk(reader, draws)
        bonus = valuation.table_bonus(view) + _DENY * sum(
            t * v for t, v in zip(reader.threat, reader.value, strict=True)
        )
        tsumo = 1.0 + valuation.self_draw_share * (valuation.tsumo_factor - 1.0)
        if view.dealer == view.seat:
            tsumo *= valuation.dealer_factor
        push: dict[int, float] = {}
        for k, (tiles, points) in outlook.items():
            s = self._after_shanten(scored, k)
            push[k] = win_chance(view.variant, s, tiles, draws) * (points * tsumo + bonus)
            if s == 0 and tiles > 0:  # ready when the wall runs out: riichi's noten payments
                push[k] += _draw_chance(draws) * valuation.tenpai_value
        best = max(push.values(), default=0.0)
        if best <= 0.0:
            best = 1.0
        per_point = _SHANTEN / (_SHANTEN_SHARE * best)
        out = []
        for score, s, a in scored:
            k = _KIND[a.tile]
            loss = valuation.avoidable * reader.risk(k) + min(push.get(k, 0.0), future)
            out.append((score - per_point * valuation.caution * loss, s, a))
        return out

    def plan_scores(
        self,
        ctx: HandContext,
        scored: Sequence[tuple[float, int, Discard]],
        outlook: Mapping[int, tuple[float, float]],
    ) -> dict[int, float]:
        """Return, when one of the valuation's plans (a flush, thirteen orphans) is worth more
        than plain speed, the offense scores toward it, per discard kind: its shanten and
        unseen improving tiles counted without the plan's dead kinds. Worth more: its best
        chance to win times its points beats the plain hand's best by ``_PLAN_MARGIN``. An
        empty dict when no plan is.
        """
        valuation = self.valuation(ctx.view.variant)
        plans = valuation.plans(ctx)
        if not plans:
            return {}
        view = ctx.view
        draws = self.draws_left(view)
        plain = max(
            win_chance(view.variant, self._after_shanten(scored, k), tiles, draws) * points
            for k, (tiles, points) in outlook.items()
        )
        best_plan: tuple[float, dict[int, float]] | None = None
        counts = ctx.counts
        for plan in plans:
            calc = self.plan_calc(ctx, plan)
            found: dict[int, float] = {}
            top = 0.0
            for k in {_KIND[a.tile] for _, _, a in scored}:
                counts[k] -= 1
                shanten = calc.shanten(counts)
                if shanten < 9:
                    _, _, tiles = calc.improving(counts, ctx.unseen)
                    chance = win_chance(view.variant, shanten, tiles, draws)
                    top = max(top, chance * valuation.plan_points(ctx, counts, ctx.melds, plan))
                    found[k] = -_SHANTEN * shanten + tiles
                counts[k] += 1
            if top > plain * _PLAN_MARGIN and (best_plan is None or top > best_plan[0]):
                best_plan = (top, found)
        return {} if best_plan is None else best_plan[1]

    def plan_calc(self, ctx: HandContext, plan: Plan) -> HandCalc:
        """Return the shanten calculator of a plan (memoized per hand)."""
        dead = tuple(sorted({*plan.dead, *self.valuation(ctx.view.variant).dead_kinds(ctx)}))
        key = (ctx.melds, dead, plan.forms)
        found = self._plan_calcs.get(key)
        if found is None:
            found = self._plan_calcs[key] = self.calculator(
                ctx.view.variant, ctx.melds, dead, plan.forms
            )
        return found

    @staticmethod
    def _after_shanten(scored: Sequence[tuple[float, int, Discard]], k: int) -> int:
        return next(s for _, s, a in scored if _KIND[a.tile] == k)

    @staticmethod
    def draws_left(view: PlayerView) -> int:
        """Return about how many draws this seat has left (the live wall over the players
        still in)."""
        players = sum(1 for s in view.seats if not s.out) or 1
        return view.wall_left // players

    def future_risk(self, reader: Reader, draws: int) -> float:
        """Return the expected loss of the further discards a hand makes while pushing on
        (the part of it that folding would save)."""
        per_discard = sum(
            t * v * reader.mean_danger(p)
            for p, (t, v) in enumerate(zip(reader.threat, reader.value, strict=True))
            if t > 0.02
        )
        avoidable = self.valuation(reader.view.variant).avoidable
        return avoidable * per_discard * min(draws, _FUTURE_DISCARDS)

    def ready_waits(self, ctx: HandContext, discard: int) -> tuple[float, float, float]:
        """Return, for the ready hand left by discarding ``discard``: the unseen copies of its
        waits that are legal wins (a wait that wins only by self-draw, e.g. in furiten, counts
        ``_TSUMO_ONLY``), the sum over those copies of the points each would pay, and the best
        points."""
        valuation = self.valuation(ctx.view.variant)
        counts = ctx.counts
        k = _KIND[discard]
        counts[k] -= 1
        _, waits = self.calc(ctx, ctx.melds).improving_kinds(counts)
        counts[k] += 1
        concealed = list(ctx.view.hand)
        concealed.remove(discard)
        tiles = tuple(concealed)
        furiten: set[int] = set()
        if "discard" in valuation.rules.furiten:
            river = {_KIND[r.tile] for r in ctx.view.seats[ctx.view.seat].river}
            if river & set(waits):  # one wait in the river: no discard win on any of them
                furiten = set(waits)
        copies = 0.0
        best = 0.0
        expected = 0.0
        for w in waits:
            if not ctx.unseen[w]:
                continue
            fan = None if w in furiten else valuation.win_fan(ctx, tiles, w, tsumo=False)
            weight = 1.0
            if fan is None:
                fan = valuation.win_fan(ctx, tiles, w, tsumo=True)
                weight = _TSUMO_ONLY
            if fan is None:
                continue
            points = valuation.points(fan)
            copies += weight * ctx.unseen[w]
            best = max(best, points)
            if weight == 1.0 and ctx.arrival is not None:  # a win on any discard too
                weight = ctx.arrival.wait(w)
            expected += weight * ctx.unseen[w] * points
        return copies, expected, best

    def _ready_score(self, waits: tuple[float, float, float]) -> float:
        copies, expected, best = waits
        if not copies:
            return -_SHANTEN  # a ready hand with no legal win scores as one tile from ready
        if self.style.lookahead:  # the expert weighs each wait by what it pays
            return 2.0 * expected / math.sqrt(max(1.0, best))
        return copies + 2.0 * math.sqrt(best)

    def ready_value(self, ctx: HandContext, discard: int) -> float:
        """Return the worth of the ready hand left by discarding ``discard``: the unseen copies
        of the waits that are legal wins (see ``ready_waits``) plus a little for the hand's
        value (the expert: each wait weighed by what it pays); a ready hand with no legal win
        scores as one tile from ready."""
        return self._ready_score(self.ready_waits(ctx, discard))

    def choose_discard(
        self, ctx: HandContext, discards: Sequence[Discard], reader: Reader | None
    ) -> Action:
        """Return the best discard, declaring riichi when the style and the wait say so."""
        scored = self.score_discards(ctx, discards, reader)
        _, s, best = scored[0]
        riichi = {a.tile: a for a in discards if a.riichi}
        if best.tile in riichi and s == 0:
            if not self.style.value:
                return riichi[best.tile]
            valuation = self.valuation(ctx.view.variant)
            copies, _, _ = self.ready_waits(ctx, best.tile)
            if not valuation.declare_riichi(ctx, round(copies)):
                return best
            if self.style.defense:
                counts = ctx.counts
                k = _KIND[best.tile]
                counts[k] -= 1
                _, waits = self.calc(ctx, ctx.melds).improving_kinds(counts)
                counts[k] += 1
                if valuation.silent_is_better(ctx, best.tile, waits):
                    return best
            return riichi[best.tile]
        return best

    def choose_kong(
        self, ctx: HandContext, legal: Sequence[Action], reader: Reader | None
    ) -> Action | None:
        """Return a concealed or added kong that leaves the shanten as it is, else None."""
        kongs = [a for a in legal if isinstance(a, Ankan | Kakan)]
        if not kongs:
            return None
        valuation = self.valuation(ctx.view.variant)
        if reader is not None and reader.max_threat >= 0.6 and not valuation.kong_slack(ctx):
            return None  # a kong turns a dora for the threat and gives a tile to rob
        calc = self.calc(ctx, ctx.melds)
        base = self._best_after_discard(calc, ctx.counts)
        for a in kongs:
            counts = list(ctx.counts)
            if isinstance(a, Ankan):
                k = _KIND[a.tiles[0]]
                counts[k] -= 4
                meld = Meld("ankan", a.tiles)
                melds = (*ctx.melds, meld)
            else:
                k = _KIND[a.tile]
                counts[k] -= 1
                melds = ctx.melds
            valuation = self.valuation(ctx.view.variant)
            if self.style.value and valuation.dead_kinds(ctx).count(k):
                continue
            after = self.calc(ctx, melds).shanten(counts) if sum(counts) % 3 == 1 else 99
            if after <= base + (valuation.kong_slack(ctx) if self.style.value else 0):
                return a
        return None

    def _best_after_discard(self, calc: HandCalc, counts: list[int]) -> int:
        best = 99
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, calc.shanten(counts))
                counts[k] += 1
        return best

    def answer_claim(self, ctx: HandContext, legal: Sequence[Action]) -> Action:
        """Return the call that brings the hand on (and, above beginner, keeps its value), or pass."""
        passing = next(a for a in legal if isinstance(a, Pass))
        tile = ctx.view.claim_tile
        if tile is None:
            return passing
        k = _KIND[tile]
        calls = [a for a in legal if isinstance(a, Chi | Pon | Kan)]
        if not calls:
            return passing
        before = self.calc(ctx, ctx.melds).shanten(ctx.counts)
        valuation = self.valuation(ctx.view.variant)
        best: tuple[float, Action, int, list[int], tuple[Meld, ...]] | None = None
        for a in calls:
            counts = list(ctx.counts)
            for t in a.tiles:
                counts[_KIND[t]] -= 1
            tiles = tuple(sorted((*a.tiles, tile)))
            meld = (
                Meld("chi", tiles)
                if isinstance(a, Chi)
                else Meld("pon", tiles)
                if isinstance(a, Pon)
                else Meld("kan", tiles)
            )
            melds = (*ctx.melds, meld)
            calc = self.calc(ctx, melds)
            if isinstance(a, Kan):
                after = calc.shanten(counts) if sum(counts) % 3 == 1 else 99
                slack = valuation.kong_slack(ctx) if self.style.value else 0
                if after > before + slack:
                    continue
                if self.style.value and not valuation.discard_kong_ok(ctx, counts, melds, after):
                    continue
                gain = 0.5 + 2 * slack
            else:
                after = 99
                for d in range(34):
                    if counts[d] and d != k:
                        counts[d] -= 1
                        after = min(after, calc.shanten(counts))
                        counts[d] += 1
                if after >= before:
                    continue
                if self.style.value:
                    if k in valuation.dead_kinds(ctx):
                        continue
                    if not valuation.call_ok(ctx, counts, melds, after):
                        continue
                gain = float(before - after)
            if best is None or gain > best[0]:
                best = (gain, a, after, counts, melds)
        if best is None:
            return passing
        _, call, after, counts, melds = best
        if self.style.defense and self.folds_after_call(ctx, after, counts, melds):
            return passing
        return call

    def folds_after_call(
        self, ctx: HandContext, after: int, counts: list[int], melds: tuple[Meld, ...]
    ) -> bool:
        """Return whether the hand after a call (``counts`` before its discard, ``after`` from
        ready) would still fold: the loss of pushing on exceeds what it can win (a call makes
        the hand faster but leaves fewer tiles to fold with)."""
        reader = self.reader(ctx)
        if reader.max_threat < 0.2:
            return False
        valuation = self.valuation(ctx.view.variant)
        draws = self.draws_left(ctx.view)
        tsumo = 1.0 + valuation.self_draw_share * (valuation.tsumo_factor - 1.0)
        points = valuation.hand_points(ctx, counts, melds)
        chance = win_chance(ctx.view.variant, after, 6.0 if after else 4.0, draws)
        return chance * points * tsumo < self.future_risk(reader, draws)


def _draw_chance(draws: int) -> float:
    """Return about how likely the hand is to end with the wall run out, from this seat's
    draws left (one in ten early, nine in ten at the last discard).

    >>> _draw_chance(18), _draw_chance(0)
    (0.1, 0.9)
    """
    left = min(max(draws, 0), 18) / 18
    return round(0.1 + 0.8 * (1 - left) ** 2, 6)


def _isolation(k: int, counts: Sequence[int]) -> int:
    """Return how connected kind ``k`` is to the rest of the hand (lower: more isolated)."""
    score = 3 * (counts[k] - 1)
    if k < 27:
        for d in (-2, -1, 1, 2):
            j = k + d
            if 0 <= j < 27 and j // 9 == k // 9 and counts[j]:
                score += 2 if abs(d) == 1 else 1
    return score

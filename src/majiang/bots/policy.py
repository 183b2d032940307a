"""The bots' policy: one variant-neutral search with a style per level.

A decision reads the view (bots/analysis.py), scores every legal discard by shanten, tile
acceptance and the variant's valuation (bots/valuation.py), and, for the expert, by the risk
of dealing in (bots/defense.py). Calls are compared by the shanten they leave. A ``Style``
says which of these a level uses:

- beginner: shanten and the number of improving kinds, greedy calls, riichi whenever it can,
  no valuation, no defense;
- normal: shanten and the unseen improving tiles, the variant's valuation (yaku, minimum fan,
  value sets, void suit), calls that keep a winnable hand, riichi timing;
- expert: normal plus the danger of each tile against riichi and open hands, push or fold by
  hand value against danger, fewer calls when folding.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.actions import Action, Ankan, Chi, Discard, Kakan, Kan, Pass, Pon, Ron, Tsumo
from majiang.bots.analysis import HandCalc, dora_kinds, own_counts, unseen_counts
from majiang.bots.defense import Reader
from majiang.bots.valuation import HandContext, Valuation, valuation_for
from majiang.melds import Meld
from majiang.tiles import kind
from majiang.view import PlayerView

__all__ = ["BEGINNER", "EXPERT", "NORMAL", "PolicyBot", "Style"]

_KIND = tuple(kind(t) for t in range(45))
#: one shanten is worth this many unseen improving tiles
_SHANTEN = 100.0
#: one unit of valuation bias is worth this many unseen improving tiles
_BIAS = 4.0


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


BEGINNER = Style("beginner", unseen=False, value=False, greedy_calls=True, defense=False)
NORMAL = Style("normal", unseen=True, value=True, greedy_calls=False, defense=False)
EXPERT = Style("expert", unseen=True, value=True, greedy_calls=False, defense=True, lookahead=True)


class PolicyBot:
    """A bot of one style: sees only its view, deterministic given its seed."""

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

    # ------------------------------------------------------------ reading the view

    def valuation(self, variant: str) -> Valuation:
        """Return the valuation hooks for the variant being played."""
        if self._valuation is None or self._valuation.variant != variant:
            self._valuation = valuation_for(variant, self.options)
        return self._valuation

    def context(self, view: PlayerView) -> HandContext:
        """Return the hand context of this decision (resetting the per-hand memory)."""
        key = (view.hand_index, view.dealer)
        if key != self._hand_key:
            self._hand_key = key
            self.memo = {}
            self._calcs = {}
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
        self.valuation(view.variant).begin_hand(ctx)
        return ctx

    def calc(self, ctx: HandContext, melds: Sequence[Meld]) -> HandCalc:
        """Return the shanten calculator for the hand with these melds."""
        dead = self.valuation(ctx.view.variant).dead_kinds(ctx) if self.style.value else ()
        key = (tuple(melds), dead)
        found = self._calcs.get(key)
        if found is None:
            found = self._calcs[key] = HandCalc(ctx.view.variant, melds, dead)
        return found

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
        if not discards:
            special = self.valuation(view.variant).choose_special(ctx, legal)
            return special if special is not None else legal[0]
        reader = Reader(view) if self.style.defense else None
        kong = self.choose_kong(ctx, legal, reader)
        if kong is not None:
            return kong
        return self.choose_discard(ctx, discards, reader)

    def score_discards(
        self, ctx: HandContext, discards: Sequence[Discard], reader: Reader | None
    ) -> list[tuple[float, int, Discard]]:
        """Return (score, shanten after, action) for each plain discard, best first."""
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
        danger_weight = 0.0
        if reader is not None:
            danger_weight = self.danger_weight(ctx, reader, best)
        scored: list[tuple[float, int, Discard]] = []
        accepted: dict[int, tuple[int, int, int]] = {}
        for a in plain:
            k = _KIND[a.tile]
            s = after[k]
            score = -_SHANTEN * s - _BIAS * bias[a.tile]
            if s <= best + (1 if danger_weight > 10 else 0):
                if k not in accepted:
                    counts[k] -= 1
                    accepted[k] = calc.improving(counts, ctx.unseen)
                    counts[k] += 1
                _, kinds, copies = accepted[k]
                if s == 0 and self.style.value:
                    score += self.ready_value(ctx, a.tile)
                elif self.style.lookahead and s == 1 and s == best and not valuation.min_fan:
                    # (not where a minimum fan makes many ready shapes worthless: the look
                    # counts waits without scoring them)
                    counts[k] -= 1
                    score += calc.ready_quality(counts, ctx.unseen)
                    counts[k] += 1
                else:
                    score += copies if self.style.unseen else 4 * kinds
            if not self.style.value:
                score -= 0.01 * _isolation(k, counts)
            if danger_weight and reader is not None:
                score -= danger_weight * reader.risk(k)
            score += self.rng.random() * 1e-3
            scored.append((score, s, a))
        scored.sort(key=lambda e: -e[0])
        return scored

    def ready_value(self, ctx: HandContext, discard: int) -> float:
        """Return the worth of the ready hand left by discarding ``discard``: the unseen copies
        of the waits that are legal wins (a wait that wins only by self-draw counts a third),
        plus a little for the hand's value; a ready hand with no legal win scores as one
        tile from ready."""
        valuation = self.valuation(ctx.view.variant)
        counts = ctx.counts
        k = _KIND[discard]
        counts[k] -= 1
        _, waits = self.calc(ctx, ctx.melds).improving_kinds(counts)
        counts[k] += 1
        concealed = list(ctx.view.hand)
        concealed.remove(discard)
        tiles = tuple(concealed)
        copies = 0.0
        best = 0.0
        expected = 0.0
        for w in waits:
            if not ctx.unseen[w]:
                continue
            fan = valuation.win_fan(ctx, tiles, w, tsumo=False)
            weight = 1.0
            if fan is None:
                fan = valuation.win_fan(ctx, tiles, w, tsumo=True)
                weight = 0.35
            if fan is None:
                continue
            copies += weight * ctx.unseen[w]
            best = max(best, valuation.points(fan))
            expected += weight * ctx.unseen[w] * valuation.points(fan)
        if not copies:
            return -_SHANTEN
        if self.style.lookahead:  # the expert weighs each wait by what it pays
            return 2.0 * expected / math.sqrt(max(1.0, best))
        return copies + 2.0 * math.sqrt(best)

    def danger_weight(self, ctx: HandContext, reader: Reader, shanten: int) -> float:
        """Return how many improving tiles one unit of risk is worth (push or fold)."""
        threat = reader.max_threat
        if threat < 0.3:
            return 2.0
        valuation = self.valuation(ctx.view.variant)
        value = max(valuation.points(valuation.fan_estimate(ctx, ctx.counts, ctx.melds)), 0.5)
        late = 1.0 + max(0, 30 - ctx.view.wall_left) / 30  # a push late has less time to pay
        if shanten >= 2:
            return 250.0 * threat
        if shanten == 1:
            return 70.0 * threat * late / value
        return 18.0 * threat / value

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
            counts = ctx.counts
            k = _KIND[best.tile]
            counts[k] -= 1
            _, _, copies = self.calc(ctx, ctx.melds).improving(counts, ctx.unseen)
            counts[k] += 1
            if self.valuation(ctx.view.variant).declare_riichi(ctx, copies):
                return riichi[best.tile]
        if best.riichi:  # only riichi discards were legal
            return best
        return best

    def choose_kong(
        self, ctx: HandContext, legal: Sequence[Action], reader: Reader | None
    ) -> Action | None:
        """Return a concealed or added kong that leaves the shanten as it is, else None."""
        kongs = [a for a in legal if isinstance(a, Ankan | Kakan)]
        if not kongs:
            return None
        if reader is not None and reader.max_threat >= 0.6:
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
            if self.style.value and self.valuation(ctx.view.variant).dead_kinds(ctx).count(k):
                continue
            after = self.calc(ctx, melds).shanten(counts) if sum(counts) % 3 == 1 else 99
            if after <= base:
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
        if self.style.defense and Reader(ctx.view).max_threat >= 0.6:
            before = self.calc(ctx, ctx.melds).shanten(ctx.counts)
            if before >= 1:
                return passing
        before = self.calc(ctx, ctx.melds).shanten(ctx.counts)
        valuation = self.valuation(ctx.view.variant)
        best: tuple[float, Action] | None = None
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
                if after > before or (self.style.value and ctx.closed):
                    continue
                if self.style.value and not valuation.call_ok(ctx, counts, melds, after):
                    continue
                gain = 0.5
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
                best = (gain, a)
        return passing if best is None else best[1]


def _isolation(k: int, counts: Sequence[int]) -> int:
    """Return how connected kind ``k`` is to the rest of the hand (lower: more isolated)."""
    score = 3 * (counts[k] - 1)
    if k < 27:
        for d in (-2, -1, 1, 2):
            j = k + d
            if 0 <= j < 27 and j // 9 == k // 9 and counts[j]:
                score += 2 if abs(d) == 1 else 1
    return score

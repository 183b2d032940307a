"""Per-variant valuation hooks: what a hand is worth in the variant's scoring, which tiles to
keep for it, which calls keep a winnable hand, and when to declare riichi.

The bots' search (bots/policy.py) is variant-neutral: it minimizes shanten and maximizes tile
acceptance, and asks a ``Valuation`` for everything that depends on the scoring:

- ``keep_bias(ctx, tile)``: a bonus for keeping a tile (dora, a value pair, the flush suit), a
  penalty for a tile the plan throws away (Sichuan's void suit, off-suit tiles of a flush);
- ``dead_kinds(ctx)``: kinds the hand must not aim at (Sichuan's void suit);
- ``fan_estimate(ctx, counts, melds)``: the hand's likely value in the variant's unit (riichi han,
  HK fan, Taiwan tai, Sichuan fan), counting only patterns the hand is on its way to;
- ``call_ok(ctx, ...)``: whether a call leaves a hand that can still win (riichi's yaku, HK's
  minimum fan) and is worth opening for;
- ``declare_riichi(ctx, ...)``: riichi timing;
- ``points(fan)``: a fan count as points, to weigh a hand against the danger of pushing.

Options are table rules, public to every player: a bot receives them when it is made.

>>> v = valuation_for("hk")
>>> v.min_fan, v.points(3) < v.points(6)
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import Action
from majiang.errors import MajiangError
from majiang.hand import Hand
from majiang.melds import Meld
from majiang.rules import get_ruleset
from majiang.scoring import ScoreRequest
from majiang.tiles import is_red, kind
from majiang.view import PlayerView

__all__ = [
    "HandContext",
    "HongKongValuation",
    "RiichiValuation",
    "SichuanValuation",
    "TaiwanValuation",
    "Valuation",
    "valuation_for",
]

_DRAGONS = (31, 32, 33)


@dataclass
class HandContext:
    """What the valuation needs about the viewer's hand at one decision."""

    view: PlayerView
    counts: list[int]
    melds: tuple[Meld, ...]
    seat_wind: int
    dora: list[int]
    unseen: list[int]
    #: per-hand memory of the bot (Sichuan's void suit), reset each hand
    memo: dict[str, Any] = field(default_factory=dict)

    @property
    def closed(self) -> bool:
        """Return whether the hand has no open meld."""
        return all(not m.is_open for m in self.melds)

    def value_winds(self) -> tuple[int, ...]:
        """Return the wind kinds that score as a set: the seat wind and the round wind."""
        return (27 + self.seat_wind, 27 + self.view.round_wind % 4)


def _suit_totals(counts: Sequence[int], melds: Sequence[Meld]) -> tuple[list[int], int]:
    suits = [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]
    honors = sum(counts[27:34])
    for m in melds:
        k = kind(m.tiles[0])
        if k >= 27:
            honors += 3
        else:
            suits[k // 9] += 3
    return suits, honors


class Valuation:
    """Neutral hooks: every complete hand wins, tiles are worth their acceptance only."""

    variant = ""
    #: the fan (han, tai) a winning hand must reach
    min_fan = 0

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None) -> None:
        self.variant = variant
        self.rules = get_ruleset(variant)
        self.options = dict(self.rules.resolve_options(dict(options or {})))

    def begin_hand(self, ctx: HandContext) -> None:
        """Set up per-hand plans in ``ctx.memo`` (called on the hand's first decision)."""

    def dead_kinds(self, ctx: HandContext) -> tuple[int, ...]:
        """Return kinds the hand must never aim at."""
        return ()

    def situation(self, ctx: HandContext) -> frozenset[str]:
        """Return the situation a win of this hand would be scored with (riichi: a closed
        hand declares)."""
        return frozenset()

    def win_fan(
        self, ctx: HandContext, concealed: tuple[int, ...], win_kind: int, tsumo: bool
    ) -> float | None:
        """Return the fan (han, tai) of winning on ``win_kind`` with ``concealed`` (3k+1 tiles)
        and the hand's melds, scored through the scoring contract; None when not a legal win
        (HK below the minimum, riichi without yaku, Sichuan with three suits). Memoized per hand.
        """
        key = (tuple(sorted(concealed)), ctx.melds, win_kind, tsumo)
        memo: dict[Any, float | None] = ctx.memo.setdefault("wins", {})
        if key in memo:
            return memo[key]
        view = ctx.view
        players = len(view.seats)
        request = ScoreRequest(
            variant=self.variant,
            rules=self.options,
            hand=Hand((*concealed, win_kind), ctx.melds, view.seats[view.seat].bonus),
            win_tile=win_kind,
            win="tsumo" if tsumo else "ron",
            seat_wind=ctx.seat_wind,
            round_wind=view.round_wind % 4,
            discarder=None if tsumo else (ctx.seat_wind + 1) % players,
            situation=self.situation(ctx),
            dora_indicators=view.indicators if self.variant == "riichi" else (),
        )
        try:
            result = self.rules.score(request)
        except MajiangError:
            found = None
        else:
            found = float(result.total) if result.valid else None
        memo[key] = found
        return found

    def choose_special(self, ctx: HandContext, legal: Sequence[Action]) -> Action | None:
        """Return the choice for a decision that is neither a discard nor a claim (None: the
        first legal action)."""
        return None

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return a bonus for keeping ``tile`` (negative: the plan wants it gone)."""
        k = kind(tile)
        if k >= 27 and ctx.counts[k] == 1 and ctx.unseen[k] <= 1:
            return -0.3  # a lone honor that can no longer pair
        return 0.0

    def fan_estimate(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return the value the hand is heading for, in the variant's unit."""
        return 1.0

    def call_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return whether the hand after a call (``counts`` before its discard) is worth it."""
        return self.fan_estimate(ctx, counts, melds) >= max(self.min_fan, 0.5)

    def declare_riichi(self, ctx: HandContext, wait_copies: int) -> bool:
        """Return whether to declare riichi with a ready hand waiting on ``wait_copies`` tiles."""
        return False

    def points(self, fan: float) -> float:
        """Return a hand of ``fan`` as points, in units of a plain winning hand."""
        return 1.0 + fan


class RiichiValuation(Valuation):
    """Riichi: a win needs a yaku; riichi is one for a closed hand, value tiles and all simples
    are the open hand's; dora add han."""

    def situation(self, ctx: HandContext) -> frozenset[str]:
        """Return riichi for a closed hand (it declares when ready), nothing for an open one."""
        return frozenset({"riichi"}) if ctx.closed else frozenset()

    def yakuhai(self, ctx: HandContext) -> set[int]:
        """Return the kinds whose pung is a yaku: dragons, seat and round wind."""
        return {*_DRAGONS, *ctx.value_winds()}

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return dora and red fives as worth keeping, value pairs more, lone guests less."""
        k = kind(tile)
        bias = 0.55 * ctx.dora[k] + (0.55 if is_red(tile) else 0.0)
        if k >= 27:
            n = ctx.counts[k]
            if k in self.yakuhai(ctx):
                bias += 0.9 if n >= 2 else 0.1
            elif n == 1:
                bias -= 0.2
            if n == 1 and ctx.unseen[k] <= 1:
                bias -= 0.3
        elif k % 9 in (0, 8) and not ctx.closed and self._tanyao_plan(ctx, ctx.counts, ctx.melds):
            bias -= 0.4
        return bias

    def _tanyao_plan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        if any(kind(t) >= 27 or kind(t) % 9 in (0, 8) for m in melds for t in m.tiles):
            return False
        outside = sum(counts[k] for k in range(34) if k >= 27 or k % 9 in (0, 8))
        return outside <= 2

    def _yaku_path(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        han = 0.0
        value = self.yakuhai(ctx)
        for m in melds:
            if m.is_pung_like and kind(m.tiles[0]) in value:
                han += 1 + (kind(m.tiles[0]) == 27 + ctx.seat_wind == 27 + ctx.view.round_wind)
        for k in value:
            if counts[k] >= 3:
                han += 1
            elif counts[k] == 2 and ctx.unseen[k] >= 1:
                han += 0.5
        if self._tanyao_plan(ctx, counts, melds):
            han += 1
        suits, honors = _suit_totals(counts, melds)
        total = sum(suits) + honors
        best = max(suits)
        if best + honors >= total - 1 and best >= 8:
            han += 2 if honors else 3
        if (
            all(m.is_pung_like for m in melds)
            and sum(1 for c in counts if c >= 2) + len(melds) >= 5
        ):
            han += 1
        return han

    def fan_estimate(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return likely han: the yaku the hand is heading for, riichi when closed, and dora."""
        han = self._yaku_path(ctx, counts, melds)
        if all(not m.is_open for m in melds):
            han += 1.3  # riichi, often tsumo or ippatsu or ura
        dora = sum(ctx.dora[k] * counts[k] for k in range(34))
        dora += sum(ctx.dora[kind(m.tiles[0])] * len(m.tiles) for m in melds if m.is_pung_like)
        dora += sum(1 for t in ctx.view.hand if is_red(t))
        dora += sum(1 for m in melds for t in m.tiles if is_red(t))
        return han + dora

    def call_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return whether the open hand keeps a yaku and is fast or valuable enough to open."""
        path = self._yaku_path(ctx, counts, melds)
        if path < 1:
            return False
        value = self.yakuhai(ctx)
        last = melds[-1]
        if last.is_pung_like and kind(last.tiles[0]) in value:
            return True
        return shanten_after <= 2 or path >= 2

    def declare_riichi(self, ctx: HandContext, wait_copies: int) -> bool:
        """Return riichi for a wait with tiles left, unless too late for a poor one."""
        if wait_copies == 0:
            return False
        return not (ctx.view.wall_left < 8 and wait_copies <= 2)

    def points(self, fan: float) -> float:
        """Return han as points in units of a 1,000-point hand (30 fu, doubling per han)."""
        han = max(1.0, fan)
        if han >= 5:
            return 8.0 * (1 + (han - 5) / 3)
        return 2 ** (han - 1)


class HongKongValuation(Valuation):
    """Hong Kong: a win needs ``min_fan`` (3): the flush, all pungs, dragon and value-wind sets,
    and the concealed hand are the ways there."""

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(variant, options)
        self.min_fan = int(self.options.get("min_fan", 3))

    def _flush_suit(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, int, int]:
        """Return (dominant suit, tiles outside it and the honors, honors)."""
        suits, honors = _suit_totals(counts, melds)
        best = max(range(3), key=lambda s: suits[s])
        return best, sum(suits) - suits[best], honors

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return value pairs and the flush suit as worth keeping."""
        k = kind(tile)
        bias = super().keep_bias(ctx, tile)
        value = (*_DRAGONS, *ctx.value_winds())
        if k >= 27:
            n = ctx.counts[k]
            if k in value:
                bias += 1.0 if n >= 2 else 0.25
            elif n >= 2:
                bias += 0.3  # a pung of any honor helps the flush and all pungs
        suit, off, _ = self._flush_suit(ctx.counts, ctx.melds)
        if off <= 5:
            if k < 27 and k // 9 != suit:
                bias -= 1.2 - 0.15 * off
            else:
                bias += 0.4
        if ctx.counts[k] >= 2 and self._pung_plan(ctx.counts, ctx.melds):
            bias += 0.4
        return bias

    def _pung_plan(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        if any(not m.is_pung_like for m in melds):
            return False
        return sum(1 for c in counts if c >= 2) + len(melds) >= 4

    def fan_estimate(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return likely fan from the patterns the hand is on its way to."""
        fan = 0.0
        value = (*_DRAGONS, *ctx.value_winds())
        double = ctx.seat_wind == ctx.view.round_wind % 4
        for k in set(value):
            weight = 2 if double and k == 27 + ctx.seat_wind else 1
            if any(m.is_pung_like and kind(m.tiles[0]) == k for m in melds) or counts[k] >= 3:
                fan += weight
            elif counts[k] == 2 and ctx.unseen[k] >= 1:
                fan += 0.45 * weight
        _, off, honors = self._flush_suit(counts, melds)
        if off == 0:
            fan += 3 if honors else 7
        elif off <= 2:
            fan += 2.2
        elif off <= 4:
            fan += 1.0
        if self._pung_plan(counts, melds):
            pairs = sum(1 for c in counts if c >= 2) + len(melds)
            fan += 3 if pairs >= 5 else 1.5
        if all(not m.is_open for m in melds):
            fan += 1.4  # concealed hand, and a self-draw often
        else:
            fan += 0.4  # a self-draw now and then
        return fan

    def call_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return whether the open hand still reaches the minimum fan."""
        return self.fan_estimate(ctx, counts, melds) >= self.min_fan + 0.3

    def points(self, fan: float) -> float:
        """Return fan as points in units of a minimum hand (payments double every fan or so)."""
        return float(2 ** (max(fan, float(self.min_fan)) - self.min_fan) * 1.2)


class TaiwanValuation(Valuation):
    """Taiwan: every complete hand wins; tai (value sets, the closed self-draw, flushes) add to a
    base worth several tai, so speed matters most and value breaks ties."""

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return value pairs as worth keeping, lone guests as the first to go."""
        k = kind(tile)
        bias = super().keep_bias(ctx, tile)
        if k >= 27:
            if k in (*_DRAGONS, *ctx.value_winds()):
                bias += 0.6 if ctx.counts[k] >= 2 else 0.05
            elif ctx.counts[k] == 1:
                bias -= 0.15
        return bias

    def fan_estimate(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return likely tai: value sets, the closed hand, a flush in sight."""
        tai = 0.0
        for k in {*_DRAGONS, *ctx.value_winds()}:
            if any(m.is_pung_like and kind(m.tiles[0]) == k for m in melds) or counts[k] >= 3:
                tai += 1
            elif counts[k] == 2:
                tai += 0.4
        if all(not m.is_open for m in melds):
            tai += 1.5
        suits, honors = _suit_totals(counts, melds)
        if sum(suits) - max(suits) <= 1:
            tai += 4 if honors else 8
        return tai

    def call_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return every call that brings the hand on: any complete hand wins and the base is
        worth several tai, so speed beats the closed hand's tai."""
        return True

    def points(self, fan: float) -> float:
        """Return tai as points in units of a plain win (the base plus its tai)."""
        base = float(self.options.get("base", 3))
        per = float(self.options.get("tai_value", 1)) or 1.0
        return (base + per * fan) / (base + per)


class SichuanValuation(Valuation):
    """Sichuan: one suit is declared void and thrown out first (a hand with three suits cannot
    win); pungs are the only calls; a pure suit, all pungs and seven pairs double and redouble."""

    def begin_hand(self, ctx: HandContext) -> None:
        """Read the void suit the seat declared; before the declaration, plan one: the suit
        with the fewest tiles, the least connected breaking ties."""
        declared = getattr(ctx.view.seats[ctx.view.seat], "void", None)
        if declared:
            ctx.memo["void"] = "mps".index(declared)
        elif "void" not in ctx.memo or ctx.memo.get("void_planned"):
            ctx.memo["void"] = choose_void_suit(ctx.counts)
            ctx.memo["void_planned"] = True

    def void_suit(self, ctx: HandContext) -> int:
        """Return the suit this hand declared (or plans to declare) void."""
        if "void" not in ctx.memo:
            self.begin_hand(ctx)
        return int(ctx.memo["void"])

    def choose_special(self, ctx: HandContext, legal: Sequence[Action]) -> Action | None:
        """Return the exchange of three tiles of the planned void suit (its least connected
        tiles), or the declaration of the void suit."""
        exchanges = [a for a in legal if a.kind == "exchange"]
        if exchanges:

            def cost(a: Action) -> tuple[int, int]:
                tiles = getattr(a, "tiles", ())
                kinds = [kind(t) for t in tiles]
                suit = kinds[0] // 9 if kinds else 0
                rest = list(ctx.counts)
                for k in kinds:
                    rest[k] -= 1
                left = sum(rest[suit * 9 : suit * 9 + 9])
                links = sum(_links(ctx.counts, k) for k in kinds)
                return (left, links)

            return min(exchanges, key=cost)
        voids = [a for a in legal if a.kind == "void"]
        if voids:
            suit = choose_void_suit(ctx.counts)
            ctx.memo["void"] = suit
            return next((a for a in voids if getattr(a, "suit", "") == "mps"[suit]), voids[0])
        return None

    def dead_kinds(self, ctx: HandContext) -> tuple[int, ...]:
        """Return the void suit's nine kinds."""
        s = self.void_suit(ctx)
        return tuple(range(s * 9, s * 9 + 9))

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return the void suit as the first to go, a pure suit's tiles as worth keeping."""
        k = kind(tile)
        void = self.void_suit(ctx)
        if k // 9 == void:
            return -20.0 + 0.1 * ctx.counts[k]
        suits, _ = _suit_totals(ctx.counts, ctx.melds)
        kept = [s for s in range(3) if s != void]
        main = max(kept, key=lambda s: suits[s])
        other = next(s for s in kept if s != main)
        if suits[other] <= 3:
            return 0.5 if k // 9 == main else -0.6
        return 0.0

    def fan_estimate(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return likely fan: pure suit, all pungs, roots."""
        fan = 0.0
        suits, _ = _suit_totals(counts, melds)
        if sorted(suits)[1] <= 1:
            fan += 2
        if (
            all(m.is_pung_like for m in melds)
            and sum(1 for c in counts if c >= 2) + len(melds) >= 5
        ):
            fan += 1
        fan += sum(1 for c in counts if c == 4) + sum(1 for m in melds if m.is_kong)
        return fan

    def call_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return pungs of kept suits that bring the hand on (never of the void suit)."""
        return kind(melds[-1].tiles[0]) // 9 != self.void_suit(ctx) and shanten_after <= 3

    def points(self, fan: float) -> float:
        """Return fan as points: each fan doubles, up to the cap."""
        cap = float(self.options.get("max_fan", 4))
        return float(2 ** min(fan, cap))


def _links(counts: Sequence[int], k: int) -> int:
    """Return how many tiles of the hand sit next to (or on) kind ``k`` in its suit."""
    base = k - k % 9
    return sum(counts[j] for j in range(max(base, k - 2), min(base + 8, k + 2) + 1)) - 1


def choose_void_suit(counts: Sequence[int]) -> int:
    """Return the suit to declare void: the fewest tiles, then the fewest pairs and neighbours.

    >>> from majiang.tiles import counts34, parse_tiles
    >>> choose_void_suit(counts34(parse_tiles("1234567m2345p19s")))
    2
    """

    def weight(s: int) -> tuple[int, int]:
        part = counts[s * 9 : s * 9 + 9]
        links = sum(1 for i in range(8) if part[i] and part[i + 1]) + sum(1 for c in part if c >= 2)
        return sum(part), links

    return min(range(3), key=weight)


_VALUATIONS: dict[str, type[Valuation]] = {
    "riichi": RiichiValuation,
    "hk": HongKongValuation,
    "hk2": HongKongValuation,
    "hkos": HongKongValuation,
    "taiwan": TaiwanValuation,
    "sichuan": SichuanValuation,
}


def valuation_for(variant: str, options: Mapping[str, Any] | None = None) -> Valuation:
    """Return the valuation hooks of a variant (a neutral one for an unknown variant)."""
    return _VALUATIONS.get(variant, Valuation)(variant, options)

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
from typing import TYPE_CHECKING, Any

from majiang.actions import Action
from majiang.bots.analysis import ORPHANS
from majiang.bots.arrival import RATES, Arrival, arrival_for
from majiang.bots.passed import passed_kinds
from majiang.errors import MajiangError
from majiang.hand import Hand
from majiang.melds import Meld
from majiang.rules import get_ruleset
from majiang.rules.hongkong.payments import FanLimits, base_value, golden_value
from majiang.rules.sichuan.options import SichuanOptions
from majiang.rules.taiwan.options import TaiwanOptions
from majiang.scoring import ScoreRequest
from majiang.tiles import is_red, kind
from majiang.view import PlayerView

if TYPE_CHECKING:
    from majiang.bots.defense import Reader

__all__ = [
    "HandContext",
    "HongKongValuation",
    "Plan",
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
    #: unseen copies per kind (the expert's may be weighed: ``Valuation.live_weights``)
    unseen: Sequence[float]
    #: per-hand memory of the bot (Sichuan's void suit), reset each hand
    memo: dict[str, Any] = field(default_factory=dict)
    #: how fast each wait of a ready hand arrives, by draw or on any discard
    #: (``Valuation.arrival``), or None
    arrival: Arrival | None = None

    @property
    def closed(self) -> bool:
        """Return whether the hand has no open meld."""
        return all(not m.is_open for m in self.melds)

    def value_winds(self) -> tuple[int, ...]:
        """Return the wind kinds that score as a set: the seat wind and the round wind."""
        return (27 + self.seat_wind, 27 + self.view.round_wind % 4)


@dataclass(frozen=True)
class Plan:
    """A way to a bigger hand, which the expert weighs against plain speed: its shanten is
    counted without the ``dead`` kinds and with only the ``forms`` (form bits of
    ``majiang.shanten``; None: the variant's), and a completed hand adds ``fan``."""

    name: str
    fan: float
    dead: tuple[int, ...] = ()
    forms: int | None = None


_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _suit_kinds(suit: int) -> tuple[int, ...]:
    return tuple(range(suit * 9, suit * 9 + 9))


def flush_plans(
    counts: Sequence[int],
    melds: Sequence[Meld],
    half: float,
    full: float,
    honors_ok: bool = True,
    least: int = 9,
) -> list[Plan]:
    """Return a flush plan for each suit that holds most of the hand (at least nine of its
    tiles with the honors, ``least``; no set of another suit): ``half`` fan with honors,
    ``full`` without (``honors_ok`` False: honors count as off-suit).

    >>> from majiang.tiles import counts34, parse_tiles
    >>> [p.name for p in flush_plans(counts34(parse_tiles("1234578m99p11z")), (), 3, 7)]
    ['flush m']
    """
    suits, honors = _suit_totals(counts, melds)
    out = []
    for suit in range(3):
        if any(kind(m.tiles[0]) < 27 and kind(m.tiles[0]) // 9 != suit for m in melds):
            continue
        if suits[suit] + (honors if honors_ok else 0) < least:
            continue
        others = tuple(k for s in range(3) if s != suit for k in _suit_kinds(s))
        dead = others if honors_ok else (*others, *range(27, 34))
        fan = half if honors and honors_ok else full
        out.append(Plan(f"flush {'mps'[suit]}", fan, dead))
    return out


def orphans_plan(
    counts: Sequence[int], melds: Sequence[Meld], fan: float, least: int = 8
) -> list[Plan]:
    """Return the thirteen orphans plan for a closed hand holding ``least`` kinds of it or
    more."""
    if melds or sum(1 for k in _ORPHAN_KINDS if counts[k]) < least:
        return []
    return [Plan("thirteen orphans", fan, forms=ORPHANS)]


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
    #: the variant's points in one unit of ``points``: what a plain win on a discard pays
    unit = 1.0
    #: about how much more a self-drawn win collects than the same hand on a discard
    tsumo_factor = 1.0
    #: how much more a win of the dealer pays (riichi: half as much again; Taiwan: the
    #: dealer's tai)
    dealer_factor = 1.0
    #: the share of the hand's wins that are self-drawn, for what the variant's self-draw
    #: payment adds to a win in the expert's judgement
    self_draw_share = 0.3
    #: the share of a deal-in's cost that folding saves (the threat may win anyway, and a
    #: self-draw costs us too: Taiwan's and Sichuan's every player pays it, hk2's opponent
    #: pays more for it than for a discard)
    avoidable = 0.9
    #: what being ready when the wall runs out is worth against not being ready, in
    #: ``points`` units (riichi: the noten payments)
    tenpai_value = 0.0
    #: how much the expert's judgement weighs its losses (dealing in now, and later while
    #: pushing on) against what the hand can win: 1 as calibrated (bots/tables.py); less where
    #: the arena measured the calibrated losses as too cautious (folding gave up more wins
    #: than it saved deal-ins)
    caution = 1.0
    #: what a discard safe against every other seat gains over one safe against none, in
    #: unseen improving tiles (``keep_bias``), where the tiles passed since a seat's hand last
    #: changed are safe against it (bots/passed.py: no furiten, every win taken); 0: not read
    passed_bonus = 0.0
    #: the shanten (of the best discard) at which the expert's judgement leaves the offense
    #: ranking as it is (Taiwan: one tile from ready, where trading acceptance for safety
    #: lost); empty: it judges at every shanten
    unjudged_shanten: tuple[int, ...] = ()
    #: the strongest threat at the table (``Reader.max_threat``) below which the expert's
    #: judgement leaves the offense ranking as it is (Taiwan 0.3: with nobody near a win, a
    #: safer tile of the same shanten gave up as much as it saved); 0: judged at any threat
    judged_threat = 0.0
    #: per kind category and stage, the others' discards of a kind per own draw that a call
    #: could take (bots/arrival.py ``RATES``; Taiwan, where every bot calls every call that
    #: brings its hand on); None: a ready hand's waits count by their unseen copies alone
    arrival_rates: Mapping[str, Sequence[Sequence[float]]] | None = None

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None) -> None:
        self.variant = variant
        self.rules = get_ruleset(variant)
        self.options = self.rules.resolve_options(dict(options or {}))

    def passed(self, ctx: HandContext) -> list[frozenset[int]]:
        """Return, per seat, the kinds passed since its hand last changed (``passed_kinds``),
        read once per decision; none where ``passed_bonus`` is 0."""
        view = ctx.view
        if not self.passed_bonus:
            return [frozenset()] * len(view.seats)
        key = tuple((len(s.river), len(s.melds), s.out) for s in view.seats)
        found = ctx.memo.get("passed")
        if found is None or found[0] != key:
            found = ctx.memo["passed"] = (key, passed_kinds(view))
        result: list[frozenset[int]] = found[1]
        return result

    def passed_share(self, ctx: HandContext, k: int) -> float:
        """Return the share of the other seats still in play that kind ``k`` is passed-safe
        against (0 where ``passed_bonus`` is 0)."""
        view = ctx.view
        others = [s.seat for s in view.seats if s.seat != view.seat and not s.out]
        if not others or not self.passed_bonus:
            return 0.0
        passed = self.passed(ctx)
        return sum(1 for p in others if k in passed[p]) / len(others)

    def read_table(self, ctx: HandContext, reader: Reader) -> None:
        """Add what the valuation knows to the expert's reading of the table: where
        ``passed_bonus`` is set, the passed kinds are safe against their seat."""
        if self.passed_bonus:
            for p, kinds in enumerate(self.passed(ctx)):
                reader.safe[p] = reader.safe[p] | kinds

    def begin_hand(self, ctx: HandContext) -> None:
        """Set up per-hand plans in ``ctx.memo`` (called on the hand's first decision)."""

    def live_weights(self, ctx: HandContext) -> tuple[float, ...] | None:
        """Return per kind the weight of an unseen copy in the expert's tile counting (how
        likely it is still to come), or None: every unseen copy counts one."""
        return None

    def arrival(self, ctx: HandContext) -> Arrival | None:
        """Return how fast each wait of a ready hand arrives, by draw or on any discard
        (bots/arrival.py), or None: every unseen copy counts alike (``arrival_rates`` None)."""
        if self.arrival_rates is None:
            return None
        return arrival_for(ctx.view, ctx.value_winds() + _DRAGONS, self.arrival_rates)

    def dead_kinds(self, ctx: HandContext) -> tuple[int, ...]:
        """Return kinds the hand must never aim at."""
        return ()

    def situation(self, ctx: HandContext) -> frozenset[str]:
        """Return the situation a win of this hand would be scored with (riichi: a closed
        hand declares)."""
        return frozenset()

    def win_fan(
        self,
        ctx: HandContext,
        concealed: tuple[int, ...],
        win_kind: int,
        tsumo: bool,
        situation: frozenset[str] | None = None,
    ) -> float | None:
        """Return the fan (han, tai) of winning on ``win_kind`` with ``concealed`` (3k+1 tiles)
        and the hand's melds, scored through the scoring contract; None when not a legal win
        (HK below the minimum, riichi without yaku, Sichuan with three suits). ``situation``
        replaces the hook's (riichi: a hand that stays silent). Memoized per hand.
        """
        if situation is None:
            situation = self.situation(ctx)
        key = (tuple(sorted(concealed)), ctx.melds, win_kind, tsumo, situation)
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
            situation=situation,
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

    def kong_slack(self, ctx: HandContext) -> int:
        """Return how many shanten a kong may cost and still be made (its money is worth it)."""
        return 0

    def hand_points(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return what the hand (3k+1 tiles, not ready) would pay if it wins, in ``points``
        units (the chance that it wins, a legal win, is the calibrated ``win_chance``)."""
        return self.points(self.fan_estimate(ctx, counts, melds))

    def table_bonus(self, view: PlayerView) -> float:
        """Return what a win collects besides the hand (riichi's sticks and counters)."""
        return 0.0

    def plans(self, ctx: HandContext) -> list[Plan]:
        """Return the bigger hands worth weighing for this hand (flushes, thirteen orphans)."""
        return []

    def core_fan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return the fan the hand is likely to have besides any plan's."""
        return 0.0

    def plan_points(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], plan: Plan
    ) -> float:
        """Return what the hand would pay if it wins by the plan, in ``points`` units."""
        return self.points(self.core_fan(ctx, counts, melds) + plan.fan)

    def silent_is_better(self, ctx: HandContext, discard: int, waits: Sequence[int]) -> bool:
        """Return whether a ready hand that may declare riichi (after ``discard``, waiting on
        the live kinds ``waits``) should rather stay silent."""
        return False

    def discard_kong_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return whether to make a kong of a discard (it opens a closed hand)."""
        return not ctx.closed and self.call_ok(ctx, counts, melds, shanten_after)

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
        return han + self._dora(ctx, counts, melds)

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

    unit = 1000.0
    tsumo_factor = 1.2
    dealer_factor = 1.5
    #: 3,000 points change hands between the ready and the not ready: about 1,500 more for
    #: being ready
    tenpai_value = 1.5
    #: measured: half the calibrated losses beat the calibrated judgement (docs/bots.md)
    caution = 0.5

    def table_bonus(self, view: PlayerView) -> float:
        """Return the riichi sticks on the table and the counters (300 points each)."""
        return view.sticks + 0.3 * view.honba

    def plans(self, ctx: HandContext) -> list[Plan]:
        """Return thirteen orphans (a limit) and the flushes (3 han, 6 without honors; one
        less open)."""
        closed = ctx.closed
        return [
            *orphans_plan(ctx.counts, ctx.melds, 13),
            *flush_plans(ctx.counts, ctx.melds, 3 if closed else 2, 6 if closed else 5),
        ]

    def core_fan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return riichi's likely han for a closed hand, value sets and dora."""
        han = 1.3 if all(not m.is_open for m in melds) else 0.0
        value = self.yakuhai(ctx)
        han += sum(1 for m in melds if m.is_pung_like and kind(m.tiles[0]) in value)
        han += sum(1 for k in value if counts[k] >= 3)
        return han + self._dora(ctx, counts, melds)

    def _dora(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        dora = sum(ctx.dora[k] * counts[k] for k in range(34))
        dora += sum(ctx.dora[kind(m.tiles[0])] * len(m.tiles) for m in melds if m.is_pung_like)
        dora += sum(1 for t in ctx.view.hand if is_red(t))
        dora += sum(1 for m in melds for t in m.tiles if is_red(t))
        return float(dora)

    def silent_is_better(self, ctx: HandContext, discard: int, waits: Sequence[int]) -> bool:
        """Return silence for a hand already worth a mangan without riichi on every live wait
        (riichi would add little and make the others fold)."""
        concealed = list(ctx.view.hand)
        concealed.remove(discard)
        tiles = tuple(concealed)
        live = [w for w in waits if ctx.unseen[w]]
        if not live:
            return False
        silent = frozenset[str]()
        total = 0.0
        for w in live:
            fan = self.win_fan(ctx, tiles, w, tsumo=False, situation=silent)
            if fan is None:
                return False
            total += self.points(fan)
        return total / len(live) >= 7.5

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
        limits = FanLimits.of(self.options)
        self.min_fan, self.max_fan = limits.min_fan, limits.max_fan
        if variant == "hk2":  # the golden table, paid by the opponent on any win
            paid = [golden_value(f, self.options) for f in range(self.max_fan + 1)]
        else:  # the discarder pays twice the base value
            paid = [2 * base_value(f, self.options) for f in range(self.max_fan + 1)]
        self.unit = float(max(1, paid[self.min_fan]))
        # a self-draw adds a fan, and three pay the base value (hk2: the one opponent pays)
        self.tsumo_factor = 2.0 if variant == "hk2" else 2.5
        self.avoidable = 0.2 if variant == "hk2" else 0.8
        # measured in hk (docs/bots.md): half the calibrated losses; hk2 keeps them
        self.caution = 1.0 if variant == "hk2" else 0.5
        # measured in self-play (docs/bots.md): 78% of hk's wins are self-drawn (a 2-fan hand
        # wins only so), and the judgement with it beat the one with 0.3 by +0.47 [-0.10,
        # 1.05] points/hand against normal (106 deals, seed 31000); hkos (39% self-drawn:
        # flowers add fan to a discard win; 0.39 measured -0.34 [-0.93, 0.25], 123 deals)
        # and hk2 keep 0.3
        self.self_draw_share = 0.78 if variant == "hk" else 0.3
        self._paid = [max(1, x) / self.unit for x in paid]
        #: hk2: a closed hand holding this many kinds of thirteen orphans goes for it (the cap,
        #: 128 minimum hands; 52 of the 80 tiles are its kinds), throwing the other tiles first
        #: and calling nothing (None: never)
        self.orphans_from: int | None = 9 if variant == "hk2" else None
        self.hk2 = variant == "hk2"

    def on_orphans(self, ctx: HandContext) -> bool:
        """Return whether the hand goes for thirteen orphans (``orphans_from``)."""
        if self.orphans_from is None or not ctx.closed:
            return False
        return sum(1 for k in _ORPHAN_KINDS if ctx.counts[k]) >= self.orphans_from

    def _flush_suit(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, int, int]:
        """Return (dominant suit, tiles outside it and the honors, honors)."""
        suits, honors = _suit_totals(counts, melds)
        best = max(range(3), key=lambda s: suits[s])
        return best, sum(suits) - suits[best], honors

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return value pairs and the flush suit as worth keeping; on the way to thirteen
        orphans (``on_orphans``), every other tile as the first to go."""
        k = kind(tile)
        if self.on_orphans(ctx):
            return 1.0 if k in _ORPHAN_KINDS else -20.0
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
        fan = self._value_fan(ctx, counts, melds)
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
        """Return whether the open hand still reaches the minimum fan (never while going for
        thirteen orphans)."""
        if self.on_orphans(ctx):
            return False
        return self.fan_estimate(ctx, counts, melds) >= self.min_fan + 0.3

    def plans(self, ctx: HandContext) -> list[Plan]:
        """Return thirteen orphans (the cap) and the flushes (3 fan, 7 without honors); in
        hk2 (dots, honors and the other suits' terminals) also the full flush of a hand
        still holding honors (they go), and thirteen orphans from seven kinds."""
        plans = [
            *orphans_plan(ctx.counts, ctx.melds, self.max_fan, least=7 if self.hk2 else 8),
            *flush_plans(ctx.counts, ctx.melds, 3, 7),
        ]
        if self.hk2 and any(ctx.counts[27:34]):
            full = flush_plans(ctx.counts, ctx.melds, 7, 7, honors_ok=False)
            plans += [Plan(f"{p.name} full", p.fan, p.dead) for p in full]
        return plans

    def core_fan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return the value sets' fan and the concealed hand's (or a self-draw's)."""
        fan = self._value_fan(ctx, counts, melds)
        return fan + (1.4 if all(not m.is_open for m in melds) else 0.4)

    def _value_fan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        fan = 0.0
        value = (*_DRAGONS, *ctx.value_winds())
        double = ctx.seat_wind == ctx.view.round_wind % 4
        for k in set(value):
            weight = 2 if double and k == 27 + ctx.seat_wind else 1
            if any(m.is_pung_like and kind(m.tiles[0]) == k for m in melds) or counts[k] >= 3:
                fan += weight
            elif counts[k] == 2 and ctx.unseen[k] >= 1:
                fan += 0.45 * weight
        return fan

    def points(self, fan: float) -> float:
        """Return fan as points in units of a minimum hand, read from the table's payments
        (between two whole fan, geometrically)."""
        f = min(max(fan, float(self.min_fan)), float(self.max_fan))
        low = int(f)
        if low >= self.max_fan:
            return self._paid[self.max_fan]
        a, b = self._paid[low], self._paid[low + 1]
        return float(a * (b / a) ** (f - low))


class TaiwanValuation(Valuation):
    """Taiwan: every complete hand wins; tai (value sets, the closed self-draw, flushes) add to a
    base worth several tai, so speed matters most and value breaks ties."""

    def keep_bias(self, ctx: HandContext, tile: int) -> float:
        """Return value pairs as worth keeping, lone guests as the first to go; once at most
        ``flush_from`` tiles lie outside one suit and the honors, the other suits' tiles go
        first (a half flush is 4 tai, about doubling a win); a tile passed since the other
        seats' hands last changed as the one to throw among equals (``passed_bonus``: Taiwan
        has no furiten and a win ends the hand, so such a tile wins for none of them)."""
        k = kind(tile)
        bias = super().keep_bias(ctx, tile)
        if k >= 27:
            if k in (*_DRAGONS, *ctx.value_winds()):
                bias += 0.6 if ctx.counts[k] >= 2 else 0.05
            elif ctx.counts[k] == 1:
                bias -= 0.15
        suits, _ = _suit_totals(ctx.counts, ctx.melds)
        main = max(range(3), key=lambda s: suits[s])
        off = sum(suits) - suits[main]
        if off <= self.flush_from and not any(
            kind(m.tiles[0]) < 27 and kind(m.tiles[0]) // 9 != main for m in ctx.melds
        ):
            bias += -1.2 + 0.15 * off if k < 27 and k // 9 != main else 0.3
        return bias - self.passed_bonus / 4 * self.passed_share(ctx, k)

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
        """Return True: every call that brings the hand on is worth it, the first one too (and
        a kong of a discard, ``discard_kong_ok``). About 90% of Taiwan's wins are open hands of
        under two tai, and a win ends the hand, so speed beats the closed hand's tai (1 on a
        discard, 3 on a self-draw): weighing the first call by ``win_chance`` refused a quarter
        of them and measured -0.04 [-0.22, 0.15] points/hand against the beginner, calling
        every time +0.11 [-0.06, 0.29] on the same 300 deals (seed 3000)."""
        return True

    def discard_kong_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return True: a kong of a discard keeps the shanten and draws a replacement tile
        (see ``call_ok``)."""
        return True

    def plans(self, ctx: HandContext) -> list[Plan]:
        """Return the flushes (4 tai, 8 without honors)."""
        return flush_plans(ctx.counts, ctx.melds, 4, 8, least=11)

    def core_fan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return the value sets' tai and the closed hand's."""
        tai = 0.0
        for k in {*_DRAGONS, *ctx.value_winds()}:
            if any(m.is_pung_like and kind(m.tiles[0]) == k for m in melds) or counts[k] >= 3:
                tai += 1
            elif counts[k] == 2:
                tai += 0.4
        return tai + (1.5 if all(not m.is_open for m in melds) else 0.0)

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(variant, options)
        table = TaiwanOptions.of(self.options)
        self.base = float(table.base)
        self.per_tai = float(table.tai_value) or 1.0
        self.unit = self.base + self.per_tai
        #: the flush is aimed at once at most this many tiles lie outside one suit and the
        #: honors (``keep_bias``; -1: never)
        self.flush_from = 6
        # a self-draw: each of the three pays, with the self-draw's tai
        self.tsumo_factor = 3.5
        self.dealer_factor = (self.base + self.per_tai * 2.6) / (self.base + self.per_tai * 1.6)
        self.avoidable = 0.6
        #: a tile safe against all three others is worth 1.5 improving tiles more: +0.24
        #: [0.10, 0.39] points/hand for the normal bot against the same bot without it (200
        #: deals, seed 2000), the deal-in rate 16.6% against 19.7%
        self.passed_bonus = 1.5
        #: one tile from ready the expert plays its offense ranking: the judgement there chose
        #: a safer tile of the same shanten about once a hand, and those choices, each played
        #: out against the offense choice from the same state, lost 0.52 [0.25, 0.79] points
        #: a decision (300 deals, seeds 9100-9399); see docs/bots.md, "Decisions and what they
        #: measured"
        self.unjudged_shanten = (1,)
        #: the judgement only against a seat whose threat is 0.3 or more (about two open sets
        #: after six discards, or one after nine): below it the offense ranking stands;
        #: see docs/bots.md, "Decisions and what they measured"
        self.judged_threat = 0.3
        #: the expert weighs each ready wait by how fast it arrives (bots/arrival.py)
        self.arrival_rates = RATES

    def points(self, fan: float) -> float:
        """Return tai as points in units of a plain win (the base plus its tai)."""
        return (self.base + self.per_tai * fan) / self.unit


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

    def live_weights(self, ctx: HandContext) -> tuple[float, ...] | None:
        """Return per kind the share of its unseen copies the expert counts as still to come,
        by suit (None where ``live_factor`` is 0). An unseen copy lies in the live wall or in
        the hand of another player still in play; those players have declared their void
        suits and throw every tile of them at once, so a suit that no other player keeps is
        all to come (from the wall, and from their discards), while of a suit that two keep
        a part stays in their hands (about a ninth of half their concealed tiles per kind).
        The share is ``wall / (wall + live_factor * held)``, both per kind: ``live_factor`` 1
        is that count; 2, what measured best, also weighs that a player keeps the tiles of its
        suits it can use.

        >>> from majiang.tiles import counts34, parse_tiles
        >>> from majiang.engine import new_game
        >>> from majiang.view import player_view
        >>> rules = get_ruleset("sichuan")
        >>> state, _ = new_game(rules, seed=0, length="one_hand")
        >>> view = player_view(rules, state, 0)
        >>> ctx = HandContext(view, counts34(view.hand), (), 0, [0] * 34, [3] * 34)
        >>> w = SichuanValuation("sichuan").live_weights(ctx)
        >>> w is not None and len(w) == 34 and 0 < min(w) and max(w) <= 1
        True
        """
        if not self.live_factor:
            return None
        view = ctx.view
        wall = max(view.wall_left, 1) / 27
        weights = []
        for suit in "mps":
            held = sum(
                s.concealed / 18
                for s in view.seats
                if s.seat != view.seat and not s.out and s.void != suit
            )
            weights.append(wall / (wall + self.live_factor * held))
        return tuple(weights[k // 9] if k < 27 else 1.0 for k in range(34))

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
        if suits[other] <= self.pure_from:
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

    def plans(self, ctx: HandContext) -> list[Plan]:
        """Return the pure suit (2 fan) in either kept suit, once ``pure_plan_from`` of the
        hand's tiles lie in it (None: never, the default)."""
        if self.pure_plan_from is None:
            return []
        void = self.void_suit(ctx)
        return [
            p
            for p in flush_plans(
                ctx.counts, ctx.melds, 2, 2, honors_ok=False, least=self.pure_plan_from
            )
            if p.name != f"flush {'mps'[void]}"
        ]

    def core_fan(self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Return the roots (four of a kind, in hand or as a kong)."""
        return float(sum(1 for c in counts if c == 4) + sum(1 for m in melds if m.is_kong))

    def kong_slack(self, ctx: HandContext) -> int:
        """Return one shanten: a kong's "wind and rain" is paid at once (a concealed kong 2
        base from every player still in, an added one 1, a discard's kong 2 from the
        discarder), as much as a plain win or more, and its four tiles are a root (+1 fan)."""
        return 1

    def discard_kong_ok(
        self, ctx: HandContext, counts: Sequence[int], melds: Sequence[Meld], shanten_after: int
    ) -> bool:
        """Return every kong of a kept suit: an open hand loses nothing but seven pairs."""
        return kind(melds[-1].tiles[0]) // 9 != self.void_suit(ctx)

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(variant, options)
        table = SichuanOptions.of(self.options)
        self.unit = float(table.base) or 1.0
        self.cap = float(table.max_fan)
        #: the pure suit is chased (its tiles kept, the other kept suit's thrown) once the
        #: other kept suit holds at most this many tiles
        self.pure_from = 3
        #: the expert weighs the pure suit as a plan (chance times points against plain
        #: speed) once this many of the hand's tiles lie in one kept suit; None: never. From 8
        #: tiles the plan cost wins (the expert won 68.8% of hands against the normal's 72.7%;
        #: without the plan and the two-step look 71.5% against 71.4%; 300 deals seed 7000)
        #: and the expert measured 0.03 and 0.11 points/hand below the expert without it
        #: (seeds 7000 and 2000); the ``pure_from`` keep bias still leans to a pure suit
        self.pure_plan_from: int | None = None
        #: the expert's judgement weighs no loss of dealing in: a discard win costs one base
        #: for a plain hand while folding gives up self-draws every player still in pays and
        #: the battle goes on. Measured against the normal bot, 300 deals seed 5000: -0.06
        #: [-0.22, 0.09] points/hand at 0, -0.30 [-0.40, -0.20] at 1 (200 deals seed 3000:
        #: -0.06 at 0.3, +0.06 at 0)
        self.caution = 0.0
        #: how much the expert discounts the unseen copies of a suit other players keep
        #: (``live_weights``; 0: not at all). Session 6, against the expert without, paired
        #: per deal: 1 +0.01, 3 +0.03 (600 deals, seed 9200), 2 +0.05 [-0.00, 0.11] points per
        #: hand (1,200 deals, seeds 9200 and 9800)
        self.live_factor = 2.0
        # a self-draw: every player still in pays, one base more each
        self.tsumo_factor = 4.0
        self.avoidable = 0.5

    def points(self, fan: float) -> float:
        """Return fan as points: each fan doubles, up to the cap."""
        return float(2 ** min(fan, self.cap))


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

"""The game hooks of a ruleset: the data and decisions the engine asks a variant for.

The state machine (engine/) knows draws, discards, claims, kongs and wins in general; every
rule that differs between variants is a class attribute or a method here, with a neutral
default (a plain game: no dead wall, no indicators, no riichi, no furiten, one winner per
discard, the dealer keeps the seat after a dealer win or a draw, no payments at a draw).
``Ruleset`` inherits these, and a variant overrides what it needs (``rules/riichi/game.py``).

>>> rounds_for_length("south"), rounds_for_length("one_hand")
(2, 0)
>>> placements((100, 300, 300, -50))
(3, 1, 2, 4)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.wall import Wall

if TYPE_CHECKING:
    from majiang.actions import Action
    from majiang.events import Event
    from majiang.melds import Meld
    from majiang.rules.base import Option, RuleOptions
    from majiang.state import GameState

LENGTHS = ("one_hand", "east", "south", "full")

#: a game's options as the hooks receive them (``st.options``): the family's typed value, a
#: ``RuleOptions`` (rules/base.py) read by attribute (``options.pao``); ``Any`` here so that each
#: family's hooks name their own class
Options = Any
#: points moved by a hook: (reason, change of each seat), each becomes a ``points_moved`` event
Moves = list[tuple[str, tuple[int, ...]]]


def rounds_for_length(length: str) -> int:
    """Return the rounds of winds a game length plays (0 for ``one_hand``)."""
    if length not in LENGTHS:
        raise InvalidRequest(
            _("unknown game length {length!r} (expected one of {lengths})").format(
                length=length, lengths=", ".join(LENGTHS)
            ),
            field="length",
        )
    return {"one_hand": 0, "east": 1, "south": 2, "full": 4}[length]


def placements(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Return each seat's place (1 = first); ties go to the seat nearer the first dealer (seat 0)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    out = [0] * len(scores)
    for place, seat in enumerate(order, start=1):
        out[seat] = place
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: ``kind`` is ``win``, ``exhaustive_draw`` or ``abortive_draw``."""

    kind: str
    reason: str = ""
    winners: tuple[int, ...] = ()
    ready: tuple[int, ...] = ()


@dataclass(frozen=True)
class NextHand:
    """Who deals the next hand, in which round, with which counters."""

    dealer: int
    round_wind: int
    honba: int
    dealer_streak: int

    @classmethod
    def kept(cls, state: GameState, honba: int) -> NextHand:
        """Return the dealer dealing again, its streak one longer."""
        return cls(state.dealer, state.round_wind, honba, state.dealer_streak + 1)

    @classmethod
    def passed(cls, state: GameState, honba: int = 0) -> NextHand:
        """Return the deal passed to the next seat; back at the first dealer, the next round."""
        dealer = (state.dealer + 1) % state.players
        return cls(dealer, state.round_wind + (1 if dealer == 0 else 0), honba, 0)


@dataclass(frozen=True)
class DrawFacts:
    """What the players show at an exhaustive draw, as a score sheet can declare it without the
    tiles: the ``ready`` seats, riichi's ``nagashi`` seats (a river of terminals and honors none
    claimed), and Sichuan's ``ready_fan`` (each ready seat's best waiting hand, as ``(seat,
    fan)``) and ``three_suits`` (the seats holding all three suits).

    >>> DrawFacts(ready=(0, 2)).nagashi
    ()
    """

    ready: tuple[int, ...]
    nagashi: tuple[int, ...] = ()
    ready_fan: tuple[tuple[int, int], ...] = ()
    three_suits: tuple[int, ...] = ()


@dataclass(frozen=True)
class Decision:
    """What a decision round before play did once every seat answered: the new concealed tiles
    (None: unchanged), flags added to each seat's status (None: none), and its events."""

    concealed: tuple[tuple[int, ...], ...] | None = None
    status: tuple[frozenset[str], ...] | None = None
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class BonusWin:
    """A win offered on a bonus tile just revealed (``bonus_win``): ``forced`` makes it the
    seat's only action (an instant win), else the seat may pass; ``situation`` is the score
    request's whole situation (the engine reads none from the state for such a win).

    >>> BonusWin(forced=False, situation=frozenset({"robbing_flower"})).forced
    False
    """

    forced: bool
    situation: frozenset[str] = frozenset()


class GameRules:
    """Game hooks with neutral defaults. Attributes are data; methods are decisions."""

    #: the typed value of a game's options when play has options of its own (start points,
    #: abortive draws ...): a ``RuleOptions`` class extending the scoring options; ``None``:
    #: a game's options are the scoring options
    table_options: ClassVar[type[RuleOptions] | None] = None
    #: table options of play, derived from ``table_options`` (``Ruleset.__init_subclass__``)
    game_options: ClassVar[Mapping[str, Option]] = {}
    #: named rule sets: ``rules: {"preset": name}`` takes these option values
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: tiles kept back at the end of the wall and never drawn from the front (riichi 14)
    dead_wall: ClassVar[int] = 0
    #: the claims on a discard this variant knows, among ``chi``, ``pon``, ``kan``
    claims: ClassVar[frozenset[str]] = frozenset({"chi", "pon", "kan"})
    #: special winning forms beside sets and a pair: ``seven_pairs``, ``thirteen_orphans``
    win_forms: ClassVar[tuple[str, ...]] = ()
    #: furiten rules in force: ``discard`` (own discards), ``temporary``, ``riichi``;
    #: ``until_draw``: temporary furiten lasts until the seat's next draw (a call does not end it)
    furiten: ClassVar[frozenset[str]] = frozenset()
    #: points of one stick on the table (riichi deposit); 0 when the variant has none
    stick_value: ClassVar[int] = 0
    #: most kongs in one hand
    max_kongs: ClassVar[int] = 4
    #: the abortive draws the variant knows, each with the table option that turns it on
    abortive_draws: ClassVar[Mapping[str, str]] = {}

    def build_wall(
        self, options: Options, tiles: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Return the wall in draw order (front first, replacements from the back) and the dice
        thrown to break it (none by default: a plain shuffle)."""
        return Wall.shuffled(tiles, rng).tiles, ()

    def deal_order(self, options: Options, players: int, dealer: int) -> list[tuple[int, int]]:
        """Return the deal as (seat, tiles taken) in order: by default ``hand_size`` tiles to
        each seat from the dealer. A dealer dealt one more tile starts without drawing."""
        size = getattr(self, "hand_size", 13)
        return [((dealer + i) % players, size) for i in range(players)]

    def win_ends_hand(self, options: Options, state: GameState) -> bool:
        """Return whether the win(s) just paid end the hand (``state.winners`` lists every
        winner so far); when not, the winners leave play and the others go on."""
        return True

    def starting_score(self, options: Options) -> int:
        """Return each seat's points at the start of the game."""
        return 0

    def initial_indicators(self, options: Options) -> int:
        """Return how many indicators are turned at the deal."""
        return 0

    def indicator_position(self, wall_size: int, index: int, ura: bool) -> int | None:
        """Return the wall position of indicator ``index`` (ura: the one under it), or None."""
        return None

    def kong_indicator(self, options: Options, meld_kind: str) -> str:
        """Return when a kong turns a new indicator: ``never``, ``now`` or ``after_discard``."""
        return "never"

    def can_declare_riichi(self, options: Options, state: GameState, seat: int) -> bool:
        """Return whether the seat may declare riichi now, its hand's readiness aside."""
        return False

    def forbidden_after_call(
        self, options: Options, meld_kind: str, claimed: int, own: tuple[int, ...]
    ) -> frozenset[int]:
        """Return the kinds the caller may not discard right after a chi or pon (kuikae)."""
        return frozenset()

    def can_rob_kong(self, options: Options, meld_kind: str, thirteen_orphans: bool) -> bool:
        """Return whether a kong of this kind may be robbed (by a thirteen orphans hand or not)."""
        return meld_kind == "kakan"

    def ron_winners(self, options: Options, claimants: tuple[int, ...]) -> tuple[int, ...] | None:
        """Return who wins among seats claiming a win on one tile (ordered from the discarder);
        None aborts the hand. Default: the first in turn order (head bump)."""
        return claimants[:1]

    def turn_extras(self, options: Options, state: GameState, seat: int) -> list[Action]:
        """Return variant actions available on a turn beside discards, wins and kongs."""
        return []

    def extra_outcome(
        self, options: Options, state: GameState, seat: int, action: Action
    ) -> Outcome:
        """Return the outcome of a variant action from ``turn_extras`` (it ends the hand)."""
        raise NotImplementedError(f"{action} is not an action of this variant")

    def abortive_draw(self, options: Options, state: GameState) -> str | None:
        """Return the reason to abort the hand once a discard has passed, or None."""
        return None

    def draw_settlement(
        self, options: Options, state: GameState, ready: tuple[int, ...]
    ) -> list[tuple[str, tuple[int, ...]]]:
        """Return the payments of an exhaustive draw as (reason, deltas per seat): what the
        hands show (``draw_facts``), paid by ``draw_payments``."""
        return self.draw_payments(options, state, self.draw_facts(options, state, ready))

    def draw_facts(self, options: Options, state: GameState, ready: tuple[int, ...]) -> DrawFacts:
        """Return what the hands show at an exhaustive draw: by default the ready seats only."""
        return DrawFacts(ready)

    def draw_payments(self, options: Options, state: GameState, facts: DrawFacts) -> Moves:
        """Return the payments of an exhaustive draw from what the hands showed, reading no
        tiles (a score sheet pays a draw with it): none by default."""
        return []

    def liability(
        self, options: Options, state: GameState, seat: int, meld: Meld, source: int
    ) -> int | None:
        """Return the seat made liable (pao) by ``seat`` claiming ``meld`` from ``source``."""
        return None

    def next_hand(self, options: Options, state: GameState, outcome: Outcome) -> NextHand:
        """Return who deals next: the dealer keeps the seat after a dealer win or a draw."""
        keeps = outcome.kind != "win" or state.dealer in outcome.winners
        return NextHand.kept(state, state.honba) if keeps else NextHand.passed(state)

    def game_end(self, options: Options, state: GameState, nxt: NextHand) -> str | None:
        """Return why the game ends after this hand (``length``), or None to play on."""
        rounds = rounds_for_length(state.length)
        if rounds == 0 or nxt.round_wind >= rounds:
            return "length"
        return None

    def dealer_stops(
        self, options: Options, state: GameState, outcome: Outcome, nxt: NextHand
    ) -> bool:
        """Return whether the dealer, keeping the deal after ``outcome``, ends the game there
        (riichi's agari-yame); never by default."""
        return False

    def final_points(self, options: Options, state: GameState) -> tuple[int, ...]:
        """Return each seat's points in the final standings (riichi: after uma and oka); the
        final scores by default."""
        return state.scores

    def decisions(self, options: Options) -> tuple[str, ...]:
        """Return the decision rounds every seat answers after the deal, before the first turn
        (Sichuan: ``exchange``, ``void``); none by default."""
        return ()

    def decision_offers(
        self, options: Options, state: GameState, seat: int, name: str
    ) -> list[Action]:
        """Return the choices of ``seat`` in decision round ``name``."""
        return []

    def resolve_decision(
        self, options: Options, state: GameState, name: str, answers: tuple[Action | None, ...]
    ) -> Decision:
        """Return what decision round ``name`` does with every seat's answer."""
        return Decision()

    def must_discard(self, options: Options, state: GameState, seat: int) -> frozenset[int]:
        """Return the kinds the seat must discard before any other (held ones count); empty:
        any tile may go (Sichuan: the void suit)."""
        return frozenset()

    def may_meld(self, options: Options, state: GameState, seat: int, kind: int) -> bool:
        """Return whether the seat may make a pung or kong of this kind."""
        return True

    def may_win(
        self, options: Options, state: GameState, seat: int, tiles: tuple[int, ...]
    ) -> bool:
        """Return whether the seat may win holding these concealed tiles (the winning one
        included), before the scoring contract is asked (Sichuan: not while holding the void suit)."""
        return True

    def on_kong(
        self, options: Options, state: GameState, seat: int, meld_kind: str
    ) -> tuple[Moves, Any]:
        """Return the payments made when a kong stands (the seat's kong is its last meld, or
        the pung just added to) and the variant's per-hand record after it
        (``state.variant_state``, kept for later hooks). Default: none, the record unchanged.
        Sichuan's "wind and rain"."""
        return [], state.variant_state

    def on_wins(
        self, options: Options, state: GameState, winners: tuple[int, ...], source: int | None
    ) -> tuple[Moves, Any]:
        """Return payments beside the wins' own, made once they are paid, and the per-hand record
        after them (Sichuan: kong money passed on by a discarder who dealt in right after their
        kong). Default: none, the record unchanged."""
        return [], state.variant_state

    def win_situation(
        self,
        options: Options,
        state: GameState,
        seat: int,
        source: int | None,
        situation: frozenset[str],
    ) -> frozenset[str]:
        """Return the situation of a win now, given the one the engine read from the state
        (Taiwan adds ``flower_replacement`` under its option). Unchanged by default."""
        return situation

    def win_discarder(
        self, options: Options, state: GameState, seat: int, source: int | None
    ) -> int | None:
        """Return the seat named as the discarder of a win now (it pays the contract's
        ``discarder`` role): the seat the tile came from, None for a self-draw. Sichuan's
        ``kong_flower_from_discard: discarder_pays`` names the kong tile's discarder on a
        self-draw from a claimed kong's replacement."""
        return source

    def bonus_win(
        self, options: Options, state: GameState, seat: int, revealer: int
    ) -> BonusWin | None:
        """Return the win ``seat`` is offered on the bonus tile ``revealer`` has just revealed
        (already among ``state.bonus[revealer]``; the seat's own when ``seat == revealer``), or
        None: no win, the tile is replaced and play goes on (the neutral default). The engine
        asks when the revealer holds a whole hand (in play before the replacement is drawn, in
        the deal once it is) and offers the win only when the score is valid. Taiwan: eight
        bonus tiles, seven robbing the eighth."""
        return None

    def is_ready(self, options: Options, state: GameState, seat: int) -> bool:
        """Return whether a seat still in play counts as ready at an exhaustive draw."""
        return bool(state.waits[seat])

    def final_settlement(self, options: Options, state: GameState) -> tuple[int, ...]:
        """Return the points each seat gains at the game's end (the sticks left on the table go
        to the first-placed seat)."""
        out = [0] * state.players
        if state.sticks and self.stick_value:
            first = placements(state.scores).index(1)
            out[first] = state.sticks * self.stick_value
        return tuple(out)

"""Sichuan's game hooks (sichuan.md, "Tiles and flow", "Deal and length", "Payment"): the
108-tile wall and its dice, the dealer dealt fourteen, the exchange of three tiles and the
declaration of the void suit (decision rounds every seat answers), the void suit discarded
first, pung and kong but no chow, every claimant winning on one discard, winners leaving play
until three have won, kong money when a kong is made and passed on by a discarder who dealt in
right after their kong, the exhaustive-draw settlement, the first winner dealing next.

The money itself is computed by ``settlements`` and ``payments``; this module only reads the
game's state for them. The per-hand record the hooks keep (``state.variant_state``) is the
tuple of ``Kong`` made so far.

>>> SichuanGame().exchange_shift(SichuanTable(exchange_direction="dice"), (3, 4))
1
>>> SichuanGame().hands_in_game("east")
4
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import DeclareVoid, Exchange
from majiang.events import DiceRolled, Event, TilesPassed, VoidDeclared
from majiang.hand import Hand
from majiang.rules.game import (
    Decision,
    DrawFacts,
    GameRules,
    Moves,
    NextHand,
    Outcome,
)
from majiang.rules.sichuan.fan import best_waiting_fan, holds_three_suits
from majiang.rules.sichuan.options import SichuanTable
from majiang.rules.sichuan.payments import deltas
from majiang.rules.sichuan.settlements import (
    ExhaustiveDraw,
    Kong,
    kong_transfers,
    pass_on_kong_money,
    settle_draw,
    settle_exhaustive_draw,
)
from majiang.tiles import kind, sort_key
from majiang.wall import Wall

if TYPE_CHECKING:
    from majiang.actions import Action
    from majiang.state import GameState

__all__ = ["SUITS", "SichuanGame"]

#: the suits by letter, in the order of the tile ids (m 0-8, p 9-17, s 18-26)
SUITS = ("m", "p", "s")
#: seats on from the passer that receive the three tiles, per direction
SHIFTS: Mapping[str, int] = {"next": 1, "across": 2, "previous": 3}
#: hands played per game length (no winds in Sichuan: lengths count hands)
HANDS: Mapping[str, int] = {"one_hand": 1, "east": 4, "south": 8, "full": 16}


def _suit(tile: int) -> int:
    return kind(tile) // 9


def void_suit(status: frozenset[str]) -> int | None:
    """Return the suit index (0 m, 1 p, 2 s) a seat declared void, from its status, or None.

    >>> void_suit(frozenset({"void_p"})), void_suit(frozenset())
    (1, None)
    """
    for i, letter in enumerate(SUITS):
        if "void_" + letter in status:
            return i
    return None


class SichuanGame(GameRules):
    """The game hooks of Sichuan bloody battle (the Chengdu table's defaults)."""

    table_options: ClassVar[type[SichuanTable]] = SichuanTable
    claims: ClassVar[frozenset[str]] = frozenset({"pon", "kan"})
    win_forms: ClassVar[tuple[str, ...]] = ("seven_pairs_quads",)
    furiten: ClassVar[frozenset[str]] = frozenset({"temporary", "until_draw"})
    #: no limit on kongs in a hand (each kind at most once): the limit of four is riichi's
    max_kongs: ClassVar[int] = 27

    # -- the wall, the deal and the decisions before play

    def build_wall(
        self, options: SichuanTable, tiles: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Return the shuffled 108 tiles and two dice (they choose the exchange's direction)."""
        wall = Wall.shuffled(tiles, rng).tiles
        return wall, (rng.randint(1, 6), rng.randint(1, 6))

    def deal_order(self, options: SichuanTable, players: int, dealer: int) -> list[tuple[int, int]]:
        """Return the deal: fourteen tiles to the dealer (who starts by discarding), thirteen to
        each other seat."""
        return [((dealer + i) % players, 14 if i == 0 else 13) for i in range(players)]

    def decisions(self, options: SichuanTable) -> tuple[str, ...]:
        """Return ``exchange`` (option ``exchange_three``) then ``void`` (option
        ``missing_suit``)."""
        out: tuple[str, ...] = ()
        if options.exchange_three:
            out += ("exchange",)
        if options.missing_suit:
            out += ("void",)
        return out

    def decision_offers(
        self, options: SichuanTable, state: GameState, seat: int, name: str
    ) -> list[Action]:
        """Return the seat's choices: every three tiles of one suit to pass (suits with the
        fewest tiles first), or each suit to declare void (the fewest held first)."""
        hand = state.concealed[seat]
        by_suit = [sorted((t for t in hand if _suit(t) == i), key=sort_key) for i in range(3)]
        order = sorted(range(3), key=lambda i: (len(by_suit[i]), i))
        if name == "void":
            return [DeclareVoid(SUITS[i]) for i in order]
        out: list[Action] = []
        for i in order:
            if len(by_suit[i]) >= 3:
                out.extend(Exchange(c) for c in sorted(set(combinations(by_suit[i], 3))))
        return out

    def exchange_shift(self, options: SichuanTable, dice: tuple[int, ...]) -> int:
        """Return how many seats on (in turn order) each player's three tiles go."""
        direction = options.exchange_direction
        if direction != "dice":
            return SHIFTS[direction]
        return {1: 1, 2: 2, 0: 3}[sum(dice) % 3]

    def resolve_decision(
        self, options: SichuanTable, state: GameState, name: str, answers: tuple[Action | None, ...]
    ) -> Decision:
        """Return the exchange done (every seat passes its three tiles the same way) or the
        void suits declared (``void_<suit>`` flags), with their events in seat order from the
        dealer."""
        n = state.players
        order = [(state.dealer + i) % n for i in range(n)]
        if name == "void":
            flags = [frozenset[str]()] * n
            declared: list[Event] = []
            for s in order:
                a = answers[s]
                assert isinstance(a, DeclareVoid)
                flags[s] = frozenset({"void_" + a.suit})
                declared.append(VoidDeclared(s, a.suit))
            return Decision(status=tuple(flags), events=tuple(declared))
        events: list[Event] = []
        dice = state.dice
        if not dice and options.exchange_direction == "dice":
            # a wall fixed in advance was thrown no dice: throw them now, from the hand's seed
            rng = random.Random(f"majiang/{state.seed}/{state.hand_index}/dice")
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            events.append(DiceRolled(dice))
        shift = self.exchange_shift(options, dice)
        hands = [list(h) for h in state.concealed]
        passed: list[tuple[int, ...]] = [()] * n
        for s in order:
            a = answers[s]
            assert isinstance(a, Exchange)
            passed[s] = a.tiles
            for t in a.tiles:
                hands[s].remove(t)
        for s in order:
            to = (s + shift) % n
            hands[to].extend(passed[s])
            events.append(TilesPassed(s, to, passed[s]))
        return Decision(concealed=tuple(tuple(h) for h in hands), events=tuple(events))

    # -- the void suit

    def must_discard(self, options: SichuanTable, state: GameState, seat: int) -> frozenset[int]:
        """Return the void suit's kinds: they are discarded before any other tile."""
        suit = void_suit(state.status[seat])
        return frozenset() if suit is None else frozenset(range(9 * suit, 9 * suit + 9))

    def may_meld(self, options: SichuanTable, state: GameState, seat: int, kind: int) -> bool:
        """Return False for a pung or kong of the seat's void suit."""
        return kind // 9 != void_suit(state.status[seat])

    def may_win(
        self, options: SichuanTable, state: GameState, seat: int, tiles: tuple[int, ...]
    ) -> bool:
        """Return False while the seat holds a tile of its void suit."""
        suit = void_suit(state.status[seat])
        return suit is None or all(_suit(t) != suit for t in tiles)

    # -- wins, kongs and the end of the hand

    def ron_winners(
        self, options: SichuanTable, claimants: tuple[int, ...]
    ) -> tuple[int, ...] | None:
        """Return every claimant: all win on the one discard, each paid separately."""
        return claimants

    def win_ends_hand(self, options: SichuanTable, state: GameState) -> bool:
        """Return True once three players have won (the winners leave play until then)."""
        return len(state.winners) >= state.players - 1

    def on_kong(
        self, options: SichuanTable, state: GameState, seat: int, meld_kind: str
    ) -> tuple[Moves, Any]:
        """Return the kong's "wind and rain" (``settlements.kong_transfers``) and the kongs
        made so far with this one."""
        players_in = frozenset(s for s in range(state.players) if "out" not in state.status[s])
        discarder = state.meld_sources[seat][-1] if meld_kind == "kan" else None
        kong = Kong(seat, meld_kind, players_in, discarder)  # type: ignore[arg-type]
        made: tuple[Kong, ...] = (*(state.variant_state or ()), kong)
        moves: Moves = [("kong", deltas(kong_transfers(kong, options.base)))]
        return moves, made

    def on_wins(
        self, options: SichuanTable, state: GameState, winners: tuple[int, ...], source: int | None
    ) -> tuple[Moves, Any]:
        """Return the kong money a discarder passes on to the winner(s) of the discard made
        right after their kong (a robbed kong was never made: nothing), and the kongs with
        that one marked passed on."""
        made: tuple[Kong, ...] = state.variant_state or ()
        if source is None or state.claim_kind != "discard" or state.kong_discarder != source:
            return [], made
        i = max(j for j, k in enumerate(made) if k.seat == source)
        kong = made[i]
        if kong.passed_on:
            return [], made
        moves: Moves = [
            (
                "kong_passed_on",
                deltas(pass_on_kong_money(kong, winners, options.base)),
            )
        ]
        made = (*made[:i], dataclasses.replace(kong, passed_on=True), *made[i + 1 :])
        return moves, made

    def _hand(self, state: GameState, seat: int) -> Hand:
        return Hand(state.concealed[seat], state.melds[seat], state.bonus[seat])

    def is_ready(self, options: SichuanTable, state: GameState, seat: int) -> bool:
        """Return whether the seat is ready as the settlement reads it: two suits at most and
        a tile that completes a winning hand."""
        if not state.waits[seat]:
            return False
        hand = self._hand(state, seat)
        if options.missing_suit and holds_three_suits(hand):
            return False
        return best_waiting_fan(hand, table=options) is not None

    def draw_facts(
        self, options: SichuanTable, state: GameState, ready: tuple[int, ...]
    ) -> DrawFacts:
        """Return what the hands of the players still in show: who holds three suits, and each
        ready seat's best possible hand (``settlements.settle_exhaustive_draw``)."""
        hands = {
            s: self._hand(state, s) for s in range(state.players) if "out" not in state.status[s]
        }
        settled = settle_exhaustive_draw(ExhaustiveDraw(hands), options)
        return DrawFacts(
            ready=tuple(settled.ready),
            ready_fan=tuple(settled.ready.items()),
            three_suits=tuple(sorted(settled.three_suits)),
        )

    def draw_payments(self, options: SichuanTable, state: GameState, facts: DrawFacts) -> Moves:
        """Return the exhaustive-draw settlement among the players still in
        (``settlements.settle_draw``): three-suit penalties, not-ready payments and
        returned kong money, one entry per reason."""
        still_in = [s for s in range(state.players) if "out" not in state.status[s]]
        settled = settle_draw(
            still_in,
            frozenset(facts.three_suits),
            dict(facts.ready_fan),
            state.variant_state or (),
            options,
        )
        out: Moves = []
        for reason in ("three_suits", "not_ready", "kong_returned"):
            moved = [t for t in settled.transfers if t.reason == reason]
            if moved:
                out.append((reason, deltas(moved)))
        return out

    def next_hand(self, options: SichuanTable, state: GameState, outcome: Outcome) -> NextHand:
        """Return the next dealer: the first player who won this hand, else the same dealer."""
        winners = outcome.winners or state.winners
        dealer = winners[0] if winners else state.dealer
        streak = state.dealer_streak + 1 if dealer == state.dealer else 0
        return NextHand(dealer, 0, 0, streak)

    def hands_in_game(self, length: str) -> int:
        """Return how many hands a game of this length plays (lengths count hands)."""
        return HANDS[length]

    def game_end(self, options: SichuanTable, state: GameState, nxt: NextHand) -> str | None:
        """Return ``length`` after the game's last hand (1, 4, 8 or 16 hands)."""
        return "length" if state.hand_index + 1 >= self.hands_in_game(state.length) else None

    def win_discarder(
        self, options: SichuanTable, state: GameState, seat: int, source: int | None
    ) -> int | None:
        """Return the seat that pays a win as its discarder: under ``kong_flower_from_discard:
        discarder_pays`` a self-draw on the replacement of a kong claimed from a discard is paid
        by the kong tile's discarder alone; otherwise the discarder of the winning tile."""
        if (
            source is None
            and options.kong_flower_from_discard == "discarder_pays"
            and state.kong_chain
            and state.melds[seat]
            and state.melds[seat][-1].kind == "kan"
        ):
            return state.meld_sources[seat][-1]
        return source

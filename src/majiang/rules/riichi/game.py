"""Riichi's game hooks (riichi.md, "The game"): the dead wall and its indicators, riichi and its
conditions, every furiten rule, kuikae, abortive draws, multiple ron, pao, noten payments and
nagashi mangan, dealer rotation with honba, bust.

The dead wall is the last 14 tiles of the wall: the four kong replacement tiles are the last four
(``tiles[-1]`` first), dora indicator i sits at ``tiles[-5 - 2i]`` and its ura indicator just
before it at ``tiles[-6 - 2i]``.

>>> RiichiGame().indicator_position(136, 0, False), RiichiGame().indicator_position(136, 0, True)
(131, 130)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import NineTerminals
from majiang.rules.base import option
from majiang.rules.game import (
    DrawFacts,
    GameRules,
    Moves,
    NextHand,
    Outcome,
    placements,
    rounds_for_length,
)
from majiang.rules.riichi.options import RiichiOptions
from majiang.rules.riichi.payments import MANGAN, tsumo_share
from majiang.rules.riichi.presets import PRESETS
from majiang.tiles import DRAGONS, WINDS, is_orphan, kind

if TYPE_CHECKING:
    from majiang.actions import Action
    from majiang.melds import Meld
    from majiang.state import GameState

__all__ = ["RiichiGame", "RiichiTable"]


class RiichiTable(RiichiOptions):
    """A riichi game's options: the scoring options and those of play."""

    start_points: int = option(
        25000, "points of each player at the start", minimum=100, maximum=1_000_000
    )
    target_points: int = option(
        30000,
        "points someone must hold at the end of the last round, or extra hands follow",
        minimum=0,
        maximum=1_000_000,
    )
    extra_rounds: str = option(
        "sudden_death",
        "when nobody holds target_points after the last round: none (the game ends), "
        "west (one more round of winds, played whole), sudden_death (one more round that "
        "ends after the first hand leaving someone at target_points)",
        choices=("none", "west", "sudden_death"),
    )
    extra_round_limit: int = option(
        1, "most extra rounds of winds before the game ends anyway", minimum=1, maximum=2
    )
    bust: str = option(
        "below_zero",
        "the game ends when a player's points go below zero, reach zero, or never "
        "(true and false are read as below_zero and off)",
        choices=("below_zero", "at_zero", "off"),
        aliases=((True, "below_zero"), (False, "off")),
    )
    agari_yame: bool = option(
        True, "a dealer in first place who wins the game's last hand may end the game"
    )
    tenpai_yame: bool = option(
        False,
        "a dealer in first place who is ready at the last hand's exhaustive draw may end the game",
    )
    uma: tuple[int, ...] = option(
        (20, 10, -10, -20),
        "points in thousands added for 1st, 2nd, 3rd and 4th place in the final standings",
        minimum=-1000,
        maximum=1000,
        total=0,
    )
    oka: int = option(
        20000,
        "points the first place takes in the final standings, paid equally by all "
        "(start_points + oka / 4 is each player's return)",
        minimum=0,
        maximum=1_000_000,
    )
    tied_places: str = option(
        "seat",
        "players tied on points at the game's end: the seat nearer the first dealer takes "
        "the higher place, or the tied players share their places' uma and oka",
        choices=("seat", "share"),
    )
    leftover_sticks: str = option(
        "to_first",
        "riichi sticks left on the table at the game's end: to the first place, or lost",
        choices=("to_first", "lost"),
    )
    double_ron: bool = option(True, "two players may win on one discard (off: head bump)")
    triple_ron_draw: bool = option(True, "three players winning on one discard abort the hand")
    kuikae: bool = option(
        True, "after chi or pon the called tile (or its swap) may not be discarded"
    )
    abort_nine_terminals: bool = option(
        True, "nine different terminals and honors on the first draw"
    )
    abort_four_winds: bool = option(
        True, "the same wind discarded by all four on the first go-around"
    )
    abort_four_riichi: bool = option(True, "all four players in riichi")
    abort_four_kongs: bool = option(True, "four kongs made by more than one player")
    noten_payment: int = option(
        3000,
        "paid by the players not ready at an exhaustive draw (a multiple of 6: it is split "
        "into whole points between one, two or three players)",
        minimum=0,
        maximum=120_000,
        multiple_of=6,
    )


class RiichiGame(GameRules):
    """The game hooks of Japanese riichi mahjong."""

    table_options: ClassVar[type[RiichiTable]] = RiichiTable
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    dead_wall: ClassVar[int] = 14
    win_forms: ClassVar[tuple[str, ...]] = ("seven_pairs", "thirteen_orphans")
    furiten: ClassVar[frozenset[str]] = frozenset({"discard", "temporary", "riichi"})
    stick_value: ClassVar[int] = 1000
    max_kongs: ClassVar[int] = 4
    abortive_draws: ClassVar[Mapping[str, str]] = {
        "nine_terminals": "abort_nine_terminals",
        "four_winds": "abort_four_winds",
        "four_riichi": "abort_four_riichi",
        "four_kongs": "abort_four_kongs",
        "triple_ron": "triple_ron_draw",
    }

    def starting_score(self, options: RiichiTable) -> int:
        """Return the start points (option ``start_points``, 25,000)."""
        return options.start_points

    def initial_indicators(self, options: RiichiTable) -> int:
        """Return 1: one dora indicator is turned at the deal."""
        return 1

    def indicator_position(self, wall_size: int, index: int, ura: bool) -> int | None:
        """Return the dead-wall position of dora (or ura) indicator ``index`` (0-4)."""
        if index > 4:
            return None
        return wall_size - 5 - 2 * index - (1 if ura else 0)

    def kong_indicator(self, options: RiichiTable, meld_kind: str) -> str:
        """Return when a kong's new indicator turns: at once for a concealed kong, after the
        kong maker's discard for an open or added kong (the online default)."""
        return "now" if meld_kind == "ankan" else "after_discard"

    def can_declare_riichi(self, options: RiichiTable, state: GameState, seat: int) -> bool:
        """Return whether riichi is open to the seat: a closed hand, 1000 points and at least four
        tiles left to draw (readiness is checked by the engine)."""
        return (
            "riichi" not in state.status[seat]
            and all(m.kind == "ankan" for m in state.melds[seat])
            and state.scores[seat] >= self.stick_value
            and state.live_tiles(self.dead_wall) >= 4
        )

    def forbidden_after_call(
        self, options: RiichiTable, meld_kind: str, claimed: int, own: tuple[int, ...]
    ) -> frozenset[int]:
        """Return the kuikae kinds: the called kind, and for a chi on an end the swap tile."""
        if not options.kuikae:
            return frozenset()
        out = {claimed}
        if meld_kind == "chi" and claimed < 27:
            low, high = min(own), max(own)
            r = claimed % 9
            if low > claimed and r <= 5:
                out.add(claimed + 3)
            elif high < claimed and r >= 3:
                out.add(claimed - 3)
        return frozenset(out)

    def can_rob_kong(self, options: RiichiTable, meld_kind: str, thirteen_orphans: bool) -> bool:
        """Return whether a kong may be robbed: an added kong always, a concealed kong only by a
        thirteen orphans hand."""
        return meld_kind == "kakan" or (meld_kind == "ankan" and thirteen_orphans)

    def ron_winners(
        self, options: RiichiTable, claimants: tuple[int, ...]
    ) -> tuple[int, ...] | None:
        """Return the winners on one discard: all of them (double ron), the first only when
        ``double_ron`` is off; three claimants abort the hand when ``triple_ron_draw`` is on."""
        if len(claimants) >= 3 and options.triple_ron_draw:
            return None
        if not options.double_ron:
            return claimants[:1]
        return claimants

    def turn_extras(self, options: RiichiTable, state: GameState, seat: int) -> list[Action]:
        """Return the nine-terminals abort when open to the seat on its first draw."""
        if state.rivers[seat] or state.calls_made or state.drawn is None:
            return []
        if (
            options.abort_nine_terminals
            and len({kind(t) for t in state.concealed[seat] if is_orphan(kind(t))}) >= 9
        ):
            return [NineTerminals()]
        return []

    def extra_outcome(
        self, options: RiichiTable, state: GameState, seat: int, action: Action
    ) -> Outcome:
        """Return the abortive draw of nine terminals."""
        return Outcome("abortive_draw", "nine_terminals")

    def abortive_draw(self, options: RiichiTable, state: GameState) -> str | None:
        """Return four winds, four riichi or four kongs when one applies after a discard."""
        n = state.players
        if (
            options.abort_four_winds
            and state.discards_made == n
            and not state.calls_made
            and all(len(r) == 1 for r in state.rivers)
        ):
            first = {kind(r[0].tile) for r in state.rivers}
            if len(first) == 1 and next(iter(first)) in WINDS:
                return "four_winds"
        if options.abort_four_riichi and all("riichi" in s for s in state.status):
            return "four_riichi"
        if options.abort_four_kongs and len(state.kongs) == 4 and len(set(state.kongs)) > 1:
            return "four_kongs"
        return None

    def draw_facts(
        self, options: RiichiTable, state: GameState, ready: tuple[int, ...]
    ) -> DrawFacts:
        """Return the ready seats and the seats whose river qualifies for nagashi mangan (every
        discard a terminal or honor, none claimed; option ``nagashi_mangan``)."""
        nagashi: tuple[int, ...] = ()
        if options.nagashi_mangan:
            nagashi = tuple(
                seat
                for seat, river in enumerate(state.rivers)
                if river and all(is_orphan(r.tile) and not r.claimed for r in river)
            )
        return DrawFacts(ready, nagashi)

    def draw_payments(self, options: RiichiTable, state: GameState, facts: DrawFacts) -> Moves:
        """Return nagashi mangan payments (a mangan paid as a self-draw) when a seat qualifies,
        else the noten payments: ``noten_payment`` (3000) split between the ready seats, paid
        by the others in equal shares."""
        n = state.players
        out: Moves = [
            ("nagashi_mangan", self._nagashi_deltas(state, seat)) for seat in facts.nagashi
        ]
        if out:
            return out
        ready = facts.ready
        total = options.noten_payment
        if 0 < len(ready) < n and total:
            gain = total // len(ready)
            loss = total // (n - len(ready))
            out.append(("noten", tuple(gain if s in ready else -loss for s in range(n))))
        return out

    def _nagashi_deltas(self, state: GameState, seat: int) -> tuple[int, ...]:
        """Return each seat's point change for nagashi mangan: a mangan paid as a tsumo, no
        honba, no sticks (twice the base from the dealer, or from each when the dealer wins)."""
        deltas = [0] * state.players
        for payer in range(state.players):
            if payer != seat:
                deltas[payer] = -tsumo_share(MANGAN, state.dealer in (seat, payer))
        deltas[seat] = -sum(deltas)
        return tuple(deltas)

    def liability(
        self, options: RiichiTable, state: GameState, seat: int, meld: Meld, source: int
    ) -> int | None:
        """Return the discarder who let ``seat`` claim its third dragon set or fourth wind set."""
        if not options.pao or meld.kind not in ("pon", "kan"):
            return None
        k = meld.first
        sets = {m.first for m in state.melds[seat] if m.kind != "chi"}
        if k in DRAGONS and all(d in sets for d in DRAGONS):
            return source
        if k in WINDS and all(w in sets for w in WINDS):
            return source
        return None

    def next_hand(self, options: RiichiTable, state: GameState, outcome: Outcome) -> NextHand:
        """Return the next deal: the dealer keeps it after a dealer win, when ready at an
        exhaustive draw, and after an abortive draw; honba grow then and after any draw."""
        if outcome.kind == "win":
            keeps = state.dealer in outcome.winners
            honba = state.honba + 1 if keeps else 0
        elif outcome.kind == "exhaustive_draw":
            keeps = state.dealer in outcome.ready
            honba = state.honba + 1
        else:
            keeps = True
            honba = state.honba + 1
        return NextHand.kept(state, honba) if keeps else NextHand.passed(state, honba)

    def game_end(self, options: RiichiTable, state: GameState, nxt: NextHand) -> str | None:
        """Return why the game ends before the hand ``nxt``: ``bust`` (option ``bust``),
        ``length`` after the game's last round when someone holds ``target_points`` (or with
        ``extra_rounds`` none), ``target`` in a sudden-death extra round once someone holds it,
        ``extra_rounds`` when the extra rounds are over; else None."""
        bust = options.bust
        if (bust == "below_zero" and min(state.scores) < 0) or (
            bust == "at_zero" and min(state.scores) <= 0
        ):
            return "bust"
        rounds = rounds_for_length(state.length)
        if rounds == 0:
            return "length"
        extra = options.extra_rounds
        reached = max(state.scores) >= options.target_points
        if extra == "sudden_death" and state.round_wind >= rounds and reached:
            return "target"
        if nxt.round_wind < rounds:
            return None
        if extra == "none":
            return "length"
        if nxt.round_wind == state.round_wind:  # an extra round goes on
            return None
        if reached:
            return "length" if nxt.round_wind == rounds else "target"
        if nxt.round_wind >= rounds + options.extra_round_limit:
            return "extra_rounds"
        return None

    def dealer_stops(
        self, options: RiichiTable, state: GameState, outcome: Outcome, nxt: NextHand
    ) -> bool:
        """Return whether the dealer ends the game at its last hand: the dealer kept the deal
        by a win (``agari_yame``) or by being ready at an exhaustive draw (``tenpai_yame``),
        stands first, and the game would have ended had the deal passed."""
        if nxt.dealer != state.dealer:
            return False
        if outcome.kind == "win":
            allowed = state.dealer in outcome.winners and options.agari_yame
        elif outcome.kind == "exhaustive_draw":
            allowed = state.dealer in outcome.ready and options.tenpai_yame
        else:
            allowed = False
        if not allowed or placements(state.scores)[state.dealer] != 1:
            return False
        return self.game_end(options, state, NextHand.passed(state)) is not None

    def final_settlement(self, options: RiichiTable, state: GameState) -> tuple[int, ...]:
        """Return the sticks left on the table to the first place, or nothing when
        ``leftover_sticks`` is ``lost``."""
        if options.leftover_sticks == "lost":
            return (0,) * state.players
        return super().final_settlement(options, state)

    def final_points(self, options: RiichiTable, state: GameState) -> tuple[int, ...]:
        """Return each seat's points after uma and oka: its points less the return
        (``start_points`` plus a quarter of ``oka``), plus its place's ``uma`` in thousands,
        plus ``oka`` for the first place. With ``tied_places: share`` players tied on points
        split their places' uma and oka evenly (see ``shared_bonuses``)."""
        start = options.start_points
        oka = options.oka
        uma = options.uma
        back = start + oka // state.players
        places = placements(state.scores)
        bonuses = [1000 * uma[place - 1] + (oka if place == 1 else 0) for place in places]
        if options.tied_places == "share":
            bonuses = shared_bonuses(state.scores, bonuses)
        return tuple(
            score - back + bonus for score, bonus in zip(state.scores, bonuses, strict=True)
        )


def shared_bonuses(scores: tuple[int, ...], bonuses: list[int]) -> list[int]:
    """Return ``bonuses`` (each seat's uma and oka by its place) with the seats tied on points
    sharing theirs evenly. Points are whole: an odd point left by the division goes to the tied
    seats nearest the first dealer, so the table still adds up to zero.

    >>> shared_bonuses((40000, 20000, 20000, 20000), [40000, 10000, -10000, -20000])
    [40000, -6666, -6667, -6667]
    """
    shared = list(bonuses)
    for score in set(scores):
        tied = [seat for seat, s in enumerate(scores) if s == score]
        each, left = divmod(sum(bonuses[seat] for seat in tied), len(tied))
        for n, seat in enumerate(tied):
            shared[seat] = each + (1 if n < left else 0)
    return shared

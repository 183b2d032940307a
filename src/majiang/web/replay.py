"""A finished game, event by event, with every hand shown: ``replay(record) -> Replay``.

The replay's summary (hands, outcomes, scores) is read from the record's events alone. A hand's
frames come from re-running the record on the engine (its seed, options and actions), which
must make the record's own events again, as ``majiang.records.verify`` checks. Each event then
gives one *frame*: the whole table just after it, every seat's concealed tiles included (the
game is over: nothing is hidden any more). The browser draws frames; it folds no event itself.

How a frame is made: a ``ReplayTable`` applies the events one by one (the fold below); after
each action, where the engine's state is at hand, the table is checked against that state (the
tiles of every hand, melds, ponds, flowers, indicators, scores, sticks, the wall) and takes from
it what only the state knows (whose turn it is, which tile was just drawn). A difference would
be a bug of the fold: ``strict=True`` (the tests) raises it, the server takes the engine's word.
``replay`` runs no engine; a hand's frames are folded when first asked for
(``Replay.whole_frames``), from the engine's state at the hand's start, and kept. That state is
noted when the engine first passes it; a hand asked before the engine passed its start is dealt
afresh from the record's facts at that start (its ``hand_started`` event: hand, round, dealer,
scores, honba, sticks, dealer streak) and the seed, as the engine deals every hand
(``new_game(..., hand_index=...)``), so a far hand costs its own steps, not its game's.

Frames have the shape of the table page's model (``static/model.js``), so ``table_view.js``
draws them; each seat has its ``hand`` (sorted) and ``drawn`` tile besides. On the wire a hand's
first frame is whole and each later frame holds only what changed (``delta``): the top-level
fields that differ and ``seats`` as ``{"2": seat}`` for the seats that differ.

>>> r = replay(_sample_record(), strict=True)
>>> len(r.hands), r.hands[0]["label"], r.frames[-1]["event"]["type"]
(1, 'East 1', 'game_ended')
>>> r.frames[-1]["final"]["scores"] == r.final["scores"]
True
"""

from __future__ import annotations

import copy
import json
import threading
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from majiang.engine import new_game, step
from majiang.events import (
    BonusDeclared,
    Called,
    Dealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    HandEnded,
    HandRevealed,
    HandStarted,
    IndicatorRevealed,
    PointsMoved,
    RiichiDeclared,
    TilesPassed,
    VoidDeclared,
    Won,
)
from majiang.i18n import N_, _
from majiang.melds import Meld, MeldKind
from majiang.records.native import GameRecord, RecordMismatch
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import Tile, kind, parse_tiles, sort_key, tile_name

__all__ = [
    "HandStart",
    "Replay",
    "ReplayMismatch",
    "ReplayTable",
    "delta",
    "hand_label",
    "replay",
]

WINDS = "ESWN"
WIND_NAMES = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
#: events that make play start: the frame before the first of them shows the deal done
PLAY_EVENTS = frozenset({"discarded", "called", "won", "hand_ended"})
#: the table's fields besides the seats, in a frame
TOP_FIELDS = (
    "variant",
    "phase",
    "hand_index",
    "round_wind",
    "dealer",
    "honba",
    "sticks",
    "wall_left",
    "indicators",
    "turn",
    "claim_from",
    "result",
    "final",
)


class ReplayMismatch(RecordMismatch):
    """The table folded from the events differs from the engine's state (a bug of the fold)."""


def _take(tiles: list[Tile], tile: Tile) -> None:
    """Remove one ``tile`` from ``tiles`` (it must be there)."""
    tiles.remove(tile)


@dataclass
class SeatTable:
    """One seat in the replay: everything, the concealed tiles included."""

    seat: int
    wind: int = 0
    score: int = 0
    hand: list[Tile] = field(default_factory=list)
    drawn: Tile | None = None
    melds: list[Meld] = field(default_factory=list)
    #: the pond: [tile, tsumogiri, riichi, claimed]
    river: list[list[Any]] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)
    riichi: bool = False
    out: bool = False
    void: str | None = None

    def settle(self) -> None:
        """Put the tile just drawn among the others."""
        if self.drawn is not None:
            self.hand.append(self.drawn)
            self.drawn = None

    def lose(self, tile: Tile) -> None:
        """Take ``tile`` out of the concealed tiles (the drawn one first), then settle."""
        if self.drawn == tile:
            self.drawn = None
        else:
            _take(self.hand, tile)
        self.settle()

    def concealed(self) -> Counter[Tile]:
        """Return the concealed tiles, the drawn one included, as a multiset."""
        return Counter(self.hand + ([] if self.drawn is None else [self.drawn]))

    def to_dict(self) -> dict[str, Any]:
        """Return the seat as the table page's model holds it, with ``hand`` and ``drawn``."""
        return {
            "seat": self.seat,
            "wind": WINDS[self.wind],
            "score": self.score,
            "concealed": len(self.hand) + (self.drawn is not None),
            "hand": [tile_name(t) for t in sorted(self.hand, key=sort_key)],
            "drawn": None if self.drawn is None else tile_name(self.drawn),
            "melds": [str(m) for m in self.melds],
            "river": [
                {
                    "tile": None if claimed else tile_name(t),
                    "tsumogiri": tsumogiri,
                    "riichi": riichi,
                    "claimed": claimed,
                    **({"was": tile_name(t)} if claimed else {}),
                }
                for t, tsumogiri, riichi, claimed in self.river
            ],
            "bonus": [tile_name(t) for t in self.bonus],
            "riichi": self.riichi,
            "out": self.out,
            "void": self.void,
        }


@dataclass
class ReplayTable:
    """The whole table folded from the events of a game (``apply``), checked against the
    engine's state between actions (``check``, ``take_from``)."""

    variant: str
    players: int
    seats: list[SeatTable] = field(default_factory=list)
    hand_index: int = 0
    round_wind: int = 0
    dealer: int = 0
    honba: int = 0
    sticks: int = 0
    #: tiles left to draw (the view's ``wall_left``)
    wall_left: int = 0
    indicators: list[Tile] = field(default_factory=list)
    phase: str = "turn"
    turn: int = 0
    claim_from: int | None = None
    #: the hand's result as the table page's model keeps it (won, payments, shown, end)
    result: dict[str, Any] | None = None
    #: the riichi sticks each seat put on the table this hand (negative), for the result
    sticks_paid: list[int] = field(default_factory=list)
    #: Sichuan's exchange this hand: who passed which tiles to whom, for the result
    exchange: list[dict[str, Any]] = field(default_factory=list)
    final: dict[str, Any] | None = None
    #: the tiles to draw at the start of the next hand (set by the driver from the engine)
    next_wall: int = 0
    #: the seats changed since the last frame (None: all of them)
    dirty: set[int] | None = None
    #: the seats and the result as the last frame wrote them (shared by the frames after it)
    _written: list[dict[str, Any]] = field(default_factory=list)
    _result_written: dict[str, Any] | None = None
    _result_stale: bool = True

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [SeatTable(s) for s in range(self.players)]

    def _touch(self, *seats: int) -> None:
        if self.dirty is not None:
            self.dirty.update(seats)

    # -------------------------------------------------------------- the fold

    def _result(self) -> dict[str, Any]:
        self._result_stale = True
        if self.result is None:
            self.result = {
                "hand_index": self.hand_index,
                "round_wind": WINDS[self.round_wind % 4],
                "dealer": self.dealer,
                "honba": self.honba,
                "before": [s.score for s in self.seats],
                "sticks_paid": list(self.sticks_paid),
                "exchange": list(self.exchange),
                "wins": [],
                "revealed": [],
                "payments": [],
                "ended": None,
            }
        return self.result

    def apply(self, e: Event) -> None:
        """Apply one event to the table."""
        n = self.players
        if isinstance(e, HandStarted):
            self.hand_index, self.round_wind, self.dealer = e.hand, e.round_wind, e.dealer
            self.honba, self.sticks = e.honba, e.sticks
            self.seats = [
                SeatTable(s, wind=(s - e.dealer) % n, score=e.scores[s]) for s in range(n)
            ]
            self.indicators = []
            self.sticks_paid = [0] * n
            self.exchange = []
            self.wall_left = self.next_wall
            self.phase, self.turn, self.claim_from = "turn", e.dealer, None
            self.result = None
            self._result_stale = True
            self.dirty = None
        elif isinstance(e, Dealt):
            self.seats[e.seat].hand = list(e.tiles)
            self.seats[e.seat].drawn = None
            self.wall_left -= e.count
            self._touch(e.seat)
        elif isinstance(e, Drew):
            seat = self.seats[e.seat]
            seat.settle()
            assert e.tile is not None, "a record's draws carry their tile"
            seat.drawn = e.tile
            self.wall_left -= 1
            self.phase, self.turn, self.claim_from = "turn", e.seat, None
            self._touch(e.seat)
        elif isinstance(e, BonusDeclared):
            seat = self.seats[e.seat]
            if seat.drawn == e.tile:
                seat.drawn = None
            else:
                _take(seat.hand, e.tile)
            seat.bonus.append(e.tile)
            self._touch(e.seat)
        elif isinstance(e, Discarded):
            seat = self.seats[e.seat]
            seat.lose(e.tile)
            seat.river.append([e.tile, e.tsumogiri, e.riichi, False])
            self.phase, self.turn, self.claim_from = "claim", e.seat, e.seat
            self._touch(e.seat)
        elif isinstance(e, RiichiDeclared):
            self.seats[e.seat].riichi = True
            self._touch(e.seat)
        elif isinstance(e, Called):
            self._call(e)
        elif isinstance(e, IndicatorRevealed):
            self.indicators.append(e.tile)
        elif isinstance(e, Won):
            self._result()["wins"].append(e.to_dict())
            if self.variant == "sichuan":
                self.seats[e.seat].out = True
                self._touch(e.seat)
        elif isinstance(e, PointsMoved):
            for s, d in zip(self.seats, e.deltas, strict=False):
                s.score += d
            self.sticks += e.sticks
            if e.reason == "riichi":
                self.sticks_paid = [p + d for p, d in zip(self.sticks_paid, e.deltas, strict=False)]
            else:
                self._result()["payments"].append(e.to_dict())
            self._touch(*range(n))
        elif isinstance(e, HandRevealed):
            self._result()["revealed"].append(e.to_dict())
        elif isinstance(e, HandEnded):
            result = self._result()
            result["ended"] = e.to_dict()
            result["after"] = list(e.scores)
            self._scores(e.scores)
        elif isinstance(e, GameEnded):
            self.phase = "game_over"
            self._scores(e.scores)
            self.final = {
                "scores": list(e.scores),
                "placements": list(e.placements),
                "reason": e.reason,
                "final_points": list(e.final_points),
            }
        elif isinstance(e, TilesPassed):
            self.exchange.append(e.to_dict())
            giver, taker = self.seats[e.seat], self.seats[e.to]
            giver.settle()
            for t in e.tiles:
                _take(giver.hand, t)
            taker.settle()
            taker.hand.extend(e.tiles)
            self._touch(e.seat, e.to)
        elif isinstance(e, VoidDeclared):
            self.seats[e.seat].void = e.suit
            self._touch(e.seat)
        # dice and anything newer: nothing on the table changes

    def _scores(self, scores: tuple[int, ...]) -> None:
        for s, score in zip(self.seats, scores, strict=False):
            s.score = score
        self._touch(*range(self.players))

    def _call(self, e: Called) -> None:
        seat = self.seats[e.seat]
        seat.settle()
        if e.meld == "ankan":
            for t in e.tiles:
                _take(seat.hand, t)
            seat.melds.append(Meld("ankan", e.tiles))
        elif e.meld == "kakan":
            assert e.claimed is not None
            _take(seat.hand, e.claimed)
            at = next(
                i
                for i, m in enumerate(seat.melds)
                if m.kind == "pon" and m.first == kind(e.claimed)
            )
            seat.melds[at] = Meld("kakan", e.tiles, seat.melds[at].source)
        else:
            assert e.claimed is not None and e.source is not None
            own = list(e.tiles)
            own.remove(e.claimed)
            for t in own:
                _take(seat.hand, t)
            meld_kind: MeldKind = "chi" if e.meld == "chi" else "pon" if e.meld == "pon" else "kan"
            seat.melds.append(Meld(meld_kind, e.tiles, (e.seat - e.source) % self.players))
            self.seats[e.source].river[-1][3] = True
            self._touch(e.source)
        self.phase, self.turn, self.claim_from = "turn", e.seat, None
        self._touch(e.seat)

    # -------------------------------------------------------------- the engine's word

    def check(self, rules: Ruleset, st: GameState) -> list[str]:
        """Return the differences between the table and the engine's state ([] when none)."""
        if st.phase == "game_over" or not st.concealed:
            return []
        out: list[str] = []

        def same(what: str, mine: Any, theirs: Any) -> None:
            if mine != theirs:
                out.append(f"{what}: replay {mine!r}, engine {theirs!r}")

        same("hand_index", self.hand_index, st.hand_index)
        same("round_wind", self.round_wind, st.round_wind)
        same("dealer", self.dealer, st.dealer)
        same("honba", self.honba, st.honba)
        same("sticks", self.sticks, st.sticks)
        same("wall_left", max(0, self.wall_left), max(0, st.live_tiles(rules.dead_wall)))
        same("indicators", self.indicators, list(st.dora_indicators))
        for s, seat in enumerate(self.seats):
            same(f"seat {s} score", seat.score, st.scores[s])
            same(f"seat {s} concealed", seat.concealed(), Counter(st.concealed[s]))
            same(f"seat {s} melds", [str(m) for m in seat.melds], [str(m) for m in st.melds[s]])
            river = [tuple(r) for r in seat.river]
            same(f"seat {s} river", river, [tuple(r) for r in st.rivers[s]])
            same(f"seat {s} bonus", sorted(seat.bonus), sorted(st.bonus[s]))
            same(f"seat {s} riichi", seat.riichi, "riichi" in st.status[s])
            same(f"seat {s} out", seat.out, "out" in st.status[s])
        return out

    def take_from(self, st: GameState, everything: bool) -> None:
        """Take from the engine's state whose turn it is and the tile just drawn (the events
        do not say which tile of a deal counts as drawn); with ``everything`` also every tile,
        counter and score (after a difference)."""
        if st.phase == "game_over" or not st.concealed:
            return
        if everything:
            self.hand_index, self.round_wind, self.dealer = st.hand_index, st.round_wind, st.dealer
            self.honba, self.sticks = st.honba, st.sticks
            self.wall_left = st.live_tiles(rules_dead_wall(self.variant))
            self.indicators = list(st.dora_indicators)
            for s, seat in enumerate(self.seats):
                seat.score = st.scores[s]
                seat.hand, seat.drawn = list(st.concealed[s]), None
                seat.melds = list(st.melds[s])
                seat.river = [list(r) for r in st.rivers[s]]
                seat.bonus = list(st.bonus[s])
                seat.riichi = "riichi" in st.status[s]
                seat.out = "out" in st.status[s]
            self.dirty = None
        self.phase, self.turn = st.phase, st.turn
        self.claim_from = st.turn if st.phase == "claim" and st.claim_tile is not None else None
        drawn = st.drawn if st.phase == "turn" else None
        for seat in self.seats:
            want = drawn if seat.seat == st.turn else None
            if seat.drawn != want and (want is None or want in seat.concealed()):
                seat.settle()
                if want is not None:
                    _take(seat.hand, want)
                    seat.drawn = want
                self._touch(seat.seat)

    def frame(self, seq: int, event: dict[str, Any]) -> dict[str, Any]:
        """Return the table now as the page draws it, with the event that led here."""
        return {
            "seq": seq,
            "event": event,
            "variant": self.variant,
            "phase": self.phase,
            "hand_index": self.hand_index,
            "round_wind": WINDS[self.round_wind % 4],
            "dealer": self.dealer,
            "honba": self.honba,
            "sticks": self.sticks,
            "wall_left": max(0, self.wall_left),
            "indicators": [tile_name(t) for t in self.indicators],
            "turn": self.turn,
            "claim_from": self.claim_from,
            "seats": self._seats_now(),
            "result": self._result_now(),
            "final": copy.deepcopy(self.final),
        }

    def _seats_now(self) -> list[dict[str, Any]]:
        """Return the seats' dicts, writing again only those changed since the last frame."""
        if self.dirty is None or len(self._written) != len(self.seats):
            self._written = [s.to_dict() for s in self.seats]
        else:
            for i in self.dirty:
                self._written[i] = self.seats[i].to_dict()
        self.dirty = set()
        return list(self._written)

    def _result_now(self) -> dict[str, Any] | None:
        if self._result_stale:
            self._result_written = copy.deepcopy(self.result)
            self._result_stale = False
        return self._result_written


def rules_dead_wall(variant: str) -> int:
    """Return the tiles a variant keeps back at the end of the wall.

    >>> rules_dead_wall("riichi"), rules_dead_wall("hk")
    (14, 0)
    """
    return get_ruleset(variant).dead_wall


def delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Return what changed from frame ``before`` to frame ``after``: ``seq``, ``event``, the
    fields that differ and ``seats`` as ``{"i": seat}`` for the seats that differ.

    >>> a = {"seq": 1, "event": {}, "sticks": 0, "seats": [{"score": 1}, {"score": 2}]}
    >>> b = {"seq": 2, "event": {}, "sticks": 1, "seats": [{"score": 1}, {"score": 3}]}
    >>> delta(a, b)
    {'seq': 2, 'event': {}, 'sticks': 1, 'seats': {'1': {'score': 3}}}
    """
    out: dict[str, Any] = {"seq": after["seq"], "event": after["event"]}
    for key, value in after.items():
        if (
            key not in ("seq", "event", "seats")
            and before.get(key) is not value
            and before.get(key) != value
        ):
            out[key] = value
    old = before["seats"]
    seats = {
        str(i): s
        for i, s in enumerate(after["seats"])
        if i >= len(old) or (old[i] is not s and old[i] != s)
    }
    if seats:
        out["seats"] = seats
    return out


@dataclass(frozen=True)
class HandStart:
    """Where the engine stands when a hand begins: the action whose events hold the hand's
    ``hand_started`` (-1: the game's own first events), those events, where among them the
    hand starts, and the engine's state after them."""

    action: int
    events: list[Event]
    offset: int
    state: GameState


@dataclass
class Replay:
    """A finished game ready to be drawn: ``hands`` (label, first frame, start of play, last
    frame, outcome, scores after) and the record's facts, read from the record's events alone;
    each hand's frames (whole, one per event) made when the hand is first asked for
    (``whole_frames``) and kept.

    The engine runs only for frames, and checks the record as it goes: playing a hand's
    actions, every event it makes must be the record's own (``RecordMismatch`` otherwise). The
    state where each hand starts is noted as the engine passes it (``starts``, by hand), so a
    hand is played from its own start when that is known. Otherwise the hand is dealt afresh
    from the record's facts at its start (``_own_start``): the engine then checks the hand's
    own events from there, and whether those facts follow from the hands before is checked
    when those are shown (``majiang replay --verify`` checks the whole record). Should no
    fresh deal replay the hand, it is played from the nearest start noted before it, through
    the hands between (which then says where the record and the engine part)."""

    variant: str
    length: str
    seed: int | str
    seats: list[str]
    final: dict[str, Any]
    hands: list[dict[str, Any]]
    record: GameRecord = field(repr=False)
    strict: bool = False
    starts: dict[int, HandStart] = field(default_factory=dict, repr=False)
    _made: dict[int, list[dict[str, Any]]] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def frames(self) -> list[dict[str, Any]]:
        """Return every frame of the game, whole, in order."""
        return [f for k in range(len(self.hands)) for f in self.whole_frames(k)]

    def summary(self) -> dict[str, Any]:
        """Return everything but the frames (the page asks for those hand by hand)."""
        return {
            "variant": self.variant,
            "length": self.length,
            "seed": self.seed,
            "seats": self.seats,
            "final": self.final,
            "events": len(self.record.events),
            "hands": self.hands,
        }

    def hand_frames(self, k: int) -> list[dict[str, Any]]:
        """Return hand ``k``'s frames for the wire: the first whole, then deltas."""
        frames = self.whole_frames(k)
        return [frames[0]] + [delta(a, b) for a, b in pairwise(frames)]

    def whole_frames(self, k: int) -> list[dict[str, Any]]:
        """Return hand ``k``'s frames, whole: the first time, its actions played on the engine
        from the state noted at its start (the hands before it played first, without frames,
        from the nearest start noted), the events checked and folded; then kept."""
        with self._lock:
            if k not in self._made:
                made = None if k in self.starts or k == 0 else self._from_own_start(k)
                if made is None:
                    if 0 not in self.starts:
                        self.starts[0] = self._first_start()
                    nearest = max(j for j in self.starts if j <= k)
                    for j in range(nearest, k):
                        self._play(j, self.starts[j], fold=False)
                    made = self._play(k, self.starts[k], fold=True)
                self._made[k] = made
            return self._made[k]

    def _from_own_start(self, k: int) -> list[dict[str, Any]] | None:
        """Return hand ``k``'s frames played from a fresh deal of its start, or None when no
        fresh deal makes the record's events (a changed record, or one made before the
        ``hand_started`` event said the dealer's streak)."""
        for start in self._own_starts(k):
            if not self._begins_with(k, start):
                continue
            try:
                return self._play(k, start, fold=True)
            except RecordMismatch:
                continue
        return None

    def _begins_with(self, k: int, start: HandStart) -> bool:
        """Return whether the action after ``start.action`` is one the engine takes at hand
        ``k``'s deal, making the record's next events (a quick test of one step, before the
        hand is played and folded)."""
        actions = self.record.actions
        if start.action + 1 >= len(actions):
            return False
        seat, taken = actions[start.action + 1]
        try:
            _, events = step(get_ruleset(self.variant), start.state, seat, taken)
        except ValueError:
            return False
        seq = self.hands[k]["first"] + len(start.events) - start.offset
        made = [json.loads(json.dumps(e.to_dict())) for e in events]
        return made == self.record.events[seq : seq + len(made)]

    def _own_starts(self, k: int) -> list[HandStart]:
        """Return hand ``k``'s start dealt afresh from its ``hand_started`` event, once for
        each action the hand may begin after.

        The record does not say which action ended the hand before: passes make no event. But
        every discard makes one ``discarded`` event, so a hand preceded by d discards begins
        after the d-th discard action and at the latest with the next one; between them lie
        only the answers to the last discard of the hand before, its last draw's win or kong,
        and the first moves of this hand, which the engine tells apart (an answer to a discard
        is refused at a dealer's turn)."""
        record, hand = self.record, self.hands[k]
        e = record.events[hand["first"]]
        walls = [parse_tiles(w) for w in record.start.get("walls", [])]
        try:
            state, events = new_game(
                get_ruleset(self.variant),
                record.options,
                record.seed,
                record.length,
                walls=walls,
                scores=e["scores"],
                dealer=e["dealer"],
                round_wind=e["round_wind"],
                honba=e["honba"],
                sticks=e["sticks"],
                hand_index=e["hand"],
                dealer_streak=e.get("dealer_streak", 0),
            )
        except (KeyError, TypeError, ValueError):  # facts the engine refuses: play through
            return []
        before = sum(1 for x in record.events[: hand["first"]] if x["type"] == "discarded")
        discards = [a for a, (_, taken) in enumerate(record.actions) if taken.kind == "discard"]
        low = discards[before - 1] if 0 < before <= len(discards) else -1
        high = discards[before] if before < len(discards) else len(record.actions) - 1
        return [HandStart(a, events, 0, state) for a in range(low, high)]

    def _first_start(self) -> HandStart:
        """Deal the game on the engine; check the events before the first hand starts."""
        state, events = self.record.new_game()
        for i, e in enumerate(events):
            if isinstance(e, HandStarted):
                return HandStart(-1, events, i, state)
            self._check(i, e, "the deal")
        raise RecordMismatch("the engine's deal starts no hand")

    def _check(self, seq: int, e: Event, after: str) -> None:
        """Raise ``RecordMismatch`` unless ``e`` is the record's event ``seq``."""
        stored = self.record.events
        got = json.loads(json.dumps(e.to_dict()))
        if seq >= len(stored) or stored[seq] != got:
            want = stored[seq] if seq < len(stored) else "nothing"
            raise RecordMismatch(f"event {seq} ({after}): the record has {want}, the engine {got}")

    def _play(self, k: int, start: HandStart, fold: bool) -> list[dict[str, Any]]:
        """Play hand ``k`` on the engine from ``start``, check its events, note where hand
        ``k + 1`` starts; with ``fold``, return its frames ([] without)."""
        rules = get_ruleset(self.variant)
        hand = self.hands[k]
        actions = self.record.actions
        table = ReplayTable(
            self.variant, rules.players, next_wall=_wall_at_start(rules, start.state)
        )
        frames: list[dict[str, Any]] = []
        seq = hand["first"]

        def take(events: list[Event], st: GameState, offset: int, action: int, after: str) -> None:
            nonlocal seq
            for i in range(offset, len(events)):
                self._check(seq, events[i], after)
                if seq > hand["last"]:  # the action's later events are the next hand's
                    self.starts.setdefault(k + 1, HandStart(action, events, i, st))
                    return
                if fold:
                    self._fold_event(table, rules, events, i, st, after)
                    frames.append(table.frame(seq + 1, self.record.events[seq]))
                seq += 1

        state, action = start.state, start.action
        take(
            start.events,
            state,
            start.offset,
            action,
            "the deal" if action < 0 else f"action {action}",
        )
        while seq <= hand["last"]:
            action += 1
            if action >= len(actions):
                raise RecordMismatch(
                    f"the engine stops after {seq} events, the record has {len(self.record.events)}"
                )
            seat, taken = actions[action]
            after = f"action {action}, seat {seat}: {taken}"
            try:
                state, events = step(rules, state, seat, taken)
            except ValueError as exc:
                raise RecordMismatch(f"{after} refused: {exc}") from exc
            take(events, state, 0, action, after)
        if k == len(self.hands) - 1 and action != len(actions) - 1:
            raise RecordMismatch(
                f"the record has {len(actions) - 1 - action} actions after its last event"
            )
        return frames

    def _fold_event(
        self,
        table: ReplayTable,
        rules: Ruleset,
        events: list[Event],
        i: int,
        st: GameState,
        after: str,
    ) -> None:
        """Apply ``events[i]`` to the table; after an action's last event, check the table
        against the engine's state ``st`` and take from it what the events do not say."""
        table.apply(events[i])
        if i == len(events) - 1:  # the engine's state stands after the last one
            wrong = table.check(rules, st)
            if wrong and self.strict:
                raise ReplayMismatch(f"after {after}: " + "; ".join(wrong))
            table.take_from(st, everything=bool(wrong))


def hand_label(variant: str, hand_index: int, round_wind: int, dealer: int, honba: int) -> str:
    """Return a hand's name as the table shows it, in the language of the moment: ``East 1``,
    ``South 3, honba 1``, ``Hand 4``.

    >>> hand_label("riichi", 5, 1, 2, 1), hand_label("sichuan", 3, 0, 3, 0)
    ('South 3, honba 1', 'Hand 4')
    """
    if variant == "sichuan":
        return _("Hand {n}").format(n=hand_index + 1)
    wind = _(WIND_NAMES[WINDS[round_wind % 4]])
    label = _("{wind} {n}").format(wind=wind, n=dealer + 1)
    return _("{label}, honba {n}").format(label=label, n=honba) if honba else label


def labelled(variant: str, hand: dict[str, Any]) -> dict[str, Any]:
    """Return a hand of ``Replay.hands`` with its label in the language of the moment (a replay
    is kept for every reader, whatever their language)."""
    label = hand_label(variant, hand["index"], hand["round_wind"], hand["dealer"], hand["honba"])
    return {**hand, "label": label}


def replay(record: GameRecord, strict: bool = False) -> Replay:
    """Return the replay of a finished game, its hands read from the record's events; the
    engine does not run until a hand's frames are asked for (``Replay.whole_frames``), and
    those raise ``RecordMismatch`` when the engine does not make the record's events again (or
    refuses one of its actions). With ``strict`` every hand is made at once, and a folded table
    that differs from the engine's state raises ``ReplayMismatch``.

    So the summary costs no engine step; showing the hands in order costs one step per action
    and one frame per event in all, and a hand asked out of order is dealt afresh from the
    record's facts at its start and costs its own steps (and a few more where the engine tells
    apart which action began it)."""
    stored = record.events
    made = Replay(
        variant=record.variant,
        length=record.length,
        seed=record.seed,
        seats=list(record.seats),
        final=_final(record),
        hands=_hands(record.variant, stored),
        record=record,
        strict=strict,
    )
    if strict:
        for k in range(len(made.hands)):
            made.whole_frames(k)
    return made


def _final(record: GameRecord) -> dict[str, Any]:
    """Return the record's result with each seat's points in the final standings, as its
    ``game_ended`` event gives them (records made before that field have none)."""
    points = [e.get("final_points") for e in record.events if e["type"] == "game_ended"]
    return {**record.result, **({"final_points": points[-1]} if points and points[-1] else {})}


def _wall_at_start(rules: Ruleset, st: GameState) -> int:
    """Return the tiles to draw in the state's hand before its deal."""
    return len(st.wall) - rules.dead_wall


def _outcome(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Return what a hand came to: outcome, reason, winners, the scores after it."""
    for e in reversed(events):
        if e["type"] == "hand_ended":
            return {
                "outcome": e["outcome"],
                "reason": e["reason"],
                "winners": e["winners"],
                "scores": e["scores"],
            }
    return {"outcome": None, "reason": "", "winners": [], "scores": None}


def _hands(variant: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return each hand's label, its frames (first, start of play, last: frame i shows the
    table after event i) and its outcome."""
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_started"]
    out = []
    for k, first in enumerate(starts):
        last = (starts[k + 1] if k + 1 < len(starts) else len(events)) - 1
        e = events[first]
        play = next(
            (i for i in range(first, last + 1) if events[i]["type"] in PLAY_EVENTS),
            first + 1,
        )
        out.append(
            {
                "index": e["hand"],
                "label": hand_label(variant, e["hand"], e["round_wind"], e["dealer"], e["honba"]),
                "round_wind": e["round_wind"],
                "dealer": e["dealer"],
                "honba": e["honba"],
                "first": first,
                "start": max(first, play - 1),
                "last": last,
                **_outcome(events[first : last + 1]),
            }
        )
    return out


def _sample_record() -> GameRecord:
    """Return the record of a one-hand riichi game of four random bots (for the examples)."""
    from majiang.bots import make_bot
    from majiang.bots.play import play_game

    bots = [make_bot("random", s) for s in range(4)]
    return play_game(get_ruleset("riichi"), bots, seed=3, length="one_hand").record

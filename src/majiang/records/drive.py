"""Replay a foreign log on the engine: choose each action from the log, check each event.

``drive(script)`` starts a game at the log's first hand (on walls rebuilt from the log, or on the
fixed start our own export carries), then answers every ``legal_actions`` question from the log:
the turn seat's discard, kong, self-draw win or nine-terminals abort; in a claim window each
seat's call, ron or pass. Each event the engine makes is checked against the log's next move
(the drawn tile, the discard, the call, the winner, the end of the hand) and each hand's start
against the log's header. The first disagreement stops the replay (the engine and the log no
longer describe the same game) and is reported; the format readers add their own checks of
results (scores, deltas) from the events kept per hand.

>>> Difference("E1", "seat 2 draws 3m, the log says 4m").text()
'E1: seat 2 draws 3m, the log says 4m'
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
    parse_action,
)
from majiang.engine import (
    hand_copy_refusal,
    is_legal,
    legal_actions,
    new_game,
    step,
    win_request,
)
from majiang.errors import MajiangError
from majiang.events import (
    Called,
    Discarded,
    Drew,
    Event,
    HandEnded,
    HandStarted,
    Won,
)
from majiang.records.native import GameRecord
from majiang.records.script import (
    AddedKong,
    Claim,
    ConcealedKong,
    Draw,
    End,
    GameScript,
    HandScript,
    Move,
    Throw,
    Win,
    build_wall,
)
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.scoring import ScoreRequest, score
from majiang.state import GameState
from majiang.tiles import format_tiles, parse_tiles, sort_key, tile_name

__all__ = ["Difference", "Replay", "drive", "hand_label", "move_text", "rescore", "score_dict"]

WINDS = "ESWN"


@dataclass(frozen=True)
class Difference:
    """One disagreement between a log and our engine or scoring, in the hand it concerns."""

    hand: str
    message: str

    def text(self) -> str:
        """Return ``hand: message``."""
        return f"{self.hand}: {self.message}"


@dataclass
class Replay:
    """What a replay gives: the native record, the differences found, the engine's events of
    each hand of the log (same index), and whether every move of the log was replayed."""

    record: GameRecord
    differences: list[Difference] = field(default_factory=list)
    hand_events: list[list[Event]] = field(default_factory=list)
    complete: bool = False
    state: GameState | None = None


class _Stop(Exception):
    """The log and the engine part ways; carries the difference."""

    def __init__(self, difference: Difference) -> None:
        super().__init__(difference.text())
        self.difference = difference


def hand_label(round_wind: int, dealer: int, honba: int) -> str:
    """Return a hand's name: round wind, dealer seat + 1, and the honba.

    >>> hand_label(1, 3, 2)
    'S4-2'
    """
    label = f"{WINDS[round_wind % 4]}{dealer + 1}"
    return f"{label}-{honba}" if honba else label


def move_text(m: Move) -> str:
    """Return a move in words for a report.

    >>> move_text(Throw(2, 4, riichi=True))
    'seat 2 discards 5m (riichi)'
    """
    if isinstance(m, Draw):
        return f"seat {m.seat} draws {tile_name(m.tile)}" + (" (replacement)" if m.rinshan else "")
    if isinstance(m, Throw):
        return f"seat {m.seat} discards {tile_name(m.tile)}" + (" (riichi)" if m.riichi else "")
    if isinstance(m, Claim):
        own = format_tiles(m.own)
        return f"seat {m.seat} calls {m.meld} {own} on {tile_name(m.tile)} from seat {m.source}"
    if isinstance(m, ConcealedKong):
        return f"seat {m.seat} declares a concealed kong {format_tiles(m.tiles)}"
    if isinstance(m, AddedKong):
        return f"seat {m.seat} adds {tile_name(m.tile)} to a pon"
    if isinstance(m, Win):
        how = "by self-draw" if m.source is None else f"on seat {m.source}'s tile"
        return f"seat {m.seat} wins {how}"
    reason = f" ({m.reason})" if m.reason else ""
    return f"the hand ends: {m.outcome.replace('_', ' ')}{reason}"


def _discard(state: GameState, seat: int, move: Throw) -> Discard:
    """Return the discard the log's throw makes: of the hand's copy (``from_hand``) when the
    log says the tile did not come from the draw and the seat also holds the drawn one (a log
    that says so where no hand copy can go is read as the drawn tile, as before)."""
    tedashi = Discard(move.tile, move.riichi, from_hand=True)
    if move.tsumogiri is False and hand_copy_refusal(state, seat, tedashi) is None:
        return tedashi
    return Discard(move.tile, move.riichi)


def _own(tiles: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(tiles, key=sort_key))


class _Driver:
    def __init__(self, rules: Ruleset, script: GameScript) -> None:
        self.rules = rules
        self.script = script
        self.hands = script.hands
        self.index = -1  # the engine's hand number (= the log's hand index)
        self.pos = 0
        self.opener: Move | None = None
        self.events: list[list[Event]] = []

    # -- the log's next move
    def hand(self) -> HandScript | None:
        return self.hands[self.index] if 0 <= self.index < len(self.hands) else None

    def peek(self) -> Move | None:
        hand = self.hand()
        if hand is None or self.pos >= len(hand.moves):
            return None
        return hand.moves[self.pos]

    def label(self) -> str:
        hand = self.hand()
        return hand.label if hand is not None else f"hand {self.index + 1}"

    def stop(self, message: str) -> _Stop:
        return _Stop(Difference(self.label(), message))

    # -- choosing actions
    def choose(self, state: GameState) -> tuple[int, Action]:
        seat = state.waiting_seats()[0]
        legal = legal_actions(self.rules, state, seat)
        move = self.peek()
        if state.phase == "claim":
            return seat, self._answer(state, seat, legal, move)
        action: Action
        if move is None:
            raise self.stop(f"the log's moves end, the engine waits for seat {seat} to play")
        if isinstance(move, Throw) and move.seat == seat:
            action = _discard(state, seat, move)
        elif isinstance(move, ConcealedKong) and move.seat == seat:
            action = Ankan(_own(move.tiles))
        elif isinstance(move, AddedKong) and move.seat == seat:
            action = Kakan(move.tile)
        elif isinstance(move, Win) and move.seat == seat and move.source is None:
            action = Tsumo()
        elif (
            isinstance(move, End)
            and move.reason in ("nine_terminals", "")
            and move.outcome in ("abortive_draw", "draw")
            and NineTerminals() in legal
        ):
            action = NineTerminals()
        else:
            raise self.stop(f"the log has '{move_text(move)}' where seat {seat} is to play")
        if not is_legal(self.rules, state, seat, action):
            shown = ", ".join(str(a) for a in legal)
            raise self.stop(f"'{move_text(move)}' is not legal for the engine (legal: {shown})")
        if isinstance(move, Throw | ConcealedKong | AddedKong):
            self.opener = move
        return seat, action

    def _answer(
        self, state: GameState, seat: int, legal: list[Action], move: Move | None
    ) -> Action:
        opener = self.opener
        declined = dict(getattr(opener, "declined", ()) or ())
        if seat in declined:
            action = parse_action(declined[seat])
            if action not in legal:
                raise self.stop(f"seat {seat}'s answer '{declined[seat]}' is not legal here")
            return action
        source = state.turn
        hand = self.hand()
        moves = hand.moves[self.pos :] if hand is not None else []
        for m in moves:
            if not isinstance(m, Win) or m.source != source:
                break
            if m.seat == seat:
                return self._checked(Ron(), legal, m)
        if isinstance(move, Claim) and move.seat == seat and move.source == source:
            cls = {"chi": Chi, "pon": Pon, "kan": Kan}[move.meld]
            return self._checked(cls(_own(move.own)), legal, move)
        if isinstance(move, End) and move.reason in ("triple_ron", "") and Ron() in legal:
            offered = sum(1 for o in state.claim_options if Ron() in o)
            if offered >= 3:  # the hand ends at this discard: every seat that can win does
                return Ron()
        return Pass()

    def _checked(self, action: Action, legal: list[Action], move: Move) -> Action:
        if action not in legal:
            shown = ", ".join(str(a) for a in legal)
            raise self.stop(f"'{move_text(move)}' is not legal for the engine (legal: {shown})")
        return action

    # -- checking events
    def expect(self, kinds: tuple[type, ...], what: str) -> Move:
        move = self.peek()
        if move is None:
            raise self.stop(f"the engine has {what}, the log's hand has no more moves")
        if not isinstance(move, kinds):
            raise self.stop(f"the engine has {what}, the log has '{move_text(move)}'")
        self.pos += 1
        return move

    def see(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                self.index = e.hand
                self.pos = 0
                self.opener = None
                self.events.append([])
                self._check_header(e)
            if 0 <= self.index < len(self.events):
                self.events[self.index].append(e)
            if self.hand() is None:
                continue
            self._check(e)

    def _check_header(self, e: HandStarted) -> None:
        hand = self.hand()
        if hand is None:
            return
        want = (hand.round_wind, hand.dealer, hand.honba, hand.sticks, tuple(hand.scores))
        got = (e.round_wind, e.dealer, e.honba, e.sticks, tuple(e.scores))
        if want != got:
            names = ("round wind", "dealer", "honba", "sticks", "scores")
            parts = [
                f"{n} {g} (log {w})" for n, g, w in zip(names, got, want, strict=True) if g != w
            ]
            raise self.stop("the engine starts this hand with " + ", ".join(parts))

    def _check(self, e: Event) -> None:
        if isinstance(e, Drew):
            what = move_text(Draw(e.seat, e.tile or 0, e.replacement))
            m = self.expect((Draw,), what)
            assert isinstance(m, Draw)
            if (m.seat, m.tile, m.rinshan) != (e.seat, e.tile, e.replacement):
                raise self.stop(f"the engine has '{what}', the log has '{move_text(m)}'")
        elif isinstance(e, Discarded):
            what = move_text(Throw(e.seat, e.tile, e.riichi))
            m = self.expect((Throw,), what)
            assert isinstance(m, Throw)
            if (m.seat, m.tile, m.riichi) != (e.seat, e.tile, e.riichi):
                raise self.stop(f"the engine has '{what}', the log has '{move_text(m)}'")
            if m.tsumogiri is True and not e.tsumogiri:
                raise self.stop(f"the log discards the drawn tile, the engine a held one ({what})")
        elif isinstance(e, Called):
            self._check_call(e)
        elif isinstance(e, Won):
            what = move_text(Win(e.seat, e.source))
            m = self.expect((Win,), what)
            assert isinstance(m, Win)
            if (m.seat, m.source) != (e.seat, e.source):
                raise self.stop(f"the engine has '{what}', the log has '{move_text(m)}'")
        elif isinstance(e, HandEnded):
            what = move_text(End(e.outcome, e.reason))
            m = self.expect((End,), what)
            assert isinstance(m, End)
            same = m.outcome == e.outcome or (m.outcome == "draw" and e.outcome != "win")
            if not same or (m.reason and e.outcome != "win" and m.reason != e.reason):
                raise self.stop(f"the engine has '{what}', the log has '{move_text(m)}'")

    def _check_call(self, e: Called) -> None:
        if e.meld == "ankan":
            what = move_text(ConcealedKong(e.seat, e.tiles))
            m = self.expect((ConcealedKong,), what)
            assert isinstance(m, ConcealedKong)
            ok = m.seat == e.seat and Counter(m.tiles) == Counter(e.tiles)
        elif e.meld == "kakan":
            what = move_text(AddedKong(e.seat, e.claimed or 0))
            m = self.expect((AddedKong,), what)
            assert isinstance(m, AddedKong)
            ok = (m.seat, m.tile) == (e.seat, e.claimed)
        else:
            own = list(e.tiles)
            if e.claimed is not None:
                own.remove(e.claimed)
            what = move_text(Claim(e.seat, e.meld, tuple(own), e.claimed or 0, e.source or 0))
            m = self.expect((Claim,), what)
            assert isinstance(m, Claim)
            ok = (m.seat, m.meld, m.tile, m.source) == (e.seat, e.meld, e.claimed, e.source)
            ok = ok and Counter(m.own) == Counter(own)
        if not ok:
            raise self.stop(f"the engine has '{what}', the log has '{move_text(m)}'")


def score_dict(req: ScoreRequest) -> dict[str, Any]:
    """Return a score request as the scoring contract's JSON dict (what ``majiang.score`` reads).

    >>> from majiang.hand import parse_hand
    >>> req = ScoreRequest("riichi", {}, parse_hand("234567m234p55p777z"), 13, "ron", 1, 0, 2)
    >>> score_dict(req)["hand"], score_dict(req)["discarder"]
    ('234567m23455p777z', 'W')
    """

    scoring_options = get_ruleset(req.variant).options

    def wind(w: int | None) -> str | None:
        return None if w is None else WINDS[w]

    return {
        "variant": req.variant,
        "rules": {k: v for k, v in req.rules.items() if k in scoring_options},
        "hand": format_tiles(req.hand.concealed),
        "melds": [str(m) for m in req.hand.melds],
        "flowers": format_tiles(req.hand.bonus),
        "win_tile": tile_name(req.win_tile),
        "win": req.win,
        "seat_wind": WINDS[req.seat_wind],
        "round_wind": WINDS[req.round_wind],
        "discarder": wind(req.discarder),
        "situation": sorted(req.situation),
        "dora_indicators": format_tiles(req.dora_indicators, sort=False),
        "ura_indicators": format_tiles(req.ura_indicators, sort=False),
        "honba": req.honba,
        "riichi_sticks": req.riichi_sticks,
        "dealer_streak": req.dealer_streak,
        "liable": wind(req.liable),
        "players_in_hand": req.players_in_hand,
    }


def rescore(rules: Ruleset, before: GameState, events: Sequence[Event]) -> list[str]:
    """Return the disagreements between each win among ``events`` (made by one step from
    ``before``) and a fresh scoring of it through the public ``majiang.score``."""
    out: list[str] = []
    wins = [e for e in events if isinstance(e, Won)]
    for i, e in enumerate(wins):
        req = win_request(
            rules, before, e.seat, e.tile, e.source, robbed=e.robbed_kong, counters=i == 0
        )
        fresh = score(score_dict(req))
        if json.loads(json.dumps(fresh)) != json.loads(json.dumps(dict(e.result))):
            out.append(f"seat {e.seat}'s win: majiang.score gives {fresh}, the engine {e.result}")
    return out


def _start(rules: Ruleset, script: GameScript) -> dict[str, Any]:
    if script.start is not None:
        return dict(script.start)
    if not script.hands:
        return {}
    first = script.hands[0]
    walls = [build_wall(rules, script.options, h) for h in script.hands]
    return {
        "walls": [format_tiles(w, sort=False) for w in walls],
        "scores": list(first.scores),
        "dealer": first.dealer,
        "round_wind": first.round_wind,
        "honba": first.honba,
        "sticks": first.sticks,
    }


def drive(script: GameScript, variant: str = "riichi") -> Replay:
    """Return the replay of a log's script on the engine: the native record (every action the
    log implies, every event the engine made), the differences found, and the events per hand."""
    rules = get_ruleset(variant)
    from majiang.engine import resolve_options

    options = resolve_options(rules, script.options)
    start = _start(rules, script)
    record = GameRecord(
        variant, dict(options), script.seed, script.length, list(script.names), start=start
    )
    replay = Replay(record)
    driver = _Driver(rules, script)
    args = dict(start)
    walls = [parse_tiles(w) for w in args.pop("walls", [])]
    state, events = new_game(rules, options, script.seed, script.length, walls=walls, **args)
    all_events = list(events)
    try:
        driver.see(events)
        while not state.game_over and driver.index < len(script.hands):
            seat, action = driver.choose(state)
            before = state
            try:
                state, events = step(rules, state, seat, action)
            except MajiangError as exc:  # pragma: no cover - choose() checks legality first
                raise driver.stop(f"the engine refuses {action} by seat {seat}: {exc}") from exc
            record.actions.append((seat, action))
            all_events.extend(events)
            driver.see(events)
            for message in rescore(rules, before, events):
                replay.differences.append(Difference(driver.label(), message))
        replay.complete = True
        if driver.index < len(script.hands) - 1 or driver.peek() is not None:
            replay.complete = False
            replay.differences.append(
                Difference(driver.label(), "the game ends by our rules, the log goes on")
            )
        if not state.game_over and script.length != "one_hand":
            replay.differences.append(
                Difference(
                    script.hands[-1].label if script.hands else "start",
                    "the log ends after this hand, the game goes on by our rules",
                )
            )
    except _Stop as stop:
        replay.differences.append(stop.difference)
    record.events = [e.to_dict() for e in all_events]
    if state.game_over:
        record.result = {
            "scores": list(state.scores),
            "placements": list(state.placements),
            "final_points": list(state.final_points),
        }
    replay.hand_events = driver.events
    replay.state = state
    return replay

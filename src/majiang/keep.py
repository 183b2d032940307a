"""The score sheet of a whole game played with real tiles: the table says what happened, hand
by hand, and the sheet carries the points, the dealer, the honba or the dealer's streak, the
sticks and the end of the game, in every variant.

A hand is a list of steps, as the table saw them: ``riichi`` (a declaration that stood),
``kong`` (where kongs pay: Sichuan), ``win`` (one or several winners on one tile, each with the
hand's value or a calculator request), ``draw`` (an exhaustive draw: who was ready) and
``abortive`` (riichi's abortive draws). The step that ends the hand closes it; the next step
opens the next hand.

The sheet keeps no copy of any rule: it holds the table's position in a ``GameState`` without
tiles and asks the engine's own functions and the variant's hooks, as the engine does at the end
of a hand: ``engine.wins.win_setting`` (the score request's setting), ``Ruleset.score`` or
``Ruleset.score_value`` (the win's result), ``engine.hand_end.pay_win`` (who pays it),
``on_kong``, ``on_wins``, ``ron_winners``, ``win_ends_hand``, ``draw_payments`` and
``engine.hand_end.close_hand`` (the next dealer, honba, streak, the end of the game and its final
settlement). Every entry is checked by replaying the whole sheet, so an edit of an early hand
recomputes everything after it, and an impossible entry raises ``InvalidEntry`` naming its
field, leaving the sheet as it was.

>>> sheet = Sheet.new("riichi", ["Ann", "Bob", "Cy", "Dee"])
>>> sheet.add({"type": "riichi", "player": "Cy"})
>>> sheet.add({"type": "win", "from": "Bob", "wins": [{"player": "Ann", "han": 3, "fu": 40}]})
>>> s = sheet.standing()
>>> s.scores, s.rows[0].label, s.next_label
((33700, 17300, 24000, 25000), 'E1', 'E1-1')
>>> Sheet.from_dict(sheet.to_dict()).standing() == s
True
"""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.engine.common import replace_at
from majiang.engine.deal import resolve_options
from majiang.engine.hand_end import close_hand, pay_win
from majiang.engine.wins import win_setting
from majiang.errors import MajiangError
from majiang.hand import Hand
from majiang.i18n import N_, _
from majiang.rules import Ruleset, get_ruleset
from majiang.rules.base import RuleOptions
from majiang.rules.game import LENGTHS, DrawFacts, GameRules, Moves, Outcome
from majiang.scoring import WIND_LETTERS, ScoreRequest, ScoreResult, WinValue, parse_wind
from majiang.state import GameState

__all__ = ["FORMAT", "HandRow", "InvalidEntry", "Sheet", "Standing"]

FORMAT = "majiang-sheet"
#: the units of a hand's value as its text says them
UNIT_WORDS = {"han": N_("han"), "fan": N_("fan"), "tai": N_("tai")}
VERSION = 1

#: the keys each kind of step may carry
STEP_KEYS: Mapping[str, frozenset[str]] = {
    "riichi": frozenset({"type", "player"}),
    "kong": frozenset({"type", "player", "kind", "from"}),
    "win": frozenset({"type", "from", "wins", "after_kong"}),
    "draw": frozenset({"type", "ready", "nagashi", "ready_fan", "three_suits"}),
    "abortive": frozenset({"type", "reason"}),
}
#: the keys of one winner in a ``win`` step
WINNER_KEYS = frozenset({"player", "han", "fu", "yakuman", "fan", "tai", "request", "pao"})
#: the value keys each unit takes
VALUE_KEYS: Mapping[str, frozenset[str]] = {
    "han": frozenset({"han", "fu", "yakuman"}),
    "fan": frozenset({"fan"}),
    "tai": frozenset({"tai"}),
}
#: request fields the sheet decides from the table's position (a request may repeat them)
TABLE_FIELDS = (
    "win",
    "seat_wind",
    "round_wind",
    "discarder",
    "honba",
    "riichi_sticks",
    "dealer_streak",
    "liable",
    "players_in_hand",
)


class InvalidEntry(MajiangError):
    """A score-sheet entry that cannot be: the message says which hand and why, ``field`` names
    the entry's key (``wins``, ``from``, ``han`` ...)."""


#: why a game ended (the engine's reason, ``Standing.ended``), in words: the CSV, the CLI and
#: the /keep page say it so
ENDED_WORDS = {
    "bust": N_("a player went bust"),
    "length": N_("the last hand was played"),
    "target": N_("a player reached the points to finish"),
    "extra_rounds": N_("the extra rounds are over"),
    "dealer_stop": N_("the dealer stopped"),
}


@dataclass(frozen=True)
class HandRow:
    """One hand on the sheet: its ``label`` (``E1-1``: East round, first dealer, 1 honba),
    the dealer's seat and streak, how it ended (``win``, ``exhaustive_draw``,
    ``abortive_draw``; empty while it is being entered), a line for people, each payment as
    (reason, change of each seat), the hand's change of each seat and the scores and sticks
    after it."""

    index: int
    label: str
    dealer: int
    honba: int
    dealer_streak: int
    outcome: str
    text: str
    moves: tuple[tuple[str, tuple[int, ...]], ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    sticks: int

    def to_dict(self) -> dict[str, Any]:
        """Return the row as JSON-able data."""
        return {
            "index": self.index,
            "label": self.label,
            "dealer": self.dealer,
            "honba": self.honba,
            "dealer_streak": self.dealer_streak,
            "outcome": self.outcome,
            "text": self.text,
            "moves": [{"reason": r, "deltas": list(d)} for r, d in self.moves],
            "deltas": list(self.deltas),
            "scores": list(self.scores),
            "sticks": self.sticks,
        }


@dataclass(frozen=True)
class Standing:
    """The sheet worked out: every hand's row, the scores and sticks now, the next hand (its
    label, dealer, honba, streak) while the game goes on, or why it ended, its final
    settlement (the sticks left go to the first) and each seat's place (1 = first)."""

    rows: tuple[HandRow, ...]
    scores: tuple[int, ...]
    sticks: int
    hand_open: bool
    next_label: str
    dealer: int
    honba: int
    dealer_streak: int
    ended: str | None
    final: tuple[int, ...]
    placements: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the standing as JSON-able data."""
        return {
            "rows": [r.to_dict() for r in self.rows],
            "scores": list(self.scores),
            "sticks": self.sticks,
            "hand_open": self.hand_open,
            "next": None
            if self.ended
            else {
                "label": self.next_label,
                "dealer": self.dealer,
                "honba": self.honba,
                "dealer_streak": self.dealer_streak,
            },
            "ended": self.ended,
            "final": list(self.final),
            "placements": list(self.placements),
        }


class Sheet:
    """A game's score sheet: the variant, its options, the length, the players by seat (seat 0
    deals first), and the hands entered (each a list of steps, seats as numbers)."""

    def __init__(
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        length: str = "east",
        hands: Sequence[Sequence[Mapping[str, Any]]] = (),
    ) -> None:
        self.rules: Ruleset = get_ruleset(variant)
        self.variant = variant
        self.options = dict(options or {})
        self.resolved = resolve_options(self.rules, self.options)
        if length not in LENGTHS:
            raise InvalidEntry(
                _("unknown game length {length!r} (expected one of {lengths})").format(
                    length=length, lengths=", ".join(LENGTHS)
                ),
                field="length",
            )
        self.length = length
        self.players = _check_players(players, self.rules)
        self.hands: list[list[dict[str, Any]]] = []
        for steps in hands:
            self.hands.append([self._read_step(step) for step in steps])
        self.standing()

    @classmethod
    def new(
        cls,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        length: str = "east",
    ) -> Sheet:
        """Return an empty sheet, its players and options checked."""
        return cls(variant, players, options, length)

    # -- entries

    def add(self, step: Mapping[str, Any]) -> None:
        """Enter the next step: it continues the hand being entered, or opens the next one."""
        read = self._read_step(step)
        hands = copy.deepcopy(self.hands)
        if hands and self.standing().hand_open:
            hands[-1].append(read)
        else:
            hands.append([read])
        self._replace(hands)

    def undo(self) -> None:
        """Remove the last step entered (a hand left empty goes with it)."""
        if not self.hands:
            raise InvalidEntry(_("the sheet is empty: nothing to undo"), field="hands")
        hands = copy.deepcopy(self.hands)
        hands[-1].pop()
        if not hands[-1]:
            hands.pop()
        self._replace(hands)

    def edit(self, index: int, steps: Sequence[Mapping[str, Any]]) -> None:
        """Replace hand ``index`` (0 = the first) by ``steps``; every hand after it is worked
        out again."""
        if not 0 <= index < len(self.hands):
            raise InvalidEntry(
                _("there is no hand {n} (the sheet has {count})").format(
                    n=index + 1, count=len(self.hands)
                ),
                field="index",
            )
        if not steps:
            raise InvalidEntry(
                _("hand {n}: a hand needs at least one step").format(n=index + 1), field="steps"
            )
        hands = copy.deepcopy(self.hands)
        hands[index] = [self._read_step(step) for step in steps]
        self._replace(hands)

    def _replace(self, hands: list[list[dict[str, Any]]]) -> None:
        """Take ``hands`` if the whole sheet works out with them, else raise and keep the old."""
        old = self.hands
        self.hands = hands
        try:
            self.standing()
        except MajiangError:
            self.hands = old
            raise

    # -- reading entries

    def seat(self, who: Any, field: str) -> int:
        """Return the seat of a player given by name or seat number.

        >>> Sheet.new("hk2", ["Ann", "Bob"]).seat("bob", "player")
        1
        """
        if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(self.players):
            return who
        if isinstance(who, str):
            for seat, name in enumerate(self.players):
                if name.casefold() == who.strip().casefold():
                    return seat
        raise InvalidEntry(
            _("{field}: {who!r} is not a player here ({players})").format(
                field=field, who=who, players=", ".join(self.players)
            ),
            field=field,
        )

    def _read_step(self, step: Mapping[str, Any]) -> dict[str, Any]:
        """Return the step with players as seats and its keys checked."""
        if not isinstance(step, Mapping):
            raise InvalidEntry(
                _("a step must be an object, got {step!r}").format(step=step), field="step"
            )
        kind = step.get("type")
        if not isinstance(kind, str) or kind not in STEP_KEYS:
            raise InvalidEntry(
                _("step type must be one of {types}, got {kind!r}").format(
                    types=", ".join(STEP_KEYS), kind=kind
                ),
                field="type",
            )
        unknown = sorted(set(step) - STEP_KEYS[kind])
        if unknown:
            raise InvalidEntry(
                _("a {kind} step has no {key!r}").format(kind=kind, key=unknown[0]),
                field=unknown[0],
            )
        out: dict[str, Any] = {"type": kind}
        if kind in ("riichi", "kong"):
            out["player"] = self.seat(step.get("player"), "player")
        if kind == "kong":
            out |= self._read_kong(step)
        if kind == "win":
            src = step.get("from")
            out["from"] = None if src is None else self.seat(src, "from")
            wins = step.get("wins")
            if not isinstance(wins, Sequence) or isinstance(wins, str) or not wins:
                raise InvalidEntry(_("a win step lists its winners in 'wins'"), field="wins")
            out["wins"] = [self._read_winner(w) for w in wins]
            out["after_kong"] = bool(step.get("after_kong", False))
        if kind == "draw":
            out |= self._read_draw(step)
        if kind == "abortive":
            out["reason"] = step.get("reason")
        return out

    def _read_kong(self, step: Mapping[str, Any]) -> dict[str, Any]:
        """Return a kong step's kind and discarder, checked."""
        kind = step.get("kind", "ankan")
        if kind not in ("kan", "kakan", "ankan"):
            raise InvalidEntry(
                _(
                    "kind must be kan (from a discard), kakan (added) or ankan (concealed), "
                    "got {kind!r}"
                ).format(kind=kind),
                field="kind",
            )
        src = step.get("from")
        if (kind == "kan") != (src is not None):
            raise InvalidEntry(
                _(
                    "a kong claimed from a discard (kan) names its discarder in 'from'; "
                    "a kakan or an ankan names none"
                ),
                field="from",
            )
        return {"kind": kind, "from": None if src is None else self.seat(src, "from")}

    def _read_draw(self, step: Mapping[str, Any]) -> dict[str, Any]:
        """Return a draw step's ready, nagashi and three-suit players and ready fans, checked."""
        out: dict[str, Any] = {}
        for key in ("ready", "nagashi", "three_suits"):
            out[key] = sorted({self.seat(p, key) for p in _listed(step.get(key), key)})
        fans = step.get("ready_fan") or {}
        if not isinstance(fans, Mapping):
            raise InvalidEntry(_("ready_fan maps each ready player to a fan"), field="ready_fan")
        out["ready_fan"] = {
            str(self.seat(_seat_key(p), "ready_fan")): _whole(f, "ready_fan")
            for p, f in fans.items()
        }
        return out

    def _read_winner(self, win: Any) -> dict[str, Any]:
        if not isinstance(win, Mapping):
            raise InvalidEntry(
                _("each winner is an object, got {win!r}").format(win=win), field="wins"
            )
        unknown = sorted(set(win) - WINNER_KEYS)
        if unknown:
            raise InvalidEntry(
                _("a winner has no {key!r}").format(key=unknown[0]), field=unknown[0]
            )
        out: dict[str, Any] = {"player": self.seat(win.get("player"), "player")}
        if win.get("pao") is not None:
            out["pao"] = self.seat(win["pao"], "pao")
        given = [k for k in ("han", "fu", "yakuman", "fan", "tai") if win.get(k) is not None]
        if win.get("request") is not None:
            if given:
                raise InvalidEntry(
                    _("give the hand's value or a calculator request, not both ({key!r})").format(
                        key=given[0]
                    ),
                    field=given[0],
                )
            if not isinstance(win["request"], Mapping):
                raise InvalidEntry(_("request is a scoring request object"), field="request")
            out["request"] = dict(win["request"])
            return out
        unit = self.rules.unit
        wrong = [k for k in given if k not in VALUE_KEYS[unit]]
        if wrong:
            raise InvalidEntry(
                _("{variant} counts {unit}, not {key}: give {keys}").format(
                    variant=self.variant,
                    unit=unit,
                    key=wrong[0],
                    keys=", ".join(sorted(VALUE_KEYS[unit])),
                ),
                field=wrong[0],
            )
        if not given:
            raise InvalidEntry(
                _("give the hand's value ({unit}) or a calculator request").format(unit=unit),
                field=unit,
            )
        for key in given:
            out[key] = _whole(win[key], key)
        return out

    # -- working the sheet out

    def _start(self) -> GameState:
        n = self.rules.players
        return GameState(
            variant=self.variant,
            options=self.resolved,
            seed=0,
            length=self.length,
            players=n,
            scores=(self.rules.starting_score(self.resolved),) * n,
        )

    def _play_hand(
        self, st: GameState, n: int, steps: list[dict[str, Any]], moves: Moves, texts: list[str]
    ) -> Outcome | None:
        """Return how the steps of hand ``n`` (from 1) end it (``None``: it goes on), its
        payments added to ``moves`` and its words to ``texts``; no step may follow the end."""
        outcome: Outcome | None = None
        for i, step in enumerate(steps):
            if outcome is not None:
                raise InvalidEntry(
                    _("hand {n}: step {step} ({type}) comes after the hand ended").format(
                        n=n, step=i + 1, type=step["type"]
                    ),
                    field="steps",
                )
            try:
                outcome = self._apply(st, step, moves, texts)
            except MajiangError as exc:
                raise InvalidEntry(
                    _("hand {n}: {error}").format(n=n, error=exc), field=exc.field
                ) from exc
        return outcome

    def standing(self) -> Standing:
        """Return the sheet worked out from its first hand; raise ``InvalidEntry`` where an
        entry cannot be."""
        st = self._start()
        rows: list[HandRow] = []
        ended: str | None = None
        final = (0,) * st.players
        hand_open = False
        for index, steps in enumerate(self.hands):
            if ended is not None:
                raise InvalidEntry(
                    _("hand {n}: the game ended after hand {last} ({reason})").format(
                        n=index + 1, last=index, reason=ended
                    ),
                    field="hands",
                )
            _new_hand(st)
            label = self._label(st)
            dealer, honba, streak = st.dealer, st.honba, st.dealer_streak
            before = st.scores
            moves: Moves = []
            texts: list[str] = []
            outcome = self._play_hand(st, index + 1, steps, moves, texts)
            hand_open = outcome is None
            if hand_open and index < len(self.hands) - 1:
                raise InvalidEntry(
                    _("hand {n} has not ended (no win or draw)").format(n=index + 1),
                    field="steps",
                )
            row_scores = st.scores
            if outcome is not None:
                ended, final = close_hand(self.rules, st, outcome)
            rows.append(
                HandRow(
                    index,
                    label,
                    dealer,
                    honba,
                    streak,
                    "" if outcome is None else outcome.kind,
                    "; ".join(texts),
                    tuple(moves),
                    tuple(a - b for a, b in zip(row_scores, before, strict=True)),
                    row_scores,
                    st.sticks if not any(final) else 0,
                )
            )
        return Standing(
            tuple(rows),
            st.scores,
            st.sticks,
            hand_open,
            self._label(st),
            st.dealer,
            st.honba,
            st.dealer_streak,
            ended,
            final,
            st.placements,
        )

    def _label(self, st: GameState) -> str:
        if self.variant == "sichuan":  # lengths count hands, no winds
            return _("hand {n}").format(n=st.hand_index + 1)
        label = st.hand_label()
        if st.dealer_streak and not self.rules.stick_value:
            label = _("{hand} streak {n}").format(hand=label, n=st.dealer_streak)
        return label

    def _name(self, seat: int | None) -> str:
        return _("nobody") if seat is None else self.players[seat]

    def _apply(
        self, st: GameState, step: Mapping[str, Any], moves: Moves, texts: list[str]
    ) -> Outcome | None:
        """Apply one step to the table; return the hand's outcome if the step ends it."""
        kind = step["type"]
        if kind == "riichi":
            self._riichi(st, step["player"], moves)
            texts.append(_("{name} riichi").format(name=self._name(step["player"])))
            return None
        if kind == "kong":
            self._kong(st, step, moves)
            texts.append(
                _("{name} {kind}").format(name=self._name(step["player"]), kind=step["kind"])
            )
            return None
        if kind == "win":
            return self._win(st, step, moves, texts)
        if kind == "draw":
            return self._draw(st, step, moves, texts)
        return self._abortive(st, step, texts)

    def _riichi(self, st: GameState, seat: int, moves: Moves) -> None:
        cost = self.rules.stick_value
        if not cost:
            raise InvalidEntry(
                _("{variant} has no riichi").format(variant=self.variant), field="type"
            )
        _in_play(st, seat, "player", self.players)
        if "riichi" in st.status[seat]:
            raise InvalidEntry(
                _("{name} has already declared riichi this hand").format(name=self.players[seat]),
                field="player",
            )
        if st.scores[seat] < cost:
            raise InvalidEntry(
                _("{name} has {points} points: riichi needs {cost}").format(
                    name=self.players[seat], points=st.scores[seat], cost=cost
                ),
                field="player",
            )
        change = replace_at((0,) * st.players, seat, -cost)
        _pay(st, [("riichi", change)], moves)
        st.sticks += 1
        st.status = replace_at(st.status, seat, st.status[seat] | {"riichi"})

    def _kong(self, st: GameState, step: Mapping[str, Any], moves: Moves) -> None:
        if type(self.rules).on_kong is GameRules.on_kong:
            raise InvalidEntry(
                _(
                    "kongs pay nothing by themselves in {variant}: count them in the hand's value"
                ).format(variant=self.variant),
                field="type",
            )
        seat, source = step["player"], step["from"]
        _in_play(st, seat, "player", self.players)
        if source is not None:
            _in_play(st, source, "from", self.players)
            if source == seat:
                raise InvalidEntry(_("a kong is not claimed from its own maker"), field="from")
            st.meld_sources = replace_at(st.meld_sources, seat, (*st.meld_sources[seat], source))
        paid, st.variant_state = self.rules.on_kong(self.resolved, st, seat, step["kind"])
        _pay(st, paid, moves)

    def _winners_in_turn(
        self, st: GameState, source: int | None, wins: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Return the wins of one step in turn order from the discarder, each winner once and
        in play, as many as the variant lets win on one discard."""
        n = st.players
        seats = [w["player"] for w in wins]
        if len(set(seats)) != len(seats):
            raise InvalidEntry(_("a player is listed twice among the winners"), field="wins")
        for seat in seats:
            _in_play(st, seat, "player", self.players)
        if source is not None:
            _in_play(st, source, "from", self.players)
            if source in seats:
                raise InvalidEntry(
                    _("{name} cannot win on their own discard").format(name=self.players[source]),
                    field="from",
                )
        if len(wins) > 1:
            if source is None:
                raise InvalidEntry(
                    _("several players win only on one discard: give 'from'"), field="from"
                )
            wins = sorted(wins, key=lambda w: (w["player"] - source) % n)
            claimants = tuple(w["player"] for w in wins)
            allowed = self.rules.ron_winners(self.resolved, claimants)
            if allowed is None:
                raise InvalidEntry(
                    _(
                        "{count} players winning on one discard abort the hand in {variant}: "
                        "enter an abortive draw"
                    ).format(count=len(wins), variant=self.variant),
                    field="wins",
                )
            if len(allowed) < len(claimants):
                raise InvalidEntry(
                    _(
                        "only {count} player may win on one discard in {variant} (the first in "
                        "turn order takes it): {players} were entered"
                    ).format(
                        count=len(allowed),
                        variant=self.variant,
                        players=", ".join(self.players[s] for s in claimants),
                    ),
                    field="wins",
                )
        return wins

    def _win(
        self, st: GameState, step: Mapping[str, Any], moves: Moves, texts: list[str]
    ) -> Outcome | None:
        rules = self.rules
        source: int | None = step["from"]
        wins = self._winners_in_turn(st, source, step["wins"])
        winners = tuple(w["player"] for w in wins)
        for i, win in enumerate(wins):
            seat = win["player"]
            pao = win.get("pao")
            if pao is not None:
                if not _plays(self.resolved, "pao"):
                    raise InvalidEntry(
                        _("{variant} plays no pao here").format(variant=self.variant), field="pao"
                    )
                _in_play(st, pao, "pao", self.players)
                if pao == seat:
                    raise InvalidEntry(_("a winner is not liable for their own win"), field="pao")
            st.liable = replace_at(st.liable, seat, pao)
            result = self._result(st, seat, source, win, counters=i == 0)
            payer = rules.win_discarder(self.resolved, st, seat, source)
            deltas, _payers = pay_win(st, seat, result, payer, pao)
            moves.append(("win", deltas))
            texts.append(self._win_text(seat, source, result, pao))
        if step.get("after_kong"):
            if source is None or source not in (k.seat for k in st.variant_state or ()):
                raise InvalidEntry(
                    _(
                        "after_kong: the discarder made no kong this hand (kong money passes on "
                        "only from the discard right after a kong)"
                    ),
                    field="after_kong",
                )
            st.claim_kind, st.kong_discarder = "discard", source
        paid, st.variant_state = rules.on_wins(self.resolved, st, winners, source)
        st.claim_kind, st.kong_discarder = "", None
        _pay(st, paid, moves)
        st.winners = (*st.winners, *winners)
        if rules.win_ends_hand(self.resolved, st):
            return Outcome("win", winners=st.winners)
        st.status = tuple(s | {"out"} if i in winners else s for i, s in enumerate(st.status))
        return None

    def _result(
        self,
        st: GameState,
        seat: int,
        source: int | None,
        win: Mapping[str, Any],
        *,
        counters: bool,
    ) -> ScoreResult:
        """Return the win's result: the calculator's for a request, else its value paid."""
        setting = win_setting(self.rules, st, seat, source, counters=counters)
        if "request" not in win:
            req = ScoreRequest(hand=Hand(()), win_tile=0, **setting)
            value = WinValue(
                win.get("han", win.get("fan", win.get("tai", 0))),
                win.get("fu"),
                win.get("yakuman", 0),
            )
            return self.rules.score_value(req, value)
        asked = dict(win["request"])
        for key in ("variant", "rules"):
            if key in asked:
                raise InvalidEntry(
                    _("request: {key} is the sheet's ({variant}); leave it out").format(
                        key=key, variant=self.variant
                    ),
                    field=f"request.{key}",
                )
        table = _setting_dict(setting)
        for key in TABLE_FIELDS:
            if key in asked and not _same_field(key, asked[key], table[key]):
                raise InvalidEntry(
                    _(
                        "request: {key} is {value!r} at this point of the game, not {asked!r} "
                        "(the sheet keeps it)"
                    ).format(key=key, value=table[key], asked=asked[key]),
                    field=f"request.{key}",
                )
        asked.update(table)
        asked["variant"] = self.variant
        asked["rules"] = {k: v for k, v in self.resolved.items() if k in self.rules.options}
        try:
            result = self.rules.score(ScoreRequest.from_dict(asked))
        except MajiangError as exc:
            raise InvalidEntry(
                _("request: {error}").format(error=exc), field=f"request.{exc.field}"
            ) from exc
        if not result.valid:
            raise InvalidEntry(
                _("request: not a win: {reason}").format(reason=result.reason), field="request"
            )
        return result

    def _win_text(self, seat: int, source: int | None, result: ScoreResult, pao: int | None) -> str:
        if result.limit and result.limit != "limit" and result.fu is None:
            value = result.limit.replace("_", " ")
        elif result.fu is not None:
            value = _("{han} han {fu} fu").format(han=result.total, fu=result.fu)
        else:
            value = f"{result.total} {_(UNIT_WORDS.get(result.unit, result.unit))}"
        name = self.players[seat]
        if source is None:
            text = _("{name} won self-drawn: {value}").format(name=name, value=value)
        else:
            text = _("{name} won from {source}: {value}").format(
                name=name, source=self.players[source], value=value
            )
        if pao is not None:
            text = _("{text}, {name} liable").format(text=text, name=self.players[pao])
        return text

    def _draw(
        self, st: GameState, step: Mapping[str, Any], moves: Moves, texts: list[str]
    ) -> Outcome:
        ready = tuple(step["ready"])
        fans = {int(s): f for s, f in step["ready_fan"].items()}
        three = tuple(step["three_suits"])
        if self.variant == "sichuan":
            if ready and set(ready) != set(fans):
                raise InvalidEntry(
                    _("in sichuan give each ready player's best waiting fan in ready_fan"),
                    field="ready_fan",
                )
            ready = tuple(sorted(fans))
            if set(three) & set(ready):
                raise InvalidEntry(
                    _("a player holding three suits is not ready"), field="three_suits"
                )
        elif fans or three:
            raise InvalidEntry(
                _("ready_fan and three_suits are Sichuan's, not {variant}'s").format(
                    variant=self.variant
                ),
                field="ready_fan" if fans else "three_suits",
            )
        if step["nagashi"]:
            if "nagashi_mangan" not in self.rules.options:
                raise InvalidEntry(
                    _("{variant} has no nagashi mangan").format(variant=self.variant),
                    field="nagashi",
                )
            if not _plays(self.resolved, "nagashi_mangan"):
                raise InvalidEntry(_("nagashi mangan is off here"), field="nagashi")
        for key, seats in (("ready", ready), ("nagashi", step["nagashi"]), ("three_suits", three)):
            for seat in seats:
                _in_play(st, seat, key, self.players)
        facts = DrawFacts(ready, tuple(step["nagashi"]), tuple(sorted(fans.items())), three)
        _pay(st, self.rules.draw_payments(self.resolved, st, facts), moves)
        shown = ", ".join(self.players[s] for s in ready) or _("nobody")
        texts.append(_("draw: {players} ready").format(players=shown))
        if step["nagashi"]:
            nagashi = ", ".join(self.players[s] for s in step["nagashi"])
            texts.append(_("nagashi mangan: {players}").format(players=nagashi))
        return Outcome("exhaustive_draw", "wall", st.winners, ready)

    def _abortive(self, st: GameState, step: Mapping[str, Any], texts: list[str]) -> Outcome:
        reason = step["reason"]
        known = self.rules.abortive_draws
        if not known:
            raise InvalidEntry(
                _("{variant} has no abortive draws").format(variant=self.variant), field="reason"
            )
        if reason not in known:
            raise InvalidEntry(
                _("reason must be one of {reasons}, got {reason!r}").format(
                    reasons=", ".join(known), reason=reason
                ),
                field="reason",
            )
        if not _plays(self.resolved, known[reason]):
            raise InvalidEntry(
                _("the abortive draw {reason} is off here (rule {rule})").format(
                    reason=reason, rule=known[reason]
                ),
                field="reason",
            )
        if st.winners:
            raise InvalidEntry(_("a hand with a win cannot be aborted"), field="reason")
        texts.append(_("abortive draw: {reason}").format(reason=reason.replace("_", " ")))
        return Outcome("abortive_draw", reason)

    # -- storage and export

    def to_dict(self) -> dict[str, Any]:
        """Return the sheet as JSON-able data (``from_dict`` reads it back)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "players": list(self.players),
            "options": dict(self.options),
            "length": self.length,
            "hands": copy.deepcopy(self.hands),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        """Return the sheet stored by ``to_dict``, every hand checked again."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise InvalidEntry(
                _("not a score sheet (format {format!r} expected)").format(format=FORMAT),
                field="format",
            )
        if data.get("version") != VERSION:
            raise InvalidEntry(
                _("sheet version {version!r} is not {expected}").format(
                    version=data.get("version"), expected=VERSION
                ),
                field="version",
            )
        hands = data.get("hands") or []
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise InvalidEntry(_("hands is a list of lists of steps"), field="hands")
        return cls(
            str(data.get("variant")),
            data.get("players") or [],
            data.get("options") or {},
            str(data.get("length", "east")),
            hands,
        )

    def to_csv(self) -> str:
        """Return the sheet as CSV: a row per hand (its label, dealer, what happened, each
        player's change and total, the sticks), then the final standing.

        >>> sheet = Sheet.new("hk2", ["Ann", "Bob"], length="one_hand")
        >>> sheet.add({"type": "win", "from": None, "wins": [{"player": "Bob", "fan": 3}]})
        >>> print(sheet.to_csv().replace("\\r", ""))
        Hand,Dealer,Result,Ann +/-,Ann,Bob +/-,Bob,Sticks
        E1,Ann,Bob won self-drawn: 3 fan,-8,-8,8,8,0
        Final standing,,the last hand was played,,-8 (2 of 2),,8 (1 of 2),0
        <BLANKLINE>
        """
        st = self.standing()
        out = io.StringIO()
        writer = csv.writer(out)
        header = [_("Hand"), _("Dealer"), _("Result")]
        for name in self.players:
            header += [f"{name} +/-", name]
        writer.writerow([*header, _("Sticks")])
        for row in st.rows:
            cells = [row.label, self.players[row.dealer], row.text]
            for change, total in zip(row.deltas, row.scores, strict=True):
                cells += [str(change), str(total)]
            writer.writerow([*cells, str(row.sticks)])
        if st.ended:
            cells = [_("Final standing"), "", _(ENDED_WORDS.get(st.ended, st.ended))]
            for score, place in zip(st.scores, st.placements, strict=True):
                where = _("{place} of {players}").format(place=place, players=len(self.players))
                cells += ["", f"{score} ({where})"]
            writer.writerow([*cells, str(st.sticks)])
        return out.getvalue()


def _plays(options: RuleOptions, name: str) -> bool:
    """Whether a table plays the rule ``name`` (pao, nagashi mangan, an abortive draw the
    ruleset names in ``abortive_draws``): an option its family declares, turned on."""
    return name in options.declared and bool(options[name])


def _check_players(players: Sequence[str], rules: Ruleset) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidEntry(_("players is a list of names, the first dealer first"), field="players")
    names = tuple(str(p).strip() for p in players)
    if len(names) != rules.players:
        raise InvalidEntry(
            _("{variant} is played by {count}, got {given} players").format(
                variant=rules.id, count=rules.players, given=len(names)
            ),
            field="players",
        )
    if any(not n for n in names):
        raise InvalidEntry(_("every player needs a name"), field="players")
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise InvalidEntry(_("two players have the same name"), field="players")
    if any(n.isdigit() for n in names):
        raise InvalidEntry(_("a player's name is not a number (seats are)"), field="players")
    return names


def _new_hand(st: GameState) -> None:
    """Clear the per-hand record of the table's state (no tiles are dealt on a sheet)."""
    n = st.players
    st.status = (frozenset(),) * n
    st.liable = (None,) * n
    st.melds = ((),) * n
    st.meld_sources = ((),) * n
    st.winners = ()
    st.variant_state = None
    st.claim_kind = ""
    st.kong_discarder = None


def _pay(st: GameState, paid: Moves, moves: Moves) -> None:
    for reason, deltas in paid:
        st.scores = tuple(a + b for a, b in zip(st.scores, deltas, strict=True))
        moves.append((reason, deltas))


def _in_play(st: GameState, seat: int, field: str, players: Sequence[str]) -> None:
    if "out" in st.status[seat]:
        raise InvalidEntry(
            _("{name} has already won this hand").format(name=players[seat]), field=field
        )


def _listed(value: Any, field: str) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InvalidEntry(_("{field} is a list of players").format(field=field), field=field)
    return list(value)


def _seat_key(key: Any) -> Any:
    """Return a JSON object's key as a seat number when it is one (``"2"``), else as it is."""
    return int(key) if isinstance(key, str) and key.isdigit() else key


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidEntry(
            _("{field} must be a whole number, got {value!r}").format(field=field, value=value),
            field=field,
        )
    return value


def _setting_dict(setting: Mapping[str, Any]) -> dict[str, Any]:
    """Return the table's fields of a request in the contract's dict form (winds as letters)."""

    def wind(value: int | None) -> str | None:
        return None if value is None else WIND_LETTERS[value]

    return {
        "win": setting["win"],
        "seat_wind": wind(setting["seat_wind"]),
        "round_wind": wind(setting["round_wind"]),
        "discarder": wind(setting["discarder"]),
        "honba": setting["honba"],
        "riichi_sticks": setting["riichi_sticks"],
        "dealer_streak": setting["dealer_streak"],
        "liable": wind(setting["liable"]),
        "players_in_hand": setting["players_in_hand"],
    }


def _same_field(key: str, given: Any, kept: Any) -> bool:
    if given is None or kept is None:
        return given is kept
    if key in ("seat_wind", "round_wind", "discarder", "liable"):
        try:
            return parse_wind(given, key) == parse_wind(kept, key)
        except MajiangError:
            return False
    return bool(given == kept)

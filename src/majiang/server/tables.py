"""The server's one door into the engine: a live table is its spec (variant, length, options,
seed) plus the list of actions taken, and the engine's state is rebuilt from them by replay.

Everything the server knows about play goes through ``Table``: what a seat may do (the engine's
``legal_actions``), checking a client's action against it, applying it (``step``), numbering the
events (1, 2, 3 ... per game, the same numbers for every seat), what a seat or a spectator may
see of them (``Event.for_seat``), the default action when a timer runs out, the bots, and the
native record. When the engine's own views, records and bots land, only this module changes.

>>> t = Table(TableSpec("riichi", "one_hand", {}, "doc"))
>>> t.waiting(), t.seq > 0, t.over
([0], True, False)
>>> action = t.default_action(0)
>>> numbered = t.apply(0, action)
>>> numbered[0][1].kind, numbered[0][0] == t.seq - len(numbered) + 1
('discarded', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import Action, Discard, Pass, action_from_dict, listed_form
from majiang.bots import Bot
from majiang.bots.levels import make_bot
from majiang.engine import hand_copy_refusal, legal_actions, new_game, resolve_options, step
from majiang.errors import IllegalAction
from majiang.events import Called, Discarded, Event
from majiang.i18n import _
from majiang.records import GameRecord
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.rules.game import rounds_for_length
from majiang.server.lists import listing
from majiang.server.tutorial import lesson_walls
from majiang.state import GameState
from majiang.view import player_view

__all__ = [
    "BOT_LEVELS",
    "QUICK_BOTS",
    "SPECTATOR",
    "Table",
    "TableSpec",
    "bot_name",
    "check_spec",
    "not_legal",
]


def not_legal(action: Action, seat: int, legal: Iterable[Action]) -> str:
    """Return why ``action`` is refused to ``seat``, naming the legal ones, in the language of
    the moment (the actions are written as the protocol writes them: ``discard 5m``).

    >>> not_legal(Pass(), 1, [Discard(4), Discard(8)])
    'pass is not legal for seat 1 now (legal: discard 5m or discard 9m)'
    """
    said = _("{action} is not legal for seat {seat} now (legal: {legal})")
    return said.format(action=action, seat=seat, legal=listing((str(a) for a in legal), "or"))


#: the seat number that stands for a spectator: it sees only public tiles
SPECTATOR = -1
#: the bot levels a room may ask for and the bot (``majiang.bots.levels``) that plays each;
#: ``simple`` is the engine's eager bot: instant, for load tests and quick games
BOT_LEVELS: dict[str, str] = {
    "beginner": "beginner",
    "normal": "normal",
    "expert": "expert",
    "master": "master",
    "simple": "eager",
    "tutorial": "tsumogiri",  # the tutorials' bots (majiang.server.tutorial): no surprises
}
#: bots that decide in well under a millisecond: the server runs them inline
QUICK_BOTS = frozenset({"eager", "tsumogiri", "random"})


def bot_name(level: str) -> str:
    """Return the name of the bot that plays ``level``.

    >>> bot_name("expert"), bot_name("simple")
    ('expert', 'eager')
    """
    return BOT_LEVELS.get(level, "eager")


@dataclass(frozen=True)
class TableSpec:
    """What fixes a game before its first action: variant, length, engine options and seed."""

    variant: str
    length: str
    options: Mapping[str, Any]
    seed: str


def check_spec(variant: str, length: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Return the options a table of ``variant`` would play with, or raise ``MajiangError``.

    >>> check_spec("riichi", "east", {"start_points": 30000})["start_points"]
    30000
    """
    rules = get_ruleset(variant)
    rounds_for_length(length)
    return dict(resolve_options(rules, options))


@dataclass
class Table:
    """A live game: the spec, the actions so far, the current state and every event, numbered."""

    spec: TableSpec
    actions: list[tuple[int, Action]] = field(default_factory=list)
    bot_level: str = "normal"
    rules: Ruleset = field(init=False)
    state: GameState = field(init=False)
    events: list[Event] = field(init=False)

    def __post_init__(self) -> None:
        self.rules = get_ruleset(self.spec.variant)
        self.state, first = new_game(
            self.rules,
            dict(self.spec.options),
            self.spec.seed,
            self.spec.length,
            walls=lesson_walls(self.spec.seed),
        )
        self.events = list(first)
        self._bots: dict[int, Bot] = {}
        replay, self.actions = self.actions, []
        for seat, action in replay:
            self.apply(seat, action)

    @classmethod
    def replay(
        cls,
        spec: TableSpec,
        stored: Iterable[tuple[int, Mapping[str, Any]]],
        bot_level: str = "normal",
    ) -> Table:
        """Return the table rebuilt from stored ``(seat, action as JSON)`` pairs."""
        return cls(spec, [(seat, action_from_dict(data)) for seat, data in stored], bot_level)

    # -- facts
    @property
    def players(self) -> int:
        """Return the number of seats."""
        return self.state.players

    @property
    def seq(self) -> int:
        """Return the number of the last event (0 before any)."""
        return len(self.events)

    @property
    def over(self) -> bool:
        """Return whether the game has ended."""
        return self.state.game_over

    def waiting(self) -> list[int]:
        """Return the seats that must act now."""
        return self.state.waiting_seats()

    def phase(self) -> str:
        """Return ``turn``, ``claim`` or ``game_over``."""
        return self.state.phase

    def legal(self, seat: int) -> list[Action]:
        """Return the actions ``seat`` may take now."""
        return legal_actions(self.rules, self.state, seat)

    def actions_of(self, seat: int) -> int:
        """Return how many actions ``seat`` has taken in the game (its own: every seat knows
        its count, and nothing of the others' answers to claims)."""
        return sum(1 for s, _ in self.actions if s == seat)

    def claim_window_after(self, last: int) -> int | None:
        """Return the number of the first event after number ``last`` that offered the other
        seats a claim (a discard, a concealed or added kong, which may be robbed), else None.

        Every such event opens a window, whether or not a seat has a claim to make (the
        engine closes it at once when none has): the event, not the hands, says so.
        """
        for n, event in enumerate(self.events[max(last, 0) :], max(last, 0) + 1):
            if isinstance(event, Discarded):
                return n
            if isinstance(event, Called) and event.meld in ("ankan", "kakan"):
                return n
        return None

    # -- acting
    def check(self, seat: int, data: Any) -> Action:
        """Return the action written in ``data`` if ``seat`` may take it now, else raise
        ``IllegalAction`` saying why (malformed, not this seat's turn, not among the legal)."""
        action = action_from_dict(data)
        legal = self.legal(seat)
        if not legal:
            if self.over:
                raise IllegalAction(_("the game is over"))
            said = _("seat {seat} has nothing to do now (waiting: {waiting})")
            waiting = listing(str(s) for s in self.waiting())
            raise IllegalAction(said.format(seat=seat, waiting=waiting))
        if listed_form(action) not in legal:
            raise IllegalAction(not_legal(action, seat, legal))
        if action != listed_form(action):  # the hand's copy of the drawn tile (from_hand)
            why = hand_copy_refusal(self.state, seat, action)
            if why is not None:
                raise IllegalAction(why)
        return action

    def apply(self, seat: int, action: Action) -> list[tuple[int, Event]]:
        """Apply a legal action and return the events it caused, numbered."""
        self.state, caused = step(self.rules, self.state, seat, action)
        self.actions.append((seat, action))
        start = len(self.events) + 1
        self.events.extend(caused)
        return list(enumerate(caused, start=start))

    def default_action(self, seat: int) -> Action:
        """Return what the server plays for a seat whose timer ran out: pass on a claim, else
        discard the tile just drawn (or, after a call, the last legal discard)."""
        legal = self.legal(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has nothing to do now")
        if Pass() in legal:
            return Pass()
        drawn = self.state.drawn if self.state.turn == seat else None
        if drawn is not None and Discard(drawn) in legal:
            return Discard(drawn)
        discards = [a for a in legal if isinstance(a, Discard) and not a.riichi]
        return discards[-1] if discards else legal[0]

    def bot_action(self, seat: int, level: str, seed: int = 0) -> Action:
        """Return the choice of the bot that plays ``level`` (``BOT_LEVELS``) for ``seat``; the
        bot knows the table's rules and sees only the seat's view."""
        name = bot_name(level)
        bot = self._bots.get(seat)
        if bot is None or bot.name != name:
            scoring = self.rules.options  # the bots score with the scoring options alone
            options = {k: v for k, v in self.state.options.items() if k in scoring}
            bot = self._bots[seat] = make_bot(name, self.spec.variant, seed, options)
        return bot.choose(player_view(self.rules, self.state, seat), self.legal(seat))

    # -- what a seat sees
    def event_for(self, seat: int, event: Event) -> dict[str, Any]:
        """Return ``event`` as ``seat`` may see it (``SPECTATOR``: public tiles only)."""
        return event.for_seat(seat).to_dict()

    def events_after(self, seat: int, last: int) -> list[tuple[int, dict[str, Any]]]:
        """Return the numbered events after number ``last``, as ``seat`` may see them."""
        start = max(last, 0)
        return [(n, self.event_for(seat, e)) for n, e in enumerate(self.events[start:], start + 1)]

    def view(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may see of the table now (``SPECTATOR``: public tiles only)."""
        if seat != SPECTATOR:
            return player_view(self.rules, self.state, seat).to_dict()
        public = player_view(self.rules, self.state, 0).to_dict()
        public.update(seat=None, hand="", drawn=None, to_act=False)
        return public

    # -- the record
    def record(self, names: Sequence[str | None] = ()) -> dict[str, Any]:
        """Return the native record (``majiang.records``): options, seed, actions, events."""
        st = self.state
        seats = [name or f"bot:{bot_name(self.bot_level)}" for name in names]
        return GameRecord(
            variant=self.spec.variant,
            options=dict(st.options),
            seed=self.spec.seed,
            length=self.spec.length,
            seats=seats or [""] * st.players,
            actions=list(self.actions),
            events=[e.to_dict() for e in self.events],
            result={
                "scores": list(st.scores),
                "placements": list(st.placements),
                "final_points": list(st.final_points),
            },
        ).to_dict()

"""The start of a game and of each hand: the options, the wall, the deal, the bonus tiles of
the deal replaced, the first indicators, the decision rounds (Sichuan's exchange and void), and
the dealer's first draw.

>>> from majiang.rules import get_ruleset
>>> state, events = new_game(get_ruleset("hkos"), seed=2, length="one_hand")
>>> [e.kind for e in events][:3], state.turn, len(state.concealed[0])
(['hand_started', 'dice_rolled', 'dealt'], 0, 14)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang.engine import draws
from majiang.engine.common import kind_counts, replace_at
from majiang.errors import InvalidRequest
from majiang.events import BonusDeclared, Dealt, DiceRolled, Drew, Event, HandStarted
from majiang.readiness import waits
from majiang.rules.base import RuleOptions, Ruleset, quote_value
from majiang.rules.game import rounds_for_length
from majiang.state import GameState
from majiang.tiles import Tile, is_bonus, tile_set
from majiang.wall import hand_rng

__all__ = ["new_game", "replace_dealt_bonus", "resolve_decision", "resolve_options", "start_hand"]


def resolve_options(rules: Ruleset, given: Mapping[str, Any] | None) -> RuleOptions:
    """Return a game's options, the typed value ``st.options`` holds: every option's value,
    scoring and game options alike, each checked (``Ruleset.new_table``). A ``preset`` names a
    rule set (``rules.presets``) whose values the other options override.

    >>> from majiang.rules import get_ruleset
    >>> resolve_options(get_ruleset("riichi"), {"start_points": 30000})["start_points"]
    30000
    >>> opts = resolve_options(get_ruleset("riichi"), {"preset": "wrc", "aka": 1})
    >>> opts["start_points"], opts["aka"]
    (30000, 1)
    """
    given = dict(given or {})
    if "preset" in given:
        preset = given.pop("preset")
        values = rules.presets.get(preset) if isinstance(preset, str) else None
        if values is None:
            known = ", ".join(sorted(rules.presets)) or "none"
            raise InvalidRequest(
                f"unknown preset {quote_value(preset)} for {rules.id} (known: {known})",
                field="rules",
            )
        given = {**values, **given}
    for name in given:
        if name not in rules.options and name not in rules.game_options:
            names = sorted(
                {*rules.options, *rules.game_options, *(("preset",) if rules.presets else ())}
            )
            raise InvalidRequest(
                f"unknown rule {quote_value(name)} for {rules.id} (known: {', '.join(names)})",
                field="rules",
            )
    play = {
        name: rules.game_options[name].check(name, value)
        for name, value in given.items()
        if name in rules.game_options
    }
    scoring = rules.resolve_options({k: v for k, v in given.items() if k not in play})
    return rules.new_table(scoring, play)


def new_game(
    rules: Ruleset,
    options: Mapping[str, Any] | None = None,
    seed: int | str = 0,
    length: str = "east",
    *,
    walls: Sequence[Sequence[Tile]] = (),
    scores: Sequence[int] | None = None,
    dealer: int = 0,
    round_wind: int = 0,
    honba: int = 0,
    sticks: int = 0,
    hand_index: int = 0,
    dealer_streak: int = 0,
) -> tuple[GameState, list[Event]]:
    """Return the state of a new game with its first hand dealt, and the events of the deal.

    ``walls`` fixes the wall of the first hands (tests, scenarios); ``scores``, ``dealer``,
    ``round_wind``, ``honba`` and ``sticks`` start the game from a given position.
    ``hand_index`` and ``dealer_streak`` start it at a later hand of a game: with the facts of
    that hand's ``hand_started`` event, the state is the one the game reached at that hand's
    start (the seed deals hand i from its own wall), so a replay can begin there.
    """
    rounds_for_length(length)
    opts = resolve_options(rules, options)
    n = rules.players
    if scores is None:
        scores = (rules.starting_score(opts),) * n
    if len(scores) != n:
        raise InvalidRequest(f"scores must have {n} entries, got {len(scores)}", field="scores")
    if not 0 <= dealer < n:
        raise InvalidRequest(f"dealer must be a seat 0-{n - 1}, got {dealer}", field="dealer")
    if hand_index < 0:
        raise InvalidRequest(f"hand_index must be 0 or more, got {hand_index}", field="hand_index")
    state = GameState(
        variant=rules.id,
        options=opts,
        seed=seed,
        length=length,
        players=n,
        scores=tuple(scores),
        round_wind=round_wind,
        dealer=dealer,
        honba=honba,
        sticks=sticks,
        hand_index=hand_index,
        dealer_streak=dealer_streak,
        walls=tuple(tuple(w) for w in walls),
    )
    events: list[Event] = []
    start_hand(rules, state, events)
    return state, events


def start_hand(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Deal hand ``st.hand_index`` from a fresh wall (or the one fixed), bonus tiles replaced."""
    n = st.players
    dice: tuple[int, ...] = ()
    if st.hand_index < len(st.walls):
        wall = st.walls[st.hand_index]
    else:
        tiles = tile_set(st.variant, st.options).tiles()
        wall, dice = rules.build_wall(st.options, tiles, hand_rng(st.seed, st.hand_index))
    _clear_table(st, wall, dice)
    ev.append(
        HandStarted(
            st.hand_index,
            st.round_wind,
            st.dealer,
            st.honba,
            st.sticks,
            st.scores,
            st.dealer_streak,
        )
    )
    if dice:
        ev.append(DiceRolled(dice))
    hands: list[tuple[Tile, ...]] = [()] * n
    for seat, count in rules.deal_order(st.options, n, st.dealer):
        hands[seat] = (*hands[seat], *wall[st.draw_pos : st.draw_pos + count])
        st.draw_pos += count
    for i in range(n):
        seat = (st.dealer + i) % n
        ev.append(Dealt(seat, hands[seat], len(hands[seat])))
    st.concealed = tuple(hands)
    replace_dealt_bonus(rules, st, ev)


def _clear_table(st: GameState, wall: tuple[Tile, ...], dice: tuple[int, ...]) -> None:
    """Set every per-hand field of the state to its value before the deal, on this wall."""
    n = st.players
    st.phase = "turn"
    st.wall = wall
    st.draw_pos = 0
    st.back_taken = 0
    st.indicators = 0
    st.dora_indicators = ()
    st.pending_indicators = 0
    st.melds = ((),) * n
    st.meld_sources = ((),) * n
    st.rivers = ((),) * n
    st.bonus = ((),) * n
    st.status = (frozenset(),) * n
    st.waits = ((),) * n  # set once the deal is done (_begin_play)
    st.liable = (None,) * n
    st.drawn = None
    st.kong_chain = 0
    st.forbidden = frozenset()
    st.called_this_turn = False
    st.claim_tile = None
    st.claim_kind = ""
    st.claim_options = ((),) * n
    st.responses = (None,) * n
    st.kongs = ()
    st.kong_discarder = None
    st.calls_made = False
    st.discards_made = 0
    st.winners = ()
    st.dice = dice
    st.variant_state = None
    st.bonus_replaced = False


def replace_dealt_bonus(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Set aside and replace the bonus tiles of the deal, seat by seat from the dealer, each
    seat until it holds none (a replacement that is a bonus tile in turn); then turn the first
    indicators and open the decision rounds or begin play. A win offered on a bonus tile (once
    it is replaced: the hand is whole) pauses the deal; passed, the deal goes on from here."""
    n = st.players
    for i in range(n):
        seat = (st.dealer + i) % n
        while True:
            t = next((t for t in st.concealed[seat] if is_bonus(t)), None)
            if t is None:
                break
            held = list(st.concealed[seat])
            held.remove(t)
            st.concealed = replace_at(st.concealed, seat, tuple(held))
            st.bonus = replace_at(st.bonus, seat, (*st.bonus[seat], t))
            ev.append(BonusDeclared(seat, t))
            new = draws.take(st, True)
            ev.append(Drew(seat, new, True))
            st.concealed = replace_at(st.concealed, seat, (*st.concealed[seat], new))
            if draws.open_bonus_wins(rules, st, seat, t, "deal_bonus"):
                return
    for _ in range(rules.initial_indicators(st.options)):
        draws.reveal_indicator(rules, st, ev)
    rounds = rules.decisions(st.options)
    if rounds:
        _open_decision(rules, st, rounds[0], ev)
        return
    _begin_play(rules, st, ev)


def _begin_play(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Start the turns of a hand dealt (and its decision rounds answered): the dealer draws.
    Each seat's waits are those of its hand before its first draw (the dealer's without the
    extra tile the deal gave it)."""
    st.phase = "turn"
    dealt = st.concealed[st.dealer]
    extra = len(dealt) > rules.hand_size  # the deal gave the dealer its 14th tile
    before_draw = replace_at(st.concealed, st.dealer, dealt[:-1]) if extra else st.concealed
    st.waits = tuple(tuple(waits(kind_counts(h), rules.win_forms)) for h in before_draw)
    if extra:
        st.turn = st.dealer
        st.drawn = dealt[-1]
        return
    draws.draw(rules, st, st.dealer, ev)


def _open_decision(rules: Ruleset, st: GameState, name: str, ev: list[Event]) -> None:
    """Ask every seat decision round ``name`` (resolved at once when nobody has a choice)."""
    n = st.players
    st.phase = "decision"
    st.turn = st.dealer
    st.claim_tile = None
    st.claim_kind = name
    st.claim_options = tuple(
        tuple(rules.decision_offers(st.options, st, s, name)) for s in range(n)
    )
    st.responses = (None,) * n
    if not st.waiting_seats():
        resolve_decision(rules, st, ev)


def resolve_decision(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Apply a decision round every seat has answered, then open the next or begin play."""
    n = st.players
    name = st.claim_kind
    done = rules.resolve_decision(st.options, st, name, st.responses)
    if done.concealed is not None:
        st.concealed = done.concealed
    if done.status is not None:
        st.status = tuple(a | b for a, b in zip(st.status, done.status, strict=True))
    ev.extend(done.events)
    st.claim_kind = ""
    st.claim_options = ((),) * n
    st.responses = (None,) * n
    rounds = rules.decisions(st.options)
    later = rounds[rounds.index(name) + 1 :]
    if later:
        _open_decision(rules, st, later[0], ev)
    else:
        _begin_play(rules, st, ev)

"""The state machine of play, one for every variant: ``legal_actions`` and ``step``.

``new_game`` deals the first hand; ``legal_actions(rules, state, seat)`` lists what that seat may
do now; ``step(rules, state, seat, action)`` returns the next state and the events the action
caused (automatic consequences included: the next draw, the end of a hand, the next deal). An
action outside ``legal_actions`` raises ``IllegalAction`` saying why, and nothing changes.

Everything that differs between variants is asked of ``rules`` (the hooks of
``majiang.rules.game.GameRules``); every win is scored through the scoring contract
(``rules.score``). States are immutable (see state.py).

>>> from majiang.rules import get_ruleset
>>> rules = get_ruleset("riichi")
>>> state, events = new_game(rules, seed=1, length="one_hand")
>>> state.phase, state.turn, len(state.concealed[0]), [e.kind for e in events][:3]
('turn', 0, 14, ['hand_started', 'dealt', 'dealt'])
>>> state, events = step(rules, state, 0, legal_actions(rules, state, 0)[0])
>>> events[0].kind
'discarded'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from types import MappingProxyType
from typing import Any

from majiang.actions import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Kan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from majiang.decompose import is_thirteen_orphans
from majiang.errors import IllegalAction, InvalidRequest
from majiang.events import (
    BonusDeclared,
    Called,
    Dealt,
    DiceRolled,
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
    Won,
)
from majiang.hand import Hand
from majiang.melds import Meld
from majiang.readiness import is_complete, ready_discards, waits
from majiang.rules.base import Ruleset
from majiang.rules.game import Moves, Outcome, placements, rounds_for_length
from majiang.scoring import ScoreRequest, ScoreResult
from majiang.state import GameState, RiverTile
from majiang.tiles import Tile, is_bonus, kind, sort_key, tile_name, tile_set
from majiang.wall import hand_rng

__all__ = [
    "legal_actions",
    "new_game",
    "next_seat",
    "payer_seats",
    "resolve_options",
    "settle",
    "step",
    "win_request",
    "win_result",
]


_KIND = tuple(kind(t) for t in range(45))
_ORDER = tuple(sort_key(t) for t in range(45)).__getitem__
#: actions are immutable values, so the common ones are made once
_DISCARD = tuple(Discard(t) for t in range(45))
_RIICHI = tuple(Discard(t, riichi=True) for t in range(45))
_PASS, _RON, _TSUMO = Pass(), Ron(), Tsumo()


def _counts(tiles: Sequence[Tile]) -> list[int]:
    c = [0] * 42  # 34 kinds; room for a stray bonus tile, which no count reads
    for t in tiles:
        c[_KIND[t]] += 1
    return c


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def resolve_options(rules: Ruleset, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return every option's value, scoring and game options alike, each checked.

    >>> from majiang.rules import get_ruleset
    >>> resolve_options(get_ruleset("riichi"), {"start_points": 30000})["start_points"]
    30000
    """
    given = dict(given or {})
    game_given = {k: v for k, v in given.items() if k in rules.game_options}
    out = rules.resolve_options({k: v for k, v in given.items() if k not in rules.game_options})
    for name, opt in rules.game_options.items():
        out.setdefault(name, opt.default)
    for name, value in game_given.items():
        out[name] = rules.game_options[name].check(name, value)
    return out


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
) -> tuple[GameState, list[Event]]:
    """Return the state of a new game with its first hand dealt, and the events of the deal.

    ``walls`` fixes the wall of the first hands (tests, scenarios); ``scores``, ``dealer``,
    ``round_wind``, ``honba`` and ``sticks`` start the game from a given position.
    """
    rounds_for_length(length)
    opts = MappingProxyType(resolve_options(rules, options))
    n = rules.players
    if scores is None:
        scores = (rules.starting_score(opts),) * n
    if len(scores) != n:
        raise InvalidRequest(f"scores must have {n} entries, got {len(scores)}", field="scores")
    if not 0 <= dealer < n:
        raise InvalidRequest(f"dealer must be a seat 0-{n - 1}, got {dealer}", field="dealer")
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
        walls=tuple(tuple(w) for w in walls),
    )
    events: list[Event] = []
    _start_hand(rules, state, events)
    return state, events


# ---------------------------------------------------------------- legal actions


def legal_actions(rules: Ruleset, state: GameState, seat: int) -> list[Action]:
    """Return every action ``seat`` may take now (empty when it has nothing to do)."""
    found = state.cache.get(seat)
    if found is None:
        if not 0 <= seat < state.players:
            return []
        found = tuple(_compute_legal(rules, state, seat))
        state.cache[seat] = found
    return list(found)


def _compute_legal(rules: Ruleset, st: GameState, seat: int) -> list[Action]:
    if st.phase in ("claim", "decision"):
        return list(st.claim_options[seat]) if st.responses[seat] is None else []
    if st.phase != "turn" or seat != st.turn:
        return []
    opts = st.options
    hand = st.concealed[seat]
    distinct = sorted(set(hand), key=_ORDER)
    must = rules.must_discard(opts, st, seat)
    first = [t for t in distinct if _KIND[t] in must] if must else None
    discardable = first or distinct  # the kinds that must go first, while any is held
    if st.called_this_turn:
        return [_DISCARD[t] for t in discardable if _KIND[t] not in st.forbidden]
    out: list[Action] = []
    counts = _counts(hand)
    status = st.status[seat]
    in_riichi = "riichi" in status
    drawn = st.drawn
    if (
        drawn is not None
        and is_complete(counts, rules.win_forms)
        and rules.may_win(opts, st, seat, hand)
        and win_result(rules, st, seat, drawn, None).valid
    ):
        out.append(_TSUMO)
    if st.live_tiles(rules.dead_wall) > 0 and len(st.kongs) < rules.max_kongs:
        for k in range(34):
            if counts[k] != 4 or not rules.may_meld(opts, st, seat, k):
                continue
            if in_riichi:
                if drawn is None or kind(drawn) != k:
                    continue
                rest = list(counts)
                rest[k] = 0
                if tuple(waits(rest, rules.win_forms)) != st.waits[seat]:
                    continue
            out.append(Ankan(tuple(sorted((t for t in hand if kind(t) == k), key=sort_key))))
        if not in_riichi:
            pon_kinds = {m.first for m in st.melds[seat] if m.kind == "pon"}
            out.extend(Kakan(t) for t in distinct if kind(t) in pon_kinds)
    if in_riichi and drawn is not None:
        out.append(_DISCARD[drawn])
    else:
        out.extend(_DISCARD[t] for t in discardable)
        if not in_riichi and rules.can_declare_riichi(opts, st, seat):
            ready = ready_discards(counts, rules.win_forms)
            out.extend(_RIICHI[t] for t in discardable if _KIND[t] in ready)
    out.extend(rules.turn_extras(opts, st, seat))
    return out


def _furiten(rules: Ruleset, st: GameState, seat: int) -> bool:
    status = st.status[seat]
    kinds = rules.furiten
    if "temporary" in kinds and "furiten_temp" in status:
        return True
    if "riichi" in kinds and "furiten_riichi" in status:
        return True
    if "discard" in kinds:
        w = st.waits[seat]
        return any(kind(r.tile) in w for r in st.rivers[seat])
    return False


def _claim_offers(
    rules: Ruleset, st: GameState, seat: int, tile: Tile, source: int
) -> list[Action]:
    """Return what ``seat`` may do with ``tile`` just discarded (or added to a kong) by source."""
    k = _KIND[tile]
    offers: list[Action] = []
    robbing = st.claim_kind != "discard"
    if k in st.waits[seat] and not _furiten(rules, st, seat):
        ok = True
        if st.claim_kind == "ankan":
            c = _counts(st.concealed[seat])
            c[k] += 1
            ok = rules.can_rob_kong(st.options, "ankan", is_thirteen_orphans(c))
        ok = ok and rules.may_win(st.options, st, seat, (*st.concealed[seat], tile))
        if ok and win_result(rules, st, seat, tile, source, robbed=robbing).valid:
            offers.append(_RON)
    if robbing or "riichi" in st.status[seat] or st.live_tiles(rules.dead_wall) <= 0:
        return [_PASS, *offers] if offers else []
    hand = st.concealed[seat]
    kinds = [_KIND[t] for t in hand]
    claims = rules.claims
    n_same = kinds.count(k)
    if (
        n_same >= 2
        and ("pon" in claims or "kan" in claims)
        and rules.may_meld(st.options, st, seat, k)
    ):
        same = sorted((t for t in hand if _KIND[t] == k), key=sort_key)
        if "kan" in claims and n_same >= 3 and len(st.kongs) < rules.max_kongs:
            offers.append(Kan(tuple(same[:3])))
        if "pon" in claims:
            for pair in sorted(set(combinations(same, 2))):
                if _can_discard_after(rules, st, hand, pair, "pon", k):
                    offers.append(Pon(pair))
    if "chi" in claims and k < 27 and seat == next_seat(st, source):
        r = k % 9
        for da, db in ((-2, -1), (-1, 1), (1, 2)):
            if not (0 <= r + da <= 8 and 0 <= r + db <= 8):
                continue
            if k + da not in kinds or k + db not in kinds:
                continue
            ta = sorted({t for t in hand if _KIND[t] == k + da}, key=sort_key)
            tb = sorted({t for t in hand if _KIND[t] == k + db}, key=sort_key)
            for a in ta:
                for b in tb:
                    if _can_discard_after(rules, st, hand, (a, b), "chi", k):
                        offers.append(Chi((a, b)))
    return [_PASS, *offers] if offers else []


def _can_discard_after(
    rules: Ruleset, st: GameState, hand: tuple[Tile, ...], own: tuple[Tile, ...], meld: str, k: int
) -> bool:
    forbidden = rules.forbidden_after_call(st.options, meld, k, tuple(kind(t) for t in own))
    rest = list(hand)
    for t in own:
        rest.remove(t)
    return any(kind(t) not in forbidden for t in rest)


# ---------------------------------------------------------------- step


def step(
    rules: Ruleset, state: GameState, seat: int, action: Action
) -> tuple[GameState, list[Event]]:
    """Return the state after ``seat`` takes ``action``, and the events it caused.

    Raises ``IllegalAction`` (the state unchanged) when the action is not legal now.
    """
    legal = legal_actions(rules, state, seat)
    if action not in legal:
        raise IllegalAction(_why_illegal(state, seat, action, legal))
    st = state.copy()
    ev: list[Event] = []
    if st.phase in ("claim", "decision"):
        st.responses = _set(st.responses, seat, action)
        if not st.waiting_seats():
            if st.phase == "decision":
                _resolve_decision(rules, st, ev)
            else:
                _resolve_claims(rules, st, ev)
    elif isinstance(action, Discard):
        _discard(rules, st, seat, action, ev)
    elif isinstance(action, Tsumo):
        assert st.drawn is not None
        _award_wins(rules, st, (seat,), None, st.drawn, ev)
    elif isinstance(action, Ankan | Kakan):
        _declare_kong(rules, st, seat, action, ev)
    else:
        _end_hand(rules, st, rules.extra_outcome(st.options, st, seat, action), ev)
    return st, ev


def _why_illegal(st: GameState, seat: int, action: Action, legal: list[Action]) -> str:
    head = f"{action} is not legal for seat {seat}"
    if st.game_over:
        return f"{head}: the game is over"
    if not 0 <= seat < st.players:
        return f"{head}: there is no seat {seat}"
    if st.phase == "turn" and seat != st.turn:
        return f"{head}: it is seat {st.turn}'s turn"
    if st.phase == "claim":
        tile = tile_name(st.claim_tile) if st.claim_tile is not None else "?"
        if not st.claim_options[seat]:
            return f"{head}: seat {seat} has no claim on {tile} from seat {st.turn}"
        if st.responses[seat] is not None:
            return f"{head}: seat {seat} has already answered {tile}"
    if isinstance(action, Discard | Kakan) and action.tile not in st.concealed[seat]:
        return f"{head}: seat {seat} holds no {tile_name(action.tile)}"
    if isinstance(action, Discard) and action.riichi:
        return (
            f"{head}: riichi needs a closed hand left ready by the discard, enough points and tiles"
        )
    if isinstance(action, Discard) and "riichi" in st.status[seat]:
        return f"{head}: after riichi only the drawn tile may be discarded"
    if isinstance(action, Discard) and kind(action.tile) in st.forbidden:
        return f"{head}: the tile just called cannot be discarded now (kuikae)"
    shown = ", ".join(str(a) for a in legal)
    return f"{head} now (legal: {shown})"


# ---------------------------------------------------------------- the hand


def _start_hand(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    n = st.players
    dice: tuple[int, ...] = ()
    if st.hand_index < len(st.walls):
        wall = st.walls[st.hand_index]
    else:
        tiles = tile_set(st.variant, st.options).tiles()
        wall, dice = rules.build_wall(st.options, tiles, hand_rng(st.seed, st.hand_index))
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
    _replace_dealt_bonus(rules, st, ev)


def _replace_dealt_bonus(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
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
            st.concealed = _set(st.concealed, seat, tuple(held))
            st.bonus = _set(st.bonus, seat, (*st.bonus[seat], t))
            ev.append(BonusDeclared(seat, t))
            new = _take(st, True)
            ev.append(Drew(seat, new, True))
            st.concealed = _set(st.concealed, seat, (*st.concealed[seat], new))
            if _open_bonus_wins(rules, st, seat, t, "deal_bonus"):
                return
    for _ in range(rules.initial_indicators(st.options)):
        _reveal_indicator(rules, st, ev)
    rounds = rules.decisions(st.options)
    if rounds:
        _open_decision(rules, st, rounds[0], ev)
        return
    _begin_play(rules, st, ev)


def _begin_play(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Start the turns of a hand dealt (and its decision rounds answered): the dealer draws."""
    st.phase = "turn"
    st.waits = tuple(tuple(waits(_counts(h), rules.win_forms)) for h in st.concealed)
    if len(st.concealed[st.dealer]) > rules.hand_size:  # the deal gave the dealer its 14th tile
        st.turn = st.dealer
        st.drawn = st.concealed[st.dealer][-1]
        return
    _draw(rules, st, st.dealer, ev)


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
        _resolve_decision(rules, st, ev)


def _resolve_decision(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
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


def _take(st: GameState, replacement: bool) -> Tile:
    if replacement:
        st.back_taken += 1
        return st.wall[len(st.wall) - st.back_taken]
    st.draw_pos += 1
    return st.wall[st.draw_pos - 1]


def _draw(
    rules: Ruleset, st: GameState, seat: int, ev: list[Event], replacement: bool = False
) -> None:
    tile = _take(st, replacement)
    ev.append(Drew(seat, tile, replacement))
    st.bonus_replaced = False
    if not replacement:
        st.kong_chain = 0
    _keep_drawn(rules, st, seat, tile, ev)


def _keep_drawn(rules: Ruleset, st: GameState, seat: int, tile: Tile, ev: list[Event]) -> None:
    """The seat keeps the tile it drew and its turn begins; a bonus tile is first set aside
    (a win on it may be offered: play pauses) and replaced from the back, in a chain."""
    if is_bonus(tile):
        st.bonus_replaced = True
        st.bonus = _set(st.bonus, seat, (*st.bonus[seat], tile))
        ev.append(BonusDeclared(seat, tile))
        if not _open_bonus_wins(rules, st, seat, tile, "bonus"):
            _replace_bonus(rules, st, seat, ev)
        return
    st.concealed = _set(st.concealed, seat, (*st.concealed[seat], tile))
    if "until_draw" in rules.furiten and "furiten_temp" in st.status[seat]:
        st.status = _set(st.status, seat, st.status[seat] - {"furiten_temp"})
    st.drawn = tile
    st.turn = seat
    st.phase = "turn"
    st.called_this_turn = False
    st.forbidden = frozenset()


def _replace_bonus(rules: Ruleset, st: GameState, seat: int, ev: list[Event]) -> None:
    """Replace the bonus tile the seat has just set aside in play, from the back of the wall
    (the hand is drawn when no live tile is left to replace it)."""
    if st.live_tiles(rules.dead_wall) <= 0:
        _exhaustive_draw(rules, st, ev)
        return
    tile = _take(st, True)
    ev.append(Drew(seat, tile, True))
    _keep_drawn(rules, st, seat, tile, ev)


def _open_bonus_wins(rules: Ruleset, st: GameState, revealer: int, tile: Tile, what: str) -> bool:
    """Open the window of wins on the bonus tile ``revealer`` has just set aside (``what``:
    ``bonus`` in play, ``deal_bonus`` in the deal) when ``bonus_win`` offers one that scores;
    return whether it opened. The revealer's own win is a ``tsumo``, another seat's a ``ron``."""
    offers: list[tuple[Action, ...]] = []
    for s in range(st.players):
        offer = None if "out" in st.status[s] else rules.bonus_win(st.options, st, s, revealer)
        source = None if s == revealer else revealer
        if offer is None or not win_result(rules, st, s, tile, source, bonus=True).valid:
            offers.append(())
            continue
        win = _TSUMO if source is None else _RON
        offers.append((win,) if offer.forced else (_PASS, win))
    if not any(offers):
        return False
    st.phase = "claim"
    st.claim_tile = tile
    st.claim_kind = what
    st.turn = revealer
    st.claim_options = tuple(offers)
    st.responses = (None,) * st.players
    return True


def _resolve_bonus_wins(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """Apply the answers to a window of wins on a bonus tile: the revealer's own win, else the
    wins of the others (``ron_winners``); when all pass, the deal or the draw goes on."""
    revealer = st.turn
    tile = st.claim_tile
    assert tile is not None
    what = st.claim_kind
    n = st.players
    st.phase = "turn"
    if isinstance(st.responses[revealer], Tsumo):
        _award_wins(rules, st, (revealer,), None, tile, ev, bonus=True)
        return
    order = [(revealer + i) % n for i in range(1, n)]
    rons = tuple(s for s in order if isinstance(st.responses[s], Ron))
    if rons:
        winners = rules.ron_winners(st.options, rons)
        if winners is None:
            _end_hand(rules, st, Outcome("abortive_draw", "triple_ron"), ev)
        else:
            _award_wins(rules, st, winners, revealer, tile, ev, bonus=True)
        return
    st.claim_tile = None
    st.claim_kind = ""
    if what == "deal_bonus":
        _replace_dealt_bonus(rules, st, ev)
    else:
        _replace_bonus(rules, st, revealer, ev)


def _reveal_indicator(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    pos = rules.indicator_position(len(st.wall), st.indicators, False)
    if pos is None:
        return
    st.indicators += 1
    st.dora_indicators = (*st.dora_indicators, st.wall[pos])
    ev.append(IndicatorRevealed(st.wall[pos]))


def _reveal_pending(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    while st.pending_indicators:
        st.pending_indicators -= 1
        _reveal_indicator(rules, st, ev)


def _discard(rules: Ruleset, st: GameState, seat: int, action: Discard, ev: list[Event]) -> None:
    tile = action.tile
    held = list(st.concealed[seat])
    held.remove(tile)
    st.concealed = _set(st.concealed, seat, tuple(held))
    tsumogiri = tile == st.drawn and not st.called_this_turn
    st.rivers = _set(st.rivers, seat, (*st.rivers[seat], RiverTile(tile, tsumogiri, action.riichi)))
    ev.append(Discarded(seat, tile, tsumogiri, action.riichi))
    status = st.status[seat]
    if status or action.riichi:
        flags = set(status)
        if "until_draw" not in rules.furiten:
            flags.discard("furiten_temp")
        flags.discard("ippatsu")
        if "riichi" in flags and _KIND[tile] in st.waits[seat]:
            flags.add("furiten_riichi")  # passed a self-drawn win while in riichi
        if action.riichi:
            flags.add("riichi_pending")
        status = frozenset(flags)
        st.status = _set(st.status, seat, status)
    if not ("riichi" in status and tsumogiri):
        st.waits = _set(st.waits, seat, tuple(waits(_counts(held), rules.win_forms)))
    _reveal_pending(rules, st, ev)
    st.kong_discarder = seat if st.kong_chain else None
    st.kong_chain = 0
    st.drawn = None
    st.called_this_turn = False
    st.forbidden = frozenset()
    st.discards_made += 1
    _open_claims(rules, st, seat, tile, "discard", ev)


def _open_claims(
    rules: Ruleset, st: GameState, seat: int, tile: Tile, what: str, ev: list[Event]
) -> None:
    n = st.players
    st.claim_tile = tile
    st.claim_kind = what
    st.turn = seat
    offers = tuple(
        () if s == seat or "out" in st.status[s] else tuple(_claim_offers(rules, st, s, tile, seat))
        for s in range(n)
    )
    st.claim_options = offers
    st.responses = (None,) * n
    if any(offers):
        st.phase = "claim"
    else:
        _resolve_claims(rules, st, ev)


def _resolve_claims(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    if st.claim_kind in ("bonus", "deal_bonus"):
        _resolve_bonus_wins(rules, st, ev)
        return
    n = st.players
    source = st.turn
    tile = st.claim_tile
    assert tile is not None
    order = [(source + i) % n for i in range(1, n)]
    rons = tuple(s for s in order if isinstance(st.responses[s], Ron))
    what = st.claim_kind
    st.phase = "turn"
    if rons:
        _mark_missed(st, source, tile)  # a seat that passed the win stays furiten if play goes on
        winners = rules.ron_winners(st.options, rons)
        if winners is None:
            _end_hand(rules, st, Outcome("abortive_draw", "triple_ron"), ev)
        else:
            _award_wins(rules, st, winners, source, tile, ev, robbed=what != "discard")
        return
    _mark_missed(st, source, tile)
    if what != "discard":
        _finish_kong(rules, st, source, what, ev)
        return
    call: tuple[int, Action] | None = None
    for rank in ((Kan, Pon), (Chi,)):
        for s in order:
            if isinstance(st.responses[s], rank):
                call = (s, st.responses[s])  # type: ignore[assignment]
                break
        if call:
            break
    _discard_passed(rules, st, source, call, ev)


def _mark_missed(st: GameState, source: int, tile: Tile) -> None:
    k = kind(tile)
    for s in range(st.players):
        if s != source and k in st.waits[s]:
            extra = {"furiten_temp"}
            if "riichi" in st.status[s]:
                extra.add("furiten_riichi")
            st.status = _set(st.status, s, st.status[s] | extra)


def _discard_passed(
    rules: Ruleset,
    st: GameState,
    source: int,
    call: tuple[int, Action] | None,
    ev: list[Event],
) -> None:
    status = st.status[source]
    if "riichi_pending" in status:
        double = len(st.rivers[source]) == 1 and not st.calls_made
        flags = {"riichi", "ippatsu"} | ({"double_riichi"} if double else set())
        st.status = _set(st.status, source, (status - {"riichi_pending"}) | flags)
        ev.append(RiichiDeclared(source, double))
        cost = rules.stick_value
        if cost:
            st.scores = _set(st.scores, source, st.scores[source] - cost)
            st.sticks += 1
            ev.append(PointsMoved("riichi", _set((0,) * st.players, source, -cost), 1, cost))
    reason = rules.abortive_draw(st.options, st)
    if reason is not None:
        _end_hand(rules, st, Outcome("abortive_draw", reason), ev)
        return
    if call is not None:
        _apply_call(rules, st, call[0], call[1], source, ev)
    elif st.live_tiles(rules.dead_wall) <= 0:
        _exhaustive_draw(rules, st, ev)
    else:
        _draw(rules, st, next_seat(st, source), ev)


def next_seat(st: GameState, seat: int) -> int:
    """Return the next seat in turn order after ``seat`` that is still in play."""
    n = st.players
    nxt = (seat + 1) % n
    while "out" in st.status[nxt] and nxt != seat:
        nxt = (nxt + 1) % n
    return nxt


def _break_ippatsu(st: GameState) -> None:
    if any("ippatsu" in s for s in st.status):
        st.status = tuple(s - {"ippatsu"} for s in st.status)


def _add_meld(
    st: GameState, seat: int, meld: Meld, source: int | None, breaks_ippatsu: bool = True
) -> None:
    st.melds = _set(st.melds, seat, (*st.melds[seat], meld))
    st.meld_sources = _set(st.meld_sources, seat, (*st.meld_sources[seat], source))
    st.calls_made = True
    if breaks_ippatsu:
        _break_ippatsu(st)


def _apply_call(
    rules: Ruleset, st: GameState, seat: int, action: Action, source: int, ev: list[Event]
) -> None:
    tile = st.claim_tile
    assert tile is not None and isinstance(action, Chi | Pon | Kan)
    river = st.rivers[source]
    st.rivers = _set(st.rivers, source, (*river[:-1], river[-1]._replace(claimed=True)))
    held = list(st.concealed[seat])
    for t in action.tiles:
        held.remove(t)
    st.concealed = _set(st.concealed, seat, tuple(held))
    tiles = tuple(sorted((*action.tiles, tile), key=sort_key))
    meld = Meld(action.kind, tiles, (seat - source) % st.players)  # type: ignore[arg-type]
    _add_meld(st, seat, meld, source)
    liable = rules.liability(st.options, st, seat, meld, source)
    if liable is not None:
        st.liable = _set(st.liable, seat, liable)
    ev.append(Called(seat, action.kind, tiles, tile, source))
    st.kong_chain = 0
    if isinstance(action, Kan):
        st.kongs = (*st.kongs, seat)
        _finish_kong(rules, st, seat, "kan", ev)
        return
    st.turn = seat
    st.phase = "turn"
    st.drawn = None
    st.called_this_turn = True
    st.forbidden = rules.forbidden_after_call(
        st.options, action.kind, kind(tile), tuple(kind(t) for t in action.tiles)
    )


def _declare_kong(
    rules: Ruleset, st: GameState, seat: int, action: Ankan | Kakan, ev: list[Event]
) -> None:
    held = list(st.concealed[seat])
    if isinstance(action, Ankan):
        for t in action.tiles:
            held.remove(t)
        meld = Meld("ankan", action.tiles)
        st.concealed = _set(st.concealed, seat, tuple(held))
        _add_meld(st, seat, meld, None, breaks_ippatsu=False)
        ev.append(Called(seat, "ankan", action.tiles))
        tile = action.tiles[0]
    else:
        tile = action.tile
        held.remove(tile)
        st.concealed = _set(st.concealed, seat, tuple(held))
        melds = list(st.melds[seat])
        i = next(i for i, m in enumerate(melds) if m.kind == "pon" and m.first == kind(tile))
        old = melds[i]
        melds[i] = Meld("kakan", tuple(sorted((*old.tiles, tile), key=sort_key)), old.source)
        st.melds = _set(st.melds, seat, tuple(melds))
        st.calls_made = True
        ev.append(Called(seat, "kakan", melds[i].tiles, tile))
    st.kongs = (*st.kongs, seat)
    st.drawn = None
    _open_claims(rules, st, seat, tile, action.kind, ev)


def _finish_kong(rules: Ruleset, st: GameState, seat: int, what: str, ev: list[Event]) -> None:
    # a kong that stands breaks every ippatsu (one robbed did not: chankan keeps ippatsu)
    _break_ippatsu(st)
    moves, st.variant_state = rules.on_kong(st.options, st, seat, what)
    _pay(st, moves, ev)
    when = rules.kong_indicator(st.options, what)
    _reveal_pending(rules, st, ev)
    if when == "now":
        _reveal_indicator(rules, st, ev)
    elif when == "after_discard":
        st.pending_indicators += 1
    st.kong_chain += 1
    st.claim_tile = None
    _draw(rules, st, seat, ev, replacement=True)


# ---------------------------------------------------------------- wins and the end of a hand


def _indicator_tiles(rules: Ruleset, st: GameState, ura: bool) -> tuple[Tile, ...]:
    out = []
    for i in range(st.indicators):
        pos = rules.indicator_position(len(st.wall), i, ura)
        if pos is not None:
            out.append(st.wall[pos])
    return tuple(out)


def win_result(
    rules: Ruleset,
    st: GameState,
    seat: int,
    tile: Tile,
    source: int | None,
    *,
    robbed: bool = False,
    counters: bool = False,
    bonus: bool = False,
) -> ScoreResult:
    """Return the scoring contract's result for ``seat`` winning on ``tile`` now (from
    ``source``, None for a self-draw); ``counters`` adds the honba and sticks on the table;
    ``bonus``: ``tile`` is the bonus tile just revealed (see ``win_request``)."""
    return rules.score(
        win_request(rules, st, seat, tile, source, robbed=robbed, counters=counters, bonus=bonus)
    )


def win_request(
    rules: Ruleset,
    st: GameState,
    seat: int,
    tile: Tile,
    source: int | None,
    *,
    robbed: bool = False,
    counters: bool = False,
    bonus: bool = False,
) -> ScoreRequest:
    """Return the score request for a win now, its situation read from the state.

    ``bonus``: a win on the bonus tile ``tile`` that ``source`` (the seat itself when None)
    has just revealed (``GameRules.bonus_win``): the hand is the seat's concealed tiles as they
    are, its last one named as the winning tile (the contract asks for one), the revealed tile
    among its bonus tiles, and the situation the hook gives.
    """
    if bonus:
        offer = rules.bonus_win(st.options, st, seat, seat if source is None else source)
        flowers = st.bonus[seat] if source is None else (*st.bonus[seat], tile)
        return _request(
            rules,
            st,
            seat,
            Hand(st.concealed[seat], st.melds[seat], flowers),
            st.concealed[seat][-1],
            source,
            frozenset() if offer is None else offer.situation,
        )
    concealed = st.concealed[seat] if source is None else (*st.concealed[seat], tile)
    status = st.status[seat]
    sit: set[str] = set()
    if "double_riichi" in status:
        sit.update(("double_riichi", "riichi"))
    elif "riichi" in status:
        sit.add("riichi")
    if "ippatsu" in status:
        sit.add("ippatsu")
    last = st.live_tiles(rules.dead_wall) <= 0
    first_turn = not st.calls_made and not st.rivers[seat]
    if source is None:
        if st.kong_chain:
            sit.add("kong_replacement")
            if st.kong_chain >= 2:
                sit.add("consecutive_kongs")
        elif last:
            sit.add("last_tile")
        if first_turn:
            sit = {"heavenly" if seat == st.dealer else "earthly"}
    else:
        if robbed:
            sit.add("robbing_kong")
        elif last:
            sit.add("last_discard")
        if st.kong_discarder == source and not robbed:
            sit.add("kong_discard")
        if first_turn and seat != st.dealer:
            sit = {"human"}
    in_riichi = "riichi" in sit
    return _request(
        rules,
        st,
        seat,
        Hand(tuple(concealed), st.melds[seat], st.bonus[seat]),
        tile,
        source,
        rules.win_situation(st.options, st, seat, source, frozenset(sit)),
        ura=_indicator_tiles(rules, st, True) if in_riichi else (),
        counters=counters,
    )


def _request(
    rules: Ruleset,
    st: GameState,
    seat: int,
    hand: Hand,
    tile: Tile,
    source: int | None,
    situation: frozenset[str],
    *,
    ura: tuple[Tile, ...] = (),
    counters: bool = False,
) -> ScoreRequest:
    """Return the score request of ``seat``'s win with this hand and situation now."""
    liable = st.liable[seat]
    payer = rules.win_discarder(st.options, st, seat, source)
    return ScoreRequest(
        variant=st.variant,
        rules=st.options,
        hand=hand,
        win_tile=tile,
        win="tsumo" if source is None else "ron",
        seat_wind=st.seat_wind(seat),
        round_wind=st.round_wind,
        discarder=None if payer is None else st.seat_wind(payer),
        situation=situation,
        dora_indicators=st.dora_indicators,
        ura_indicators=ura,
        honba=st.honba if counters else 0,
        riichi_sticks=st.sticks if counters else 0,
        dealer_streak=st.dealer_streak,
        liable=None if liable is None or liable == seat else st.seat_wind(liable),
        players_in_hand=sum(1 for s in st.status if "out" not in s) - 1,
    )


def payer_seats(
    st: GameState, role: str, winner: int, source: int | None, liable: int | None
) -> list[int]:
    """Return the seats a payer role of the scoring contract names, for ``winner``."""
    others = [s for s in range(st.players) if s != winner]
    if role == "discarder":
        return [source] if source is not None else []
    if role == "dealer":
        return [st.dealer] if st.dealer != winner else []
    if role == "non_dealer":
        return [s for s in others if s != st.dealer]
    if role == "each":
        return [s for s in others if "out" not in st.status[s]]
    if role == "liable":
        return [liable] if liable is not None else []
    if role in ("E", "S", "W", "N"):
        seat = (st.dealer + "ESWN".index(role)) % st.players
        return [seat] if seat != winner else []
    raise InvalidRequest(f"unknown payer role {role!r} in a score result")


def settle(
    st: GameState, winner: int, result: ScoreResult, source: int | None, liable: int | None
) -> tuple[tuple[int, ...], int]:
    """Return the point change of each seat for a scored win, and the sticks taken from the table.

    A role listed once pays its amount from each seat it names; a role listed once per payer
    (riichi's ``non_dealer`` entries) is spread over those seats in turn.
    """
    deltas = [0] * st.players
    roles: dict[str, list[int]] = {}
    sticks = 0
    for p in result.points.payers:
        if p.payer == "riichi_sticks":
            sticks = st.sticks
            deltas[winner] += p.amount
            continue
        roles.setdefault(p.payer, []).append(p.amount)
    for role, amounts in roles.items():
        seats = payer_seats(st, role, winner, source, liable)
        if not seats:
            raise InvalidRequest(f"no seat pays as {role!r} for seat {winner}'s win")
        if len(amounts) == 1:
            pairs = [(s, amounts[0]) for s in seats]
        else:
            pairs = list(zip(seats, amounts, strict=False))
        for s, amount in pairs:
            deltas[s] -= amount
            deltas[winner] += amount
    return tuple(deltas), sticks


def _award_wins(
    rules: Ruleset,
    st: GameState,
    winners: tuple[int, ...],
    source: int | None,
    tile: Tile,
    ev: list[Event],
    robbed: bool = False,
    bonus: bool = False,
) -> None:
    for i, seat in enumerate(winners):
        result = win_result(
            rules, st, seat, tile, source, robbed=robbed, counters=i == 0, bonus=bonus
        )
        held = source is None or bonus  # the winning tile is not added to the hand shown
        concealed = st.concealed[seat] if held else (*st.concealed[seat], tile)
        liable = st.liable[seat]
        in_riichi = "riichi" in st.status[seat]
        ev.append(
            Won(
                seat,
                tile,
                source,
                tuple(sorted(concealed, key=sort_key)),
                tuple(str(m) for m in st.melds[seat]),
                result.to_dict(),
                _indicator_tiles(rules, st, True) if in_riichi else (),
                liable,
                robbed,
            )
        )
        payer = rules.win_discarder(st.options, st, seat, source)
        deltas, sticks = settle(st, seat, result, payer, liable)
        st.scores = tuple(a + b for a, b in zip(st.scores, deltas, strict=True))
        st.sticks -= sticks
        ev.append(PointsMoved("win", deltas, -sticks, rules.stick_value))
    moves, st.variant_state = rules.on_wins(st.options, st, winners, source)
    _pay(st, moves, ev)
    st.winners = (*st.winners, *winners)
    if rules.win_ends_hand(st.options, st):
        _end_hand(rules, st, Outcome("win", winners=st.winners), ev)
        return
    # the winners leave play (Sichuan's bloody battle); play goes on after the last of them
    if robbed and source is not None and st.claim_kind == "kakan":
        _unmake_robbed_kong(st, source, tile, winners[0])
    st.status = tuple(s | {"out"} if i in winners else s for i, s in enumerate(st.status))
    st.phase = "turn"
    st.claim_tile = None
    if st.live_tiles(rules.dead_wall) <= 0:
        _exhaustive_draw(rules, st, ev)
    else:
        _draw(rules, st, next_seat(st, winners[-1]), ev)


def _unmake_robbed_kong(st: GameState, seat: int, tile: Tile, winner: int) -> None:
    """Turn a robbed added kong back into its pung and give the robbed tile to the (first)
    winner, where play goes on after the win: the kong never stood."""
    melds = list(st.melds[seat])
    i = max(j for j, m in enumerate(melds) if m.kind == "kakan" and m.first == kind(tile))
    rest = list(melds[i].tiles)
    rest.remove(tile)
    melds[i] = Meld("pon", tuple(rest), melds[i].source)
    st.melds = _set(st.melds, seat, tuple(melds))
    last = max(j for j, s in enumerate(st.kongs) if s == seat)
    st.kongs = (*st.kongs[:last], *st.kongs[last + 1 :])
    st.concealed = _set(st.concealed, winner, (*st.concealed[winner], tile))


def _pay(st: GameState, moves: Moves, ev: list[Event]) -> None:
    """Apply the points a hook moved, one ``points_moved`` event each."""
    for reason, deltas in moves:
        st.scores = tuple(a + b for a, b in zip(st.scores, deltas, strict=True))
        ev.append(PointsMoved(reason, deltas))


def _exhaustive_draw(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    ready = tuple(
        s
        for s in range(st.players)
        if "out" not in st.status[s] and rules.is_ready(st.options, st, s)
    )
    for s in ready:
        ev.append(HandRevealed(s, tuple(sorted(st.concealed[s], key=sort_key))))
    _pay(st, rules.draw_settlement(st.options, st, ready), ev)
    _end_hand(rules, st, Outcome("exhaustive_draw", "wall", st.winners, ready), ev)


def _end_hand(rules: Ruleset, st: GameState, outcome: Outcome, ev: list[Event]) -> None:
    ev.append(HandEnded(outcome.kind, outcome.reason, outcome.winners, outcome.ready, st.scores))
    nxt = rules.next_hand(st.options, st, outcome)
    why = rules.game_end(st.options, st, nxt)
    if why is not None:
        final = rules.final_settlement(st.options, st)
        if any(final):
            taken = st.sticks
            st.scores = tuple(a + b for a, b in zip(st.scores, final, strict=True))
            st.sticks = 0
            ev.append(PointsMoved("final_sticks", final, -taken, rules.stick_value))
        st.placements = placements(st.scores)
        st.phase = "game_over"
        st.claim_options = ((),) * st.players
        ev.append(GameEnded(st.scores, st.placements, why))
        return
    st.dealer = nxt.dealer
    st.round_wind = nxt.round_wind
    st.honba = nxt.honba
    st.dealer_streak = nxt.dealer_streak
    st.hand_index += 1
    _start_hand(rules, st, ev)

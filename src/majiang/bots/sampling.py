"""Sampled worlds: a full game state consistent with one seat's view, for lookahead bots.

``sample_world(rules, view, options, rng)`` deals the tiles the viewer cannot see (the others'
concealed hands, the live wall and the dead wall) at random, keeping everything the view shows:
the viewer's hand and drawn tile, every river, meld, bonus tile and indicator, the scores, the
counters, the riichi of each seat, Sichuan's void suits and the seats that have left play. It
never reads the true state, so a bot that plays out sampled worlds sees only its view.

What is known beyond the bare tile counts shapes the sample:

- a seat in riichi holds a ready hand (built as a complete hand less one tile) that is not
  furiten on its own river, when such a hand can be found in a few tries;
- a seat with two or more open sets, or any seat late in the hand, holds a ready hand with
  some probability (an open hand one set from done usually is);
- a seat that declared a void suit holds no tile of it (it must discard those first);
- bonus tiles (flowers) are never in a hand: they are set aside as soon as drawn;
- the rest is uniform over the unseen tiles.

The state is built in the phase of the view: the viewer's turn (the decision about to be
taken), or the claim window on the tile just discarded (rebuilt by replaying that discard, so
the engine itself computes every seat's offers). The game length is ``one_hand``, so a playout
ends with the hand.

>>> import random
>>> from majiang.engine import new_game, legal_actions
>>> from majiang.rules import get_ruleset
>>> from majiang.view import player_view
>>> rules = get_ruleset("riichi")
>>> state, _ = new_game(rules, seed=3)
>>> view = player_view(rules, state, 0)
>>> world = sample_world(rules, view, {}, random.Random(1))
>>> sorted(world.concealed[0]) == sorted(state.concealed[0]), len(world.concealed[1]), world.turn
(True, 13, 0)
>>> legal_actions(rules, world, 0) == legal_actions(rules, state, 0)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from majiang.actions import Action, Discard
from majiang.engine import resolve_options, step
from majiang.errors import MajiangError
from majiang.readiness import waits
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import Tile, is_bonus, kind, tile_set
from majiang.view import PlayerView

__all__ = ["SampleError", "sample_world", "unseen_tiles"]

_KIND = tuple(kind(t) for t in range(45))
_SUITS = "mps"
#: chance that a seat with two or more open sets (or any seat late in the hand) is ready
_OPEN_READY = 0.6
_LATE_READY = 0.35
_LATE = 24


class SampleError(MajiangError):
    """The view cannot be turned into a sampled world (an unsupported moment of play)."""


def unseen_tiles(rules: Ruleset, view: PlayerView, options: Mapping[str, Any]) -> Counter[Tile]:
    """Return the tiles the viewer cannot see, by tile id (red fives apart).

    >>> from majiang.engine import new_game
    >>> from majiang.rules import get_ruleset
    >>> from majiang.view import player_view
    >>> rules = get_ruleset("riichi")
    >>> state, _ = new_game(rules, seed=3)
    >>> sum(unseen_tiles(rules, player_view(rules, state, 0), {}).values())  # 136 - 14 - 1
    121
    """
    pool = Counter(tile_set(view.variant, options).tiles())
    seen: list[Tile] = list(view.hand)
    for s in view.seats:
        seen.extend(r.tile for r in s.river if not r.claimed)
        for m in s.melds:
            seen.extend(m.tiles)
        seen.extend(s.bonus)
    seen.extend(view.indicators)
    for t in seen:
        if pool[t] > 0:
            pool[t] -= 1
        elif t in (42, 43, 44) and pool[_KIND[t]] > 0:  # a red five in a game without reds
            pool[_KIND[t]] -= 1
    return +pool


def _take(pool: Counter[Tile], k: int, rng: random.Random) -> Tile:
    """Remove and return one tile of kind ``k`` from the pool (a red five in proportion)."""
    ids = [t for t in ((k, 42 + k // 9) if k < 27 and k % 9 == 4 else (k,)) if pool[t] > 0]
    if len(ids) == 2:
        t = ids[0] if rng.random() * (pool[ids[0]] + pool[ids[1]]) < pool[ids[0]] else ids[1]
    else:
        t = ids[0]
    pool[t] -= 1
    return t


def _ready_hand(
    pool: Counter[Tile],
    size: int,
    avoid: set[int],
    banned: set[int],
    forms: tuple[str, ...],
    rng: random.Random,
) -> list[Tile] | None:
    """Return ``size`` tiles (3n+1) of the pool forming a ready hand not waiting on ``avoid``,
    drawn from the pool, or None (the pool unchanged) when a few tries find none."""
    for _ in range(12):
        counts = [0] * 34
        for t, n in pool.items():
            k = _KIND[t]
            if k < 34 and k not in banned:
                counts[k] += n
        chosen: list[int] = []
        ok = True
        for _ in range((size + 1) // 3):
            chows = [
                k for k in range(27) if k % 9 <= 6 and counts[k] and counts[k + 1] and counts[k + 2]
            ]
            pungs = [k for k in range(34) if counts[k] >= 3]
            if chows and (not pungs or rng.random() < 0.75):
                k = rng.choice(chows)
                group = [k, k + 1, k + 2]
            elif pungs:
                k = rng.choice(pungs)
                group = [k, k, k]
            else:
                ok = False
                break
            for g in group:
                counts[g] -= 1
            chosen.extend(group)
        pairs = [k for k in range(34) if counts[k] >= 2]
        if not ok or not pairs:
            continue
        k = rng.choice(pairs)
        chosen.extend((k, k))
        chosen.remove(rng.choice(chosen))
        hand = [0] * 34
        for k in chosen:
            hand[k] += 1
        if avoid and avoid.intersection(waits(hand, forms)):
            continue
        return [_take(pool, k, rng) for k in chosen]
    return None


def _random_hand(
    pool: Counter[Tile], size: int, banned: set[int], rng: random.Random
) -> list[Tile]:
    """Return ``size`` tiles drawn uniformly from the pool (avoiding ``banned`` kinds while it can)."""
    tiles = [t for t in sorted(pool.elements()) if not is_bonus(t)]  # flowers stay in the wall
    allowed = [t for t in tiles if _KIND[t] not in banned]
    source = allowed if len(allowed) >= size else tiles
    hand = rng.sample(source, size)
    for t in hand:
        pool[t] -= 1
    return hand


def _void_kinds(void: str | None) -> set[int]:
    if void is None or void not in _SUITS:
        return set()
    s = _SUITS.index(void)
    return set(range(s * 9, s * 9 + 9))


def sample_world(
    rules: Ruleset,
    view: PlayerView,
    options: Mapping[str, Any],
    rng: random.Random,
    legal: Sequence[Action] = (),
) -> GameState:
    """Return a full state consistent with ``view`` (hidden tiles sampled), at the same decision.

    ``legal``, when given, are the viewer's true legal actions: the world offers exactly those
    (the view does not show every flag behind them, such as a temporary furiten).

    Raises ``SampleError`` for a moment it does not rebuild (a decision round, the window to rob
    a kong).
    """
    if view.phase not in ("turn", "claim"):
        raise SampleError(f"cannot sample a world in phase {view.phase!r}")
    me = view.seat
    n = len(view.seats)
    opts = resolve_options(rules, dict(options))
    pool = unseen_tiles(rules, view, opts)
    claim = view.phase == "claim"
    source = view.turn
    if claim:
        river = view.seats[source].river
        if not river or view.claim_tile is None or river[-1].tile != view.claim_tile:
            raise SampleError("the tile on offer is not the last discard (a kong to rob)")
    # -- the others' concealed hands
    concealed: list[tuple[Tile, ...]] = [()] * n
    concealed[me] = tuple(view.hand)
    order = sorted(
        (s for s in range(n) if s != me),
        key=lambda s: (not view.seats[s].riichi, len(view.seats[s].melds) < 2),
    )
    for s in order:
        sv = view.seats[s]
        size = sv.concealed
        banned = _void_kinds(sv.void) if sv.river else set()
        hand: list[Tile] | None = None
        open_sets = sum(1 for m in sv.melds if m.is_open)
        ready = sv.riichi or (claim and s == source and view.seats[s].river[-1].riichi)
        if not ready and size % 3 == 1 and not sv.out:
            chance = _OPEN_READY if open_sets >= 2 else 0.0
            if view.wall_left < _LATE:
                chance = max(chance, _LATE_READY)
            ready = rng.random() < chance
        if ready and size % 3 == 1:
            river_kinds = {_KIND[r.tile] for r in sv.river}
            hand = _ready_hand(pool, size, river_kinds, banned, rules.win_forms, rng)
        if hand is None:
            hand = _random_hand(pool, size, banned, rng)
        if claim and s == source:
            hand.append(view.claim_tile)  # type: ignore[arg-type]
        concealed[s] = tuple(hand)
    # -- the wall
    wall_size = len(tile_set(view.variant, opts).tiles())
    kongs = [s for s in range(n) for m in view.seats[s].melds if m.is_kong]
    bonus = sum(len(sv.bonus) for sv in view.seats)
    back_taken = len(kongs) + bonus
    draw_pos = wall_size - back_taken - rules.dead_wall - view.wall_left
    if draw_pos < 0:
        raise SampleError("the view's wall count does not fit the tile set")
    rest = list(pool.elements())
    rng.shuffle(rest)
    wall: list[Tile] = [0] * wall_size
    fixed: dict[int, Tile] = {}
    for i, t in enumerate(view.indicators):
        pos = rules.indicator_position(wall_size, i, False)
        if pos is not None:
            fixed[pos % wall_size] = t
    taken_back = {wall_size - 1 - i for i in range(back_taken)}
    for pos in range(draw_pos, wall_size):
        if pos in fixed:
            wall[pos] = fixed[pos]
        elif pos not in taken_back and rest:
            wall[pos] = rest.pop()
    # -- the seats' flags
    status: list[frozenset[str]] = []
    for sv in view.seats:
        flags: set[str] = set()
        if sv.riichi:
            flags.add("riichi")
            at = next((i for i, r in enumerate(sv.river) if r.riichi), None)
            if at == 0 and not any(m.is_open for x in view.seats for m in x.melds):
                flags.add("double_riichi")
            if at is not None and at == len(sv.river) - 1:
                flags.add("ippatsu")
        if sv.out:
            flags.add("out")
        if sv.void is not None:
            flags.add(f"void_{sv.void}")
        status.append(frozenset(flags))
    initial = rules.initial_indicators(opts)
    pending = max(0, initial + len(kongs) - len(view.indicators)) if initial else 0
    st = GameState(
        variant=view.variant,
        options=opts,
        seed=0,
        length="one_hand",
        players=n,
        scores=tuple(sv.score for sv in view.seats),
        round_wind=view.round_wind,
        dealer=view.dealer,
        hand_index=view.hand_index,
        honba=view.honba,
        sticks=view.sticks,
    )
    st.phase = "turn"
    st.wall = tuple(wall)
    st.draw_pos = draw_pos
    st.back_taken = back_taken
    st.indicators = len(view.indicators)
    st.dora_indicators = tuple(view.indicators)
    st.pending_indicators = pending
    st.concealed = tuple(concealed)
    st.melds = tuple(sv.melds for sv in view.seats)
    st.meld_sources = tuple(
        tuple(None if m.source is None else (sv.seat - m.source) % n for m in sv.melds)
        for sv in view.seats
    )
    st.rivers = tuple(sv.river for sv in view.seats)
    st.bonus = tuple(sv.bonus for sv in view.seats)
    st.status = tuple(status)
    st.liable = (None,) * n
    st.kongs = tuple(kongs)
    st.calls_made = any(m.is_open for sv in view.seats for m in sv.melds)
    st.discards_made = sum(len(sv.river) for sv in view.seats)
    st.winners = tuple(sv.seat for sv in view.seats if sv.out)
    st.claim_options = ((),) * n
    st.responses = (None,) * n
    st.waits = tuple(_waits_of(rules, h) for h in concealed)
    if not claim:
        st.turn = me
        st.drawn = view.drawn
        st.called_this_turn = view.drawn is None and len(view.hand) % 3 == 2
        if st.called_this_turn and view.seats[me].melds:
            st.forbidden = _kuikae(rules, view, opts)
        if view.drawn is not None:
            rest_hand = list(view.hand)
            rest_hand.remove(view.drawn)
            st.waits = _replace(st.waits, me, _waits_of(rules, rest_hand))
        if legal:
            st.cache[me] = tuple(legal)
        return st
    # the claim window: take the discard back and make it again through the engine
    last = view.seats[source].river[-1]
    st.rivers = _replace(st.rivers, source, view.seats[source].river[:-1])
    st.discards_made -= 1
    st.turn = source
    st.drawn = last.tile if last.tsumogiri else None
    flags = set(st.status[source])
    if last.riichi and view.seats[source].riichi:  # riichi stands only once the discard passes
        flags -= {"riichi", "ippatsu", "double_riichi"}
    st.status = _replace(st.status, source, frozenset(flags))
    st.waits = _replace(st.waits, source, ())
    discard = Discard(last.tile, riichi=last.riichi)
    st.cache[source] = (discard,)
    after, _ = step(rules, st, source, discard)
    if after.phase != "claim":
        raise SampleError("the rebuilt discard opened no claim window")
    if legal:
        after.claim_options = _replace(after.claim_options, me, tuple(legal))
        after.cache = {}
    return after


def _kuikae(rules: Ruleset, view: PlayerView, opts: Mapping[str, Any]) -> frozenset[int]:
    """Return the kinds the viewer may not discard right after its last call."""
    meld = view.seats[view.seat].melds[-1]
    if meld.source is None or meld.kind not in ("chi", "pon"):
        return frozenset()
    giver = view.seats[(view.seat - meld.source) % len(view.seats)]
    claimed = next((r.tile for r in reversed(giver.river) if r.claimed), None)
    if claimed is None:
        return frozenset()
    own = list(meld.tiles)
    own.remove(claimed) if claimed in own else own.pop()
    return rules.forbidden_after_call(opts, meld.kind, _KIND[claimed], tuple(_KIND[t] for t in own))


def _waits_of(rules: Ruleset, tiles: Sequence[Tile]) -> tuple[int, ...]:
    if len(tiles) % 3 != 1:
        return ()
    counts = [0] * 34
    for t in tiles:
        k = _KIND[t]
        if k < 34:
            counts[k] += 1
    return tuple(waits(counts, rules.win_forms))


def _replace(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])

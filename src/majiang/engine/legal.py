"""What a seat may do now: ``legal_actions``, the single source every player chooses from.

On its turn a seat may win by self-draw, declare a concealed or added kong, discard (with riichi
where the variant has it) or take a variant's extra action; when a tile is discarded (or added
to a kong) each other seat gets its claims: ron, kan, pon, chi, or pass. ``why_illegal`` says why
``step`` refuses an action.

A discard is listed once per tile, as the plain ``Discard``: when the tile is the one just drawn
that discards the drawn tile (tsumogiri). The same discard with ``from_hand`` (the copy held
before leaves, a tedashi) is legal too while the seat holds another copy of the drawn tile and
is not in riichi (``hand_copy_refusal``); ``is_legal`` takes both, so the list, and the action
spaces and bots built on it, stay as they were.
"""

from __future__ import annotations

from itertools import combinations

from majiang.actions import Action, Ankan, Chi, Discard, Kakan, Kan, Pon, listed_form
from majiang.decompose import is_thirteen_orphans
from majiang.engine.common import (
    DISCARD,
    KIND,
    ORDER,
    PASS,
    RIICHI,
    RON,
    TSUMO,
    kind_counts,
    next_seat,
)
from majiang.engine.wins import win_result
from majiang.i18n import _
from majiang.readiness import ready_discards, waits
from majiang.rules.base import Ruleset
from majiang.state import GameState
from majiang.tiles import Tile, kind, sort_key, tile_name

__all__ = [
    "claim_offers",
    "furiten",
    "hand_copy_refusal",
    "is_legal",
    "legal_actions",
    "why_illegal",
]


def legal_actions(rules: Ruleset, state: GameState, seat: int) -> list[Action]:
    """Return every action ``seat`` may take now (empty when it has nothing to do)."""
    found = state.cache.get(seat)
    if found is None:
        if not 0 <= seat < state.players:
            return []
        found = tuple(_compute_legal(rules, state, seat))
        state.cache[seat] = found
    return list(found)


def is_legal(rules: Ruleset, state: GameState, seat: int, action: Action) -> bool:
    """Return whether ``step`` takes ``action`` from ``seat`` now: one of ``legal_actions``,
    or a listed discard of the drawn tile's hand copy (``from_hand``) where that applies."""
    if listed_form(action) not in legal_actions(rules, state, seat):
        return False
    return action == listed_form(action) or hand_copy_refusal(state, seat, action) is None


def hand_copy_refusal(st: GameState, seat: int, action: Action) -> str | None:
    """Return why ``seat`` may not discard the hand's copy of the tile it just drew
    (``action``, a ``Discard`` with ``from_hand``), in the language of the moment, or None
    when it may.

    >>> from majiang.rules import get_ruleset
    >>> from majiang.engine.deal import new_game
    >>> state, _ = new_game(get_ruleset("riichi"), seed=1, length="one_hand")
    >>> hand_copy_refusal(state, 1, Discard(0, from_hand=True))
    "seat 1 has drawn no tile this turn (from_hand discards the hand's copy of the tile just drawn)"
    """
    tile = action.tile if isinstance(action, Discard) else None
    drawn = st.drawn if st.phase == "turn" and st.turn == seat and not st.called_this_turn else None
    if tile is None or drawn is None:
        said = _(
            "seat {seat} has drawn no tile this turn (from_hand discards the hand's copy of the tile just drawn)"
        )
        return said.format(seat=seat)
    if "riichi" in st.status[seat]:
        return _("after riichi only the drawn tile may be discarded, not the hand's copy of it")
    if tile != drawn:
        said = _(
            "seat {seat} drew {drawn}, not {tile} (from_hand discards the hand's copy of the tile just drawn)"
        )
        return said.format(seat=seat, drawn=tile_name(drawn), tile=tile_name(tile))
    if st.concealed[seat].count(tile) < 2:
        said = _("seat {seat} holds no {tile} besides the one just drawn")
        return said.format(seat=seat, tile=tile_name(tile))
    return None


def _compute_legal(rules: Ruleset, st: GameState, seat: int) -> list[Action]:
    if st.phase in ("claim", "decision"):
        return list(st.claim_options[seat]) if st.responses[seat] is None else []
    if st.phase != "turn" or seat != st.turn:
        return []
    opts = st.options
    hand = st.concealed[seat]
    distinct = sorted(set(hand), key=ORDER)
    must = rules.must_discard(opts, st, seat)
    first = [t for t in distinct if KIND[t] in must] if must else None
    discardable = first or distinct  # the kinds that must go first, while any is held
    if st.called_this_turn:
        return [DISCARD[t] for t in discardable if KIND[t] not in st.forbidden]
    out: list[Action] = []
    counts = kind_counts(hand)
    status = st.status[seat]
    in_riichi = "riichi" in status
    drawn = st.drawn
    if (
        drawn is not None
        and KIND[drawn] in st.waits[seat]  # the waits of the hand before this draw
        and rules.may_win(opts, st, seat, hand)
        and win_result(rules, st, seat, drawn, None).valid
    ):
        out.append(TSUMO)
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
        out.append(DISCARD[drawn])
    else:
        out.extend(DISCARD[t] for t in discardable)
        if not in_riichi and rules.can_declare_riichi(opts, st, seat):
            ready = ready_discards(counts, rules.win_forms)
            out.extend(RIICHI[t] for t in discardable if KIND[t] in ready)
    out.extend(rules.turn_extras(opts, st, seat))
    return out


def furiten(rules: Ruleset, st: GameState, seat: int) -> bool:
    """Return whether ``seat`` may not win on a discard now, by the variant's furiten rules
    (temporary, riichi, its own discards among its waits)."""
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


def claim_offers(rules: Ruleset, st: GameState, seat: int, tile: Tile, source: int) -> list[Action]:
    """Return what ``seat`` may do with ``tile`` just discarded (or added to a kong) by source."""
    k = KIND[tile]
    offers: list[Action] = []
    robbing = st.claim_kind != "discard"
    if k in st.waits[seat] and not furiten(rules, st, seat):
        ok = True
        if st.claim_kind == "ankan":
            c = kind_counts(st.concealed[seat])
            c[k] += 1
            ok = rules.can_rob_kong(st.options, "ankan", is_thirteen_orphans(c))
        ok = ok and rules.may_win(st.options, st, seat, (*st.concealed[seat], tile))
        if ok and win_result(rules, st, seat, tile, source, robbed=robbing).valid:
            offers.append(RON)
    if robbing or "riichi" in st.status[seat] or st.live_tiles(rules.dead_wall) <= 0:
        return [PASS, *offers] if offers else []
    hand = st.concealed[seat]
    kinds = [KIND[t] for t in hand]
    claims = rules.claims
    n_same = kinds.count(k)
    if (
        n_same >= 2
        and ("pon" in claims or "kan" in claims)
        and rules.may_meld(st.options, st, seat, k)
    ):
        same = sorted((t for t in hand if KIND[t] == k), key=sort_key)
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
            ta = sorted({t for t in hand if KIND[t] == k + da}, key=sort_key)
            tb = sorted({t for t in hand if KIND[t] == k + db}, key=sort_key)
            for a in ta:
                for b in tb:
                    if _can_discard_after(rules, st, hand, (a, b), "chi", k):
                        offers.append(Chi((a, b)))
    return [PASS, *offers] if offers else []


def _can_discard_after(
    rules: Ruleset, st: GameState, hand: tuple[Tile, ...], own: tuple[Tile, ...], meld: str, k: int
) -> bool:
    forbidden = rules.forbidden_after_call(st.options, meld, k, tuple(kind(t) for t in own))
    rest = list(hand)
    for t in own:
        rest.remove(t)
    return any(kind(t) not in forbidden for t in rest)


def why_illegal(st: GameState, seat: int, action: Action, legal: list[Action]) -> str:
    """Return why ``action`` is not legal for ``seat`` now, for ``IllegalAction``."""
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
    if listed_form(action) in legal:
        return f"{head}: {hand_copy_refusal(st, seat, action)}"
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

"""A win read from the state: its score request, its result, and the points each seat pays.

``win_request`` gathers what the scoring contract needs (the hand with the winning tile, the
situation, the indicators, who pays) from the state; ``win_result`` scores it through
``rules.score``; ``settle`` turns a result's payer roles into seats and point changes. Nothing here
changes the state.

>>> from majiang.engine import new_game
>>> from majiang.rules import get_ruleset
>>> rules = get_ruleset("riichi")
>>> state, _ = new_game(rules, seed=1, length="one_hand")
>>> payer_seats(state, "non_dealer", 0, None, None)
[1, 2, 3]
"""

from __future__ import annotations

from typing import Any

from majiang.errors import InvalidRequest
from majiang.hand import Hand
from majiang.rules.base import Ruleset
from majiang.scoring import ScoreRequest, ScoreResult
from majiang.state import GameState
from majiang.tiles import Tile

__all__ = [
    "indicator_tiles",
    "payer_seats",
    "settle",
    "win_request",
    "win_result",
    "win_setting",
]


def indicator_tiles(rules: Ruleset, st: GameState, ura: bool) -> tuple[Tile, ...]:
    """Return the tiles the indicators turned so far show (``ura``: the ones under them)."""
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
    sit = _situation(rules, st, seat, source, robbed)
    in_riichi = "riichi" in sit
    return _request(
        rules,
        st,
        seat,
        Hand(tuple(concealed), st.melds[seat], st.bonus[seat]),
        tile,
        source,
        rules.win_situation(st.options, st, seat, source, frozenset(sit)),
        ura=indicator_tiles(rules, st, True) if in_riichi else (),
        counters=counters,
    )


def _situation(
    rules: Ruleset, st: GameState, seat: int, source: int | None, robbed: bool
) -> set[str]:
    """Return the situation names of a win now, as the state shows them (before the variant's
    ``win_situation`` hook)."""
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
    return sit


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
    return ScoreRequest(
        hand=hand,
        win_tile=tile,
        situation=situation,
        dora_indicators=st.dora_indicators,
        ura_indicators=ura,
        **win_setting(rules, st, seat, source, counters=counters),
    )


def win_setting(
    rules: Ruleset, st: GameState, seat: int, source: int | None, *, counters: bool = False
) -> dict[str, Any]:
    """Return the fields of ``seat``'s score request that the table decides, not the tiles:
    the variant and options, ron or tsumo, the winds, the discarder, the counters (honba and
    sticks when ``counters``, the dealer streak), the liable seat, the players in the hand, as
    ``ScoreRequest`` keywords. The score sheet (``majiang.keep``) asks it too."""
    liable = st.liable[seat]
    payer = rules.win_discarder(st.options, st, seat, source)
    return {
        "variant": st.variant,
        "rules": st.options,
        "win": "tsumo" if source is None else "ron",
        "seat_wind": st.seat_wind(seat),
        "round_wind": st.round_wind,
        "discarder": None if payer is None else st.seat_wind(payer),
        "honba": st.honba if counters else 0,
        "riichi_sticks": st.sticks if counters else 0,
        "dealer_streak": st.dealer_streak,
        "liable": None if liable is None or liable == seat else st.seat_wind(liable),
        "players_in_hand": sum(1 for s in st.status if "out" not in s) - 1,
    }


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

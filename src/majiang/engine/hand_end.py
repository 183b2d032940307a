"""Wins and the end of a hand: each win scored and paid, the winners leaving play where the
variant plays on (Sichuan), the exhaustive draw, then the next hand or the end of the game.
"""

from __future__ import annotations

from majiang.engine import deal, draws
from majiang.engine.common import next_seat, pay, replace_at
from majiang.engine.wins import indicator_tiles, settle, win_result
from majiang.events import Event, GameEnded, HandEnded, HandRevealed, PointsMoved, Won
from majiang.melds import Meld
from majiang.rules.base import Ruleset
from majiang.rules.game import Outcome, placements
from majiang.scoring import ScoreResult
from majiang.state import GameState
from majiang.tiles import Tile, kind, sort_key

__all__ = ["award_wins", "close_hand", "end_hand", "exhaustive_draw", "pay_win"]


def award_wins(
    rules: Ruleset,
    st: GameState,
    winners: tuple[int, ...],
    source: int | None,
    tile: Tile,
    ev: list[Event],
    robbed: bool = False,
    bonus: bool = False,
) -> None:
    """Score and pay the wins of ``winners`` on ``tile``; end the hand, or play on without them."""
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
                indicator_tiles(rules, st, True) if in_riichi else (),
                liable,
                robbed,
            )
        )
        payer = rules.win_discarder(st.options, st, seat, source)
        deltas, sticks = pay_win(st, seat, result, payer, liable)
        ev.append(PointsMoved("win", deltas, -sticks, rules.stick_value))
    moves, st.variant_state = rules.on_wins(st.options, st, winners, source)
    pay(st, moves, ev)
    st.winners = (*st.winners, *winners)
    if rules.win_ends_hand(st.options, st):
        end_hand(rules, st, Outcome("win", winners=st.winners), ev)
        return
    # the winners leave play (Sichuan's bloody battle); play goes on after the last of them
    if robbed and source is not None and st.claim_kind == "kakan":
        _unmake_robbed_kong(st, source, tile, winners[0])
    st.status = tuple(s | {"out"} if i in winners else s for i, s in enumerate(st.status))
    st.phase = "turn"
    st.claim_tile = None
    if st.live_tiles(rules.dead_wall) <= 0:
        exhaustive_draw(rules, st, ev)
    else:
        draws.draw(rules, st, next_seat(st, winners[-1]), ev)


def pay_win(
    st: GameState, seat: int, result: ScoreResult, payer: int | None, liable: int | None
) -> tuple[tuple[int, ...], int]:
    """Pay ``seat``'s scored win (``payer``: the seat paying as its discarder, None for a
    self-draw); return each seat's change and the sticks taken from the table."""
    deltas, sticks = settle(st, seat, result, payer, liable)
    st.scores = tuple(a + b for a, b in zip(st.scores, deltas, strict=True))
    st.sticks -= sticks
    return deltas, sticks


def _unmake_robbed_kong(st: GameState, seat: int, tile: Tile, winner: int) -> None:
    """Turn a robbed added kong back into its pung and give the robbed tile to the (first)
    winner, where play goes on after the win: the kong never stood."""
    melds = list(st.melds[seat])
    i = max(j for j, m in enumerate(melds) if m.kind == "kakan" and m.first == kind(tile))
    rest = list(melds[i].tiles)
    rest.remove(tile)
    melds[i] = Meld("pon", tuple(rest), melds[i].source)
    st.melds = replace_at(st.melds, seat, tuple(melds))
    last = max(j for j, s in enumerate(st.kongs) if s == seat)
    st.kongs = (*st.kongs[:last], *st.kongs[last + 1 :])
    st.concealed = replace_at(st.concealed, winner, (*st.concealed[winner], tile))


def exhaustive_draw(rules: Ruleset, st: GameState, ev: list[Event]) -> None:
    """The wall is exhausted: the ready hands are shown and paid for, the hand ends."""
    ready = tuple(
        s
        for s in range(st.players)
        if "out" not in st.status[s] and rules.is_ready(st.options, st, s)
    )
    for s in ready:
        ev.append(HandRevealed(s, tuple(sorted(st.concealed[s], key=sort_key))))
    pay(st, rules.draw_settlement(st.options, st, ready), ev)
    end_hand(rules, st, Outcome("exhaustive_draw", "wall", st.winners, ready), ev)


def end_hand(rules: Ruleset, st: GameState, outcome: Outcome, ev: list[Event]) -> None:
    """End the hand with ``outcome``, then deal the next or end the game."""
    ev.append(HandEnded(outcome.kind, outcome.reason, outcome.winners, outcome.ready, st.scores))
    taken = st.sticks
    why, final = close_hand(rules, st, outcome)
    if why is not None:
        if any(final):
            ev.append(PointsMoved("final_sticks", final, -taken, rules.stick_value))
        st.phase = "game_over"
        st.claim_options = ((),) * st.players
        ev.append(GameEnded(st.scores, st.placements, why, st.final_points))
        return
    deal.start_hand(rules, st, ev)


def close_hand(
    rules: Ruleset, st: GameState, outcome: Outcome
) -> tuple[str | None, tuple[int, ...]]:
    """Close the hand's accounts: move the table to the next hand (dealer, round wind, honba,
    dealer streak, hand index), or end the game with its final settlement (the sticks left go
    to the first) and placements. Return why the game ended (None: it goes on) and the final
    settlement's change of each seat. The engine and the score sheet (``majiang.keep``) both
    end a hand with it; no tiles are read."""
    nxt = rules.next_hand(st.options, st, outcome)
    why = rules.game_end(st.options, st, nxt)
    if why is None and rules.dealer_stops(st.options, st, outcome, nxt):
        why = "dealer_stop"
    if why is not None:
        final = rules.final_settlement(st.options, st)
        if any(final):
            st.scores = tuple(a + b for a, b in zip(st.scores, final, strict=True))
            st.sticks = 0
        st.placements = placements(st.scores)
        st.final_points = rules.final_points(st.options, st)
        return why, final
    st.dealer = nxt.dealer
    st.round_wind = nxt.round_wind
    st.honba = nxt.honba
    st.dealer_streak = nxt.dealer_streak
    st.hand_index += 1
    return None, (0,) * st.players

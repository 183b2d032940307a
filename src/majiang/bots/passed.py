"""Tiles passed since a seat's hand last changed: safe against it where there is no furiten.

In a game where a seat cannot refuse a win and keep waiting (the bots always take a legal
win; in Taiwan and Sichuan a player has no reason to pass one), a tile that anybody discarded
after seat ``p`` last changed its concealed hand, and that ``p`` did not win on, is not one of
``p``'s winning tiles now: ``p``'s waits are those it had when the tile came out. ``p``'s hand
changes when it discards a tile it held (a discard that is not the tile just drawn); a tile it
drew and threw at once (tsumogiri) leaves its hand as it was.

The order of the discards is read from the view alone: play starts at the dealer and passes
to the next seat, except after a claimed tile, when it passes to the seat whose next called
set took that tile (the set's ``source`` names the discarder). Where two seats could have
taken it, both readings are followed and the one that accounts for every river tile is kept.

>>> from majiang.engine import new_game
>>> from majiang.rules import get_ruleset
>>> from majiang.view import player_view
>>> rules = get_ruleset("taiwan")
>>> state, _ = new_game(rules, seed=3, length="one_hand")
>>> discard_order(player_view(rules, state, 0))  # nobody has discarded yet
[]
"""

from __future__ import annotations

from typing import NamedTuple

from majiang.tiles import kind
from majiang.view import PlayerView

__all__ = ["RiverEntry", "discard_order", "passed_kinds"]

_KIND = tuple(kind(t) for t in range(45))
#: how many readings of an ambiguous claim are followed before giving up on the rest
_BRANCHES = 16


class RiverEntry(NamedTuple):
    """One discard, in play order: who, the kind, and whether it was the tile just drawn."""

    seat: int
    kind: int
    tsumogiri: bool


def discard_order(view: PlayerView) -> list[RiverEntry]:
    """Return every discard of the hand in play order, as far as the view determines it (the
    longest reading when no reading accounts for every river tile).

    A view where a seat has won and left play (Sichuan) has no determined order after the
    win: the caller should not rely on it then (``passed_kinds`` does not).
    """
    seats = view.seats
    n = len(seats)
    rivers = [s.river for s in seats]
    calls = [[m for m in s.melds if m.source is not None] for s in seats]
    total = sum(len(r) for r in rivers)
    best: list[RiverEntry] = []
    budget = [_BRANCHES]

    def walk(seat: int, pos: list[int], taken: list[int], out: list[RiverEntry]) -> bool:
        nonlocal best
        while len(out) < total:
            if pos[seat] >= len(rivers[seat]):
                break
            r = rivers[seat][pos[seat]]
            pos[seat] += 1
            k = _KIND[r.tile]
            out.append(RiverEntry(seat, k, r.tsumogiri))
            if not r.claimed:
                seat = (seat + 1) % n
                continue
            takers = [
                p
                for p in range(n)
                if p != seat
                and taken[p] < len(calls[p])
                and (p - (calls[p][taken[p]].source or 0)) % n == seat
                and any(_KIND[t] == k for t in calls[p][taken[p]].tiles)
            ]
            if len(takers) == 1:
                seat = takers[0]
                taken[seat] += 1
                continue
            for p in takers:
                if budget[0] <= 0:
                    break
                budget[0] -= 1
                more = list(taken)
                more[p] += 1
                if walk(p, list(pos), more, list(out)):
                    return True
            break
        if len(out) > len(best):
            best = list(out)
        return len(out) == total

    walk(view.dealer, [0] * n, [0] * n, [])
    return best


def passed_kinds(view: PlayerView) -> list[frozenset[int]]:
    """Return, per seat, the kinds discarded since that seat last changed its concealed hand
    (see the module's docstring): none of them wins for it now. Empty for the viewer, and for
    every seat once a seat has won and left play (the order of play is no longer known).

    >>> from majiang.engine import new_game
    >>> from majiang.rules import get_ruleset
    >>> from majiang.view import player_view
    >>> rules = get_ruleset("taiwan")
    >>> state, _ = new_game(rules, seed=3, length="one_hand")
    >>> passed_kinds(player_view(rules, state, 0))
    [frozenset(), frozenset(), frozenset(), frozenset()]
    """
    n = len(view.seats)
    if any(s.out for s in view.seats):
        return [frozenset()] * n
    order = discard_order(view)
    out: list[frozenset[int]] = []
    for p in range(n):
        if p == view.seat:
            out.append(frozenset())
            continue
        changed = -1
        for i, e in enumerate(order):
            if e.seat == p and not e.tsumogiri:
                changed = i
        out.append(frozenset(e.kind for e in order[changed + 1 :]))
    return out

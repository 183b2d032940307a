"""Defense: who threatens to win, and how dangerous each tile is to discard against them.

Everything is read from the view: riichi declarations, open sets, rivers (a seat's own
discards, and in riichi every tile passed after its riichi, are safe against it), suji,
honors already visible, a flush read from the sets, Sichuan's void suit read from the first
discards. ``risk(view, tile)`` combines them into the expected loss of a discard, in the same
units as ``Valuation.points``.

>>> from majiang.engine import new_game
>>> from majiang.rules import get_ruleset
>>> from majiang.view import player_view
>>> rules = get_ruleset("riichi")
>>> state, _ = new_game(rules, seed=3)
>>> reader = Reader(player_view(rules, state, 0))
>>> reader.max_threat < 0.3, reader.danger(1, 27) > 0  # nobody has discarded yet
(True, True)
"""

from __future__ import annotations

from majiang.bots.analysis import seen_counts
from majiang.tiles import kind
from majiang.view import PlayerView

__all__ = ["Reader"]

_KIND = tuple(kind(t) for t in range(45))
#: variants where a seat cannot win on a tile it discarded itself (riichi's furiten)
_FURITEN = {"riichi"}
#: how often a seat showing the same signs is really ready with a legal win, per variant:
#: Hong Kong's minimum fan keeps many shapes from winning, so its threats count for less
_THREAT_SCALE = {"hk": 0.5, "hk2": 0.5, "hkos": 0.6}
#: how much a hand that wins against us costs, per variant (in Valuation.points units)
_OPPONENT_VALUE = {"riichi": 2.6, "hk": 1.8, "hk2": 1.8, "hkos": 1.8, "taiwan": 1.4, "sichuan": 2.0}


def _rank_danger(k: int, seen: int) -> float:
    if k >= 27:
        return (0.6, 0.5, 0.25, 0.04, 0.0)[min(seen, 4)]
    r = k % 9
    if r in (0, 8):
        return 0.45
    if r in (1, 7):
        return 0.7
    return 1.0


class Reader:
    """The table read once per decision: per seat a threat (0 to 1) and the kinds safe against it."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.seen = seen_counts(view)
        n = len(view.seats)
        self.threat = [0.0] * n
        self.value = [0.0] * n
        self.safe: list[set[int]] = [set() for _ in range(n)]
        self.half_safe: list[set[int]] = [set() for _ in range(n)]
        self.flush: list[int | None] = [None] * n
        self.void: list[int | None] = [None] * n
        furiten = view.variant in _FURITEN
        base_value = _OPPONENT_VALUE.get(view.variant, 1.5)
        for s in view.seats:
            p = s.seat
            if p == view.seat or getattr(s, "out", False):
                continue  # a seat that won and left play (Sichuan) threatens nobody
            own = {_KIND[r.tile] for r in s.river}
            (self.safe if furiten else self.half_safe)[p] = own
            opened = [m for m in s.melds if m.is_open]
            discards = len(s.river)
            if s.riichi:
                threat = 1.0
                after = False
                passed: set[int] = set()
                # every tile discarded after the riichi passed it: safe (riichi furiten)
                order = _discard_order(view)
                for seat, tile, is_riichi in order:
                    if seat == p and is_riichi:
                        after = True
                        continue
                    if after:
                        passed.add(_KIND[tile])
                self.safe[p] = self.safe[p] | passed
            elif len(opened) >= 3:
                threat = 0.6
            elif len(opened) == 2:
                threat = 0.3 + (0.2 if discards >= 9 else 0.0)
            elif len(opened) == 1:
                threat = 0.1 + (0.15 if discards >= 9 else 0.0)
            else:
                threat = 0.05 if discards < 8 else 0.15 if discards < 12 else 0.3
            if view.variant != "riichi" and discards >= 12:
                threat = min(1.0, threat + 0.15)
            self.threat[p] = threat * _THREAT_SCALE.get(view.variant, 1.0)
            value = base_value
            if opened:
                suits = {_KIND[m.tiles[0]] // 9 for m in opened if _KIND[m.tiles[0]] < 27}
                if len(suits) == 1 and len(opened) >= 2:
                    self.flush[p] = suits.pop()
                    value *= 1.5
                elif view.variant == "riichi":
                    value *= 0.6
            self.value[p] = value
            declared = getattr(s, "void", None)
            if declared:
                self.void[p] = "mps".index(declared)
            elif view.variant == "sichuan" and s.river:
                first = _KIND[s.river[0].tile]
                if first < 27:
                    suit = first // 9
                    if not any(_KIND[m.tiles[0]] // 9 == suit for m in s.melds):
                        self.void[p] = suit

    @property
    def max_threat(self) -> float:
        """Return the strongest threat at the table."""
        return max(self.threat)

    def danger(self, p: int, k: int) -> float:
        """Return how likely discarding kind ``k`` deals in to seat ``p`` if ``p`` is ready."""
        if k in self.safe[p]:
            return 0.0
        if self.void[p] is not None and k < 27 and k // 9 == self.void[p]:
            return 0.0
        d = _rank_danger(k, self.seen[k])
        if k < 27:
            river = self.safe[p] | self.half_safe[p]
            r, base = k % 9, k - k % 9
            low = r >= 3 and base + r - 3 in river
            high = r <= 5 and base + r + 3 in river
            if r in (0, 1, 2):
                d *= 0.4 if high else 1.0
            elif r in (6, 7, 8):
                d *= 0.4 if low else 1.0
            else:
                d *= 0.45 if low and high else 0.75 if low or high else 1.0
            flush = self.flush[p]
            if flush is not None:
                d *= 1.5 if k // 9 == flush else 0.2
        if k in self.half_safe[p]:
            d *= 0.35
        return d

    def risk(self, k: int) -> float:
        """Return the expected loss of discarding kind ``k`` (threat x danger x value, summed)."""
        total = 0.0
        for p, threat in enumerate(self.threat):
            if threat:
                total += threat * self.danger(p, k) * self.value[p]
        return total


def _discard_order(view: PlayerView) -> list[tuple[int, int, bool]]:
    """Return the discards in play order, approximately: round by round from the dealer
    (exact enough to know which tiles came after a riichi)."""
    n = len(view.seats)
    rivers = [s.river for s in view.seats]
    longest = max((len(r) for r in rivers), default=0)
    out: list[tuple[int, int, bool]] = []
    for i in range(longest):
        for j in range(n):
            seat = (view.dealer + j) % n
            if i < len(rivers[seat]):
                r = rivers[seat][i]
                out.append((seat, r.tile, r.riichi))
    return out

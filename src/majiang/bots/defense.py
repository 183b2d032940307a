"""Defense: who is likely ready to win, how likely each tile is to deal in to them, and what
dealing in would cost.

Everything is read from the view: riichi declarations, open sets, rivers (a seat's own
discards, and in riichi every tile passed after its riichi, are safe against it), suji,
honors already visible, a flush read from the sets, Sichuan's void suit. The figures are
probabilities and points, calibrated per variant from self-play (``bots/tables.py``, made by
``bench/bots_calibrate.py``):

- ``threat[p]``: the chance seat ``p`` is ready with a legal win, from its signs (riichi, open
  sets, discards);
- ``danger(p, k)``: the chance a discard of kind ``k`` wins for ``p`` if ``p`` is ready, from the
  tile's category against ``p`` (its rank, suji, honors seen) times its modifiers (an own
  discard in a variant without furiten, ``p``'s flush suit or another);
- ``value[p]``: what a win of ``p`` on our discard costs, in ``Valuation.points`` units;
- ``risk(k)``: the expected loss of discarding ``k`` now, the sum over seats of the three.

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

from majiang.bots.analysis import seen_counts, variant_limits
from majiang.bots.tables import DANGER, MODIFIERS, THREAT, VALUE
from majiang.tiles import kind
from majiang.view import PlayerView

__all__ = ["Reader", "danger_category", "threat_key", "value_key"]

_KIND = tuple(kind(t) for t in range(45))
#: variants where a seat cannot win on a tile it discarded itself (riichi's furiten)
_FURITEN = {"riichi"}
_DRAGONS = (31, 32, 33)
#: how much more a dealer's win pays (riichi: half as much again; Taiwan: the dealer's tai)
_DEALER = {"riichi": 1.5, "taiwan": 1.2}
#: fallbacks for a variant or key the tables do not hold
_DANGER_DEFAULT = 0.08
_VALUE_DEFAULT = 2.0


def threat_key(riichi: bool, opened: int, discards: int) -> str:
    """Return the key of a seat's signs in the threat table.

    >>> threat_key(True, 0, 7), threat_key(False, 2, 7)
    ('r', 'o2d2')
    """
    if riichi:
        return "r"
    return f"o{min(opened, 4)}d{min(discards // 3, 5)}"


def value_key(riichi: bool, opened: int, flush: bool) -> str:
    """Return the key of a seat's likely hand value in the value table.

    >>> value_key(False, 2, True), value_key(False, 0, False)
    ('f', 'c')
    """
    if flush:
        return "f"
    if riichi:
        return "r"
    return "c" if opened == 0 else "o"


def danger_category(k: int, river: set[int], seen: int, value_honor: bool) -> str:
    """Return the category of kind ``k`` against a seat whose discards are ``river``: honors
    by copies seen (``z0``-``z3``, ``v`` for a value honor of that seat), suited tiles by rank
    (``1`` for 1/9, ``2`` for 2/8, ``3`` for 3/7, ``4`` for 4/6, ``5``) and suji (``s`` a
    suji of an outer tile, ``b`` both suji of a middle tile, ``o`` one, ``n`` none).

    >>> danger_category(0, {3}, 0, False), danger_category(4, {1}, 0, False)
    ('1s', '5o')
    """
    if k >= 27:
        return f"z{'v' if value_honor else ''}{min(seen, 3)}"
    r, base = k % 9, k - k % 9
    low = r >= 3 and base + r - 3 in river
    high = r <= 5 and base + r + 3 in river
    rank = min(r, 8 - r) + 1
    if rank <= 3:
        return f"{rank}{'s' if low or high else 'n'}"
    return f"{rank}{'b' if low and high else 'o' if low or high else 'n'}"


class Reader:
    """The table read once per decision: per seat its threat, the kinds safe against it, and
    what a deal-in would cost."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        variant = view.variant
        self.seen = seen_counts(view)
        n = len(view.seats)
        self.threat = [0.0] * n
        self.value = [0.0] * n
        self.safe: list[set[int]] = [set() for _ in range(n)]
        self.half_safe: list[set[int]] = [set() for _ in range(n)]
        self.river: list[set[int]] = [set() for _ in range(n)]
        self.flush: list[int | None] = [None] * n
        self.void: list[int | None] = [None] * n
        self.value_honors: list[tuple[int, ...]] = [() for _ in range(n)]
        self._danger = DANGER.get(variant, {})
        self._mods = MODIFIERS.get(variant, {})
        threats = THREAT.get(variant, {})
        values = VALUE.get(variant, {})
        furiten = variant in _FURITEN
        for s in view.seats:
            p = s.seat
            if p == view.seat or s.out:
                continue  # a seat that won and left play (Sichuan) threatens nobody
            own = {_KIND[r.tile] for r in s.river}
            self.river[p] = own
            (self.safe if furiten else self.half_safe)[p] = set(own)
            opened = [m for m in s.melds if m.is_open]
            if s.riichi:
                self.safe[p] = self.safe[p] | _passed_after_riichi(view, p)
            key = threat_key(s.riichi, len(opened), len(s.river))
            self.threat[p] = threats.get(key, 1.0 if s.riichi else 0.1)
            suits = {_KIND[m.tiles[0]] // 9 for m in opened if _KIND[m.tiles[0]] < 27}
            if len(suits) == 1 and len(opened) >= 2:
                self.flush[p] = suits.pop()
            value = values.get(
                value_key(s.riichi, len(opened), self.flush[p] is not None), _VALUE_DEFAULT
            )
            # the tables' values are means over seats, one in four of them the dealer
            dealer = _DEALER.get(variant, 1.0)
            mean = 0.75 + 0.25 * dealer
            self.value[p] = value * (dealer if p == view.dealer else 1.0) / mean
            self.value_honors[p] = (*_DRAGONS, 27 + s.wind, 27 + view.round_wind % 4)
            if s.void:
                self.void[p] = "mps".index(s.void)
            elif variant == "sichuan" and s.river:
                first = _KIND[s.river[0].tile]
                if first < 27:
                    suit = first // 9
                    if not any(_KIND[m.tiles[0]] // 9 == suit for m in s.melds):
                        self.void[p] = suit

    @property
    def max_threat(self) -> float:
        """Return the strongest threat at the table."""
        return max(self.threat)

    def category(self, p: int, k: int) -> str:
        """Return the category of kind ``k`` against seat ``p`` (``danger_category``), or
        ``safe`` (its riichi furiten), or ``void`` (Sichuan: ``p``'s void suit)."""
        if k in self.safe[p]:
            return "safe"
        if self.void[p] is not None and k < 27 and k // 9 == self.void[p]:
            return "void"
        return danger_category(k, self.river[p], self.seen[k], k in self.value_honors[p])

    def modifiers(self, p: int, k: int) -> tuple[str, ...]:
        """Return the modifiers of kind ``k`` against seat ``p``: ``own`` (its own discard, in
        a variant without furiten), ``flush`` (``p``'s flush suit), ``offsuit`` (another suit
        against a flush)."""
        out: tuple[str, ...] = ()
        if k in self.half_safe[p]:
            out += ("own",)
        flush = self.flush[p]
        if flush is not None and k < 27:
            out += ("flush",) if k // 9 == flush else ("offsuit",)
        return out

    def danger(self, p: int, k: int) -> float:
        """Return the chance that discarding kind ``k`` wins for seat ``p`` if ``p`` is ready."""
        cat = self.category(p, k)
        if cat in ("safe", "void"):
            return 0.0
        d = self._danger.get(cat, _DANGER_DEFAULT)
        for m in self.modifiers(p, k):
            d *= self._mods.get(m, 1.0)
        return min(d, 1.0)

    def risk(self, k: int) -> float:
        """Return the expected loss of discarding kind ``k`` now, in ``Valuation.points``
        units: over seats, the threat times the danger times the value."""
        total = 0.0
        for p, threat in enumerate(self.threat):
            if threat:
                total += threat * self.danger(p, k) * self.value[p]
        return total

    def mean_danger(self, p: int) -> float:
        """Return the danger against ``p`` of an unknown tile (the mean over unseen tiles):
        what each further discard of a hand that pushes on risks."""
        total = weight = 0.0
        limits = variant_limits(self.view.variant)
        unseen = [max(0, limits[k] - self.seen[k]) for k in range(34)]
        for k in range(34):
            if unseen[k]:
                total += unseen[k] * self.danger(p, k)
                weight += unseen[k]
        return total / weight if weight else 0.0


def _passed_after_riichi(view: PlayerView, p: int) -> set[int]:
    """Return the kinds discarded by anyone after seat ``p``'s riichi (riichi furiten)."""
    after = False
    passed: set[int] = set()
    for seat, tile, is_riichi in _discard_order(view):
        if seat == p and is_riichi:
            after = True
            continue
        if after:
            passed.add(_KIND[tile])
    return passed


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

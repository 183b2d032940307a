"""The tutorials: a first game played in the real table on a fixed wall.

A tutorial table is a practice table whose game's seed is ``tutorial:<name>``: ``Table`` deals
its first hand from the wall written here instead of a shuffled one, and its bots (level
``tutorial``, the ``tsumogiri`` bot) discard exactly the tile they draw and never call. So the
whole hand is known in advance, and ``static/lesson.js`` walks the player through it.

The riichi lesson, the player at seat 0 (East, the dealer):

1. draws 3m and discards the lone 9p;
2. pons the white dragon that South draws and discards;
3. discards the lone North: the hand is ready, waiting on 3p or 6p (the white dragons are the
   hand's yaku);
4. the others draw and discard honours nobody can call;
5. draws 6p and wins by tsumo.

The Hong Kong lesson (``hk``, the table's defaults: 3 fan at least), the player at seat 0 again:

1. draws 8m and discards the lone 9p: characters and honours only make a half flush (3 fan);
2. pungs the red dragon that South draws and discards (1 fan), then discards the lone 1s;
3. chows the 3m that North, the player before them, draws and discards (1-2-3m), then discards
   the lone South wind: 567m 78m 99m is ready, waiting on 6m or 9m;
4. wins on the 6m that West draws and discards: half flush 3 + red dragon 1 = 4 fan, 16 points
   on the half-spicy table, and West, the discarder, pays twice that: 32.

>>> wall = lesson_walls("tutorial:riichi")[0]
>>> len(wall), lesson_walls("abc")
(136, [])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.server.lists import listing
from majiang.tiles import Tile, parse_tiles, tile_set

__all__ = ["LESSONS", "SEED_PREFIX", "Lesson", "lesson", "lesson_walls"]

#: the seed of a tutorial game starts with this, the lesson's name follows
SEED_PREFIX = "tutorial:"


@dataclass(frozen=True)
class Lesson:
    """A tutorial hand: its variant, options, the 13 tiles dealt to each seat from the dealer,
    and the draws that follow, in order (the rest of the wall is in the tiles' order)."""

    variant: str
    options: dict[str, Any]
    hands: tuple[str, ...]
    draws: str

    def wall(self) -> list[Tile]:
        """Return the whole wall: the deal, the draws, then every other tile in order."""
        pool = Counter(tile_set(self.variant, self.options).tiles())
        front: list[Tile] = []
        for hand in self.hands:
            tiles = parse_tiles(hand)
            if len(tiles) != 13:
                raise InvalidRequest(f"a lesson's hand has 13 tiles, got {hand!r}", field="hands")
            front.extend(tiles)
        front.extend(parse_tiles(self.draws))
        for t in front:
            if pool[t] == 0:
                raise InvalidRequest(f"the lesson uses too many of tile {t}", field="hands")
            pool[t] -= 1
        return [*front, *sorted(pool.elements())]


LESSONS: dict[str, Lesson] = {
    "riichi": Lesson(
        variant="riichi",
        options={"aka": 0},
        hands=(
            "12m45p9p2278s9s55z4z",  # you: East, the dealer
            "147p258m369s1267z",  # South
            "258p369m147s1367z",  # West
            "369p147m358s2367z",  # North
        ),
        draws="3m5z1z2z3z6p",  # you, South (the white dragon), South, West, North, you (the win)
    ),
    "hk": Lesson(
        variant="hk",
        options={},
        hands=(
            "12567799m9p1s277z",  # you: East, the dealer
            "3m147p2589s13456z",  # South
            "4m1258p369s12456z",  # West
            "8m2369p147s12356z",  # North
        ),
        # you, South (the red dragon), South, West, North (the 3m to chow), South, West (the win)
        draws="8m7z1z3z3m4z6m",
    ),
}


def lesson(name: str) -> Lesson:
    """Return the lesson ``name`` or raise ``InvalidRequest`` naming the ones there are."""
    found = LESSONS.get(name)
    if found is None:
        said = _("no tutorial {name!r} (there is: {known})")
        raise InvalidRequest(said.format(name=name, known=listing(sorted(LESSONS))), field="lesson")
    return found


def lesson_walls(seed: str) -> list[list[Tile]]:
    """Return the fixed walls of the game of ``seed``: the lesson's one wall for a tutorial
    seed, none (shuffled walls) for any other."""
    if not seed.startswith(SEED_PREFIX):
        return []
    return [lesson(seed.removeprefix(SEED_PREFIX)).wall()]

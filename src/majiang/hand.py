"""A player's hand: concealed tiles, melds and bonus tiles, and its notation.

Written as concealed tiles, then melds separated by commas; flowers and seasons written among
the concealed tiles are set aside as bonus tiles.

>>> h = parse_hand("123m456p11z1f, pon 777z from=2, chi 234s")
>>> format_tiles(h.concealed), [str(m) for m in h.melds], format_tiles(h.bonus)
('123m456p11z', ['pon 777z from=2', 'chi 234s'], '1f')
>>> str(h)
'123m456p11z1f, pon 777z from=2, chi 234s'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from majiang.errors import InvalidNotation
from majiang.i18n import _
from majiang.melds import Meld, parse_meld
from majiang.tiles import Tile, counts34, format_tiles, is_bonus, parse_tiles, tile_set


@dataclass(frozen=True)
class Hand:
    """Concealed tiles, called or declared melds, and bonus tiles (flowers and seasons)."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = field(default=())

    @property
    def counts(self) -> list[int]:
        """Return the 34-kind count array of the concealed tiles."""
        return counts34(self.concealed)

    @property
    def is_closed(self) -> bool:
        """Return whether no meld exposes the hand (concealed kongs keep it closed)."""
        return all(not m.is_open for m in self.melds)

    def all_tiles(self) -> list[Tile]:
        """Return the concealed tiles and every meld's tiles (bonus tiles excluded)."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    def __str__(self) -> str:
        head = format_tiles(self.concealed) + format_tiles(self.bonus)
        return ", ".join([head, *(str(m) for m in self.melds)])


def parse_melds(items: list[str] | tuple[str, ...] | str) -> tuple[Meld, ...]:
    """Return melds from a list of meld strings (or one comma-separated string)."""
    if isinstance(items, str):
        items = [p for p in (s.strip() for s in items.split(",")) if p]
    return tuple(parse_meld(m) for m in items)


def parse_hand(
    text: str, variant: str | None = None, rules: Mapping[str, object] | None = None
) -> Hand:
    """Return the hand written as ``TILES[, MELD]...``, checked against ``variant`` when given.

    >>> parse_hand("11111z", variant="hk")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidNotation: a fifth copy of '1z'
    """
    if not isinstance(text, str):
        raise InvalidNotation(
            _("a hand must be a string, got {type}").format(type=type(text).__name__)
        )
    parts = [p.strip() for p in text.split(",")]
    if not parts[0] and len(parts) > 1:
        raise InvalidNotation(
            _("a hand starts with its concealed tiles, got {text!r}").format(text=text), token=text
        )
    tiles = parse_tiles(parts[0])
    melds = tuple(parse_meld(p) for p in parts[1:] if p)
    hand = Hand(
        tuple(t for t in tiles if not is_bonus(t)),
        melds,
        tuple(t for t in tiles if is_bonus(t)),
    )
    if variant is not None:
        tile_set(variant, rules).check([*hand.all_tiles(), *hand.bonus])
    return hand

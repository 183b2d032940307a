"""Melds: the sets a player has called or declared, written ``chi 234s``, ``pon 777z from=2``.

>>> m = parse_meld("pon 777z from=2")
>>> m.kind, format_tiles(m.tiles), m.source, m.is_open
('pon', '777z', 2, True)
>>> str(parse_meld("ankan 5505p"))
'ankan 0555p'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from majiang.errors import InvalidNotation
from majiang.i18n import _
from majiang.tiles import RED_BASE, Tile, format_tiles, kind, parse_tiles, sort_key

MeldKind = Literal["chi", "pon", "kan", "ankan", "kakan"]
MELD_KINDS: tuple[MeldKind, ...] = ("chi", "pon", "kan", "ankan", "kakan")
_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4, "kakan": 4}


@dataclass(frozen=True)
class Meld:
    """One called or declared set.

    ``source`` is the relative seat the claimed tile came from (1 = previous player, 2 = across,
    3 = next), or ``None`` when unknown or for a concealed kong.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    source: int | None = None

    @property
    def is_open(self) -> bool:
        """Return whether the meld exposes the hand (every meld but a concealed kong)."""
        return self.kind != "ankan"

    @property
    def is_kong(self) -> bool:
        """Return whether the meld is a kong of any kind."""
        return self.kind in ("kan", "ankan", "kakan")

    @property
    def is_pung_like(self) -> bool:
        """Return whether the meld is a pung or a kong (three or four of a kind)."""
        return self.kind != "chi"

    @property
    def first(self) -> int:
        """Return the lowest ordinary kind in the meld (a chi's first tile, a pung's kind)."""
        return min(kind(t) for t in self.tiles)

    def __str__(self) -> str:
        text = f"{self.kind} {format_tiles(self.tiles)}"
        return text if self.source is None else f"{text} from={self.source}"


def make_meld(
    kind_name: str, tiles: list[Tile] | tuple[Tile, ...], source: int | None = None
) -> Meld:
    """Return a checked meld, or raise ``InvalidNotation`` saying what is wrong with it.

    >>> make_meld("chi", parse_tiles("135m"))
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidNotation: chi '135m' is not a run of three consecutive tiles of one suit
    """
    if kind_name not in _SIZES:
        raise InvalidNotation(
            _("unknown meld kind {kind!r} (expected one of {kinds})").format(
                kind=kind_name, kinds=", ".join(MELD_KINDS)
            ),
            token=kind_name,
        )
    _check_tiles(kind_name, tiles)
    _check_source(kind_name, tiles, source)
    ordered = tuple(sorted(tiles, key=sort_key))
    return Meld(kind_name, ordered, source)  # type: ignore[arg-type]


def _check_tiles(kind_name: str, tiles: Sequence[Tile]) -> None:
    """Raise ``InvalidNotation`` unless the tiles make a meld of this kind: their number, no
    bonus tile, a run for a chi, the same tile for the others."""
    size = _SIZES[kind_name]
    if len(tiles) != size:
        text = format_tiles(tiles)
        raise InvalidNotation(
            _("{kind} {tiles!r} needs {size} tiles, got {count}").format(
                kind=kind_name, tiles=text, size=size, count=len(tiles)
            ),
            token=text,
        )
    kinds = sorted([kind(t) for t in tiles])
    if kinds[-1] >= 34:
        text = format_tiles(tiles)
        raise InvalidNotation(
            _("{kind} {tiles!r} holds a bonus tile").format(kind=kind_name, tiles=text), token=text
        )
    if kind_name == "chi":
        a = kinds[0]
        if a >= 27 or a % 9 > 6 or kinds != [a, a + 1, a + 2]:
            text = format_tiles(tiles)
            raise InvalidNotation(
                _("chi {tiles!r} is not a run of three consecutive tiles of one suit").format(
                    tiles=text
                ),
                token=text,
            )
    elif kinds[0] != kinds[-1]:
        text = format_tiles(tiles)
        raise InvalidNotation(
            _("{kind} {tiles!r} is not {size} of the same tile").format(
                kind=kind_name, tiles=text, size=size
            ),
            token=text,
        )


def _check_source(kind_name: str, tiles: Sequence[Tile], source: int | None) -> None:
    """Raise ``InvalidNotation`` unless ``source`` is another seat (1-3), the previous one
    (1) for a chi."""
    if source is not None and source not in (1, 2, 3):
        raise InvalidNotation(
            _("from={source} must be 1, 2 or 3").format(source=source), token=f"from={source}"
        )
    if kind_name == "chi" and source not in (None, 1):
        text = format_tiles(tiles)
        raise InvalidNotation(
            _("chi {tiles!r} can only come from the previous player (from=1)").format(tiles=text),
            token=text,
        )


def parse_meld(text: str) -> Meld:
    """Return the meld written as ``KIND TILES [from=N]``.

    A meld written the canonical way (as ``str(meld)`` writes it) is found in the table of
    every legal meld; any other spelling is read and checked piece by piece.
    """
    if not isinstance(text, str):
        raise InvalidNotation(
            _("a meld must be a string, got {type}").format(type=type(text).__name__)
        )
    found = (_CANONICAL or _canonical_melds()).get(text)
    if found is not None:
        return found
    parts = text.split()
    if len(parts) not in (2, 3):
        raise InvalidNotation(
            _("a meld is 'KIND TILES [from=N]', got {text!r}").format(text=text), token=text
        )
    source: int | None = None
    if len(parts) == 3:
        opt = parts[2]
        if not opt.startswith("from=") or not opt[5:].isdigit():
            raise InvalidNotation(
                _("expected from=N in meld {text!r}, got {option!r}").format(text=text, option=opt),
                token=opt,
            )
        source = int(opt[5:])
    return make_meld(parts[0], parse_tiles(parts[1]), source)


#: the canonical text of every meld of ordinary tiles (at most one red five) -> the meld
_CANONICAL: dict[str, Meld] = {}


def _canonical_melds() -> dict[str, Meld]:
    """Return (building it on first use) the table of every meld by its canonical text."""
    shapes: list[tuple[MeldKind, list[int]]] = []
    for k in range(34):
        same: list[list[int]] = [[k] * 4]
        if k < 27 and k % 9 == 4:
            same.append([RED_BASE + k // 9] + [k] * 3)
        for tiles in same:
            shapes.append(("pon", tiles[:3]))
            shapes.extend((kind_name, tiles) for kind_name in ("kan", "ankan", "kakan"))
        if k < 27 and k % 9 <= 6:
            run = [k, k + 1, k + 2]
            shapes.append(("chi", run))
            if 4 in (r % 9 for r in run):
                shapes.append(("chi", [RED_BASE + k // 9 if r % 9 == 4 else r for r in run]))
    table: dict[str, Meld] = {}
    for kind_name, tiles in shapes:
        for source in (None, 1) if kind_name == "chi" else (None, 1, 2, 3):
            meld = make_meld(kind_name, tiles, source)
            table[str(meld)] = meld
    _CANONICAL.update(table)
    return _CANONICAL

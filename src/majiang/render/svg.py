"""SVG of tiles, rows of tiles and hands, drawn by our own code (no fonts or images needed).

Every function returns a complete ``<svg>`` document as text, usable inline in HTML, saved as
a file, or shown in a notebook. Sizes are in CSS pixels: ``size`` is the width of an upright
tile (its height is ``size * 4 / 3``).

Each tile carries a ``<title>`` with its human name and a ``data-tile`` attribute with its
notation. A face-down tile says only ``data-tile="back"``: the SVG of a hidden tile never
names it.

>>> svg = svg_hand("123m456p789s11z", drawn_tile="1z", melds=["pon 777z from=2"])
>>> svg.count('data-tile="7z"'), svg.count("mj-sideways")
(3, 1)
>>> svg_tile("0p", size=30).split(" viewBox")[0]
'<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40"'
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from majiang.errors import InvalidNotation
from majiang.hand import Hand, parse_hand
from majiang.melds import Meld, parse_meld
from majiang.render.faces import HEIGHT, WIDTH, tile_body
from majiang.tiles import (
    NUM_TILE_IDS,
    Tile,
    format_tiles,
    is_red,
    parse_tile,
    parse_tiles,
    sort_key,
    tile_label,
    tile_name,
)

__all__ = [
    "preview_svg",
    "svg_hand",
    "svg_sprite",
    "svg_tile",
    "svg_tiles",
    "tile_css",
]

DEFAULT_SIZE = 30
BACK_LABEL = "Face-down tile"
_NS = 'xmlns="http://www.w3.org/2000/svg"'
#: gaps in tile units (an upright tile is 60 wide)
_DRAWN_GAP = 18
_MELD_GAP = 12
_GROUP_GAP = 30
_ROW_GAP = 6

TileLike = Tile | str


def as_tile(t: TileLike) -> Tile:
    """Return the tile for an id or a one-tile notation, or raise ``InvalidNotation``.

    >>> as_tile("0s") == 44, as_tile(3)
    (True, 3)
    """
    if isinstance(t, bool) or not isinstance(t, int | str):
        raise InvalidNotation(f"a tile is an id 0-44 or a notation like '5p', got {t!r}")
    if isinstance(t, str):
        return parse_tile(t)
    if not 0 <= t < NUM_TILE_IDS:
        raise InvalidNotation(f"no tile id {t} (ids are 0-44)", token=str(t))
    return t


def _tiles(tiles: str | Iterable[TileLike]) -> list[Tile]:
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    return [as_tile(t) for t in tiles]


def _num(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _label(t: Tile | None) -> str:
    return BACK_LABEL if t is None else tile_label(t)


def _notation(t: Tile | None) -> str:
    return "back" if t is None else tile_name(t)


@dataclass(frozen=True)
class Placed:
    """One tile placed in a drawing, in tile units: its top-left corner and how it lies."""

    tile: Tile | None  # None: face down
    x: float
    y: float
    sideways: bool = False
    dimmed: bool = False
    #: where the tile sprite is served (``/tiles.svg``): the tile refers to its symbol there
    #: instead of carrying its drawing
    sprite: str | None = None

    @property
    def width(self) -> float:
        """Return the width it takes: a sideways tile lies on its long side."""
        return HEIGHT if self.sideways else WIDTH

    def body(self) -> str:
        """Return the tile's drawing, or a reference to its symbol in the sprite."""
        if self.sprite is None:
            return tile_body(self.tile)
        href = f"{self.sprite}#{_symbol_id(self.tile)}"
        return f'<use href="{_esc(href)}" width="{WIDTH}" height="{HEIGHT}"/>'

    def element(self) -> str:
        """Return the tile as a ``<g>`` with its title and ``data-tile``."""
        classes = "mj-tile" + (" mj-sideways" if self.sideways else "")
        classes += " mj-back" if self.tile is None else ""
        classes += " mj-dimmed" if self.dimmed else ""
        move = f"translate({_num(self.x)} {_num(self.y)})"
        if self.sideways:  # the tile's top turns to the left, as a called tile lies
            move += f" translate(0 {WIDTH}) rotate(-90)"
        dim = ' opacity="0.55"' if self.dimmed else ""
        return (
            f'<g class="{classes}" data-tile="{_notation(self.tile)}" transform="{move}"{dim}>'
            f"<title>{_esc(_label(self.tile))}</title>{self.body()}</g>"
        )


def _document(
    placed: list[Placed],
    width: float,
    height: float,
    size: int,
    label: str,
    sprite: str | None = None,
) -> str:
    scale = size / WIDTH
    if sprite is not None:
        placed = [replace(p, sprite=sprite) for p in placed]
    return (
        f'<svg {_NS} width="{_num(width * scale)}" height="{_num(height * scale)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" role="img" class="mj-tiles" '
        f'aria-label="{_esc(label)}"><title>{_esc(label)}</title>'
        + "".join(p.element() for p in placed)
        + "</svg>"
    )


def _check_size(size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int | float) or size <= 0:
        raise InvalidNotation(f"size must be a positive number of pixels, got {size!r}")


def svg_tile(
    tile: TileLike | None, *, sideways: bool = False, back: bool = False, size: int = DEFAULT_SIZE
) -> str:
    """Return one tile as an SVG document ``size`` pixels wide (upright), or lying sideways.

    ``back=True`` (or ``tile=None``) draws it face down, without naming it.

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(svg_tile("5z", sideways=True, size=30))
    >>> root.get("width"), root.get("height"), root.get("data-tile")
    ('40', '30', '5z')
    >>> root.find("{http://www.w3.org/2000/svg}title").text
    'White dragon'
    """
    _check_size(size)
    t = None if back or tile is None else as_tile(tile)
    if tile is not None:
        as_tile(tile)  # a bad tile is an error even face down
    w, h = (HEIGHT, WIDTH) if sideways else (WIDTH, HEIGHT)
    scale = size / WIDTH
    turn = f'<g transform="translate(0 {WIDTH}) rotate(-90)">' if sideways else "<g>"
    classes = "mj-tile" + (" mj-sideways" if sideways else "") + (" mj-back" if t is None else "")
    return (
        f'<svg {_NS} width="{_num(w * scale)}" height="{_num(h * scale)}" '
        f'viewBox="0 0 {w} {h}" role="img" class="{classes}" data-tile="{_notation(t)}" '
        f'aria-label="{_esc(_label(t))}"><title>{_esc(_label(t))}</title>'
        f"{turn}{tile_body(t)}</g></svg>"
    )


def _meld_row(meld: Meld, x0: float, bottom: float) -> tuple[list[Placed], float]:
    """Return one meld's tiles placed from ``x0`` on a row whose bottom is at ``bottom``.

    The called tile lies sideways on the side it came from (``source`` 1: left, 2: middle,
    3: right); a concealed kong shows its two outer tiles face down; an added kong lays the
    fourth tile sideways on top of the called one.
    """
    tiles = list(meld.tiles)
    if meld.kind == "ankan":
        # show a red five face up when there is one
        tiles.sort(key=lambda t: not is_red(t))
        shown = tiles[:2]
        row: list[tuple[Tile | None, bool]] = [(None, False), *((t, False) for t in shown)]
        row.append((None, False))
        stacked: Tile | None = None
    else:
        stacked = tiles.pop() if meld.kind == "kakan" else None
        n = len(tiles)
        side = {1: 0, 2: 1, 3: n - 1}.get(meld.source or 0)
        row = [(t, i == side) for i, t in enumerate(tiles)]
    placed: list[Placed] = []
    x = x0
    for t, sideways in row:
        p = Placed(t, x, bottom - (WIDTH if sideways else HEIGHT), sideways)
        placed.append(p)
        if sideways and stacked is not None:
            placed.append(Placed(stacked, x, bottom - 2 * WIDTH, True))
        x += p.width
    if stacked is not None and not any(p.sideways for p in placed):
        # an added kong of unknown source: the fourth tile sits sideways on the right
        placed.append(Placed(stacked, x, bottom - WIDTH, True))
        x += HEIGHT
    return placed, x


def _as_meld(m: Meld | str) -> Meld:
    return m if isinstance(m, Meld) else parse_meld(m)


def svg_hand(
    hand: Hand | str | Sequence[TileLike],
    *,
    drawn_tile: TileLike | None = None,
    melds: Iterable[Meld | str] = (),
    bonus: Iterable[TileLike] = (),
    sort: bool = True,
    face_down: bool = False,
    size: int = DEFAULT_SIZE,
    sprite: str | None = None,
) -> str:
    """Return a hand as one SVG: concealed tiles, the drawn tile apart, melds, then bonus tiles.

    ``hand`` is notation (``"123m456p, pon 777z from=2"``), a ``Hand`` or a list of tiles;
    ``melds`` and ``bonus`` add to the hand's own. ``face_down=True`` draws the concealed and
    drawn tiles face down (an opponent's hand) and names none of them. ``sprite`` (the address
    of ``svg_sprite()``, such as ``"/tiles.svg"``) makes each tile a ``<use>`` of its symbol
    there: a page with many hands carries each drawing once.

    >>> svg_hand("11z", sprite="/tiles.svg").count('<use href="/tiles.svg#mj-1z"')
    2

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(svg_hand("19m19p19s1234567z", drawn_tile="1m", size=30))
    >>> root.get("width"), root.get("height")
    ('429', '40')
    """
    _check_size(size)
    if isinstance(hand, Hand):
        h = hand
    elif isinstance(hand, str):
        h = parse_hand(hand)
    else:
        h = Hand(tuple(_tiles(hand)))
    concealed = sorted(h.concealed, key=sort_key) if sort else list(h.concealed)
    all_melds = [*h.melds, *(_as_meld(m) for m in melds)]
    flowers = sorted([*h.bonus, *_tiles(bonus)], key=sort_key)
    drawn = None if drawn_tile is None else as_tile(drawn_tile)
    tall = any(m.kind == "kakan" for m in all_melds)
    bottom = 2 * WIDTH if tall else HEIGHT
    placed: list[Placed] = []
    x = 0.0
    for t in concealed:
        placed.append(Placed(None if face_down else t, x, bottom - HEIGHT))
        x += WIDTH
    if drawn is not None:
        x += _DRAWN_GAP if concealed else 0
        placed.append(Placed(None if face_down else drawn, x, bottom - HEIGHT))
        x += WIDTH
    for i, meld in enumerate(all_melds):
        x += (_GROUP_GAP if i == 0 else _MELD_GAP) if x else 0
        tiles, x = _meld_row(meld, x, bottom)
        placed.extend(tiles)
    if flowers:
        x += _GROUP_GAP if x else 0
        for t in flowers:
            placed.append(Placed(t, x, bottom - HEIGHT))
            x += WIDTH
    parts = [f"{len(concealed)} face-down tiles" if face_down else format_tiles(concealed, sort)]
    if drawn is not None:
        parts.append("drew a tile" if face_down else f"drew {tile_name(drawn)}")
    parts.extend(str(m) for m in all_melds)
    if flowers:
        parts.append(f"bonus {format_tiles(flowers)}")
    label = "Hand: " + ", ".join(p for p in parts if p)
    return _document(placed, max(x, 1), bottom, size, label, sprite)


def svg_tiles(
    tiles: str | Iterable[TileLike | None],
    *,
    sideways: Iterable[int] = (),
    dimmed: Iterable[int] = (),
    per_row: int | None = None,
    back: bool = False,
    size: int = DEFAULT_SIZE,
    label: str | None = None,
    sprite: str | None = None,
) -> str:
    """Return a row of tiles in the order given, such as a discard pond.

    ``sideways`` holds the positions of tiles that lie sideways (a riichi declaration),
    ``dimmed`` those shown faded (discards another player called); ``per_row`` wraps the row
    (a riichi pond has 6 per row). ``None`` entries and ``back=True`` draw face-down tiles.
    ``sprite``: as in ``svg_hand``.

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(svg_tiles("1z9m5p3s2s8m7p", sideways=[3], per_row=6, size=30))
    >>> root.get("width"), root.get("height")
    ('190', '83')
    """
    _check_size(size)
    if isinstance(tiles, str):
        seq: list[Tile | None] = list(parse_tiles(tiles))
    else:
        seq = [None if t is None else as_tile(t) for t in tiles]
    if per_row is not None and (isinstance(per_row, bool) or per_row < 1):
        raise InvalidNotation(f"per_row must be a positive number, got {per_row!r}")
    turned, faded = set(sideways), set(dimmed)
    for i in turned | faded:
        if not 0 <= i < len(seq):
            raise InvalidNotation(f"position {i} is outside the {len(seq)} tiles")
    placed: list[Placed] = []
    x = y = width = 0.0
    for i, t in enumerate(seq):
        if per_row and i and i % per_row == 0:
            x, y = 0.0, y + HEIGHT + _ROW_GAP
        lies = i in turned
        p = Placed(None if back else t, x, y + (HEIGHT - WIDTH if lies else 0), lies, i in faded)
        placed.append(p)
        x += p.width
        width = max(width, x)
    height = y + HEIGHT if seq else HEIGHT
    if label is None:
        shown = [t for t in seq if t is not None and not back]
        label = f"{len(seq)} face-down tiles" if back else "Tiles: " + format_tiles(shown, False)
    return _document(placed, max(width, 1), height, size, label, sprite)


def _symbol_id(t: Tile | None) -> str:
    return f"mj-{_notation(t)}"


def svg_sprite() -> str:
    """Return one SVG of ``<symbol>`` elements, ``mj-1m`` ... ``mj-0s`` and ``mj-back``.

    Put it once in a page (hidden), then draw any tile with
    ``<svg viewBox="0 0 60 80"><use href="#mj-5p"/></svg>``.

    >>> sprite = svg_sprite()
    >>> sprite.count("<symbol"), 'id="mj-0p"' in sprite
    (46, True)
    """
    tiles: list[Tile | None] = [*sorted(range(NUM_TILE_IDS), key=sort_key), None]
    symbols = "".join(
        f'<symbol id="{_symbol_id(t)}" viewBox="0 0 {WIDTH} {HEIGHT}" data-tile="{_notation(t)}">'
        f"<title>{_esc(_label(t))}</title>{tile_body(t)}</symbol>"
        for t in tiles
    )
    return f'<svg {_NS} style="display:none" aria-hidden="true">{symbols}</svg>'


def tile_css(size: int = DEFAULT_SIZE, prefix: str = "mj-t") -> str:
    """Return CSS giving each tile a class with its SVG as a background image.

    ``<span class="mj-t mj-t-5p"></span>`` shows a 5 of dots; ``mj-t-back`` a face-down tile.

    >>> css = tile_css()
    >>> css.count("data:image/svg+xml"), ".mj-t-0m{" in css
    (46, True)
    """
    _check_size(size)
    rules = [
        f".{prefix}{{display:inline-block;width:{_num(size)}px;height:{_num(size * 4 / 3)}px;"
        "background-size:100% 100%;background-repeat:no-repeat;vertical-align:bottom}"
    ]
    for t in [*sorted(range(NUM_TILE_IDS), key=sort_key), None]:
        doc = f'<svg {_NS} viewBox="0 0 {WIDTH} {HEIGHT}">{tile_body(t)}</svg>'  # no title in CSS
        url = "data:image/svg+xml," + urllib.parse.quote(doc, safe=" =:/,")
        rules.append(f'.{prefix}-{_notation(t)}{{background-image:url("{url}")}}')
    return "\n".join(rules) + "\n"


def preview_svg(size: int = 45) -> str:
    """Return one SVG page showing every tile, both sizes, sideways tiles, melds and a pond.

    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(preview_svg()).tag
    '{http://www.w3.org/2000/svg}svg'
    """
    rows: list[tuple[str, str]] = [
        ("Characters (m), red five 0m", svg_tiles("1234567890m", size=size)),
        ("Dots (p), red five 0p", svg_tiles("1234567890p", size=size)),
        ("Bamboo (s), red five 0s", svg_tiles("1234567890s", size=size)),
        ("Winds and dragons (z), back", svg_tiles([*parse_tiles("1234567z"), None], size=size)),
        ("Flowers and seasons (f)", svg_tiles("12345678f", size=size)),
        ("Phone size: 30 px wide", svg_tiles("1234567890m1234567890p", size=30)),
        ("", svg_tiles("1234567890s1234567z12345678f", size=30)),
        (
            "Hand: drawn tile apart; pon from left, across, right",
            svg_hand(
                "2340m11z",
                drawn_tile="1z",
                melds=["pon 555p from=1", "pon 666s from=2", "pon 777z from=3"],
                size=size,
            ),
        ),
        (
            "Chi; open kong from across; concealed kong; added kong from the right; flowers",
            svg_hand(
                "11z",
                melds=["chi 345s from=1", "kan 2222m from=2", "ankan 0555p", "kakan 9999s from=3"],
                bonus="15f",
                size=size,
            ),
        ),
        ("An opponent's hand, face down", svg_hand("1112345678999m", face_down=True, size=30)),
        (
            "Discard pond, 6 per row: riichi declared on the 8th tile, the 3rd called away",
            svg_tiles("1z9m5p3s2s8m7p4z6s1p", sideways=[7], dimmed=[2], per_row=6, size=size),
        ),
    ]
    margin, text_h, y = 16, 18, 12.0
    body: list[str] = []
    width = 0.0
    for caption, doc in rows:
        if caption:
            y += text_h
            body.append(
                f'<text x="{margin}" y="{_num(y - 5)}" font-family="Arial, Helvetica, sans-serif" '
                f'font-size="14" fill="#333">{_esc(caption)}</text>'
            )
        w = float(doc.split('width="', 1)[1].split('"', 1)[0])
        h = float(doc.split('height="', 1)[1].split('"', 1)[0])
        body.append(doc.replace("<svg ", f'<svg x="{margin}" y="{_num(y)}" ', 1))
        y += h + 8
        width = max(width, w)
    total_w, total_h = width + 2 * margin, y + margin
    return (
        f'<svg {_NS} width="{_num(total_w)}" height="{_num(total_h)}" '
        f'viewBox="0 0 {_num(total_w)} {_num(total_h)}"><title>majiang tiles preview</title>'
        f'<rect width="100%" height="100%" fill="#eef1ec"/>' + "".join(body) + "</svg>"
    )

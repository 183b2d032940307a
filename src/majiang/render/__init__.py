"""Pictures of tiles: SVG for pages and notebooks, Unicode or notation text for terminals.

Standard library only; usable like a chart library.

>>> import majiang.render
>>> svg = majiang.render.svg_hand("123m456p789s1122z", drawn_tile="1z")
>>> svg.startswith("<svg") and svg.count("<title>") == 1 + 14  # the hand's, then each tile's
True
"""

from majiang.render.svg import (
    as_tile,
    preview_svg,
    svg_hand,
    svg_sprite,
    svg_tile,
    svg_tiles,
    tile_css,
)
from majiang.render.text import supports_unicode, text_hand, text_tile, text_tiles, unicode_glyph

__all__ = [
    "as_tile",
    "preview_svg",
    "supports_unicode",
    "svg_hand",
    "svg_sprite",
    "svg_tile",
    "svg_tiles",
    "text_hand",
    "text_tile",
    "text_tiles",
    "tile_css",
    "unicode_glyph",
]

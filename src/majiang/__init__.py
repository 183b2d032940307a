"""majiang: one mahjong engine for Hong Kong, Taiwan 16-tile, Japanese Riichi and Sichuan.

>>> import majiang
>>> majiang.format_tiles(majiang.parse_tiles("321m"))
'123m'
"""

from majiang.errors import IllegalAction, InvalidNotation, InvalidRequest, MajiangError
from majiang.hand import Hand, parse_hand
from majiang.melds import Meld, parse_meld
from majiang.scoring import score
from majiang.shanten import acceptance, shanten, waits
from majiang.tiles import (
    Tile,
    TileSet,
    counts34,
    format_tiles,
    kind,
    parse_tile,
    parse_tiles,
    tile_name,
    tile_set,
)

__version__ = "0.1.0"

__all__ = [
    "Hand",
    "IllegalAction",
    "InvalidNotation",
    "InvalidRequest",
    "MajiangError",
    "Meld",
    "Tile",
    "TileSet",
    "__version__",
    "acceptance",
    "counts34",
    "format_tiles",
    "kind",
    "parse_hand",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "score",
    "shanten",
    "tile_name",
    "tile_set",
    "waits",
]

"""Plain-text rendering of tiles and hands for terminals: Unicode mahjong tiles or notation.

The Unicode "Mahjong Tiles" block (U+1F000-U+1F02B) has a glyph for every tile but red fives;
a red five is drawn as a five, followed by ``*`` (or coloured red with ``color=True``).
Most terminals draw these glyphs wider than one cell, so each is followed by a space, except
the red dragon 🀄, which terminals already treat as two cells wide.

>>> text_tiles("123m0p7z")
'🀇 🀈 🀉 🀝*🀄'
>>> text_tiles("123m0p7z", style="notation")
'123m0p7z'
>>> text_hand("123m, pon 777z from=2", drawn_tile="4m", style="notation")
'123m 4m [777z]'
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Literal, TextIO

from majiang.hand import Hand, parse_hand
from majiang.melds import Meld, parse_meld
from majiang.render.svg import TileLike, as_tile
from majiang.tiles import (
    Tile,
    format_tiles,
    is_bonus,
    is_honor,
    is_red,
    kind,
    parse_tiles,
    rank,
    sort_key,
    suit,
)

Style = Literal["unicode", "notation"]
BACK = "\U0001f02b"
_RED_ANSI = "\x1b[31m"
_RESET = "\x1b[0m"
#: honors in tile order E S W N, white, green, red
_HONOR_CODES = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_SUIT_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_RED_DRAGON = "\U0001f004"


def unicode_glyph(t: Tile) -> str:
    """Return the Unicode mahjong character of a tile (a red five gets its five's).

    >>> unicode_glyph(as_tile("1z")), unicode_glyph(as_tile("9s")), unicode_glyph(as_tile("8f"))
    ('🀀', '🀘', '🀩')
    """
    if is_bonus(t):
        return chr(0x1F022 + t - 34)
    if is_honor(t):
        return chr(_HONOR_CODES[t - 27])
    return chr(_SUIT_BASE[suit(kind(t))] + rank(t) - 1)


def text_tile(t: TileLike | None, style: Style = "unicode", color: bool = False) -> str:
    """Return one tile as text; ``None`` is a face-down tile.

    In ``unicode`` style the result is two terminal cells wide.

    >>> text_tile("0m"), text_tile("0m", color=True), text_tile(None), text_tile("0m", "notation")
    ('🀋*', '\\x1b[31m🀋\\x1b[0m ', '🀫 ', '0m')
    """
    if style not in ("unicode", "notation"):
        raise ValueError(f"style must be 'unicode' or 'notation', got {style!r}")
    if t is None:
        return BACK + " " if style == "unicode" else "##"
    tile = as_tile(t)
    if style == "notation":
        return format_tiles([tile])
    glyph = unicode_glyph(tile)
    if glyph == _RED_DRAGON:
        return glyph
    if is_red(tile):
        return f"{_RED_ANSI}{glyph}{_RESET} " if color else glyph + "*"
    return glyph + " "


def text_tiles(
    tiles: str | Iterable[TileLike | None], style: Style = "unicode", color: bool = False
) -> str:
    """Return tiles as text in the order given (notation style groups them by suit).

    >>> text_tiles([None, "5p", "5p", None])
    '🀫 🀝 🀝 🀫 '
    """
    seq: list[Tile | None] = (
        list(parse_tiles(tiles))
        if isinstance(tiles, str)
        else [None if t is None else as_tile(t) for t in tiles]
    )
    if style == "notation" and None not in seq:
        return format_tiles([t for t in seq if t is not None], sort=False)
    joiner = " " if style == "notation" else ""
    return joiner.join(text_tile(t, style, color) for t in seq)


def _meld_text(meld: Meld, style: Style, color: bool) -> str:
    tiles: list[Tile | None] = list(meld.tiles)
    if meld.kind == "ankan":
        shown = sorted(meld.tiles, key=lambda t: not is_red(t))[:2]
        tiles = [None, *shown, None]
    if style == "notation":
        return f"[{text_tiles(tiles, style, color)}]"
    return text_tiles(tiles, style, color)


def text_hand(
    hand: Hand | str | Sequence[TileLike],
    *,
    drawn_tile: TileLike | None = None,
    melds: Iterable[Meld | str] = (),
    style: Style = "unicode",
    color: bool = False,
    face_down: bool = False,
) -> str:
    """Return a hand as one line: sorted concealed tiles, the drawn tile, melds, bonus tiles.

    Groups are separated by two spaces in ``unicode`` style; melds are bracketed in
    ``notation`` style; a concealed kong shows its outer tiles face down.

    >>> text_hand("12m, ankan 1111z", drawn_tile="3m")
    '🀇 🀈   🀉   🀫 🀀 🀀 🀫 '
    """
    if isinstance(hand, Hand):
        h = hand
    elif isinstance(hand, str):
        h = parse_hand(hand)
    else:
        h = Hand(tuple(as_tile(t) for t in hand))
    concealed: list[Tile | None] = [*sorted(h.concealed, key=sort_key)]
    groups: list[str] = []
    if face_down:
        concealed = [None] * len(concealed)
    if concealed:
        groups.append(text_tiles(concealed, style, color))
    if drawn_tile is not None:
        drawn = None if face_down else as_tile(drawn_tile)
        groups.append(text_tile(drawn, style, color))
    for m in [*h.melds, *(m if isinstance(m, Meld) else parse_meld(m) for m in melds)]:
        groups.append(_meld_text(m, style, color))
    if h.bonus:
        bonus: list[Tile] = sorted(h.bonus, key=sort_key)
        groups.append(text_tiles(bonus, style, color))
    return ("  " if style == "unicode" else " ").join(groups)


def supports_unicode(stream: TextIO | None = None) -> bool:
    """Return whether a stream's encoding can write the mahjong glyphs (else use notation).

    >>> import io
    >>> supports_unicode(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    False
    """
    out = sys.stdout if stream is None else stream
    encoding = getattr(out, "encoding", None) or "ascii"
    try:
        BACK.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True

"""The drawing of each tile face, as SVG elements in a 60 x 80 box (upright tile, top at y=0).

Everything is drawn with our own shapes: circles for dots, sticks for bamboo, stroke glyphs
(``glyphs.py``) for characters, winds and dragons; the only text is a small Arabic index
(digits and the letters E S W N), which every font has.

>>> from majiang.tiles import parse_tile
>>> body = tile_body(parse_tile("0p"))
>>> 'class="red-mark"' in body, body.count("<circle") > 5
(True, True)
"""

from __future__ import annotations

import math

from majiang.render.glyphs import NUMERALS, WIND_GLYPHS, glyph_path
from majiang.tiles import (
    WHITE,
    Tile,
    is_bonus,
    is_honor,
    is_red,
    rank,
    suit,
)

WIDTH = 60
HEIGHT = 80

BLUE = "#1d4f9e"
GREEN = "#17703c"
RED = "#c62828"
INK = "#1c1c1c"
FACE = "#fbf8ee"
EDGE = "#d9cfb4"
OUTLINE = "#6b6455"
BACK = "#2f7a55"
BACK_INNER = "#3f9468"

FLOWER_COLORS = ("#d81b60", "#8e24aa", "#e0a000", "#2e7d32")  # plum, orchid, chrysanthemum, bamboo
SEASON_COLORS = ("#43a047", "#e65100", "#8d4e1f", "#1e88e5")  # spring, summer, autumn, winter

_FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="bold"'

#: dots: (x, y, radius, color) per rank; the face centre is (30, 38)
_DOTS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    2: ((30, 20, 12, GREEN), (30, 56, 12, BLUE)),
    3: ((14, 16, 10, BLUE), (30, 38, 10, RED), (46, 60, 10, GREEN)),
    4: ((17, 21, 11, BLUE), (43, 21, 11, GREEN), (17, 55, 11, GREEN), (43, 55, 11, BLUE)),
    5: (
        (16, 17, 10, BLUE),
        (44, 17, 10, GREEN),
        (30, 38, 10, RED),
        (16, 59, 10, GREEN),
        (44, 59, 10, BLUE),
    ),
    6: tuple((x, y, 10, GREEN if y < 20 else RED) for y in (16, 38, 60) for x in (18, 42)),
    7: (
        (13, 12, 7.5, GREEN),
        (30, 20, 7.5, GREEN),
        (47, 28, 7.5, GREEN),
        *((x, y, 8.5, RED) for y in (46, 64) for x in (18, 42)),
    ),
    8: tuple((x, y, 8, BLUE) for y in (12, 29, 47, 64) for x in (18, 42)),
    9: tuple(
        (x, y, 8.5, color)
        for y, color in ((15, BLUE), (38, RED), (61, GREEN))
        for x in (13, 30, 47)
    ),
}

#: bamboo: (x, y, length, angle, red) per rank
_STICKS: dict[int, tuple[tuple[float, float, float, float, bool], ...]] = {
    2: ((30, 21, 28, 0, False), (30, 55, 28, 0, False)),
    3: ((30, 21, 28, 0, False), (19, 55, 28, 0, False), (41, 55, 28, 0, False)),
    4: tuple((x, y, 28, 0, False) for y in (21, 55) for x in (19, 41)),
    5: (
        *((x, y, 28, 0, False) for y in (21, 55) for x in (13, 47)),
        (30, 38, 28, 0, True),
    ),
    6: tuple((x, y, 28, 0, False) for y in (21, 55) for x in (15, 30, 45)),
    7: ((30, 13, 19, 0, True), *((x, y, 20, 0, False) for y in (37, 61) for x in (15, 30, 45))),
    8: (
        (12, 21, 28, 0, False),
        (24, 21, 28, 22, False),
        (36, 21, 28, -22, False),
        (48, 21, 28, 0, False),
        (12, 55, 28, 0, False),
        (24, 55, 28, -22, False),
        (36, 55, 28, 22, False),
        (48, 55, 28, 0, False),
    ),
    9: tuple((x, y, 20, 0, x == 30) for y in (14, 38, 62) for x in (15, 30, 45)),
}


def _num(v: float) -> str:
    """Return a compact decimal for an SVG attribute."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _glyph(char: str, x: float, y: float, box: float, color: str, weight: float = 9) -> str:
    """Return one stroke glyph scaled into a ``box``-wide square whose top-left is (x, y)."""
    scale = box / 100
    return (
        f'<path transform="translate({_num(x)} {_num(y)}) scale({_num(scale)})" '
        f'd="{glyph_path(char)}" fill="none" stroke="{color}" stroke-width="{_num(weight)}" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _index(text: str, color: str, x: float = 8, y: float = 14, font: float = 12) -> str:
    """Return the small Arabic index printed in the top-left corner."""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(font)}" {_FONT} '
        f'text-anchor="middle" fill="{color}">{text}</text>'
    )


def _dot(x: float, y: float, r: float, color: str) -> str:
    return (
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{color}"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.62)}" fill="{FACE}"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.3)}" fill="{color}"/>'
    )


def _dots(n: int, red: bool) -> list[str]:
    if n == 1:
        outer = RED if red else GREEN
        return [
            f'<circle cx="30" cy="38" r="21" fill="{outer}"/>',
            f'<circle cx="30" cy="38" r="16.5" fill="{FACE}"/>',
            f'<circle cx="30" cy="38" r="13" fill="{RED if red else BLUE}"/>',
            f'<circle cx="30" cy="38" r="8" fill="{FACE}"/>',
            f'<circle cx="30" cy="38" r="4.5" fill="{RED}"/>',
        ]
    return [_dot(x, y, r, RED if red else color) for x, y, r, color in _DOTS[n]]


def _stick(x: float, y: float, length: float, angle: float, color: str) -> str:
    w = 7.0
    top = y - length / 2
    turn = f' transform="rotate({_num(angle)} {_num(x)} {_num(y)})"' if angle else ""
    return (
        f"<g{turn}>"
        f'<rect x="{_num(x - w / 2)}" y="{_num(top)}" width="{_num(w)}" height="{_num(length)}" '
        f'rx="3" fill="{color}"/>'
        f'<path d="M{_num(x - w / 2)} {_num(y)}H{_num(x + w / 2)}'
        f"M{_num(x - w / 2)} {_num(top + 3)}H{_num(x + w / 2)}"
        f'M{_num(x - w / 2)} {_num(top + length - 3)}H{_num(x + w / 2)}" '
        f'stroke="{FACE}" stroke-width="1.3" fill="none"/>'
        f'<path d="M{_num(x)} {_num(top + 4)}V{_num(y - 1.5)}M{_num(x)} {_num(y + 1.5)}'
        f'V{_num(top + length - 4)}" stroke="{FACE}" stroke-width="1" opacity="0.6" fill="none"/>'
        "</g>"
    )


def _bird() -> list[str]:
    """Return the one of bamboo: a stylized bird (a peacock-like body, crest, tail and legs)."""
    return [
        f'<path d="M24 50C12 58 8 68 10 74C16 68 20 64 28 58Z" fill="{BLUE}"/>',
        f'<path d="M27 52C22 64 22 72 26 76C28 70 30 64 32 56Z" fill="{GREEN}"/>',
        f'<ellipse cx="31" cy="40" rx="11" ry="16" transform="rotate(20 31 40)" fill="{GREEN}"/>',
        f'<path d="M26 34C34 34 40 44 34 54C30 48 27 42 26 34Z" fill="{BLUE}"/>',
        f'<circle cx="38" cy="20" r="7" fill="{GREEN}"/>',
        f'<path d="M36 13L33 6M38 13L39 5M40 13L45 7" stroke="{RED}" stroke-width="2" '
        'stroke-linecap="round" fill="none"/>',
        '<path d="M44 18L53 21L44 24Z" fill="#e0a000"/>',
        f'<circle cx="40" cy="19" r="2.2" fill="{FACE}"/>',
        f'<circle cx="40.5" cy="19" r="1.1" fill="{INK}"/>',
        f'<path d="M29 55L27 68M35 54L37 68M24 68H30M34 68H40" stroke="{RED}" '
        'stroke-width="2" stroke-linecap="round" fill="none"/>',
    ]


def _bamboo(n: int, red: bool) -> list[str]:
    if n == 1:
        return _bird()
    return [
        _stick(x, y, length, angle, RED if red or is_red_stick else GREEN)
        for x, y, length, angle, is_red_stick in _STICKS[n]
    ]


def _characters(n: int, red: bool) -> list[str]:
    color = RED if red else INK
    return [
        _glyph(NUMERALS[n - 1], 17, 4, 34, color, weight=10),
        _glyph("萬", 12, 39, 36, RED, weight=9),
        _index(str(n), color, x=8, y=13, font=11),
    ]


def _honor(t: Tile) -> list[str]:
    n = rank(t)
    if n <= 4:
        return [_glyph(WIND_GLYPHS[n - 1], 8, 16, 44, INK, weight=8.5), _index("ESWN"[n - 1], BLUE)]
    if t == WHITE:
        return [
            f'<rect x="11" y="11" width="38" height="54" rx="3" fill="none" stroke="{BLUE}" '
            'stroke-width="4"/>',
            f'<rect x="17" y="17" width="26" height="42" rx="2" fill="none" stroke="{BLUE}" '
            'stroke-width="1.6"/>',
        ]
    if n == 6:
        return [_glyph("發", 7, 15, 46, GREEN, weight=8)]
    return [_glyph("中", 7, 15, 46, RED, weight=10)]


def _petals(count: int, color: str, r: float, cx: float = 30, cy: float = 46) -> list[str]:
    out = []
    for i in range(count):
        a = 2 * math.pi * i / count - math.pi / 2
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        out.append(
            f'<ellipse cx="{_num(px)}" cy="{_num(py)}" rx="{_num(r * 0.62)}" '
            f'ry="{_num(r * 0.38)}" transform="rotate({_num(math.degrees(a))} '
            f'{_num(px)} {_num(py)})" fill="{color}"/>'
        )
    out.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.45)}" fill="#f6c40f"/>')
    return out


def _season_icon(n: int, color: str) -> list[str]:
    if n == 1:  # spring: a sprout
        return [
            f'<path d="M30 68V40" stroke="{color}" stroke-width="3.5" stroke-linecap="round" fill="none"/>',
            f'<path d="M30 48C18 48 12 38 14 30C24 30 30 38 30 48Z" fill="{color}"/>',
            f'<path d="M30 42C40 42 48 34 46 24C36 24 30 32 30 42Z" fill="{color}"/>',
        ]
    if n == 2:  # summer: the sun
        rays = "".join(
            f"M{_num(30 + 12 * math.cos(a))} {_num(46 + 12 * math.sin(a))}"
            f"L{_num(30 + 19 * math.cos(a))} {_num(46 + 19 * math.sin(a))}"
            for a in (math.pi * k / 4 for k in range(8))
        )
        return [
            f'<circle cx="30" cy="46" r="9" fill="{color}"/>',
            f'<path d="{rays}" stroke="{color}" stroke-width="3.5" stroke-linecap="round" fill="none"/>',
        ]
    if n == 3:  # autumn: a falling leaf
        return [
            f'<path d="M16 64C12 44 26 28 46 26C48 46 36 62 16 64Z" fill="{color}"/>',
            f'<path d="M14 68L42 32M24 52L20 42M30 45L38 48" stroke="{FACE}" '
            'stroke-width="2" stroke-linecap="round" fill="none"/>',
        ]
    arms = "".join(  # winter: a snowflake
        f"M{_num(30 - 18 * math.cos(a))} {_num(46 - 18 * math.sin(a))}"
        f"L{_num(30 + 18 * math.cos(a))} {_num(46 + 18 * math.sin(a))}"
        for a in (math.pi * k / 3 + math.pi / 2 for k in range(3))
    )
    ticks = "".join(
        f"M{_num(30 + 11 * math.cos(a) + 5 * math.cos(a + s))} "
        f"{_num(46 + 11 * math.sin(a) + 5 * math.sin(a + s))}"
        f"L{_num(30 + 11 * math.cos(a))} {_num(46 + 11 * math.sin(a))}"
        for a in (math.pi * k / 3 for k in range(6))
        for s in (2.4, -2.4)
    )
    return [
        f'<path d="{arms}{ticks}" stroke="{color}" stroke-width="3" stroke-linecap="round" fill="none"/>'
    ]


def _bonus(t: Tile) -> list[str]:
    n = rank(t) if not is_bonus(t) else (t - 34) % 4 + 1
    season = t - 34 >= 4
    color = (SEASON_COLORS if season else FLOWER_COLORS)[n - 1]
    icon = _season_icon(n, color) if season else _petals((5, 3, 12, 6)[n - 1], color, 12)
    return [
        f'<text x="13" y="24" font-size="22" {_FONT} text-anchor="middle" fill="{color}">'
        f"{n}</text>",
        f'<text x="47" y="18" font-size="11" {_FONT} text-anchor="middle" fill="{color}">'
        f"{'S' if season else 'F'}</text>",
        *icon,
    ]


def face_elements(t: Tile) -> list[str]:
    """Return the elements drawn on a tile's face (without the tile itself).

    >>> face_elements(10)[0].startswith("<circle")  # 2p
    True
    """
    if is_bonus(t):
        return _bonus(t)
    if is_honor(t):
        return _honor(t)
    red = is_red(t)
    n = rank(t)
    drawn = {"m": _characters, "p": _dots, "s": _bamboo}[suit(t)](n, red)
    if red:
        # a red dot in a free spot at the top: right of the numeral, or between the top dots
        x, r = (51, 4) if suit(t) == "m" else (30, 3.6)
        drawn.append(
            f'<circle class="red-mark" cx="{x}" cy="8.5" r="{r}" fill="{RED}" '
            f'stroke="{FACE}" stroke-width="1"/>'
        )
    return drawn


def frame(back: bool = False) -> str:
    """Return the tile itself: a body with a visible thickness at the bottom, face or back up.

    >>> frame(back=True).count("<rect")
    3
    """
    base = (
        f'<rect x="1" y="1" width="58" height="78" rx="7" fill="{BACK if back else EDGE}" '
        f'stroke="{OUTLINE}" stroke-width="1.5"/>'
    )
    if back:
        return (
            base
            + f'<rect x="1.75" y="1.75" width="56.5" height="72" rx="6.5" fill="{BACK_INNER}"/>'
            f'<rect x="7" y="7" width="46" height="62" rx="4" fill="none" stroke="#9fd0b0" '
            'stroke-width="1.5" opacity="0.7"/>'
        )
    return base + f'<rect x="1.75" y="1.75" width="56.5" height="72" rx="6.5" fill="{FACE}"/>'


def tile_body(t: Tile | None) -> str:
    """Return the whole drawing of a tile in its 60 x 80 box; ``None`` draws a face-down tile.

    >>> tile_body(None) == frame(back=True)
    True
    """
    if t is None:
        return frame(back=True)
    return frame() + "".join(face_elements(t))

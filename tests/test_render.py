"""majiang.render: SVG tiles, hands and rows, sprite and CSS, and the terminal text rendering.

Placement rules come from rules/README.md ("Melds": ``from=`` 1 = left/previous player,
2 = across, 3 = right) and the common table convention: the called tile lies sideways on the
side of the player it came from; a concealed kong shows its two outer tiles face down.
"""

from __future__ import annotations

import re
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from majiang import InvalidNotation, parse_hand, parse_tiles
from majiang.render import (
    preview_svg,
    svg_hand,
    svg_sprite,
    svg_tile,
    svg_tiles,
    text_hand,
    text_tile,
    text_tiles,
    tile_css,
    unicode_glyph,
)
from majiang.render.faces import RED, tile_body
from majiang.render.glyphs import GLYPHS
from majiang.render.text import supports_unicode
from majiang.tiles import NUM_TILE_IDS, RED_FIVES, tile_label, tile_name

NS = "{http://www.w3.org/2000/svg}"
ALL_TILES = list(range(NUM_TILE_IDS))
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _tiles_in(svg: str) -> list[ET.Element]:
    """Return the tile groups of a drawing, left to right, then top to bottom."""
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{NS}g") if "mj-tile" in (g.get("class") or "").split()]
    return sorted(groups, key=lambda g: (_xy(g)[0], -_xy(g)[1]))


def _xy(g: ET.Element) -> tuple[float, float]:
    m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform") or "")
    assert m, g.get("transform")
    return float(m.group(1)), float(m.group(2))


def _sideways(g: ET.Element) -> bool:
    return "mj-sideways" in (g.get("class") or "").split()


# --- single tiles -------------------------------------------------------------------------


@pytest.mark.parametrize("tile", ALL_TILES, ids=tile_name)
def test_every_tile_is_valid_svg_with_title_and_notation(tile: int) -> None:
    root = ET.fromstring(svg_tile(tile))
    assert root.tag == f"{NS}svg"
    assert root.get("data-tile") == tile_name(tile)
    title = root.find(f"{NS}title")
    assert title is not None and title.text == tile_label(tile)
    assert root.get("aria-label") == tile_label(tile)


def test_all_45_tiles_and_the_back_are_drawn_differently() -> None:
    bodies = [tile_body(t) for t in ALL_TILES] + [tile_body(None)]
    assert len(set(bodies)) == NUM_TILE_IDS + 1
    # and the whole documents differ beyond their titles
    stripped = {
        re.sub(r"<title>.*?</title>|data-tile=\"\w+\"|aria-label=\"[^\"]*\"", "", svg_tile(t))
        for t in ALL_TILES
    }
    assert len(stripped) == NUM_TILE_IDS


@pytest.mark.parametrize(("red", "plain"), [("0m", "5m"), ("0p", "5p"), ("0s", "5s")])
def test_red_fives_are_marked_in_red(red: str, plain: str) -> None:
    red_svg, plain_svg = svg_tile(red), svg_tile(plain)
    assert 'class="red-mark"' in red_svg and 'class="red-mark"' not in plain_svg
    assert red_svg.count(RED) > plain_svg.count(RED)


def test_only_red_fives_carry_the_mark() -> None:
    marked = [t for t in ALL_TILES if 'class="red-mark"' in tile_body(t)]
    assert marked == list(RED_FIVES)


@pytest.mark.parametrize(
    ("size", "sideways", "width", "height"),
    [
        (30, False, "30", "40"),
        (30, True, "40", "30"),
        (45, False, "45", "60"),
        (60, True, "80", "60"),
    ],
)
def test_tile_size(size: int, sideways: bool, width: str, height: str) -> None:
    root = ET.fromstring(svg_tile("3p", size=size, sideways=sideways))
    assert (root.get("width"), root.get("height")) == (width, height)
    assert root.get("viewBox") == ("0 0 80 60" if sideways else "0 0 60 80")


def test_face_down_tile_does_not_name_the_tile() -> None:
    svg = svg_tile("7z", back=True)
    root = ET.fromstring(svg)
    assert root.get("data-tile") == "back"
    assert "Red dragon" not in svg and "7z" not in svg
    assert svg_tile(None) == svg


@pytest.mark.parametrize("char", sorted(GLYPHS))
def test_glyph_strokes_stay_in_their_box(char: str) -> None:
    points = [p for stroke in GLYPHS[char] for p in stroke]
    assert all(0 <= x <= 100 and 0 <= y <= 100 for x, y in points)
    assert all(len(stroke) >= 2 for stroke in GLYPHS[char])


@pytest.mark.parametrize("tile", [t for t in ALL_TILES if tile_name(t)[-1] in "mz"], ids=tile_name)
def test_glyph_strokes_are_legible_at_phone_size(tile: int) -> None:
    """At 30 px wide, every drawn character stroke is at least 1.2 px thick."""
    root = ET.fromstring(svg_tile(tile, size=30))
    for path in root.iter(f"{NS}path"):
        m = re.search(r"scale\(([\d.]+)\)", path.get("transform") or "")
        if m:
            width_px = float(path.get("stroke-width", "0")) * float(m.group(1)) * 30 / 60
            assert width_px >= 1.2, (tile_name(tile), width_px)


@pytest.mark.parametrize("bad", ["5x", "8z", 45, -1, True, "12m", 3.0])
def test_bad_tile_is_a_clean_error(bad: object) -> None:
    with pytest.raises(InvalidNotation):
        svg_tile(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [0, -5, True])
def test_bad_size_is_a_clean_error(size: object) -> None:
    with pytest.raises(InvalidNotation):
        svg_tile("1m", size=size)  # type: ignore[arg-type]


# --- hands and melds ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "pattern"),
    [
        ("pon 777z from=1", [True, False, False]),  # from the left: leftmost lies sideways
        ("pon 777z from=2", [False, True, False]),  # from across: the middle one
        ("pon 777z from=3", [False, False, True]),  # from the right: rightmost
        ("pon 777z", [False, False, False]),  # source unknown: nothing turned
        ("chi 345s from=1", [True, False, False]),
        ("kan 2222m from=1", [True, False, False, False]),
        ("kan 2222m from=2", [False, True, False, False]),  # open kong from across: second
        ("kan 2222m from=3", [False, False, False, True]),
    ],
)
def test_called_tile_lies_sideways_by_source(meld: str, pattern: list[bool]) -> None:
    tiles = _tiles_in(svg_hand("", melds=[meld]))
    assert [_sideways(g) for g in tiles] == pattern
    # every tile sits on the same bottom line: upright 80 high, sideways 60
    bottoms = {_xy(g)[1] + (60 if _sideways(g) else 80) for g in tiles}
    assert bottoms == {80}


def test_concealed_kong_shows_two_outer_tiles_face_down() -> None:
    tiles = _tiles_in(svg_hand("11z", melds=["ankan 5555p"]))
    meld = tiles[2:]
    assert [g.get("data-tile") for g in meld] == ["back", "5p", "5p", "back"]
    assert [g.find(f"{NS}title").text for g in meld[::3]] == ["Face-down tile"] * 2  # type: ignore[union-attr]
    assert not any(_sideways(g) for g in meld)


def test_concealed_kong_with_a_red_five_shows_it_face_up() -> None:
    tiles = _tiles_in(svg_hand("", melds=["ankan 0555p"]))
    assert [g.get("data-tile") for g in tiles] == ["back", "0p", "5p", "back"]


def test_added_kong_stacks_the_fourth_tile_on_the_called_one() -> None:
    svg = svg_hand("", melds=["kakan 9999s from=3"])
    root = ET.fromstring(svg)
    tiles = _tiles_in(svg)
    turned = [g for g in tiles if _sideways(g)]
    assert len(tiles) == 4 and len(turned) == 2
    assert _xy(turned[0])[0] == _xy(turned[1])[0]  # one above the other, rightmost
    assert _xy(turned[0])[0] == max(_xy(g)[0] for g in tiles)
    assert root.get("viewBox") == "0 0 200 120"  # two tiles lying sideways are 120 high


def test_hand_layout_drawn_tile_apart_then_melds_then_bonus() -> None:
    svg = svg_hand("3m1m2m", drawn_tile="9p", melds=["pon 555s from=2"], bonus="2f")
    tiles = _tiles_in(svg)
    assert [g.get("data-tile") for g in tiles] == ["1m", "2m", "3m", "9p", "5s", "5s", "5s", "2f"]
    xs = [_xy(g)[0] for g in tiles]
    assert xs[:4] == [0, 60, 120, 198]  # 18 units between the hand and the drawn tile
    assert xs[4] == 198 + 60 + 30  # then 30 before the melds
    root = ET.fromstring(svg)
    # 4 upright (240) + 18 + 30 + pon 60+80+60 + 30 + one flower 60 = 578 units = 289 px at 30
    assert (root.get("width"), root.get("height")) == ("289", "40")


def test_hand_accepts_notation_hand_and_tile_lists_alike() -> None:
    text = "19m19p19s1234567z"
    expected = [g.get("data-tile") for g in _tiles_in(svg_hand(text))]
    assert [g.get("data-tile") for g in _tiles_in(svg_hand(parse_hand(text)))] == expected
    assert [g.get("data-tile") for g in _tiles_in(svg_hand(parse_tiles(text)))] == expected
    as_names = [tile_name(t) for t in parse_tiles(text)]
    assert [g.get("data-tile") for g in _tiles_in(svg_hand(as_names))] == expected


def test_hand_keeps_written_order_when_not_sorted() -> None:
    tiles = _tiles_in(svg_hand("3m1m2m", sort=False))
    assert [g.get("data-tile") for g in tiles] == ["3m", "1m", "2m"]


def test_melds_in_the_notation_and_the_argument_are_both_drawn() -> None:
    svg = svg_hand("11z, chi 123m from=1", melds=["pon 999p from=3"])
    assert svg.count('data-tile="9p"') == 3 and svg.count('data-tile="2m"') == 1
    assert svg.count("mj-sideways") == 2


def test_face_down_hand_names_no_concealed_tile() -> None:
    svg = svg_hand("123m456p789s1122z", drawn_tile="5z", melds=["pon 777z from=1"], face_down=True)
    tiles = _tiles_in(svg)
    assert [g.get("data-tile") for g in tiles[:14]] == ["back"] * 14
    for hidden in ("1m", "dots", "characters", "bamboo", "White", "East", "5z"):
        assert hidden not in svg
    assert svg.count('data-tile="7z"') == 3  # melds are public


@pytest.mark.parametrize("bad", ["123x", "1m, pon 123m", "11z, chi 234s from=2"])
def test_bad_hand_is_a_clean_error(bad: str) -> None:
    with pytest.raises(InvalidNotation):
        svg_hand(bad)


# --- rows, sprite, CSS, preview -----------------------------------------------------------


def test_pond_wraps_rows_and_turns_the_riichi_tile() -> None:
    svg = svg_tiles("1z9m5p3s2s8m7p4z6s1p", sideways=[7], dimmed=[2], per_row=6)
    root = ET.fromstring(svg)
    tiles = sorted(_tiles_in(svg), key=lambda g: (_xy(g)[1] > 80, _xy(g)[0]))
    assert [g.get("data-tile") for g in tiles] == [
        tile_name(t) for t in parse_tiles("1z9m5p3s2s8m7p4z6s1p")
    ]
    assert [i for i, g in enumerate(tiles) if _sideways(g)] == [7]
    assert [i for i, g in enumerate(tiles) if g.get("opacity")] == [2]
    assert _xy(tiles[6]) == (0, 86)  # second row: 80 high + 6 apart
    # first row 6 upright = 360; second row has a sideways tile: 3 * 60 + 80 = 260
    assert root.get("viewBox") == "0 0 360 166"


def test_row_keeps_order_and_draws_backs() -> None:
    tiles = _tiles_in(svg_tiles(["9m", None, 0]))
    assert [g.get("data-tile") for g in tiles] == ["9m", "back", "1m"]
    assert {g.get("data-tile") for g in _tiles_in(svg_tiles("123m", back=True))} == {"back"}


@pytest.mark.parametrize(
    ("kwargs", "token"),
    [
        ({"sideways": [3]}, "position 3"),
        ({"per_row": 0}, "per_row"),
        ({"dimmed": [-1]}, "position -1"),
    ],
)
def test_row_bad_options_are_clean_errors(kwargs: dict[str, object], token: str) -> None:
    with pytest.raises(InvalidNotation, match=token):
        svg_tiles("123m", **kwargs)  # type: ignore[arg-type]


def test_sprite_has_one_symbol_per_tile_and_back() -> None:
    root = ET.fromstring(svg_sprite())
    ids = [s.get("id") for s in root.iter(f"{NS}symbol")]
    assert len(ids) == len(set(ids)) == NUM_TILE_IDS + 1
    assert set(ids) == {f"mj-{tile_name(t)}" for t in ALL_TILES} | {"mj-back"}


def test_css_data_uris_are_valid_svg() -> None:
    css = tile_css(size=40)
    uris = re.findall(r'\.mj-t-(\w+)\{background-image:url\("data:image/svg\+xml,([^"]+)"\)\}', css)
    assert len(uris) == NUM_TILE_IDS + 1
    for name, data in uris:
        body = ET.fromstring(urllib.parse.unquote(data))
        assert body.tag == f"{NS}svg", name
    assert "width:40px;height:53.33px" in css


def test_preview_in_docs_is_up_to_date() -> None:
    """docs/tiles-preview.svg is ``preview_svg()`` written once; regenerate it when drawings change."""
    assert (DOCS / "tiles-preview.svg").read_text() == preview_svg()


# --- text ---------------------------------------------------------------------------------


def test_unicode_glyphs_are_distinct_for_every_ordinary_and_bonus_tile() -> None:
    glyphs = [unicode_glyph(t) for t in range(42)]
    assert len(set(glyphs)) == 42
    assert all(0x1F000 <= ord(g) <= 0x1F029 for g in glyphs)


@pytest.mark.parametrize(
    ("tile", "glyph"),
    [
        ("1m", "🀇"),  # U+1F007 MAHJONG TILE ONE OF CHARACTERS
        ("9p", "🀡"),  # U+1F021 NINE OF CIRCLES
        ("1s", "🀐"),  # U+1F010 ONE OF BAMBOOS
        ("1z", "🀀"),  # U+1F000 EAST WIND
        ("5z", "🀆"),  # U+1F006 WHITE DRAGON
        ("6z", "🀅"),  # U+1F005 GREEN DRAGON
        ("7z", "🀄"),  # U+1F004 RED DRAGON
        ("1f", "🀢"),  # U+1F022 PLUM
        ("5f", "🀦"),  # U+1F026 SPRING
        ("0s", "🀔"),  # a red five uses its five's glyph
    ],
)
def test_unicode_glyph_table(tile: str, glyph: str) -> None:
    assert unicode_glyph(parse_tiles(tile)[0]) == glyph


def test_red_five_text_is_marked_with_or_without_colour() -> None:
    assert text_tile("0p") == "🀝*" and text_tile("5p") == "🀝 "
    assert text_tile("0p", color=True).startswith("\x1b[31m")
    assert text_tile("0p", "notation") == "0p"


@pytest.mark.parametrize("notation", ["123m406p789s1234567z", "0m0p0s12345678f"])
def test_notation_style_round_trips(notation: str) -> None:
    assert text_tiles(notation, style="notation") == notation


@pytest.mark.parametrize(
    ("hand", "kwargs", "expected"),
    [
        ("312m", {"style": "notation"}, "123m"),
        ("12m, pon 777z from=2", {"drawn_tile": "3m", "style": "notation"}, "12m 3m [777z]"),
        ("12m, ankan 1111z", {"style": "notation"}, "12m [## 1z 1z ##]"),
        ("12m", {"drawn_tile": "3m", "face_down": True}, "🀫 🀫   🀫 "),
        ("12m1f", {}, "🀇 🀈   🀢 "),
    ],
)
def test_text_hand(hand: str, kwargs: dict[str, object], expected: str) -> None:
    assert text_hand(hand, **kwargs) == expected  # type: ignore[arg-type]


def test_text_bad_style_is_an_error() -> None:
    with pytest.raises(ValueError, match="style"):
        text_tile("1m", "emoji")  # type: ignore[arg-type]


def test_supports_unicode_follows_the_stream_encoding() -> None:
    import io

    assert supports_unicode(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not supports_unicode(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))


def test_docs_examples_run() -> None:
    import doctest

    result = doctest.testfile(str(DOCS / "render.md"), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0

"""Tiles and the compact "mpsz" notation.

A tile is a small ``int``:

=========  =======================================
0-8        1m-9m (characters)
9-17       1p-9p (dots)
18-26      1s-9s (bamboo)
27-33      1z-7z (E S W N, white, green, red)
34-41      1f-8f (flowers 1-4, seasons 1-4)
42-44      0m 0p 0s (red fives; equal to a five for every rule but dora)
=========  =======================================

The 34 ordinary kinds (0-33) index the count arrays that hand analysis works on; ``kind(t)``
maps a red five to its plain five.

>>> format_tiles(parse_tiles("506m11z"))
'056m11z'
>>> parse_tiles("123m")
[0, 1, 2]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from majiang.errors import InvalidNotation
from majiang.i18n import _

Tile = int

SUITS = "mpsz"
NUM_KINDS = 34
FLOWER_BASE = 34
RED_BASE = 42
NUM_TILE_IDS = 45

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS: tuple[Tile, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[Tile, ...] = (WHITE, GREEN, RED)
HONORS: tuple[Tile, ...] = tuple(range(27, 34))
TERMINALS: tuple[Tile, ...] = (0, 8, 9, 17, 18, 26)
ORPHANS: tuple[Tile, ...] = TERMINALS + HONORS
FLOWERS: tuple[Tile, ...] = tuple(range(34, 38))
SEASONS: tuple[Tile, ...] = tuple(range(38, 42))
BONUS: tuple[Tile, ...] = FLOWERS + SEASONS
RED_FIVES: tuple[Tile, ...] = (42, 43, 44)

_SUIT_LETTERS = "mpszf"
_NAMES = {
    EAST: "East",
    SOUTH: "South",
    WEST: "West",
    NORTH: "North",
    WHITE: "White dragon",
    GREEN: "Green dragon",
    RED: "Red dragon",
}


def kind(t: Tile) -> int:
    """Return the ordinary kind 0-33 of a tile (a red five is its plain five).

    >>> kind(parse_tile("0p")) == parse_tile("5p")
    True
    """
    if t >= RED_BASE:
        return (t - RED_BASE) * 9 + 4
    return t


def is_red(t: Tile) -> bool:
    """Return whether the tile is a red five."""
    return t >= RED_BASE


def is_bonus(t: Tile) -> bool:
    """Return whether the tile is a flower or a season."""
    return FLOWER_BASE <= t < RED_BASE


def is_honor(t: Tile) -> bool:
    """Return whether the tile is a wind or a dragon."""
    return 27 <= t < 34


def is_suited(t: Tile) -> bool:
    """Return whether the tile is a number tile (red fives included)."""
    return t < 27 or t >= RED_BASE


def is_terminal(t: Tile) -> bool:
    """Return whether the tile is a 1 or a 9 of a suit."""
    return t < 27 and t % 9 in (0, 8)


def is_orphan(t: Tile) -> bool:
    """Return whether the tile is a terminal or an honor (yaochuuhai)."""
    return is_terminal(t) or is_honor(t)


def suit(t: Tile) -> str:
    """Return the suit letter: ``m p s z f``.

    >>> suit(parse_tile("0s")), suit(parse_tile("3z")), suit(parse_tile("6f"))
    ('s', 'z', 'f')
    """
    if t >= RED_BASE:
        return SUITS[t - RED_BASE]
    if t >= FLOWER_BASE:
        return "f"
    return SUITS[t // 9]


def number(t: Tile) -> int:
    """Return the digit written in the notation (1-9; 0 for a red five).

    >>> number(parse_tile("7s")), number(parse_tile("0m")), number(parse_tile("8f"))
    (7, 0, 8)
    """
    if t >= RED_BASE:
        return 0
    if t >= FLOWER_BASE:
        return t - FLOWER_BASE + 1
    return t % 9 + 1


def rank(t: Tile) -> int:
    """Return the rank 1-9 of a suited tile (a red five is 5), or the honor number 1-7."""
    k = kind(t)
    return k % 9 + 1 if k < 27 else k - 26


def sort_key(t: Tile) -> int:
    """Return the canonical sort position: suits m p s z f, red five just before the fives."""
    if t >= RED_BASE:
        return (t - RED_BASE) * 20 + 9
    if t >= FLOWER_BASE:
        return 4 * 20 + 2 * (t - FLOWER_BASE)
    return (t // 9) * 20 + 2 * (t % 9 + 1) if t < 27 else 3 * 20 + 2 * (t - 26)


def make_tile(digit: int, suit_letter: str) -> Tile:
    """Return the tile for a digit and a suit letter, or raise ``InvalidNotation``.

    >>> make_tile(5, "z") == WHITE
    True
    """
    token = f"{digit}{suit_letter}"
    if suit_letter in "mps":
        base = SUITS.index(suit_letter)
        if digit == 0:
            return RED_BASE + base
        if 1 <= digit <= 9:
            return base * 9 + digit - 1
    elif suit_letter == "z":
        if 1 <= digit <= 7:
            return 27 + digit - 1
    elif suit_letter == "f":
        if 1 <= digit <= 8:
            return FLOWER_BASE + digit - 1
    else:
        raise InvalidNotation(
            _("unknown suit {suit!r} in {token!r}").format(suit=suit_letter, token=token),
            token=token,
        )
    raise InvalidNotation(_("no tile {token!r}").format(token=token), token=token)


def tile_name(t: Tile) -> str:
    """Return the notation of one tile, such as ``'5p'``, ``'0s'`` or ``'7z'``."""
    return f"{number(t)}{suit(t)}"


def tile_label(t: Tile) -> str:
    """Return a human name: ``'3 dots'``, ``'red 5 bamboo'``, ``'East'``, ``'Season 2'``."""
    if is_honor(t):
        return _NAMES[t]
    if is_bonus(t):
        n = t - FLOWER_BASE
        return f"Flower {n + 1}" if n < 4 else f"Season {n - 3}"
    words = {"m": "characters", "p": "dots", "s": "bamboo"}[suit(t)]
    return f"red 5 {words}" if is_red(t) else f"{number(t)} {words}"


def parse_tile(text: str) -> Tile:
    """Return the one tile written in ``text``.

    >>> tile_name(parse_tile("4z"))
    '4z'
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise InvalidNotation(_("expected one tile, got {text!r}").format(text=text), token=text)
    return tiles[0]


def parse_tiles(
    text: str, variant: str | None = None, rules: Mapping[str, object] | None = None
) -> list[Tile]:
    """Return the tiles written in mpsz notation, in the order written.

    With ``variant``, the tiles are also checked against that variant's tile set (counts,
    red fives, bonus tiles). Spaces are allowed between groups.

    >>> parse_tiles("19m 0p") == [0, 8, parse_tile("0p")]
    True
    >>> parse_tiles("12")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidNotation: digits '12' without a suit letter in '12'
    """
    if not isinstance(text, str):
        raise InvalidNotation(
            _("tiles must be a string, got {type}").format(type=type(text).__name__)
        )
    single = _SINGLE_TILES.get(text)
    if single is not None and variant is None:
        return [single]
    if _WELL_FORMED.fullmatch(text):
        out = [_LOOKUP[s][d] for digits, s in _GROUPS.findall(text) for d in digits]
        if -1 not in out:
            if variant is not None:
                tile_set(variant, rules).check(out)
            return out
    return _parse_slow(text, variant, rules)


def _parse_slow(text: str, variant: str | None, rules: Mapping[str, object] | None) -> list[Tile]:
    """Parse character by character, raising the error that names the first bad token."""
    out: list[Tile] = []
    digits: list[int] = []
    start = 0
    for i, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            if not digits:
                start = i
            digits.append(int(ch))
        elif ch in _SUIT_LETTERS:
            if not digits:
                raise InvalidNotation(
                    _("suit letter {letter!r} without digits in {text!r}").format(
                        letter=ch, text=text
                    ),
                    token=ch,
                )
            for d in digits:
                out.append(make_tile(d, ch))
            digits = []
        elif ch.isspace():
            if digits:
                token = text[start:i]
                raise InvalidNotation(
                    _("digits {digits!r} without a suit letter in {text!r}").format(
                        digits=token, text=text
                    ),
                    token=token,
                )
        else:
            token = text[start : i + 1] if digits else ch
            raise InvalidNotation(
                _("unknown suit {suit!r} in {token!r}").format(suit=ch, token=token), token=token
            )
    if digits:
        token = text[start:].strip()
        raise InvalidNotation(
            _("digits {digits!r} without a suit letter in {text!r}").format(
                digits=token, text=text
            ),
            token=token,
        )
    if variant is not None:
        tile_set(variant, rules).check(out)
    return out


_WELL_FORMED = re.compile(r"\s*(?:[0-9]+[mpszf]\s*)*")
_GROUPS = re.compile(r"([0-9]+)([mpszf])")


def _lookup_table() -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for letter in _SUIT_LETTERS:
        row = {}
        for d in range(10):
            try:
                row[str(d)] = make_tile(d, letter)
            except InvalidNotation:
                row[str(d)] = -1
        table[letter] = row
    return table


def format_tiles(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Return the canonical mpsz notation of the tiles (sorted unless ``sort=False``).

    >>> format_tiles(parse_tiles("5m0m4m6m7z1f"))
    '4056m7z1f'
    """
    seq = sorted(tiles, key=sort_key) if sort else list(tiles)
    parts: list[str] = []
    run: list[str] = []
    current = ""
    for t in seq:
        s = suit(t)
        if s != current and run:
            parts.append("".join(run) + current)
            run = []
        current = s
        run.append(str(number(t)))
    if run:
        parts.append("".join(run) + current)
    return "".join(parts)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """Return the 34-entry count array of the ordinary kinds (bonus tiles ignored).

    >>> counts34(parse_tiles("550m"))[4]
    3
    """
    c = [0] * NUM_KINDS
    for t in tiles:
        k = kind(t)
        if k < NUM_KINDS:
            c[k] += 1
    return c


def dora_from_indicator(t: Tile) -> Tile:
    """Return the dora that an indicator points at (9 to 1, North to East, red dragon to white).

    >>> tile_name(dora_from_indicator(parse_tile("9m"))), tile_name(dora_from_indicator(parse_tile("4z")))
    ('1m', '1z')
    >>> tile_name(dora_from_indicator(parse_tile("7z")))
    '5z'
    """
    k = kind(t)
    if k < 27:
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


_LOOKUP = _lookup_table()
#: the notation of each single tile ("5p", "0s", "7z") -> its id
_SINGLE_TILES = {d + s: t for s, row in _LOOKUP.items() for d, t in row.items() if t >= 0}


@dataclass(frozen=True)
class TileSet:
    """The tiles one variant plays with: how many copies of each id are in the wall.

    >>> tile_set("hk2").size, tile_set("sichuan").size, tile_set("taiwan").size
    (80, 108, 144)
    """

    variant: str
    copies: tuple[int, ...]  # per tile id 0-44; red fives counted on their own ids

    @property
    def size(self) -> int:
        """Return the number of tiles in the wall."""
        return sum(self.copies)

    def tiles(self) -> list[Tile]:
        """Return every tile of the set once per copy, in canonical order."""
        out = [t for t in range(NUM_TILE_IDS) for _ in range(self.copies[t])]
        return sorted(out, key=sort_key)

    @property
    def limits(self) -> tuple[int, ...]:
        """Return, per tile id, how many copies a hand may show (see ``limit``; computed once
        per tile set)."""
        return _limits(self)

    def allows(self, t: Tile) -> bool:
        """Return whether the variant uses this tile at all."""
        return 0 <= t < NUM_TILE_IDS and self.limit(t) > 0

    def limit(self, t: Tile) -> int:
        """Return how many copies of ``t`` a hand may show (a plain five may stand for a red one)."""
        if is_red(t):
            return self.copies[t]
        if t < RED_BASE and t % 9 == 4 and t < 27:
            return self.copies[t] + self.copies[RED_BASE + t // 9]
        return self.copies[t]

    def check(self, tiles: Iterable[Tile]) -> None:
        """Raise ``InvalidNotation`` naming the first tile this variant cannot hold: a tile it
        does not use, a copy more than it has, or a fifth copy of a kind (a red five is a copy
        of its five).

        >>> tile_set("riichi").check(parse_tiles("05555m"))
        Traceback (most recent call last):
        ...
        majiang.errors.InvalidNotation: a fifth copy of '5m'
        """
        limits = self.limits
        seen = [0] * NUM_TILE_IDS
        for t in tiles:
            if not 0 <= t < NUM_TILE_IDS or not limits[t]:
                raise InvalidNotation(self._unused(t), token=tile_name(t))
            seen[t] += 1
            if seen[t] > limits[t]:
                name = tile_name(t)
                if limits[t] == 4:
                    raise InvalidNotation(
                        _("a fifth copy of {tile!r}").format(tile=name), token=name
                    )
                raise InvalidNotation(
                    _("too many {tile!r}: {variant} has {count}").format(
                        tile=name, variant=self.variant, count=limits[t]
                    ),
                    token=name,
                )
        for red in RED_FIVES:
            five = kind(red)
            if seen[red] + seen[five] > 4:
                name = tile_name(five)
                raise InvalidNotation(_("a fifth copy of {tile!r}").format(tile=name), token=name)

    def _unused(self, t: Tile) -> str:
        """Return why the variant cannot hold ``t`` at all."""
        if is_red(t):
            return _("red five {tile!r} is not used in {variant}").format(
                tile=tile_name(t), variant=self.variant
            )
        return _("tile {tile!r} is not used in {variant}").format(
            tile=tile_name(t), variant=self.variant
        )


# the tile set's derived table, computed once per tile set here rather than stored on the
# instance (a class compiled by mypyc has no ``__dict__`` to keep them in)
@cache
def _limits(tiles: TileSet) -> tuple[int, ...]:
    return tuple(tiles.limit(t) for t in range(NUM_TILE_IDS))


_VARIANTS = ("riichi", "hk", "hk2", "hkos", "taiwan", "sichuan")


def tile_set(variant: str, rules: Mapping[str, object] | None = None) -> TileSet:
    """Return the tile set of a variant; for riichi the ``aka`` rule (0 or 1 red five per suit).

    >>> tile_set("riichi").copies[parse_tile("0p")], tile_set("riichi", {"aka": 0}).size
    (1, 136)
    """
    if variant not in _VARIANTS:
        raise InvalidNotation(
            _("unknown variant {variant!r}").format(variant=variant), token=variant
        )
    aka = (rules or {}).get("aka", 1) if variant == "riichi" else 0
    if aka not in (0, 1) or isinstance(aka, bool):
        raise InvalidNotation(
            _("rule 'aka' must be 0 or 1, got {value!r}").format(value=aka), token="aka"
        )
    return _tile_set(variant, int(aka))


@cache
def _tile_set(variant: str, aka: int) -> TileSet:
    copies = [0] * NUM_TILE_IDS
    for t in range(NUM_KINDS):
        copies[t] = 4
    if variant == "riichi":
        for i, red in enumerate(RED_FIVES):
            copies[red] = int(aka)
            copies[i * 9 + 4] = 4 - int(aka)
    elif variant in ("hkos", "taiwan"):
        for t in BONUS:
            copies[t] = 1
    elif variant == "sichuan":
        for t in HONORS:
            copies[t] = 0
    elif variant == "hk2":
        for t in range(27):
            if t // 9 != 1 and t % 9 not in (0, 8):
                copies[t] = 0
    return TileSet(variant, tuple(copies))

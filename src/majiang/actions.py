"""What a player can do: frozen, hashable actions that read and write as JSON with tiles in notation.

``legal_actions`` (engine/legal.py) lists them; ``step`` accepts only one of that list. Claims
name the tiles the claimant uses from their own hand (so a red five is never ambiguous).

>>> a = Discard(parse_tile("0p"), riichi=True)
>>> a.to_dict()
{'type': 'discard', 'tile': '0p', 'riichi': True}
>>> action_from_dict(a.to_dict()) == a, str(a)
(True, 'discard 0p riichi')
>>> Discard(parse_tile("7m"), from_hand=True).to_dict()
{'type': 'discard', 'tile': '7m', 'riichi': False, 'from_hand': True}
>>> str(Pon((parse_tile("5p"), parse_tile("5p"))))
'pon 55p'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from majiang.errors import IllegalAction, InvalidNotation
from majiang.i18n import _
from majiang.tiles import Tile, format_tiles, parse_tile, parse_tiles, tile_name

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Ankan",
    "Chi",
    "DeclareVoid",
    "Discard",
    "Exchange",
    "Kakan",
    "Kan",
    "NineTerminals",
    "Pass",
    "Pon",
    "Ron",
    "Tsumo",
    "action_from_dict",
    "listed_form",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Action:
    """The base of every action; ``kind`` is its JSON ``type``."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: ``{"type": kind, ...fields in notation}``."""
        return {"type": self.kind}

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one tile from the hand; ``riichi`` declares riichi with this discard.

    When the seat has just drawn a tile and holds another copy of it, a discard of that tile
    is the drawn one (tsumogiri) unless ``from_hand`` says the copy held before leaves (a
    tedashi; the drawn tile stays). ``legal_actions`` lists each discard once, without
    ``from_hand``; ``step`` also takes the listed discard with ``from_hand`` when it applies.
    """

    kind: ClassVar[str] = "discard"
    tile: Tile
    riichi: bool = False
    from_hand: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"type": "discard", "tile": ..., "riichi": ...}`` (``"from_hand": true``
        added only when set)."""
        out: dict[str, Any] = {"type": self.kind, "tile": tile_name(self.tile)}
        out["riichi"] = self.riichi
        if self.from_hand:
            out["from_hand"] = True
        return out

    def __str__(self) -> str:
        words = [f"discard {tile_name(self.tile)}"]
        words += ["riichi"] if self.riichi else []
        words += ["from_hand"] if self.from_hand else []
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Tsumo(Action):
    """Declare a win on the tile just drawn (self-draw)."""

    kind: ClassVar[str] = "tsumo"


@dataclass(frozen=True, slots=True)
class Ron(Action):
    """Declare a win on the discard (or on the tile of a kong being robbed)."""

    kind: ClassVar[str] = "ron"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline every claim on the discard or kong on offer."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class _Tiles(Action):
    """An action naming tiles of the actor's own hand."""

    tiles: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"type": kind, "tiles": ...}``."""
        return {"type": self.kind, "tiles": format_tiles(self.tiles)}

    def __str__(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Chi(_Tiles):
    """Claim the discard of the previous player into a run, with these two tiles of the hand."""

    kind: ClassVar[str] = "chi"


@dataclass(frozen=True, slots=True)
class Pon(_Tiles):
    """Claim the discard into a pung, with these two tiles of the hand."""

    kind: ClassVar[str] = "pon"


@dataclass(frozen=True, slots=True)
class Kan(_Tiles):
    """Claim the discard into an open kong, with these three tiles of the hand."""

    kind: ClassVar[str] = "kan"


@dataclass(frozen=True, slots=True)
class Ankan(_Tiles):
    """Declare a concealed kong of these four tiles of the hand."""

    kind: ClassVar[str] = "ankan"


@dataclass(frozen=True, slots=True)
class Kakan(Action):
    """Add this tile of the hand to one's own pung (an added kong)."""

    kind: ClassVar[str] = "kakan"
    tile: Tile

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"type": "kakan", "tile": ...}``."""
        return {"type": self.kind, "tile": tile_name(self.tile)}

    def __str__(self) -> str:
        return f"kakan {tile_name(self.tile)}"


@dataclass(frozen=True, slots=True)
class NineTerminals(Action):
    """Abort the hand holding nine different terminals and honors on the first draw."""

    kind: ClassVar[str] = "nine_terminals"


@dataclass(frozen=True, slots=True)
class Exchange(_Tiles):
    """Pass these three tiles of one suit in the exchange after the deal (Sichuan)."""

    kind: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class DeclareVoid(Action):
    """Declare the suit (``m``, ``p`` or ``s``) the seat will not keep (Sichuan's missing suit).

    >>> parse_action("void p").to_dict()
    {'type': 'void', 'suit': 'p'}
    """

    kind: ClassVar[str] = "void"
    suit: str

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"type": "void", "suit": ...}``."""
        return {"type": self.kind, "suit": self.suit}

    def __str__(self) -> str:
        return f"void {self.suit}"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Discard,
        Tsumo,
        Ron,
        Pass,
        Chi,
        Pon,
        Kan,
        Ankan,
        Kakan,
        NineTerminals,
        Exchange,
        DeclareVoid,
    )
}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Return the action written as JSON, or raise ``IllegalAction`` saying what is wrong.

    >>> action_from_dict({"type": "chi", "tiles": "46m"})
    Chi(tiles=(3, 5))
    >>> action_from_dict({"type": "fly"})
    Traceback (most recent call last):
    ...
    majiang.errors.IllegalAction: unknown action type 'fly' (expected one of discard, tsumo, ron, pass, chi, pon, kan, ankan, kakan, nine_terminals, exchange, void)
    """
    if not isinstance(data, Mapping):
        raise IllegalAction(_("an action must be an object, got {data!r}").format(data=data))
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        said = _("unknown action type {kind!r} (expected one of {types})")
        raise IllegalAction(said.format(kind=kind, types=", ".join(ACTION_TYPES)))
    try:
        if cls is Discard:
            return _discard_from_dict(data)
        if cls is Kakan:
            return Kakan(parse_tile(str(data.get("tile", ""))))
        if cls is DeclareVoid:
            suit = data.get("suit")
            if suit not in ("m", "p", "s"):
                said = _("void: the suit must be m, p or s, got {suit!r}")
                raise IllegalAction(said.format(suit=suit))
            return DeclareVoid(suit)
        if issubclass(cls, _Tiles):
            return cls(tuple(parse_tiles(str(data.get("tiles", "")))))
    except InvalidNotation as exc:
        raise IllegalAction(f"{kind}: {exc}") from exc
    return cls()


def _discard_from_dict(data: Mapping[str, Any]) -> Discard:
    riichi = data.get("riichi", False)
    if not isinstance(riichi, bool):
        said = _("riichi must be true or false, got {riichi!r}")
        raise IllegalAction(said.format(riichi=riichi))
    from_hand = data.get("from_hand", False)
    if not isinstance(from_hand, bool):
        said = _("from_hand must be true or false, got {value!r}")
        raise IllegalAction(said.format(value=from_hand))
    return Discard(parse_tile(str(data.get("tile", ""))), riichi, from_hand)


def listed_form(action: Action) -> Action:
    """Return ``action`` as ``legal_actions`` lists it: a discard of the hand's copy of the
    drawn tile (``from_hand``) as the plain discard of that tile, any other action as it is.

    >>> listed_form(Discard(parse_tile("7m"), riichi=True, from_hand=True))
    Discard(tile=6, riichi=True, from_hand=False)
    """
    if isinstance(action, Discard) and action.from_hand:
        return Discard(action.tile, action.riichi)
    return action


def parse_action(text: str) -> Action:
    """Return the action written as text, the way ``str(action)`` writes it.

    >>> parse_action("discard 5p riichi")
    Discard(tile=13, riichi=True, from_hand=False)
    >>> parse_action("discard 7m from_hand").from_hand
    True
    >>> parse_action("pon 55p"), parse_action("pass")
    (Pon(tiles=(13, 13)), Pass())
    """
    parts = text.split()
    if not parts:
        raise IllegalAction(_("empty action"))
    data: dict[str, Any] = {"type": parts[0]}
    if parts[0] in ("discard", "kakan") and len(parts) >= 2:
        data["tile"] = parts[1]
        flags = parts[2:]
        known = ("riichi", "from_hand") if parts[0] == "discard" else ()
        if len(set(flags)) != len(flags) or any(f not in known for f in flags):
            raise IllegalAction(_("cannot read action {text!r}").format(text=text))
        data.update(dict.fromkeys(flags, True))
    elif parts[0] == "void" and len(parts) == 2:
        data["suit"] = parts[1]
    elif len(parts) == 2:
        data["tiles"] = parts[1]
    elif len(parts) > 2:
        raise IllegalAction(_("cannot read action {text!r}").format(text=text))
    return action_from_dict(data)

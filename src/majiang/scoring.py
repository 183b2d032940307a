"""The one scoring contract: a request dict in, a result dict out, for every variant.

``score(request)`` reads and checks the request (``ScoreRequest.from_dict``), hands it to the
variant's ruleset and returns ``ScoreResult.to_dict()``, the same way for every variant. A
malformed request raises
``InvalidRequest`` whose ``field`` names the culprit; ``error_object`` turns it into the
contract's ``{"error": ..., "field": ...}``. Library users who prefer types call
``score_request(ScoreRequest.from_dict(...))`` and get a ``ScoreResult``.

The request and result shapes are those of ``shared/rules/README.md``; see docs/scoring.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from majiang.errors import InvalidNotation, InvalidRequest, MajiangError
from majiang.hand import Hand
from majiang.i18n import LANGUAGES, _, current, match, use
from majiang.i18n.patterns import localized_item
from majiang.melds import Meld, parse_meld
from majiang.rules import VARIANTS, get_ruleset
from majiang.tiles import Tile, TileSet, is_bonus, kind, parse_tiles, tile_name, tile_set

if TYPE_CHECKING:
    from majiang.rules.base import RuleOptions, Ruleset

WIND_LETTERS = "ESWN"

#: The situation vocabulary shared by every variant (shared/rules/README.md, "One scoring contract for every face").
SITUATIONS = frozenset(
    {
        "riichi",
        "double_riichi",
        "ippatsu",
        "last_tile",
        "last_discard",
        "kong_replacement",
        "kong_discard",
        "robbing_kong",
        "consecutive_kongs",
        "heavenly",
        "earthly",
        "human",
    }
)

#: every top-level field a request may carry (an unknown one is an error)
KNOWN_FIELDS = frozenset(
    {
        "variant",
        "rules",
        "hand",
        "melds",
        "win_tile",
        "win",
        "discarder",
        "seat_wind",
        "round_wind",
        "flowers",
        "situation",
        "dora_indicators",
        "ura_indicators",
        "honba",
        "riichi_sticks",
        "dealer_streak",
        "liable",
        "players_in_hand",
        "lang",
    }
)

Win = Literal["ron", "tsumo"]

#: the way of winning a situation of the vocabulary needs (the others go with either): every
#: variant's request check refuses, say, a ``last_tile`` (haitei) won by ron
SITUATION_WIN: Mapping[str, Win] = {
    "last_tile": "tsumo",
    "kong_replacement": "tsumo",
    "consecutive_kongs": "tsumo",
    "heavenly": "tsumo",
    "earthly": "tsumo",
    "last_discard": "ron",
    "kong_discard": "ron",
    "robbing_kong": "ron",
    "human": "ron",
}


def wrong_way_of_winning(
    situation: Iterable[str], win: Win, needs: Mapping[str, Win] = SITUATION_WIN
) -> str | None:
    """Return the first situation (in alphabetical order) that the way of winning ``win``
    cannot have, or ``None``; ``needs``: a variant's own situations added to ``SITUATION_WIN``.

    >>> wrong_way_of_winning({"riichi", "last_tile"}, "ron"), wrong_way_of_winning({"human"}, "ron")
    ('last_tile', None)
    """
    return next((s for s in sorted(situation) if needs.get(s, win) != win), None)


def check_way_of_winning(req: ScoreRequest, needs: Mapping[str, Win] = SITUATION_WIN) -> None:
    """Raise ``InvalidRequest`` (field ``situation``) for a situation the request's way of
    winning cannot have (``wrong_way_of_winning``): the one check and sentence of Hong Kong,
    Taiwan and Sichuan (riichi says first why, situation by situation).

    >>> check_way_of_winning(ScoreRequest.from_dict({"variant": "hk", "hand": "234567m234p55p777z",
    ...     "win_tile": "5p", "situation": ["last_tile"]}))
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: 'last_tile' is a self-drawn win, not 'ron': choose 'tsumo'
    """
    wrong = wrong_way_of_winning(req.situation, req.win, needs)
    if wrong is not None:
        raise InvalidRequest(
            way_of_winning_refusal(wrong, needs[wrong], req.win), field="situation"
        )


def way_of_winning_refusal(name: str, need: Win, win: Win) -> str:
    """Return the sentence refusing situation ``name`` won by ``win`` where it needs ``need``:
    what the situation is and what to choose, every key quoted (a page writes each as its form
    shows it: "“Won on the last wall tile” is a self-drawn win, not “Ron (on a discard)”:
    choose “Tsumo (self-drawn)”").

    >>> way_of_winning_refusal("robbing_kong", "ron", "tsumo")
    "'robbing_kong' is a win on another player's tile, not 'tsumo': choose 'ron'"
    """
    sentence = (
        _("{name!r} is a self-drawn win, not {win!r}: choose {need!r}")
        if need == "tsumo"
        else _("{name!r} is a win on another player's tile, not {win!r}: choose {need!r}")
    )
    return sentence.format(name=name, need=need, win=win)


def parse_wind(value: object, field_name: str) -> int:
    """Return a wind as 0-3 (E S W N) from ``"E"``..``"N"``, 1-4 or ``"1z"``..``"4z"``.

    >>> parse_wind("W", "seat_wind"), parse_wind(4, "seat_wind"), parse_wind("2z", "discarder")
    (2, 3, 1)
    """
    if isinstance(value, bool):
        pass
    elif isinstance(value, int) and 1 <= value <= 4:
        return value - 1
    elif isinstance(value, str):
        v = value.strip().upper()
        if len(v) == 1 and v in WIND_LETTERS:
            return WIND_LETTERS.index(v)
        if v in ("1", "2", "3", "4"):
            return int(v) - 1
        if v in ("1Z", "2Z", "3Z", "4Z"):
            return int(v[0]) - 1
    raise InvalidRequest(
        _("{field} must be a wind E, S, W or N (or 1-4), got {value!r}").format(
            field=field_name, value=value
        ),
        field=field_name,
    )


@dataclass(frozen=True)
class ScoreRequest:
    """A checked scoring request; winds are 0-3 (E S W N), tiles are tile ids.

    ``hand.concealed`` includes the winning tile; ``hand.bonus`` holds the flowers.
    """

    variant: str
    rules: Mapping[str, Any]
    hand: Hand
    win_tile: Tile
    win: Win
    seat_wind: int = 0
    round_wind: int = 0
    discarder: int | None = None
    situation: frozenset[str] = frozenset()
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    dealer_streak: int = 0
    liable: int | None = None
    players_in_hand: int = 3
    lang: str | None = None

    @property
    def is_dealer(self) -> bool:
        """Return whether the winner is the dealer (seat wind East)."""
        return self.seat_wind == 0

    @property
    def tsumo(self) -> bool:
        """Return whether the win is self-drawn."""
        return self.win == "tsumo"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreRequest:
        """Return the request read from the contract's dict, or raise ``InvalidRequest``.

        >>> r = ScoreRequest.from_dict({"variant": "riichi", "hand": "234567m234p55p777z",
        ...                             "win_tile": "5p", "win": "ron", "seat_wind": "S"})
        >>> r.seat_wind, r.win, len(r.hand.concealed)
        (1, 'ron', 14)
        """
        _check_fields(data)
        ruleset = _read_ruleset(data)
        rules = _read_rules(data, ruleset)
        hand = _read_hand(data, tile_set(ruleset.id, rules))
        win_tile = _read_win_tile(data, hand.concealed)
        win = _read_win(data)
        seat = parse_wind(data.get("seat_wind", "E"), "seat_wind")
        # the fields are read in the order of these arguments: the first wrong one is named
        req = cls(
            variant=ruleset.id,
            rules=rules,
            hand=hand,
            win_tile=win_tile,
            win=win,
            seat_wind=seat,
            round_wind=parse_wind(data.get("round_wind", "E"), "round_wind"),
            discarder=_read_other_seat(data, "discarder", seat),
            liable=_read_other_seat(data, "liable", seat),
            situation=_read_situation(data, ruleset),
            dora_indicators=tuple(_read_tiles(data, "dora_indicators")),
            ura_indicators=tuple(_read_tiles(data, "ura_indicators")),
            honba=_read_int(data, "honba", 0),
            riichi_sticks=_read_int(data, "riichi_sticks", 0),
            dealer_streak=_read_int(data, "dealer_streak", 0),
            players_in_hand=_read_int(data, "players_in_hand", 3, 1, 3),
            lang=_read_lang(data),
        )
        ruleset.check_request(req)
        return req


@dataclass(frozen=True)
class WinValue:
    """A win known only by its value, as a player says it at the table: ``total`` han, fan or
    tai; riichi's ``fu`` (needed below 5 han) or ``yakuman`` (how many; ``total`` unused).
    ``Ruleset.score_value`` pays it as the variant pays a scored hand of that value."""

    total: int = 0
    fu: int | None = None
    yakuman: int = 0


@dataclass(frozen=True)
class Item:
    """One counted pattern: a stable snake_case ``id``, a display ``name``, its ``value``."""

    id: str
    name: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        """Return the contract's ``{"id", "name", "value"}``."""
        return {"id": self.id, "name": self.name, "value": self.value}


@dataclass(frozen=True)
class FuItem:
    """One fu item (riichi): ``id`` and ``value``."""

    id: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        """Return the contract's ``{"id", "value"}``."""
        return {"id": self.id, "value": self.value}


@dataclass(frozen=True)
class Payment:
    """Who pays (a role ``discarder``/``dealer``/``non_dealer``/``each``/``liable`` or a seat
    wind letter) and how much."""

    payer: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        """Return the contract's ``{"from", "amount"}``."""
        return {"from": self.payer, "amount": self.amount}


@dataclass(frozen=True)
class Points:
    """Everything the winner receives (``total``) and who pays it."""

    total: int
    payers: tuple[Payment, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the contract's ``{"total", "payers"}``."""
        return {"total": self.total, "payers": [p.to_dict() for p in self.payers]}


@dataclass(frozen=True)
class ScoreResult:
    """The contract's result. ``extra`` carries variant fields (added to the dict as they are)."""

    valid: bool
    unit: str
    reason: str | None = None
    items: tuple[Item, ...] = ()
    total: int = 0
    fu: int | None = None
    fu_items: tuple[FuItem, ...] = ()
    limit: str | None = None
    points: Points = Points(0)
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def invalid(
        cls, unit: str, reason: str, items: Sequence[Item] = (), total: int = 0
    ) -> ScoreResult:
        """Return a ``valid: false`` result with its human reason."""
        return cls(valid=False, unit=unit, reason=reason, items=tuple(items), total=total)

    def to_dict(self) -> dict[str, Any]:
        """Return the contract's result dict."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "reason": self.reason,
            "items": [i.to_dict() for i in self.items],
            "unit": self.unit,
            "total": self.total,
            "fu": self.fu,
            "fu_items": [f.to_dict() for f in self.fu_items],
            "limit": self.limit,
            "points": self.points.to_dict(),
        }
        out.update(self.extra)
        return out


def in_field(name: str, error: Exception) -> str:
    """Return an error of notation as met in a request field: ``hand: no tile '8z'``.

    >>> in_field("hand", InvalidNotation("no tile '8z'"))
    "hand: no tile '8z'"
    """
    return _("{field}: {error}").format(field=name, error=error)


# -- the request's fields, read one by one (``ScoreRequest.from_dict`` calls them in order) --


def _check_fields(data: object) -> None:
    """Raise ``InvalidRequest`` unless the request is an object of known fields only."""
    if not isinstance(data, Mapping):
        raise InvalidRequest(
            _("a request must be a JSON object, got {type}").format(type=type(data).__name__),
            field=None,
        )
    if not KNOWN_FIELDS.issuperset(data):
        unknown = sorted(set(data) - KNOWN_FIELDS)
        raise InvalidRequest(
            _("unknown field {field!r}").format(field=unknown[0]), field=unknown[0]
        )


def _read_ruleset(data: Mapping[str, Any]) -> Ruleset:
    """Return the ruleset of the request's ``variant``."""
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise InvalidRequest(
            _("variant is required ({variants})").format(variants=", ".join(VARIANTS)),
            field="variant",
        )
    try:
        return get_ruleset(variant)
    except MajiangError as exc:
        raise InvalidRequest(str(exc), field="variant") from exc


def _read_rules(data: Mapping[str, Any], ruleset: Ruleset) -> RuleOptions:
    """Return every option of the table: the request's ``rules``, the defaults for the rest."""
    raw_rules = data.get("rules") or {}
    if not isinstance(raw_rules, Mapping):
        raise InvalidRequest(_("rules must be an object of option names"), field="rules")
    return ruleset.resolve_options(raw_rules)


def _read_hand(data: Mapping[str, Any], tiles: TileSet) -> Hand:
    """Return the hand of ``hand``, ``melds`` and ``flowers`` (a flower written in ``hand``
    joins the flowers), every tile one the variant plays with."""
    written = _read_tiles(data, "hand", required=True)
    concealed = [t for t in written if not is_bonus(t)]
    flowers_in_hand = [t for t in written if is_bonus(t)]
    flowers = _read_flowers(data)
    melds = _read_melds(data)
    hand = Hand(tuple(concealed), tuple(melds), (*flowers_in_hand, *flowers))
    try:
        tiles.check([*hand.all_tiles(), *hand.bonus])
    except InvalidNotation as whole:
        # a tile the variant does not use is reported in the field where it was written
        for where, part in (
            ("hand", [*concealed, *flowers_in_hand]),
            ("melds", [t for m in melds for t in m.tiles]),
            ("flowers", flowers),
        ):
            try:
                tiles.check(part)
            except InvalidNotation as exc:
                raise InvalidRequest(in_field(where, exc), field=where) from exc
        raise InvalidRequest(in_field("hand", whole), field="hand") from whole
    return hand


def _read_flowers(data: Mapping[str, Any]) -> list[Tile]:
    """Return the tiles of ``flowers``, each a flower or a season."""
    flowers = _read_tiles(data, "flowers")
    bad = next((t for t in flowers if not is_bonus(t)), None)
    if bad is not None:
        raise InvalidRequest(
            _("flowers: {tile!r} is not a flower or season").format(tile=tile_name(bad)),
            field="flowers",
        )
    return flowers


def _read_melds(data: Mapping[str, Any]) -> list[Meld]:
    """Return the melds of ``melds``: a list of strings like ``"pon 777z"``, or one string of
    them separated by commas."""
    melds_raw = data.get("melds") or []
    if isinstance(melds_raw, str):
        melds_raw = [m for m in (s.strip() for s in melds_raw.split(",")) if m]
    if not isinstance(melds_raw, Sequence):
        raise InvalidRequest(_("melds must be a list of strings like 'pon 777z'"), field="melds")
    melds: list[Meld] = []
    for m in melds_raw:
        try:
            melds.append(parse_meld(m))
        except InvalidNotation as exc:
            raise InvalidRequest(in_field("melds", exc), field="melds") from exc
    return melds


def _read_win_tile(data: Mapping[str, Any], concealed: Sequence[Tile]) -> Tile:
    """Return ``win_tile``: one tile, of a kind among the hand's concealed tiles."""
    win_tiles = _read_tiles(data, "win_tile", required=True)
    if len(win_tiles) != 1:
        raise InvalidRequest(_("win_tile must be exactly one tile"), field="win_tile")
    win_tile = win_tiles[0]
    if win_tile not in concealed and not any(kind(t) == kind(win_tile) for t in concealed):
        raise InvalidRequest(
            _(
                "win_tile {tile!r} is not among the hand's concealed tiles "
                "(the hand includes the winning tile)"
            ).format(tile=tile_name(win_tile)),
            field="win_tile",
        )
    return win_tile


def _read_win(data: Mapping[str, Any]) -> Win:
    """Return ``win``: ``ron`` (the default) or ``tsumo``."""
    win = data.get("win", "ron")
    if win not in ("ron", "tsumo"):
        raise InvalidRequest(
            _("win must be 'ron' or 'tsumo', got {value!r}").format(value=win), field="win"
        )
    return "tsumo" if win == "tsumo" else "ron"


def _read_other_seat(data: Mapping[str, Any], name: str, winner: int) -> int | None:
    """Return the seat wind of ``discarder`` or ``liable`` (``None`` when absent), never the
    winner's own."""
    if data.get(name) is None:
        return None
    seat = parse_wind(data[name], name)
    if seat == winner:
        message = {
            "discarder": _("discarder cannot be the winner's own seat"),
            "liable": _("liable cannot be the winner's own seat"),
        }[name]
        raise InvalidRequest(message, field=name)
    return seat


def _read_situation(data: Mapping[str, Any], ruleset: Ruleset) -> frozenset[str]:
    """Return the names of ``situation`` (a list, or one string separated by spaces or
    commas), each of the shared vocabulary or the variant's own."""
    situation_raw = data.get("situation") or []
    if isinstance(situation_raw, str):
        situation_raw = [s for s in situation_raw.replace(",", " ").split() if s]
    if not isinstance(situation_raw, Sequence) or not all(
        isinstance(s, str) for s in situation_raw
    ):
        raise InvalidRequest(_("situation must be a list of names"), field="situation")
    for s in situation_raw:
        if s not in SITUATIONS and s not in ruleset.extra_situations:
            raise InvalidRequest(_("unknown situation {name!r}").format(name=s), field="situation")
    return frozenset(situation_raw)


def _read_tiles(data: Mapping[str, Any], name: str, required: bool = False) -> list[Tile]:
    """Return the tiles of a request field (empty when absent), or raise ``InvalidRequest``."""
    value = data.get(name)
    if value is None or value == "":
        if required:
            raise InvalidRequest(_("{field} is required").format(field=name), field=name)
        return []
    if not isinstance(value, str):
        raise InvalidRequest(_("{field} must be a string of tiles").format(field=name), field=name)
    try:
        return parse_tiles(value)
    except InvalidNotation as exc:
        raise InvalidRequest(in_field(name, exc), field=name) from exc


def _read_int(data: Mapping[str, Any], name: str, default: int, lo: int = 0, hi: int = 1000) -> int:
    """Return a whole-number request field (``default`` when absent), or raise ``InvalidRequest``."""
    value = data.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidRequest(
            _("{field} must be a whole number from {lo} to {hi}, got {value!r}").format(
                field=name, lo=lo, hi=hi, value=value
            ),
            field=name,
        )
    return value


def _read_lang(data: Mapping[str, Any]) -> str | None:
    """Return the language a request asks its names in (one of ``LANGUAGES``), or ``None``."""
    value = data.get("lang")
    if value is None:
        return None
    found = match(value) if isinstance(value, str) else None
    if found is None:
        raise InvalidRequest(
            _(
                "lang must be a language tag of {languages} (such as 'de' or 'zh-TW'), got {value!r}"
            ).format(languages=", ".join(LANGUAGES), value=value),
            field="lang",
        )
    return found


def score_request(req: ScoreRequest) -> ScoreResult:
    """Return the typed result for a checked request."""
    return get_ruleset(req.variant).score(req)


def score(request: Mapping[str, Any]) -> dict[str, Any]:
    """Return the result dict for a request dict; raise ``InvalidRequest`` on a malformed one.

    With ``lang`` (a language tag) each item also has its ``translation`` and ``traditional``
    name, and ``name`` shows both (``majiang.i18n.patterns``); the ids stay as they are.

    >>> score({"variant": "nope", "hand": "11m", "win_tile": "1m"})
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: unknown variant 'nope' (expected one of riichi, hk, hk2, hkos, taiwan, sichuan)
    """
    lang = _read_lang(request) if isinstance(request, Mapping) else None
    # the errors are written in the request's language too (the field and token stay)
    with use(lang or current()):
        req = ScoreRequest.from_dict(request)
        result = score_request(req).to_dict()
    if req.lang is not None:
        result["items"] = [localized_item(req.variant, i, req.lang) for i in result["items"]]
    return result


def error_object(exc: MajiangError) -> dict[str, Any]:
    """Return the contract's error object for an exception.

    >>> error_object(InvalidRequest("win must be 'ron' or 'tsumo'", field="win"))
    {'error': "win must be 'ron' or 'tsumo'", 'field': 'win'}
    """
    return {"error": str(exc), "field": exc.field}

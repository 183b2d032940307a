"""Dora: the tiles the indicators point at, ura dora under riichi, and red fives.

Each indicator makes the next tile of its sequence dora (9 to 1, North to East, red dragon to
white); every copy of a dora in the hand (melds and kongs included) is worth one han per
indicator pointing at it. Kan dora are simply more indicators. Ura dora count only for a hand
in riichi (or double riichi); red fives (``0m 0p 0s``) are one han each. Dora never make a
hand valid on their own.

>>> from majiang.tiles import counts34, parse_tiles
>>> count_dora(counts34(parse_tiles("11123m")), parse_tiles("9m4z"))
3
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.errors import InvalidNotation, InvalidRequest
from majiang.i18n import _
from majiang.scoring import Item, ScoreRequest, in_field
from majiang.tiles import (
    NUM_KINDS,
    RED_FIVES,
    Tile,
    TileSet,
    counts34,
    dora_from_indicator,
    is_red,
    kind,
    tile_name,
    tile_set,
)


def count_dora(counts: Sequence[int], indicators: Sequence[int]) -> int:
    """Return how many han the indicators give a hand with these kind counts."""
    return sum(counts[dora_from_indicator(t)] for t in indicators)


def dora_items(req: ScoreRequest, counts: Sequence[int]) -> list[Item]:
    """Return the ``dora``, ``ura_dora`` (a hand in riichi only) and ``aka_dora`` items of a
    win whose hand has these kind counts, those worth some han.

    >>> from majiang.tiles import counts34
    >>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "555m234678p05p777z",
    ...     "win_tile": "5p", "dora_indicators": "4m", "ura_indicators": "4m"})
    >>> [i.to_dict() for i in dora_items(req, counts34(req.hand.all_tiles()))]
    [{'id': 'dora', 'name': 'Dora', 'value': 3}, {'id': 'aka_dora', 'name': 'Red fives', 'value': 1}]
    """
    in_riichi = "riichi" in req.situation or "double_riichi" in req.situation
    tiles = req.hand.all_tiles()
    named = (
        ("dora", "Dora", count_dora(counts, req.dora_indicators)),
        ("ura_dora", "Ura dora", count_dora(counts, req.ura_indicators) if in_riichi else 0),
        ("aka_dora", "Red fives", sum(tiles.count(five) for five in RED_FIVES)),
    )
    return [Item(item_id, name, han) for item_id, name, han in named if han]


def check_indicators(req: ScoreRequest) -> None:
    """Raise ``InvalidRequest`` for indicators that cannot be: more than five dora or ura
    indicators (one and four kong dora), a tile the table does not play with (a flower, a red
    five without ``aka``), a fifth copy of a kind with the hand's tiles, or a red five beyond
    the ``aka`` red fives of its suit with the hand's and the other indicators' (field
    ``dora_indicators`` or ``ura_indicators``, the list where the extra copy is shown).

    >>> from majiang.scoring import score
    >>> score({"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p",
    ...        "dora_indicators": "1f"})
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: dora_indicators: tile '1f' is not used in riichi
    """
    tiles = tile_set(req.variant, req.rules)
    hand_tiles = req.hand.all_tiles()
    held = counts34(hand_tiles)
    shown = [0] * NUM_KINDS
    held_red = {red: hand_tiles.count(red) for red in RED_FIVES}
    shown_red = dict.fromkeys(RED_FIVES, 0)
    for field, given in (
        ("dora_indicators", req.dora_indicators),
        ("ura_indicators", req.ura_indicators),
    ):
        _check_list(field, given, tiles)
        for t in given:
            k = kind(t)
            shown[k] += 1
            if held[k] + shown[k] > 4:
                raise InvalidRequest(
                    _(
                        "{field}: a fifth copy of {tile!r} ({held} in the hand and melds, "
                        "{shown} among the indicators)"
                    ).format(field=field, tile=tile_name(k), held=held[k], shown=shown[k]),
                    field=field,
                )
            if is_red(t):
                shown_red[t] += 1
                if held_red[t] + shown_red[t] > tiles.copies[t]:
                    raise InvalidRequest(
                        _(
                            "{field}: too many {tile!r}: {variant} has {count} ({held} in the "
                            "hand and melds, {shown} among the indicators)"
                        ).format(
                            field=field,
                            tile=tile_name(t),
                            variant=req.variant,
                            count=tiles.copies[t],
                            held=held_red[t],
                            shown=shown_red[t],
                        ),
                        field=field,
                    )


def _check_list(field: str, given: Sequence[Tile], tiles: TileSet) -> None:
    """Raise ``InvalidRequest`` for a list of more than five indicators, or one with a tile the
    table does not play with."""
    if len(given) > 5:
        raise InvalidRequest(
            _("{field}: at most 5 indicators (one and four kong dora), got {count}").format(
                field=field, count=len(given)
            ),
            field=field,
        )
    try:
        tiles.check(given)
    except InvalidNotation as exc:
        raise InvalidRequest(in_field(field, exc), field=field) from exc

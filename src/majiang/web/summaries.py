"""The rules of each variant in a few lines, as a player needs them at the table.

Written for the rules pages from the specification (shared/rules/*.md); the numbers a table
may change are read from the ruleset's options, so the text shows the defaults in force.
"""

from __future__ import annotations

from majiang.i18n import _
from majiang.rules import get_ruleset


def _defaults(variant: str) -> dict[str, object]:
    return dict(get_ruleset(variant).resolve_options({}))


def _half_spicy(max_fan: int) -> str:
    """Return the half-spicy table up to the cap, as a player reads it.

    >>> _half_spicy(3)
    '0 fan = 1 point, 1 = 2, 2 = 4, 3 = 8'
    """
    from majiang.rules.hongkong.payments import HALF_SPICY

    values = HALF_SPICY[: max_fan + 1]
    return ", ".join(
        _("{fan} fan = {points} point").format(fan=fan, points=p) if fan == 0 else f"{fan} = {p}"
        for fan, p in enumerate(values)
    )


def summary(variant: str) -> list[str]:
    """Return the short rules of a variant, one sentence or two per item (plain text), in the
    language of the moment.

    >>> summary("hk")[0].startswith("136 tiles")
    True
    """
    d = _defaults(variant)
    if variant == "riichi":
        return [
            _(
                "136 tiles (with one red five per suit by default, each worth a dora); "
                "4 players, 13 tiles each, 14 to win."
            ),
            _(
                "A win is four sets and a pair, seven distinct pairs, or thirteen orphans, and "
                "needs at least one yaku; dora never make a hand valid alone."
            ),
            _(
                "Han (from yaku and dora) and fu (from the hand's shape and the wait) give the "
                "base points: fu × 2 to the power (han + 2), capped at mangan (2000) from 5 han; "
                "haneman, baiman, sanbaiman and yakuman above it."
            ),
            _(
                "Ron: the discarder pays 4 x base (6 x for a dealer win). Tsumo: the dealer pays "
                "2 x base and the others 1 x base each (a dealer's tsumo: 2 x base from each). "
                "Every payment is rounded up to 100."
            ),
            _(
                "Each honba adds 300 to the win; the winner takes 1000 per riichi stick on the table."
            ),
            _(
                "Riichi: a closed, ready hand may declare riichi for a 1000-point stick; the hand "
                "is then locked. No ron on a tile you discarded (furiten)."
            ),
        ]
    if variant in ("hk", "hk2", "hkos"):
        lines = [
            _(
                "136 tiles: suits, winds and dragons. 4 players, 13 tiles each; a win is four "
                "sets and a pair, or thirteen orphans (seven pairs is no Hong Kong hand)."
            ),
            _(
                "A win needs at least {min_fan} fan; fan add up and are capped at {max_fan} "
                "(every limit hand scores the cap)."
            ).format(min_fan=d["min_fan"], max_fan=d["max_fan"]),
            _("Half-spicy table by default: {table}.").format(
                table=_half_spicy(int(str(d["max_fan"])))
            ),
            _(
                "Win on a discard: the discarder pays twice the table value. Self-drawn: each of "
                "the other three pays the table value."
            ),
            _(
                "Liability (pao): a discard that completes a player's fourth exposed set or third "
                "dragon set makes the discarder pay the whole win if that player wins."
            ),
        ]
        if variant == "hk2":
            lines[0] = _(
                "80 tiles: all dots, all honors, and only the 1s and 9s of characters and "
                "bamboo. 2 players (East and South), 13 tiles each, four sets and a pair to win."
            )
            lines[2] = _(
                "Golden table: a hand of n fan is worth 2 to the power n, paid in full by the "
                "opponent."
            )
            del lines[3:]
        if variant == "hkos":
            lines[0] = _(
                "144 tiles: the 136 plus four flowers and four seasons, set "
                "aside as they are drawn and replaced from the end of the wall."
            )
            lines.append(
                _(
                    "Flowers: {seat} fan for the flower or season of your seat (flower n and "
                    "season n belong to seat n, East 1); a full set of four {set} instead; all "
                    "eight {all}; no bonus tile at all 1 fan."
                ).format(
                    seat=d["seat_flower_fan"], set=d["flower_set_fan"], all=d["all_flowers_fan"]
                )
            )
        return lines
    if variant == "taiwan":
        return [
            _(
                "144 tiles with 4 flowers and 4 seasons. 4 players, 16 tiles each; a win is 17 "
                "tiles: five sets and a pair (or seven pairs plus a pung, lik gu lik gu)."
            ),
            _(
                "Bonus tiles are shown as they are drawn and replaced. The last 16 tiles are "
                "never drawn: when only they remain, the hand is a draw."
            ),
            _(
                "No minimum: every win is paid {base} base points plus {tai_value} per tai. On a "
                "discard only the discarder pays; on a self-draw each of the other three."
            ).format(base=d["base"], tai_value=d["tai_value"]),
            _(
                "Dealer tai: 1 more tai whenever the dealer wins, deals in, or pays for a "
                "self-draw; after n hands kept in a row, 1 + 2n."
            ),
            _(
                "Claims: a win beats pung and kong, which beat chow; chow only from the previous "
                "player."
            ),
        ]
    return [
        _(
            "108 tiles: characters, dots and bamboo only. 4 players, 13 tiles each, 14 to win; "
            "pung and kong may be claimed, chow never."
        ),
        _(
            "After the deal each player passes three tiles of one suit, then chooses a suit to "
            "give up: a hand still holding all three suits cannot win."
        ),
        _(
            "Bloody battle: a win does not end the hand; the others play on until three have "
            "won or the wall is empty."
        ),
        _(
            "Each fan doubles: a hand is worth its base of {base} doubled once per fan, capped "
            "at {max_fan} fan. A discard win is paid by the discarder; a self-draw by every "
            "player still in the hand, each adding one base."
        ).format(base=d["base"], max_fan=d["max_fan"]),
        _(
            "Kongs are paid at once (wind and rain): 2 base from the discarder for an open kong, "
            "1 from each player still in for an added kong, 2 each for a concealed kong."
        ),
    ]

"""The Taiwan expert's judgement only against a threat (``Valuation.judged_threat``, session 9
in docs/bots.md): where no other seat's threat reaches 0.3, the offense ranking stands; against
a seat at or above it, the judgement rescores as before; other variants judge at any threat.

The table: seat 2 has thrown some tiles and holds some open sets (its threat, from the
calibrated tables, is read by the expert's ``Reader``); seat 0 weighs two discards of the same
shanten, two from ready: 5p (the better offense by a fraction of a tile, never seen against
seat 2: the more dangerous) and 1z, seat 2's own discard.
"""

from __future__ import annotations

import pytest

from bots_support import showing_seat
from majiang.actions import Discard
from majiang.bots.policy import EXPERT, PolicyBot
from majiang.bots.valuation import valuation_for
from majiang.tiles import kind, parse_tile
from majiang.view import PlayerView

_RIVER = "1z 9m 2z 1m 3z 8p 4z 9p 5z 6z 7z 2m"
_MELDS = ("chi 123s from=1", "pon 777m from=2", "chi 789s from=1")
_DANGEROUS = "5p"
_SAFE = "1z"


def _view(variant: str, discards: int, opened: int) -> PlayerView:
    river = " ".join(_RIVER.split()[:discards])
    return showing_seat(variant, river, _MELDS[:opened])


def _first(variant: str, discards: int, opened: int, gate: float | None = None) -> str:
    """Return the discard the expert's judgement ranks first (``gate``: its ``judged_threat``
    replaced), with the threat of seat 2 read from its signs."""
    view = _view(variant, discards, opened)
    bot = PolicyBot(EXPERT, 0, variant)
    if gate is not None:
        bot.valuation(variant).judged_threat = gate
    ctx = bot.context(view)
    reader = bot.reader(ctx)
    dangerous, safe = parse_tile(_DANGEROUS), parse_tile(_SAFE)
    scored = [(-170.0, 2, Discard(dangerous)), (-170.2, 2, Discard(safe))]
    outlook = {kind(dangerous): (20.0, 1.2), kind(safe): (19.8, 1.2)}
    judged = bot.judge(ctx, scored, outlook, reader)
    judged.sort(key=lambda e: -e[0])
    return _DANGEROUS if judged[0][2].tile == dangerous else _SAFE


@pytest.mark.parametrize(
    ("discards", "opened", "low"),
    [
        (6, 0, True),  # no open set after six discards: threat 0.09
        (6, 1, True),  # one open set after six: 0.16
        (6, 2, True),  # two open sets after six: 0.29
        (9, 1, False),  # one open set after nine: 0.35
        (12, 3, False),  # three open sets after twelve: 0.65
    ],
)
def test_the_threats_read(discards: int, opened: int, low: bool) -> None:
    view = _view("taiwan", discards, opened)
    bot = PolicyBot(EXPERT, 0, "taiwan")
    reader = bot.reader(bot.context(view))
    assert (reader.max_threat < 0.3) is low
    assert reader.risk(kind(parse_tile(_SAFE))) < reader.risk(kind(parse_tile(_DANGEROUS)))


@pytest.mark.parametrize(
    ("variant", "discards", "opened", "gate", "first"),
    [
        # Taiwan, nobody near a win (threats 0.09, 0.16, 0.29): the offense ranking stands
        ("taiwan", 6, 0, None, _DANGEROUS),
        ("taiwan", 6, 1, None, _DANGEROUS),
        ("taiwan", 6, 2, None, _DANGEROUS),
        # the closest negatives: the same tables judged at any threat rescore them
        ("taiwan", 6, 0, 0.0, _SAFE),
        ("taiwan", 6, 2, 0.0, _SAFE),
        # Taiwan against a threat of 0.3 or more (0.35, 0.65): the judgement rescores
        ("taiwan", 9, 1, None, _SAFE),
        ("taiwan", 12, 3, None, _SAFE),
        # riichi judges a weak threat (one open set after six discards: 0.17) as before
        ("riichi", 6, 1, None, _SAFE),
    ],
)
def test_the_judgement_only_against_a_threat(
    variant: str, discards: int, opened: int, gate: float | None, first: str
) -> None:
    assert _first(variant, discards, opened, gate) == first


def test_judged_threat_per_variant() -> None:
    assert valuation_for("taiwan").judged_threat == 0.3
    for variant in ("riichi", "hk", "hk2", "hkos", "sichuan"):
        assert valuation_for(variant).judged_threat == 0.0

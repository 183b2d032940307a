"""The Taiwan expert's judgement one tile from ready (``Valuation.unjudged_shanten``): where
the best discard leaves the hand one from ready, the offense ranking stands; ready, or two
and more from ready, the losses of dealing in rescore it, and in every other variant the
judgement rescores at every shanten as before.

The table: seat 2 holds three open sets and has thrown twelve tiles (a strong threat in
every variant's tables); seat 0 weighs two discards of the same shanten: 5p (the better
offense by two tiles of acceptance, never seen against seat 2: dangerous) and 1z, seat 2's
own discard (safe in riichi, nearly so in Taiwan).
"""

from __future__ import annotations

import pytest

from bots_support import showing_seat
from majiang.actions import Discard
from majiang.bots.policy import EXPERT, PolicyBot
from majiang.tiles import kind, parse_tile
from majiang.view import PlayerView

_MELDS = {
    "taiwan": ("chi 123s from=1", "pon 777m from=2", "chi 789s from=1"),
    "riichi": ("chi 123s from=1", "pon 777m from=2", "chi 789s from=1"),
}
_RIVER = "1z 9m 2z 1m 3z 8p 4z 9p 5z 6z 7z 2m"
_DANGEROUS = "5p"
_SAFE = "1z"


def _view(variant: str) -> PlayerView:
    return showing_seat(variant, _RIVER, _MELDS[variant])


def _judged(variant: str, shanten: int) -> list[str]:
    """Return the two discards as the expert's judgement ranks them, best first, when both
    leave the hand ``shanten`` from ready and 5p is the better offense."""
    view = _view(variant)
    bot = PolicyBot(EXPERT, 0, variant)
    ctx = bot.context(view)
    reader = bot.reader(ctx)
    dangerous, safe = parse_tile(_DANGEROUS), parse_tile(_SAFE)
    scored = [
        (-100.0 * shanten + 30.0, shanten, Discard(dangerous)),
        (-100.0 * shanten + 28.0, shanten, Discard(safe)),
    ]
    outlook = {kind(dangerous): (24.0, 1.2), kind(safe): (20.0, 1.2)}
    judged = bot.judge(ctx, scored, outlook, reader)
    judged.sort(key=lambda e: -e[0])
    names = {dangerous: _DANGEROUS, safe: _SAFE}
    return [names[a.tile] for _, _, a in judged]


def test_the_threat_is_strong_and_the_own_discard_safer() -> None:
    view = _view("taiwan")
    bot = PolicyBot(EXPERT, 0, "taiwan")
    reader = bot.reader(bot.context(view))
    assert reader.threat[2] > 0.6
    assert reader.risk(kind(parse_tile(_SAFE))) < reader.risk(kind(parse_tile(_DANGEROUS)))


@pytest.mark.parametrize(
    ("variant", "shanten", "first"),
    [
        # Taiwan one from ready: the offense ranking stands (the better acceptance goes on)
        ("taiwan", 1, _DANGEROUS),
        # Taiwan ready or two from ready: the judgement rescores, the safe tile goes first
        ("taiwan", 0, _SAFE),
        ("taiwan", 2, _SAFE),
        # riichi judges one from ready as before (and ready)
        ("riichi", 1, _SAFE),
        ("riichi", 0, _SAFE),
    ],
)
def test_where_the_judgement_rescores(variant: str, shanten: int, first: str) -> None:
    assert _judged(variant, shanten)[0] == first


def test_unjudged_shanten_per_variant() -> None:
    from majiang.bots.valuation import valuation_for

    assert valuation_for("taiwan").unjudged_shanten == (1,)
    for variant in ("riichi", "hk", "hk2", "hkos", "sichuan"):
        assert valuation_for(variant).unjudged_shanten == ()

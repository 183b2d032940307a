"""The readings of a Hong Kong win, each a ``WinContext`` of the pattern core.

A complete hand can often be read in more than one way (``111222333m`` is three pungs or three
chows), and on a discard win the winning tile may complete different sets. ``win_contexts``
returns one context per reading; the scorer counts each and keeps the best (shared/rules/README.md: "When a hand
decomposes in more than one way, the result is the highest-scoring decomposition"). A pung the
winning discard completes counts as exposed (shared/rules/README.md, "One scoring contract"); a self-drawn win leaves
every concealed set concealed, so each split is read once.

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "111222333m55p789s",
...                               "win_tile": "5p", "win": "tsumo"})
>>> sorted(describe(c) for c in win_contexts(req))
['111m 222m 333m 789s 55p', '123m 123m 123m 789s 55p']
"""

from __future__ import annotations

from majiang.patterns import Win, WinContext
from majiang.patterns import win_contexts as core_win_contexts
from majiang.rules.hongkong.payments import FanLimits
from majiang.scoring import ScoreRequest
from majiang.tiles import format_tiles

#: what a Hong Kong pattern reads: one reading and the win, with the table's resolved options
HongKongContext = WinContext[FanLimits]


def win_contexts(req: ScoreRequest, rules: FanLimits | None = None) -> list[HongKongContext]:
    """Return every reading of the win: four sets and a pair, then thirteen orphans (empty
    when the hand is not complete). ``rules`` default to the request's."""
    options = FanLimits.of(req.rules) if rules is None else rules
    win = Win.of_request(req, options, read_wait=not req.tsumo)
    return core_win_contexts(win, sets=4, forms=("standard", "thirteen_orphans"))


def describe(ctx: HongKongContext) -> str:
    """Return the reading in notation: each set, then the pair; melds marked ``*``.

    >>> from majiang.scoring import ScoreRequest
    >>> req = ScoreRequest.from_dict({"variant": "hk", "hand": "123m55p789s", "melds":
    ...     ["pon 777z", "ankan 1111p"], "win_tile": "5p", "win": "tsumo"})
    >>> describe(win_contexts(req)[0])
    '777z* 1111p* 123m 789s 55p'
    """
    if ctx.pair is None:
        return format_tiles(ctx.win.hand.concealed)
    words = [format_tiles(s.tiles) + ("*" if s.melded else "") for s in ctx.sets]
    return " ".join([*words, format_tiles((ctx.pair, ctx.pair))])

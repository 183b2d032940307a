"""The readings of a riichi win: one ``WinContext`` of the pattern core per way to read the hand.

A complete hand may split into sets and a pair in more than one way, and the winning tile may
have completed different sets of one split: the wait decides the fu, pinfu and whether a pung
counts as concealed. ``win_contexts`` reads the hand through the core (``majiang.patterns``):
thirteen orphans, seven pairs (distinct), then the standard readings, one per split and per
place of the winning tile; the scorer keeps the one that pays most (rules/README.md: "the
highest-scoring decomposition").

>>> from majiang.scoring import ScoreRequest
>>> req = ScoreRequest.from_dict({"variant": "riichi", "hand": "111222333m55p789s",
...                               "win_tile": "3m", "win": "tsumo"})
>>> [(c.wait, str(c.reading)) for c in win_contexts(req, RiichiOptions())]
[('edge', '55p 123m* 123m 123m 789s'), ('dual_pung', '55p 111m 222m 333m* 789s')]
"""

from __future__ import annotations

from majiang.patterns import Form, Win, WinContext
from majiang.patterns import win_contexts as core_win_contexts
from majiang.rules.riichi.options import RiichiOptions
from majiang.scoring import ScoreRequest

#: what a yaku reads: one reading and the win, with the table's options read once
RiichiContext = WinContext[RiichiOptions]
#: the forms of a riichi hand, in the order their readings are found (the first wins a tie)
FORMS: tuple[Form, ...] = ("thirteen_orphans", "seven_pairs", "standard")


def win_contexts(req: ScoreRequest, options: RiichiOptions) -> list[RiichiContext]:
    """Return every reading of a win (empty when the hand is not complete)."""
    return core_win_contexts(Win.of_request(req, options), sets=4, forms=FORMS)

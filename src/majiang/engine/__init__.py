"""The state machine of play, one for every variant: ``legal_actions`` and ``step``.

``new_game`` deals the first hand; ``legal_actions(rules, state, seat)`` lists what that seat may
do now (``is_legal`` also takes a discard of the drawn tile's hand copy, ``from_hand``);
``step(rules, state, seat, action)`` returns the next state and the events the action
caused (automatic consequences included: the next draw, the end of a hand, the next deal). An
action outside ``legal_actions`` raises ``IllegalAction`` saying why, and nothing changes.

Everything that differs between variants is asked of ``rules`` (the hooks of
``majiang.rules.game.GameRules``); every win is scored through the scoring contract
(``rules.score``). States are immutable (see state.py).

The package, one concern a module (docs/engine.md, "Module layout"):

- ``common``: the shared values and helpers (the common actions, counts, ``next_seat``);
- ``wins``: a win read from the state (``win_request``, ``win_result``) and paid (``settle``);
- ``legal``: ``legal_actions``, on a turn and on a claim, and why an action is refused;
- ``play``: ``step``, which hands an action to the part of play it belongs to:
- ``deal``: ``new_game``, each hand's wall and deal, the decision rounds;
- ``draws``: tiles from the wall, bonus tiles replaced, indicators;
- ``turn``: discards (riichi included) and kongs;
- ``claims``: the claim window on a discard or a kong, and its resolution;
- ``hand_end``: wins, the exhaustive draw, the next hand or the end of the game.

The last five call one another through their modules (``draws.draw(...)``): play loops, as the
end of a hand deals the next.

>>> from majiang.rules import get_ruleset
>>> rules = get_ruleset("riichi")
>>> state, events = new_game(rules, seed=1, length="one_hand")
>>> state.phase, state.turn, len(state.concealed[0]), [e.kind for e in events][:3]
('turn', 0, 14, ['hand_started', 'dealt', 'dealt'])
>>> state, events = step(rules, state, 0, legal_actions(rules, state, 0)[0])
>>> events[0].kind
'discarded'
"""

from __future__ import annotations

from majiang.engine.common import next_seat
from majiang.engine.deal import new_game, resolve_options
from majiang.engine.legal import hand_copy_refusal, is_legal, legal_actions
from majiang.engine.play import step
from majiang.engine.wins import payer_seats, settle, win_request, win_result

__all__ = [
    "hand_copy_refusal",
    "is_legal",
    "legal_actions",
    "new_game",
    "next_seat",
    "payer_seats",
    "resolve_options",
    "settle",
    "step",
    "win_request",
    "win_result",
]

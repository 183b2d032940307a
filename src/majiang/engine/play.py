"""``step``: one seat's action applied, with every consequence that follows by itself."""

from __future__ import annotations

from majiang.actions import Action, Ankan, Discard, Kakan, Tsumo
from majiang.engine.claims import resolve_claims
from majiang.engine.common import replace_at
from majiang.engine.deal import resolve_decision
from majiang.engine.hand_end import award_wins, end_hand
from majiang.engine.legal import is_legal, legal_actions, why_illegal
from majiang.engine.turn import declare_kong, discard
from majiang.errors import IllegalAction
from majiang.events import Event
from majiang.rules.base import Ruleset
from majiang.state import GameState

__all__ = ["step"]


def step(
    rules: Ruleset, state: GameState, seat: int, action: Action
) -> tuple[GameState, list[Event]]:
    """Return the state after ``seat`` takes ``action``, and the events it caused.

    Raises ``IllegalAction`` (the state unchanged) when the action is not legal now.
    """
    if not is_legal(rules, state, seat, action):
        legal = legal_actions(rules, state, seat)
        raise IllegalAction(why_illegal(state, seat, action, legal))
    st = state.copy()
    ev: list[Event] = []
    if st.phase in ("claim", "decision"):
        st.responses = replace_at(st.responses, seat, action)
        if not st.waiting_seats():
            if st.phase == "decision":
                resolve_decision(rules, st, ev)
            else:
                resolve_claims(rules, st, ev)
    elif isinstance(action, Discard):
        discard(rules, st, seat, action, ev)
    elif isinstance(action, Tsumo):
        assert st.drawn is not None
        award_wins(rules, st, (seat,), None, st.drawn, ev)
    elif isinstance(action, Ankan | Kakan):
        declare_kong(rules, st, seat, action, ev)
    else:
        end_hand(rules, st, rules.extra_outcome(st.options, st, seat, action), ev)
    return st, ev

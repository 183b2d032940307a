"""The bots' decisions on a fixed set of seeded deals, as one hash per variant.

The engine, the shanten tables and the bots' analysis may change for speed, never for what is
decided: every level (random, beginner, normal, expert, and master with a fixed number of
sampled worlds and no time budget) plays one hand of every variant from fixed seeds, and the
SHA-256 of every (seat, action) chosen and the final scores must equal the hash recorded when
the test was written (on the engine before the speed work of issue #34). A changed hash means
some decision, or some result, changed: find which with ``decision_lines``.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from majiang.bots import make_bot
from majiang.bots.base import Bot
from majiang.bots.master import MasterBot
from majiang.bots.play import play_game
from majiang.rules import VARIANTS, get_ruleset

#: the seats' levels, rotated by one for each seed
LEVELS = ("random", "beginner", "normal", "expert")
SEEDS = (11, 12, 13, 14, 15, 16)

#: computed on main at 594044e, before the speed work
EXPECTED = {
    "riichi": "c638676756e1472dfbe1b447f77e4ca74d64ef9df4d1a9d3edd985df5d25eb40",
    "hk": "0dbc812a590419c1f1a3890beb74f2367060182b761f329160f748259c8b18b0",
    "hk2": "4f53f862a911a5019662dea791e15a0fd73c717dab8f03cbeaf80307ca27d555",
    "hkos": "7557be4ecf36730c61010cbfe3acb036420665d2730380608acf905c3dea2297",
    "taiwan": "dbff68f6718da5d293966c5308e5882283012c9fbf3e15647406da222ac122bc",
    "sichuan": "841d6895821218ce727ebd03df7f28c8e61e5a5a66a23ed588d01ab23edcd79c",
}


def seat_bots(variant: str, seed: int) -> list[Bot]:
    """Return the four (or three) bots of a deal: the levels rotated by the seed, and the
    first seat a master (two worlds, no time budget: deterministic) on the first seed."""
    players = get_ruleset(variant).players
    names = [LEVELS[(seed + s) % len(LEVELS)] for s in range(players)]
    bots = [make_bot(name, seed * 10 + s) for s, name in enumerate(names)]
    if seed == SEEDS[0]:
        bots[0] = MasterBot(seed, variant, samples=2, budget=None)
    return bots


def decision_lines(variant: str) -> list[str]:
    """Return one line per decision of every seeded deal of ``variant``, and its final scores."""
    rules = get_ruleset(variant)
    lines = []
    for seed in SEEDS:
        game = play_game(
            rules, seat_bots(variant, seed), seed=seed, length="one_hand", record_events=False
        )
        for seat, action in game.record.actions:
            lines.append(f"{seed} {seat} {json.dumps(action.to_dict(), sort_keys=True)}")
        lines.append(f"{seed} scores {list(game.state.scores)}")
    return lines


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_decisions_on_fixed_deals_are_unchanged(variant: str) -> None:
    lines = decision_lines(variant)
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert len(lines) > len(SEEDS) * 20  # the deals were played
    assert digest == EXPECTED[variant]

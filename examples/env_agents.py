"""Two agents that learn nothing, played through the PettingZoo API against our bot levels.

    PYTHONPATH=src python examples/env_agents.py [--variant riichi] [--deals 25] [--levels ...]

The loop is the one a learning agent uses: ``env.agent_iter()``, ``env.last()`` for the
observation and its action mask, ``env.step(slot)``. Seat ``player_k`` is our agent; the other
seats are bots of one level, chosen from what ``infos`` holds for them (their view and legal
actions), seeded as ``majiang arena`` seeds them. Each deal is played four times, the agent in
each seat in turn (a duplicate match, as the arena plays one), and the table gives the agent's
mean points per hand and mean placement over those games.

- ``random``: a uniform choice among the legal slots;
- ``greedy``: reads the observation array only: takes a win when offered, passes on every call,
  and otherwise discards the held kind with the fewest tiles of its own suit within two of it
  (an honor: the fewest copies), the drawn tile first on a tie.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from majiang.bots.levels import make_bot
from majiang.env import ROW, ActionSpace, env
from majiang.tiles import kind

Agent = Callable[[dict[str, npt.NDArray[np.float32]], np.random.Generator], int]


def random_agent(obs: dict[str, npt.NDArray[np.float32]], rng: np.random.Generator) -> int:
    """Return a uniform choice among the legal slots."""
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def greedy_agent(space: ActionSpace) -> Agent:
    """Return the greedy agent of ``space``'s variant (see the module docstring)."""
    slot = space.index

    def choose(obs: dict[str, npt.NDArray[np.float32]], rng: np.random.Generator) -> int:
        mask = obs["action_mask"]
        for win in (("tsumo",), ("ron",), ("pass",)):
            if win in slot and mask[slot[win]]:
                return slot[win]
        hand = obs["observation"][ROW["hand"]]
        drawn = obs["observation"][ROW["drawn"]]
        candidates = []
        for i in np.flatnonzero(mask):
            name, tile = space.keys[i][0], space.keys[i][-1]
            if name != "discard":
                continue
            k = kind(int(str(tile)))
            if k >= 27:  # an honor keeps company only with its own copies
                company = hand[k] - 1
            else:
                first = k - k % 9
                company = hand[max(k - 2, first) : min(k + 2, first + 8) + 1].sum() - 1
            candidates.append((float(company), 0 if drawn[k] else 1, int(i)))
        if not candidates:  # no plain discard offered (a decision round): the first legal slot
            return int(np.flatnonzero(mask)[0])
        return min(candidates)[2]

    return choose


def play(variant: str, agent: Agent, level: str, seat: int, seed: int) -> dict[str, float]:
    """Return the agent's figures in the game of ``seed`` with ``level`` bots in other seats."""
    e = env(variant, seed=seed)
    e.reset()
    bots = {
        a: make_bot(level, variant, seed * 16 + s)
        for s, a in enumerate(e.possible_agents)
        if s != seat
    }
    me = e.possible_agents[seat]
    rng = np.random.default_rng(seed)
    for name in e.agent_iter():
        obs, _, terminated, _, info = e.last()
        if terminated:
            e.step(None)
        elif name == me:
            e.step(agent(obs, rng))
        else:
            chosen = bots[name].choose(info["view"], info["legal_actions"])
            e.step(e.space.encode(chosen, info["view"].claim_tile))
    state = e.game_state
    return {
        "points": state.scores[seat] - e.ruleset.starting_score(state.options),
        "placement": state.placements[seat],
        "hands": state.hand_index + 1,
    }


def main() -> int:
    """Print the table of both agents against each level."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="riichi")
    p.add_argument("--deals", type=int, default=25)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--levels", default="beginner,normal,expert")
    args = p.parse_args()
    space = ActionSpace.for_variant(args.variant)
    agents = {"random": random_agent, "greedy": greedy_agent(space)}
    players = len(env(args.variant).possible_agents)
    print(f"{args.variant}: {args.deals} deals x {players} seats per row, seed {args.seed}")
    print(f"{'agent':8} {'vs level':9} {'points/hand':>12} {'placement':>10}")
    for agent_name, agent in agents.items():
        for level in args.levels.split(","):
            started = time.perf_counter()
            rows = [
                play(args.variant, agent, level, seat, args.seed + d)
                for d in range(args.deals)
                for seat in range(players)
            ]
            hands = sum(r["hands"] for r in rows)
            pph = sum(r["points"] for r in rows) / hands
            place = sum(r["placement"] for r in rows) / len(rows)
            seconds = time.perf_counter() - started
            print(f"{agent_name:8} {level:9} {pph:12.1f} {place:10.2f}   ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

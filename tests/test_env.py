"""majiang.env (issue 35): the PettingZoo AEC environment of every variant, its observation
encoding (docs/env.md), its action space and mask, rewards and seeds."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from majiang.actions import Action, Ankan, Chi, Discard, Kakan, Pass, Pon, Ron, Tsumo
from majiang.bots.levels import make_bot
from majiang.bots.play import play_game
from majiang.engine import legal_actions, new_game, step
from majiang.env import ROW, ActionSpace, action_key, encode, env
from majiang.env.single import SingleSeatEnv
from majiang.errors import IllegalAction, InvalidRequest, MajiangError
from majiang.rules import VARIANTS, get_ruleset
from majiang.tiles import parse_tile, parse_tiles
from majiang.view import player_view


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_and_seed_tests_pass(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # advice on Dict observations, no failure
        api_test(env(variant, seed=11), num_cycles=300)
        seed_test(lambda: env(variant, seed=11), num_cycles=300)


def _plain(key: tuple[object, ...]) -> Action | None:
    """Return the action a slot names when it needs nothing of the moment, else None."""
    name = key[0]
    if name in ("discard", "riichi"):
        return Discard(int(str(key[1])), riichi=name == "riichi")
    if name == "kakan":
        return Kakan(int(str(key[1])))
    if name == "ankan":
        return Ankan((int(str(key[1])),) * 4)
    return {"tsumo": Tsumo(), "ron": Ron(), "pass": Pass()}.get(str(name))


@pytest.mark.parametrize("variant", VARIANTS)
def test_masked_random_play_takes_only_legal_actions(variant: str) -> None:
    """1,000 steps of uniform choice among the mask: the mask is exactly legal_actions, each
    choice is one of them; a slot outside the mask is refused by the environment and, as an
    action, by the engine's step, and the refusal changes nothing."""
    rules = get_ruleset(variant)
    e = env(variant, seed=100)
    space = e.space
    rng = random.Random(5)
    e.reset()
    steps = refused = 0
    while steps < 1000:
        if not e.agents:
            e.reset()
        agent = e.agent_selection
        obs, _, terminated, _, info = e.last()
        if terminated:
            e.step(None)
            continue
        state = e.game_state
        seat = int(agent.split("_")[1])
        legal = legal_actions(rules, state, seat)
        mask = obs["action_mask"]
        assert int(mask.sum()) == len(legal) == len(info["legal_actions"])
        claim = state.claim_tile if state.phase == "claim" else None
        decoded = {space.decode(i, legal, claim) for i in np.flatnonzero(mask)}
        assert decoded == set(legal)
        outside = [i for i in np.flatnonzero(mask == 0) if _plain(space.keys[i]) is not None]
        i = rng.choice(outside)
        with pytest.raises(IllegalAction):
            e.step(i)
        with pytest.raises(IllegalAction):
            step(rules, state, seat, _plain(space.keys[i]))  # type: ignore[arg-type]
        assert e.game_state is state and e.agent_selection == agent
        refused += 1
        choice = rng.choice(list(np.flatnonzero(mask)))
        assert space.decode(choice, legal, claim) in legal
        e.step(choice)
        steps += 1
    assert refused == 1000


def test_a_seed_fixes_the_game_and_reset_moves_to_the_next_seed() -> None:
    def play(e: object, seed: int | None) -> list[tuple[bytes, float]]:
        assert hasattr(e, "reset")
        e.reset(seed=seed)  # type: ignore[attr-defined]
        rng = random.Random(1)
        out = []
        for agent in e.agent_iter():  # type: ignore[attr-defined]
            obs, reward, terminated, _, _ = e.last()  # type: ignore[attr-defined]
            out.append((obs["observation"].tobytes(), reward))
            action = None if terminated else rng.choice(list(np.flatnonzero(obs["action_mask"])))
            e.step(action)  # type: ignore[attr-defined]
            assert agent
        return out

    a, b = env("taiwan", seed=8), env("taiwan", seed=8)
    first = play(a, None)
    assert first == play(b, None) == play(env("taiwan"), 8)
    assert play(a, None) == play(b, 9) != first  # the second reset deals seed 9


def test_points_rewards_sum_to_the_score_change_and_placements_pay_by_place() -> None:
    for reward in ("points", "placement"):
        e = env("riichi", seed=21, reward=reward)
        e.reset()
        total = dict.fromkeys(e.possible_agents, 0.0)
        rng = random.Random(2)
        for agent in e.agent_iter():
            obs, r, terminated, _, _ = e.last()
            total[agent] += r
            e.step(None if terminated else rng.choice(list(np.flatnonzero(obs["action_mask"]))))
        final = e.game_state
        if reward == "points":
            assert [total[f"player_{s}"] for s in range(4)] == [x - 25000 for x in final.scores]
        else:  # 1st +1.5, 2nd +0.5, 3rd -0.5, 4th -1.5 (docs/env.md)
            by_place = {1: 1.5, 2: 0.5, 3: -0.5, 4: -1.5}
            assert [total[f"player_{s}"] for s in range(4)] == [
                by_place[p] for p in final.placements
            ]


def test_the_observation_rows_as_docs_env_md_lays_them_out() -> None:
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, seed=3, length="one_hand")
    dealer = encode(player_view(rules, state, 0))
    south = encode(player_view(rules, state, 1))
    assert dealer[ROW["hand"]].sum() == 14 and south[ROW["hand"]].sum() == 13
    assert dealer[ROW["drawn"]].sum() == 1 and south[ROW["drawn"]].sum() == 0
    table = ROW["table"]
    assert dealer[table, 0] == 1 and dealer[table, 4] == 1 and south[table, 4] == 0  # turn
    assert dealer[table, 7] == 1  # East round
    assert dealer[table, 11] == 1 and south[table, 12] == 1  # seat winds East, South
    assert dealer[table, 15] == 136 - 14 - 52 - 1  # dead wall, deal, dealer's first draw
    seats = ROW["seats"]
    assert dealer[seats, 0] == 25000 and dealer[seats, 1] == 14 and dealer[seats, 7] == 1
    assert south[seats, 8 * 3 + 7] == 1  # the dealer sits at the left of seat 1
    assert south[seats, 8 * 3 + 1] == 14 and south[seats, 1] == 13
    assert dealer[ROW["indicators"]].sum() == 1


def test_the_observation_holds_nothing_of_another_seats_hidden_tiles() -> None:
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, seed=3, length="one_hand")
    swapped = state.copy()
    others = state.concealed[1] + state.concealed[2]
    swapped.concealed = (state.concealed[0], others[13:], others[:13], state.concealed[3])
    swapped.wall = tuple(reversed(state.wall))
    assert np.array_equal(
        encode(player_view(rules, state, 0)), encode(player_view(rules, swapped, 0))
    )
    assert not np.array_equal(
        encode(player_view(rules, state, 1)), encode(player_view(rules, swapped, 1))
    )


def test_action_slots_tell_calls_apart_by_place_and_red_five() -> None:
    space = ActionSpace.for_variant("riichi")
    five = parse_tile("5p")
    pon, red_pon = Pon((five, five)), Pon((parse_tile("0p"), five))
    assert space.encode(pon, five) != space.encode(red_pon, five)
    assert space.label(space.encode(red_pon, five)) == "pon red"
    chis = [Chi(tuple(parse_tiles(t))) for t in ("34p", "46p", "67p")]
    assert [space.label(space.encode(c, five)) for c in chis] == ["chi high", "chi mid", "chi low"]
    four = parse_tile("4p")
    reds = [Chi(tuple(parse_tiles(t))) for t in ("0p6p", "30p", "56p")]
    assert [space.label(space.encode(c, four)) for c in reds] == [
        "chi low red",
        "chi mid red",
        "chi low",
    ]
    assert space.size == 37 * 2 + 4 + 6 + 2 + 1 + 34 * 2  # docs/env.md, riichi
    assert action_key(Discard(parse_tile("0p")), None) != action_key(Discard(five), None)
    # Sichuan: no honors, no chi, no riichi; every three kinds of a suit to pass, a void suit
    sichuan = ActionSpace.for_variant("sichuan")
    assert sichuan.size == 27 + 3 + 1 + 1 + 27 * 2 + 3 * 165 + 3
    assert ("chi", "low", False) not in sichuan.index


def test_bad_arguments_are_refused_with_what_was_given() -> None:
    with pytest.raises(InvalidRequest, match="'money'"):
        env("riichi", reward="money")
    with pytest.raises(InvalidRequest, match="'forever'"):
        env("riichi", length="forever")
    e = env("hk", seed=1)
    e.reset()
    with pytest.raises(IllegalAction, match="outside hk's 0-109"):
        e.step(110)


# -- the Gymnasium environment of one seat against our bots


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env_passes(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unbounded scores: advice, no failure
        check_env(SingleSeatEnv(variant, opponents="beginner", seat=1, seed=3))


@pytest.mark.parametrize("variant", ["riichi", "sichuan"])
def test_single_seat_plays_the_game_the_bots_would_play(variant: str) -> None:
    """The learner playing as the tsumogiri bot would makes the very game play_game makes with
    that bot in its seat and the opponents seeded as the arena seeds them."""
    rules = get_ruleset(variant)
    seed = 12
    e = SingleSeatEnv(variant, opponents=["normal", "beginner", "random"], seat=1)
    _, info = e.reset(seed=seed)
    mine = make_bot("tsumogiri", variant, seed * 16 + 1)
    total = 0.0
    terminated = False
    while not terminated:
        chosen = mine.choose(info["view"], info["legal_actions"])
        claim = info["view"].claim_tile
        _, reward, terminated, truncated, info = e.step(e.table.space.encode(chosen, claim))
        assert not truncated and not info["illegal"]
        total += reward
    names = ["normal", "tsumogiri", "beginner", "random"]
    bots = [make_bot(n, variant, seed * 16 + s) for s, n in enumerate(names)]
    game = play_game(rules, bots, seed=seed, length="one_hand", record_events=False)
    assert e.game_state.scores == game.state.scores
    assert total == game.state.scores[1] - rules.starting_score(game.state.options)


def test_single_seat_replaces_or_refuses_an_illegal_action() -> None:
    e = SingleSeatEnv("hk", opponents="tsumogiri", seed=2, illegal_penalty=-5.0)
    _, info = e.reset()
    view = info["view"]
    assert view.drawn is not None  # seat 0 deals, so it acts first with the drawn tile
    outside = int(np.flatnonzero(e.action_masks() == 0)[0])
    before = e.game_state
    _, reward, _, _, info = e.step(outside)
    assert info["illegal"] and reward <= -5.0
    discarded = [r.tile for r in e.game_state.rivers[0]]
    assert discarded[0] == view.drawn and before.rivers[0] == ()  # replaced by tsumogiri
    strict = SingleSeatEnv("hk", opponents="tsumogiri", seed=2, illegal="raise")
    strict.reset()
    with pytest.raises(IllegalAction, match="is not legal now"):
        strict.step(outside)
    with pytest.raises(MajiangError, match="'grandmaster'"):
        SingleSeatEnv("hk", opponents="grandmaster")


# -- examples/env_agents.py, the loop shown to bot builders

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "env_agents.py"


def test_the_example_prints_its_table() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--deals", "1", "--levels", "tsumogiri", "--seed", "3"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(EXAMPLE.parent.parent / "src")},
        timeout=120,
    ).stdout.splitlines()
    assert out[0] == "riichi: 1 deals x 4 seats per row, seed 3"
    assert [line.split()[:2] for line in out[2:]] == [
        ["random", "tsumogiri"],
        ["greedy", "tsumogiri"],
    ]


def test_the_greedy_example_agent_wins_when_it_can_and_keeps_connected_tiles() -> None:
    spec = importlib.util.spec_from_file_location("env_agents", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    space = ActionSpace.for_variant("hk")
    greedy = module.greedy_agent(space)
    obs = np.zeros((16, 34), dtype=np.float32)
    for t in parse_tiles("123m789p1z"):
        obs[ROW["hand"], t] += 1
    mask = np.zeros(space.size, dtype=np.int8)
    for t in parse_tiles("1m9p1z"):
        mask[space.index[("discard", t)]] = 1
    rng = np.random.default_rng(0)
    # 1z keeps no company; 1m has 2m 3m within two, 9p has 7p 8p
    assert space.label(greedy({"observation": obs, "action_mask": mask}, rng)) == "discard 1z"
    mask[space.index[("tsumo",)]] = 1
    assert space.label(greedy({"observation": obs, "action_mask": mask}, rng)) == "tsumo"

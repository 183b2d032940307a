"""The master bot and the sampled worlds it looks ahead in (bots/master.py, bots/sampling.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from majiang.actions import Discard
from majiang.bots.levels import make_bot
from majiang.bots.master import MasterBot
from majiang.bots.play import play_game
from majiang.bots.policy import EXPERT, PolicyBot
from majiang.bots.sampling import sample_world, unseen_tiles
from majiang.engine import legal_actions, new_game, step
from majiang.readiness import waits
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import kind, tile_set
from majiang.view import PlayerView, player_view


def _positions(variant: str, seeds: range, level: str = "normal"):  # type: ignore[no-untyped-def]
    """Yield (rules, state, view, legal) at every turn and claim decision of bot games."""
    rules = get_ruleset(variant)
    for seed in seeds:
        bots = [make_bot(level, variant, seed * 4 + s) for s in range(rules.players)]
        state, _ = new_game(rules, {}, seed, "one_hand")
        while not state.game_over:
            seat = state.waiting_seats()[0]
            legal = legal_actions(rules, state, seat)
            view = player_view(rules, state, seat)
            if state.phase in ("turn", "claim"):
                yield rules, state, view, legal
            state, _ = step(rules, state, seat, bots[seat].choose(view, legal))


def _all_tiles(world: GameState) -> Counter[int]:
    """Return every tile of a world: hands, sets, rivers, bonus tiles and the undrawn wall."""
    c: Counter[int] = Counter()
    for s in range(world.players):
        c.update(world.concealed[s])
        c.update(t for m in world.melds[s] for t in m.tiles)
        c.update(r.tile for r in world.rivers[s] if not r.claimed)
        c.update(world.bonus[s])
    c.update(world.wall[world.draw_pos : len(world.wall) - world.back_taken])
    return c


@pytest.mark.parametrize(
    ("variant", "seeds"), [("riichi", range(3)), ("hk", range(2)), ("taiwan", range(1))]
)
def test_a_world_shows_the_viewer_exactly_its_view_and_holds_every_tile_once(
    variant: str, seeds: range
) -> None:
    rng = random.Random(5)
    checked = 0
    for rules, state, view, legal in _positions(variant, seeds):
        world = sample_world(rules, view, {}, rng)
        assert player_view(rules, world, view.seat) == view
        assert sorted(legal_actions(rules, world, view.seat), key=str) == sorted(legal, key=str)
        assert _all_tiles(world) == Counter(tile_set(variant, state.options).tiles())
        assert world.live_tiles(rules.dead_wall) == state.live_tiles(rules.dead_wall)
        checked += 1
    assert checked > 40


def test_unseen_tiles_are_the_tile_set_less_what_the_viewer_sees() -> None:
    rules = get_ruleset("riichi")
    state, _ = new_game(rules, {}, 3)
    view = player_view(rules, state, 1)
    pool = unseen_tiles(rules, view, {})
    # 136 tiles: 13 in the viewer's hand, one indicator
    assert sum(pool.values()) == 136 - 13 - 1
    assert all(pool[t] <= 4 for t in pool)


def _riichi_view() -> tuple[PlayerView, int]:
    """Return a view of seat 0 where another seat has declared riichi, and that seat."""
    for _rules, _, view, _ in _positions("riichi", range(40), level="beginner"):
        for sv in view.seats:
            if sv.seat != view.seat and sv.riichi and view.phase == "turn":
                return view, sv.seat
    raise AssertionError("no riichi found in 40 hands")


def test_a_seat_in_riichi_is_dealt_a_ready_hand_not_furiten_on_its_river() -> None:
    view, seat = _riichi_view()
    rules = get_ruleset("riichi")
    ready = 0
    for i in range(30):
        world = sample_world(rules, view, {}, random.Random(i))
        counts = [0] * 34
        for t in world.concealed[seat]:
            counts[kind(t)] += 1
        w = waits(counts, rules.win_forms)
        river = {kind(r.tile) for r in view.seats[seat].river}
        ready += bool(w) and not river.intersection(w)
    assert ready >= 27  # a few tries may find none in a thin pool: then a random hand


def test_a_void_suit_is_kept_out_of_the_seat_s_hand() -> None:
    rules = get_ruleset("sichuan")
    for _, _, view, _ in _positions("sichuan", range(3)):
        voids = [(sv.seat, sv.void) for sv in view.seats if sv.void and sv.seat != view.seat]
        if voids and all(sv.river for sv in view.seats):
            break
    else:
        pytest.skip("no void suit declared in these hands")
    for i in range(10):
        world = sample_world(rules, view, {}, random.Random(i))
        for seat, void in voids:
            assert not any(t < 27 and "mps"[kind(t) // 9] == void for t in world.concealed[seat])


_SPREAD = [0, 10000, 0, -10000] * 3  # the expert's results, sd about 7,400


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([[0] * 12, [1000, 900, 0, 1100, 1000, 800] * 2], 1),  # a clear gain: switch
        ([[0] * 8, [1000, 900, 1100, 1000] * 2], 0),  # too few worlds (under MIN_SAMPLES)
        ([[0] * 12, [2000] * 4 + [0] * 8], 0),  # results differ in too few worlds (MIN_DIFFERENT)
        ([_SPREAD, [x + 300 for x in _SPREAD]], 0),  # under MIN_GAIN of the expert's spread
        ([_SPREAD, [x + 600 for x in _SPREAD]], 1),  # above it
        ([[0] * 12, [8000, -3000, 1000, -2000, 3000, -1000] * 2], 0),  # noise: under Z errors
        ([[0] * 12, [600, 500, 700, 600] * 3, [2000, 1900, 2100, 2000] * 3], 2),  # the best gain
        ([[0] * 12, [], [2000, 1900, 2100, 2000] * 3], 2),  # a candidate dropped early
        ([[500] * 12, [0] * 12], 0),  # the expert's choice is better
    ],
)
def test_master_leaves_the_expert_only_on_evidence(
    results: list[list[float]], expected: int
) -> None:
    assert MasterBot(samples=8).pick(results) == expected


def test_master_without_lookahead_plays_exactly_as_the_expert() -> None:
    """One world per decision is under MIN_SAMPLES: master never switches, and its looking
    does not disturb the expert's tie-breaks."""
    rules = get_ruleset("riichi")
    games = []
    for first in (MasterBot(3, "riichi", samples=1, budget=None), PolicyBot(EXPERT, 3, "riichi")):
        bots = [first, *(make_bot("expert", "riichi", s) for s in (1, 2, 3))]
        games.append(play_game(rules, bots, seed=11, length="one_hand").record.actions)
    assert games[0] == games[1]


def test_master_is_deterministic_for_a_seed_with_a_fixed_sample_count() -> None:
    """Two masters of one seed, no time cap: the same worlds, playouts and choices."""
    looked = 0
    for _, _, view, legal in _positions("riichi", range(4), level="beginner"):
        probe = MasterBot(5, "riichi", samples=4, budget=None)
        if len(probe.candidates(view, legal, probe.expert.choose(view, legal))) < 2:
            continue
        bots = [MasterBot(5, "riichi", samples=4, budget=None) for _ in range(2)]
        choices = [b.choose(view, legal) for b in bots]
        assert choices[0] == choices[1]
        assert bots[0].stats == bots[1].stats and bots[0].stats["playouts"] >= 8
        looked += 1
        if looked == 2:
            break
    assert looked == 2


def test_master_weighs_riichi_against_staying_silent() -> None:
    bot = MasterBot(0, "riichi", samples=2, budget=None)
    seen = 0
    for _, _, view, legal in _positions("riichi", range(12), level="beginner"):
        if not any(isinstance(a, Discard) and a.riichi for a in legal):
            continue
        base = bot.expert.choose(view, legal)
        options = bot.candidates(view, legal, base)
        if isinstance(base, Discard) and base.riichi:
            assert Discard(base.tile) in options
            seen += 1
            if seen == 3:
                break
    assert seen > 0


def test_master_is_a_level() -> None:
    bot = make_bot("master", "riichi", 1)
    assert isinstance(bot, MasterBot) and bot.name == "master"


@pytest.mark.parametrize("variant", ["taiwan", "hkos", "sichuan", "hk2"])
def test_master_plays_a_hand_of_every_variant(variant: str) -> None:
    """The worlds of variants with flowers (kept out of hands), 16-tile hands, void suits and
    two players; each hand is played to its end with lookahead on."""
    rules = get_ruleset(variant)
    master = MasterBot(0, variant, samples=2, budget=None)
    bots = [master, *(make_bot("beginner", variant, s) for s in range(1, rules.players))]
    # a hand may hold no decision close enough to look at: play hands until one has
    for seed in range(1, 6):
        game = play_game(rules, bots, seed=seed, length="one_hand")
        assert game.state.game_over
        if master.stats["worlds"] > 0:
            break
    assert master.stats["worlds"] > 0, f"no lookahead in five {variant} hands"


def test_in_the_duplicate_arena_master_without_lookahead_ties_the_expert_exactly() -> None:
    """The arena seeds a seat's bot by deal and seat, not by rotation: master with no worlds
    makes the expert's every choice with the expert's dice, so each rotation replays one game
    and master's points per hand are exactly zero (only a different decision can move them)."""
    from majiang.bots import arena

    def build(name: str, variant: str, seed: int, options: dict[str, object]) -> object:
        if name == "master":
            return MasterBot(seed, variant, options, samples=0)
        return make_bot(name, variant, seed, options)

    original = arena.build_bot
    arena.build_bot = build  # type: ignore[assignment]
    try:
        for deal in (3, 4):
            results = arena.play_deal("riichi", ["master", "master", "expert", "expert"], deal)
            assert sum(r.points for r in results if r.name == "master") == 0
            assert any(r.points for r in results)  # the hands did move points
    finally:
        arena.build_bot = original


def test_the_wall_clock_cap_stops_the_worlds_and_leaves_the_expert_s_move() -> None:
    """With no time to wait, a looked-ahead decision finishes no world and plays the expert's
    move; without a budget (deterministic play) the cap does not apply."""
    for _, _, view, legal in _positions("riichi", range(4), level="beginner"):
        probe = MasterBot(5, "riichi", samples=4, budget=None)
        base = probe.expert.choose(view, legal)
        if len(probe.candidates(view, legal, base)) < 2:
            continue
        hurried = MasterBot(5, "riichi", samples=4, budget=10.0, wait=0.0)
        assert hurried.choose(view, legal) == base
        assert hurried.stats["simulated"] == 1 and hurried.stats["worlds"] == 0
        free = MasterBot(5, "riichi", samples=4, budget=None, wait=0.0)
        free.choose(view, legal)
        assert free.stats["worlds"] == 4
        return
    raise AssertionError("no looked-ahead decision in 4 hands")

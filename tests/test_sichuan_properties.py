"""Sichuan properties over random hands: every complete two-suit hand scores, the total is the
capped sum of its items, payments follow base × 2^fan, a complete hand less one tile is ready
at least at that hand's value, settlements are zero-sum, and no input crashes."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from majiang.errors import MajiangError
from majiang.hand import Hand, parse_hand
from majiang.melds import make_meld
from majiang.rules.sichuan.fan import best_fan, best_waiting_fan
from majiang.rules.sichuan.payments import deltas
from majiang.rules.sichuan.settlements import ExhaustiveDraw, Kong, settle_exhaustive_draw
from majiang.scoring import score
from majiang.tiles import format_tiles, tile_set

SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def complete_hands(draw: st.DrawFn) -> Hand:
    """A complete hand of at most two suits: a pair and four sets, some pungs called."""
    suits = draw(st.lists(st.sampled_from([0, 9, 18]), min_size=1, max_size=2, unique=True))
    counts = [0] * 27

    def tile(max_rank: int = 9) -> int:
        return draw(st.sampled_from(suits)) + draw(st.integers(0, max_rank - 1))

    pair = tile()
    counts[pair] += 2
    concealed = [pair, pair]
    melds = []
    for _ in range(4):
        if draw(st.booleans()):
            t = tile(7)
            for k in (t, t + 1, t + 2):
                counts[k] += 1
            concealed += [t, t + 1, t + 2]
            continue
        t = tile()
        how = draw(st.sampled_from(["concealed", "pon", "kan", "ankan", "kakan"]))
        n = 3 if how in ("concealed", "pon") else 4
        counts[t] += n
        if how == "concealed":
            concealed += [t] * 3
        else:
            melds.append(make_meld(how, [t] * n))
    assume(max(counts) <= 4)
    return Hand(tuple(concealed), tuple(melds))


def request(hand: Hand, win: str, **kw: Any) -> dict[str, Any]:
    return {
        "variant": "sichuan",
        "hand": format_tiles(hand.concealed),
        "melds": [str(m) for m in hand.melds],
        "win_tile": format_tiles(hand.concealed[:1]),
        "win": win,
        **kw,
    }


@SETTINGS
@given(complete_hands(), st.integers(0, 6))
def test_complete_hands_score(hand: Hand, max_fan: int) -> None:
    result = score(request(hand, "ron", rules={"max_fan": max_fan}))
    assert result["valid"], result["reason"]
    raw = sum(i["value"] for i in result["items"])
    assert result["uncapped"] == raw
    assert result["total"] == min(raw, max_fan)
    assert result["points"] == {
        "total": 2 ** result["total"],
        "payers": [{"from": "discarder", "amount": 2 ** result["total"]}],
    }
    tsumo = score(request(hand, "tsumo", players_in_hand=2))
    each = 2 ** tsumo["total"] + 1
    assert tsumo["points"] == {"total": 2 * each, "payers": [{"from": "each", "amount": each}]}


@SETTINGS
@given(complete_hands(), st.data())
def test_complete_hand_less_one_tile_is_ready(hand: Hand, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(hand.concealed) - 1))
    waiting = Hand(hand.concealed[:i] + hand.concealed[i + 1 :], hand.melds)
    done = best_fan(hand, tsumo=False, bonus=False)
    assert done is not None
    best = best_waiting_fan(waiting)
    assert best is not None and done.fan <= best <= 4


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(2, 4))
def test_exhaustive_draw_is_zero_sum(rng: random.Random, seats: int) -> None:
    wall = tile_set("sichuan").tiles()
    rng.shuffle(wall)
    hands = {s: Hand(tuple(wall[13 * s : 13 * s + 13])) for s in range(seats)}
    still_in = frozenset(range(seats))
    kongs = tuple(
        Kong(s, "ankan", still_in | {3}, passed_on=rng.random() < 0.3)
        for s in range(seats)
        if rng.random() < 0.5
    )
    result = settle_exhaustive_draw(ExhaustiveDraw(hands, kongs))
    assert sum(deltas(result.transfers)) == 0
    assert not result.three_suits & set(result.ready)
    assert result.not_ready | set(result.ready) == still_in


@SETTINGS
@given(st.text(alphabet="0123456789mpszf ", max_size=30), st.sampled_from(["ron", "tsumo"]))
def test_no_input_crashes(text: str, win: str) -> None:
    try:
        parse_hand(text)
        result = score({"variant": "sichuan", "hand": text, "win_tile": text[:2], "win": win})
    except MajiangError:
        return
    assert result["valid"] in (True, False)

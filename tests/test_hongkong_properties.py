"""Properties of Hong Kong scoring over random complete hands (seeded, reproducible).

Invariants from hongkong.md and the README contract: the total is the items' sum capped at
``max_fan``; a complete hand is valid exactly when it reaches ``min_fan``; ``limit`` marks the
cap; payments follow the half-spicy table; the best reading is at least as good as every
reading; and three metamorphic relations: a self-draw never scores less than the same hand on
a discard, swapping the suits of an ``hk`` hand changes nothing, and calling a concealed pung
never scores more.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from majiang.patterns import count_valued
from majiang.rules import get_ruleset
from majiang.rules.hongkong.context import win_contexts
from majiang.rules.hongkong.payments import HALF_SPICY
from majiang.scoring import ScoreRequest, score
from majiang.tiles import BONUS, format_tiles, parse_tiles, tile_set

WINDS = "ESWN"


def random_request(rng: random.Random, variant: str) -> dict[str, Any]:
    """Return a request for a random complete standard hand of the variant."""
    allowed = [t for t in range(34) if tile_set(variant).allows(t)]
    while True:
        counts: Counter[int] = Counter()
        sets: list[tuple[str, int]] = []
        for _ in range(4):
            roll = rng.random()
            if roll < 0.45:
                starts = [t for t in allowed if t < 27 and t % 9 < 7 and t + 2 in allowed]
                if t_ok := [t for t in starts if t + 1 in allowed]:
                    sets.append(("chow", rng.choice(t_ok)))
                    continue
            kind = "kong" if roll > 0.93 else "pung"
            sets.append((kind, rng.choice(allowed)))
        pair = rng.choice(allowed)
        for kind, t in sets:
            if kind == "chow":
                counts.update((t, t + 1, t + 2))
            else:
                counts[t] += 4 if kind == "kong" else 3
        counts[pair] += 2
        if max(counts.values()) <= 4:
            break
    concealed: list[int] = [pair, pair]
    melds: list[str] = []
    for kind, t in sets:
        tiles = format_tiles(
            (t, t + 1, t + 2) if kind == "chow" else (t,) * (3 if kind == "pung" else 4)
        )
        if kind == "kong":
            melds.append(f"{rng.choice(['kan', 'ankan', 'kakan'])} {tiles}")
        elif rng.random() < 0.35:
            melds.append(f"{'chi' if kind == 'chow' else 'pon'} {tiles}")
        else:
            concealed.extend((t, t + 1, t + 2) if kind == "chow" else (t,) * 3)
    req: dict[str, Any] = {
        "variant": variant,
        "hand": format_tiles(concealed),
        "melds": melds,
        "win_tile": format_tiles([rng.choice(concealed)]),
        "win": rng.choice(["ron", "tsumo"]),
        "seat_wind": rng.choice(WINDS[: 2 if variant == "hk2" else 4]),
        "round_wind": rng.choice(WINDS),
        "rules": {"min_fan": rng.choice([0, 1, 3, 3, 3, 5]), "max_fan": rng.choice([8, 10, 13])},
    }
    if variant == "hkos":
        req["flowers"] = format_tiles(t for t in BONUS if rng.random() < 0.25)
    return req


def check_invariants(req: dict[str, Any]) -> dict[str, Any]:
    result = score(req)
    rules = req["rules"]
    raw = sum(i["value"] for i in result["items"])
    assert result["total"] == min(raw, rules["max_fan"])
    assert result["valid"] == (result["total"] >= rules["min_fan"]), result["reason"]
    assert (result["limit"] == "limit") == (result["valid"] and raw >= rules["max_fan"])
    if result["valid"]:
        p = HALF_SPICY[result["total"]]
        if req["win"] == "tsumo":
            expected = {"total": 3 * p, "payers": [{"from": "each", "amount": p}]}
        else:
            expected = {"total": 2 * p, "payers": [{"from": "discarder", "amount": 2 * p}]}
        if req["variant"] == "hk2":
            g = 2 ** result["total"]
            role = "each" if req["win"] == "tsumo" else "discarder"
            expected = {"total": g, "payers": [{"from": role, "amount": g}]}
        assert result["points"] == expected
    typed = ScoreRequest.from_dict(req)
    readings = win_contexts(typed)
    assert readings
    patterns = get_ruleset(req["variant"]).patterns  # type: ignore[attr-defined]
    best = max(
        min(sum(i.value for i in count_valued(patterns, c)), rules["max_fan"]) for c in readings
    )
    assert result["total"] == best
    return result


def swap_suits(text: str) -> str:
    return text.replace("m", "#").replace("p", "m").replace("#", "p")


def run_hands(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(n):
        variant = ("hk", "hk2", "hkos")[i % 3]
        req = random_request(rng, variant)
        result = check_invariants(req)
        if req["win"] == "ron":
            drawn = score({**req, "win": "tsumo"})
            assert drawn["total"] >= result["total"], req
        if variant == "hk":
            swapped = {
                **req,
                "hand": swap_suits(req["hand"]),
                "melds": [f"{m.split()[0]} {swap_suits(m.split()[1])}" for m in req["melds"]],
                "win_tile": swap_suits(req["win_tile"]),
            }
            assert score(swapped)["items"] == result["items"], req
        concealed = parse_tiles(req["hand"])
        pungs = [t for t, n in Counter(concealed).items() if n == 3]
        if pungs and req["win"] == "tsumo":
            t = pungs[0]
            rest = [x for x in concealed if x != t]
            opened = {
                **req,
                "hand": format_tiles(rest),
                "melds": [*req["melds"], f"pon {format_tiles((t, t, t))}"],
                "win_tile": format_tiles([rest[0]]),
            }
            assert score(opened)["total"] <= result["total"], req


def test_random_hands() -> None:
    run_hands(900, seed=20261129)


@pytest.mark.long
def test_random_hands_long() -> None:
    run_hands(30000, seed=4)

"""Invariants over random complete Taiwan hands: every complete hand scores, the items add up to
``total``, and each payment is base + tai plus the dealer tai exactly when the dealer is in it."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from majiang.scoring import score
from majiang.tiles import format_tiles

LETTERS = "ESWN"


CHOW_STARTS = [k for k in range(27) if k % 9 <= 6]


@st.composite
def win_requests(draw: st.DrawFn) -> dict[str, Any]:
    pair = draw(st.integers(0, 33))
    sets = draw(st.lists(st.tuples(st.booleans(), st.integers(0, 33)), min_size=5, max_size=5))
    tiles = [pair, pair]
    for is_pung, k in sets:
        if is_pung:
            tiles += [k, k, k]
        else:
            start = CHOW_STARTS[k % len(CHOW_STARTS)]
            tiles += [start, start + 1, start + 2]
    assume(all(tiles.count(k) <= 4 for k in set(tiles)))
    win_tile = draw(st.sampled_from(tiles))
    seat = draw(st.integers(0, 3))
    tsumo = draw(st.booleans())
    req: dict[str, Any] = {
        "variant": "taiwan",
        "hand": format_tiles(tiles),
        "win_tile": format_tiles([win_tile]),
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": LETTERS[seat],
        "round_wind": LETTERS[draw(st.integers(0, 3))],
        "dealer_streak": draw(st.integers(0, 3)),
        "flowers": format_tiles(draw(st.lists(st.integers(34, 41), unique=True, max_size=8))),
    }
    if not tsumo:
        req["discarder"] = LETTERS[(seat + draw(st.integers(1, 3))) % 4]
    return req


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(win_requests())
def test_complete_hands_score_consistently(req: dict[str, Any]) -> None:
    result = score(req)
    assert result["valid"], (req, result["reason"])
    assert result["total"] == sum(i["value"] for i in result["items"])
    dealer_tai = 1 + 2 * req["dealer_streak"]
    payers = result["points"]["payers"]
    assert len(payers) == (3 if req["win"] == "tsumo" else 1)
    for p in payers:
        involved = "E" in (p["from"], req["seat_wind"])
        assert p["amount"] == 3 + result["total"] + (dealer_tai if involved else 0)
    assert result["points"]["total"] == sum(p["amount"] for p in payers)

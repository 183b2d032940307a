"""Riichi requests through ``majiang.score``: every request answered or refused by name.

``score`` reads a riichi request as it reads every variant's (``ScoreRequest.from_dict``). On
requests mutated in every field (wrong types, bad tiles, other notations, contradictions,
unknown names) it returns a contract result or raises ``InvalidRequest`` naming the field at
fault, never anything else; the errors of chosen requests name the expected field; the fu items
of generated hands add up to the fu.

The default suite runs 6,000 mutated requests; ``-m long`` 40,000.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from majiang.errors import InvalidRequest
from majiang.scoring import KNOWN_FIELDS, SITUATIONS, score
from test_riichi_peer import generate

Outcome = dict[str, Any] | tuple[str, str | None]


def outcome(request: Any) -> Outcome:
    """Return ``score``'s result, or its refusal as (message, field)."""
    try:
        return score(request)
    except InvalidRequest as exc:
        return (str(exc), exc.field)


# ---------------------------------------------------------------------------------------------
# mutations: one to three changes to a valid request, in any field

_SITUATION_NAMES = [*sorted(SITUATIONS), "nagashi_mangan", "bogus"]
_VALUES: dict[str, list[Any]] = {
    "seat_wind": [1, 4, "1z", "3z", "e", "S ", "X", 5, True, None, 0, ["E"]],
    "round_wind": [1, 4, "2z", "w", "Q", None, {}],
    "discarder": ["E", "S", "W", "N", 1, 2, None, "bad", []],
    "liable": ["E", "S", "W", "N", None, 3],
    "win_tile": ["1m", "0m", "5p", "7z", "1f", "11m", "", None, 5, "x", " 5p", ["1m"]],
    "win": ["Ron", "TSUMO", None, "tsumo", "ron", 1, ["ron"]],
    "situation": ["riichi ippatsu", "riichi,ippatsu", "", None, 5, [1], [["x"]], ["bogus"], ()],
    "dora_indicators": ["1f", "0m", "", "5z", None, 3, "1x", "11", "0p0s", "9z", "m", "1mm", []],
    "ura_indicators": ["1f", "0m", "", "5z", None, 3, "1m2p", "8z", "1m 2p"],
    "honba": [-1, True, "2", None, 1001, 2.0, 1000, 0, 3],
    "riichi_sticks": [-1, False, "1", None, 5],
    "players_in_hand": [0, 1, 2, 3, 4, None, True],
    "dealer_streak": [0, 3, -2, "x", None],
    "flowers": ["1f", "", None, "1m", 3, "5f6f", []],
    "melds": [3, {"a": 1}, None, "", [], "pon 777z", ("chi 234s",)],
    "rules": [None, [], "x", {}, 3, {"bogus": 1}],
    "variant": [None, "Riichi", "hk", 3, "taiwan", ["riichi"]],
}
_OPTIONS: dict[str, list[Any]] = {
    name: [True, False, 0, 1, 2, 4, 1.0, "mangan", "yakuman", "off", None, [1]]
    for name in (
        "kiriage",
        "double_yakuman",
        "kazoe",
        "open_tanyao",
        "aka",
        "renhou",
        "double_wind_pair_fu",
        "nagashi_mangan",
        "pao",
        "bogus",
    )
}


def _hand_variants(hand: str, rng: random.Random) -> str:
    groups: list[str] = re.findall(r"[0-9]+[mpsz]", hand)
    pick = rng.randrange(12)
    if pick == 0:
        rng.shuffle(groups)
        return "".join(groups)
    if pick == 1:
        return " ".join(groups)
    if pick == 2 and groups:  # one suit written twice
        g = groups[0]
        return g[0] + g[-1] + g[1:] + "".join(groups[1:])
    extra = ["1f", "5f", "1m", "0m", "0p", "0s", "8z", "x", "9", "m", "z", "00m"]
    return rng.choice([hand + rng.choice(extra), hand[:-1], hand[::-1], "", hand[:2], hand.upper()])


def mutate(rng: random.Random, request: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of a valid request with one to three fields changed."""
    r = copy.deepcopy(request)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        roll = rng.random()
        if roll < 0.45:
            name = rng.choice(list(_VALUES))
            r[name] = rng.choice(_VALUES[name])
        elif roll < 0.55:
            rules = dict(r["rules"]) if isinstance(r.get("rules"), dict) else {}
            name = rng.choice(list(_OPTIONS))
            rules[name] = rng.choice(_OPTIONS[name])
            r["rules"] = rules
        elif roll < 0.7 and isinstance(r.get("hand"), str):
            r["hand"] = _hand_variants(r["hand"], rng)
        elif roll < 0.8:
            names = list(r["situation"]) if isinstance(r.get("situation"), list) else []
            names += rng.sample(_SITUATION_NAMES, rng.choice((1, 1, 2)))
            r["situation"] = names
        elif roll < 0.9:
            melds = list(r["melds"]) if isinstance(r.get("melds"), list) else []
            if melds and rng.random() < 0.5:
                i = rng.randrange(len(melds))
                text = str(melds[i])
                melds[i] = rng.choice(
                    [text.replace(" ", "  "), text + " from=2", text + " from=1", text.upper()]
                )
            else:
                melds.append(
                    rng.choice(["pon 777z", "chi 234s", "ankan 1111m", "kakan 5505s", "pon 123m"])
                )
            r["melds"] = melds
        else:
            r.pop(rng.choice(["hand", "win_tile", "win", "variant", "rules", "seat_wind"]), None)
    return r


def _mutated(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    valid = generate(max(200, n // 10), seed)
    return [mutate(rng, rng.choice(valid)) for _ in range(n)]


#: the fields a refusal may name: the request's own, or its table options
_FIELDS = KNOWN_FIELDS


def _check_answered(requests: list[Any]) -> tuple[int, int]:
    """Return how many requests were scored and how many refused; each result is a contract
    result dict, each refusal names one of the request's fields."""
    scored = refused = 0
    for r in requests:
        found = outcome(r)
        if isinstance(found, tuple):
            assert found[1] in _FIELDS, (r, found)
            refused += 1
        else:
            # a mutated variant may name another family, which scores in its own unit
            unit = (
                "han"
                if r["variant"] == "riichi"
                else ("tai" if r["variant"] == "taiwan" else "fan")
            )
            assert found["unit"] == unit and isinstance(found["valid"], bool), (r, found)
            if found["valid"]:
                assert found["points"]["total"] > 0, (r, found)
            scored += 1
    return scored, refused


def test_mutated_requests_answered_or_refused_by_field() -> None:
    """6,000 mutated requests: both outcomes met often, a refusal always names its field."""
    scored, refused = _check_answered(_mutated(6000, 11))
    assert scored > 1000 and refused > 1000


@pytest.mark.long
def test_mutated_requests_answered_or_refused_by_field_long() -> None:
    scored, refused = _check_answered(_mutated(40000, 2028))
    assert scored > 6000 and refused > 6000


@pytest.mark.parametrize(
    ("hand", "melds", "error_field"),
    [
        # a fifth copy counted across the concealed tiles and the melds (rules/README.md: four
        # of each kind)
        ("1m234p567s11z", ["kan 1111m", "pon 999m"], "hand"),
        ("234p567s11z", ["chi 123m", "chi 123m", "kan 1111m"], "melds"),
        ("99m", ["kan 1111m", "kan 1111m", "kan 1111m", "kan 1111m"], "melds"),  # 16 of a kind
        ("77z", ["pon 777z", "kan 7777z", "pon 111z"], "melds"),  # the last kind
        # four in all is fine (the closest negative)
        ("123m567s11z", ["pon 111m", "pon 777z"], None),
    ],
)
def test_fifth_copy_with_melds(hand: str, melds: list[str], error_field: str | None) -> None:
    request = {
        "variant": "riichi",
        "hand": hand,
        "win_tile": hand[-2:],
        "melds": melds,
        "dora_indicators": "9m6z",
    }
    found = outcome(request)
    if error_field is None:
        assert isinstance(found, dict)
        # dora 1m (indicator 9m): the pon and the concealed 1m, 4; 7z (indicator 6z): the pon, 3
        assert {"id": "dora", "name": "Dora", "value": 7} in found["items"]
    else:
        assert isinstance(found, tuple) and found[1] == error_field


@pytest.mark.parametrize(
    ("field", "value", "error_field"),
    [
        # 13 tiles and no meld: an error naming the count, as Hong Kong's (issue 30)
        ("hand", "123456789m2345p", "hand"),
        ("hand", "111112345678m55p", "hand"),  # a fifth 1m
        ("hand", "123m0055p789s11z", "hand"),  # two red 5p
        ("hand", "123456789m23455p1f", "hand"),  # a flower in riichi
        ("win_tile", "9s", "win_tile"),  # not in the hand
        ("dora_indicators", "8z", "dora_indicators"),
        ("seat_wind", "X", "seat_wind"),
        ("honba", True, "honba"),
        ("rules", {"aka": True}, "rules"),
        ("rules", {"kazoe": 1}, "rules"),
        ("situation", ["ippatsu"], "situation"),  # ippatsu needs riichi
        ("liable", "E", "liable"),  # pao without daisangen or daisuushii
    ],
)
def test_errors_name_the_field(field: str, value: Any, error_field: str | None) -> None:
    request = {
        "variant": "riichi",
        "hand": "123456789m23455p",
        "win_tile": "5p",
        "seat_wind": "S",
        field: value,
    }
    found = outcome(request)
    if error_field is None:
        assert isinstance(found, dict)
        assert found["valid"] is False
    else:
        assert isinstance(found, tuple)
        assert found[1] == error_field


def test_notation_fuzz() -> None:
    """Random strings in the tile fields: scored, or refused naming that field."""
    rng = random.Random(5)
    alphabet = "0123456789mpszf "
    base = generate(50, 3)
    refused = 0
    for _ in range(1000):
        r = dict(rng.choice(base))
        field = rng.choice(["hand", "dora_indicators", "ura_indicators", "win_tile"])
        r[field] = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        found = outcome(r)
        if isinstance(found, tuple):
            # a changed hand may no longer hold the winning tile
            assert found[1] in (field, "win_tile"), (r, found)
            refused += 1
    assert refused > 500


def test_fu_items_add_up_to_the_fu() -> None:
    """The fu items add up to the fu (the rounding up to 10 is an item; seven pairs 25 flat),
    and a tsumo lists its 2 fu unless the hand is closed with no other fu (pinfu)."""
    checked = 0
    for request in generate(2000, 91):
        result = score(request)
        if not result["valid"] or result["fu"] is None:
            continue
        ids = [item["id"] for item in result["fu_items"]]
        assert sum(item["value"] for item in result["fu_items"]) == result["fu"], result
        if ids == ["seven_pairs"]:
            assert result["fu"] == 25
        else:
            assert ids[0] == "base" and result["fu"] % 10 == 0, result
            raw = result["fu"] - sum(
                i["value"] for i in result["fu_items"] if i["id"] == "rounding"
            )
            closed = not any(
                m.split()[0] in ("chi", "pon", "kan", "kakan") for m in request.get("melds", [])
            )
            if request.get("win") == "tsumo":
                assert ("tsumo" in ids) is (not closed or raw > 20), result
        checked += 1
    assert checked > 1000

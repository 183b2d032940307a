"""Every option of every ruleset declares its type and range, and one check refuses the rest.

The bounds below are the ones the docs list (docs/scoring.md "Table options", and each variant
page's options): written here from the docs, not read from the rulesets, so a changed bound
must change both. Each option is accepted at both its bounds and refused one past each, by the
library (``resolve_options``, which both ``majiang.score`` and ``engine.new_game`` use), with the
contract's field ``rules`` and a message naming the option.
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang import score
from majiang.engine import new_game, resolve_options
from majiang.errors import InvalidRequest
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.base import Option

#: (variant, option, lowest, highest, other options the value needs to be playable)
WHOLE_NUMBERS: list[tuple[str, str, int, int, dict[str, Any]]] = [
    ("riichi", "start_points", 100, 1_000_000, {}),
    ("riichi", "noten_payment", 0, 120_000, {}),
    ("riichi", "target_points", 0, 1_000_000, {}),
    ("riichi", "extra_round_limit", 1, 2, {}),
    ("riichi", "oka", 0, 1_000_000, {}),
    *[
        row
        for v in ("hk", "hk2", "hkos")
        for row in [
            (v, "min_fan", 0, 64, {"max_fan": 64}),
            (v, "max_fan", 1, 64, {"min_fan": 0}),
            (v, "stake", 1, 1_000_000, {}),
        ]
    ],
    ("hkos", "seat_flower_fan", 0, 64, {}),
    ("hkos", "flower_set_fan", 0, 64, {}),
    ("hkos", "all_flowers_fan", 0, 64, {}),
    ("taiwan", "base", 0, 1_000_000, {}),
    ("taiwan", "tai_value", 0, 1_000_000, {}),
    ("sichuan", "base", 1, 1_000_000, {}),
    ("sichuan", "max_fan", 0, 64, {}),
]

#: the options that must also be a multiple of a number (docs/riichi.md: the noten payment is
#: split between one, two or three players)
MULTIPLES = {("riichi", "noten_payment"): 6}

#: a point table that reaches 64 fan (half_spicy stops at 13)
FULL = {"hk": {"table": "full_spicy"}, "hkos": {"table": "full_spicy"}, "hk2": {}}


def _options(variant: str, given: dict[str, Any]) -> dict[str, Any]:
    return resolve_options(get_ruleset(variant), given)


def _all_options(variant: str) -> dict[str, Option]:
    rules = get_ruleset(variant)
    return {**rules.options, **rules.game_options}


def test_the_table_covers_every_whole_number_option() -> None:
    declared = {
        (v, name)
        for v in VARIANTS
        for name, opt in _all_options(v).items()
        if opt.choices is None
        and isinstance(opt.default, int)
        and not isinstance(opt.default, bool)
    }
    assert declared == {(v, name) for v, name, *_ in WHOLE_NUMBERS}


@pytest.mark.parametrize(("variant", "name", "low", "high", "with_"), WHOLE_NUMBERS)
def test_a_whole_number_is_accepted_at_its_bounds(
    variant: str, name: str, low: int, high: int, with_: dict[str, Any]
) -> None:
    others = {**FULL.get(variant, {}), **with_}
    for value in (low, high):
        assert _options(variant, {**others, name: value})[name] == value


@pytest.mark.parametrize(("variant", "name", "low", "high", "with_"), WHOLE_NUMBERS)
@pytest.mark.parametrize("past", ["below", "above", "huge", "text", "fraction", "bool"])
def test_a_whole_number_is_refused_past_its_bounds(
    variant: str, name: str, low: int, high: int, with_: dict[str, Any], past: str
) -> None:
    value = {
        "below": low - 1,
        "above": high + 1,
        "huge": 10**309,
        "text": str(low),
        "fraction": low + 0.5,
        "bool": True,
    }[past]
    others = {**FULL.get(variant, {}), **with_}
    with pytest.raises(InvalidRequest) as err:
        _options(variant, {**others, name: value})
    assert err.value.field == "rules"
    step = MULTIPLES.get((variant, name))
    multiple = "" if step is None else f" and a multiple of {step}"
    assert f"rule {name!r} must be a whole number from {low} to {high}{multiple}, got " in str(
        err.value
    )


def _choices(variant: str) -> list[tuple[str, str, Any]]:
    """(variant, option, a value it accepts) for every option of choices or true/false."""
    out = []
    for name, opt in _all_options(variant).items():
        if opt.choices is not None:
            out += [(variant, name, c) for c in opt.choices]
        elif isinstance(opt.default, bool):
            out += [(variant, name, True), (variant, name, False)]
    return out


CHOICES = [row for v in VARIANTS for row in _choices(v)]


def test_choices_are_the_documented_ones() -> None:
    named = {(v, n) for v, n, _ in CHOICES}
    assert ("riichi", "aka") in named and ("sichuan", "exchange_direction") in named
    assert {c for v, n, c in CHOICES if (v, n) == ("riichi", "aka")} == {0, 1}
    assert {c for v, n, c in CHOICES if (v, n) == ("sichuan", "self_draw")} == {
        "plus_one_base",
        "plus_one_fan",
        "none",
    }


def _near_miss(value: Any) -> Any:
    """Return a value close to ``value`` that no option of choices or true/false accepts: the
    same written another way (1 for true, "4" for 4, "OFF" for "off")."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)
    return value.upper()


@pytest.mark.parametrize(("variant", "name", "value"), CHOICES)
def test_every_choice_is_accepted_and_a_near_miss_refused(
    variant: str, name: str, value: Any
) -> None:
    assert _options(variant, {name: value})[name] == value
    with pytest.raises(InvalidRequest) as err:
        _options(variant, {name: _near_miss(value)})
    assert err.value.field == "rules"
    assert repr(name) in str(err.value)


def test_a_long_value_is_quoted_cut_short() -> None:
    with pytest.raises(InvalidRequest) as err:
        _options("sichuan", {"self_draw": "x" * 100_000})
    assert "rule 'self_draw' must be one of" in str(err.value)
    assert len(str(err.value)) < 300
    with pytest.raises(InvalidRequest) as err:
        _options("taiwan", {"base": int("9" * 4300)})
    assert str(err.value) == (
        "rule 'base' must be a whole number from 0 to 1000000, got a number of 4300 digits"
    )


#: a table covering min_fan 0 to max_fan 1 (so only the entry added to it can be refused)
COVERED = {"0": 1, "1": 2}


@pytest.mark.parametrize("variant", ["hk", "hkos"])
@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ({"64": 2**64}, None),  # the highest key and value
        ({3: 0}, None),
        ({"65": 1}, "'65' is not a fan count from 0 to 64"),
        ({65: 1}, "65 is not a fan count from 0 to 64"),
        ({"-1": 1}, "'-1' is not a fan count from 0 to 64"),
        ({"3.5": 1}, "'3.5' is not a fan count from 0 to 64"),
        ({"3": 2**64 + 1}, "the value for 3 fan must be a whole number from 0 to 2^64"),
        ({"3": -1}, "the value for 3 fan must be a whole number from 0 to 2^64"),
        ({"3": "8"}, "the value for 3 fan must be a whole number from 0 to 2^64"),
        ({"3": 8.0}, "the value for 3 fan must be a whole number from 0 to 2^64"),
        ({"3": True}, "the value for 3 fan must be a whole number from 0 to 2^64"),
    ],
)
def test_a_custom_fan_table_is_bounded(
    variant: str, extra: dict[Any, Any], why: str | None
) -> None:
    given = {"table": {**COVERED, **extra}, "min_fan": 0, "max_fan": 1}
    if why is None:
        got = _options(variant, given)["table"]
        assert got == {str(k): v for k, v in {**COVERED, **extra}.items()}
    else:
        with pytest.raises(InvalidRequest) as err:
            _options(variant, given)
        assert err.value.field == "rules"
        assert str(err.value).startswith(f"rule 'table': {why}")


def test_the_golden_table_is_bounded_too() -> None:
    given = {"min_fan": 0, "max_fan": 1}
    assert _options("hk2", {**given, "golden_table": {**COVERED, "64": 2**64}})
    with pytest.raises(InvalidRequest, match="rule 'golden_table': the value for 3 fan must be"):
        _options("hk2", {**given, "golden_table": {**COVERED, "3": 2**64 + 1}})


def test_an_option_must_declare_its_range() -> None:
    with pytest.raises(TypeError, match="minimum and a maximum"):
        Option(3, "a number without a cap", minimum=0)
    with pytest.raises(TypeError, match="minimum and a maximum"):
        Option("half", "a name without choices")
    with pytest.raises(TypeError, match="out of its bounds"):
        Option(3, "a default past its cap", minimum=0, maximum=2)


# -- the library's doors: majiang.score (both riichi readers) and engine.new_game

LIMIT_HAND = {"hand": "19m19p19s1234567z1m", "win_tile": "1m", "win": "tsumo"}


def test_the_issue_reproducer_is_refused_by_score() -> None:
    request = {
        "variant": "hk",
        **LIMIT_HAND,
        "rules": {"max_fan": 10_000_000, "table": "full_spicy"},
    }
    with pytest.raises(InvalidRequest) as err:
        score(request)
    assert err.value.field == "rules"
    assert "rule 'max_fan' must be a whole number from 1 to 64, got 10000000" in str(err.value)


def test_a_limit_hand_at_the_cap_scores_2_to_the_64() -> None:
    # thirteen orphans is a limit: it scores max_fan; full_spicy p = 2^fan, each of three pays p
    result = score({"variant": "hk", **LIMIT_HAND, "rules": {"max_fan": 64, "table": "full_spicy"}})
    assert result["total"] == 64
    assert result["points"]["total"] == 3 * 2**64


RIICHI = {"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p", "win": "ron"}


@pytest.mark.parametrize(
    "rules",
    [
        {"aka": 2},  # the direct reader reads aka itself
        {"aka": True},
        {"double_wind_pair_fu": 3},
        {"renhou": "on"},
        {"kiriage": 1},
        {"start_points": int("9" * 4300)},  # a game option: not one of scoring's
        {"kiriage": False, "kazoe": True, "aka": 1, "renhou": "off", "open_tanyao": True,
         "double_yakuman": True, "pao": "yes"},
    ],
)  # fmt: skip
def test_riichi_options_are_refused_on_either_reader(rules: dict[str, Any]) -> None:
    assert score({**RIICHI, "rules": {}})["valid"]  # the request itself is fine
    with pytest.raises(InvalidRequest) as err:
        score({**RIICHI, "rules": rules})
    assert err.value.field == "rules"


@pytest.mark.parametrize(
    ("variant", "options", "name"),
    [
        ("riichi", {"start_points": int("9" * 4300)}, "start_points"),
        ("riichi", {"start_points": 99}, "start_points"),
        ("taiwan", {"tai_value": 10**309}, "tai_value"),
        ("sichuan", {"base": 10**309}, "base"),
        ("hk", {"max_fan": 65, "table": "full_spicy"}, "max_fan"),
    ],
)
def test_new_game_refuses_out_of_range_options(
    variant: str, options: dict[str, Any], name: str
) -> None:
    with pytest.raises(InvalidRequest) as err:
        new_game(get_ruleset(variant), options, "seed", "east")
    assert err.value.field == "rules" and repr(name) in str(err.value)


def test_new_game_plays_at_the_bounds() -> None:
    state, _events = new_game(get_ruleset("riichi"), {"start_points": 1_000_000}, "s", "east")
    assert state.scores == (1_000_000,) * 4
    state, _events = new_game(get_ruleset("riichi"), {"start_points": 100}, "s", "east")
    assert state.scores == (100,) * 4

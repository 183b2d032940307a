"""The riichi request dict read directly (rules/riichi/request.py) against the general path.

``majiang.scoring.score`` hands a riichi dict to ``request.read_and_score`` (the ruleset's
``read_dict``), which reads the usual request itself and returns ``None`` for everything else,
which ``score`` leaves to ``ScoreRequest.from_dict``. The two must never
differ: on generated hands (tests/test_riichi_peer.py's generator) and on requests mutated in
every field (wrong types, bad tiles, other notations, contradictions, unknown names) the result
dicts are equal, or both raise the same ``InvalidRequest`` (message and field). The tables the
reader leans on are checked too: the suit splits against ``decompose``, the bit-wise
contradiction check against ``options.contradiction``.

The default suite runs 1,000 generated and 6,000 mutated requests (about 1,000 of them answered
by the reader, and only those compared: a declined request goes the general way in both);
``-m long`` 12,000 and 40,000, and every one of the 405,350 suit counts for the splits.
"""

from __future__ import annotations

import copy
import random
import re
from itertools import combinations, combinations_with_replacement, product
from typing import Any

import pytest

from majiang.decompose import _suit_splits
from majiang.errors import MajiangError
from majiang.rules.riichi import request as reader
from majiang.rules.riichi.evaluate import _BASE_OF
from majiang.rules.riichi.features import situation_bits
from majiang.rules.riichi.options import DEFAULTS, FIRST_TURN_BITS, contradiction, contradicts
from majiang.rules.riichi.payments import base_points as payments_base_points
from majiang.rules.riichi.request import precompute, read_and_score
from majiang.rules.riichi.shapes import (
    WAIT_NAMES,
    block,
    chow_wait,
    complete_shapes,
    key_of,
    new_block,
    splits,
)
from majiang.scoring import SITUATIONS, ScoreRequest, score, score_request
from majiang.tiles import format_tiles
from test_riichi_peer import generate

Outcome = dict[str, Any] | tuple[str, str | None, str]


def general(request: Any) -> Outcome:
    """Return the general path's result, or its error as (message, field, class)."""
    try:
        return score_request(ScoreRequest.from_dict(request)).to_dict()
    except MajiangError as exc:
        return (str(exc), exc.field, type(exc).__name__)


def direct(request: Any) -> Outcome:
    """Return what ``score`` (the riichi dict reader, falling back) gives."""
    try:
        return score(request)
    except MajiangError as exc:
        return (str(exc), exc.field, type(exc).__name__)


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


def _check_same(requests: list[Any]) -> int:
    """Return how many of the requests the reader answered itself, each of those answers
    checked to be exactly the general path's result.

    The reader (``read_and_score``) either answers or declines (``None``), and ``score`` then
    takes the general path: comparing ``score`` with the general path on a declined request
    would compare that path with itself, so those are counted, not compared. (``score``'s own
    wiring is checked in ``test_which_requests_are_read_directly``.)"""
    differ = []
    answered = 0
    for r in requests:
        fast = read_and_score(r)
        if fast is None:
            continue
        answered += 1
        expected = general(r)
        if fast != expected:
            differ.append((r, expected, fast))
    assert not differ, differ[:3]
    return answered


# ---------------------------------------------------------------------------------------------


def test_generated_hands_read_directly_alike() -> None:
    """Generated hands: the same results, and nearly all read without the general path."""
    assert _check_same(generate(1000, 7)) > 970  # only pao would go the general way here


def test_mutated_requests_alike() -> None:
    """Malformed and unusual requests: of 6,000, the reader answers about a sixth itself (976:
    most are errors or unusual forms, which it leaves to the general path); each answer is the
    general path's result. At least 900 compared: a reader that declined more would go
    untested here."""
    assert _check_same(_mutated(6000, 11)) >= 900


@pytest.mark.long
def test_generated_and_mutated_requests_alike_long() -> None:
    assert _check_same(generate(12000, 2027)) > 11640
    assert _check_same(_mutated(40000, 2028)) >= 6000


@pytest.mark.parametrize(
    ("hand", "melds", "read_directly"),
    [
        # a fifth copy counted across the concealed tiles and the melds (rules/README.md: four
        # of each kind): the reader's packed counts must find it as the general path does
        ("1m234p567s11z", ["kan 1111m", "pon 999m"], False),
        ("234p567s11z", ["chi 123m", "chi 123m", "kan 1111m"], False),
        ("99m", ["kan 1111m", "kan 1111m", "kan 1111m", "kan 1111m"], False),  # 16 of a kind
        ("77z", ["pon 777z", "kan 7777z", "pon 111z"], False),  # the last kind
        # four in all is fine (the closest negative); its dora counted across the melds
        ("123m567s11z", ["pon 111m", "pon 777z"], True),
    ],
)
def test_fifth_copy_with_melds_alike(hand: str, melds: list[str], read_directly: bool) -> None:
    request = {
        "variant": "riichi",
        "hand": hand,
        "win_tile": hand[-2:],
        "melds": melds,
        "dora_indicators": "9m6z",
    }
    assert (read_and_score(request) is not None) is read_directly
    assert direct(request) == general(request)


def test_the_reader_knows_every_table_option() -> None:
    """Every option of the riichi table is read first (``_READ_OPTIONS``), looked for when the
    rules dict holds more (double_wind_pair_fu) or only checked (``_CHECKED_OPTIONS``): an
    option added to ``DEFAULTS`` must be taught to the reader, or every request naming the
    usual options would go the general way."""
    looked_for = {*reader._READ_OPTIONS, "double_wind_pair_fu", *reader._CHECKED_OPTIONS}
    assert looked_for == set(DEFAULTS)
    assert len(looked_for) == len(reader._READ_OPTIONS) + 1 + len(reader._CHECKED_OPTIONS)


@pytest.mark.parametrize(
    ("change", "read_directly"),
    [
        # the usual forms are read directly (rules/riichi.md request fields)
        ({}, True),
        ({"situation": ["riichi", "ippatsu"]}, True),
        ({"situation": ["nagashi_mangan"], "win": "tsumo"}, True),
        ({"rules": {"aka": 0, "kazoe": False}}, True),
        ({"discarder": "E"}, True),
        ({"dealer_streak": 2, "players_in_hand": 3, "flowers": ""}, True),
        ({"rules": {"nagashi_mangan": False, "pao": True, "aka": 0}}, True),
        ({"rules": {}, "melds": [], "situation": [], "ura_indicators": ""}, True),
        ({"honba": 300, "riichi_sticks": 1000}, True),  # counts past 256 (not kept as one object)
        ({"rules": {"aka": 0}, "honba": 0, "riichi_sticks": 256}, True),
        # any other form goes the general way (same result, tested above)
        ({"bogus": 1}, False),  # a field the reader does not know: counted, not named
        ({"honba": None}, False),  # a field given as None counts as missing
        ({"honba": True}, False),  # a bool is no count (the general path says so)
        ({"honba": 1001}, False),
        ({"riichi_sticks": -1}, False),
        ({"riichi_sticks": 2.0}, False),
        ({"rules": {"aka": True}}, False),
        ({"rules": {"aka": 0, "bogus": 1}}, False),
        ({"rules": {"kazoe": None}}, False),
        ({"seat_wind": 2}, False),
        ({"hand": "234567m234p55p777z"}, False),  # a suit written twice
        ({"melds": "pon 777z"}, False),
        ({"situation": "riichi ippatsu"}, False),
        ({"liable": "E"}, False),
        ({"hand": "234567m23455p777z1f"}, False),
    ],
)
def test_which_requests_are_read_directly(change: dict[str, Any], read_directly: bool) -> None:
    base = {
        "variant": "riichi",
        "hand": "234567m23455p777z",
        "win_tile": "5p",
        "seat_wind": "S",
        "dora_indicators": "1z",
    }
    request = {**base, **change}
    if "melds" in change:
        request["hand"] = "234567m23455p"
    assert (read_and_score(request) is not None) is read_directly
    assert direct(request) == general(request)


@pytest.mark.parametrize(
    ("field", "value", "error_field"),
    [
        ("hand", "123456789m2345p", None),  # 13 tiles and no meld: valid false, no error
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
    ],
)
def test_errors_name_the_field_on_both_paths(
    field: str, value: Any, error_field: str | None
) -> None:
    request = {"variant": "riichi", "hand": "123456789m23455p", "win_tile": "5p", field: value}
    outcome = direct(request)
    assert outcome == general(request)
    if error_field is None:
        assert isinstance(outcome, dict)
        assert outcome["valid"] is False
    else:
        assert isinstance(outcome, tuple)
        assert outcome[1] == error_field


def test_notation_fuzz_alike() -> None:
    """Random strings in the tile fields: parsed alike or refused alike."""
    rng = random.Random(5)
    alphabet = "0123456789mpszf "
    base = generate(50, 3)
    requests = []
    for _ in range(1000):
        r = dict(rng.choice(base))
        field = rng.choice(["hand", "dora_indicators", "ura_indicators", "win_tile"])
        r[field] = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        requests.append(r)
    _check_same(requests)


# ---------------------------------------------------------------------------------------------
# the tables the reader leans on


def suit_counts(max_tiles: int) -> list[tuple[int, ...]]:
    """Return every 9 counts of 0-4 with at most ``max_tiles`` tiles (also used by
    test_riichi_shapes.py)."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, cur: list[int]) -> None:
        if i == 9:
            out.append(tuple(cur))
            return
        for k in range(min(4, left) + 1):
            cur.append(k)
            walk(i + 1, left - k, cur)
            cur.pop()

    walk(0, max_tiles, [])
    return out


def _decompose_splits(counts: tuple[int, ...], chows: bool) -> tuple[Any, ...]:
    """Return ``decompose``'s splits of one suit as (pair, chow places, pung places)."""
    return tuple(
        (
            pair,
            tuple(place for sort, place in sets if sort == 0),
            tuple(place for sort, place in sets if sort == 1),
        )
        for pair, sets in _suit_splits(counts if chows else counts[:7], chows)
    )


def _same_splits(counts: tuple[int, ...]) -> bool:
    if splits(counts, True) != _decompose_splits(counts, True):
        return False
    return bool(counts[7] or counts[8]) or splits(counts, False) == _decompose_splits(counts, False)


def test_suit_splits_match_decompose_sample() -> None:
    """Each suit's splits, in ``decompose``'s order (ties between readings keep that order)."""
    every = suit_counts(14)
    sample = random.Random(1).sample(every, 3000)
    assert all(_same_splits(c) for c in sample)


@pytest.mark.long
def test_suit_splits_match_decompose_all() -> None:
    assert all(_same_splits(c) for c in suit_counts(14))  # 405,350 suit counts


@pytest.mark.parametrize(
    ("counts", "honors", "pair", "chows", "pungs", "peikou", "outside", "waits_at"),
    [
        # 123 123 789 99: two identical chows, every set and the pair hold a terminal;
        # a 2 completes 123 in the middle
        ((2, 2, 2, 0, 0, 0, 1, 1, 3), False, 8, (0, 0, 6), (), 1, True, {1: ["kanchan"]}),
        # 234 55: the pair is a simple, so not outside; a 2 waits on both sides (14)
        ((0, 1, 1, 1, 2, 0, 0, 0, 0), False, 4, (1,), (), 0, False, {1: ["ryanmen"]}),
        # 111 222 333 reads as three chows first (then as three pungs); a 3 completes 12 edge
        ((3, 3, 3, 0, 0, 0, 0, 0, 0), False, -1, (0, 0, 0), (), 1, True, {2: ["penchan"]}),
        # honors: a pung of East and a pair of red dragons; East completes the pung
        ((3, 0, 0, 0, 0, 0, 2, 0, 0), True, 6, (), (0,), 0, True, {0: ["shanpon"]}),
    ],
)
def test_block_parts(
    counts: tuple[int, ...],
    honors: bool,
    pair: int,
    chows: tuple[int, ...],
    pungs: tuple[int, ...],
    peikou: int,
    outside: bool,
    waits_at: dict[int, list[str]],
) -> None:
    part = block(counts, honors).parts[0]
    assert (part.pair, part.chows, part.pungs) == (pair, chows, pungs)
    assert part.packed >> 6 & 7 == peikou
    assert part.outside is outside
    for place, names in waits_at.items():
        assert [WAIT_NAMES[w] for w in part.waits_at(place)] == names


def _walked_waits(part: Any, win: int) -> tuple[int, ...]:
    """Return a part's waits at ``win`` by walking it: tanki, shanpon, then each chow's wait
    in chow order, each wait once (what ``Part.waits_at`` reads from its table)."""
    found: list[int] = []
    if part.pair == win:
        found.append(0)
    if win in part.pungs:
        found.append(1)
    for c in part.chows:
        if c <= win <= c + 2:
            wait = chow_wait(c, win)
            if wait not in found:
                found.append(wait)
    return tuple(found)


def test_waits_table_matches_walking_the_part() -> None:
    """Every split of every 10th complete shape, at every place: the table gives the walk's
    waits in the walk's order."""
    checked = 0
    for honors in (False, True):
        for counts in complete_shapes(honors)[::10]:
            for part in new_block(key_of(counts), honors, sum(counts)).parts:
                for place in range(9):
                    assert part.waits_at(place) == _walked_waits(part, place), (counts, place)
                    checked += 1
    assert checked > 10_000


def test_bitwise_contradictions_match_the_worded_ones() -> None:
    """``contradicts`` (the dict path) agrees with ``contradiction`` on every situation without
    a first-turn win, for closed or open, tsumo or ron, with or without a kong."""
    names = sorted(SITUATIONS)
    checked = 0
    for size in range(6):
        for combo in combinations(names, size):
            bits = situation_bits(combo)
            if bits & FIRST_TURN_BITS:
                continue
            for closed, tsumo, kong, melds, dealer in product((False, True), repeat=5):
                worded = contradiction(frozenset(combo), closed, tsumo, kong, melds, dealer)
                assert contradicts(bits, closed, tsumo, kong) == (worded is not None), combo
                index = bits >> reader._SITUATION_SHIFT
                assert reader._CONTRADICTS[index][closed][tsumo][kong] == (worded is not None), (
                    combo
                )
                checked += 1
    assert checked > 10000


def test_fu_items_add_up_to_the_fu() -> None:
    """The fu items the result lists (written out in ``calculate._fu_dicts``) add up to the fu
    the best reading was scored with, rounded up to 10 (seven pairs: 25 flat), and a tsumo
    lists its 2 fu unless the hand is closed with no other fu (pinfu)."""
    checked = 0
    for request in generate(2000, 91):
        result = score(request)
        if not result["valid"] or result["fu"] is None:
            continue
        ids = [item["id"] for item in result["fu_items"]]
        raw = sum(item["value"] for item in result["fu_items"])
        if ids == ["seven_pairs"]:
            assert result["fu"] == 25
        else:
            assert ids[0] == "base" and -(-raw // 10) * 10 == result["fu"], result
            closed = not any(
                m.split()[0] in ("chi", "pon", "kan", "kakan") for m in request.get("melds", [])
            )
            if request.get("win") == "tsumo":
                assert ("tsumo" in ids) is (not closed or raw > 20), result
        checked += 1
    assert checked > 1000


def _digits_alike(text: str, entry: Any, honors: bool) -> bool:
    """Return whether a kept digits entry is what reading ``text`` from scratch gives."""
    b, counts, red, flags = entry
    expected = tuple(text.replace("0", "5").count(str(d)) for d in range(1, 10))
    fresh = new_block(key_of(expected), honors, sum(expected))
    return (
        counts == expected
        and red == text.count("0")
        and flags == b.suit_flags == fresh.suit_flags
        and b.counts == expected
        and [(p.pair, p.chows, p.pungs, p.packed) for p in b.parts]
        == [(p.pair, p.chows, p.pungs, p.packed) for p in fresh.parts]
        and (b.packed, b.present, b.nine_gates) == (fresh.packed, fresh.present, fresh.nine_gates)
        and all(
            p.waits[place] in (None, q.waits_at(place))
            for p, q in zip(b.parts, fresh.parts, strict=True)
            for place in range(9)
        )
    )


def _check_precompute(step: int) -> None:
    precompute()
    for honors, table in ((False, reader._NUMBERS), (True, reader._HONORS)):
        texts = sorted(table)[::step]
        assert texts
        assert all(_digits_alike(text, table[text], honors) for text in texts)


def test_precompute_keeps_what_reading_would() -> None:
    """``precompute`` fills the digits and blocks tables with exactly what requests would fill
    them with (every 20th entry here; all under ``-m long``); waits are kept at every place a
    block holds."""
    _check_precompute(20)
    numbers = complete_shapes(False)
    assert all(
        p.waits[place] is not None
        for counts in numbers[::50]
        for p in block(counts, False).parts
        for place in range(9)
        if counts[place]
    )


@pytest.mark.long
def test_precompute_keeps_what_reading_would_all() -> None:
    _check_precompute(1)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("1m", True),
        ("9s9s9s", False),  # not canonical: read as met, not kept in advance
        ("999s", True),
        ("4p6s7z", True),
        ("1m2m3m4m", False),  # four indicators: more than ``PRECOMPUTED_INDICATORS``
        ("0m", False),  # a red five: not kept in advance
    ],
)
def test_precompute_keeps_short_canonical_indicator_strings(text: str, kept: bool) -> None:
    """``precompute`` reads the canonical indicator strings of up to three tiles, as a request
    would (the kinds they make dora: 9s -> 1s, 7z -> 5z)."""
    reader._INDICATED.clear()  # a table of notation: emptied, it fills again as met
    precompute()
    assert (text in reader._INDICATED) is kept
    assert reader._INDICATED["999s"] == bytes((90,) * 3)  # 1s (kind 18) three times
    assert reader._INDICATED["4p6s7z"] == bytes((5 * 31, 5 * 24, 5 * 13))


def test_indicator_trie_reads_as_the_states_do() -> None:
    """``request._indicated`` (the trie of a suit's digits, read from the start) gives what
    ``_indicated_from_end`` (the states, from the end) gives: on every canonical string of one
    to three indicators, on longer ones, with a red five, on suits and digits in any order and
    on strings of random characters, valid or not."""
    rng = random.Random(61)
    texts = [
        format_tiles(kinds)
        for n in (1, 2, 3)
        for kinds in combinations_with_replacement(range(34), n)
    ]
    texts += [
        format_tiles(sorted(rng.randrange(34) for _ in range(rng.randint(4, 13))))
        for _ in range(3000)
    ]
    texts += [t.replace("5", "0", 1) for t in texts[::7]]
    texts += [  # suits in any order, digits in any order and number
        "".join(
            "".join(rng.choices("0123456789", k=rng.randint(1, 5))) + rng.choice("mpsz")
            for _ in range(rng.randint(1, 4))
        )
        for _ in range(20000)
    ]
    alphabet = "0123456789mpsz mzx\x00{\u00e9\udc80"
    texts += ["".join(rng.choices(alphabet, k=rng.randint(0, 14))) for _ in range(20000)]
    texts += ["", "m", "1", "11", "1mm", "m1", "0z", "8z", "1111m", "1m" * 12, "1m" * 13]
    for text in texts:
        reader._INDICATED.clear()
        assert reader._indicated(text) == reader._indicated_from_end(text), text


def test_digits_key_from_two_lookups_as_summed() -> None:
    """A suit's digits (or the honors') give the block's key from the two lookups of
    ``_KEY_HALVES`` exactly as summed a digit at a time, when both are found; both are found
    for every string written in order with up to 4 of a kind (a red five before the fives)
    but four fives, and not for one out of order or with a fifth copy (summed instead, and
    checked: a string found in both holds no fifth copy)."""
    rng = random.Random(83)
    for honors, digits in ((False, "1234056789"), (True, "1234567")):
        lower, upper, upper_digits = reader._KEY_HALVES[honors]
        units = reader._UNIT_OF[honors]
        for _ in range(20000):
            counts = [rng.randint(0, 4) for _ in digits]
            if not honors:
                counts[4] = min(counts[4], 1)  # one red five at most
                counts[5] = min(counts[5], 4 - counts[4])
            text = "".join(d * n for d, n in zip(digits, counts, strict=True))
            shuffled = "".join(rng.sample(text, len(text)))
            for t in (text, shuffled, text + text[-1:] * 4):
                head = t.rstrip(upper_digits)
                if head in lower and t[len(head) :] in upper:
                    assert lower[head] + upper[t[len(head) :]] == sum(map(units, t)), t
                    assert max(map(t.replace("0", "5").count, digits)) <= 4, t
                else:
                    assert t != text or (not honors and counts[5] == 4), t


def test_complete_shapes_hold_every_suit_of_a_complete_hand() -> None:
    """Every suit (and the honors) of a generated complete hand is among ``complete_shapes``,
    and a shape with a fifth tile, a fifteenth or a lone tile is not."""
    numbers, honors = set(complete_shapes(False)), set(complete_shapes(True))
    seen = 0
    for r in generate(1500, 93):
        for suit, digits in re.findall("([0-9]+)([mpsz])", r["hand"]):
            counts = tuple(digits.replace("0", "5").count(str(d)) for d in range(1, 10))
            assert counts in (honors if suit == "z" else numbers), (r["hand"], suit)
            seen += 1
    assert seen > 3000
    assert (5, 0, 0, 0, 0, 0, 0, 0, 0) not in numbers
    assert (4, 4, 4, 3, 0, 0, 0, 0, 0) not in numbers
    assert (1, 0, 0, 0, 0, 0, 0, 0, 0) not in numbers
    assert (0, 0, 0, 0, 0, 0, 0, 3, 0) not in honors  # honors have 7 places


def test_base_table_matches_base_points() -> None:
    """``evaluate._BASE_OF`` (the base points read inline in ``best_reading``) gives what
    ``payments.base_points`` (the rule page's reading, with a rules dict) gives without kiriage
    for every han below 13 and every fu a reading can have (rounded to 10, and 25)."""
    for han in range(1, 13):
        for fu in (25, *range(20, 201, 10)):
            assert _BASE_OF[han][fu] == payments_base_points(han, fu, 0, {})[0], (han, fu)


def test_every_row_is_one_comparison() -> None:
    """A yaku row matches when ``bits & looked == needs`` (``yaku._Table``): the facts it
    looks at (needs and exclusions) are exactly those it needs. That stands for "needs all,
    excludes none" only while no row excludes a fact it needs, as an open row its
    ``open_needs`` and a closed row ``CLOSED``."""
    from majiang.rules.riichi import features as f
    from majiang.rules.riichi import yaku

    for y in yaku.YAKU:
        assert not (y.needs | f.CLOSED) & y.excludes, y.id
        if y.open:
            assert not (y.needs | y.open_needs) & y.excludes, y.id
    for m in yaku.YAKUMAN:
        assert not m.needs & m.excludes, m.id
    for rows in (
        yaku._rows(yaku._HAND_YAKU),
        yaku._rows(yaku._READING_YAKU),
        yaku._limit_rows(yaku._HAND_YAKUMAN),
        yaku._limit_rows(yaku._READING_YAKUMAN),
    ):
        for looked, needs, found in rows:
            assert needs & ~looked == 0, found  # a fact needed is a fact looked at


def test_yaku_tables_match_every_row_tested() -> None:
    """``yaku.hand_scored`` and ``reading_scored`` (the rows every third of the facts allows,
    ``yaku._Table``) give what testing each row of the yaku table on its own gives, on random
    combinations of facts, and the facts' context for the readings."""
    from majiang.rules.riichi import features as f
    from majiang.rules.riichi import yaku

    def plain(bits: int, yaku_: list[tuple[int, Any]], yakuman: list[tuple[int, Any]]) -> Any:
        closed = bool(bits & f.CLOSED)
        limits = [
            (n, m.id, yaku.YAKUMAN_HAN * (m.multiple if bits & f.DOUBLE_YAKUMAN else 1))
            for n, m in yakuman
            if bits & m.needs == m.needs and not bits & m.excludes
        ]
        found = [
            (n, y.id, y.closed if closed else y.open)
            for n, y in yaku_
            if bits & y.needs == y.needs
            and not bits & y.excludes
            and (closed or (y.open and bits & y.open_needs == y.open_needs))
        ]
        return limits, found

    def listed(scored: yaku.Scored) -> Any:
        def items(found: tuple[yaku.Found, ...]) -> list[tuple[int, str, int]]:
            return [(n, item.id, item.value) for n, item, _ in found]

        assert scored[0] == sum(item.value for _, item, _ in scored[1])
        assert scored[2] == sum(item.value for _, item, _ in scored[3])
        return items(scored[1]), items(scored[3])

    rng = random.Random(17)
    for _ in range(20000):
        density = rng.choice((0.05, 0.15, 0.3, 0.5))
        bits = sum(1 << n for n in range(f.WIDTH) if rng.random() < density)
        hand = bits & yaku.HAND_FACTS
        reading = bits & (yaku.READING_CONTEXT | ~yaku.HAND_FACTS)
        assert listed(yaku.hand_scored(hand)) == plain(hand, yaku._HAND_YAKU, yaku._HAND_YAKUMAN), (
            f.names_of(hand)
        )
        assert listed(yaku.reading_scored(reading)) == plain(
            reading, yaku._READING_YAKU, yaku._READING_YAKUMAN
        ), f.names_of(reading)
        # and what the readings are asked with (their context, the double yakuman option)
        for scored, facts in ((yaku.hand_scored, hand), (yaku.reading_scored, reading)):
            assert scored(facts)[4:] == (facts & yaku.READING_CONTEXT, facts & f.DOUBLE_YAKUMAN)
    # every answer kept (each made from that of its rows but the highest) is what its rows
    # give read a row at a time, in order
    for table in (yaku.hand_scored.__self__, yaku.reading_scored.__self__):
        assert len(table.answers) > 500
        for matched, scored in table.answers.items():
            rows = [1 << k for k in range(matched.bit_length()) if matched >> k & 1]
            limits = [table.found[row] for row in rows if row > table.yaku_rows]
            found = [table.found[row] for row in rows if row <= table.yaku_rows]
            assert scored == (
                sum(value for _, value in limits),
                tuple(item for item, _ in limits),
                sum(value for _, value in found),
                tuple(item for item, _ in found),
            ), bin(matched)

"""Shanten, waits and acceptance: hand-worked tables, the published cases, the `mahjong`
package, and a slow brute-force reference for 16/17-tile hands and hands with melds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from mahjong.shanten import Shanten

from majiang import InvalidNotation, InvalidRequest, MajiangError, acceptance, shanten, waits
from majiang.hand import Hand
from majiang.melds import Meld, parse_meld
from majiang.shanten import FORMS, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, counts_distance, prepare
from majiang.tiles import ORPHANS, counts34, format_tiles, parse_tiles, tile_name

DATA = Path(__file__).parent / "data" / "shanten"
PEER = Shanten()


# --- hand-worked cases ------------------------------------------------------------------------

# (hand, variant, form, expected, why). Worked out by hand from the rule pages' forms.
CASES = [
    ("123m456p789s11222z", None, None, -1, "four sets and a pair"),
    ("123m456p789s1122z", None, None, 0, "two pairs: waits on either"),
    ("1112345678999m", None, None, 0, "nine gates shape"),
    ("1122m3344p5566s7z", None, None, 0, "six pairs, one single"),
    ("1122m3344p5566s7z", None, "standard", 3, "pairs are poor for sets"),
    ("1122m3344p5566s7z", None, "seven_pairs", 0, "seven pairs alone"),
    ("1122m3344p5566s7z", "hk", None, 3, "hk has no seven pairs"),
    ("19m19p19s1234567z", None, None, 0, "thirteen-sided orphans wait"),
    ("19m19p19s1234567z", None, "standard", 8, "no two tiles go together"),
    ("19m19p19s1234567z", "taiwan", None, 8, "taiwan has no thirteen orphans"),
    ("19m19p19s12345677z", "hk", None, -1, "thirteen orphans complete"),
    ("147m258p369s1234z", None, None, 6, "seven pairs: thirteen kinds, no pair"),
    ("147m258p369s1234z", None, "standard", 8, "no two tiles within two of each other"),
    ("147m258p369s1234z", None, "thirteen_orphans", 7, "six orphan kinds, no pair"),
    ("1111m234p567p789s", None, None, 1, "tanki on a fifth 1m is impossible"),
    ("1111234m456p789p", None, None, 0, "waits on 4m only"),
    ("1111m2222p3333s4z", None, "seven_pairs", 6, "four of a kind is one pair in riichi"),
    ("1111m2222p3333s4z", "sichuan", None, None, "honors are not in sichuan"),
    ("1111m2222p3333s4s", "sichuan", "seven_pairs", 0, "sichuan: four of a kind is two pairs"),
    ("1111m2222p33334s", "sichuan", "seven_pairs", 0, "with two 4s short of... one pair to go"),
    ("11223344556677m", "sichuan", None, -1, "pure seven pairs"),
    ("1m", None, None, 0, "one tile waits for its pair"),
    ("12m", None, None, 0, "two tiles: two exchanges... one draw makes a pair"),
    ("11m", None, None, -1, "a pair alone"),
    ("1234m", None, None, 0, "123m + 4m tanki"),
    ("1133m", None, None, 0, "two pairs"),
    # Taiwan: 16 concealed tiles need five sets and a pair.
    ("123456789m123p789s1z", "taiwan", None, 0, "five sets and a single: tanki"),
    ("123456789m123p1122z", "taiwan", None, 0, "shanpon 1z 2z"),
    ("123456789m123p11222z", "taiwan", None, -1, "five sets and a pair (17 tiles)"),
    ("1122m3344p5566s11777z", "taiwan", None, -1, "lik gu lik gu"),
    ("1122m3344p5566s1177z", "taiwan", None, 0, "eight pairs: either becomes the pung"),
    ("1122m3344p5566s1177z", "taiwan", "standard", 4, "1122m, 3344p: two chows for 2 each"),
    ("1122m3344p5566s1177z", "taiwan", "seven_pairs_one_pung", 0, "lik gu lik gu alone"),
    ("1122m3344p556s17z777z", "taiwan", "seven_pairs_one_pung", 1, "pung, five pairs, 3 singles"),
    # Melds: the concealed tiles need (n - 1) // 3 sets.
    ("23m456p789s11z, pon 777z", None, None, 0, "ryanmen after one call"),
    ("5m, pon 777z, chi 123p, kan 5555s, pon 111z", None, None, 0, "bare single wait"),
    ("1m, pon 111m, pon 999m, pon 111p, pon 999p", None, None, 1, "the fifth 1m is impossible"),
    ("12m, pon 333m, pon 999m, pon 111p", None, None, 0, "two tiles need only a pair"),
    ("12m55p, pon 333m, pon 999m, pon 111p", None, None, 0, "edge 12m: one 3m left"),
    ("12m55p, kan 3333m, pon 999m, pon 111p", None, None, 1, "no chow with 3m: the kan has all"),
    ("2233m, chi 123p, chi 456p, chi 789s", None, None, 0, "shanpon"),
    # hk2 has only the dots, the terminals and the honors.
    ("123p456p789p19m11z", "hk2", None, 1, "1m and 9m need two tiles each"),
    ("123p456p789p111z9m", "hk2", None, 0, "tanki on 9m"),
    ("12m", "hk2", None, None, "2m is not in hk2"),
]


@pytest.mark.parametrize(("hand", "variant", "form", "expected", "why"), CASES)
def test_worked_cases(
    hand: str, variant: str | None, form: str | None, expected: int | None, why: str
) -> None:
    if expected is None:
        with pytest.raises(InvalidNotation):
            shanten(hand, variant, form)
    else:
        assert shanten(hand, variant, form) == expected, why


@pytest.mark.parametrize(
    ("hand", "variant", "expected"),
    [
        ("123m456p789s1122z", None, ["1z", "2z"]),
        ("1112345678999m", None, ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        ("19m19p19s1234567z", None, [tile_name(k) for k in ORPHANS]),
        ("19m19p19s1234567z", "taiwan", []),
        ("1122m3344p5566s7z", None, ["7z"]),
        ("1122m3344p5566s7z", "hk", []),
        ("1111234m456p789p", None, ["4m"]),  # 1m completes by shape, all four are held
        ("1111m234p567p789s", None, []),
        ("2223m456p789s111z", None, ["1m", "3m", "4m"]),
        ("12m55p, pon 333m, pon 999m, kan 3333p", None, ["3m"]),
        ("12m55p, kan 3333m, pon 999m, pon 111p", None, []),
        ("123p456p789p111z9m", "hk2", ["9m"]),
        ("1122m3344p5566s1177z", "taiwan", ["1m", "2m", "3p", "4p", "5s", "6s", "1z", "7z"]),
        ("1111m2222p3333s4s", "sichuan", ["4s"]),
    ],
)
def test_waits(hand: str, variant: str | None, expected: list[str]) -> None:
    assert [tile_name(k) for k in waits(hand, variant)] == expected


def test_acceptance_tables() -> None:
    table = acceptance("123m456p789s11223z", visible="1z3z")
    assert [(tile_name(e.discard or 0), e.shanten) for e in table[:1]] == [("3z", 0)]
    best = table[0]
    assert [(tile_name(k), n) for k, n in best.tiles] == [("1z", 1), ("2z", 2)]
    assert best.unseen == 3
    assert [e.shanten for e in table] == sorted(e.shanten for e in table)
    assert {e.discard for e in table} == set(parse_tiles("123m456p789s11223z"))
    one = acceptance("23m456p789s11z, pon 777z")
    assert len(one) == 1 and one[0].discard is None and one[0].shanten == 0
    assert [(tile_name(k), n) for k, n in one[0].tiles] == [("1m", 4), ("4m", 4)]


def test_acceptance_visible_counts_melds_and_limits() -> None:
    # The pon holds three 3m, the visible tiles a fourth: 3m improves but none is unseen.
    (entry,) = acceptance("12m456p789s11z, pon 333m", visible="3m")
    assert [(tile_name(k), n) for k, n in entry.tiles] == [("3m", 0)]
    with pytest.raises(InvalidRequest, match="more than 4 copies of '1z'"):
        acceptance("123m456p789s1122z", visible="111z")
    assert acceptance("123m456p789s1122z", visible=counts34(parse_tiles("1z")))[0].unseen == 3


def acceptance_brute(hand: str) -> list[tuple[int, int, list[int]]]:
    """Per discard, the shanten and improving kinds, straight from shanten()."""
    tiles = parse_tiles(hand)
    out = []
    for d in sorted(set(tiles)):
        rest = list(tiles)
        rest.remove(d)
        base = shanten(rest)
        better = [k for k in range(34) if rest.count(k) < 4 and shanten([*rest, k]) < base]
        out.append((d, base, better))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_acceptance_agrees_with_shanten(seed: int) -> None:
    wall = [k for k in range(34) for _ in range(4)]
    random.Random(seed).shuffle(wall)
    hand = format_tiles(wall[:14])
    got = sorted((e.discard or 0, e.shanten, [k for k, _ in e.tiles]) for e in acceptance(hand))
    assert got == acceptance_brute(hand)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: shanten("123m"), InvalidRequest, "3 tiles: shanten needs 3k\\+1 or 3k\\+2"),
        (lambda: shanten("11111m"), InvalidNotation, "a fifth copy of '1m'"),
        (lambda: shanten([0] * 5), InvalidNotation, "a fifth copy of '1m'"),
        (lambda: shanten("1m, kan 1111m"), InvalidNotation, "a fifth copy of '1m'"),
        (lambda: shanten("1m", form="nine_gates"), InvalidRequest, "unknown form 'nine_gates'"),
        (lambda: shanten("1m", variant="mahjong"), MajiangError, "unknown variant 'mahjong'"),
        (lambda: shanten("1m", form="seven_pairs"), InvalidRequest, "does not apply"),
        (
            lambda: shanten("1122m3344p5566s7z, pon 111z", form="thirteen_orphans"),
            InvalidRequest,
            "does not apply",
        ),
        (lambda: shanten("1x"), InvalidNotation, "unknown suit 'x'"),
        (lambda: waits("11m"), InvalidRequest, "3k\\+1"),
        (lambda: shanten([99]), InvalidRequest, "not a tile list"),
    ],
)
def test_errors(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_inputs_are_equivalent() -> None:
    text = "11234m456p789s11z"
    tiles = parse_tiles(text)
    expected = shanten(text)
    assert shanten(tiles) == shanten(counts34(tiles)) == shanten(Hand(tuple(tiles))) == expected
    assert shanten(prepare(text)) == expected
    assert shanten("0m1234m456p789s11z") == shanten("5m1234m456p789s11z")
    assert shanten("123m456p789s1122z1f") == 0  # flowers are set aside
    assert shanten(prepare(text), variant="hk") == expected
    # a prepared hand read again for another variant keeps its melds
    melded = prepare("12m55p, kan 3333m, pon 999m, pon 111p")
    assert shanten(melded) == shanten(melded, variant="hk") == 1
    with pytest.raises(InvalidNotation, match="'1z' is not used in sichuan"):
        shanten(prepare("123m456p789s1122z"), variant="sichuan")


# --- the published cases ----------------------------------------------------------------------


def _cases(name: str, limit: int | None = None) -> list[list[int]]:
    lines = (DATA / name).read_text().splitlines()[:limit]
    return [[int(x) for x in line.split()] for line in lines if line.strip()]


def _check_published(rows: list[list[int]]) -> None:
    bad = []
    for row in rows:
        c = [0] * 34
        for t in row[:14]:
            c[t] += 1
        h = prepare(c)
        std, orphans, pairs = row[14:17]
        got = (
            shanten(h, form="standard"),
            shanten(h, form="thirteen_orphans"),
            shanten(h, form="seven_pairs"),
            shanten(h),
        )
        if got != (std, orphans, pairs, min(std, orphans, pairs)):
            bad.append((row, got))
    assert not bad, bad[:3]


PUBLISHED = ["p_normal_10000.txt", "p_koku_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt"]


@pytest.mark.parametrize("name", PUBLISHED)
def test_published_cases(name: str) -> None:
    """All 40,000 published cases (tests/data/shanten/README.md), each form and the minimum."""
    _check_published(_cases(name))


# --- agreement with the mahjong package -------------------------------------------------------


def _random_counts(seed: int, n: int, sizes: Sequence[int]) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for i in range(n):
        rng.shuffle(wall)
        out.append(counts34(wall[: sizes[i % len(sizes)]]))
    return out


def _check_peer(hands: list[list[int]]) -> None:
    bad = []
    for c in hands:
        h = prepare(c)
        if sum(c) >= 13:
            got = (
                shanten(h),
                shanten(h, form="standard"),
                shanten(h, form="seven_pairs"),
                shanten(h, form="thirteen_orphans"),
            )
            want = (
                PEER.calculate_shanten(c, use_chiitoitsu=True, use_kokushi=True),
                PEER.calculate_shanten_for_regular_hand(c),
                PEER.calculate_shanten_for_chiitoitsu_hand(c),
                PEER.calculate_shanten_for_kokushi_hand(c),
            )
        else:
            got = (shanten(h),)
            want = (PEER.calculate_shanten(c),)
        if got != want:
            bad.append((format_tiles(k for k, n in enumerate(c) for _ in range(n)), got, want))
    assert not bad, bad[:3]


def test_agrees_with_mahjong_random() -> None:
    _check_peer(_random_counts(2026, 5_000, (13, 14)))


def test_agrees_with_mahjong_small_hands() -> None:
    """Hands of 1-11 tiles: the peer treats the missing sets as called, as we do."""
    _check_peer(_random_counts(7, 2_000, (1, 2, 4, 5, 7, 8, 10, 11)))


def test_counts_read_straight_agree_with_mahjong() -> None:
    """34 counts read straight off (``counts_distance``: what ``shanten`` does with a count list,
    and the engine's ready check on every riichi turn) give the peer's shanten plus one, in each
    form, for 13/14-tile hands and small ones."""
    bad = []
    for c in _random_counts(34, 2_000, (13, 14)):
        raw = bytes(c)
        got = (
            shanten(c),
            counts_distance(raw, STANDARD) - 1,
            counts_distance(raw, SEVEN_PAIRS) - 1,
            counts_distance(raw, THIRTEEN_ORPHANS) - 1,
        )
        want = (
            PEER.calculate_shanten(c, use_chiitoitsu=True, use_kokushi=True),
            PEER.calculate_shanten_for_regular_hand(c),
            PEER.calculate_shanten_for_chiitoitsu_hand(c),
            PEER.calculate_shanten_for_kokushi_hand(c),
        )
        if got != want:
            bad.append((format_tiles(k for k, n in enumerate(c) for _ in range(n)), got, want))
    for c in _random_counts(35, 500, (1, 2, 4, 5, 7, 8, 10, 11)):
        if shanten(c) != PEER.calculate_shanten(c):
            bad.append((format_tiles(k for k, n in enumerate(c) for _ in range(n)), shanten(c)))
    assert not bad, bad[:3]
    with pytest.raises(InvalidRequest, match="a concealed hand of 12 tiles"):
        counts_distance(bytes(counts34(parse_tiles("123m456p789s111z"))), STANDARD)
    with pytest.raises(
        InvalidRequest, match="does not apply to this hand \\(11 concealed tiles\\)"
    ):
        counts_distance(bytes(counts34(parse_tiles("123m456p789s11z"))), SEVEN_PAIRS)


@pytest.mark.long
def test_agrees_with_mahjong_random_long() -> None:
    _check_peer(_random_counts(20_261_129, 30_000, (13, 14)))
    _check_peer(_random_counts(11, 10_000, (1, 2, 4, 5, 7, 8, 10, 11)))


# --- a slow brute-force reference -------------------------------------------------------------


def _sets_touching(i: int) -> list[tuple[int, ...]]:
    """Every set with ``i`` as a member: its pung and the chows through it."""
    out: list[tuple[int, ...]] = [(i, i, i)]
    if i < 27:
        for start in (i - 2, i - 1, i):
            if start >= 0 and start // 9 == (start + 2) // 9 == i // 9:
                out.append((start, start + 1, start + 2))
    return out


def brute_standard(held: Sequence[int], caps: Sequence[int]) -> int:
    """Return the shanten for (size - 1) // 3 sets and a pair, by exhaustive memoized search.

    Walk the whole hand's kinds from the lowest held one: its copies are dropped, or one goes
    into the pair or a set (pung, or any chow through it) whose other members are taken from
    the hand while it still holds them and added otherwise. The cost is the number of added
    tiles; no kind may exceed ``caps``. Sets and the pair still missing at the end are made of
    new tiles (3 and 2 each; with at most 17 tiles held there are always untouched kinds).
    """
    need = (sum(held) - 1) // 3
    memo: dict[tuple[object, ...], int] = {}

    def walk(i: int, rem: tuple[int, ...], sets: int, pair: int, near: tuple[int, ...]) -> int:
        # rem: the copies still unplaced of kinds i..33; near: the target of kinds i-2..i+2
        while i < 34 and not rem[0]:
            i, rem, near = i + 1, rem[1:], (*near[1:], 0)
        if i == 34:
            return 3 * (need - sets) + 2 * (1 - pair)
        key = (i, rem, sets, pair, near)
        found = memo.get(key)
        if found is not None:
            return found
        best = walk(i + 1, rem[1:], sets, pair, (*near[1:], 0))  # drop the rest of kind i
        groups: list[tuple[int, ...]] = [] if pair else [(i, i)]
        if sets < need:
            groups += _sets_touching(i)
        for g in groups:
            r, t, cost = list(rem), list(near), 0
            for k in g:
                t[k - i + 2] += 1
                if k >= i and r[k - i]:
                    r[k - i] -= 1
                else:
                    cost += 1
            if any(t[k - i + 2] > caps[k] for k in g):
                continue
            value = cost + walk(i, tuple(r), sets + (len(g) == 3), pair + (len(g) == 2), tuple(t))
            best = min(best, value)
        memo[key] = best
        return best

    return walk(0, tuple(held), 0, 0, (0, 0, 0, 0, 0)) - 1


def brute_pairs_pung(held: Sequence[int]) -> int:
    """Return lik gu lik gu shanten: try every pung kind, then the 7 cheapest other pairs."""
    best = 99
    for x in range(34):
        pair_costs = sorted(max(0, 2 - held[k]) for k in range(34) if k != x)
        best = min(best, max(0, 3 - held[x]) + sum(pair_costs[:7]))
    return best - 1


def brute_pairs(held: Sequence[int], four_is_two: bool) -> int:
    """Return seven pairs shanten by a knapsack over kinds (0, 1 or 2 pairs each)."""
    costs = [0] + [99] * 7
    for h in held:
        options = [(1, max(0, 2 - h))] + ([(2, max(0, 4 - h))] if four_is_two else [])
        nxt = list(costs)
        for got in range(8):
            for extra, c in options:
                if got + extra <= 7:
                    nxt[got + extra] = min(nxt[got + extra], costs[got] + c)
        costs = nxt
    return costs[7] - 1


MELDS = ["pon 111z", "chi 234p", "kan 9999s", "pon 555m", "chi 789m", "ankan 7777z"]


def _random_melded(rng: random.Random) -> Hand:
    """A hand with 0-4 random melds and 3k+1 or 3k+2 concealed tiles drawn from the rest."""
    melds = rng.sample(MELDS, rng.randint(0, 4))
    parsed: list[Meld] = [parse_meld(m) for m in melds]
    wall = [k for k in range(34) for _ in range(4)]
    for m in parsed:
        for t in m.tiles:
            wall.remove(t)
    rng.shuffle(wall)
    size = 13 - 3 * len(parsed) + rng.randint(0, 1)
    return Hand(tuple(wall[:size]), tuple(parsed))


def _caps(hand: Hand) -> list[int]:
    caps = [4] * 34
    for m in hand.melds:
        for t in m.tiles:
            caps[t] -= 1
    return caps


def _check_melded(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        hand = _random_melded(rng)
        held = counts34(hand.concealed)
        assert shanten(hand, form="standard") == brute_standard(held, _caps(hand)), str(hand)


def _check_taiwan(n: int, seed: int) -> None:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    for i in range(n):
        rng.shuffle(wall)
        held = counts34(wall[: 16 + i % 2])
        std, lgu = brute_standard(held, [4] * 34), brute_pairs_pung(held)
        got = (
            shanten(held, "taiwan", "standard"),
            shanten(held, "taiwan", "seven_pairs_one_pung"),
            shanten(held, "taiwan"),
        )
        assert got == (std, lgu, min(std, lgu)), format_tiles(wall[: 16 + i % 2])


def _check_pairs(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(n):
        # few kinds, so pairs and four of a kind are common
        kinds = rng.sample(range(27), rng.randint(4, 9))
        pool = [k for k in kinds for _ in range(4)]
        rng.shuffle(pool)
        held = counts34(pool[: 13 + i % 2])
        assert shanten(held, "sichuan", "seven_pairs") == brute_pairs(held, True)
        assert shanten(held, None, "seven_pairs") == brute_pairs(held, False)


def test_brute_reference_melded_hands() -> None:
    _check_melded(300, 1)


def test_brute_reference_taiwan_hands() -> None:
    _check_taiwan(60, 2)


def test_brute_reference_seven_pairs() -> None:
    _check_pairs(1_000, 3)


@pytest.mark.long
def test_brute_reference_long() -> None:
    _check_melded(3_000, 10)
    _check_taiwan(2_000, 20)
    _check_pairs(10_000, 30)


def test_forms_constant_lists_every_form() -> None:
    assert set(FORMS) == {"standard", "seven_pairs", "thirteen_orphans", "seven_pairs_one_pung"}


def test_precomputed_tables_match_lazy_ones() -> None:
    """precompute() walks suits as a tree; each table must equal the one computed alone."""
    from majiang.shanten import ID_MASK, _block_table, _summary, precompute, tables_for

    precompute(4)
    fam = tables_for(4)
    checked = 0
    for key, entry in list(fam.suits.items()):
        if len(key) == 9 and sum(key) <= 4:
            counts = tuple(key)
            assert fam.tables[entry & ID_MASK] == _block_table(counts, (4,) * 9, 4, True)
            assert entry & ~ID_MASK == _summary(counts, {0, 8})
            checked += 1
    assert checked == 715  # every suit of 0-4 tiles


def test_the_shipped_suit_tables_are_the_programme_s() -> None:
    """The tables shipped in src/majiang/data (tools/shanten_tables.py) must be what the dynamic
    programme gives: every suit of up to 5 tiles and 3000 random suits of 6 to 14."""
    import itertools
    import random
    from importlib import resources

    from majiang.shanten import SHIPPED_PATH, _block_table, read_shipped, suit_index

    tables, places = read_shipped(resources.files("majiang").joinpath(SHIPPED_PATH).read_bytes())
    assert len(places) == 5**9
    suits = [c for c in itertools.product(range(5), repeat=9) if sum(c) <= 5]
    rng = random.Random(34)
    while len(suits) < 2002 + 3000:  # (2002 suits of at most 5 tiles)
        c = tuple(rng.randrange(5) for _ in range(9))
        if 6 <= sum(c) <= 14:
            suits.append(c)
    for counts in suits:
        assert tables[places[suit_index(counts)]] == _block_table(counts, (4,) * 9, 4, True)
    assert places[suit_index((4,) * 3 + (1,) * 3 + (0,) * 3)] == 255  # 15 tiles: not shipped

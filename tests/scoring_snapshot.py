"""A fixed, seeded set of scoring requests per variant and the digest of each one's answer.

The safety net of a refactoring that must not change a single score: ``lines(variant)``
scores every request of the variant's set through ``majiang.scoring.score`` and returns one
line per request, the canonical JSON of its result (or of its error). The stored digests in
``tests/data/scoring_snapshot/`` were written from the code before the pattern core
(``majiang.patterns``) existed; ``test_scoring_snapshot.py`` compares every hand's digest
against them and names the first hands that differ.

    PYTHONPATH=src python tests/scoring_snapshot.py --write   # rewrite the stored digests
    PYTHONPATH=src python tests/scoring_snapshot.py --show hk 17   # one request and its answer

The requests are complete hands built from random sets and a pair, biased towards the shapes
the pattern tables look at (one suit, honors, pungs, kongs, melds, seven pairs, thirteen
orphans, lik gu lik gu, nine gates), with random winds, ways of winning, situations, bonus
tiles and table options. Many are refused (a situation that contradicts the win, a hand of
three suits under Sichuan's missing-suit rule...): the refusal's message is part of the answer
and is checked too. Riichi's requests are those of the peer differential test (``generate``).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from majiang.errors import MajiangError
from majiang.scoring import score
from majiang.tiles import format_tiles

HERE = Path(__file__).resolve().parent
STORE = HERE / "data" / "scoring_snapshot"
#: requests per variant and the seed of each variant's set
HANDS = 3000
SEED = 29
VARIANTS = ("riichi", "hk", "hk2", "hkos", "taiwan", "sichuan")

WINDS = "ESWN"
SITUATIONS = {
    "hk": ("robbing_kong", "kong_replacement", "last_tile", "heavenly", "earthly",
           "consecutive_kongs", "last_discard"),
    "taiwan": ("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly",
               "earthly", "human", "flower_replacement", "robbing_flower"),
    "sichuan": ("kong_replacement", "kong_discard", "robbing_kong", "last_tile",
                "last_discard", "heavenly", "earthly"),
}  # fmt: skip
DISCARD_SITUATIONS = ("robbing_kong", "last_discard", "kong_discard", "human", "robbing_flower")


def _rules(variant: str, rng: random.Random) -> dict[str, Any]:
    """Return random table options for the variant (often none: the defaults)."""
    if rng.random() < 0.5:
        return {}
    if variant in ("hk", "hk2", "hkos"):
        rules: dict[str, Any] = {
            "min_fan": rng.choice((0, 1, 3)),
            "max_fan": rng.choice((8, 10, 13)),
        }
        if variant == "hkos":
            rules["seat_flower_fan"] = rng.choice((0, 1))
            rules["flower_set_fan"] = rng.choice((0, 2))
            rules["no_flower_fan"] = rng.random() < 0.5
        return rules
    if variant == "taiwan":
        names = ("stack_dragon_tai", "stack_wind_tai", "eight_flowers", "seven_rob_eighth",
                 "flower_replacement_win")  # fmt: skip
        return {n: rng.random() < 0.5 for n in names}
    return {
        "max_fan": rng.choice((0, 3, 4, 6)),
        "self_draw": rng.choice(("plus_one_base", "plus_one_fan", "none")),
        "kong_flower_from_discard": rng.choice(("self_draw", "discarder_pays")),
        "missing_suit": rng.random() < 0.7,
    }


def _kinds(variant: str, rng: random.Random) -> list[int]:
    """Return the kinds a hand may use: a style chosen at random (one suit, honors...)."""
    kinds = _style(variant, rng)
    if variant == "hk2":  # 80 tiles: the dots, the other suits' terminals, the honors
        kinds = [k for k in kinds if k >= 27 or k // 9 == 1 or k % 9 in (0, 8)]
    return kinds or list(range(9, 18))


def _style(variant: str, rng: random.Random) -> list[int]:
    """Return the kinds of one style of hand, chosen at random."""
    honors = [] if variant == "sichuan" else list(range(27, 34))
    style = rng.random()
    suit = rng.randrange(3)
    one_suit = list(range(9 * suit, 9 * suit + 9))
    if style < 0.2:
        return one_suit
    if style < 0.4:
        return one_suit + honors
    if style < 0.5 and honors:
        return honors
    if style < 0.6:
        return [k for k in range(27) if k % 9 in (0, 8)] + honors
    if style < 0.65:
        return [k for k in range(27) if k % 9 in (1, 4, 7)]
    if variant == "sichuan" and style < 0.9:
        other = (suit + 1 + rng.randrange(2)) % 3
        return one_suit + list(range(9 * other, 9 * other + 9))
    return list(range(27)) + honors


def _standard(variant: str, rng: random.Random) -> tuple[list[int], list[str]] | None:
    """Return a complete hand of sets and a pair: concealed kinds and meld strings."""
    sets = 5 if variant == "taiwan" else 4
    kinds = _kinds(variant, rng)
    used = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    pung_bias = rng.random()
    meld_bias = rng.choice((0.0, 0.0, 0.3, 0.7))
    for _ in range(sets):
        for _attempt in range(20):
            k = rng.choice(kinds)
            chow = k < 27 and k % 9 <= 6 and k + 2 in kinds and rng.random() > pung_bias
            tiles = [k, k + 1, k + 2] if chow else [k] * 3
            kong = not chow and rng.random() < 0.15
            if kong:
                tiles.append(k)
            if all(used[t] + tiles.count(t) <= 4 for t in set(tiles)):
                break
        else:
            return None
        for t in tiles:
            used[t] += 1
        text = format_tiles(tiles, sort=False)
        if kong:
            melds.append(rng.choice(("kan ", "ankan ", "kakan ")) + text)
        elif rng.random() < meld_bias and not (chow and variant == "sichuan"):
            melds.append(("chi " if chow else "pon ") + text)
        else:
            concealed += tiles
    pairs = [k for k in kinds if used[k] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    return [*concealed, pair, pair], melds


def _special(variant: str, rng: random.Random) -> list[int]:
    """Return a concealed special form: seven pairs, thirteen orphans, lik gu or nine gates."""
    kinds = _kinds(variant, rng)
    if variant == "taiwan":
        chosen = rng.sample(kinds, min(8, len(kinds)))
        return [k for k in chosen[:7] for _ in (0, 1)] + [chosen[-1]] * 3
    shape = rng.random()
    if shape < 0.2 and variant != "sichuan":
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        return [*orphans, rng.choice(orphans)]
    if shape < 0.4:
        suit = 9 * rng.randrange(3)
        return [suit + k for k in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [
            suit + rng.randrange(9)
        ]
    twice = kinds * 2 if variant == "sichuan" else kinds  # Sichuan: four alike are two pairs
    pairs = rng.sample(twice, min(7, len(twice)))
    return [k for k in pairs for _ in (0, 1)]


def request(variant: str, rng: random.Random) -> dict[str, Any]:
    """Return one random scoring request of a variant (not checked: it may be refused)."""
    found = None
    while found is None:
        found = ([], []) if rng.random() < 0.2 else _standard(variant, rng)
        if found == ([], []):
            found = (_special(variant, rng), [])
    concealed, melds = found
    players = 2 if variant == "hk2" else 4
    seat = rng.randrange(players)
    win = rng.choice(("ron", "tsumo"))
    req: dict[str, Any] = {
        "variant": variant,
        "hand": format_tiles(concealed),
        "melds": melds,
        "win_tile": format_tiles([rng.choice(concealed)]),
        "win": win,
        "seat_wind": WINDS[seat],
        "round_wind": WINDS[rng.randrange(players)],
        "rules": _rules(variant, rng),
    }
    if win == "ron" and rng.random() < 0.7:
        req["discarder"] = WINDS[(seat + 1 + rng.randrange(players - 1)) % players]
    names = SITUATIONS["hk" if variant.startswith("hk") else variant]
    if rng.random() < 0.3:
        name = rng.choice(names)
        req["situation"] = [name]
        if rng.random() < 0.8:  # mostly the way of winning and the seat the situation needs
            req["win"] = "ron" if name in DISCARD_SITUATIONS else "tsumo"
            if name == "heavenly":
                req["seat_wind"] = "E"
            if name in ("earthly", "human") and seat == 0:
                req["seat_wind"] = "S"
    if req["win"] == "tsumo":
        req.pop("discarder", None)
    if variant in ("hkos", "taiwan") and rng.random() < 0.6:
        bonus = [t for t in range(34, 42) if rng.random() < 0.5]
        req["flowers"] = format_tiles(bonus) if bonus else ""
    if variant == "sichuan":
        req["players_in_hand"] = rng.randint(1, 3)
    return req


def requests(variant: str, n: int = HANDS, seed: int = SEED) -> list[dict[str, Any]]:
    """Return the variant's fixed set of requests."""
    if variant == "riichi":
        from test_riichi_peer import generate

        return generate(n, seed)
    rng = random.Random(f"{variant}-{seed}")
    return [request(variant, rng) for _ in range(n)]


def answer(req: dict[str, Any]) -> str:
    """Return the canonical JSON of a request's result, or of the error it raises."""
    try:
        result: Any = score(req)
    except MajiangError as exc:
        result = {"error": str(exc), "field": getattr(exc, "field", None)}
    return json.dumps(result, sort_keys=True)


def digest(line: str) -> str:
    """Return the short digest stored for one answer."""
    return hashlib.sha256(line.encode()).hexdigest()[:12]


def lines(variant: str) -> list[str]:
    """Return the answers of the variant's fixed set, one per request."""
    return [answer(r) for r in requests(variant)]


def stored(variant: str) -> list[str]:
    """Return the stored digests of the variant's answers."""
    return (STORE / f"{variant}.txt").read_text().split()


def main(argv: list[str]) -> int:
    """Write the stored digests (``--write``) or show one request and its answer."""
    if argv[:1] == ["--write"]:
        STORE.mkdir(parents=True, exist_ok=True)
        for variant in VARIANTS:
            digests = [digest(line) for line in lines(variant)]
            (STORE / f"{variant}.txt").write_text("\n".join(digests) + "\n")
            print(variant, len(digests), len(set(digests)), "distinct")
        return 0
    if argv[:1] == ["--show"] and len(argv) == 3:
        req = requests(argv[1])[int(argv[2])]
        print(json.dumps(req))
        print(answer(req))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    sys.exit(main(sys.argv[1:]))

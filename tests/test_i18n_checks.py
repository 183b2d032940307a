"""The rarer refusals of the scoring contract and the score sheet's refusals, in each language.

Every check below is reached by a real request (a scoring request, a step on a score sheet, a
settlement of the Sichuan library) and gives its English message, written out here from the
wording of the check; in German, Spanish and Chinese the same request must answer with the same
``field``, a message that is not the English one, and the input quoted as it was written (the
``quoted`` pieces: a situation's name, a tile, a rule, a player). The server's ``/api/sheets``
answers a refusal of each kind in the request's language. An AST guard keeps new refusals of
these modules marked for the catalogs.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from majiang.errors import MajiangError
from majiang.hand import Hand, parse_hand
from majiang.i18n import use
from majiang.keep import Sheet
from majiang.rules.game import rounds_for_length
from majiang.rules.riichi import Riichi
from majiang.rules.sichuan import Sichuan
from majiang.rules.sichuan.payments import WinPayment, win_transfers
from majiang.rules.sichuan.settlements import (
    ExhaustiveDraw,
    Kong,
    pass_on_kong_money,
    settle_exhaustive_draw,
)
from majiang.rules.taiwan import Taiwan
from majiang.scoring import ScoreRequest, WinValue, score

SRC = Path(__file__).resolve().parents[1] / "src" / "majiang"
LANGS = ("de", "es", "zh")
ALL = frozenset(range(4))

HK = {"variant": "hk", "hand": "123m456m789m11z222z", "win_tile": "2z"}
#: the 2-player table plays terminals of characters and honours only
HK2 = {"variant": "hk2", "hand": "111m999m11z222z333z", "win_tile": "2z"}
RIICHI = {"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p"}
#: riichi, a chow called: 11 concealed tiles and one meld
RIICHI_OPEN = {**RIICHI, "hand": "234567m55p777z", "melds": ["chi 234p"]}
#: riichi, a concealed kong: 11 concealed tiles and the kong
RIICHI_KONG = {**RIICHI, "hand": "234567m55p234p", "melds": ["ankan 7777z"]}
SICHUAN = {"variant": "sichuan", "hand": "123m456m789m11p222p", "win_tile": "2p"}
TAIWAN = {"variant": "taiwan", "hand": "123m456m789m123p11s222s", "win_tile": "2s"}
EIGHT = "1f2f3f4f5f6f7f8f"


def scored(request: dict[str, Any]) -> Callable[[], object]:
    return lambda: score(request)


def sheet_step(variant: str, step: dict[str, Any], players: int = 4) -> Callable[[], object]:
    """Enter one step on a new sheet of ``variant``."""
    names = ["Ann", "Bob", "Cai", "Dan"][:players]
    return lambda: Sheet.new(variant, names).add(step)


def value_of(ruleset: Any, variant: str, value: WinValue) -> Callable[[], object]:
    """Pay a win given by its value (what the sheet does with a hand's han, fan or tai)."""
    req = ScoreRequest(variant, ruleset.resolve_options({}), Hand(()), 0, "tsumo")
    return lambda: ruleset.score_value(req, value)


def win(player: str, **value: Any) -> dict[str, Any]:
    return {"type": "win", "from": None, "wins": [{"player": player, **value}]}


#: (name, the request, the field at fault, the English message, what every language quotes)
CASES: list[tuple[str, Callable[[], object], str | None, str, tuple[str, ...]]] = [
    # -- Hong Kong: seats, situations, robbing a kong's count, pao's sets, fan tables
    (
        "hk2 seat",
        scored({**HK2, "seat_wind": "W"}),
        "seat_wind",
        "seat_wind W is not a seat of the 2-player table (seats: E, S)",
        ("seat_wind W", "E, S"),
    ),
    (
        "hk consecutive kongs",
        scored(
            {
                **HK,
                "hand": "123m456m789m22z",
                "melds": ["ankan 1111p"],
                "win": "tsumo",
                "situation": ["kong_replacement", "consecutive_kongs"],
            }
        ),
        "situation",
        "situation 'consecutive_kongs' needs two kongs among the melds, got 1",
        ("'consecutive_kongs'",),
    ),
    (
        "hk heavenly seat",
        scored({**HK, "win": "tsumo", "seat_wind": "S", "situation": ["heavenly"]}),
        "situation",
        "situation 'heavenly' is a win by the dealer (seat East)",
        ("'heavenly'",),
    ),
    (
        "hk earthly seat",
        scored({**HK, "win": "tsumo", "situation": ["earthly"]}),
        "situation",
        "situation 'earthly' is a win by a non-dealer",
        ("'earthly'",),
    ),
    (
        "hk heavenly melds",
        scored(
            {
                **HK,
                "hand": "123m456m789m22z",
                "melds": ["pon 555z"],
                "win": "tsumo",
                "situation": ["heavenly"],
            }
        ),
        "situation",
        "situation 'heavenly' is a win before any call or kong, but the hand has melds",
        ("'heavenly'",),
    ),
    (
        "hk robbing a kong's count",
        scored({**HK, "situation": ["robbing_kong"]}),
        "situation",
        "situation 'robbing_kong': the robbed '2z' is the fourth of its kind, so the winner "
        "holds only that one, not 3",
        ("'robbing_kong'", "'2z'", "3"),
    ),
    (
        "hk liable without pao",
        scored({**HK, "liable": "S", "rules": {"pao": False}}),
        "liable",
        "a liable player is given, but this table plays with the rule pao=false",
        ("pao=false",),
    ),
    (
        "hk liable without the sets",
        scored({**HK, "liable": "S"}),
        "liable",
        "liable needs a fourth exposed set or a third exposed dragon set among the melds",
        ("liable",),
    ),
    (
        "hk liable fed none",
        scored(
            {
                **HK,
                "hand": "123m11z",
                "win_tile": "1z",
                "melds": ["pon 555z from=1", "pon 666z from=1", "pon 777z from=1"],
                "liable": "S",
            }
        ),
        "liable",
        "liable S fed none of the sets that make a player liable (they came from N)",
        ("liable S", "N"),
    ),
    (
        "hk table not a table",
        scored({**HK, "rules": {"table": 5}}),
        "rules",
        "rule 'table' must be 'half_spicy', 'full_spicy' or points by fan like"
        ' {"3": 8, "4": 16}, got 5',
        ("'table'", "'half_spicy', 'full_spicy'", '{"3": 8, "4": 16}'),
    ),
    (
        "hk2 golden table not a table",
        scored({**HK2, "rules": {"golden_table": "gold"}}),
        "rules",
        "rule 'golden_table' must be points by fan like {\"3\": 8, \"4\": 16}, got 'gold'",
        ("'golden_table'", "'gold'"),
    ),
    (
        "hk table value",
        scored({**HK, "rules": {"table": {"3": -1}}}),
        "rules",
        "rule 'table': the value for 3 fan must be a whole number from 0 to 2^64 "
        "(18446744073709551616), got -1",
        ("'table'", "-1"),
    ),
    (
        "hk table key",
        scored({**HK, "rules": {"table": {"x": 1}}}),
        "rules",
        "rule 'table': 'x' is not a fan count from 0 to 64 (use keys like \"3\")",
        ("'table'", "'x'", '"3"'),
    ),
    (
        "hk min above max",
        scored({**HK, "rules": {"min_fan": 8, "max_fan": 5}}),
        "rules",
        "rule 'min_fan' (8) is above rule 'max_fan' (5)",
        ("'min_fan'", "'max_fan'", "8"),
    ),
    (
        "hk half spicy stops",
        scored({**HK, "rules": {"max_fan": 20}}),
        "rules",
        "the half_spicy table stops at 13 fan; rule 'max_fan' is 20 (give a custom 'table')",
        ("half_spicy", "'max_fan'", "20"),
    ),
    (
        "hk table without a fan",
        scored({**HK, "rules": {"table": {"3": 8}}}),
        "rules",
        "rule 'table' has no value for 4 fan (it needs every fan from min_fan 3 to max_fan 10)",
        ("'table'", "min_fan", "max_fan"),
    ),
    (
        "a rule's huge number",
        scored({**HK, "rules": {"min_fan": 10**80}}),
        "rules",
        "rule 'min_fan' must be a whole number from 0 to 64, got a number of 81 digits",
        ("'min_fan'", "81"),
    ),
    (
        "hk value below the minimum",
        sheet_step("hk", win("Bob", fan=1)),
        "fan",
        "hand 1: 1 fan is below the table's minimum of 3 (rule 'min_fan')",
        ("'min_fan'",),
    ),
    # -- riichi: situations that contradict the hand, and a win given by its value
    (
        "riichi open riichi",
        scored({**RIICHI_OPEN, "situation": ["riichi"]}),
        "situation",
        "riichi needs a concealed hand, but the hand has an open meld",
        ("riichi",),
    ),
    (
        "riichi ippatsu alone",
        scored({**RIICHI, "situation": ["ippatsu"]}),
        "situation",
        "ippatsu needs riichi (or double_riichi)",
        ("ippatsu", "double_riichi"),
    ),
    (
        "riichi robbing a kong by tsumo",
        scored({**RIICHI, "win": "tsumo", "situation": ["robbing_kong"]}),
        "situation",
        "robbing_kong (chankan) is a win on another player's kong, not a tsumo",
        ("robbing_kong",),
    ),
    (
        "riichi houtei by tsumo",
        scored({**RIICHI, "win": "tsumo", "situation": ["last_discard"]}),
        "situation",
        "last_discard (houtei) is a ron on the last discard, not a tsumo",
        ("last_discard",),
    ),
    (
        "riichi renhou by tsumo",
        scored({**RIICHI, "win": "tsumo", "seat_wind": "S", "situation": ["human"]}),
        "situation",
        "human (renhou) is a win on a discard, not a tsumo",
        ("human",),
    ),
    (
        "riichi rinshan by ron",
        scored({**RIICHI_KONG, "situation": ["kong_replacement"]}),
        "situation",
        "kong_replacement (rinshan) is a self-drawn win, not a ron",
        ("kong_replacement",),
    ),
    (
        "riichi haitei by ron",
        scored({**RIICHI, "situation": ["last_tile"]}),
        "situation",
        "last_tile (haitei) is a self-drawn win, not a ron",
        ("last_tile",),
    ),
    (
        "riichi tenhou by ron",
        scored({**RIICHI, "situation": ["heavenly"]}),
        "situation",
        "heavenly (tenhou) is a self-drawn win, not a ron",
        ("heavenly",),
    ),
    (
        "riichi chiihou by ron",
        scored({**RIICHI, "seat_wind": "S", "situation": ["earthly"]}),
        "situation",
        "earthly (chiihou) is a self-drawn win, not a ron",
        ("earthly",),
    ),
    (
        "riichi nagashi by ron",
        scored({**RIICHI, "situation": ["nagashi_mangan"]}),
        "situation",
        "nagashi_mangan is paid like a self-drawn win: choose 'tsumo'",
        ("nagashi_mangan", "'tsumo'"),
    ),
    (
        "riichi rinshan without a kong",
        scored({**RIICHI, "win": "tsumo", "situation": ["kong_replacement"]}),
        "situation",
        "kong_replacement (rinshan) needs a kong among the melds",
        ("kong_replacement",),
    ),
    (
        "riichi rinshan and haitei",
        scored({**RIICHI_KONG, "win": "tsumo", "situation": ["kong_replacement", "last_tile"]}),
        "situation",
        "kong_replacement and last_tile exclude each other (a replacement tile is not the last "
        "wall tile)",
        ("kong_replacement", "last_tile"),
    ),
    (
        "riichi ippatsu and rinshan",
        scored(
            {
                **RIICHI_KONG,
                "win": "tsumo",
                "situation": ["riichi", "ippatsu", "kong_replacement"],
            }
        ),
        "situation",
        "ippatsu and kong_replacement exclude each other (any kong ends ippatsu)",
        ("ippatsu", "kong_replacement"),
    ),
    (
        "riichi chankan and houtei",
        scored({**RIICHI, "situation": ["robbing_kong", "last_discard"]}),
        "situation",
        "robbing_kong and last_discard exclude each other",
        ("robbing_kong", "last_discard"),
    ),
    (
        "riichi tenhou and chiihou",
        scored({**RIICHI, "win": "tsumo", "situation": ["heavenly", "earthly"]}),
        "situation",
        "heavenly and earthly exclude each other",
        ("heavenly", "earthly"),
    ),
    (
        "riichi tenhou seat",
        scored({**RIICHI, "win": "tsumo", "seat_wind": "S", "situation": ["heavenly"]}),
        "situation",
        "heavenly (tenhou) is the dealer's win; the seat wind is not East",
        ("heavenly",),
    ),
    (
        "riichi chiihou seat",
        scored({**RIICHI, "win": "tsumo", "situation": ["earthly"]}),
        "situation",
        "earthly is a non-dealer's win; the seat wind is East",
        ("earthly",),
    ),
    (
        "riichi chiihou after a kong",
        scored({**RIICHI_KONG, "win": "tsumo", "seat_wind": "S", "situation": ["earthly"]}),
        "situation",
        "earthly needs a hand with no meld (no call or kong before it)",
        ("earthly",),
    ),
    (
        "riichi chiihou with riichi",
        scored({**RIICHI, "win": "tsumo", "seat_wind": "S", "situation": ["earthly", "riichi"]}),
        "situation",
        "earthly is a first-turn win and cannot come with riichi",
        ("earthly", "riichi"),
    ),
    (
        "riichi value without han",
        sheet_step("riichi", win("Bob", han=0, fu=30)),
        "han",
        "hand 1: a riichi win has at least 1 han, got 0",
        ("0",),
    ),
    (
        "riichi value with a wrong fu",
        sheet_step("riichi", win("Bob", han=2, fu=35)),
        "fu",
        "hand 1: fu must be 20, 25 or 30 to 110 in tens below 5 han, got 35",
        ("35",),
    ),
    (
        "riichi value pao without yakuman",
        sheet_step(
            "riichi",
            {
                "type": "win",
                "from": "Ann",
                "wins": [{"player": "Bob", "han": 3, "fu": 30, "pao": "Cai"}],
            },
        ),
        "pao",
        "hand 1: pao (liable) pays for a yakuman only (daisangen, daisuushii)",
        (),
    ),
    (
        "riichi value of negative yakuman",
        value_of(Riichi(), "riichi", WinValue(0, None, -1)),
        "value",
        "yakuman must be 1 or more, got -1",
        ("yakuman", "-1"),
    ),
    # -- Sichuan: robbing a kong, heavenly and earthly hands, settlements
    (
        "sichuan robbing a kong on a discard",
        scored({**SICHUAN, "situation": ["robbing_kong", "kong_discard"]}),
        "situation",
        "situation 'robbing_kong' is a win on an added kong, not on a discard",
        ("'robbing_kong'",),
    ),
    (
        "sichuan robbing a kong's count",
        scored({**SICHUAN, "situation": ["robbing_kong"]}),
        "situation",
        "situation 'robbing_kong': the robbed '2p' is the fourth of its kind, but the hand holds 3",
        ("'robbing_kong'", "'2p'", "3"),
    ),
    (
        "sichuan discarder of a self-draw",
        scored({**SICHUAN, "win": "tsumo", "discarder": "S"}),
        "discarder",
        "discarder on a self-draw names who discarded the kong tile: it needs situation "
        "'kong_replacement' and a kong claimed from a discard ('kan')",
        ("discarder", "'kong_replacement'", "'kan'"),
    ),
    (
        "sichuan heavenly seat",
        scored({**SICHUAN, "win": "tsumo", "seat_wind": "S", "situation": ["heavenly"]}),
        "situation",
        "situation 'heavenly' is the dealer's hand (seat wind East)",
        ("'heavenly'",),
    ),
    (
        "sichuan earthly seat",
        scored({**SICHUAN, "win": "tsumo", "situation": ["earthly"]}),
        "situation",
        "situation 'earthly' is a non-dealer's hand; the dealer's is 'heavenly'",
        ("'earthly'", "'heavenly'"),
    ),
    (
        "sichuan heavenly with haitei",
        scored({**SICHUAN, "win": "tsumo", "situation": ["heavenly", "last_tile"]}),
        "situation",
        "situation 'heavenly' cannot go with 'last_tile'",
        ("'heavenly'", "'last_tile'"),
    ),
    (
        "sichuan heavenly after a pung",
        scored(
            {
                **SICHUAN,
                "hand": "123m456m789m11p",
                "win_tile": "1p",
                "melds": ["pon 222p"],
                "win": "tsumo",
                "situation": ["heavenly"],
            }
        ),
        "situation",
        "situation 'heavenly' is a win before any kong or call",
        ("'heavenly'",),
    ),
    (
        "sichuan value below nothing",
        value_of(Sichuan(), "sichuan", WinValue(-1)),
        "fan",
        "fan must be 0 or more, got -1",
        ("fan", "-1"),
    ),
    (
        "sichuan win seat",
        lambda: win_transfers(WinPayment(9, 1, discarder=None, players_in=ALL)),
        "seat",
        "seat 9 is not 0-3",
        ("9", "0-3"),
    ),
    (
        "sichuan winner discards",
        lambda: win_transfers(WinPayment(2, 1, discarder=2, players_in=ALL)),
        "discarder",
        "the discarder cannot be the winner",
        (),
    ),
    (
        "sichuan kong kind",
        lambda: Kong(0, "big", ALL),  # type: ignore[arg-type]
        "kind",
        "kong kind must be kan, kakan or ankan, got 'big'",
        ("'big'", "kakan", "ankan"),
    ),
    (
        "sichuan kong seat",
        lambda: Kong(5, "ankan", ALL),
        "seat",
        "seats are 0-3, got Kong(seat=5, kind='ankan', players_in=frozenset({0, 1, 2, 3}), "
        "discarder=None, passed_on=False)",
        ("Kong(seat=5, kind='ankan'", "0-3"),
    ),
    (
        "sichuan kong out of play",
        lambda: Kong(0, "ankan", frozenset({1, 2, 3})),
        "seat",
        "seat 0 made a kong but is not in play",
        ("0",),
    ),
    (
        "sichuan kan without a discarder",
        lambda: Kong(0, "kan", ALL),
        "discarder",
        "a kong claimed from a discard needs the discarder's seat",
        (),
    ),
    (
        "sichuan kan's discarder out",
        lambda: Kong(0, "kan", frozenset({0, 1, 2}), discarder=3),
        "discarder",
        "discarder 3 is not in play",
        ("3",),
    ),
    (
        "sichuan ankan with a discarder",
        lambda: Kong(0, "ankan", ALL, discarder=2),
        "discarder",
        "a kong of kind 'ankan' has no discarder",
        ("'ankan'",),
    ),
    (
        "sichuan kong money to its owner",
        lambda: pass_on_kong_money(Kong(0, "kakan", ALL), winners=[0]),
        "winners",
        "kong money goes to the other winners of the discard, got [0]",
        ("[0]",),
    ),
    (
        "sichuan draw seat",
        lambda: settle_exhaustive_draw(ExhaustiveDraw({7: parse_hand("1122334455667m")})),
        "hands",
        "seats are 0-3, got 7",
        ("7", "0-3"),
    ),
    (
        "sichuan draw hand size",
        lambda: settle_exhaustive_draw(ExhaustiveDraw({1: parse_hand("112233445566m")})),
        "hands",
        "seat 1: a hand at a draw has 13 tiles (kongs counted as 3), got 12",
        ("13", "12"),
    ),
    # -- Taiwan: first-turn hands' seats, robbing a kong, robbing a flower, a value
    (
        "taiwan heavenly seat",
        scored({**TAIWAN, "win": "tsumo", "seat_wind": "W", "situation": ["heavenly"]}),
        "situation",
        "heavenly hand is the dealer's (seat wind E), not W's",
        ("heavenly", "W"),
    ),
    (
        "taiwan human seat",
        scored({**TAIWAN, "discarder": "S", "situation": ["human"]}),
        "situation",
        "human hand is a non-dealer's, the winner is the dealer (E)",
        ("human", "E"),
    ),
    (
        "taiwan earthly after a pung",
        scored(
            {
                **TAIWAN,
                "hand": "123m456m789m123p11s",
                "win_tile": "1s",
                "melds": ["pon 222s"],
                "win": "tsumo",
                "seat_wind": "S",
                "situation": ["earthly"],
            }
        ),
        "melds",
        "earthly hand is won before any call, but the hand has melds",
        ("earthly",),
    ),
    (
        "taiwan earthly on the last tile",
        scored({**TAIWAN, "win": "tsumo", "seat_wind": "S", "situation": ["earthly", "last_tile"]}),
        "situation",
        "earthly hand is won on the first turn, not with 'last_tile'",
        ("earthly", "'last_tile'"),
    ),
    (
        "taiwan robbing a kong on the last discard",
        scored({**TAIWAN, "situation": ["robbing_kong", "last_discard"]}),
        "situation",
        "robbing a kong is not a win on a discard ('last_discard')",
        ("'last_discard'",),
    ),
    (
        "taiwan flower robbing off",
        scored({**TAIWAN, "flowers": EIGHT, "situation": ["robbing_flower"]}),
        "situation",
        "robbing_flower needs the rule seven_rob_eighth=true",
        ("robbing_flower", "seven_rob_eighth=true"),
    ),
    (
        "taiwan flower robbing without the eight",
        scored(
            {
                **TAIWAN,
                "flowers": "1f2f3f4f5f6f7f",
                "situation": ["robbing_flower"],
                "rules": {"seven_rob_eighth": True},
            }
        ),
        "flowers",
        "robbing_flower: list all eight bonus tiles (the seven held and the robbed one)",
        ("robbing_flower",),
    ),
    (
        "taiwan flower robbing with a whole hand",
        scored(
            {
                **TAIWAN,
                "flowers": EIGHT,
                "situation": ["robbing_flower"],
                "rules": {"seven_rob_eighth": True},
            }
        ),
        "hand",
        "robbing_flower is won on another player's bonus tile: the hand holds 16 tiles, got 17",
        ("robbing_flower", "16", "17"),
    ),
    (
        "taiwan value below nothing",
        value_of(Taiwan(), "taiwan", WinValue(-2)),
        "tai",
        "tai must be 0 or more, got -2",
        ("tai", "-2"),
    ),
    (
        "a game's length",
        lambda: rounds_for_length("forever"),
        "length",
        "unknown game length 'forever' (expected one of one_hand, east, south, full)",
        ("'forever'", "one_hand, east, south, full"),
    ),
]


def refusal(make: Callable[[], object]) -> MajiangError:
    with pytest.raises(MajiangError) as info:
        make()
    return info.value


@pytest.mark.parametrize(
    ("make", "field", "english"), [c[1:4] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_rare_check_refuses_in_english_by_default(
    make: Callable[[], object], field: str | None, english: str
) -> None:
    """The request reaches the check it is written for: its English message and field."""
    error = refusal(make)
    assert (error.field, str(error)) == (field, english)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("make", "field", "english", "quoted"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_rare_check_refuses_in_the_language_of_the_moment(
    make: Callable[[], object], field: str | None, english: str, quoted: tuple[str, ...], lang: str
) -> None:
    with use(lang):
        error = refusal(make)
    said = str(error)
    assert error.field == field
    assert said != english
    assert not english_left(english, said, quoted)
    for piece in quoted:
        assert piece in said, (piece, said)


def english_left(english: str, said: str, quoted: tuple[str, ...]) -> list[str]:
    """Return the runs of three words of the English message found in ``said`` (a sentence
    left half translated), but for runs inside a quoted piece of the input."""

    def runs(text: str) -> set[str]:
        words = text.split()
        return {" ".join(words[i : i + 3]) for i in range(len(words) - 2)}

    def plain(run: str) -> int:
        return sum(1 for w in run.split() if w.isalpha() and len(w) > 2)

    left = runs(english) & runs(said)
    return sorted(r for r in left if plain(r) >= 2 and not any(r in q for q in quoted))


def test_english_left_finds_a_half_translated_message() -> None:
    english = "hand 1: a riichi win has at least 1 han, got 0"
    assert english_left(english, "Spiel 1: a riichi win has at least 1 han, got 0", ())
    assert not english_left(english, "Spiel 1: ein Riichi-Gewinn hat mindestens 1 Han", ())


#: the modules whose refusals a person reads: the scoring contract's and the score sheet's
GUARDED = [
    *sorted((SRC / "rules").rglob("*.py")),
    SRC / "scoring.py",
    SRC / "patterns.py",
    SRC / "keep.py",
]
#: the exceptions that carry a message for people (TypeError and the like are for programmers)
REFUSALS = {
    "MajiangError",
    "InvalidRequest",
    "InvalidNotation",
    "IllegalAction",
    "InvalidEntry",
    "invalid",
}


def unmarked_refusals(source: str) -> list[str]:
    """Return ``line: text`` of each refusal built from a literal text not passed through
    ``_()`` (or ``ngettext``/``pgettext``, then ``.format``)."""

    def marked(node: ast.expr) -> bool:
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if isinstance(func, ast.Name):
            return func.id in ("_", "ngettext", "pgettext")
        return isinstance(func, ast.Attribute) and func.attr == "format" and marked(func.value)

    def literal(node: ast.expr) -> bool:
        """A text written here: a string, an f-string, or a string's ``.format``."""
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return node.func.attr == "format" and literal(node.func.value)
        return False

    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        for arg in node.args if name in REFUSALS else ():
            if literal(arg) and not marked(arg):
                found.append(f"{node.lineno}: {ast.unparse(arg)}")
    return found


def test_every_refusal_of_the_contract_and_the_sheet_is_marked_for_the_catalogs() -> None:
    found = [
        f"{p.relative_to(SRC)}:{hit}" for p in GUARDED for hit in unmarked_refusals(p.read_text())
    ]
    assert found == []


def test_the_guard_finds_an_unmarked_refusal() -> None:
    source = (
        'raise InvalidRequest(f"seat {seat} is out", field="seat")\n'
        'raise InvalidEntry(_("hand {n}").format(n=1))\n'
        'return ScoreResult.invalid(UNIT, "no yaku")\n'
    )
    assert unmarked_refusals(source) == [
        "1: f'seat {seat} is out'",
        "3: 'no yaku'",
    ]

"""Riichi scoring by the rule pages: a table per yaku (positive and closest negative), the seed's
points examples, fu items, limits, payments, options, contradictions and the CLI.

Sources: rules/riichi.md (the yaku table, fu, options, pao), rules/README.md (the scoring
contract and its worked example), seeds/003 (points: 3 han 30 fu = 960, mangan 8000/12000,
honba 300, stick 1000, pinfu tsumo 20 fu, closed ron +10, tsumo +2, kiriage).
"""

from __future__ import annotations

from typing import Any

import pytest

from majiang.cli import main
from majiang.errors import InvalidRequest
from majiang.rules.riichi.options import RiichiOptions
from majiang.rules.riichi.payments import base_points
from majiang.scoring import score


def win(hand: str, tile: str, **kw: Any) -> dict[str, Any]:
    """Return the result of a riichi request (non-dealer South in an East round by default)."""
    req: dict[str, Any] = {
        "variant": "riichi",
        "hand": hand,
        "win_tile": tile,
        "seat_wind": "S",
        "round_wind": "E",
    }
    req.update(kw)
    return score(req)


def ids(result: dict[str, Any]) -> list[str]:
    return [i["id"] for i in result["items"]] if result["valid"] else []


# (yaku id, request, expected present) -- rules/riichi.md "Yaku" table; each yaku has a
# positive case and its closest negative.
BASE = "123m456p99p234789s"  # no yaku on a 2m ron (closed wait), pinfu on a 4p ron
YAKU_CASES: list[tuple[str, str, str, dict[str, Any], bool]] = [
    ("riichi", BASE, "2m", {"situation": ["riichi"]}, True),
    ("riichi", BASE, "2m", {"situation": ["double_riichi"]}, False),
    ("double_riichi", BASE, "2m", {"situation": ["double_riichi"]}, True),
    ("double_riichi", BASE, "2m", {"situation": ["riichi"]}, False),
    ("ippatsu", BASE, "2m", {"situation": ["riichi", "ippatsu"]}, True),
    ("ippatsu", BASE, "2m", {"situation": ["riichi"]}, False),
    ("menzen_tsumo", BASE, "2m", {"win": "tsumo"}, True),
    ("menzen_tsumo", "456p99p234789s", "4p", {"win": "tsumo", "melds": ["chi 123m"]}, False),
    ("pinfu", BASE, "4p", {}, True),
    ("pinfu", BASE, "2m", {"situation": ["riichi"]}, False),
    ("pinfu", "123m456p44z234789s", "4p", {"situation": ["riichi"]}, True),  # North pair: no value
    ("pinfu", "123m456p22z234789s", "4p", {"situation": ["riichi"]}, False),  # seat wind pair
    ("iipeikou", "112233m456p99p789s", "4p", {}, True),
    ("iipeikou", "123m456p99p789s", "4p", {"melds": ["chi 123m"], "situation": []}, False),
    ("tanyao", "234m456p66p345678s", "6p", {}, True),
    ("tanyao", "234m456p66p345789s", "6p", {"situation": ["riichi"]}, False),
    ("yakuhai_seat_wind", "123m456p99p789s222z", "9p", {}, True),
    ("yakuhai_seat_wind", "123m456p99p789s333z", "9p", {"situation": ["riichi"]}, False),
    ("yakuhai_round_wind", "123m456p99p789s111z", "9p", {}, True),
    (
        "yakuhai_round_wind",
        "123m456p99p789s111z",
        "9p",
        {"round_wind": "S", "situation": ["riichi"]},
        False,
    ),
    ("yakuhai_white", "123m456p99p789s555z", "9p", {}, True),
    ("yakuhai_white", "123m456p789s55z", "5z", {"melds": ["chi 234p"]}, False),
    ("yakuhai_green", "123m456p99p789s666z", "9p", {}, True),
    ("yakuhai_red", "123m456p99p789s777z", "9p", {}, True),
    ("yakuhai_red", "123m456p789s77z", "7z", {"melds": ["pon 666z"]}, False),
    ("haitei", BASE, "2m", {"win": "tsumo", "situation": ["last_tile"]}, True),
    ("haitei", BASE, "2m", {"win": "tsumo"}, False),
    ("houtei", BASE, "2m", {"situation": ["last_discard"]}, True),
    ("houtei", BASE, "2m", {"situation": ["riichi"]}, False),
    (
        "rinshan",
        "123m456p99p789s",
        "2m",
        {"win": "tsumo", "melds": ["ankan 2222s"], "situation": ["kong_replacement"]},
        True,
    ),
    ("rinshan", "123m456p99p789s", "2m", {"win": "tsumo", "melds": ["ankan 2222s"]}, False),
    ("chankan", BASE, "2m", {"situation": ["robbing_kong"]}, True),
    ("chankan", BASE, "2m", {"situation": ["riichi"]}, False),
    ("chiitoitsu", "1122m3344p5566s77z", "7z", {}, True),
    ("chiitoitsu", "1122m3344p5566s77z", "7z", {"melds": []}, True),
    ("sanshoku", "123m123p123s456s99m", "9m", {}, True),
    ("sanshoku", "123m123p234s456s99m", "9m", {"situation": ["riichi"]}, False),
    ("sanshoku", "123p123s456s99m", "9m", {"melds": ["chi 123m"]}, True),  # 1 han open
    ("ittsu", "123456789m234p99s", "9s", {}, True),
    ("ittsu", "123456678m234p99s", "9s", {"situation": ["riichi"]}, False),
    ("chanta", "12399m789p999s111z", "3m", {}, True),
    ("chanta", "12355m789p999s111z", "3m", {}, False),
    ("junchan", "123789m789p11999s", "3m", {}, True),
    ("junchan", "123789m678p11999s", "3m", {"situation": ["riichi"]}, False),
    ("toitoi", "111m222p333s44z", "4z", {"melds": ["pon 555z"]}, True),
    ("toitoi", "111m222p234s44z", "4z", {"melds": ["pon 555z"]}, False),
    ("sanankou", "111m222p333s456s99m", "9m", {"win": "tsumo"}, True),
    ("sanankou", "111m222p333s456s99m", "3s", {"situation": ["riichi"]}, False),  # ron pung
    ("sanshoku_doukou", "222m222p222s456s99m", "9m", {}, True),
    ("sanshoku_doukou", "222m222p333s456s99m", "9m", {"situation": ["riichi"]}, False),
    ("sankantsu", "456s99m", "9m", {"melds": ["kan 1111m", "kan 2222p", "ankan 3333s"]}, True),
    (
        "sankantsu",
        "456s99m",
        "9m",
        {"melds": ["kan 1111m", "pon 222p", "ankan 3333s"], "situation": []},
        False,
    ),
    ("honroutou", "111m999p99s111z", "9s", {"melds": ["pon 777z"]}, True),
    ("honroutou", "123m999p99s111z", "9s", {"melds": ["pon 777z"]}, False),
    ("shousangen", "555z666z77z123m456p", "4p", {}, True),
    ("shousangen", "555z666z11z123m456p", "4p", {}, False),
    ("honitsu", "12345611m222z333z", "1m", {}, True),
    ("honitsu", "123456m11p222z333z", "1p", {}, False),
    ("junchan", "123789m789p11999s", "3m", {"situation": ["riichi"]}, True),
    ("ryanpeikou", "112233m445566p99s", "9s", {}, True),
    ("ryanpeikou", "112233m456678p99s", "9s", {}, False),
    ("chinitsu", "123345567789m22m", "2m", {}, True),
    ("chinitsu", "123345567789m22p", "2p", {}, False),
    ("renhou", BASE, "2m", {"situation": ["human"], "rules": {"renhou": "mangan"}}, True),
    (
        "renhou",
        BASE,
        "2m",
        {"situation": ["human", "last_discard"][:1], "rules": {"renhou": "off"}},
        False,
    ),
    # yakuman
    ("kokushi", "119m19p19s1234567z", "9m", {}, True),
    ("kokushi_13_wait", "119m19p19s1234567z", "1m", {}, True),
    ("kokushi_13_wait", "119m19p19s1234567z", "9m", {}, False),
    ("suuankou", "111m222p333s444z55m", "1m", {"win": "tsumo"}, True),
    ("suuankou", "111m222p333s444z55m", "1m", {}, False),  # ron on a pung: sanankou toitoi
    ("suuankou_tanki", "111m222p333s444z55m", "5m", {}, True),
    ("daisangen", "555z666z777z123m99p", "9p", {}, True),
    ("daisangen", "555z666z77z123m456p", "4p", {}, False),
    ("shousuushii", "111z222z333z44z123m", "3m", {}, True),
    ("shousuushii", "111z222z333z55z123m", "3m", {}, False),
    ("daisuushii", "111z222z333z444z99m", "9m", {}, True),
    ("daisuushii", "111z222z333z44z123m", "3m", {}, False),
    ("tsuuiisou", "111z222z333z555z77z", "7z", {}, True),
    ("tsuuiisou", "111z222z333z555z99m", "9m", {}, False),
    ("tsuuiisou", "11223344556677z", "7z", {}, True),  # as seven pairs
    ("chinroutou", "111m999m111p999p11s", "1s", {}, True),
    ("chinroutou", "111m999m111p999p11z", "1z", {}, False),
    ("ryuuiisou", "223344666888s66z", "6z", {}, True),
    ("ryuuiisou", "223344666999s66z", "6z", {}, False),
    ("chuuren_poutou", "11112345678999m", "5m", {}, True),
    ("junsei_chuuren_poutou", "11112345678999m", "1m", {}, True),
    # the nine-sided wait is the double form, counted instead of the plain one, not beside it
    ("chuuren_poutou", "11112345678999m", "1m", {}, False),
    ("junsei_chuuren_poutou", "11112345678999m", "5m", {}, False),
    ("chuuren_poutou", "1112345678999m", "5m", {"melds": [], "hand": "11123456789999m"}, True),
    ("chuuren_poutou", "12345678999m", "9m", {"melds": ["pon 111m"]}, False),
    (
        "suukantsu",
        "99m",
        "9m",
        {"melds": ["kan 1111m", "kan 2222p", "ankan 3333s", "kakan 4444z"]},
        True,
    ),
    (
        "suukantsu",
        "99m",
        "9m",
        {"melds": ["kan 1111m", "kan 2222p", "ankan 3333s", "pon 444z"]},
        False,
    ),
    ("tenhou", BASE, "2m", {"win": "tsumo", "seat_wind": "E", "situation": ["heavenly"]}, True),
    ("chiihou", BASE, "2m", {"win": "tsumo", "situation": ["earthly"]}, True),
    ("renhou_yakuman", BASE, "2m", {"situation": ["human"], "rules": {"renhou": "yakuman"}}, True),
    ("renhou_yakuman", BASE, "2m", {"situation": ["human"], "rules": {"renhou": "mangan"}}, False),
]


@pytest.mark.parametrize(("yaku", "hand", "tile", "kw", "present"), YAKU_CASES)
def test_yaku_table(yaku: str, hand: str, tile: str, kw: dict[str, Any], present: bool) -> None:
    kw = dict(kw)
    hand = kw.pop("hand", hand)
    assert (yaku in ids(win(hand, tile, **kw))) is present


@pytest.mark.parametrize(
    ("yaku", "hand", "tile", "kw", "han"),
    [
        ("tanyao", "234m456p66p345s", "6p", {"melds": ["chi 678s"]}, 1),  # open_tanyao default on
        ("chanta", "12399m789p111z", "3m", {"melds": ["chi 789s"]}, 1),
        ("honitsu", "12345611m222z", "1m", {"melds": ["pon 333z"]}, 2),
        ("junchan", "123789m11999s", "3m", {"melds": ["chi 789p"]}, 2),
        ("chinitsu", "345567789m22m", "2m", {"melds": ["chi 123m"]}, 5),
        ("ittsu", "456789m234p99s", "9s", {"melds": ["chi 123m"]}, 1),
    ],
)
def test_open_values(yaku: str, hand: str, tile: str, kw: dict[str, Any], han: int) -> None:
    """rules/riichi.md: han closed / open."""
    items = {i["id"]: i["value"] for i in win(hand, tile, **kw)["items"]}
    assert items[yaku] == han


def test_readme_example() -> None:
    """rules/README.md: riichi, ippatsu, red dragon; 40 fu; 5200 from the discarder."""
    r = win(
        "234567m234p55p777z",
        "5p",
        situation=["riichi", "ippatsu"],
        dora_indicators="1z",
        discarder="W",
    )
    assert ids(r) == ["riichi", "ippatsu", "yakuhai_red"]
    assert r["total"] == 3 and r["unit"] == "han" and r["limit"] is None
    assert r["fu"] == 40
    assert r["fu_items"] == [
        {"id": "base", "value": 20},
        {"id": "closed_ron", "value": 10},
        {"id": "concealed_honor_pung", "value": 8},
        {"id": "single_wait", "value": 2},
    ]
    assert r["points"] == {"total": 5200, "payers": [{"from": "discarder", "amount": 5200}]}


def test_cli_readme_example(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "score",
            "--variant",
            "riichi",
            "--hand",
            "234567m234p55p777z",
            "--win-tile",
            "5p",
            "--riichi",
            "--situation",
            "ippatsu",
            "--seat",
            "S",
            "--dora",
            "1z",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Red dragon" in out and "fu: 40" in out and "5200" in out
    # the fu items named as the calculator names them (docs/riichi.md shows this output)
    assert "Concealed pung of honors 8" in " ".join(out.split())


def test_cli_contradiction_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["score", "--hand", BASE, "--win-tile", "2m", "--tsumo", "--situation", "robbing_kong"]
    )
    assert code == 2
    assert "robbing_kong" in capsys.readouterr().err


# --- seed 003: points ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "rules", "base", "limit"),
    [
        (3, 30, {}, 960, None),  # seed: 3 han 30 fu = 30 x 32 = 960
        (1, 30, {}, 240, None),
        (4, 30, {}, 1920, None),  # strict: no kiriage by default
        (4, 30, {"kiriage": True}, 2000, "mangan"),
        (3, 60, {"kiriage": True}, 2000, "mangan"),
        (3, 70, {}, 2000, "mangan"),  # base 2240 >= 2000
        (4, 40, {}, 2000, "mangan"),
        (5, 30, {}, 2000, "mangan"),
        (6, 30, {}, 3000, "haneman"),
        (7, 30, {}, 3000, "haneman"),
        (8, 30, {}, 4000, "baiman"),
        (10, 30, {}, 4000, "baiman"),
        (11, 30, {}, 6000, "sanbaiman"),
        (12, 30, {}, 6000, "sanbaiman"),
        (13, 30, {}, 8000, "yakuman"),  # counted yakuman (kazoe on)
        (15, 30, {"kazoe": False}, 6000, "sanbaiman"),
        (12, 30, {"kazoe": False}, 6000, "sanbaiman"),  # kazoe off changes 13+ han only
        (6, 30, {"kazoe": False}, 3000, "haneman"),
    ],
)
def test_base_points_and_limits(
    han: int, fu: int, rules: dict[str, Any], base: int, limit: str | None
) -> None:
    assert base_points(han, fu, 0, RiichiOptions(**rules)) == (base, limit)


# riichi tanyao pinfu sanshoku-free hand of 3 han 30 fu: riichi + pinfu + tanyao, ron
THREE_HAN_30 = ("234m456p66p345678s", "2m")


def test_seed_three_han_thirty_fu() -> None:
    """seed: 3 han 30 fu, ron by a child: 4 x 960 = 3840, rounded up to 3900; dealer 6 x = 5800."""
    r = win(*THREE_HAN_30, situation=["riichi"])
    assert (r["total"], r["fu"]) == (3, 30)
    assert r["points"]["total"] == 3900
    d = win(*THREE_HAN_30, situation=["riichi"], seat_wind="E")
    assert d["points"]["total"] == 5800


def test_seed_tsumo_rounding() -> None:
    """seed: tsumo, each payment rounded up to 100: 3 han 30 fu -> dealer 2000, children 1000."""
    r = win(*THREE_HAN_30, situation=["riichi"], win="tsumo")  # + menzen tsumo: 4 han 20 fu
    assert (r["total"], r["fu"]) == (4, 20)  # pinfu tsumo is fixed at 20 fu (seed)
    assert [(p["from"], p["amount"]) for p in r["points"]["payers"]] == [
        ("dealer", 2600),
        ("non_dealer", 1300),
        ("non_dealer", 1300),
    ]


@pytest.mark.parametrize(
    ("seat", "win_kind", "expected"),
    [
        ("S", "ron", [("discarder", 8000)]),
        ("E", "ron", [("discarder", 12000)]),
        ("S", "tsumo", [("dealer", 4000), ("non_dealer", 2000), ("non_dealer", 2000)]),
        ("E", "tsumo", [("non_dealer", 4000)] * 3),
    ],
)
def test_mangan_payments(seat: str, win_kind: str, expected: list[tuple[str, int]]) -> None:
    """seed: mangan = 8000 for a child, 12000 for the dealer; tsumo split 2:1:1 / 1:1:1."""
    # open honitsu (2) + white (1) + dora 2 = 5 han
    r = win(
        "123456m11m",
        "1m",
        melds=["pon 555z", "chi 789m"],
        dora_indicators="4m",
        seat_wind=seat,
        win=win_kind,
    )
    assert r["limit"] == "mangan", r
    assert [(p["from"], p["amount"]) for p in r["points"]["payers"]] == expected


def test_honba_and_sticks() -> None:
    """seed: each honba adds 300 (ron: from the discarder; tsumo: 100 from each), sticks 1000."""
    ron = win(*THREE_HAN_30, situation=["riichi"], honba=2, riichi_sticks=1)
    assert [(p["from"], p["amount"]) for p in ron["points"]["payers"]] == [
        ("discarder", 3900 + 600),
        ("riichi_sticks", 1000),
    ]
    assert ron["points"]["total"] == 3900 + 600 + 1000
    tsumo = win(*THREE_HAN_30, situation=["riichi"], win="tsumo", honba=1, riichi_sticks=2)
    assert [p["amount"] for p in tsumo["points"]["payers"]] == [2700, 1400, 1400, 2000]
    assert tsumo["points"]["total"] == 5200 + 300 + 2000


# --- fu ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "tile", "kw", "fu", "fu_ids"),
    [
        # pinfu ron: 20 + closed ron 10 = 30; pinfu tsumo 20 flat (seed)
        (BASE, "4p", {}, 30, ["base", "closed_ron"]),
        (BASE, "4p", {"win": "tsumo"}, 20, ["base"]),
        # tsumo without pinfu +2 (seed): closed wait 2 + tsumo 2 -> 24 -> 30 (rounding 6)
        (BASE, "2m", {"win": "tsumo"}, 30, ["base", "closed_wait", "tsumo", "rounding"]),
        # edge wait
        (
            "123m456p99p234789s",
            "7s",
            {"situation": ["riichi"]},
            40,
            ["base", "closed_ron", "edge_wait", "rounding"],
        ),
        # open hand that would be 20 fu scores 30
        (
            "456p99p234789s",
            "4p",
            {"melds": ["chi 123m"], "dora_indicators": "", "rules": {}, "situation": []},
            30,
            None,
        ),
        # seven pairs 25 flat
        ("1122m3344p5566s77z", "7z", {}, 25, ["seven_pairs"]),
        # triplets and kongs: open simple kong 8, concealed terminal kong 32
        ("123m456p99p", "9p", {"melds": ["kan 2222s", "ankan 9999s"], "situation": []}, 70, None),
        # double wind pair (East seat, East round): 4 by default
        (
            "123m456p11z234789s",
            "2m",
            {"seat_wind": "E", "situation": ["riichi"]},
            40,
            ["base", "closed_ron", "double_wind_pair", "closed_wait", "rounding"],
        ),
    ],
)
def test_fu(hand: str, tile: str, kw: dict[str, Any], fu: int, fu_ids: list[str] | None) -> None:
    r = win(hand, tile, **kw)
    if not r["valid"]:  # the open no-yaku hand: give it a yaku with the same fu (tanyao-free)
        r = win(hand, tile, **{**kw, "situation": ["last_discard"]})
    assert r["fu"] == fu, r
    # rules/riichi.md: fu rounded up to the next 10, the rounding shown as its own item
    assert sum(f["value"] for f in r["fu_items"]) == fu
    if fu_ids is not None:
        assert [f["id"] for f in r["fu_items"]] == fu_ids


def test_double_wind_pair_option() -> None:
    """rules/riichi.md: double-wind pair +4, option double_wind_pair_fu: 2 (the peer has only 4)."""
    four = win("123m456p11z234789s", "2m", seat_wind="E", situation=["riichi"])
    two = win(
        "123m456p11z234789s",
        "2m",
        seat_wind="E",
        situation=["riichi"],
        rules={"double_wind_pair_fu": 2},
    )
    assert {"id": "double_wind_pair", "value": 4} in four["fu_items"]
    assert {"id": "double_wind_pair", "value": 2} in two["fu_items"]
    assert (four["fu"], two["fu"]) == (40, 40)  # 20+10+4+2=36 -> 40, 20+10+2+2=34 -> 40
    # where the 2 fu change the rounding: 20 + 10 + concealed terminal pung 8 + pair 4 or 2
    hand = "123m456999p789s11z"
    a = win(hand, "4p", seat_wind="E", situation=["riichi"])
    b = win(hand, "4p", seat_wind="E", situation=["riichi"], rules={"double_wind_pair_fu": 2})
    assert (a["fu"], b["fu"]) == (50, 40)
    assert (a["points"]["total"], b["points"]["total"]) == (2400, 2000)


def test_highest_decomposition_wins() -> None:
    """README: the highest-scoring reading; 111222333m as three pungs (sanankou) vs three chows."""
    r = win("111222333m456p99s", "9s", win="tsumo")
    assert "sanankou" in ids(r)
    # seven pairs vs ryanpeikou: ryanpeikou (3 han + pinfu) beats chiitoitsu
    r2 = win("112233m445566p99s", "9s")
    assert "ryanpeikou" in ids(r2) and "chiitoitsu" not in ids(r2)


def test_wait_placement_decides_pinfu() -> None:
    """Every placement of the winning tile is tried: 3m in 123m (edge) or in 345m (two-sided)."""
    r = win("123345m456p99p789s", "3m")
    assert "pinfu" in ids(r) and r["fu"] == 30


# --- dora --------------------------------------------------------------------------------------


def test_dora_ura_aka() -> None:
    """rules/riichi.md: dora from indicators (9->1, N->E, red->white), ura only with riichi, red fives."""
    r = win(
        "123m406p99p234789s",
        "2m",
        situation=["riichi"],
        dora_indicators="9s8s",
        ura_indicators="8p",
    )
    items = {i["id"]: i["value"] for i in r["items"]}
    assert items == {"riichi": 1, "dora": 1, "ura_dora": 2, "aka_dora": 1}  # 9s->1s: none
    no_riichi = win("123m406p99p234789s", "2m", situation=["last_discard"], ura_indicators="8p")
    assert "ura_dora" not in ids(no_riichi)
    honors = win(
        "123m456p99p789s111z", "9p", dora_indicators="4z7z"
    )  # N -> E (3 han), red -> white
    assert {i["id"]: i["value"] for i in honors["items"]}["dora"] == 3


def test_dora_never_make_a_hand_valid() -> None:
    r = win(BASE, "2m", dora_indicators="1m")
    assert r["valid"] is False and "no yaku" in r["reason"]


def test_incomplete_hand() -> None:
    r = win("123m456p99p234788s", "2m")
    assert r["valid"] is False and "not a complete hand" in r["reason"]


# --- options -----------------------------------------------------------------------------------


def test_open_tanyao_option() -> None:
    kw = {"melds": ["chi 678s"]}
    assert "tanyao" in ids(win("234m456p66p345s", "6p", **kw))
    assert win("234m456p66p345s", "6p", rules={"open_tanyao": False}, **kw)["valid"] is False


def test_kazoe_option() -> None:
    """13+ han: counted yakuman with kazoe (default), sanbaiman without."""
    hand = "11223344556677m"  # chinitsu ryanpeikou pinfu tsumo riichi = 6+3+1+1+1 = 12, + dora
    on = win(hand, "7m", win="tsumo", situation=["riichi"], dora_indicators="1m")
    off = win(
        hand, "7m", win="tsumo", situation=["riichi"], dora_indicators="1m", rules={"kazoe": False}
    )
    assert on["total"] >= 13 and on["limit"] == "yakuman" and on["points"]["total"] == 32000
    assert off["limit"] == "sanbaiman" and off["points"]["total"] == 24000


def test_double_yakuman_option() -> None:
    """On (default): double forms and several yakuman add up; off: one yakuman at most."""
    on = win("119m19p19s1234567z", "1m")
    off = win("119m19p19s1234567z", "1m", rules={"double_yakuman": False})
    assert (on["limit"], on["points"]["total"]) == ("double_yakuman", 64000)
    assert (off["limit"], off["points"]["total"]) == ("yakuman", 32000)


def test_spec_differs_from_peer_single_yakuman_cap() -> None:
    """Named difference: with double_yakuman off the spec allows one yakuman only; the peer
    (mahjong 2.1.0) still adds several (daisangen + tsuuiisou = 2 yakuman there)."""
    r = win("666z777z111z22z", "2z", melds=["pon 555z"], rules={"double_yakuman": False})
    assert {"daisangen", "tsuuiisou"} <= set(ids(r))
    assert r["total"] == 13 and r["limit"] == "yakuman" and r["points"]["total"] == 32000
    both = win("666z777z111z22z", "2z", melds=["pon 555z"])
    assert both["limit"] == "double_yakuman" and both["points"]["total"] == 64000


def test_renhou_option() -> None:
    off = win("123m456p99p789s222z", "9p", situation=["human"])
    assert "renhou" not in ids(off) and off["valid"]
    mangan = win(BASE, "2m", situation=["human"], rules={"renhou": "mangan"})
    assert {i["id"]: i["value"] for i in mangan["items"]}["renhou"] == 5
    assert mangan["limit"] == "mangan"
    # renhou as mangan is a 5-han yaku that adds to the others (as the peer): + pinfu = haneman
    stacked = win(BASE, "4p", situation=["human"], rules={"renhou": "mangan"})
    assert (stacked["total"], stacked["limit"]) == (6, "haneman")
    yakuman = win(BASE, "4p", situation=["human"], rules={"renhou": "yakuman"})
    assert ids(yakuman) == ["renhou_yakuman"] and yakuman["points"]["total"] == 32000


def test_aka_option() -> None:
    assert "aka_dora" in ids(win("123m406p99p234789s", "2m", situation=["riichi"]))
    with pytest.raises(InvalidRequest) as exc:
        win("123m406p99p234789s", "2m", situation=["riichi"], rules={"aka": 0})
    assert exc.value.field == "hand"


def test_nagashi_mangan() -> None:
    """Nagashi mangan: paid as a mangan tsumo; at an exhaustive draw, so no honba and no sticks
    (named difference: the peer adds them)."""
    r = win(BASE, "2m", win="tsumo", situation=["nagashi_mangan"], honba=2, riichi_sticks=1)
    assert r["limit"] == "mangan"
    assert [p["amount"] for p in r["points"]["payers"]] == [4000, 2000, 2000]
    off = win(
        BASE, "2m", win="tsumo", situation=["nagashi_mangan"], rules={"nagashi_mangan": False}
    )
    assert off["valid"] is False


# --- pao -------------------------------------------------------------------------------------


DAISANGEN_OPEN = ("123m99p", "9p", ["pon 555z", "pon 666z", "pon 777z"])


def test_pao_tsumo_liable_pays_all() -> None:
    hand, tile, melds = DAISANGEN_OPEN
    r = win(hand, tile, melds=melds, win="tsumo", liable="N", honba=1)
    assert [(p["from"], p["amount"]) for p in r["points"]["payers"]] == [("liable", 32300)]


def test_pao_ron_split() -> None:
    hand, tile, melds = DAISANGEN_OPEN
    r = win(hand, tile, melds=melds, discarder="W", liable="N", honba=1)
    assert [(p["from"], p["amount"]) for p in r["points"]["payers"]] == [
        ("discarder", 16000 + 300),
        ("liable", 16000),
    ]
    same = win(hand, tile, melds=melds, discarder="N", liable="N")
    assert [(p["from"], p["amount"]) for p in same["points"]["payers"]] == [("discarder", 32000)]


def test_pao_needs_daisangen_or_daisuushii() -> None:
    with pytest.raises(InvalidRequest) as exc:
        win("123m456p99p789s", "9p", melds=["pon 777z"], liable="N")
    assert exc.value.field == "liable"


def test_pao_option_off() -> None:
    hand, tile, melds = DAISANGEN_OPEN
    r = win(hand, tile, melds=melds, win="tsumo", liable="N", rules={"pao": False})
    assert [p["from"] for p in r["points"]["payers"]] == ["dealer", "non_dealer", "non_dealer"]


# --- contradictions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kw", "word"),
    [
        ({"situation": ["riichi"], "melds": ["chi 234s"], "hand": "123m456p99p789s"}, "riichi"),
        ({"situation": ["ippatsu"]}, "ippatsu"),
        (
            {
                "situation": ["double_riichi", "ippatsu"],
                "melds": ["pon 111z"],
                "hand": "123m456p99p789s",
            },
            "double_riichi",
        ),
        ({"situation": ["robbing_kong"], "win": "tsumo"}, "robbing_kong"),
        ({"situation": ["kong_replacement"], "win": "tsumo"}, "kong"),
        (
            {
                "situation": ["kong_replacement"],
                "melds": ["ankan 2222s"],
                "hand": "123m456p99p789s",
            },
            "rinshan",
        ),
        ({"situation": ["last_tile"]}, "haitei"),
        ({"situation": ["last_discard"], "win": "tsumo"}, "houtei"),
        ({"situation": ["heavenly"], "win": "tsumo"}, "dealer"),
        ({"situation": ["heavenly"], "seat_wind": "E"}, "tenhou"),
        ({"situation": ["earthly"], "win": "tsumo", "seat_wind": "E"}, "non-dealer"),
        ({"situation": ["human"], "seat_wind": "E"}, "non-dealer"),
        ({"situation": ["human"], "win": "tsumo"}, "renhou"),
        ({"situation": ["earthly", "riichi"], "win": "tsumo"}, "first-turn"),
        ({"situation": ["human"], "melds": ["ankan 2222s"], "hand": "123m456p99p789s"}, "meld"),
        ({"situation": ["nagashi_mangan"]}, "nagashi"),
        (
            {
                "situation": ["riichi", "ippatsu", "kong_replacement"],
                "win": "tsumo",
                "melds": ["ankan 2222s"],
                "hand": "123m456p99p789s",
            },
            "any kong ends ippatsu",
        ),
    ],
)
def test_contradictions_are_errors(kw: dict[str, Any], word: str) -> None:
    kw = dict(kw)
    hand = kw.pop("hand", BASE)
    with pytest.raises(InvalidRequest) as exc:
        win(hand, "2m", **kw)
    assert exc.value.field == "situation"
    assert word in str(exc.value)


def test_double_riichi_stands_for_riichi() -> None:
    """issue 3: double_riichi on its own is riichi (ura dora count, ippatsu allowed)."""
    r = win(BASE, "2m", situation=["double_riichi", "ippatsu"], ura_indicators="1m")
    assert ids(r) == ["double_riichi", "ippatsu", "ura_dora"]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("kiriage", "yes"),
        ("renhou", "sometimes"),
        ("double_wind_pair_fu", 3),
        ("aka", 2),
        ("nope", 1),
    ],
)
def test_bad_options(name: str, value: object) -> None:
    with pytest.raises(InvalidRequest) as exc:
        win(BASE, "4p", rules={name: value})
    assert exc.value.field == "rules"


def test_docs_list_every_id() -> None:
    """docs/riichi.md documents every yaku and yakuman id of the tables."""
    from pathlib import Path

    from majiang.rules.riichi.yaku import YAKU, YAKUMAN

    text = (Path(__file__).resolve().parent.parent / "docs" / "riichi.md").read_text()
    missing = [y.id for y in (*YAKU, *YAKUMAN) if f"`{y.id}`" not in text]
    assert not missing

"""Tile notation: parsing, formatting, tile sets and errors (spec: rules/README.md "Tile notation")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from majiang import InvalidNotation, MajiangError, format_tiles, parse_hand, parse_tiles, tile_set
from majiang.melds import parse_meld
from majiang.tiles import NUM_TILE_IDS, counts34, dora_from_indicator, kind, parse_tile, tile_name


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("123m456p789s11z", "123m456p789s11z"),  # README example
        ("340556m", "340556m"),  # red five written just before the fives
        ("5m0m", "05m"),
        ("1z2m1p", "2m1p1z"),  # suits in the order m p s z f
        ("8f1f", "18f"),
        ("9s 1s", "19s"),
        ("", ""),
    ],
)
def test_canonical_form(text: str, canonical: str) -> None:
    assert format_tiles(parse_tiles(text)) == canonical


@pytest.mark.parametrize(
    ("text", "variant", "token"),
    [
        ("123x", None, "123x"),  # unknown letter
        ("12", None, "12"),  # digits without suit
        ("m", None, "m"),  # suit without digits
        ("8z", None, "8z"),  # no eighth honor
        ("9f", None, "9f"),
        ("0z", None, "0z"),
        ("11111m", "hk", "1m"),  # a fifth copy
        ("1f", "hk", "1f"),  # a flower in hk
        ("1f", "riichi", "1f"),
        ("2m", "hk2", "2m"),  # 2m not in the 80-tile set
        ("8s", "hk2", "8s"),
        ("1z", "sichuan", "1z"),  # honors not in sichuan
        ("0m", "hk", "0m"),  # red fives only in riichi
        ("0p", "taiwan", "0p"),
        ("00m", "riichi", "0m"),  # one red five per suit
    ],
)
def test_bad_notation_names_the_token(text: str, variant: str | None, token: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_tiles(text, variant=variant)
    assert info.value.token == token
    assert token in str(info.value)
    assert isinstance(info.value, ValueError)


def test_red_five_rule_option() -> None:
    with pytest.raises(InvalidNotation, match="'0s'"):
        parse_tiles("0s", variant="riichi", rules={"aka": 0})
    assert len(parse_tiles("0555s", variant="riichi")) == 4


def test_four_plain_fives_allowed_with_red_fives() -> None:
    """A calculator user may write 5555m in riichi even though the wall has one red 5m."""
    assert len(parse_tiles("5555m", variant="riichi")) == 4
    with pytest.raises(InvalidNotation, match="fifth copy"):
        parse_tiles("05555m", variant="riichi")


@pytest.mark.parametrize(
    ("variant", "size"),
    [("riichi", 136), ("hk", 136), ("hk2", 80), ("hkos", 144), ("taiwan", 144), ("sichuan", 108)],
)
def test_tile_set_sizes(variant: str, size: int) -> None:
    ts = tile_set(variant)
    assert ts.size == size
    assert len(ts.tiles()) == size
    ts.check(ts.tiles())  # the whole wall is a legal collection of tiles


def test_tile_set_contents() -> None:
    assert format_tiles(set(tile_set("hk2").tiles())) == "19m123456789p19s1234567z"
    assert format_tiles(set(tile_set("taiwan").tiles())).endswith("7z12345678f")
    assert "0" in format_tiles(tile_set("riichi").tiles())
    assert format_tiles(set(tile_set("sichuan").tiles())) == "123456789m123456789p123456789s"


def test_unknown_variant() -> None:
    with pytest.raises(MajiangError, match="'nope'"):
        tile_set("nope")


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("9s", "1s"),
        ("0p", "6p"),
        ("1z", "2z"),
        ("4z", "1z"),
        ("5z", "6z"),
        ("7z", "5z"),
    ],
)
def test_dora_from_indicator(indicator: str, dora: str) -> None:
    assert tile_name(dora_from_indicator(parse_tile(indicator))) == dora


def test_kind_and_counts() -> None:
    assert kind(parse_tile("0s")) == parse_tile("5s")
    assert counts34(parse_tiles("0555s1f"))[parse_tile("5s")] == 4
    assert sum(counts34(parse_tiles("1f2f"))) == 0


canonical_hands = st.lists(st.integers(0, NUM_TILE_IDS - 1), max_size=20).map(
    lambda ts: format_tiles(ts)
)


@given(canonical_hands)
def test_format_parse_round_trip(text: str) -> None:
    assert format_tiles(parse_tiles(text)) == text


@given(st.text(alphabet="0123456789mpszfx ,", max_size=16))
def test_random_text_parses_or_fails_cleanly(text: str) -> None:
    try:
        parse_tiles(text, variant="riichi")
    except InvalidNotation as exc:
        assert str(exc)


@given(st.text(max_size=30))
def test_random_hand_text_parses_or_fails_cleanly(text: str) -> None:
    try:
        parse_hand(text)
    except InvalidNotation as exc:
        assert str(exc)


def test_hand_round_trip_and_melds() -> None:
    text = "123m456p11z1f, pon 777z from=2, chi 234s, ankan 5555p"
    hand = parse_hand(text)
    assert str(hand) == text
    assert not hand.is_closed
    assert parse_hand("123m, ankan 5555p").is_closed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chi 135m", "consecutive"),
        ("chi 89s1z", "consecutive"),
        ("pon 667z", "same tile"),
        ("kan 777z", "needs 4 tiles"),
        ("pon 777z from=4", "from=4"),
        ("chi 123m from=2", "previous player"),
        ("bam 123m", "unknown meld kind 'bam'"),
        ("pon", "KIND TILES"),
        ("pon 777z to=1", "to=1"),
    ],
)
def test_bad_melds(text: str, message: str) -> None:
    with pytest.raises(InvalidNotation, match=message):
        parse_meld(text)


@pytest.mark.parametrize(
    ("value", "name"), [(5, "int"), (["pon", "777z"], "list"), (None, "NoneType")]
)
def test_a_meld_that_is_not_a_string_is_refused(value: object, name: str) -> None:
    with pytest.raises(InvalidNotation, match=f"a meld must be a string, got {name}$"):
        parse_meld(value)  # type: ignore[arg-type]


def test_a_meld_in_a_string_subclass_is_read_like_a_string() -> None:
    class Text(str):
        pass

    assert parse_meld(Text("pon 777z from=2")) == parse_meld("pon 777z from=2")

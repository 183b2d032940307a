"""The facts the riichi yaku look at, one bit each, so that a reading is one integer.

A yaku is decided by which of these facts a reading has (``yaku.py`` names, per yaku, the bits
it needs and the bits that rule it out). Hand facts hold for every reading of a win: the
situation, closed or open, the kinds of tiles present, the kongs, and the table options that
change a yaku. Reading facts depend on how the hand is split and where the winning tile sits.

>>> situation_bits(["riichi", "ippatsu"]) == RIICHI | IPPATSU
True
"""

from __future__ import annotations

from collections.abc import Iterable

_bit = iter(range(64))

# --- the hand -------------------------------------------------------------------------------
CLOSED = 1 << next(_bit)  # no open meld (concealed kongs keep a hand closed)
TSUMO = 1 << next(_bit)  # self-drawn
ALL_SIMPLES = 1 << next(_bit)  # no terminal, no honor
ALL_ORPHANS = 1 << next(_bit)  # terminals and honors only
ALL_TERMINALS = 1 << next(_bit)  # terminals only
ALL_HONORS = 1 << next(_bit)  # honors only
HAS_HONORS = 1 << next(_bit)  # at least one honor
ONE_SUIT = 1 << next(_bit)  # the number tiles are of one suit (honors aside)
ALL_GREEN = 1 << next(_bit)  # 2 3 4 6 8 bamboo and green dragon only
NINE_GATES = 1 << next(_bit)  # no meld, one suit: 1112345678999 plus one tile of it
NINE_SIDED = 1 << next(_bit)  # ... and the winning tile is that extra one (junsei)
THREE_KONGS = 1 << next(_bit)
FOUR_KONGS = 1 << next(_bit)
# the table options that change a yaku
OPEN_TANYAO = 1 << next(_bit)  # tanyao also counts open
RENHOU_MANGAN = 1 << next(_bit)  # renhou: "mangan"
RENHOU_YAKUMAN = 1 << next(_bit)  # renhou: "yakuman"
DOUBLE_YAKUMAN = 1 << next(_bit)  # yakuman add up, double forms count twice

# --- the situation (one bit per name a yaku looks at) ---------------------------------------
SITUATION_NAMES = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "last_tile",
    "last_discard",
    "kong_replacement",
    "robbing_kong",
    "heavenly",
    "earthly",
    "human",
)
SITUATION_BITS = {name: 1 << next(_bit) for name in SITUATION_NAMES}
RIICHI = SITUATION_BITS["riichi"]
DOUBLE_RIICHI = SITUATION_BITS["double_riichi"]
IPPATSU = SITUATION_BITS["ippatsu"]
LAST_TILE = SITUATION_BITS["last_tile"]
LAST_DISCARD = SITUATION_BITS["last_discard"]
KONG_REPLACEMENT = SITUATION_BITS["kong_replacement"]
ROBBING_KONG = SITUATION_BITS["robbing_kong"]
HEAVENLY = SITUATION_BITS["heavenly"]
EARTHLY = SITUATION_BITS["earthly"]
HUMAN = SITUATION_BITS["human"]

# --- one reading ----------------------------------------------------------------------------
SEVEN_PAIRS = 1 << next(_bit)
THIRTEEN_ORPHANS = 1 << next(_bit)  # with any wait but the 13-sided one
THIRTEEN_WAIT = 1 << next(_bit)  # thirteen orphans on the 13-sided wait
PINFU_SHAPE = 1 << next(_bit)  # four chows, a two-sided wait, a pair that is no value tile
TWIN_CHOWS = 1 << next(_bit)  # one pair of identical concealed chows
TWO_TWIN_CHOWS = 1 << next(_bit)  # two pairs of them
SEAT_WIND_PUNG = 1 << next(_bit)
ROUND_WIND_PUNG = 1 << next(_bit)
WHITE_PUNG = 1 << next(_bit)
GREEN_PUNG = 1 << next(_bit)
RED_PUNG = 1 << next(_bit)
MIXED_CHOWS = 1 << next(_bit)  # the same chow in all three suits
STRAIGHT = 1 << next(_bit)  # 123 456 789 of one suit
OUTSIDE = 1 << next(_bit)  # a chow, and every set and the pair hold a terminal or honor
FOUR_PUNGS = 1 << next(_bit)  # four pungs or kongs
THREE_CONCEALED = 1 << next(_bit)  # exactly three concealed pungs or kongs
FOUR_CONCEALED = 1 << next(_bit)
SINGLE_WAIT = 1 << next(_bit)  # the winning tile completed the pair
MIXED_PUNGS = 1 << next(_bit)  # the same pung in all three suits
LITTLE_DRAGONS = 1 << next(_bit)  # two dragon pungs and a dragon pair
BIG_DRAGONS = 1 << next(_bit)  # three dragon pungs
LITTLE_WINDS = 1 << next(_bit)  # three wind pungs and a wind pair
BIG_WINDS = 1 << next(_bit)  # four wind pungs

#: one past the last bit in use
WIDTH = next(_bit)


def situation_bits(names: Iterable[str]) -> int:
    """Return the bits of the situation names a yaku looks at (others count nothing)."""
    bits = 0
    for name in names:
        bits |= SITUATION_BITS.get(name, 0)
    return bits


def names_of(bits: int) -> list[str]:
    """Return the names of the bits set, for messages and tests.

    >>> names_of(CLOSED | SEVEN_PAIRS)
    ['CLOSED', 'SEVEN_PAIRS']
    """
    return [name for name, value in _NAMED if bits & value]


_NAMED = [
    (name, value)
    for name, value in globals().items()
    if name.isupper() and name != "WIDTH" and isinstance(value, int)
]

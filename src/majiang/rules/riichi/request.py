"""The riichi request dict read directly: from the dict to blocks and meld facts in one pass.

``read_and_score(data)`` handles the requests written the usual way (the notation in canonical
suit order, melds as a list of canonical strings, winds as letters, the situation as a list)
and returns their result dict. Anything else, every malformed request and every rare case
(pao, nagashi mangan, flowers, a tile that needs a message) gives ``None``: the caller then
takes the general path (``ScoreRequest.from_dict``), which reads it or raises the error naming
the field. So this reader never raises and never decides an error on its own; what it accepts
it reads exactly as the general path does (tests/test_riichi_request.py checks both paths
agree on valid and malformed requests alike).

What it keeps, as the general path does, are tables of notation, never of requests: a suit's
digits (``"234"``) -> their counts, a canonical meld string -> its facts, and the blocks per
suit counts (``shapes.py``).

>>> r = read_and_score({"variant": "riichi", "hand": "234567m23455p777z", "win_tile": "5p",
...                     "seat_wind": "S", "situation": ["riichi"]})
>>> r["total"], r["fu"], r["points"]["total"]
(2, 40, 2600)
>>> read_and_score({"variant": "riichi", "hand": "234567m234p55p777z", "win_tile": "5p",
...                 "seat_wind": 2}) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from majiang.errors import MajiangError
from majiang.melds import parse_meld
from majiang.rules.riichi import features as f
from majiang.rules.riichi.calculate import invalid_dict, result_dict
from majiang.rules.riichi.dora import DORA_OF
from majiang.rules.riichi.evaluate import MeldFacts, best_reading, meld_facts, option_bits
from majiang.rules.riichi.options import ACCEPTED, contradiction
from majiang.rules.riichi.shapes import BLOCKS, EMPTY, block
from majiang.scoring import SITUATIONS

#: the request fields this reader knows (any other field: the general path names it)
_FIELDS = frozenset(
    {
        "variant",
        "rules",
        "hand",
        "melds",
        "win_tile",
        "win",
        "discarder",
        "seat_wind",
        "round_wind",
        "flowers",
        "situation",
        "dora_indicators",
        "ura_indicators",
        "honba",
        "riichi_sticks",
        "dealer_streak",
        "liable",
        "players_in_hand",
    }
)
#: tiles in canonical suit order, each suit once: the digits of m, p, s and z
_NOTATION = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([0-9]+)z)?")
_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
_SINGLE = {
    f"{d}{s}": 9 * i + (4 if d == 0 else d - 1)
    for i, s in enumerate("mpsz")
    for d in range(10)
    if (s != "z" or 1 <= d <= 7)
}
_SITUATION_BITS = {name: f.SITUATION_BITS.get(name, 0) for name in SITUATIONS}
#: situations that alone never contradict a closed hand (ippatsu aside, checked below)
_RIICHI_ONLY = f.RIICHI | f.DOUBLE_RIICHI | f.IPPATSU
_DEFAULT_OPTIONS = option_bits(True, "off", True)

#: a suit's digits as written -> (counts of 1-9 with a red five as a five, red fives)
_DIGITS: dict[str, tuple[tuple[int, ...], int]] = {}
#: a canonical meld string -> its facts
_MELDS: dict[str, MeldFacts] = {}
#: a guard on the notation tables (real requests meet a few thousand entries)
_KEEP = 1 << 16


def _digits(text: str) -> tuple[tuple[int, ...], int] | None:
    """Return the counts and red fives of one suit's digits, or ``None`` (more than 4 of a
    kind, or more than 14 tiles: left to the general path)."""
    found = _DIGITS.get(text)
    if found is not None:
        return found
    if len(text) > 14:
        return None
    counts = [0] * 9
    for ch in text:
        d = int(ch)
        counts[d - 1 if d else 4] += 1
    if max(counts) > 4:
        return None
    if len(_DIGITS) >= _KEEP:
        _DIGITS.clear()
    found = _DIGITS[text] = (tuple(counts), text.count("0"))
    return found


def _meld(text: object) -> MeldFacts | None:
    """Return the facts of a meld written canonically, or ``None``."""
    if type(text) is not str:
        return None
    found = _MELDS.get(text)
    if found is None:
        try:
            meld = parse_meld(text)
        except MajiangError:
            return None
        if str(meld) != text:
            return None
        found = _MELDS[text] = meld_facts(meld)
    return found


def _indicated(text: object) -> list[int] | None:
    """Return the kinds that indicators written in ``text`` make dora, or ``None``."""
    if text is None or text == "":
        return []
    if type(text) is not str:
        return None
    groups = _NOTATION.fullmatch(text)
    if groups is None:
        return None
    out: list[int] = []
    for lo, digits in zip((0, 9, 18, 27), groups.groups(), strict=True):
        if digits:
            for ch in digits:
                d = int(ch)
                if lo == 27 and not 1 <= d <= 7:
                    return None
                out.append(DORA_OF[lo + (d - 1 if d else 4)])
    return out


def _count(data: Mapping[str, Any], name: str, default: int, lo: int, hi: int) -> int | None:
    value = data.get(name, default)
    if type(value) is int and lo <= value <= hi:
        return value
    return default if value is None else None


def read_and_score(data: Any) -> dict[str, Any] | None:
    """Return the result dict of a riichi request written the usual way, else ``None``."""
    if type(data) is not dict or not _FIELDS.issuperset(data) or data.get("variant") != "riichi":
        return None
    get = data.get

    # the table options
    raw = get("rules")
    if raw:
        if type(raw) is not dict:
            return None
        try:
            for name, value in raw.items():
                if (name, type(value), value) not in ACCEPTED:
                    return None
        except TypeError:  # an unhashable value
            return None
        aka = raw.get("aka", 1)
        kiriage = raw.get("kiriage", False)
        kazoe = raw.get("kazoe", True)
        double_wind_pair_fu = raw.get("double_wind_pair_fu", 4)
        options = option_bits(
            raw.get("open_tanyao", True), raw.get("renhou", "off"), raw.get("double_yakuman", True)
        )
    else:
        aka, kiriage, kazoe, double_wind_pair_fu, options = 1, False, True, 4, _DEFAULT_OPTIONS

    # the concealed tiles, per suit
    hand = get("hand")
    if type(hand) is not str or not hand:
        return None
    written = _NOTATION.fullmatch(hand)
    if written is None:
        return None
    man, pin, sou, honors = written.groups()
    red_suits = 0
    if man:
        found = _DIGITS.get(man) or _digits(man)
        if found is None:
            return None
        cm, red = found
        if red:
            if red > 1 or not aka:
                return None
            red_suits = 1
    else:
        cm = EMPTY
    if pin:
        found = _DIGITS.get(pin) or _digits(pin)
        if found is None:
            return None
        cp, red = found
        if red:
            if red > 1 or not aka:
                return None
            red_suits |= 2
    else:
        cp = EMPTY
    if sou:
        found = _DIGITS.get(sou) or _digits(sou)
        if found is None:
            return None
        cs, red = found
        if red:
            if red > 1 or not aka:
                return None
            red_suits |= 4
    else:
        cs = EMPTY
    if honors:
        found = _DIGITS.get(honors) or _digits(honors)
        if found is None:
            return None
        cz, red = found
        if red or cz[7] or cz[8]:
            return None
    else:
        cz = EMPTY
    concealed = cm + cp + cs + cz  # 36 counts: kind k at index k

    # the melds
    raw_melds = get("melds")
    closed = True
    if raw_melds:
        if type(raw_melds) is not list:
            return None
        melds_list: list[MeldFacts] = []
        has_kong = False
        for text in raw_melds:
            m = _MELDS.get(text) if type(text) is str else None
            if m is None:
                m = _meld(text)
                if m is None:
                    return None
            melds_list.append(m)
            if m.is_open:
                closed = False
            if m.is_kong:
                has_kong = True
        melds = tuple(melds_list)
        counts: Any = list(concealed)
        for m in melds:
            for k in m.kinds:
                counts[k] += 1
            if m.red_suit >= 0:
                bit = 1 << m.red_suit
                if red_suits & bit or not aka:
                    return None
                red_suits |= bit
        if max(counts) > 4:
            return None
    else:
        melds = ()
        has_kong = False
        counts = concealed

    # the winning tile and the win
    win_tile = get("win_tile")
    win = _SINGLE.get(win_tile) if type(win_tile) is str else None
    if win is None or not concealed[win]:
        return None
    how = get("win", "ron")
    if how == "ron":
        tsumo = False
    elif how == "tsumo":
        tsumo = True
    else:
        return None

    # the winds
    wind = get("seat_wind", "E")
    seat = _WINDS.get(wind) if type(wind) is str else None
    wind = get("round_wind", "E")
    round_wind = _WINDS.get(wind) if type(wind) is str else None
    if seat is None or round_wind is None:
        return None
    wind = get("discarder")
    if wind is not None and (type(wind) is not str or _WINDS.get(wind, seat) == seat):
        return None
    if get("liable") is not None:
        return None
    flowers = get("flowers")
    if flowers is not None and flowers != "":
        return None

    # the situation
    situation = get("situation")
    bits = 0
    if situation:
        if type(situation) is not list:
            return None
        try:
            for name in situation:
                bits |= _SITUATION_BITS[name]
        except (KeyError, TypeError):  # a name for the general path (or none at all)
            return None
        if bits & ~_RIICHI_ONLY:
            if contradiction(
                frozenset(situation), closed, tsumo, has_kong, bool(melds), seat == 27
            ):
                return None
        elif bits and (
            not closed or (bits & f.IPPATSU and not bits & (f.RIICHI | f.DOUBLE_RIICHI))
        ):
            return None

    # the numbers
    honba = _count(data, "honba", 0, 0, 1000)
    sticks = _count(data, "riichi_sticks", 0, 0, 1000)
    if (
        honba is None
        or sticks is None
        or _count(data, "dealer_streak", 0, 0, 1000) is None
        or _count(data, "players_in_hand", 3, 1, 3) is None
    ):
        return None

    # dora
    indicated = _indicated(get("dora_indicators"))
    under = _indicated(get("ura_indicators"))
    if indicated is None or under is None:
        return None
    dora = 0
    for k in indicated:
        dora += counts[k]
    ura = 0
    if under and bits & (f.RIICHI | f.DOUBLE_RIICHI):
        for k in under:
            ura += counts[k]
    red = (red_suits & 1) + (red_suits >> 1 & 1) + (red_suits >> 2)

    tables = BLOCKS
    best = best_reading(
        (
            tables[0].get(cm) or block(0, cm),
            tables[1].get(cp) or block(1, cp),
            tables[2].get(cs) or block(2, cs),
            tables[3].get(cz) or block(3, cz),
        ),
        melds,
        win,
        tsumo,
        seat,
        round_wind,
        bits,
        options,
        kiriage,
        kazoe,
        double_wind_pair_fu,
        dora + ura + red,
    )
    if type(best) is str:
        return invalid_dict(best)
    return result_dict(
        best,  # type: ignore[arg-type]
        melds,
        win,
        tsumo,
        seat,
        round_wind,
        double_wind_pair_fu,
        dora,
        ura,
        red,
        honba,
        sticks,
    )

"""The riichi request dict read directly: from the dict to blocks and meld facts in one pass.

``read_and_score(data)`` is riichi's face of ``majiang.scoring.score`` (the ruleset's
``read_dict``). It reads the requests written the usual way (the tiles in canonical suit
order, melds as a list of canonical strings, winds as letters, the situation as a list)
itself; anything else, every malformed request and every rare case (pao, nagashi mangan,
flowers, a tile that needs a message) it leaves (``None``) to the general way
(``ScoreRequest.from_dict``), which reads it or raises the error naming the field. So this
reader never raises and never decides an error on its own; what it accepts it reads exactly
as the general path does (tests/test_riichi_request.py checks that
both paths agree on valid and malformed requests alike).

What it keeps, as the general path does, are tables of notation, never of requests: a suit's
digits (``"234"``) -> their counts, a canonical meld string -> its facts, and the blocks per
suit counts (``shapes.py``).

>>> r = read_and_score({"variant": "riichi", "hand": "234567m23455p777z", "win_tile": "5p",
...                     "seat_wind": "S", "situation": ["riichi"]})
>>> r["total"], r["fu"], r["points"]["total"]
(2, 40, 2600)
>>> read_and_score({"variant": "riichi", "hand": "234567m23455p777z", "win_tile": "5p",
...                 "seat_wind": 2}) is None
True
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Any

from majiang.errors import MajiangError
from majiang.melds import parse_meld
from majiang.rules.riichi import features as f
from majiang.rules.riichi import shapes
from majiang.rules.riichi.calculate import invalid_dict, nagashi_dict, result_dict
from majiang.rules.riichi.dora import DORA_OF
from majiang.rules.riichi.evaluate import MeldFacts, best_reading, meld_facts, option_bits
from majiang.rules.riichi.options import FIRST_TURN_BITS, contradiction, contradicts
from majiang.rules.riichi.shapes import (
    EMPTY,
    KEY_UNITS,
    SUIT_BITS,
    TILE_BITS,
    TILE_ELEVENS,
    TILE_TOP,
    Block,
    block,
    block_at,
)
from majiang.scoring import KNOWN_FIELDS, SITUATIONS
from majiang.tiles import format_tiles

#: fields a riichi request seldom has: looked for only when the request has more fields than
#: the usual ones it holds
_RARE = ("discarder", "liable", "flowers", "dealer_streak", "players_in_hand")
#: the other fields the reader knows (any other field: the general path names it). The reader
#: counts those it finds (a field given as ``None`` counts as missing): a request has no other
#: field when its length is that count (and the rare ones it holds), with no pass over its names
_USUAL = KNOWN_FIELDS - frozenset(_RARE)
#: the six options this reader reads first, in its order, counted as the fields are (every
#: other option of ``DEFAULTS``: double_wind_pair_fu, and nagashi_mangan and pao, which it only
#: checks, ``_CHECKED_OPTIONS``, are looked for when the rules dict holds more)
_READ_OPTIONS = ("renhou", "open_tanyao", "double_yakuman", "kiriage", "kazoe", "aka")
#: the renhou option's values and their fact bits (joined to the options only on a win by the
#: first discard, the one they count for: other hands alike but for the option share a key in
#: ``yaku.HAND_SCORED``)
_RENHOU_BITS = {"off": 0, "mangan": f.RENHOU_MANGAN, "yakuman": f.RENHOU_YAKUMAN}
#: red fives by suit (bits m, p, s) -> how many
_RED_COUNT = (0, 1, 1, 2, 1, 2, 2, 3)
_WINDS: dict[Any, int] = {"E": 27, "S": 28, "W": 29, "N": 30}
#: one tile's notation -> its kind (a red five: the five), its suit (0-3) and its place
_SINGLE: dict[Any, tuple[int, int, int]] = {
    f"{d}{s}": (9 * i + (4 if d == 0 else d - 1), i, 4 if d == 0 else d - 1)
    for i, s in enumerate("mpsz")
    for d in range(10)
    if (s != "z" or 1 <= d <= 7)
}
#: the digits as the one-character strings Python keeps once (a string's characters are
#: these): tables keyed by them find a character by identity, with no compare (``str(d)`` is a
#: new string)
_DIGIT = "0123456789"
#: a suit's digit -> its place's unit in a block's key (``shapes.key_of``; a red five is a
#: five); the honors' digits 1-7
_DIGIT_UNITS = {_DIGIT[d]: KEY_UNITS[4 if d == 0 else d - 1] for d in range(10)}
_HONOR_UNITS = {_DIGIT[d]: KEY_UNITS[d - 1] for d in range(1, 8)}
#: a digit's unit, of the suits' digits and of the honors' (``_UNIT_OF[honors]``)
_UNIT_OF = (_DIGIT_UNITS.__getitem__, _HONOR_UNITS.__getitem__)


def _keys_of(digits: str, units: dict[str, int]) -> dict[str, int]:
    """Return every string of these digits written in order, each up to 4 times, -> the sum
    of their units (``_KEY_HALVES``)."""
    keys = {"": 0}
    for d in digits:
        keys = {text + d * n: key + n * units[d] for text, key in keys.items() for n in range(5)}
    return keys


#: a block's key (``_digits``) from two lookups: the digits as written cut where the upper
#: digits begin (``str.rstrip``), the lower ones (a suit's 1-4 and maybe a red five after
#: them: 1,250 strings; the honors' 1-4: 625) and the upper (a suit's 5-9 but never four
#: fives, which a red five would make five: 3,000; the honors' 5-7: 125) -> what they add to
#: the key; per suits and honors, the two tables and the upper digits. Digits found in both
#: hold no fifth copy; any others (not in order, four fives, a fifth copy) are summed one by one
_LOWER_DIGITS = _keys_of("1234", _DIGIT_UNITS)
_LOWER_DIGITS.update(
    {text + "0": key + _DIGIT_UNITS["0"] for text, key in list(_LOWER_DIGITS.items())}
)
_UPPER_DIGITS = {
    text: key
    for text, key in _keys_of("56789", _DIGIT_UNITS).items()
    if not text.startswith("5555")
}
_KEY_HALVES = (
    (_LOWER_DIGITS, _UPPER_DIGITS, "56789"),
    (_keys_of("1234", _HONOR_UNITS), _keys_of("567", _HONOR_UNITS), "567"),
)
#: 3 and the 8 bit at every place of a key
_THREES = sum(3 * unit for unit in KEY_UNITS)
_EIGHTS = sum(8 * unit for unit in KEY_UNITS)
#: nagashi mangan, which no yaku looks at: a bit of the reader's own
_NAGASHI = 1 << f.WIDTH
_SITUATION_BITS = {name: f.SITUATION_BITS.get(name, 0) for name in SITUATIONS}
_SITUATION_BITS["nagashi_mangan"] = _NAGASHI
_IN_RIICHI = f.RIICHI | f.DOUBLE_RIICHI
#: the situations read by ``contradiction`` rather than by the table below
_FIRST_TURN_OR_NAGASHI = FIRST_TURN_BITS | _NAGASHI
#: ``contradicts`` as a table: by the situation bits (shifted down), closed, tsumo and a kong
#: (``[bits][closed][tsumo][kong]``, the flags as bools: no int made of them) -> whether they
#: contradict
_SITUATION_SHIFT = min(f.SITUATION_BITS.values()).bit_length() - 1
_CONTRADICTS = tuple(
    tuple(
        tuple(
            tuple(contradicts(i << _SITUATION_SHIFT, closed, tsumo, kong) for kong in (False, True))
            for tsumo in (False, True)
        )
        for closed in (False, True)
    )
    for i in range(1024)
)
_DEFAULT_OPTIONS = option_bits(True, "off", True)
#: the aka option's values: Python keeps one int object of each (``True`` and ``1.0`` are not
#: them), so an identity test is a check of type and value
_AKA_ON = 1
_AKA_OFF = 0
#: the counts of honba or sticks a request may give, 0-1000 (up to 256 each is its own entry:
#: Python keeps one object of each small int)
_COUNTS = tuple(range(1001))
_N_USUAL = len(_USUAL)
_N_READ_OPTIONS = len(_READ_OPTIONS)
#: the six options read in one call (``read_dict``)
_USUAL_OPTIONS = itemgetter(*_READ_OPTIONS)
#: the options this reader only checks (true or false)
_CHECKED_OPTIONS = ("nagashi_mangan", "pao")

#: one suit's digits as written -> (its Block, its 9 counts with a red five as a five, its red
#: fives, the sorts of its tiles per suit m, p, s, z); one table for the three suits (a
#: block is the same in each), one for the honors (digits 1-7 only)
Digits = tuple[Block, tuple[int, ...], int, tuple[int, ...]]
_NUMBERS: dict[str, Digits] = {}
_HONORS: dict[str, Digits] = {}
_NONE: tuple[Digits, ...] = tuple(
    (b, b.counts, 0, b.suit_flags) for b in (block(EMPTY, False), block(EMPTY, True))
)
#: the kinds indicators make dora, a byte each: the kind's shift in a packed count of tiles
#: (``TILE_BITS`` times the kind, at most 165). Bytes, not a tuple: a new string's kinds are
#: joined with no object for the cyclic collector to visit
Indicated = bytes
#: indicators as written -> the kinds they make dora
_INDICATED: dict[str, Indicated] = {}
#: a kind's shift in a packed count (``Indicated``) -> its suit (0-3), its place (indexed by
#: every shift up to the last kind's: read only at a kind's)
_SUIT_OF = tuple(shift // TILE_BITS // 9 for shift in range(TILE_BITS * 34))
_PLACE_OF = tuple(shift // TILE_BITS % 9 for shift in range(TILE_BITS * 34))
#: per suit letter: digit -> the kind an indicator of it makes dora, as its shift (``Indicated``)
_DORA_AT = {
    s: {
        _DIGIT[d]: TILE_BITS * DORA_OF[9 * i + (4 if d == 0 else d - 1)]
        for d in range(10)
        if (s != "z" or 1 <= d <= 7)
    }
    for i, s in enumerate("mpsz")
}
#: the reader of indicator strings the trie below does not hold, which reads them from the end,
#: as states: each maps a character to (the kind it makes dora, ``None`` for a suit letter; the
#: next state). At the start only a suit letter; after a letter only its digits; after a digit
#: its digits or a letter (any other character: no entry)
_Step = tuple["int | None", dict[str, Any]]
_START: dict[str, _Step] = {}
_AFTER_LETTER: dict[str, dict[str, _Step]] = {s: {} for s in _DORA_AT}
_AFTER_DIGIT: dict[str, dict[str, _Step]] = {s: {} for s in _DORA_AT}
for _s, _digit_at in _DORA_AT.items():
    _START[_s] = (None, _AFTER_LETTER[_s])
    for _t in _DORA_AT:
        _AFTER_DIGIT[_s][_t] = (None, _AFTER_LETTER[_t])
    for _d, _at in _digit_at.items():
        _AFTER_LETTER[_s][_d] = _AFTER_DIGIT[_s][_d] = (_at, _AFTER_DIGIT[_s])
#: one suit's digits in the order ``format_tiles`` writes them (a red five just before the fives)
_DIGITS_IN_ORDER = "1234056789"
#: the trie holds a suit's digits written in that order, up to this many
_TRIE_DIGITS = 3
#: the trie of indicator strings, read from the start a byte at a time: a node is a list indexed
#: by the byte; a digit's entry is (``None``, the node of the digits with it), a suit letter's
#: entry (the kinds the node's digits make dora in that suit, the last digit first; the root),
#: any other byte's ``None`` (past ``z``: no entry). 286 nodes, 1,259 entries
_TRIE_SIZE = ord("z") + 1
_TRIE: list[Any] = [None] * _TRIE_SIZE
for _n in range(1, _TRIE_DIGITS + 1):
    for _digits_read in combinations_with_replacement(_DIGITS_IN_ORDER, _n):
        _node = _TRIE
        for _d in _digits_read[:-1]:
            _node = _node[ord(_d)][1]
        _child: list[Any] = [None] * _TRIE_SIZE
        _node[ord(_digits_read[-1])] = (None, _child)
        for _s, _digit_at in _DORA_AT.items():
            if all(_d in _digit_at for _d in _digits_read):
                _group = bytes(_digit_at[_d] for _d in reversed(_digits_read))
                _child[ord(_s)] = (_group, _TRIE)
#: one kind's field in a packed count
_FIELD = (1 << TILE_BITS) - 1
#: ``precompute`` reads every indicator string of up to this many tiles written canonically
PRECOMPUTED_INDICATORS = 3
#: a canonical meld string -> its facts
_MELDS: dict[str, MeldFacts] = {}
#: a guard on the notation tables (real requests meet a few thousand entries; ``precompute``
#: fills about 34,000 digits)
_KEEP = 1 << 17


def _digits(honors: bool, text: str) -> Digits | None:
    """Return one suit's digits read (and keep them), or ``None`` (not digits, more than 4 of a
    kind or more than 14 tiles, an honor 8, 9 or 0: left to the general path)."""
    size = len(text)
    if not size or size > 14:
        return None
    # the block's key (``shapes.key_of``): each digit adds one to its place's 4 bits
    lower, upper, upper_digits = _KEY_HALVES[honors]
    head = text.rstrip(upper_digits)
    try:
        key = lower[head] + upper[text[len(head) :]]
    except KeyError:  # not written in order, four fives, a fifth copy: a digit at a time
        try:
            key = sum(map(_UNIT_OF[honors], text))
        except KeyError:
            return None  # a character that is no digit (of the honors: no 0, 8 or 9)
        if (key | key + _THREES) & _EIGHTS:
            return None  # a fifth copy (a place at 5 or more has its 8 bit set, or gets it by 3)
    table = _HONORS if honors else _NUMBERS
    if len(table) >= _KEEP:
        table.clear()
    b = block_at(key, honors, size)
    found = table[text] = (b, b.counts, text.count("0") if "0" in text else 0, b.suit_flags)
    return found


def precompute() -> int:
    """Return how many blocks were added: every block a complete hand can hold is built
    (``shapes.precompute``) and its digits as written canonically are kept, with a red five
    (``0``, written before the fives) and without; and every string of one to
    ``PRECOMPUTED_INDICATORS`` indicators written canonically (``format_tiles``, no red five)
    is read.

    Optional: these tables otherwise fill as requests meet them. A long-running process (a
    server, an arena, a benchmark's warm-up) may call it once, so that no request pays for a
    new suit shape, new digits or a short new indicator string: 22,793 blocks, about 38,800
    digit strings and 7,769 indicator strings, in about 0.7 s of CPU, kept in about 25 MB
    (30 MB at the peak). Requests and results are never kept.

    >>> precompute() >= 0
    True
    """
    added = shapes.precompute()
    for honors, table in ((False, _NUMBERS), (True, _HONORS)):
        for counts in shapes.complete_shapes(honors):
            b = block_at(shapes.key_of(counts), honors, sum(counts))
            text = "".join([str(place + 1) * n for place, n in enumerate(counts)])
            if text:
                table[text] = (b, b.counts, 0, b.suit_flags)
                if counts[4] and not honors:
                    table[text.replace("5", "0", 1)] = (b, b.counts, 1, b.suit_flags)
    for n in range(1, PRECOMPUTED_INDICATORS + 1):
        for kinds in combinations_with_replacement(range(34), n):
            _indicated(format_tiles(kinds))
    return added


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


def _indicated(text: str) -> Indicated | None:
    """Return the kinds that indicators written in ``text`` make dora (and keep them), or
    ``None`` when the notation is not plain (left to the general path).

    The text is read from its start a byte at a time through the trie (``_TRIE``): each suit's
    digits lead to the kinds they make dora at its letter, which leads back to the root. A text
    the trie does not hold (more or other digits in a suit, another character) is read by
    ``_indicated_from_end``.
    """
    found = b""
    node = _TRIE
    try:
        for byte in text.encode():
            group, node = node[byte]
            if group is not None:  # the last suit first, as ``_indicated_from_end`` reads
                found = group + found if found else group
    except (TypeError, IndexError, UnicodeEncodeError):  # no entry (``None``), past ``z``
        return _indicated_from_end(text)
    if node is not _TRIE or not found or len(found) > 12:  # digits last, no text, too many
        return None
    if len(_INDICATED) >= _KEEP:
        _INDICATED.clear()
    _INDICATED[text] = found
    return found


def _indicated_from_end(text: str) -> Indicated | None:
    """Return what ``_indicated`` does, for any text.

    The text is read a character at a time from its end, each character looked up in the
    state the one before it left (``_START``): a suit letter leads to its digits.
    """
    kinds: list[int] = []
    state = _START
    kind_at = None
    try:
        for ch in text[::-1]:  # a str iterates faster than ``reversed`` walks it
            kind_at, state = state[ch]
            if kind_at is not None:
                kinds.append(kind_at)
    except KeyError:  # not a digit of its suit, not a suit letter, or digits missing
        return None
    if kind_at is None or len(kinds) > 12:  # a suit letter first (or no text), or too many
        return None
    found = bytes(kinds)
    if len(_INDICATED) >= _KEEP:
        _INDICATED.clear()
    _INDICATED[text] = found
    return found


def _each_option(raw: dict[Any, Any]) -> tuple[Any, ...]:
    """Return the six usual options of a rules dict that may not name them all (``None`` for
    one not named), as ``_USUAL_OPTIONS`` reads them."""
    return tuple(map(raw.get, _READ_OPTIONS))


def read_and_score(data: Any) -> dict[str, Any] | None:
    """Return the result dict of a riichi request written the usual way, else ``None``."""
    if type(data) is not dict or data.get("variant") != "riichi":
        return None
    return read_dict(data)


def read_dict(data: dict[str, Any]) -> dict[str, Any] | None:
    """Return the result dict of a request dict whose variant is riichi (``read_and_score``
    without that check: ``majiang.scoring.score`` asks only those), else ``None``."""
    #: the usual fields the request holds, less those not found (``_USUAL``)
    held = _N_USUAL

    # the table options, each checked as ``Riichi.resolve_options`` accepts it; each one
    # missing (or ``None``) takes its default and is counted out of those the dict may hold
    raw = data.get("rules")
    if raw:
        if type(raw) is not dict:
            return None
        named = _N_READ_OPTIONS
        if len(raw) >= _N_READ_OPTIONS:  # it may name all six: read in one call
            try:
                renhou, open_tanyao, double_yakuman, kiriage, kazoe, aka = _USUAL_OPTIONS(raw)
            except KeyError:
                renhou, open_tanyao, double_yakuman, kiriage, kazoe, aka = _each_option(raw)
        else:
            renhou, open_tanyao, double_yakuman, kiriage, kazoe, aka = _each_option(raw)
        if type(renhou) is str:
            renhou_bits = _RENHOU_BITS.get(renhou, -1)
            if renhou_bits < 0:
                return None  # not one of the option's values
        elif renhou is None:
            renhou_bits = 0
            named -= 1
        else:
            return None
        if open_tanyao is True:
            options = f.OPEN_TANYAO
        elif open_tanyao is None:
            options = f.OPEN_TANYAO
            named -= 1
        elif open_tanyao is False:
            options = 0
        else:
            return None
        if double_yakuman is True:
            options |= f.DOUBLE_YAKUMAN
        elif double_yakuman is None:
            options |= f.DOUBLE_YAKUMAN
            named -= 1
        elif double_yakuman is not False:
            return None
        if kiriage is not True and kiriage is not False:
            if kiriage is not None:
                return None
            kiriage = False
            named -= 1
        if kazoe is not True and kazoe is not False:
            if kazoe is not None:
                return None
            kazoe = True
            named -= 1
        if aka is not _AKA_ON and aka is not _AKA_OFF:  # (any other 0 or 1: the general path)
            if aka is not None:
                return None
            aka = 1
            named -= 1
        double_wind_pair_fu = 4
        if len(raw) != named:  # more: only double_wind_pair_fu, nagashi_mangan and pao
            value = raw.get("double_wind_pair_fu")
            if type(value) is int and (value == 4 or value == 2):
                double_wind_pair_fu = value
                named += 1
            elif value is not None:
                return None
            for name in _CHECKED_OPTIONS:
                value = raw.get(name)
                if value is True or value is False:
                    named += 1
                elif value is not None:
                    return None
            if len(raw) != named:
                return None  # another name, or an option given as ``None``
    else:
        aka, kiriage, kazoe, double_wind_pair_fu, options = 1, False, True, 4, _DEFAULT_OPTIONS
        renhou_bits = 0
        if raw is None:
            held -= 1

    try:  # a value of another type than the usual raises: the general path reads it
        # the concealed tiles, per suit: the digits of m, p, s, z in that order, each suit once
        # (each ``str.partition``: the digits before the letter, and what follows it)
        hand: Any = data["hand"]  # not given, or not a string: raises
        red_suits = 0
        digits, letter, rest = hand.partition("m")
        if letter:
            found = _NUMBERS.get(digits) or _digits(False, digits)
            if found is None:
                return None  # no digits, or not digits (another suit before it...)
            b0, cm, red, sorts = found
            flags = sorts[0]
            if red:
                if red > 1 or not aka:
                    return None
                red_suits = 1
        else:
            rest = digits
            b0, cm, _, _ = _NONE[0]
            flags = 0
        digits, letter, left = rest.partition("p")
        if letter:
            found = _NUMBERS.get(digits) or _digits(False, digits)
            if found is None:
                return None
            b1, cp, red, sorts = found
            flags |= sorts[1]
            if red:
                if red > 1 or not aka:
                    return None
                red_suits |= 2
            rest = left
        else:
            b1, cp, _, _ = _NONE[0]
        digits, letter, left = rest.partition("s")
        if letter:
            found = _NUMBERS.get(digits) or _digits(False, digits)
            if found is None:
                return None
            b2, cs, red, sorts = found
            flags |= sorts[2]
            if red:
                if red > 1 or not aka:
                    return None
                red_suits |= 4
            rest = left
        else:
            b2, cs, _, _ = _NONE[0]
        digits, letter, left = rest.partition("z")
        if letter:
            found = _HONORS.get(digits) or _digits(True, digits)
            if found is None:
                return None
            b3, cz, _, sorts = found
            flags |= sorts[3]
            rest = left
        else:
            b3, cz, _, _ = _NONE[1]
        if rest or not hand:
            return None  # digits without a suit, a suit twice or out of order, no tiles
        suits = (cm, cp, cs, cz)  # the count of kind k is suits[k // 9][k % 9]

        # the melds
        raw_melds = data.get("melds")
        closed = True
        has_kong = False
        if raw_melds:
            if type(raw_melds) is not list:
                return None
            melds_list: list[MeldFacts] = []
            melded = 0  # the melds' tiles, packed as ``Block.tiles``
            for text in raw_melds:
                m = _MELDS.get(text)
                if m is None:
                    m = _meld(text)
                    if m is None:
                        return None
                melds_list.append(m)
                melded += m.tiles
                if m.is_open:
                    closed = False
                if m.is_kong:
                    has_kong = True
                if m.red_suit >= 0:
                    bit = 1 << m.red_suit
                    if red_suits & bit or not aka:
                        return None
                    red_suits |= bit
            melds = tuple(melds_list)
            # every kind's count, packed: kind k at bit TILE_BITS * k
            totals = (
                b0.tiles
                | b1.tiles << SUIT_BITS
                | b2.tiles << 2 * SUIT_BITS
                | b3.tiles << 3 * SUIT_BITS
            ) + melded
            if (totals + TILE_ELEVENS) & TILE_TOP:
                return None  # a fifth copy of a kind
        else:
            melds = ()
            totals = -1
            if raw_melds is None:
                held -= 1

        # the winning tile and the win
        win, in_suit, place = _SINGLE[data["win_tile"]]
        if not suits[in_suit][place]:
            return None
        how = data.get("win")
        if how == "ron":
            tsumo = False
        elif how == "tsumo":
            tsumo = True
        elif how is None:
            tsumo = False
            held -= 1
        else:
            return None

        # the winds
        wind = data.get("seat_wind")
        if wind is None:
            seat = 27
            held -= 1
        else:
            seat = _WINDS[wind]
        wind = data.get("round_wind")
        if wind is None:
            round_wind = 27
            held -= 1
        else:
            round_wind = _WINDS[wind]

        # the situation
        situation = data.get("situation")
        bits = nagashi = 0
        if situation is None:
            held -= 1
        elif situation:
            if type(situation) is not list:
                return None
            try:
                for name in situation:
                    bits |= _SITUATION_BITS[name]
            except (KeyError, TypeError):  # a name for the general path (or none at all)
                return None
            if bits & _FIRST_TURN_OR_NAGASHI:
                nagashi = bits & _NAGASHI
                if contradiction(
                    frozenset(situation), closed, tsumo, has_kong, bool(melds), seat == 27
                ):
                    return None
                if bits & f.HUMAN:
                    options |= renhou_bits  # the renhou option counts for this win only
            elif _CONTRADICTS[bits >> _SITUATION_SHIFT][closed][tsumo][has_kong]:
                return None

        # the numbers
        # (a count up to 256 is its own entry in ``_COUNTS``: one subscript and an identity test;
        # any other value gets the check of type and range, or raises: not an int, past 1000)
        honba = data.get("honba")
        if honba is None:
            honba = 0
            held -= 1
        elif _COUNTS[honba] is not honba and (type(honba) is not int or not 0 <= honba <= 1000):
            return None
        sticks = data.get("riichi_sticks")
        if sticks is None:
            sticks = 0
            held -= 1
        elif _COUNTS[sticks] is not sticks and (type(sticks) is not int or not 0 <= sticks <= 1000):
            return None

        # dora: every indicator is read, ura dora count only in riichi
        dora = ura = 0
        text = data.get("dora_indicators")
        if text:
            kinds = _INDICATED.get(text) or _indicated(text)
            if kinds is None:
                return None
            if totals < 0:
                for shift in kinds:
                    dora += suits[_SUIT_OF[shift]][_PLACE_OF[shift]]
            else:
                for shift in kinds:
                    dora += totals >> shift & _FIELD
        elif text is None:
            held -= 1
        elif text != "":
            return None
        text = data.get("ura_indicators")
        if text:
            kinds = _INDICATED.get(text) or _indicated(text)
            if kinds is None:
                return None
            if not bits & _IN_RIICHI:
                pass
            elif totals < 0:
                for shift in kinds:
                    ura += suits[_SUIT_OF[shift]][_PLACE_OF[shift]]
            else:
                for shift in kinds:
                    ura += totals >> shift & _FIELD
        elif text is None:
            held -= 1
        elif text != "":
            return None

        # who else is named: the rare fields, looked for only when the request holds more
        # fields than the usual ones found (else no other field is there)
        if len(data) != held:
            wind = data.get("discarder")
            if wind is not None:
                if _WINDS.get(wind, seat) == seat:
                    return None
                held += 1
            if data.get("liable") is not None:
                return None
            flowers = data.get("flowers")
            if flowers is not None:
                if flowers != "":
                    return None
                held += 1
            value = data.get("dealer_streak")
            if value is not None:
                if type(value) is not int or not 0 <= value <= 1000:
                    return None
                held += 1
            value = data.get("players_in_hand")
            if value is not None:
                if type(value) is not int or not 1 <= value <= 3:
                    return None
                held += 1
            if len(data) != held:
                return None  # another field, or a field given as ``None``
        red = _RED_COUNT[red_suits]
        if nagashi:  # a draw paid as a mangan tsumo: the hand is not scored
            if raw and raw.get("nagashi_mangan") is False:
                return invalid_dict("nagashi mangan is not played (rule nagashi_mangan off)")
            return nagashi_dict(seat == 27)
    except (KeyError, TypeError, AttributeError, IndexError):  # no such tile, another type...
        return None

    best = best_reading(
        b0,
        b1,
        b2,
        b3,
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
        flags,
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

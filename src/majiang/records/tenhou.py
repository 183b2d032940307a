"""tenhou.net/6 JSON logs: read into a script, replayed on the engine, each result re-checked.

A tenhou.net/6 log is ``{"name", "rule": {"disp", "aka"...}, "log": [hand...]}``; each hand is
``[[round, honba, sticks], scores, dora indicators, ura indicators, (dealt, draws, discards) per
seat, result]``. Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N white green
red, 51-53 red fives. Calls are strings: in the draw list ``c`` chi, ``p`` pon, ``m`` open kan
(the letter's place says whom the tile came from: first left, middle across, last right); in the
discard list ``a`` concealed kan, ``k`` added kan and ``r`` riichi; 60 discards the drawn tile
and 0 stands after an open kan. The log does not give the turn order: ``read_tenhou`` rebuilds it
(after each discard the seat whose next entry calls that tile plays, else the next seat).

The result is ``["和了", deltas, [winner, from, liable, "30符4飜7700点", yaku...], ...]`` (one
triple per winner) or a draw's name with the deltas. ``check_results`` compares each with our
scoring: the winner, the deltas, the fu/han/limit text with its points, and every yaku.

>>> tenhou_tile(51), tenhou_tile(47), tenhou_code(tenhou_tile(25))
(42, 33, 25)
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from majiang.events import Event, IndicatorRevealed, PointsMoved, Won
from majiang.records.drive import Difference, Replay, drive, hand_label
from majiang.records.script import (
    AddedKong,
    Claim,
    ConcealedKong,
    Draw,
    End,
    GameScript,
    HandScript,
    LogError,
    Move,
    Throw,
    Win,
)
from majiang.rules.riichi.yaku import YAKUMAN_HAN
from majiang.tiles import RED_BASE, Tile, format_tiles, is_red, kind, tile_name

__all__ = [
    "ABORTS",
    "YAKU_NAMES",
    "check_results",
    "import_tenhou",
    "is_tenhou",
    "read_tenhou",
    "result_text",
    "tenhou_code",
    "tenhou_tile",
]

#: tenhou's names of the draws, in the engine's words
ABORTS = {
    "九種九牌": ("abortive_draw", "nine_terminals"),
    "四家立直": ("abortive_draw", "four_riichi"),
    "四風連打": ("abortive_draw", "four_winds"),
    "四槓散了": ("abortive_draw", "four_kongs"),
    "三家和了": ("abortive_draw", "triple_ron"),
    "流局": ("exhaustive_draw", "wall"),
    "全員聴牌": ("exhaustive_draw", "wall"),
    "全員不聴": ("exhaustive_draw", "wall"),
    "流し満貫": ("exhaustive_draw", "wall"),
}

#: tenhou's yaku names (Japanese and English client) and our yaku ids
YAKU_NAMES = {
    "立直": "riichi",
    "両立直": "double_riichi",
    "一発": "ippatsu",
    "門前清自摸和": "menzen_tsumo",
    "平和": "pinfu",
    "一盃口": "iipeikou",
    "断幺九": "tanyao",
    "役牌 白": "yakuhai_white",
    "役牌 發": "yakuhai_green",
    "役牌 中": "yakuhai_red",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "嶺上開花": "rinshan",
    "槍槓": "chankan",
    "七対子": "chiitoitsu",
    "三色同順": "sanshoku",
    "一気通貫": "ittsu",
    "混全帯幺九": "chanta",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "混老頭": "honroutou",
    "小三元": "shousangen",
    "混一色": "honitsu",
    "純全帯幺九": "junchan",
    "二盃口": "ryanpeikou",
    "清一色": "chinitsu",
    "ドラ": "dora",
    "裏ドラ": "ura_dora",
    "赤ドラ": "aka_dora",
    "流し満貫": "nagashi_mangan",
    "国士無双": "kokushi",
    "国士無双１３面": "kokushi_13_wait",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "大三元": "daisangen",
    "小四喜": "shousuushii",
    "大四喜": "daisuushii",
    "字一色": "tsuuiisou",
    "清老頭": "chinroutou",
    "緑一色": "ryuuiisou",
    "九蓮宝燈": "chuuren_poutou",
    "純正九蓮宝燈": "junsei_chuuren_poutou",
    "四槓子": "suukantsu",
    "天和": "tenhou",
    "地和": "chiihou",
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Fully Concealed Hand": "menzen_tsumo",
    "Pinfu": "pinfu",
    "Pure Double Sequence": "iipeikou",
    "All Simples": "tanyao",
    "Dora": "dora",
    "Ura Dora": "ura_dora",
    "Red Five": "aka_dora",
}
for _wind, _name in zip("東南西北", ("East", "South", "West", "North"), strict=True):
    YAKU_NAMES[f"自風 {_wind}"] = "yakuhai_seat_wind"
    YAKU_NAMES[f"場風 {_wind}"] = "yakuhai_round_wind"
    YAKU_NAMES[f"Seat Wind {_name}"] = "yakuhai_seat_wind"
    YAKU_NAMES[f"Prevalent Wind {_name}"] = "yakuhai_round_wind"

LIMITS = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
}


def tenhou_tile(code: int) -> Tile:
    """Return our tile for a tenhou number (11-47, 51-53 red fives), or raise ``LogError``."""
    if code in (51, 52, 53):
        return RED_BASE + code - 51
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1
    if suit == 4 and 1 <= number <= 7:
        return 27 + number - 1
    raise LogError(f"no tenhou tile {code!r}")


def tenhou_code(t: Tile) -> int:
    """Return the tenhou number of our tile."""
    if is_red(t):
        return 51 + t - RED_BASE
    k = kind(t)
    return (k // 9 + 1) * 10 + k % 9 + 1


def is_tenhou(data: object) -> bool:
    """Return whether a JSON value looks like a tenhou.net/6 log.

    >>> is_tenhou({"log": [[[0, 0, 0]]]}), is_tenhou({"type": "start_game"})
    (True, False)
    """
    return isinstance(data, Mapping) and isinstance(data.get("log"), list)


# ---------------------------------------------------------------- reading


def _options(rule: Mapping[str, Any], notes: list[str]) -> tuple[dict[str, Any], str]:
    if not isinstance(rule, Mapping):
        raise LogError(f"the rule field must be an object, got {rule!r}")
    disp = str(rule.get("disp", ""))
    if "三" in disp:
        raise LogError(f"three-player logs are not supported (rule {disp!r})")
    aka_flags = [rule[k] for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    if any(v not in (0, 1) for v in aka_flags):
        raise LogError(f"red fives {aka_flags} per suit: only none or one is supported")
    options: dict[str, Any] = {
        # Tenhou's rule set: its end of game (30,000 target, South or West entry in sudden
        # death, bust below zero, agari-yame), uma 10-20 and oka for the standings
        "preset": "tenhou",
        "aka": 1 if any(aka_flags) else 0,
        # tenhou: no double yakuman forms (several yakuman in one hand still add up there)
        "double_yakuman": False,
    }
    if disp and any(c in disp for c in "般上特鳳技"):
        options["open_tanyao"] = "喰" in disp
    if "東" in disp or "east" in disp.lower():
        length = "east"
    else:
        length = "south"
        if not disp:
            notes.append("no rule name: the game taken as a south game")
    notes.append(f"rule {disp!r}: Tenhou's rule set, options {options}, length {length}")
    return options, length


def _tiles(text: str) -> list[Tile]:
    digits = re.sub(r"[a-z]", "", text)
    if len(digits) % 2 or not digits.isdigit():
        raise LogError(f"cannot read the call {text!r}")
    return [tenhou_tile(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]


def _call(text: str, seat: int, last: tuple[int, Tile] | None) -> Claim:
    """Return the chi, pon or open kan a draw-list string makes (``last``: the discard)."""
    m = re.search(r"[cpm]", text)
    if m is None:
        raise LogError(f"seat {seat}: {text!r} is not a chi, pon or open kan")
    letter, at = m.group(), m.start()
    tiles = _tiles(text)
    called = tenhou_tile(int(text[at + 1 : at + 3]))
    own = list(tiles)
    own.remove(called)
    if letter == "c":
        meld, source = "chi", (seat + 3) % 4
    else:
        meld = "pon" if letter == "p" else "kan"
        places = {0: 3, 2: 2, 4: 1} if letter == "p" else {0: 3, 2: 2, 6: 1}
        if at not in places:
            raise LogError(f"seat {seat}: cannot tell whom {text!r} calls from")
        source = (seat + places[at]) % 4
    if last is None or last != (source, called):
        raise LogError(f"seat {seat}: the call {text!r} does not take the last discard")
    return Claim(seat, meld, tuple(own), called, source)


def _calls_last(entry: object, seat: int, last: tuple[int, Tile], letters: str) -> bool:
    if not isinstance(entry, str) or not any(c in entry for c in letters):
        return False
    try:
        _call(entry, seat, last)
    except LogError:
        return False
    return True


def _hand(raw: Sequence[Any], index: int) -> HandScript:
    try:
        (code, honba, sticks), scores, dora, ura = raw[0], raw[1], raw[2], raw[3]
        seats = [(raw[4 + 3 * s], raw[5 + 3 * s], raw[6 + 3 * s]) for s in range(4)]
        result = raw[16]
        numbers = (code, honba, sticks, *scores)
    except (IndexError, TypeError, ValueError, KeyError) as exc:
        raise LogError(f"hand {index + 1}: not a tenhou.net/6 hand ({exc})") from exc
    if not all(type(x) is int for x in numbers) or not 0 <= code < 16 or len(scores) != 4:
        raise LogError(f"hand {index + 1}: cannot read the header {raw[0]!r} {raw[1]!r}")
    round_wind, dealer = divmod(int(code), 4)
    label = hand_label(round_wind, dealer, int(honba))
    for part in (dora, ura, *(x for s in seats for x in s)):
        if not isinstance(part, list) or not all(type(x) in (int, str) for x in part):
            raise LogError(f"{label}: expected a list of tile numbers and calls, got {part!r}")
    try:
        hand = HandScript(
            label,
            round_wind,
            dealer,
            int(honba),
            int(sticks),
            tuple(int(s) for s in scores),
            tuple(tuple(tenhou_tile(t) for t in s[0]) for s in seats),
            dora=tuple(tenhou_tile(t) for t in dora),
            ura=tuple(tenhou_tile(t) for t in ura),
            extra={"result": result},
        )
        hand.moves = _moves(
            [list(s[1]) for s in seats], [list(s[2]) for s in seats], hand.haipai, dealer
        )
    except (LogError, TypeError, ValueError) as exc:
        raise LogError(f"{label}: {exc}") from exc
    hand.moves.extend(_ending(result, label))
    return hand


class _Play:
    """The reconstruction of a hand's turn order so far (copied at each choice)."""

    def __init__(
        self, takes: list[list[Any]], throws: list[list[Any]], hands: list[list[Tile]], dealer: int
    ) -> None:
        self.takes, self.throws = takes, throws
        self.hands = hands
        self.ti, self.di = [0] * 4, [0] * 4
        self.actor, self.rinshan = dealer, False
        self.last: tuple[int, Tile] | None = None
        self.moves: list[Move] = []

    def copy(self) -> _Play:
        new = copy.copy(self)
        new.hands = [list(h) for h in self.hands]
        new.ti, new.di, new.moves = list(self.ti), list(self.di), list(self.moves)
        return new

    def remove(self, seat: int, tiles: Sequence[Tile]) -> None:
        for t in tiles:
            if t not in self.hands[seat]:
                raise LogError(f"seat {seat} does not hold {tile_name(t)}")
            self.hands[seat].remove(t)

    def next_take(self, seat: int) -> object:
        return self.takes[seat][self.ti[seat]] if self.ti[seat] < len(self.takes[seat]) else None

    def callers(self) -> list[int]:
        """Return the seats whose next draw entry calls the last discard (pon and kan first)."""
        assert self.last is not None
        out = []
        for step in (1, 2, 3):
            s = (self.last[0] + step) % 4
            if _calls_last(self.next_take(s), s, self.last, "pm"):
                out.append(s)
        nxt = (self.last[0] + 1) % 4
        if _calls_last(self.next_take(nxt), nxt, self.last, "c"):
            out.append(nxt)
        return out


def _moves(
    takes: list[list[Any]], throws: list[list[Any]], haipai: Sequence[Sequence[Tile]], dealer: int
) -> list[Move]:
    """Return the moves of a hand in turn order, rebuilt from the per-seat lists.

    After a discard, a seat whose next draw entry calls that tile may call it now or a later
    discard of the same tile: each choice is tried (a call first) and the first that plays the
    whole log through, every discard and call from tiles held, is kept.
    """
    play = _Play(takes, throws, [list(h) for h in haipai], dealer)
    done = _play(play)
    if done is None:
        raise LogError("no turn order plays every draw and discard of the log")
    return done.moves


def _play(play: _Play) -> _Play | None:
    try:
        return _play_on(play)
    except (LogError, ValueError):  # ValueError: a malformed entry (int("x")); LogError's too
        return None


def _play_on(p: _Play) -> _Play | None:
    while p.ti[p.actor] < len(p.takes[p.actor]):
        actor = p.actor
        take = p.takes[actor][p.ti[actor]]
        p.ti[actor] += 1
        drawn: Tile | None = None
        if isinstance(take, str):
            claim = _call(take, actor, p.last)
            p.remove(actor, claim.own)
            p.moves.append(claim)
            if claim.meld == "kan":
                if p.di[actor] >= len(p.throws[actor]) or p.throws[actor][p.di[actor]] != 0:
                    raise LogError(f"seat {actor}: no 0 in the discards after the open kan")
                p.di[actor] += 1
                p.rinshan = True
                continue
        else:
            drawn = tenhou_tile(int(take))
            p.hands[actor].append(drawn)
            p.moves.append(Draw(actor, drawn, p.rinshan))
        p.rinshan = False
        if p.di[actor] >= len(p.throws[actor]):
            break  # a self-draw win or the nine-terminals abort
        throw = p.throws[actor][p.di[actor]]
        p.di[actor] += 1
        riichi = False
        if isinstance(throw, str):
            if "a" in throw:
                tiles = tuple(_tiles(throw))
                p.remove(actor, tiles)
                p.moves.append(ConcealedKong(actor, tiles))
                p.rinshan = True
                continue
            if "k" in throw:
                at = throw.index("k")
                added = tenhou_tile(int(throw[at + 1 : at + 3]))
                p.remove(actor, [added])
                p.moves.append(AddedKong(actor, added))
                p.rinshan = True
                continue
            if not throw.startswith("r"):
                raise LogError(f"seat {actor}: cannot read the discard {throw!r}")
            riichi, throw = True, int(throw[1:])
        if throw == 60:
            if drawn is None:
                raise LogError(f"seat {actor}: 60 (the drawn tile) after a call")
            tile, tsumogiri = drawn, True
        else:
            tile, tsumogiri = tenhou_tile(int(throw)), False
        p.remove(actor, [tile])
        p.moves.append(Throw(actor, tile, riichi, tsumogiri))  # tenhou says which, always
        p.last = (actor, tile)
        nxt = (actor + 1) % 4
        callers = p.callers()
        if callers:
            for choice in [*callers, nxt]:
                branch = p.copy()
                branch.actor = choice
                done = _play(branch)
                if done is not None:
                    return done
            return None
        p.actor = nxt
    for s in range(4):
        if p.ti[s] < len(p.takes[s]) or p.di[s] < len(p.throws[s]):
            raise LogError(f"seat {s}'s draws or discards go on after the hand's last move")
    return p


def _ending(result: Sequence[Any], label: str) -> list[Move]:
    try:
        return _ending_of(result, label)
    except (IndexError, TypeError, ValueError, KeyError) as exc:
        raise LogError(f"{label}: cannot read the result {result!r}") from exc


def _ending_of(result: Sequence[Any], label: str) -> list[Move]:
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogError(f"{label}: no result")
    name = result[0]
    if name == "和了":
        wins: list[Move] = []
        for i in range(1, len(result) - 1, 2):
            deltas, detail = result[i], result[i + 1]
            who, frm = int(detail[0]), int(detail[1])
            if not (0 <= who < 4 and 0 <= frm < 4 and len(deltas) == 4):
                raise ValueError(detail)
            expected = {"deltas": list(deltas), "detail": list(detail)}
            wins.append(Win(who, None if who == frm else frm, expected))
        return [*wins, End("win")]
    if name not in ABORTS:
        raise LogError(f"{label}: unknown result {name!r}")
    outcome, reason = ABORTS[name]
    deltas = tuple(int(d) for d in result[1]) if len(result) > 1 else None
    return [End(outcome, reason, deltas)]


def _four_plain_fives(log: Sequence[Any]) -> bool:
    """Return whether some hand of the log shows all four plain fives of a suit."""
    for raw in log:
        if not isinstance(raw, list):
            continue
        seen: Counter[int] = Counter()
        parts = [raw[4 + 3 * s + k] for s in range(4) for k in (0, 1)] if len(raw) > 15 else []
        for part in parts:  # dealt tiles and draws: each physical tile once
            for entry in part if isinstance(part, list) else ():
                if isinstance(entry, int):
                    seen[entry] += 1
        if any(seen[five] >= 4 for five in (15, 25, 35)):
            return True
    return False


def read_tenhou(data: Mapping[str, Any]) -> GameScript:
    """Return the script of a tenhou.net/6 log (raises ``LogError`` when it cannot be read)."""
    if not is_tenhou(data):
        raise LogError("not a tenhou.net/6 log (no 'log' list)")
    notes: list[str] = []
    options, length = _options(data.get("rule") or {}, notes)
    if options["aka"] and _four_plain_fives(data["log"]):
        options["aka"] = 0
        notes.append("the rule says red fives but the log shows four plain fives: read without")
    hands = [_hand(raw, i) for i, raw in enumerate(data["log"])]
    if not hands:
        raise LogError("the log has no hands")
    if len(hands) == 1:
        length = "one_hand"
        notes.append("one hand: replayed as a one-hand game")
    names = [str(n) for n in data.get("name", ["", "", "", ""])]
    seed = str(data.get("ref") or "tenhou")
    return GameScript(options, names, length, hands, seed=seed, notes=notes)


# ---------------------------------------------------------------- checking results


def _han(text: str) -> tuple[str, int] | None:
    m = re.fullmatch(r"(.+)\((\d+)飜\)", text) or re.fullmatch(r"(.+)\((役満)\)", text)
    if m is None:
        return None
    value = YAKUMAN_HAN if m.group(2) == "役満" else int(m.group(2))
    return m.group(1), value


def result_text(result: Mapping[str, Any], tsumo: bool, dealer: bool, honba: int) -> str:
    """Return tenhou's text of a scored win: ``30符4飜7700点``, ``満貫2000-4000点``, ``3900点∀``.

    ``honba`` is the count included in the payments (taken out: tenhou's text omits it).

    >>> result_text({"limit": None, "fu": 30, "total": 2, "points": {"payers": [
    ...     {"from": "discarder", "amount": 2300}]}}, False, False, 1)
    '30符2飜2000点'
    """
    limit = result.get("limit")
    if limit in LIMITS:
        head = LIMITS[str(limit)]
    elif limit:
        head = "役満"
    else:
        head = f"{result.get('fu')}符{result.get('total')}飜"
    paid: dict[str, list[int]] = {}
    for p in result.get("points", {}).get("payers", []):
        paid.setdefault(str(p["from"]), []).append(int(p["amount"]))
    if not tsumo:
        return f"{head}{sum(paid.get('discarder', [])) - 300 * honba}点"
    if dealer:
        each = paid.get("non_dealer", [0])[0] - 100 * honba
        return f"{head}{each}点∀"
    child = paid.get("non_dealer", [0])[0] - 100 * honba
    return f"{head}{child}-{paid.get('dealer', [0])[0] - 100 * honba}点"


def _yaku(result: Mapping[str, Any]) -> Counter[tuple[str, int]]:
    out: Counter[tuple[str, int]] = Counter()
    for item in result.get("items", []):
        if int(item["value"]):
            out[(str(item["id"]), int(item["value"]))] += 1
    return out


def _check_win(
    hand: HandScript,
    won: Won,
    deltas: tuple[int, ...],
    expected: Mapping[str, Any],
    first: bool,
    dealer: int,
) -> list[str]:
    out: list[str] = []
    want = tuple(int(d) for d in expected.get("deltas", ()))
    if want and want != deltas:
        out.append(f"seat {won.seat}'s win moves {list(deltas)}, the log {list(want)}")
    detail = list(expected.get("detail", ()))
    if len(detail) >= 3 and int(detail[2]) != (won.liable if won.liable is not None else won.seat):
        out.append(f"seat {won.seat}'s win: liable seat {won.liable}, the log {detail[2]}")
    if len(detail) >= 4:
        result = won.result
        text = result_text(
            result, won.source is None, won.seat == dealer, hand.honba if first else 0
        )
        if won.liable is not None:  # the points text of a liable payment is not compared
            text = re.sub(r"\d.*", "", text)
            detail[3] = re.sub(r"\d.*", "", str(detail[3]))
        if text != detail[3]:
            out.append(f"seat {won.seat}'s win scores {text}, the log {detail[3]}")
        logged: Counter[tuple[str, int]] = Counter()
        for y in detail[4:]:
            parsed = _han(str(y))
            if parsed is None or parsed[0] not in YAKU_NAMES:
                out.append(f"seat {won.seat}'s win: cannot read the log's yaku {y!r}")
                continue
            if parsed[1]:
                logged[(YAKU_NAMES[parsed[0]], parsed[1])] += 1
        ours = _yaku(result)
        if logged != ours:
            only_log = sorted((logged - ours).elements())
            only_ours = sorted((ours - logged).elements())
            out.append(
                f"seat {won.seat}'s win: yaku only in the log {only_log}, only ours {only_ours}"
            )
    return out


def check_results(replay: Replay, script: GameScript) -> list[Difference]:
    """Return the differences between each hand's result in the log and in our replay:
    indicators, winners, deltas, the han/fu/points text and the yaku."""
    out: list[Difference] = []
    for i, hand in enumerate(script.hands):
        if i >= len(replay.hand_events):
            break
        events = replay.hand_events[i]
        messages = _check_hand(hand, events)
        out.extend(Difference(hand.label, m) for m in messages)
    return out


def _check_hand(hand: HandScript, events: list[Event]) -> list[str]:
    out: list[str] = []
    shown = tuple(e.tile for e in events if isinstance(e, IndicatorRevealed))
    ended = any(e.kind == "hand_ended" for e in events)
    if not ended:
        return out
    if shown != hand.dora:
        out.append(
            f"dora indicators {format_tiles(shown, sort=False)}, "
            f"the log {format_tiles(hand.dora, sort=False)}"
        )
    wins = [m for m in hand.moves if isinstance(m, Win)]
    k = 0
    for j, e in enumerate(events):
        if not isinstance(e, Won):
            continue
        moved = events[j + 1] if j + 1 < len(events) else None
        deltas = moved.deltas if isinstance(moved, PointsMoved) else ()
        if e.ura_indicators and hand.ura and tuple(e.ura_indicators) != hand.ura:
            ura = format_tiles(e.ura_indicators, sort=False)
            out.append(f"ura indicators {ura}, the log {format_tiles(hand.ura, sort=False)}")
        if k < len(wins):
            out.extend(_check_win(hand, e, tuple(deltas), wins[k].expected, k == 0, hand.dealer))
        k += 1
    end = hand.moves[-1] if hand.moves else None
    if isinstance(end, End) and end.outcome == "exhaustive_draw" and end.deltas is not None:
        total = [0] * 4
        for e in events:
            if isinstance(e, PointsMoved) and e.reason in ("noten", "nagashi_mangan"):
                total = [a + b for a, b in zip(total, e.deltas, strict=True)]
        if tuple(total) != end.deltas:
            out.append(f"the draw moves {total}, the log {list(end.deltas)}")
    return out


def import_tenhou(data: Mapping[str, Any]) -> tuple[Replay, GameScript]:
    """Return the replay of a tenhou.net/6 log (its record and every difference found) and the
    script read from it."""
    script = read_tenhou(data)
    replay = drive(script)
    replay.differences.extend(check_results(replay, script))
    sc = data.get("sc")
    state = replay.state
    if (
        isinstance(sc, list)
        and len(sc) == 8
        and state is not None
        and state.game_over
        and replay.complete
    ):
        final = [int(sc[2 * s]) for s in range(4)]
        if list(state.scores) != final:
            replay.differences.append(
                Difference("end", f"final scores {list(state.scores)}, the log {final}")
            )
        shown = tenhou_standings(state.scores, state.final_points)
        logged = [float(sc[2 * s + 1]) for s in range(4)]
        if shown != logged:
            replay.differences.append(
                Difference("end", f"final standings {shown}, the log {logged}")
            )
    return replay, script


def tenhou_standings(scores: Sequence[int], final_points: Sequence[int]) -> list[float]:
    """Return the standings as Tenhou shows them: the final points in thousands, each score
    first rounded to a thousand with Tenhou's "five down, six up" (34,500 -> 34,000, 34,600 ->
    35,000, -4,900 -> -5,000).

    >>> tenhou_standings([21100, 55000, -4900, 28800], [-18900, 65000, -54900, 8800])
    [-19.0, 65.0, -55.0, 9.0]
    """
    out = []
    for score, points in zip(scores, final_points, strict=True):
        size, rest = divmod(abs(score), 1000)
        rounded = (size + (rest >= 600)) * 1000 * (1 if score >= 0 else -1)
        out.append((points - score + rounded) / 1000)
    return out

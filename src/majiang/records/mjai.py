"""mjai event logs (JSON lines, Mortal's libriichi dialect): written from a native record, read
back by replaying them on the engine.

Events: ``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``, ``chi``, ``pon``, ``daiminkan``,
``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``. Tiles: ``1m``-``9s``, red fives ``5mr`` ``5pr`` ``5sr``, honors
``E S W N P F C``, a hidden tile ``?``. Our own detail rides in extra fields other readers ignore:
``start_game.majiang`` (variant, options, seed, length, fixed start: enough to rebuild the very
walls), ``hora.majiang`` (the scoring contract's result, the hand and melds), ``ryukyoku.majiang``
(the reason, the ready seats), ``end_game.majiang`` (scores, placements), and
``majiang_declined`` on a discard or kong (claims made on it that took no effect, e.g. a chi
overruled by a pon) so that reading the log back gives the very same record.

>>> mjai_tile(parse_tile("0p")), mjai_tile(parse_tile("7z")), tile_name(parse_mjai_tile("5sr"))
('5pr', 'C', '0s')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from majiang.actions import Action, Chi, Kan, Pass, Pon, Ron
from majiang.engine import resolve_options
from majiang.records.drive import Difference, Replay, drive, hand_label
from majiang.records.native import GameRecord
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
from majiang.rules import get_ruleset
from majiang.tiles import RED_BASE, Tile, is_red, kind, parse_tile, parse_tiles, tile_name

__all__ = [
    "call_event",
    "declined_answers",
    "export_mjai",
    "import_mjai",
    "is_mjai",
    "mjai_tile",
    "parse_mjai_tile",
    "read_mjai",
    "read_mjai_lines",
]

HONORS = "ESWNPFC"
WINDS = "ESWN"
META = "majiang"


def mjai_tile(t: Tile) -> str:
    """Return the mjai name of a tile: ``5mr`` for a red five, ``E``...``C`` for honors."""
    if is_red(t):
        return f"5{'mps'[t - RED_BASE]}r"
    k = kind(t)
    return HONORS[k - 27] if k >= 27 else tile_name(t)


def parse_mjai_tile(text: object) -> Tile:
    """Return the tile an mjai name means; a hidden tile ``?`` or anything else raises
    ``LogError``."""
    if not isinstance(text, str):
        raise LogError(f"not an mjai tile: {text!r}")
    if text == "?":
        raise LogError("a hidden tile '?': a player's view cannot be replayed, only a full log")
    if len(text) == 1 and text in HONORS:
        return 27 + HONORS.index(text)
    if len(text) == 3 and text[0] == "5" and text[1] in "mps" and text[2] == "r":
        return RED_BASE + "mps".index(text[1])
    if len(text) == 2 and text[0] in "123456789" and text[1] in "mps":
        return parse_tile(text)
    raise LogError(f"not an mjai tile: {text!r}")


def is_mjai(text: str) -> bool:
    """Return whether a file's text looks like mjai JSON lines.

    >>> is_mjai('{"type":"start_game"}\\n'), is_mjai('{"log": []}')
    (True, False)
    """
    first = text.lstrip().split("\n", 1)[0]
    try:
        data = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and isinstance(data.get("type"), str)


# ---------------------------------------------------------------- writing


def declined_answers(record: GameRecord) -> list[list[list[Any]]]:
    """Return, for each discard or kong of the record in order, the claims made on it that took
    no effect (a call overruled by a higher one, a ron dropped by head bump or a triple-ron
    abort): ``[seat, action text]`` pairs, empty for most."""
    rules = get_ruleset(record.variant)
    options = resolve_options(rules, record.options)
    out: list[list[list[Any]]] = []
    opener: int | None = None
    answers: list[tuple[int, Action]] = []

    def close() -> None:
        if opener is None:
            return
        out.append(_declined(rules, options, opener, answers))

    for seat, action in record.actions:
        if isinstance(action, Pass | Ron | Chi | Pon | Kan):
            answers.append((seat, action))
            continue
        close()
        answers = []
        opener = seat if action.kind in ("discard", "ankan", "kakan") else None
    close()
    return out


def _declined(
    rules: Any, options: Mapping[str, Any], source: int, answers: list[tuple[int, Action]]
) -> list[list[Any]]:
    n = rules.players
    order = {(source + i) % n: i for i in range(1, n)}
    given = sorted(answers, key=lambda sa: order.get(sa[0], n))
    rons = tuple(s for s, a in given if isinstance(a, Ron))
    visible: set[int] = set()
    if rons:
        winners = rules.ron_winners(options, rons)
        visible = set(winners or ())
    else:
        for rank in ((Kan, Pon), (Chi,)):
            hit = next((s for s, a in given if isinstance(a, rank)), None)
            if hit is not None:
                visible = {hit}
                break
    return [[s, str(a)] for s, a in answers if not isinstance(a, Pass) and s not in visible]


def export_mjai(record: GameRecord, seat: int | None = None) -> list[dict[str, Any]]:
    """Return the mjai events of a native riichi record; with ``seat``, that seat's view (the
    other seats' dealt and drawn tiles as ``?``, no seed or walls)."""
    if record.variant != "riichi":
        raise LogError(f"mjai logs are riichi only, this record is {record.variant!r}")
    meta: dict[str, Any] = {
        "variant": record.variant,
        "options": dict(record.options),
        "length": record.length,
    }
    if seat is None:
        meta.update(seed=record.seed, start=dict(record.start))
    out: list[dict[str, Any]] = [{"type": "start_game", "names": list(record.seats), META: meta}]
    # a claim that took no effect is known to its maker only: not in a seat's view
    declined = iter(declined_answers(record) if seat is None else [])
    kyoku: dict[str, Any] | None = None
    tehais: list[list[str]] = [[] for _ in range(4)]
    hora: dict[str, Any] | None = None
    draw_deltas = [0] * 4
    final_sticks: list[int] | None = None

    def hidden(owner: int, tiles: list[str]) -> list[str]:
        return tiles if seat is None or owner == seat else ["?"] * len(tiles)

    def flush() -> None:
        nonlocal kyoku
        if kyoku is not None:
            kyoku["tehais"] = [hidden(s, tehais[s]) for s in range(4)]
            out.append(kyoku)
            kyoku = None

    for e in record.events:
        t = e.get("type")
        if t == "hand_started":
            kyoku = {
                "type": "start_kyoku",
                "bakaze": WINDS[e["round_wind"] % 4],
                "dora_marker": None,
                "kyoku": e["dealer"] + 1,
                "honba": e["honba"],
                "kyotaku": e["sticks"],
                "oya": e["dealer"],
                "scores": list(e["scores"]),
            }
            tehais = [[] for _ in range(4)]
            draw_deltas = [0] * 4
        elif t == "dealt":
            tehais[e["seat"]] = [mjai_tile(x) for x in parse_tiles(e["tiles"])]
        elif t == "indicator_revealed":
            marker = mjai_tile(parse_tile(e["tile"]))
            if kyoku is not None:
                kyoku["dora_marker"] = marker
            else:
                out.append({"type": "dora", "dora_marker": marker})
        elif t == "drew":
            flush()
            pai = mjai_tile(parse_tile(e["tile"]))
            out.append({"type": "tsumo", "actor": e["seat"], "pai": hidden(e["seat"], [pai])[0]})
        elif t == "discarded":
            if e.get("riichi"):
                out.append({"type": "reach", "actor": e["seat"]})
            dahai = {
                "type": "dahai",
                "actor": e["seat"],
                "pai": mjai_tile(parse_tile(e["tile"])),
                "tsumogiri": bool(e.get("tsumogiri")),
            }
            _mark_declined(dahai, declined)
            out.append(dahai)
        elif t == "riichi_declared":
            out.append({"type": "reach_accepted", "actor": e["seat"]})
        elif t == "called":
            out.append(_call_event(e, declined))
        elif t == "won":
            hora = {
                "type": "hora",
                "actor": e["seat"],
                "target": e["seat"] if e.get("source") is None else e["source"],
                "deltas": None,
            }
            if e.get("ura_indicators"):
                hora["ura_markers"] = [mjai_tile(x) for x in parse_tiles(e["ura_indicators"])]
            hora[META] = {
                "pai": e["tile"],
                "hand": e["hand"],
                "melds": list(e.get("melds", [])),
                "result": e.get("result", {}),
                "liable": e.get("liable"),
                "robbed_kong": bool(e.get("robbed_kong")),
            }
            out.append(hora)
        elif t == "points_moved":
            reason = e.get("reason")
            if reason == "win" and hora is not None:
                hora["deltas"] = list(e["deltas"])
                hora = None
            elif reason in ("noten", "nagashi_mangan"):
                draw_deltas = [a + b for a, b in zip(draw_deltas, e["deltas"], strict=True)]
            elif reason == "final_sticks":
                final_sticks = list(e["deltas"])
        elif t == "hand_ended":
            flush()
            if e["outcome"] != "win":
                out.append(
                    {
                        "type": "ryukyoku",
                        "deltas": draw_deltas,
                        META: {
                            "reason": e["reason"],
                            "outcome": e["outcome"],
                            "ready": list(e.get("ready", [])),
                        },
                    }
                )
            out.append({"type": "end_kyoku", META: {"scores": list(e["scores"])}})
        elif t == "game_ended":
            end: dict[str, Any] = {
                "scores": list(e["scores"]),
                "placements": list(e["placements"]),
                "reason": e.get("reason", "length"),
                "final_points": list(e.get("final_points", e["scores"])),
            }
            if final_sticks is not None:
                end["final_sticks"] = final_sticks
            out.append({"type": "end_game", META: end})
    flush()
    return out


def _mark_declined(event: dict[str, Any], declined: Iterable[list[list[Any]]]) -> None:
    found = next(iter(declined), [])
    if found:
        event["majiang_declined"] = found


def call_event(e: Mapping[str, Any]) -> dict[str, Any]:
    """Return the mjai event of one ``called`` event in its record form (``Called.to_dict()``),
    for a player's live stream (``bots/mjai.py``).

    >>> call_event({"seat": 1, "meld": "pon", "tiles": "555z", "claimed": "5z", "source": 0})
    {'type': 'pon', 'actor': 1, 'target': 0, 'pai': 'P', 'consumed': ['P', 'P']}
    """
    return _call_event(e, ())


def _call_event(e: Mapping[str, Any], declined: Iterable[list[list[Any]]]) -> dict[str, Any]:
    meld = e["meld"]
    tiles = parse_tiles(e["tiles"])
    claimed = parse_tile(e["claimed"]) if e.get("claimed") else None
    actor = e["seat"]
    if meld == "ankan":
        event = {"type": "ankan", "actor": actor, "consumed": [mjai_tile(x) for x in tiles]}
        _mark_declined(event, declined)
        return event
    assert claimed is not None
    rest = list(tiles)
    rest.remove(claimed)
    consumed = [mjai_tile(x) for x in rest]
    if meld == "kakan":
        event = {"type": "kakan", "actor": actor, "pai": mjai_tile(claimed), "consumed": consumed}
        _mark_declined(event, declined)
        return event
    kind_name = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[meld]
    return {
        "type": kind_name,
        "actor": actor,
        "target": e["source"],
        "pai": mjai_tile(claimed),
        "consumed": consumed,
    }


def dumps_mjai(events: Sequence[Mapping[str, Any]]) -> str:
    """Return the events as JSON lines."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


# ---------------------------------------------------------------- reading


def read_mjai_lines(text: str) -> list[dict[str, Any]]:
    """Return the events of mjai JSON lines (blank lines skipped), or raise ``LogError``."""
    events: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"line {n}: not JSON ({exc})") from exc
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise LogError(f"line {n}: not an mjai event: {line[:80]!r}")
        events.append(event)
    return events


def _tiles(values: object) -> tuple[Tile, ...]:
    if not isinstance(values, list):
        raise LogError(f"expected a list of tiles, got {values!r}")
    return tuple(parse_mjai_tile(v) for v in values)


def _seat(value: object) -> int:
    if type(value) is not int or not 0 <= value < 4:
        raise LogError(f"not a seat 0-3: {value!r}")
    return value


def _declined_of(event: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    return tuple((_seat(s), str(a)) for s, a in event.get("majiang_declined", []))


def read_mjai(events: Sequence[Mapping[str, Any]]) -> GameScript:
    """Return the script of an mjai log (raises ``LogError`` when it cannot be read)."""
    names = ["", "", "", ""]
    meta: dict[str, Any] | None = None
    hands: list[HandScript] = []
    hand: HandScript | None = None
    after_kan: int | None = None
    riichi: int | None = None
    reds = False
    try:
        for n, e in enumerate(events, 1):
            t = e["type"]
            if t == "start_game":
                names = [str(x) for x in e.get("names", names)]
                if isinstance(e.get(META), dict):
                    meta = dict(e[META])
                continue
            if t == "start_kyoku":
                dealer = _seat(e["oya"])
                round_wind = WINDS.index(e["bakaze"])
                if not isinstance(e["tehais"], list) or len(e["tehais"]) != 4:
                    raise LogError(f"event {n}: start_kyoku needs four tehais")
                hand = HandScript(
                    hand_label(round_wind, dealer, int(e["honba"])),
                    round_wind,
                    dealer,
                    int(e["honba"]),
                    int(e["kyotaku"]),
                    tuple(int(s) for s in e["scores"]),
                    tuple(_tiles(h) for h in e["tehais"]),
                    dora=(parse_mjai_tile(e["dora_marker"]),),
                )
                hands.append(hand)
                reds = reds or any(is_red(x) for h in hand.haipai for x in h)
                continue
            if t in ("end_kyoku", "end_game", "reach_accepted", "none"):
                continue
            if hand is None:
                raise LogError(f"event {n} ({t}) before any start_kyoku")
            move = _move(e, after_kan, riichi, hand)
            riichi = _seat(e["actor"]) if t == "reach" else None
            if t in ("daiminkan", "ankan", "kakan"):
                after_kan = _seat(e["actor"])
            elif t not in ("dora",):
                after_kan = None
            if move is not None:
                hand.moves.append(move)
                if isinstance(move, Draw | Throw | Claim | AddedKong):
                    reds = reds or is_red(getattr(move, "tile", 0))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, LogError):
            raise
        raise LogError(f"malformed mjai event: {exc!r}") from exc
    if not hands:
        raise LogError("no start_kyoku: not an mjai game log")
    for h in hands:
        if h.moves and isinstance(h.moves[-1], Win):
            h.moves.append(End("win"))
    notes: list[str] = []
    if meta is not None:
        options = dict(meta.get("options") or {})
        length = str(meta.get("length", "east"))
        seed = meta.get("seed", 0)
        start = meta.get("start") if "seed" in meta else None
        return GameScript(options, names, length, hands, seed=seed, start=start, notes=notes)
    options = {"aka": 1 if reds else 0}
    length = (
        "one_hand"
        if len(hands) == 1
        else ("south" if any(h.round_wind >= 1 for h in hands) else "east")
    )
    notes.append(
        f"no majiang detail: options {options}, length {length} (read from the log); the log "
        "names no rule set, so the end of the game and the standings follow our defaults "
        "(Tenhou's: docs/riichi.md 'The end of the game')"
    )
    return GameScript(options, names, length, hands, notes=notes)


def _move(
    e: Mapping[str, Any], after_kan: int | None, riichi: int | None, hand: HandScript
) -> Move | None:
    t = e["type"]
    if t == "tsumo":
        actor = _seat(e["actor"])
        return Draw(actor, parse_mjai_tile(e["pai"]), after_kan == actor)
    if t == "dahai":
        actor = _seat(e["actor"])
        return Throw(
            actor,
            parse_mjai_tile(e["pai"]),
            riichi == actor,
            e.get("tsumogiri") if isinstance(e.get("tsumogiri"), bool) else None,
            _declined_of(e),
        )
    if t in ("chi", "pon", "daiminkan"):
        meld = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[t]
        return Claim(
            _seat(e["actor"]),
            meld,
            _tiles(e["consumed"]),
            parse_mjai_tile(e["pai"]),
            _seat(e["target"]),
        )
    if t == "ankan":
        return ConcealedKong(_seat(e["actor"]), _tiles(e["consumed"]), _declined_of(e))
    if t == "kakan":
        return AddedKong(_seat(e["actor"]), parse_mjai_tile(e["pai"]), _declined_of(e))
    if t == "dora":
        hand.dora = (*hand.dora, parse_mjai_tile(e["dora_marker"]))
        return None
    if t == "reach":
        return None
    if t == "hora":
        actor, target = _seat(e["actor"]), _seat(e["target"])
        if e.get("ura_markers"):
            hand.ura = _tiles(e["ura_markers"])
        return Win(actor, None if actor == target else target, {"deltas": e.get("deltas")})
    if t == "ryukyoku":
        found = e.get(META)
        detail: Mapping[str, Any] = found if isinstance(found, dict) else {}
        deltas = e.get("deltas")
        return End(
            str(detail.get("outcome", "draw")),
            str(detail.get("reason", "")),
            tuple(int(d) for d in deltas) if deltas else None,
        )
    raise LogError(f"unknown mjai event type {t!r}")


def _strip_dora(events: Sequence[Mapping[str, Any]]) -> tuple[list[Mapping[str, Any]], list[Any]]:
    rest, dora = [], []
    for e in events:
        if e.get("type") == "dora":
            dora.append(e.get("dora_marker"))
        else:
            rest.append(e)
    return rest, dora


def compare_mjai(
    given: Sequence[Mapping[str, Any]], ours: Sequence[Mapping[str, Any]]
) -> list[Difference]:
    """Return the differences between a log's events and ours, event by event: every field the
    log gives (extras included) must be ours too; ``dora`` events are compared as a list (logs
    differ on where they put a kong's indicator)."""
    out: list[Difference] = []
    a, dora_a = _strip_dora(given)
    b, dora_b = _strip_dora(ours)
    label = "start"
    last_tsumo: dict[int, Any] = {}
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if y.get("type") == "start_kyoku":
            label = hand_label(WINDS.index(y["bakaze"]), int(y["oya"]), int(y["honba"]))
        if x.get("type") != y.get("type"):
            out.append(Difference(label, f"event {i}: the log has {dict(x)}, ours {dict(y)}"))
            return out
        if y.get("type") == "tsumo":
            last_tsumo[int(y["actor"])] = y.get("pai")
        for key, value in x.items():
            if key == "type" or key not in y:
                continue
            if (
                key == "tsumogiri"
                and value is False
                and y[key] is True
                and last_tsumo.get(int(y["actor"])) == y.get("pai")
            ):
                continue  # the same tile held and drawn: either may have been discarded
            if value is None and key in ("deltas", "ura_markers"):
                continue
            if json.loads(json.dumps(value)) != json.loads(json.dumps(y[key])):
                out.append(
                    Difference(
                        label,
                        f"event {i} ({x['type']}): {key} {value!r} in the log, ours {y[key]!r}",
                    )
                )
    if len(a) != len(b):
        out.append(Difference(label, f"the log has {len(a)} events (dora apart), ours {len(b)}"))
    if dora_a != dora_b:
        out.append(Difference(label, f"dora indicators {dora_a} in the log, ours {dora_b}"))
    return out


def import_mjai(text: str) -> tuple[Replay, GameScript]:
    """Return the replay of an mjai log (the native record, every difference) and its script."""
    given = read_mjai_lines(text)
    script = read_mjai(given)
    replay = drive(script)
    ours = export_mjai(replay.record)
    if script.start is None:  # a foreign log: our meta fields are not in it, nothing to compare
        ours[0].pop(META, None)
    if replay.complete:
        replay.differences.extend(compare_mjai(given, ours))
    return replay, script

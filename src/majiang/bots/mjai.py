"""An external mjai bot as a riichi seat: the minimal event conversion the arena needs.

``MjaiProcessBot(command)`` starts ``command`` and talks the mjai protocol on its standard
input and output: each time the seat must decide, the events it has not yet been sent go out
as one JSON array on one line, and one reaction (``dahai``, ``reach``, ``chi``, ``pon``,
``daiminkan``, ``ankan``, ``kakan``, ``hora``, ``ryukyoku`` or ``none``) comes back on one
line. A ``reach`` is answered with the ``reach`` event, and the ``dahai`` that follows makes
the riichi discard. A reaction that is not legal counts in ``illegal`` and is replaced by a
pass (or the discard of the drawn tile), so a faulty bot cannot stop the arena. A ``dahai``
of the tile just drawn with ``tsumogiri: false``, where the seat holds another copy and is not
in riichi, discards that copy (``from_hand``; the drawn tile stays).

The bot learns the game from the events its seat may see (``event.for_seat``), which the
arena passes to ``observe``; its view is used only to pick among the legal actions.

(``majiang.records.mjai`` is the full record conversion, and the tile names of both; this
module converts only the events a playing seat needs.)

>>> from majiang.tiles import parse_tile
>>> mjai_tile(parse_tile("0p")), mjai_tile(parse_tile("5z")), tile_from_mjai("C")
('5pr', 'P', 33)
"""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from majiang.actions import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from majiang.bots.simple import pass_or_tsumogiri
from majiang.errors import MajiangError
from majiang.events import (
    Called,
    Dealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    HandEnded,
    HandStarted,
    IndicatorRevealed,
    RiichiDeclared,
    Won,
)
from majiang.records.mjai import call_event, parse_mjai_tile
from majiang.records.mjai import mjai_tile as record_tile
from majiang.tiles import Tile
from majiang.view import PlayerView

__all__ = ["MjaiConverter", "MjaiProcessBot", "mjai_tile", "tile_from_mjai"]


def mjai_tile(t: Tile | None) -> str:
    """Return a tile in mjai notation (``records.mjai``'s names: ``5mr`` a red five, ``E``..``N``,
    ``P`` ``F`` ``C``), or ``?`` for a hidden tile."""
    return "?" if t is None else record_tile(t)


def tile_from_mjai(text: str) -> Tile:
    """Return the tile id of an mjai tile name (``records.mjai.parse_mjai_tile``: anything else,
    the hidden ``?`` included, raises a ``MajiangError``)."""
    return parse_mjai_tile(text)


class MjaiConverter:
    """Turns the events one seat sees into mjai events."""

    def __init__(self, seat: int, players: int = 4) -> None:
        self.seat = seat
        self.players = players
        self.kyoku: dict[str, Any] | None = None
        self.tehais: list[list[str]] = [[] for _ in range(players)]
        self.own_reach = False

    def start(self, names: Sequence[str]) -> list[dict[str, Any]]:
        """Return the ``start_game`` event."""
        return [{"type": "start_game", "id": self.seat, "names": list(names)}]

    def convert(self, e: Event) -> list[dict[str, Any]]:
        """Return the mjai events for one of our events (several, or none)."""
        out: list[dict[str, Any]] = []
        if isinstance(e, HandStarted):
            self.kyoku = {
                "type": "start_kyoku",
                "bakaze": "ESWN"[e.round_wind % 4],
                "kyoku": e.dealer + 1,
                "honba": e.honba,
                "kyotaku": e.sticks,
                "oya": e.dealer,
                "scores": list(e.scores),
                "dora_marker": None,
            }
            self.tehais = [[] for _ in range(self.players)]
        elif isinstance(e, Dealt):
            hidden = e.seat != self.seat or not e.tiles
            self.tehais[e.seat] = ["?"] * e.count if hidden else [mjai_tile(t) for t in e.tiles]
        elif isinstance(e, IndicatorRevealed):
            if self.kyoku is not None and self.kyoku["dora_marker"] is None:
                self.kyoku["dora_marker"] = mjai_tile(e.tile)
            else:
                out.append({"type": "dora", "dora_marker": mjai_tile(e.tile)})
        elif isinstance(e, Drew):
            out.extend(self._flush_kyoku())
            out.append({"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile)})
        elif isinstance(e, Discarded):
            if e.riichi and not (e.seat == self.seat and self.own_reach):
                out.append({"type": "reach", "actor": e.seat})
            self.own_reach = False
            out.append(
                {
                    "type": "dahai",
                    "actor": e.seat,
                    "pai": mjai_tile(e.tile),
                    "tsumogiri": e.tsumogiri,
                }
            )
        elif isinstance(e, RiichiDeclared):
            out.append({"type": "reach_accepted", "actor": e.seat})
        elif isinstance(e, Called):
            out.append(self._call(e))
        elif isinstance(e, Won):
            out.append(
                {
                    "type": "hora",
                    "actor": e.seat,
                    "target": e.seat if e.source is None else e.source,
                    "pai": mjai_tile(e.tile),
                }
            )
        elif isinstance(e, HandEnded):
            if e.outcome != "win":
                out.append({"type": "ryukyoku"})
            out.append({"type": "end_kyoku"})
        elif isinstance(e, GameEnded):
            out.append({"type": "end_game", "scores": list(e.scores)})
        return out

    def _flush_kyoku(self) -> list[dict[str, Any]]:
        if self.kyoku is None:
            return []
        kyoku = self.kyoku
        self.kyoku = None
        kyoku["dora_marker"] = kyoku["dora_marker"] or "?"
        kyoku["tehais"] = [list(t) for t in self.tehais]
        return [kyoku]

    def _call(self, e: Called) -> dict[str, Any]:
        return call_event(e.to_dict())


def _same_tiles(a: Sequence[Tile], b: Sequence[Tile]) -> bool:
    return sorted(a) == sorted(b)


def _as_said(plain: Action | None, dahai: Mapping[str, Any], view: PlayerView) -> Action | None:
    """Return the offered discard ``plain`` as the bot's ``dahai`` meant it: of the hand's copy
    of the tile just drawn (``from_hand``) when it says ``tsumogiri: false`` of that tile and
    holds another copy outside riichi, else as offered."""
    if not isinstance(plain, Discard) or dahai.get("tsumogiri") is not False:
        return plain
    tile = plain.tile
    if view.drawn != tile or view.hand.count(tile) < 2 or view.seats[view.seat].riichi:
        return plain
    return Discard(tile, plain.riichi, from_hand=True)


class MjaiProcessBot:
    """A seat played by an external mjai bot process (riichi only)."""

    name = "mjai"

    def __init__(self, command: str, variant: str = "riichi", seat: int | None = None) -> None:
        if variant != "riichi":
            raise MajiangError(f"an mjai bot plays riichi only, not {variant!r}")
        self.command = command
        self.seat = seat
        self.pending: list[dict[str, Any]] = []
        self.converter: MjaiConverter | None = None
        self.illegal = 0
        self.proc: subprocess.Popen[str] | None = None

    def _start(self, seat: int) -> None:
        self.seat = seat
        self.converter = MjaiConverter(seat)
        self.pending = self.converter.start([f"seat{s}" for s in range(4)])
        self.proc = subprocess.Popen(
            shlex.split(self.command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def observe(self, seat: int, events: Sequence[Event]) -> None:
        """Take the events this seat may see (already filtered with ``for_seat``)."""
        if self.converter is None:
            self._start(seat)
        assert self.converter is not None
        for e in events:
            self.pending.extend(self.converter.convert(e))

    def _ask(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdin is not None
        assert self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(events) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise MajiangError(f"mjai bot {self.command!r} closed its output")
        reply = json.loads(line)
        if isinstance(reply, list):  # some bots answer with an array
            reply = reply[-1] if reply else {"type": "none"}
        return reply if isinstance(reply, dict) else {"type": "none"}

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return the external bot's reaction as one of ``legal``."""
        if self.converter is None:
            self._start(view.seat)
        events, self.pending = self.pending, []
        reply = self._ask(events)
        action = self._to_action(reply, view, legal)
        if action is None:
            self.illegal += 1
            action = pass_or_tsumogiri(view, legal)
        return action

    def _to_action(
        self, reply: dict[str, Any], view: PlayerView, legal: Sequence[Action]
    ) -> Action | None:
        kind = reply.get("type")
        try:
            if kind == "reach":
                assert self.converter is not None
                self.converter.own_reach = True
                follow = self._ask([{"type": "reach", "actor": view.seat}])
                if follow.get("type") != "dahai":
                    return None
                tile = tile_from_mjai(str(follow.get("pai")))
                found = (a for a in legal if isinstance(a, Discard) and a.riichi and a.tile == tile)
                return _as_said(next(found, None), follow, view)
            if kind == "dahai":
                tile = tile_from_mjai(str(reply.get("pai")))
                found = (
                    a for a in legal if isinstance(a, Discard) and not a.riichi and a.tile == tile
                )
                return _as_said(next(found, None), reply, view)
            if kind == "hora":
                return next((a for a in legal if isinstance(a, Tsumo | Ron)), None)
            if kind == "none":
                return next((a for a in legal if isinstance(a, Pass)), None)
            if kind == "ryukyoku":
                return next((a for a in legal if isinstance(a, NineTerminals)), None)
            if kind == "kakan":
                tile = tile_from_mjai(str(reply.get("pai")))
                return next((a for a in legal if isinstance(a, Kakan) and a.tile == tile), None)
            cls = {"chi": Chi, "pon": Pon, "daiminkan": Kan, "ankan": Ankan}.get(str(kind))
            if cls is not None:
                own = [tile_from_mjai(str(t)) for t in reply.get("consumed", [])]
                return next(
                    (a for a in legal if isinstance(a, cls) and _same_tiles(a.tiles, own)), None
                )
        except (MajiangError, TypeError, ValueError):
            return None
        return None

    def close(self) -> None:
        """Send the events left (the end of the game) and stop the process."""
        if self.proc is None:
            return
        try:
            if self.pending and self.proc.stdin is not None:
                self.proc.stdin.write(json.dumps(self.pending) + "\n")
                self.proc.stdin.flush()
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self.proc = None

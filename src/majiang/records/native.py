"""The native record: JSON with a format version, enough to re-run the game exactly.

A record holds the variant and every option's value, the seed, the length, the seats' names,
any fixed starting position (walls, scores, dealer ...), every action in order with its seat,
and every event (for readers: ``replay`` prints from them; ``verify`` re-runs the engine from the
seed and the actions and compares its events with these, failing at the first difference).

Layout (version 1)::

    {"format": "majiang-record", "version": 1, "variant": "riichi", "options": {...},
     "seed": 7, "length": "east", "seats": ["random", "random", "random", "random"],
     "start": {}, "actions": [{"seat": 0, "action": {"type": "discard", "tile": "9m",
     "riichi": false}}, ...], "events": [{"type": "hand_started", ...}, ...],
     "result": {"scores": [...], "placements": [...]}}

>>> rec = GameRecord("riichi", {}, 7, "one_hand", ["a", "b", "c", "d"])
>>> GameRecord.from_dict(rec.to_dict()) == rec
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from majiang.actions import Action, action_from_dict
from majiang.engine import new_game, step
from majiang.errors import MajiangError
from majiang.events import Event
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import parse_tiles

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordMismatch",
    "load_record",
    "rerun",
    "save_record",
    "verify",
]

RECORD_FORMAT = "majiang-record"
RECORD_VERSION = 1


class RecordMismatch(MajiangError):
    """A record's stored events differ from what the engine makes of its seed and actions."""


@dataclass
class GameRecord:
    """One game: how to re-run it (variant, options, seed, length, start, actions) and its events."""

    variant: str
    options: dict[str, Any]
    seed: int | str
    length: str
    seats: list[str]
    actions: list[tuple[int, Action]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    #: a fixed starting position: walls (notation, one per hand), scores, dealer, round_wind ...
    start: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "length": self.length,
            "seats": list(self.seats),
            "start": dict(self.start),
            "actions": [{"seat": s, "action": a.to_dict()} for s, a in self.actions],
            "events": list(self.events),
            "result": dict(self.result),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Return the record read from its JSON form, or raise ``MajiangError`` saying why."""
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise MajiangError(f"not a majiang record (expected format {RECORD_FORMAT!r})")
        version = data.get("version")
        if version != RECORD_VERSION:
            raise MajiangError(
                f"record version {version!r} is not supported (this majiang reads {RECORD_VERSION})"
            )
        try:
            actions = [(int(a["seat"]), action_from_dict(a["action"])) for a in data["actions"]]
            return cls(
                variant=str(data["variant"]),
                options=dict(data.get("options") or {}),
                seed=data["seed"],
                length=str(data["length"]),
                seats=[str(s) for s in data.get("seats", [])],
                actions=actions,
                events=list(data.get("events") or []),
                start=dict(data.get("start") or {}),
                result=dict(data.get("result") or {}),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, MajiangError):
                raise
            raise MajiangError(f"malformed record: {exc!r}") from exc

    def new_game(self) -> tuple[GameState, list[Event]]:
        """Return the game's first state and the events of the first deal."""
        start = dict(self.start)
        walls = [parse_tiles(w) for w in start.pop("walls", [])]
        return new_game(
            get_ruleset(self.variant),
            self.options,
            self.seed,
            self.length,
            walls=walls,
            **start,
        )


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write the record as JSON."""
    Path(path).write_text(json.dumps(record.to_dict(), separators=(",", ":")) + "\n")


def load_record(path: str | Path) -> GameRecord:
    """Return the record read from a JSON file."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise MajiangError(f"cannot read record {str(path)!r}: {exc}") from exc
    return GameRecord.from_dict(data)


def rerun(record: GameRecord) -> tuple[GameState, list[Event]]:
    """Return the final state and every event of re-running the record's actions on the engine."""
    rules = get_ruleset(record.variant)
    state, events = record.new_game()
    for seat, action in record.actions:
        state, more = step(rules, state, seat, action)
        events.extend(more)
    return state, events


def verify(record: GameRecord) -> int:
    """Return the number of events checked; raise ``RecordMismatch`` at the first difference
    between the stored events and those of a re-run (or an action the engine refuses)."""
    rules = get_ruleset(record.variant)
    state, fresh = record.new_game()
    stored = record.events
    checked = 0

    def compare(new: list[Event], after: str) -> None:
        nonlocal checked
        for e in new:
            got = e.to_dict()
            if checked >= len(stored):
                raise RecordMismatch(
                    f"event {checked} ({after}): the record ends, the engine has {got}"
                )
            want = stored[checked]
            if json.loads(json.dumps(got)) != want:
                raise RecordMismatch(
                    f"event {checked} ({after}) differs:\n  record: {want}\n  engine: {got}"
                )
            checked += 1

    compare(fresh, "the deal")
    for i, (seat, action) in enumerate(record.actions):
        try:
            state, new = step(rules, state, seat, action)
        except MajiangError as exc:
            raise RecordMismatch(f"action {i} (seat {seat}: {action}) refused: {exc}") from exc
        compare(new, f"action {i}, seat {seat}: {action}")
    if checked != len(stored):
        raise RecordMismatch(
            f"the engine stops after {checked} events, the record has {len(stored)}"
        )
    return checked

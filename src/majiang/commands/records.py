"""``majiang export`` and ``majiang import``: riichi records in and out of other formats.

``majiang export --format mjai RECORD [--seat N] [--out FILE]`` writes a native record as mjai
JSON lines (``--seat``: that seat's view, other hands hidden as ``?``).

``majiang import FILE [--format mjai|tenhou6] [--out FILE]`` reads an mjai log or a tenhou.net/6
log (the format detected unless named), replays it on the engine checking every event, compares
each result with our scoring, prints the differences hand by hand and exits 1 when there is any
(0 when none); ``--out`` writes the native record the replay made.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from majiang.errors import MajiangError
from majiang.i18n import _
from majiang.records import load_record, save_record
from majiang.records.drive import Replay
from majiang.records.mjai import dumps_mjai, export_mjai, import_mjai, is_mjai
from majiang.records.script import GameScript
from majiang.records.tenhou import import_tenhou, is_tenhou

FORMATS = ("mjai", "tenhou6")


def register(sub: Any) -> None:
    """Add the ``export`` and ``import`` subcommands."""
    p = sub.add_parser(
        "export", help=_("write a native record as an mjai log"), description=__doc__
    )
    p.add_argument("record", help="a native record (JSON)")
    p.add_argument("--format", choices=("mjai",), default="mjai")
    p.add_argument("--seat", type=int, choices=range(4), help="write this seat's view only")
    p.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    p.set_defaults(run=run_export)
    q = sub.add_parser(
        "import", help=_("replay and check an mjai or tenhou.net/6 log"), description=__doc__
    )
    q.add_argument("file", help="an mjai log (JSON lines) or a tenhou.net/6 log (JSON)")
    q.add_argument("--format", choices=FORMATS, help="the log's format (detected when omitted)")
    q.add_argument("--out", metavar="FILE", help="write the native record here")
    q.set_defaults(run=run_import)


def run_export(args: argparse.Namespace) -> int:
    """Write the mjai log; return the exit code."""
    record = load_record(args.record)
    text = dumps_mjai(export_mjai(record, args.seat))
    if args.out:
        Path(args.out).write_text(text)
    else:
        sys.stdout.write(text)
    return 0


def detect_format(text: str) -> str:
    """Return ``mjai`` or ``tenhou6`` for a log's text, or raise ``MajiangError``.

    >>> detect_format('{"type":"start_game","names":["a","b","c","d"]}'), detect_format('{"log":[]}')
    ('mjai', 'tenhou6')
    """
    if is_mjai(text):
        return "mjai"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MajiangError(f"neither mjai lines nor tenhou.net/6 JSON: {exc}") from exc
    if is_tenhou(data):
        return "tenhou6"
    raise MajiangError("neither mjai lines nor tenhou.net/6 JSON (no 'type' or 'log' field)")


def import_log(text: str, fmt: str | None = None) -> tuple[Replay, GameScript]:
    """Return the replay of a log's text (format detected unless given) and its script."""
    fmt = fmt or detect_format(text)
    if fmt == "mjai":
        return import_mjai(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MajiangError(f"not tenhou.net/6 JSON: {exc}") from exc
    return import_tenhou(data)


def run_import(args: argparse.Namespace) -> int:
    """Replay and check the log; return 1 when any difference was found."""
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise MajiangError(f"cannot read {args.file!r}: {exc}") from exc
    replay, script = import_log(text, args.format)
    for note in script.notes:
        print(f"note: {note}")
    hands = len(script.hands)
    if args.out:
        save_record(replay.record, args.out)
    if replay.differences:
        for d in replay.differences:
            print(f"difference: {d.text()}")
        print(f"{len(replay.differences)} difference(s) in {hands} hand(s)")
        return 1
    print(
        f"ok: {hands} hand(s), {len(replay.record.actions)} actions replayed, "
        "every event and result agrees"
    )
    return 0


__all__ = ["detect_format", "import_log", "load_record", "register"]

"""Game records: the native JSON record (native.py); mjai logs (mjai.py) and tenhou.net/6 logs
(tenhou.py) read by replaying them on the engine (drive.py, script.py), see docs/records.md."""

from __future__ import annotations

from majiang.records.native import (
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    RecordMismatch,
    load_record,
    rerun,
    save_record,
    verify,
)

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

"""Game records: the native JSON record (native.py); readers of other formats come later."""

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

"""Timing of the server's phases, for the load benchmark: off unless ``MAJIANG_TRACE`` names a
file.

With ``MAJIANG_TRACE=/tmp/trace.jsonl`` the server appends one JSON line a second with what it
saw: for every player action the times (``time.monotonic()``, the same clock in every process
of the machine) at which its frame was read, the game task took it, its write was queued, the
write was committed, its ``accepted`` frame was queued and then written to the socket; for
every group commit its size and times; and every stall of the event loop of 5 ms or more.
``bench/server.py --trace`` reads the file back and prints where the round trip goes.

>>> t = Tracer(None)
>>> mark = t.action(ref=7, received=1.0)
>>> mark.took = 1.5
>>> mark.as_row()["ref"], mark.as_row()["took"]
(7, 1.5)
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import json
import os
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

#: a pause of the event loop this long or longer is written down
STALL = 0.005


@dataclass
class ActionMark:
    """When each step of one player action happened (0.0: not reached)."""

    ref: Any
    received: float
    took: float = 0.0
    queued: float = 0.0
    committed: float = 0.0
    released: float = 0.0
    sent: float = 0.0

    def as_row(self) -> dict[str, Any]:
        """Return the mark as a row of the trace file."""
        return {"kind": "action", **asdict(self)}


class Tracer:
    """Collects marks and writes them out once a second (``run``)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.rows: list[dict[str, Any]] = []
        self._marks: list[ActionMark] = []
        self._tick = 0.0
        self._loop_thread = 0
        #: what the event loop's thread was running when seen stalled: stack -> times seen
        self.stalled_in: collections.Counter[str] = collections.Counter()

    def action(self, ref: Any, received: float) -> ActionMark:
        """Return a new mark for an action frame read at ``received``."""
        mark = ActionMark(ref, received)
        self._marks.append(mark)
        return mark

    def commit(self, size: int, oldest: float, began: float, ended: float) -> None:
        """Note a group commit of ``size`` writes: the oldest was queued at ``oldest``; the
        transaction ran from ``began`` to ``ended`` (in the writer's thread)."""
        self.rows.append(
            {
                "kind": "commit",
                "size": size,
                "oldest": oldest,
                "began": began,
                "ended": ended,
                "resumed": time.monotonic(),
            }
        )

    def write(self) -> None:
        """Append the finished rows to the file."""
        if self.path is None:
            return
        old = time.monotonic() - 30
        rows = self.rows + [m.as_row() for m in self._marks if m.sent or m.received < old]
        self._marks = [m for m in self._marks if not (m.sent or m.received < old)]
        self.rows = []
        if rows:
            with self.path.open("a") as out:
                out.writelines(json.dumps(r) + "\n" for r in rows)

    def _watch(self) -> None:
        """Every 2 ms, if the loop has not ticked for 10 ms, note what its thread runs."""
        while True:
            time.sleep(0.002)
            if self._tick and time.monotonic() - self._tick > 0.010:
                frame = sys._current_frames().get(self._loop_thread)
                where: list[str] = []
                while frame is not None and len(where) < 12:
                    code = frame.f_code
                    name = code.co_filename.rsplit("/", 2)
                    where.append(f"{'/'.join(name[-2:])}:{frame.f_lineno} {code.co_name}")
                    frame = frame.f_back
                self.stalled_in[" < ".join(where)] += 1

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        """Note each garbage collection of 1 ms or more (``gc.callbacks``)."""
        if phase == "start":
            self._gc_began = time.monotonic()
            return
        took = time.monotonic() - self._gc_began
        if took >= 0.001:
            self.rows.append(
                {
                    "kind": "gc",
                    "at": self._gc_began,
                    "seconds": took,
                    "generation": info.get("generation"),
                    "collected": info.get("collected"),
                }
            )

    async def run(self) -> None:
        """Watch the event loop for stalls and write the rows out every second."""
        last_write = time.monotonic()
        self._gc_began = 0.0
        gc.callbacks.append(self._collected)
        self._loop_thread = threading.get_ident()
        if os.environ.get("MAJIANG_TRACE_STACKS"):
            threading.Thread(target=self._watch, daemon=True, name="majiang-trace").start()
        while True:
            before = self._tick = time.monotonic()
            cpu = time.thread_time()
            await asyncio.sleep(0.001)
            now = self._tick = time.monotonic()
            if now - before >= STALL:
                used = time.thread_time() - cpu  # the loop's own work; the rest is waiting
                self.rows.append(
                    {"kind": "stall", "at": before, "seconds": now - before, "cpu": used}
                )
            if now - last_write >= 1.0:
                if self.stalled_in:
                    self.rows.append({"kind": "stacks", "at": now, "seen": dict(self.stalled_in)})
                    self.stalled_in.clear()
                self.write()
                last_write = now


def from_env() -> Tracer | None:
    """Return a tracer writing to ``MAJIANG_TRACE``, or None when it is not set."""
    path = os.environ.get("MAJIANG_TRACE")
    return Tracer(Path(path)) if path else None


#: the process's tracer (None: not tracing, the normal case)
TRACE: Tracer | None = from_env()


async def run() -> None:
    """Run the tracer's task, if tracing (started with the registry)."""
    if TRACE is not None:
        with contextlib.suppress(asyncio.CancelledError):
            await TRACE.run()

"""Work shared fairly between owners: a few threads, one queue per owner, turns taken.

The bots that think (``live.BOT_WORK``) choose in worker threads. First come first served let
one player's forty master tables hold every other table's bot for minutes. Here each job
names its owner (the player whose table it is); a free thread takes the next job of the owner
with the fewest jobs running, the owner who waited longest first among equals, and an owner
goes to the back of the line each time one of its jobs is taken. So a job never waits for
more than the jobs already running of owners that are not its own: another table's bot waits
at most until one running job ends.

>>> import threading
>>> pool = FairExecutor(workers=1)
>>> started, gate, order = threading.Event(), threading.Event(), []
>>> held = pool.submit("a", lambda: started.set() or gate.wait())  # holds the one thread
>>> started.wait(5)
True
>>> jobs = [pool.submit(o, order.append, f"{o}{n}") for o, n in ["a1", "a2", "a3", "b1", "b2"]]
>>> gate.set()
>>> _ = [job.result(5) for job in jobs]
>>> order
['a1', 'b1', 'a2', 'b2', 'a3']
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

__all__ = ["FairExecutor"]


@dataclass
class _Job:
    owner: Hashable
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: Future[Any]


class FairExecutor:
    """Run jobs in ``workers`` threads, taking turns between their owners (see the module)."""

    def __init__(self, workers: int, name: str = "majiang-fair") -> None:
        self.workers = workers
        self.name = name
        self._lock = threading.Condition()
        #: the jobs waiting, by owner; the owners with jobs waiting, in the order of their turn
        self._waiting: dict[Hashable, deque[_Job]] = {}
        self._line: deque[Hashable] = deque()
        self._running: Counter[Hashable] = Counter()
        self._threads: list[threading.Thread] = []

    def submit(self, owner: Hashable, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Queue ``fn(*args)`` for ``owner``; return its future (``asyncio.wrap_future`` makes
        it awaitable). Cancelling the future before the job starts drops the job."""
        future: Future[Any] = Future()
        with self._lock:
            queue = self._waiting.get(owner)
            if queue is None:
                queue = self._waiting[owner] = deque()
                self._line.append(owner)
            queue.append(_Job(owner, fn, args, future))
            if len(self._threads) < self.workers:
                thread = threading.Thread(
                    target=self._work, name=f"{self.name}-{len(self._threads)}", daemon=True
                )
                self._threads.append(thread)
                thread.start()
            self._lock.notify()
        return future

    def waiting(self) -> dict[Hashable, int]:
        """Return the number of jobs waiting, by owner (in the order of their turns)."""
        with self._lock:
            return {owner: len(self._waiting[owner]) for owner in self._line}

    def _take(self) -> _Job:
        """Return the next job (the lock held): of the owner with the fewest jobs running,
        the first in line among equals; that owner goes to the back of the line."""
        while not self._line:
            self._lock.wait()
        owner = min(self._line, key=lambda o: self._running[o])  # the first of the fewest
        self._line.remove(owner)
        queue = self._waiting[owner]
        job = queue.popleft()
        if queue:
            self._line.append(owner)
        else:
            del self._waiting[owner]
        self._running[owner] += 1
        return job

    def _work(self) -> None:
        while True:
            with self._lock:
                job = self._take()
            try:
                if job.future.set_running_or_notify_cancel():
                    try:
                        result = job.fn(*job.args)
                    except BaseException as exc:
                        job.future.set_exception(exc)
                    else:
                        job.future.set_result(result)
            finally:
                with self._lock:
                    self._running[job.owner] -= 1
                    if self._running[job.owner] <= 0:
                        del self._running[job.owner]

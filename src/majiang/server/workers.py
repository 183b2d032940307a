"""Bots that think, chosen in worker processes (``majiang worker``) fed by a Redis list.

With ``MAJIANG_BOT_WORKERS=1`` (and ``MAJIANG_REDIS_URL``) an instance does not run the bots
that think (the levels; the instant bots stay in the game's task) in its own threads: each
choice becomes a job pushed on the list ``majiang:bots``, which any worker pops. The job holds
what the choice depends on: the table's spec (variant, length, options, seed), its history's
name, how many actions it holds and the last ``TAIL`` of them, the bot's level, the seat and a
seed. A worker keeps the tables it has seen, by history, and applies the actions it lacks; when
it lacks more than the tail (its first job of a game) it answers ``need`` and the instance
sends the job again with every action. A history only grows: a table rebuilt from the
database (after an outage, ``live``) is a new history. So a job costs the instance and the
worker a few actions, not the whole game. The answer comes back on the job's own key, which
the instance waits on.

The jobs are put on the list by the same fair threads as the bots played at home
(``live.BOT_WORK``'s rules, ``fair.FairExecutor``: a player's many tables take turns with
everyone else's), so the order in which one instance's tables get their answers is as fair as
in one process. A worker killed with a job lost leaves the instance waiting: after
``retry_seconds`` without an answer the same job is pushed again, for whichever worker is
there (a late answer to the first push is dropped).
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from typing import Any

import redis

from majiang.actions import Action, action_from_dict
from majiang.server.tables import Table, TableSpec

log = logging.getLogger("majiang.worker")

#: the list of jobs
QUEUE = "majiang:bots"
#: how many choices the workers made (a counter, for tests and the curious)
DONE = "majiang:bots:done"
#: an answer waits this long for the instance to read it, then Redis forgets it
ANSWER_SECONDS = 120
#: the tables a worker keeps (the least recently used goes first)
KEEP_TABLES = 256
#: the actions a job holds (the last ones), unless the worker asked for every one
TAIL = 64


class NeedHistory(Exception):
    """The worker lacks actions older than the job's tail."""


def job_for(
    table: Table,
    history: str,
    seat: int,
    level: str,
    seed: int,
    reply: str,
    tail: int | None = TAIL,
) -> dict[str, Any]:
    """Return the job asking for ``level``'s choice for ``seat`` at ``table`` (``history``:
    the name of its actions' history), with its last ``tail`` actions (None: every one)."""
    spec = table.spec
    shown = table.actions if tail is None else table.actions[-tail:]
    return {
        "game": history,
        "spec": {
            "variant": spec.variant,
            "length": spec.length,
            "options": dict(spec.options),
            "seed": spec.seed,
        },
        "count": len(table.actions),
        "actions": [[s, a.to_dict()] for s, a in shown],
        "level": level,
        "seat": seat,
        "seed": seed,
        "reply": reply,
    }


class RemoteBots:
    """An instance's side: ``choose`` pushes a job and waits for a worker's answer (call it in
    a thread: it blocks)."""

    def __init__(self, url: str, retry_seconds: float = 10.0) -> None:
        self.redis = redis.Redis.from_url(url, decode_responses=True)
        self.retry_seconds = retry_seconds

    def choose(self, table: Table, history: str, seat: int, level: str, seed: int) -> Action:
        """Return the bot's choice for ``seat``, made by a worker (``history``: the name of
        the table's history, ``job_for``)."""
        reply = f"{QUEUE}:answer:{secrets.token_hex(8)}"
        found = self._ask(json.dumps(job_for(table, history, seat, level, seed, reply)), reply)
        if found.get("need") == "history":  # the worker lacks the game's start: all of it
            every = job_for(table, history, seat, level, seed, reply, tail=None)
            found = self._ask(json.dumps(every), reply)
        if "error" in found:
            raise RuntimeError(f"the bot worker failed: {found['error']}")
        return action_from_dict(found["action"])

    def _ask(self, job: str, reply: str) -> dict[str, Any]:
        """Push ``job`` until a worker answers it on ``reply``; return the answer."""
        while True:
            self.redis.rpush(QUEUE, job)
            answer = self.redis.blpop([reply], timeout=self.retry_seconds)
            if answer is not None:
                break
            log.warning("no bot worker answered in %g s; asking again", self.retry_seconds)
        self.redis.delete(reply)  # a second answer (to a job pushed again) is not wanted
        found: dict[str, Any] = json.loads(answer[1])
        return found

    def close(self) -> None:
        """Close the connections."""
        self.redis.close()


class Tables:
    """A worker's tables by game, brought up to date with each job's actions."""

    def __init__(self, keep: int = KEEP_TABLES) -> None:
        self.keep = keep
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self.replays = 0

    def table(self, job: dict[str, Any]) -> Table:
        """Return the job's table after its actions: the kept one of its history brought up
        to date, or one replayed when the job holds every action; raise ``NeedHistory`` when
        neither can be."""
        count = job["count"]
        start = count - len(job["actions"])  # the number of actions before the job's tail
        table = self._tables.pop(job["game"], None)
        if table is not None and not start <= len(table.actions) <= count:
            table = None
        if table is None:
            if start > 0:
                raise NeedHistory(job["game"])
            actions = [(s, a) for s, a in job["actions"]]
            table = Table.replay(TableSpec(**job["spec"]), actions, job["level"])
            self.replays += 1
        else:
            for seat, action in job["actions"][len(table.actions) - start :]:
                table.apply(seat, action_from_dict(action))
        self._tables[job["game"]] = table
        while len(self._tables) > self.keep:
            self._tables.popitem(last=False)
        return table


def serve(url: str, stop: threading.Event | None = None) -> int:
    """Take jobs from the list at ``url`` and answer them until ``stop`` is set; return how
    many were answered."""
    client = redis.Redis.from_url(url, decode_responses=True)
    tables = Tables()
    answered = 0
    try:
        while stop is None or not stop.is_set():
            popped = client.blpop([QUEUE], timeout=1)
            if popped is None:
                continue
            job = json.loads(popped[1])
            began = time.monotonic()
            try:
                table = tables.table(job)
                action = table.bot_action(job["seat"], job["level"], job["seed"])
                answer: dict[str, Any] = {"action": action.to_dict()}
            except NeedHistory:
                answer = {"need": "history"}
            except Exception as error:  # told to the instance, which stops the game
                log.exception("job of game %s failed", job.get("game"))
                answer = {"error": f"{type(error).__name__}: {error}"}
            with client.pipeline(transaction=False) as pipe:
                pipe.rpush(job["reply"], json.dumps(answer))
                pipe.expire(job["reply"], ANSWER_SECONDS)
                pipe.incr(DONE)
                pipe.execute()
            answered += 1
            log.debug(
                "game %s seat %d in %.1f ms",
                job["game"],
                job["seat"],
                (time.monotonic() - began) * 1000,
            )
    finally:
        client.close()
    return answered

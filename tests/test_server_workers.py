"""The bot workers' side (``server/workers.py``) without Redis: a job's table is the game's
table, kept by its history's name and brought up to date from the job's last actions; a
worker lacking older actions asks for them all; the choice made is the one the instance
would make."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.server.tables import Table, TableSpec
from majiang.server.workers import NeedHistory, Tables, job_for

SPEC = TableSpec("riichi", "one_hand", {}, "worker-test")


def played(count: int) -> Table:
    """Return a table after ``count`` actions of instant bots."""
    table = Table.replay(SPEC, [], "simple")
    while len(table.actions) < count:
        assert not table.over, "the hand ended early: take another seed"
        seat = table.waiting()[0]
        table.apply(seat, table.bot_action(seat, "simple", 7))
    return table


def job(count: int, tail: int | None = 16, history: str = "g1:1") -> dict[str, Any]:
    table = played(count)
    return job_for(table, history, table.waiting()[0], "normal", 11, "reply", tail)


def test_a_kept_table_takes_the_actions_it_lacks_from_the_tail() -> None:
    tables = Tables()
    tables.table(job(5, tail=None))  # the first job of a game: every action
    for count in (9, 20):  # then the last 16 reach what is kept
        kept = tables.table(job(count))
        assert len(kept.actions) == count
        assert kept.view(0) == played(count).view(0)
    assert tables.replays == 1


def test_a_worker_lacking_older_actions_asks_for_them_all() -> None:
    with pytest.raises(NeedHistory):
        Tables().table(job(40))  # nothing kept, the tail starts at action 25
    tables = Tables()
    tables.table(job(5, tail=None))
    with pytest.raises(NeedHistory):
        tables.table(job(40))  # 5 kept, the tail starts at 25
    assert len(tables.table(job(40, tail=None)).actions) == 40


def test_a_table_ahead_of_the_job_or_of_another_history_is_not_used() -> None:
    tables = Tables()
    tables.table(job(30, tail=None))
    assert len(tables.table(job(10, tail=None)).actions) == 10  # ahead: replayed
    assert tables.replays == 2
    with pytest.raises(NeedHistory):  # a table rebuilt from the database: a new history
        tables.table(job(40, history="g1:2"))


def test_the_workers_choice_is_the_instances() -> None:
    table = played(10)
    seat = table.waiting()[0]
    asked = job_for(table, "g1:1", seat, "normal", 11, "reply", None)
    mine = Table.replay(SPEC, [(s, a.to_dict()) for s, a in table.actions], "normal")
    assert Tables().table(asked).bot_action(seat, "normal", 11) == mine.bot_action(
        seat, "normal", 11
    )


def test_the_kept_tables_are_bounded() -> None:
    tables = Tables(keep=2)
    for game in ("a", "b", "c"):
        tables.table(job(3, tail=None, history=game))
    tables.table(job(10, history="a"))  # forgotten: replayed
    assert tables.replays == 4
    tables.table(job(10, history="c"))  # kept: brought up to date, not replayed
    assert tables.replays == 4

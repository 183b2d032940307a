"""The bot workers' side (``server/workers.py``) without Redis: a job's table is the game's
table, brought up to date one action at a time and replayed only when the worker lacks its
history; the choice made from it is the one the instance would make."""

from __future__ import annotations

from typing import Any

from majiang.server.tables import Table, TableSpec
from majiang.server.workers import Tables, job_for

SPEC = TableSpec("riichi", "one_hand", {}, "worker-test")


def played(count: int, spec: TableSpec = SPEC) -> Table:
    """Return a table after ``count`` actions of instant bots."""
    table = Table.replay(spec, [], "simple")
    while len(table.actions) < count and not table.over:
        seat = table.waiting()[0]
        table.apply(seat, table.bot_action(seat, "simple", 7))
    return table


def job(table: Table, level: str = "normal", seed: int = 11) -> dict[str, Any]:
    return job_for(table, "g1", table.waiting()[0], level, seed, "reply")


def test_a_kept_table_takes_only_the_actions_it_lacks() -> None:
    tables = Tables()
    for count in (5, 9, 20):
        kept = tables.table(job(played(count)))
        assert len(kept.actions) == count
        assert kept.view(0) == played(count).view(0)
    assert tables.replays == 1  # the first job only


def test_another_history_is_replayed() -> None:
    tables = Tables()
    tables.table(job(played(12)))
    shorter = tables.table(job(played(6)))  # the kept table is ahead of the job: replayed
    assert len(shorter.actions) == 6
    assert tables.replays == 2
    other = job(played(10, TableSpec("riichi", "one_hand", {}, "another deal")))
    assert other["actions"][5] != job(played(6))["actions"][5]  # the histories part
    assert tables.table(other).view(0) == played(10, TableSpec(**other["spec"])).view(0)
    assert tables.replays == 3


def test_the_workers_choice_is_the_instances() -> None:
    table = played(10)
    seat = table.waiting()[0]
    asked = job_for(table, "g1", seat, "normal", 11, "reply")
    mine = Table.replay(SPEC, [(s, a.to_dict()) for s, a in table.actions], "normal")
    assert Tables().table(asked).bot_action(seat, "normal", 11) == mine.bot_action(
        seat, "normal", 11
    )


def test_the_kept_tables_are_bounded() -> None:
    tables = Tables(keep=2)
    for game in ("a", "b", "c"):
        tables.table({**job(played(3)), "game": game})
    tables.table({**job(played(4)), "game": "a"})  # forgotten: replayed
    assert tables.replays == 4

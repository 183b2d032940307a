"""The server's pieces on their own: the engine adapter (replay, checks, defaults, views, bots),
the journal (group commits, a refused write alone rolled back), settings from the environment."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from majiang.actions import Discard, Pass
from majiang.errors import IllegalAction, MajiangError
from majiang.server.db import Player, open_database
from majiang.server.settings import Settings
from majiang.server.store import Journal
from majiang.server.tables import BOT_LEVELS, SPECTATOR, Table, TableSpec, bot_name, check_spec
from majiang.tiles import parse_tile


def _played(spec: TableSpec, actions: int, level: str = "simple") -> Table:
    table = Table(spec)
    rng = random.Random(3)
    while len(table.actions) < actions and not table.over:
        seat = table.waiting()[0]
        table.apply(seat, table.bot_action(seat, level, rng.randrange(1000)))
    return table


@pytest.mark.parametrize(
    ("variant", "level"),
    [
        ("riichi", "simple"),
        ("riichi", "normal"),
        ("hk", "simple"),
        ("hk2", "simple"),
        ("taiwan", "simple"),
        ("sichuan", "normal"),
    ],
)
def test_replay_rebuilds_the_same_table(variant: str, level: str) -> None:
    spec = TableSpec(variant, "east", {}, "replay-seed")
    table = _played(spec, 150, level)
    stored = [(seat, action.to_dict()) for seat, action in table.actions]
    again = Table.replay(spec, stored)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in table.events]
    assert again.view(0) == table.view(0)
    assert again.waiting() == table.waiting()


def test_check_refuses_with_reasons() -> None:
    table = Table(TableSpec("riichi", "one_hand", {}, "check"))
    with pytest.raises(IllegalAction, match="nothing to do"):
        table.check(1, {"type": "pass"})
    with pytest.raises(IllegalAction, match="unknown action type"):
        table.check(0, {"type": "fly"})
    with pytest.raises(IllegalAction, match="legal:"):
        table.check(0, {"type": "pass"})
    held = table.state.concealed[0][0]
    assert table.check(0, Discard(held).to_dict()) == Discard(held)


def test_default_action_discards_the_drawn_tile_or_passes() -> None:
    table = Table(TableSpec("riichi", "east", {}, "defaults"))
    drawn = table.state.drawn
    assert drawn is not None
    assert table.default_action(0) == Discard(drawn)
    seen_pass = False
    rng = random.Random(1)
    while not table.over and len(table.actions) < 400:
        seat = table.waiting()[0]
        default = table.default_action(seat)
        assert default in table.legal(seat)
        if table.phase() == "claim":
            assert default == Pass()
            seen_pass = True
        table.apply(seat, table.bot_action(seat, "simple", rng.randrange(1000)))
    assert seen_pass
    with pytest.raises(IllegalAction):
        Table(TableSpec("riichi", "east", {}, "defaults")).default_action(2)


def test_spectator_view_holds_no_concealed_tile() -> None:
    table = _played(TableSpec("riichi", "east", {}, "spectator"), 30)
    view = table.view(SPECTATOR)
    assert view["hand"] == ""
    assert view["drawn"] is None
    assert view["seat"] is None
    own = table.view(table.waiting()[0])
    assert own["hand"]
    hidden = [e for n, e in table.events_after(SPECTATOR, 0) if e["type"] in ("dealt", "drew")]
    assert hidden
    assert all(e.get("tiles", "") == "" and e.get("tile") is None for e in hidden)


def test_record_is_native_and_names_bots() -> None:
    table = _played(TableSpec("riichi", "one_hand", {}, "record"), 10_000)
    record = table.record(["Lan", None, None, None])
    assert record["format"] == "majiang-record"
    assert record["seats"] == ["Lan", "bot:normal", "bot:normal", "bot:normal"]
    assert record["seed"] == "record"
    assert len(record["events"]) == table.seq


@pytest.mark.parametrize(
    ("variant", "length", "options", "field"),
    [
        ("mahjong", "east", {}, "variant"),
        ("riichi", "forever", {}, "length"),
        ("riichi", "east", {"aka": 9}, "rules"),  # as the scoring contract names it
    ],
)
def test_check_spec_names_the_field(
    variant: str, length: str, options: dict[str, Any], field: str
) -> None:
    with pytest.raises(MajiangError) as err:
        check_spec(variant, length, options)
    assert err.value.field == field
    assert str(next(iter(options), variant if field == "variant" else length)) in str(err.value)


def test_every_level_has_a_bot() -> None:
    table = Table(TableSpec("riichi", "one_hand", {}, "levels"))
    for level in BOT_LEVELS:
        assert table.bot_action(0, level, 1) in table.legal(0)
        assert table._bots[0].name == bot_name(level)


def test_journal_commits_in_order_and_isolates_a_refused_write(tmp_path: Path) -> None:
    sessions = open_database(f"sqlite:///{tmp_path / 'j.sqlite3'}")

    def add(n: int) -> Any:
        def write(session: Session) -> int:
            session.add(Player(id=f"p{n}", name=str(n), token_hash=f"h{n}"))
            return n

        return write

    def refuse(session: Session) -> None:
        session.add(Player(id="bad", name="bad", token_hash="h1"))  # token hash taken: refused
        session.flush()

    async def scenario() -> list[Any]:
        journal = Journal(sessions)
        first = await journal.run(add(1))
        results = await asyncio.gather(
            journal.run(add(2)),
            journal.run(refuse),
            journal.run(add(3)),
            return_exceptions=True,
        )
        await journal.stop()
        return [first, *results]

    first, two, refused, three = asyncio.run(scenario())
    assert (first, two, three) == (1, 2, 3)
    assert isinstance(refused, Exception)
    with sessions() as session:
        assert session.scalar(select(func.count()).select_from(Player)) == 3


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MAJIANG_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MAJIANG_DATABASE_URL", raising=False)
    monkeypatch.setenv("MAJIANG_MAX_OUTBOX", "12")
    settings = Settings.from_env()
    assert settings.max_outbox == 12
    assert settings.database_url == f"sqlite:///{tmp_path / 'majiang.sqlite3'}"
    monkeypatch.setenv("MAJIANG_RATE_BURST", "lots")
    with pytest.raises(ValueError, match="MAJIANG_RATE_BURST"):
        Settings.from_env()


def test_check_takes_the_hand_copy_of_the_drawn_tile_and_says_when_there_is_none() -> None:
    """A discard with ``from_hand`` is checked like the plain discard offered, then for a copy of
    the drawn tile besides it (the dealer holds one 7m and draws another; then one 7m only)."""
    from engine_support import start

    table = Table(TableSpec("riichi", "one_hand", {}, "tedashi"))
    table.state, _ = start(
        ["7m158p258s369s467z", "147m258p369s2346z", "123456789m23p11z", "89p3689m258s4567z"], "7m"
    )
    written = {"type": "discard", "tile": "7m", "riichi": False, "from_hand": True}
    action = table.check(0, written)
    assert action == Discard(parse_tile("7m"), from_hand=True)
    (discarded,) = [e for _, e in table.apply(0, action) if e.kind == "discarded"]
    assert discarded.tsumogiri is False
    table.state, _ = start(
        ["158p258s369s2467z", "147m258p369s2346z", "123456789m23p11z", "89p3689m258s4567z"], "7m"
    )
    with pytest.raises(IllegalAction, match="seat 0 holds no 7m besides the one just drawn"):
        table.check(0, written)
    with pytest.raises(IllegalAction, match="legal:"):
        table.check(0, {**written, "tile": "9m"})  # not offered at all: the usual refusal

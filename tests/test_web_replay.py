"""Replays and history: the frames made from a record (``majiang.web.replay``) and the routes
(``majiang.web.history``), without a browser (tests/test_web_replay_browser.py has Chromium).

The frames are checked against the engine, not against themselves: every game below is
replayed with ``strict=True``, which compares the table folded from the events with the
engine's own state after every action (each hand's tiles, melds, ponds, flowers, indicators,
scores, sticks and wall) and fails at the first difference.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.bots import make_bot
from majiang.bots.play import play_game
from majiang.engine import new_game, step
from majiang.events import HandStarted
from majiang.records import GameRecord, RecordMismatch
from majiang.rules import VARIANTS, get_ruleset
from majiang.tiles import parse_tiles, tile_set
from majiang.web import replay as replay_module
from majiang.web.replay import Replay, ReplayTable, delta, replay
from test_server_support import client_for, guest, hello, play, sqlite_url

#: games per variant in the default suite (one hand each) and under ``-m long`` (East rounds)
GAMES = 12
LONG_GAMES = 20


@cache
def _bots_game(variant: str, seed: int, length: str) -> GameRecord:
    rules = get_ruleset(variant)
    bots = [
        make_bot("random" if s % 2 == 0 else "eager", seed * 7 + s) for s in range(rules.players)
    ]
    return play_game(rules, bots, seed=seed, length=length).record


def bots_game(variant: str, seed: int, length: str = "one_hand") -> GameRecord:
    """Return the record of a game of random bots (they call chi, pon and kongs) and eager
    bots (riichi, wins) in turn (a copy: the games are played once per test run)."""
    return copy.deepcopy(_bots_game(variant, seed, length))


def merged(made: Replay, k: int) -> list[dict[str, Any]]:
    """Return hand ``k``'s frames as the page rebuilds them from the wire (static/replay.js,
    ``mergeFrames``): the first as sent, each later one the one before with its changes."""
    out: list[dict[str, Any]] = []
    for f in made.hand_frames(k):
        if not out:
            out.append(f)
            continue
        before = out[-1]
        seats = list(before["seats"])
        for i, seat in f.get("seats", {}).items():
            seats[int(i)] = seat
        out.append({**before, **f, "seats": seats})
    return out


def frame_tiles(frame: dict[str, Any]) -> Counter[int]:
    """Return every tile a frame shows: hands, drawn tiles, melds, ponds (a claimed tile once,
    in its meld), flowers and indicators."""
    names: list[str] = list(frame["indicators"])
    for s in frame["seats"]:
        names += s["hand"] + ([s["drawn"]] if s["drawn"] else []) + s["bonus"]
        names += [r["tile"] for r in s["river"] if not r["claimed"]]
        names += [m.split()[1] for m in s["melds"]]
    return Counter(parse_tiles("".join(names)))


# ---------------------------------------------------------------- frames against the engine


@pytest.mark.parametrize("variant", VARIANTS)
def test_frames_agree_with_the_engine_after_every_action(variant: str) -> None:
    # strict: the fold is compared with the engine's state after each of the games' actions
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        record = bots_game(variant, seed)
        made = replay(record, strict=True)
        assert len(made.frames) == len(record.events)
        assert [f["event"] for f in made.frames] == record.events
        assert [f["seq"] for f in made.frames] == list(range(1, len(record.events) + 1))
        seen.update(e["meld"] if e["type"] == "called" else e["type"] for e in record.events)
        copies = tile_set(variant, record.options).copies
        for f in made.frames:
            # every hand is shown: as many tiles as the seat holds, none beyond the tile set
            for s in f["seats"]:
                assert len(s["hand"]) + (s["drawn"] is not None) == s["concealed"]
            assert all(n <= copies[t] for t, n in frame_tiles(f).items()), f["event"]
        last = made.frames[-1]
        assert last["final"]["scores"] == record.result["scores"]
        assert [s["score"] for s in last["seats"]] == record.result["scores"]
    # one hand per game, and the games call tiles (the fold must follow the melds)
    assert seen["hand_started"] == seen["hand_ended"] == GAMES
    assert seen["pon"] > 0


def test_the_games_cover_every_kind_of_call_and_deal() -> None:
    # taken with the test above: each kind of event the fold handles occurs in those games
    kinds: set[str] = set()
    for variant in VARIANTS:
        for seed in range(GAMES):
            for e in bots_game(variant, seed).events:
                kinds.add(f"called:{e['meld']}" if e["type"] == "called" else e["type"])
    wanted = {
        "called:chi",
        "called:pon",
        "called:kan",
        "called:ankan",
        "called:kakan",
        "bonus_declared",
        "tiles_passed",
        "void_declared",
        "riichi_declared",
        "indicator_revealed",
        "hand_revealed",
        "dice_rolled",
    }
    assert wanted <= kinds, wanted - kinds


@pytest.mark.long
@pytest.mark.parametrize("variant", VARIANTS)
def test_frames_agree_with_the_engine_over_east_rounds(variant: str) -> None:
    for seed in range(LONG_GAMES):
        replay(bots_game(variant, 1000 + seed, "east"), strict=True)


@pytest.mark.parametrize("variant", ["riichi", "hkos", "sichuan"])
def test_the_wire_rebuilds_the_same_frames(variant: str) -> None:
    made = replay(bots_game(variant, 3, "east"))
    rebuilt = [f for k in range(len(made.hands)) for f in merged(made, k)]
    assert rebuilt == made.frames
    # a later frame carries only what changed: a discard changes one seat, not four
    first = made.hands[0]
    wire = made.hand_frames(0)
    discards = [f for f in wire[1:] if f["event"]["type"] == "discarded" and "result" not in f]
    assert discards and all(len(f.get("seats", {})) == 1 for f in discards)
    assert first["first"] == 0 and wire[0]["seats"] and isinstance(wire[0]["seats"], list)


def test_hands_say_where_they_start_and_how_they_end() -> None:
    record = bots_game("riichi", 5, "east")
    made = replay(record)
    ended = [e for e in record.events if e["type"] == "hand_ended"]
    assert len(made.hands) == len(ended) > 1
    for hand, end in zip(made.hands, ended, strict=True):
        frames = made.frames
        assert frames[hand["first"]]["event"]["type"] == "hand_started"
        assert hand["first"] < hand["start"] < hand["last"]
        # play starts after the start frame; everything before it is the deal
        assert frames[hand["start"] + 1]["event"]["type"] in ("discarded", "won", "called")
        assert hand["outcome"] == end["outcome"] and hand["scores"] == end["scores"]
    assert made.hands[-1]["last"] == len(made.frames) - 1
    assert made.final == record.result


def test_a_hand_s_result_keeps_the_riichi_sticks_paid_and_the_exchange() -> None:
    """The result the replay gives the page holds what the hand's payments do not: the riichi
    sticks each seat put down (worked from the events written here: West's 1000) and Sichuan's
    passes as they happened (the same four tiles_passed, in order)."""
    from majiang.events import HandStarted, PointsMoved, RiichiDeclared
    from majiang.web.replay import ReplayTable

    table = ReplayTable("riichi", 4)
    table.apply(HandStarted(0, 0, 0, 1, 0, (25000, 25000, 25000, 25000)))
    table.apply(RiichiDeclared(2))
    table.apply(PointsMoved("riichi", (0, 0, -1000, 0), 1, 1000))
    table.apply(PointsMoved("noten", (3000, -1000, -1000, -1000), 0, 1000))
    assert table.result is not None
    assert table.result["sticks_paid"] == [0, 0, -1000, 0]
    assert [p["reason"] for p in table.result["payments"]] == ["noten"]
    assert table.result["honba"] == 1

    record = bots_game("sichuan", 2)
    made = replay(record)
    last = made.whole_frames(0)[-1]["result"]
    passed = [e for e in record.events if e["type"] == "tiles_passed"]
    assert len(passed) == 4
    assert last["exchange"] == passed
    assert last["sticks_paid"] == [0, 0, 0, 0]


def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count from now on the engine's steps in a replay and the frames it makes."""
    count: Counter[str] = Counter()
    real_step, real_frame = replay_module.step, ReplayTable.frame

    def step(*args: Any) -> Any:
        count["steps"] += 1
        return real_step(*args)

    def frame(self: ReplayTable, *args: Any) -> dict[str, Any]:
        count["frames"] += 1
        return real_frame(self, *args)

    monkeypatch.setattr(replay_module, "step", step)
    monkeypatch.setattr(ReplayTable, "frame", frame)
    return count


def test_the_summary_steps_no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    # the summary is read from the record's events: a long game opens without a re-run
    record = bots_game("riichi", 5, "east")
    count = counted(monkeypatch)
    summary = replay(record).summary()
    assert count == {}
    ended = [e for e in record.events if e["type"] == "hand_ended"]
    assert len(summary["hands"]) == len(ended) > 3
    assert [h["scores"] for h in summary["hands"]] == [e["scores"] for e in ended]
    assert summary["final"]["final_points"] == record.events[-1]["final_points"]


def test_the_work_grows_with_the_game_not_its_square(monkeypatch: pytest.MonkeyPatch) -> None:
    # the hands shown in order cost one pass: each action stepped once, each event one frame;
    # a hand shown again costs nothing
    record = bots_game("riichi", 5, "east")
    made = replay(record)
    count = counted(monkeypatch)
    own: list[int] = []  # the steps each hand costs, in order
    for k in range(len(made.hands)):
        before = count["steps"]
        made.hand_frames(k)
        made.hand_frames(k)
        own.append(count["steps"] - before)
    assert count == {"steps": len(record.actions), "frames": len(record.events)}
    assert all(own), own
    # hands asked backwards: each is dealt afresh from its own start and costs its own steps,
    # besides one step for each action tried as its first: those the engine refuses, and the
    # right one (first_actions: where each hand really begins, found by stepping the record)
    fresh = replay(record)
    count.clear()
    tried = []
    for k in reversed(range(len(made.hands))):
        before = count["steps"]
        fresh.hand_frames(k)
        tried.append(count["steps"] - before - own[k])
    firsts = first_actions(record)
    discards = [a for a, (_, taken) in enumerate(record.actions) if taken.kind == "discard"]
    # the candidates before the real first action: those after the last discard before it
    expected = [
        0 if k == 0 else firsts[k] - max(d for d in discards if d < firsts[k])
        for k in reversed(range(len(made.hands)))
    ]
    assert tried == expected
    assert count["frames"] == len(record.events)


def first_actions(record: GameRecord) -> list[int]:
    """Return the number of the first action of each hand of ``record``, found by stepping
    the whole record on the engine (hand 0: action 0)."""
    rules = get_ruleset(record.variant)
    state, _ = record.new_game()
    firsts = [0]
    for a, (seat, taken) in enumerate(record.actions):
        state, events = step(rules, state, seat, taken)
        firsts += [a + 1 for e in events if isinstance(e, HandStarted)]
    return firsts


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("riichi", 5), ("hk", 2), ("hk2", 2), ("hkos", 2), ("taiwan", 2), ("sichuan", 2)],
)
def test_a_hand_starts_from_the_facts_of_its_hand_started_event(variant: str, seed: int) -> None:
    # the engine deals hand i afresh from the facts its hand_started event keeps (the state
    # the game reached there, field for field) ...
    record = bots_game(variant, seed, "east")
    rules = get_ruleset(variant)
    state, _ = record.new_game()
    hands = 0
    for seat, taken in record.actions:
        state, events = step(rules, state, seat, taken)
        at = next((i for i, e in enumerate(events) if isinstance(e, HandStarted)), None)
        if at is None:
            continue
        e = events[at]
        assert isinstance(e, HandStarted)
        fresh, dealt = new_game(
            rules,
            record.options,
            record.seed,
            record.length,
            scores=e.scores,
            dealer=e.dealer,
            round_wind=e.round_wind,
            honba=e.honba,
            sticks=e.sticks,
            hand_index=e.hand,
            dealer_streak=e.dealer_streak,
        )
        assert dealt == events[at:]
        for f in dataclasses.fields(state):
            if f.name != "cache":
                assert getattr(fresh, f.name) == getattr(state, f.name), (e.hand, f.name)
        hands += 1
    assert hands == len(replay(record).hands) - 1 > 2
    # ... so the last hand, asked first, is played from there: its own steps, not the game's,
    # and the frames the whole game's strict replay makes
    firsts = first_actions(record)
    made, whole = replay(record), replay(record, strict=True)
    last = len(made.hands) - 1
    steps = 0
    real_step = replay_module.step

    def counted_step(*args: Any) -> Any:
        nonlocal steps
        steps += 1
        return real_step(*args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(replay_module, "step", counted_step)
        assert made.whole_frames(last) == whole.whole_frames(last)
    own = len(record.actions) - firsts[last]
    assert own < steps < own + 8 < len(record.actions)


def test_hands_made_in_any_order_are_the_frames_of_one_fold() -> None:
    record = bots_game("hkos", 4, "east")
    backwards = replay(record)
    for k in reversed(range(len(backwards.hands))):
        backwards.whole_frames(k)
    assert backwards.frames == replay(record, strict=True).frames


def test_delta_holds_only_changes() -> None:
    a = {"seq": 4, "event": {"type": "x"}, "sticks": 1, "seats": [{"s": 0}, {"s": 1}]}
    b = {"seq": 5, "event": {"type": "y"}, "sticks": 1, "seats": [{"s": 0}, {"s": 2}]}
    assert delta(a, b) == {"seq": 5, "event": {"type": "y"}, "seats": {"1": {"s": 2}}}


def test_a_record_the_engine_does_not_make_again_is_refused() -> None:
    # the summary believes the record; the frames of the hand that holds the changed event
    # are refused; a later hand, dealt from its own start, is shown
    record = bots_game("riichi", 2, "east")
    made = replay(record)
    hand = 1
    i = next(
        i
        for i, e in enumerate(record.events)
        if e["type"] == "discarded" and i > made.hands[hand]["first"]
    )
    record.events[i] = {
        **record.events[i],
        "tile": "9z" if record.events[i]["tile"] != "9z" else "1z",
    }
    made = replay(record)
    assert made.summary()["hands"][hand]["first"] < i <= made.hands[hand]["last"]
    last = len(made.hands) - 1
    assert last > hand
    assert made.hand_frames(last) == replay(bots_game("riichi", 2, "east")).hand_frames(last)
    assert made.hand_frames(0)
    with pytest.raises(RecordMismatch, match=f"event {i} "):
        made.hand_frames(hand)
    with pytest.raises(RecordMismatch, match=f"event {i} "):
        replay(record, strict=True)
    short = bots_game("riichi", 2)
    short.events.pop()
    with pytest.raises(RecordMismatch, match="the record has nothing"):
        replay(short).hand_frames(0)
    more = bots_game("riichi", 2)
    more.actions.append(more.actions[-1])
    with pytest.raises(RecordMismatch, match="the record has 1 actions after its last event"):
        replay(more).hand_frames(0)


# ---------------------------------------------------------------- the routes


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp: Path = tmp_path_factory.mktemp("replay")
    with client_for(sqlite_url(tmp)) as c:
        yield c


def finished_game(client: TestClient, who: Any, **room: Any) -> str:
    """Return the id of a game played to its end over the websocket (bots at the other seats)."""
    body = {"length": "one_hand", "bot_level": "simple", **room}
    code = client.post("/api/rooms", json=body, headers=who.auth).json()["code"]
    game_id = str(client.post(f"/api/rooms/{code}/start", headers=who.auth).json()["game_id"])
    with client.websocket_connect(f"/ws/rooms/{code}") as ws:
        ws.send_json(hello(who.token))
        assert play(ws, []) is not None
    return game_id


def test_replay_of_a_finished_game(client: TestClient) -> None:
    me = guest(client, "Lan")
    game_id = finished_game(client, me, length="east")
    record = client.get(f"/api/games/{game_id}/record", headers=me.auth).json()
    r = client.get(f"/api/games/{game_id}/replay", headers=me.auth)
    assert r.status_code == 200, r.text
    summary = r.json()
    assert summary["your_seat"] == 0 and summary["names"][0] == "Lan"
    # the record names the seat bot:eager, the bot of the room's level simple: the table's name
    assert summary["names"][1] == "Bot 2 (simple)"
    assert summary["final"] == record["result"]
    assert summary["events"] == len(record["events"])
    assert summary["formats"] == ["native", "mjai"]
    assert "frames" not in summary
    seen = 0
    for k, hand in enumerate(summary["hands"]):
        frames = client.get(f"/api/games/{game_id}/replay/{k}", headers=me.auth).json()["frames"]
        assert len(frames) == hand["last"] - hand["first"] + 1
        assert [f["event"] for f in frames] == record["events"][hand["first"] : hand["last"] + 1]
        seen += len(frames)
    assert seen == len(record["events"])
    assert frames[-1]["final"]["scores"] == record["result"]["scores"]
    gone = client.get(f"/api/games/{game_id}/replay/{len(summary['hands'])}", headers=me.auth)
    assert gone.status_code == 404


def test_a_game_in_play_has_no_replay(client: TestClient) -> None:
    # nothing of a game being played is published: no frame, no tile
    me = guest(client, "Ming")
    room = client.post(
        "/api/tables", json={"length": "east", "bot_level": "simple"}, headers=me.auth
    ).json()
    for url in (f"/api/games/{room['game_id']}/replay", f"/api/games/{room['game_id']}/replay/0"):
        r = client.get(url, headers=me.auth)
        assert r.status_code == 409
        assert r.json() == {"detail": "the record is published when the game ends"}
    client.post(f"/api/rooms/{room['code']}/leave", headers=me.auth)


def test_who_may_see_a_replay(client: TestClient) -> None:
    host, outsider = guest(client, "Host"), guest(client, "Out")
    private = finished_game(client, host)
    public = finished_game(client, host, public=True)
    url = "/api/games/{}/replay"
    assert client.get(url.format(private), headers=outsider.auth).status_code == 403
    assert client.get(url.format(private)).status_code == 403
    assert client.get(url.format(private) + "/0", headers=outsider.auth).status_code == 403
    seen = client.get(url.format(public), headers=outsider.auth)
    assert seen.status_code == 200 and seen.json()["your_seat"] is None
    assert client.get(url.format(public)).status_code == 200
    assert client.get(url.format("nope"), headers=host.auth).status_code == 404


def test_your_games_name_the_tutorials_bots_as_the_table_does(client: TestClient) -> None:
    """A tutorial played to its end is in your games with its bots named as its table named
    them, "Bot 2 (tutorial)" (its record says bot:tsumogiri, the bot that played), in the
    language asked; the record's own seats stay in ``players``."""
    me = guest(client, "Lea")
    r = client.post("/api/tutorials/riichi", headers=me.auth)
    assert r.status_code == 201, r.text
    with client.websocket_connect(f"/ws/rooms/{r.json()['code']}") as ws:
        ws.send_json(hello(me.token))
        assert play(ws, []) is not None
    (game,) = client.get("/api/players/me/games", headers=me.auth).json()
    assert game["players"] == ["Lea", "bot:tsumogiri", "bot:tsumogiri", "bot:tsumogiri"]
    assert game["names"] == ["Lea", "Bot 2 (tutorial)", "Bot 3 (tutorial)", "Bot 4 (tutorial)"]
    german = {**me.auth, "Accept-Language": "de"}
    (game,) = client.get("/api/players/me/games", headers=german).json()
    assert game["names"][1:2] == ["Bot 2 (Lektion)"]
    summary = client.get(f"/api/games/{game['game_id']}/replay", headers=german).json()
    assert summary["names"] == game["names"]


def test_a_stored_record_that_does_not_re_run_is_422(client: TestClient) -> None:
    from majiang.server.db import Game

    me = guest(client, "Hua")
    game_id = finished_game(client, me)
    with client.app.state.sessions() as session:
        game = session.get(Game, game_id)
        record = dict(game.record)
        at = next(i for i, e in enumerate(record["events"]) if e["type"] == "discarded")
        events = list(record["events"])
        events[at] = {**events[at], "seat": (events[at]["seat"] + 1) % 4}
        game.record = {**record, "events": events}
        session.commit()
    # the summary is the record's word; the frames are checked on the engine
    assert client.get(f"/api/games/{game_id}/replay", headers=me.auth).status_code == 200
    r = client.get(f"/api/games/{game_id}/replay/0", headers=me.auth)
    assert r.status_code == 422
    assert r.json()["error"].startswith(f"event {at} (")


def test_other_variants_offer_the_native_record_only(client: TestClient) -> None:
    me = guest(client, "Wei")
    game_id = finished_game(client, me, variant="sichuan")
    summary = client.get(f"/api/games/{game_id}/replay", headers=me.auth).json()
    assert summary["formats"] == ["native"]
    assert summary["hands"][0]["label"] == "Hand 1"
    frame = client.get(f"/api/games/{game_id}/replay/0", headers=me.auth).json()["frames"][0]
    assert frame["variant"] == "sichuan" and len(frame["seats"]) == 4


def test_pages_and_links(client: TestClient) -> None:
    home = client.get("/").text
    assert 'href="/history"' in home and 'id="home-history"' in home
    history = client.get("/history")
    assert history.status_code == 200
    assert '<script type="module" src="/static/history.js">' in history.text
    assert json.loads(history.text.split('id="history-meta">')[1].split("</script>")[0])[
        "variants"
    ]["hk2"]
    page = client.get("/replay/abc")
    assert page.status_code == 200 and 'data-game="abc"' in page.text
    assert '<script type="module" src="/static/replay.js">' in page.text
    assert client.get("/replay/" + "x" * 65).status_code == 404
    for name in ("replay.js", "history.js", "replay.css", "table_view.js"):
        assert client.get(f"/static/{name}").status_code == 200
    # the final standings link to the replay of the game and to the history
    view = client.get("/static/table_view.js").text
    assert 'href="/replay/${encodeURIComponent(ui.gameOver.game)}"' in view
    assert 'href="/history"' in view

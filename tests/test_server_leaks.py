"""No frame a client receives shows a tile private to another seat or still in the wall.

Every frame one player (and one spectator) receives over whole games is collected; afterwards
the game's true states are rebuilt from its record (seed and actions, on the engine) and each
tile written in each frame is checked against what that seat could know at that moment: its own
concealed tiles and the public ones (the server's view code plays no part in the check). A
control shows the check does catch an unfiltered event.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.events import event_from_dict
from test_server_support import client_for, guest, hello, known_tiles, leaks, play, sqlite_url

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("leaks"))) as c:
        yield c


def _whole_game(
    client: TestClient, variant: str, length: str, level: str = "simple"
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    host = guest(client, "Host")
    body = {"variant": variant, "length": length, "spectators": True, "bot_level": level}
    code = client.post("/api/rooms", json=body, headers=host.auth).json()["code"]
    client.post(f"/api/rooms/{code}/start", headers=host.auth)
    seat_frames: list[dict[str, Any]] = []
    watch_frames: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/ws/rooms/{code}") as ws,
        client.websocket_connect(f"/ws/rooms/{code}") as spectator,
    ):
        ws.send_json(hello(host.token, last_seq=0))
        spectator.send_json(hello(None, last_seq=0))
        over = play(ws, seat_frames)
        assert over is not None
        while True:
            frame = spectator.receive_json()
            watch_frames.append(frame)
            if frame["type"] == "game_over":
                break
        ws.send_json({"type": "sync"})  # a snapshot at the end, checked too
        seat_frames.append(ws.receive_json())
    record = client.get(over["record"], headers=host.auth).json()
    return seat_frames, watch_frames, record


GAMES = [
    ("riichi", "east", "simple"),  # several hands, riichi, dora indicators, ura at wins
    ("riichi", "one_hand", "normal"),  # bots that call: chi, pon, kongs
    ("hk", "one_hand", "normal"),
    ("taiwan", "one_hand", "normal"),  # flowers declared face up
    ("sichuan", "one_hand", "normal"),  # winners show their hands and play goes on
]


@pytest.mark.parametrize(("variant", "length", "level"), GAMES)
def test_no_private_tile_reaches_another_seat(
    client: TestClient, variant: str, length: str, level: str
) -> None:
    seat_frames, watch_frames, record = _whole_game(client, variant, length, level)
    # a whole game was played: the deals, turns and a result (a one-hand game won early has
    # fewer than 50 events: the seeds are random)
    assert len(record["events"]) > 10 and record["result"]["scores"]
    found = leaks(seat_frames, known_tiles(record, 0))
    assert found == [], found[:3]
    found = leaks(watch_frames, known_tiles(record, None))
    assert found == [], found[:3]
    # the frames did carry tiles: the seat saw its own deal, the spectator the discards
    assert any(f["type"] == "snapshot" for f in seat_frames)
    assert any(f["type"] == "event" and f["event"]["type"] == "discarded" for f in watch_frames)


def test_the_check_catches_an_unfiltered_event(client: TestClient) -> None:
    _seat_frames, watch_frames, record = _whole_game(client, "riichi", "one_hand")
    known = known_tiles(record, 0)
    # put each true event of another seat's draw (and deal) where the filtered one was
    true_events = record["events"]
    planted = [
        {"type": "event", "seq": n, "event": true_events[n - 1]}
        for n in range(1, len(true_events) + 1)
        if true_events[n - 1]["type"] in ("drew", "dealt")
        and true_events[n - 1]["seat"] != 0
        and event_from_dict(true_events[n - 1]).to_dict() == true_events[n - 1]
    ]
    assert planted
    assert all(leaks([frame], known) for frame in planted)
    assert leaks(watch_frames, known_tiles(record, None)) == []
    spectator_known = known_tiles(record, None)
    a_deal = next(f for f in planted if f["event"]["type"] == "dealt")
    assert leaks([a_deal], spectator_known)
    # and a frame showing a wall tile as an indicator too early is caught by the counts
    wall_tile = {"type": "event", "seq": 1, "event": {"type": "dealt", "seat": 0, "tiles": "1111m"}}
    assert leaks([wall_tile], spectator_known)

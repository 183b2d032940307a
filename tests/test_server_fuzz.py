"""Property tests: random and malformed frames on a live connection. Every frame gets its answer
(an error frame for anything wrong), the connection stays open, the server stays up and the game
goes on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.actions import ACTION_TYPES
from test_server_support import client_for, guest, hello, practice, sqlite_url

pytestmark = pytest.mark.timeout(120)

#: frames that answer a client's frame (the rest are the game's own: events, decisions ...)
ANSWERS = {"error", "pong", "snapshot", "accepted"}


class Session:
    """One open connection to a practice game, kept across examples."""

    def __init__(self, client: TestClient, ws: Any) -> None:
        self.client = client
        self.ws = ws
        self.decision: dict[str, Any] | None = None
        self.over = False

    def send(self, raw: str | bytes) -> dict[str, Any]:
        """Send one frame; return the frame that answers it (skipping the game's own)."""
        if isinstance(raw, bytes):
            self.ws.send_bytes(raw)
        else:
            self.ws.send_text(raw)
        return self.answer()

    def answer(self) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = self.ws.receive_json()
            if frame["type"] == "decision":
                self.decision = frame
            elif frame["type"] == "game_over":
                self.over = True
            if frame["type"] in ANSWERS:
                return frame


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("fuzz"))) as client:
        me = guest(client)
        room = practice(
            client, me, length="east", turn_seconds=0, claim_seconds=0, next_hand_seconds=0.1
        )
        with client.websocket_connect(room["websocket"]) as ws:
            ws.send_json(hello(me.token))
            s = Session(client, ws)
            while s.decision is None:
                frame = ws.receive_json()
                if frame["type"] == "decision":
                    s.decision = frame
            yield s


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
tile_texts = st.sampled_from(
    ["1m", "5p", "0s", "7z", "9z", "8f", "0z", "", "1", "m", "11m"]
) | st.text(max_size=5)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from([*ACTION_TYPES, "fly", ""]) | json_values},
    optional={"tile": tile_texts | json_values, "tiles": tile_texts, "riichi": json_values},
)
action_frames = st.fixed_dictionaries(
    {"type": st.just("action")},
    optional={
        "action": actions | json_values,
        "decision": st.integers() | st.text(max_size=4) | st.none(),
        "id": json_values,
    },
)
frames = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=64),
    json_values.map(json.dumps),
    st.dictionaries(st.text(max_size=8), json_values, max_size=5).map(json.dumps),
    action_frames.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["hello", "ping", "nope", "sync"])}).map(
        json.dumps
    ),
    st.integers(4097, 20000).map(lambda n: json.dumps({"type": "ping", "pad": "x" * n})),
    st.integers(900, 3000).map(lambda n: "[" * n + "]" * n),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(raw=frames)
def test_every_frame_is_answered_and_the_server_stays_up(
    session: Session, raw: str | bytes
) -> None:
    answer = session.send(raw)
    assert answer["type"] in ANSWERS
    if answer["type"] == "error":
        assert answer["code"] and answer["message"]


def test_after_the_storm_the_game_goes_on(session: Session) -> None:
    assert session.client.get("/api/health").status_code == 200
    if session.over:
        return
    pong = session.send(json.dumps({"type": "ping", "id": 1}))
    assert pong == {"type": "pong", "ref": 1}
    # the fuzzer may have played legal actions: the open decision came before this snapshot
    assert session.send(json.dumps({"type": "sync"}))["type"] == "snapshot"
    decision = session.decision
    assert decision is not None
    taken = session.send(
        json.dumps(
            {"type": "action", "decision": decision["decision"], "action": decision["default"]}
        )
    )
    assert taken["type"] == "accepted", taken

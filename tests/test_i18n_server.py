"""The server's own messages in each language: the websocket's ``error`` and ``paused`` frames
(the socket's language from its ``?lang=``, its cookie or ``Accept-Language``; each
connection its own), the HTTP refusals the pages print (rooms, the hint, rate limits),
Pydantic's validation messages, and the CLI's ``--json`` line that is not JSON. Lists in those
sentences are joined as each language joins them.

The ``code`` and ``field`` of every answer stay what they are in English: programs match on
them. Each expected message is the catalog's sentence for that language, written out here by
hand; an English message fails every language but English.
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.actions import action_from_dict
from majiang.cli import main
from majiang.server import db
from test_server_support import Frame, client_for, guest, hello, practice, sqlite_url

pytestmark = pytest.mark.timeout(120)

LANGS = ("en", "de", "es", "zh")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(sqlite_url(tmp_path_factory.mktemp("i18n-server"))) as c:
        yield c


@pytest.fixture
def client(server: TestClient) -> TestClient:
    """The module's client without the language cookie a ``?lang=`` of another test left."""
    server.cookies.clear()
    return server


def _next(ws: Any, kind: str) -> Frame:
    while True:
        frame: Frame = ws.receive_json()
        if frame["type"] == kind:
            return frame


# ---------------------------------------------------------------- websocket error frames

UNKNOWN_FRAME = {
    "en": "unknown frame type 'dance' (expected hello, action, ping, sync, or next_hand)",
    "de": "unbekannte Frame-Art 'dance' (erwartet: hello, action, ping, sync oder next_hand)",
    "es": "tipo de frame desconocido 'dance' (se espera hello, action, ping, sync o next_hand)",
    "zh": "未知的帧类型 'dance'（应为 hello、action、ping、sync或next_hand）",
}
BAD_RIICHI = {
    "en": "riichi must be true or false, got 'yes'",
    "de": "riichi muss true oder false sein, erhalten: 'yes'",
    "es": "riichi debe ser true o false, se recibió 'yes'",
    "zh": "riichi 必须是 true 或 false，收到的是 'yes'",
}
STALE = {
    "en": "decision 999 is over; the open one is {open}",
    "de": "die Entscheidung 999 ist vorbei; offen ist {open}",
    "es": "la decisión 999 ya pasó; la abierta es {open}",
    "zh": "决定 999 已结束；当前的是 {open}",
}
#: a refused action: (the sentence, the word of the list's last choice, the list's comma)
NOT_LEGAL = {
    "en": ("pon 11z is not legal for seat 0 now (legal: {legal})", ", or ", ", "),
    "de": ("pon 11z ist für Platz 0 jetzt nicht erlaubt (erlaubt: {legal})", " oder ", ", "),
    "es": ("pon 11z no está permitido ahora para el asiento 0 (permitido: {legal})", " o ", ", "),
    "zh": ("座位 0 现在不能 pon 11z（可以：{legal}）", "或", "、"),
}
NOT_SEATED = {
    "en": "you have no seat here and spectators are off",
    "de": "du hast hier keinen Platz, und Zuschauer sind nicht erlaubt",
    "es": "no tienes asiento aquí y no se admiten espectadores",
    "zh": "你在这里没有座位，且不允许观战",
}


def _joined(items: list[str], last: str, comma: str) -> str:
    """The choices as the language lists them: commas, then its word before the last."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2 and last == ", or ":
        return f"{items[0]} or {items[1]}"
    return comma.join(items[:-1]) + last + items[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_a_sockets_error_frames_are_in_its_pages_language(client: TestClient, lang: str) -> None:
    me = guest(client)
    room = practice(client, me)
    with client.websocket_connect(f"{room['websocket']}?lang={lang}") as ws:
        ws.send_json(hello(me.token))
        decision = _next(ws, "decision")
        ws.send_text('{"type": "dance", "id": 1}')
        frame = ws.receive_json()
        assert (frame["code"], frame["ref"]) == ("unknown_type", 1)
        assert frame["message"] == UNKNOWN_FRAME[lang]

        answer = {"type": "action", "decision": decision["decision"]}
        ws.send_json(
            {**answer, "id": 2, "action": {"type": "discard", "tile": "1m", "riichi": "yes"}}
        )
        frame = ws.receive_json()
        assert (frame["code"], frame["message"]) == ("illegal_action", BAD_RIICHI[lang])

        ws.send_json({**answer, "id": 3, "action": {"type": "pon", "tiles": "11z"}})
        frame = ws.receive_json()
        sentence, last, comma = NOT_LEGAL[lang]
        legal = [str(action_from_dict(a)) for a in decision["actions"]]
        assert frame["code"] == "illegal_action"
        assert frame["message"] == sentence.format(legal=_joined(legal, last, comma))

        ws.send_json({"type": "action", "decision": 999, "action": decision["default"]})
        frame = ws.receive_json()
        assert frame["code"] == "stale_decision"
        assert frame["message"] == STALE[lang].format(open=decision["decision"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_socket_without_a_seat_is_told_in_its_language(client: TestClient, lang: str) -> None:
    room = practice(client, guest(client))  # spectators are off
    with client.websocket_connect(f"{room['websocket']}?lang={lang}") as ws:
        ws.send_json(hello(None))
        frame = ws.receive_json()
    assert (frame["code"], frame["message"]) == ("not_seated", NOT_SEATED[lang])


@pytest.mark.parametrize(
    "headers",
    [{"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}, {"Cookie": "majiang_lang=de"}],
    ids=["accept-language", "cookie"],
)
def test_a_socket_takes_its_language_like_a_page(
    client: TestClient, headers: dict[str, str]
) -> None:
    room = practice(client, guest(client))
    with client.websocket_connect(room["websocket"], headers=headers) as ws:
        ws.send_json(hello(None))
        assert ws.receive_json()["message"] == NOT_SEATED["de"]


def test_each_socket_has_its_own_language(client: TestClient) -> None:
    me = guest(client)
    room = practice(client, me)
    with (
        client.websocket_connect(f"{room['websocket']}?lang=zh") as chinese,
        client.websocket_connect(f"{room['websocket']}?lang=es") as spanish,
    ):
        chinese.send_json(hello(me.token))
        spanish.send_json(hello(me.token))
        _next(chinese, "decision")
        _next(spanish, "decision")
        for ws in (chinese, spanish):
            ws.send_text('{"type": "dance"}')
        assert _next(chinese, "error")["message"] == UNKNOWN_FRAME["zh"]
        assert _next(spanish, "error")["message"] == UNKNOWN_FRAME["es"]


#: the paused frame's message around the database's own words (quoted as it said them)
PAUSED = {
    "en": (
        "the game is paused: the database did not store its last actions (",
        "); it resumes by itself when the database answers",
    ),
    "de": (
        "die Partie ist pausiert: die Datenbank hat ihre letzten Aktionen nicht gespeichert (",
        "); sie geht von selbst weiter, sobald die Datenbank antwortet",
    ),
    "es": (
        "la partida está en pausa: la base de datos no guardó sus últimas acciones (",
        "); se reanuda sola cuando la base de datos responda",
    ),
    "zh": ("对局已暂停：数据库没有保存最近的动作（", "）；数据库恢复响应后对局会自动继续"),
}


def _says_paused(message: str, lang: str) -> bool:
    start, end = PAUSED[lang]
    return message.startswith(start) and message.endswith(end)


@pytest.mark.parametrize(("lang", "late_lang"), [("de", "zh"), ("es", "en"), ("zh", "de")])
def test_paused_is_said_in_each_sockets_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, late_lang: str
) -> None:
    # the database locked past its busy timeout (as test_server_faults): the game pauses; the
    # player's socket gets `paused` and its refused action in its language, a socket arriving
    # meanwhile in its own
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    with client_for(sqlite_url(tmp_path)) as client:
        player = guest(client, "Waiting")
        body = {"length": "one_hand", "turn_seconds": 0, "claim_seconds": 0}
        table = client.post("/api/tables", json=body, headers=player.auth).json()
        with client.websocket_connect(f"{table['websocket']}?lang={lang}") as ws:
            ws.send_json(hello(player.token))
            decision = _next(ws, "decision")
            lock = sqlite3.connect(tmp_path / "server.sqlite3", isolation_level=None)
            lock.execute("PRAGMA busy_timeout = 0")
            lock.execute("BEGIN EXCLUSIVE")
            answer = {"type": "action", "decision": decision["decision"]}
            ws.send_json({**answer, "action": decision["default"], "id": 1})
            paused = _next(ws, "paused")
            assert paused["reason"] == "database_unavailable"
            assert _says_paused(paused["message"], lang), paused["message"]
            ws.send_json({**answer, "action": decision["default"], "id": 2})
            refused = _next(ws, "error")
            assert (refused["code"], refused["ref"]) == ("paused", 2)
            assert _says_paused(refused["message"], lang), refused["message"]
            with client.websocket_connect(f"{table['websocket']}?lang={late_lang}") as late:
                late.send_json(hello(player.token))
                arrived = late.receive_json()
                assert arrived["type"] == "paused"
                assert _says_paused(arrived["message"], late_lang), arrived["message"]
                lock.execute("ROLLBACK")
                lock.close()
                assert late.receive_json()["type"] == "welcome"
            assert _next(ws, "resumed")["seq"] > 0


# ---------------------------------------------------------------- HTTP refusals pages print

NO_ROOM = {"en": "no such room", "de": "diesen Raum gibt es nicht", "es": "no existe esa sala"}
NO_ROOM["zh"] = "没有这个房间"
NO_GAME = {
    "en": "no game is being played in this room",
    "de": "in diesem Raum wird keine Partie gespielt",
    "es": "en esta sala no se está jugando ninguna partida",
    "zh": "这个房间里没有正在进行的对局",
}
ROOM_PLAYING = {
    "en": "the room's game is being played",
    "de": "die Partie des Raums läuft",
    "es": "la partida de la sala está en juego",
    "zh": "房间的对局正在进行",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_room_apis_refusals_are_in_the_requests_language(client: TestClient, lang: str) -> None:
    """``no such room`` and the room's status are raised on the database's writer thread:
    they are translated when answered. The table prints these, and the hint's."""
    me = guest(client)
    answer = client.post(f"/api/rooms/nope/join?lang={lang}", json={}, headers=me.auth)
    assert (answer.status_code, answer.json()) == (404, {"detail": NO_ROOM[lang]})
    room = practice(client, me)  # playing: nobody joins it any more
    other = guest(client, "Mei")
    answer = client.post(
        f"/api/rooms/{room['code']}/join", json={}, headers={**other.auth, "Accept-Language": lang}
    )
    assert (answer.status_code, answer.json()) == (409, {"detail": ROOM_PLAYING[lang]})
    hint = client.get(f"/api/rooms/nope/hint?lang={lang}", headers=me.auth)
    assert (hint.status_code, hint.json()) == (404, {"detail": NO_GAME[lang]})


NO_TUTORIAL = {
    "en": "no tutorial 'nope' (there is: hk and riichi)",
    "de": "kein Tutorial 'nope' (es gibt: hk und riichi)",
    "es": "no hay tutorial 'nope' (hay: hk y riichi)",
    "zh": "没有教程 'nope'（现有：hk和riichi）",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_list_in_a_refusal_is_joined_the_languages_way(client: TestClient, lang: str) -> None:
    me = guest(client)
    answer = client.post(f"/api/tutorials/nope?lang={lang}", headers=me.auth)
    assert (answer.status_code, answer.json()) == (
        422,
        {"error": NO_TUTORIAL[lang], "field": "lesson"},
    )


TOO_MANY_PLAYERS = {
    "en": "too many new players from your address: 2 at once, then 1 a minute",
    "de": "zu viele neue Spieler von deiner Adresse: 2 auf einmal, dann 1 pro Minute",
    "es": "demasiados jugadores nuevos desde tu dirección: 2 de una vez, luego 1 por minuto",
    "zh": "来自你的地址的新玩家过多：一次最多 2 个，之后每分钟 1 个",
}


def test_a_rate_limits_429_is_in_the_requests_language(tmp_path: Path) -> None:
    with client_for(sqlite_url(tmp_path), players_burst=2, players_per_minute=1.0) as client:
        for _ in range(2):
            assert client.post("/api/players", json={"name": "Lan"}).status_code == 201
        for lang in LANGS:
            client.cookies.clear()
            answer = client.post(f"/api/players?lang={lang}", json={"name": "Lan"})
            assert answer.status_code == 429
            assert answer.json() == {"error": TOO_MANY_PLAYERS[lang], "field": "name"}


# ---------------------------------------------------------------- Pydantic's messages

#: (path, body, field, the message in each language)
INVALID = [
    (
        "/api/players",
        {"name": 5},
        "name",
        {
            "en": "name must be a string, got 5",
            "de": "name muss eine Zeichenkette sein, erhalten: 5",
            "es": "name debe ser una cadena, se recibió 5",
            "zh": "name 必须是字符串，收到的是 5",
        },
    ),
    (
        "/api/players",
        {},
        "name",
        {
            "en": "name is required",
            "de": "name fehlt",
            "es": "falta name",
            "zh": "缺少 name",
        },
    ),
    (
        "/api/players",
        {"name": "x" * 41},
        "name",
        {
            "en": "name must be at most 40 characters, got 41",
            "de": "name darf höchstens 40 Zeichen haben, erhalten: 41",
            "es": "name debe tener como máximo 40 caracteres, se recibieron 41",
            "zh": "name 最多 40 个字符，收到 41 个",
        },
    ),
    (
        "/api/tables",
        {"bot_delay_ms": "soon"},
        "bot_delay_ms",
        {
            "en": 'bot_delay_ms must be a whole number, got "soon"',
            "de": 'bot_delay_ms muss eine ganze Zahl sein, erhalten: "soon"',
            "es": 'bot_delay_ms debe ser un número entero, se recibió "soon"',
            "zh": 'bot_delay_ms 必须是整数，收到的是 "soon"',
        },
    ),
    (
        "/api/tables",
        {"turn_seconds": 601},
        "turn_seconds",
        {
            "en": "turn_seconds must be at most 600, got 601",
            "de": "turn_seconds darf höchstens 600 sein, erhalten: 601",
            "es": "turn_seconds debe ser como máximo 600, se recibió 601",
            "zh": "turn_seconds 至多为 600，收到的是 601",
        },
    ),
    (
        "/api/account/claim",
        {"name": "a/b", "password": "a long password"},
        "name",
        {
            "en": "name: an account name may not hold '/'",
            "de": "name: ein Kontoname darf '/' nicht enthalten",
            "es": "name: un nombre de cuenta no puede contener '/'",
            "zh": "name：账户名不能包含 '/'",
        },
    ),
]


@pytest.mark.parametrize(
    ("path", "body", "field", "lang", "message"),
    [(p, b, f, lang, said[lang]) for p, b, f, said in INVALID for lang in said],
)
def test_pydantics_messages_are_in_the_requests_language(
    client: TestClient,
    path: str,
    body: dict[str, Any],
    field: str,
    lang: str,
    message: str,
) -> None:
    me = guest(client)
    headers = {**me.auth, "Accept-Language": f"{lang};q=0.9"}
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == 422
    assert answer.json() == {"error": message, "field": field}


def test_an_unknown_pydantic_error_keeps_pydantics_words_in_a_translated_frame() -> None:
    from majiang.i18n import use
    from majiang.server.edge import describe

    error = {
        "type": "uuid_parsing",
        "loc": ("body", "id"),
        "input": "x",
        "msg": "Input should be a valid UUID",
    }
    with use("de"):
        assert describe(error) == ('id: Input should be a valid UUID, erhalten: "x"', "id")


# ---------------------------------------------------------------- the CLI

NOT_JSON = {
    "en": "not JSON: Expecting value at column 1",
    "de": "kein JSON: Expecting value in Spalte 1",
    "es": "no es JSON: Expecting value en la columna 1",
    "zh": "不是 JSON：第 1 列 Expecting value",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_cli_json_modes_line_that_is_not_json_is_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("this is no JSON\n"))
    assert main(["score", "--json", "--lang", lang]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out == [{"error": NOT_JSON[lang], "field": None}]


def test_the_cli_json_mode_without_lang_speaks_the_locales_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("{oops\n"))
    assert main(["score", "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error.startswith("no es JSON: ") and error.endswith(" en la columna 2")


#: the fu line and the points line of the dealer's riichi tsumo (234567m234p55p777z on 5p: red
#: dragon and menzen tsumo, 2 han 40 fu; each non-dealer pays 1300)
BREAKDOWN = {
    "en": (
        "fu: 40 (Base 20 + Concealed pung of honors 8 + Single wait 2 + Self-drawn 2 + "
        "Rounding up 8)",
        "points: 3900 (non-dealer pays 1300, non-dealer pays 1300, and non-dealer pays 1300)",
    ),
    "de": (
        "fu: 40 (Grundwert 20 + Verdecktes Pung aus Ehrensteinen 8 + Einzelwartung 2 + "
        "Selbst gezogen 2 + Aufrundung 8)",
        "Punkte: 3900 (Nicht-Geber zahlt 1300, Nicht-Geber zahlt 1300 und Nicht-Geber zahlt 1300)",
    ),
    "es": (
        "fu: 40 (Base 20 + Pung oculto de honores 8 + Espera simple 2 + Robada por uno mismo 2 "
        "+ Redondeo 8)",
        "puntos: 3900 (no mano paga 1300, no mano paga 1300 y no mano paga 1300)",
    ),
    "zh": (
        "fu: 40 (底符 20 + 字牌暗刻 8 + 单骑听牌 2 + 自摸 2 + 进位 8)",
        "点数：3900 (闲家 付 1300、闲家 付 1300和闲家 付 1300)",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_clis_fu_items_and_payers_are_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    args = ["score", "--hand", "234567m234p55p777z", "--win-tile", "5p", "--tsumo"]
    assert main([*args, "--lang", lang]) == 0
    said = " ".join(capsys.readouterr().out.split())  # the console's line breaks aside
    fu, points = BREAKDOWN[lang]
    assert fu in said and points in said, said

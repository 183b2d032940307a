"""The websocket protocol's frames: reading what a client sends, the error frame, rate limits.

Version 1 (docs/protocol.md). Every frame is one JSON object with a ``type``. A frame that
cannot be read gets an ``error`` frame back naming what was wrong; nothing a client sends can
stop a game or the server.

>>> read_frame('{"type": "ping", "id": 3}')
{'type': 'ping', 'id': 3}
>>> try:
...     read_frame('[1, 2]')
... except ProtocolError as exc:
...     exc.frame()
{'type': 'error', 'code': 'malformed', 'message': 'a frame must be a JSON object, got list', 'ref': None}
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from majiang.i18n import N_, _
from majiang.server.edge import odd_string
from majiang.server.lists import listing

PROTOCOL_VERSION = 1
#: the close code of a socket whose game another server instance plays now (``moved``):
#: reconnect and go on (docs/deploy.md)
MOVED = 1012

#: the frame types a client may send
CLIENT_TYPES = ("hello", "action", "ping", "sync", "next_hand")

#: messages said in several places (each translated where it is sent: ``_(NOT_SEATED)``)
NOT_SEATED = N_("you have no seat here and spectators are off")
NOT_STARTED = N_("the game has not started")
GAME_STOPPED = N_("the game stopped; it resumes when restarted")
SPECTATORS_CANNOT_ACT = N_("spectators cannot act")

#: what a room's status says in a refusal (``room_status``), English marked ``N_``
ROOM_STATUS = {
    "waiting": N_("the room is waiting for its players"),
    "playing": N_("the room's game is being played"),
    "finished": N_("the room's game is over"),
    "closed": N_("the room is closed"),
}


def room_status(status: str) -> str:
    """Return a sentence saying a room's status, in the language of the moment.

    >>> room_status("finished"), room_status("odd")
    ("the room's game is over", 'the room is odd')
    """
    return _(room_status_template(status)).format(status=status)


def room_status_template(status: str) -> str:
    """Return the English sentence of ``room_status``, to be translated (``{status}``: the
    status itself, for a status without a sentence of its own)."""
    return ROOM_STATUS.get(status, N_("the room is {status}"))


class ProtocolError(Exception):
    """A frame refused: ``code`` (machine-readable) and a message for people."""

    def __init__(self, code: str, message: str, ref: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref

    def frame(self) -> dict[str, Any]:
        """Return the ``error`` frame sent back to the client."""
        return error_frame(self.code, self.message, self.ref)


def error_frame(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    """Return an ``error`` frame; ``ref`` echoes the ``id`` of the client's frame, if any. The
    ``code`` is for programs and the same in every language; the ``message`` is for people, in
    the connection's language (the caller translates it).

    >>> error_frame("too_large", "frame of 9000 bytes")["code"]
    'too_large'
    """
    return {"type": "error", "code": code, "message": message, "ref": ref}


def _ref(data: dict[str, Any]) -> Any:
    ref = data.get("id")
    return ref if isinstance(ref, int | str) and not isinstance(ref, bool) else None


def read_frame(text: str | bytes | None, max_bytes: int = 4096) -> dict[str, Any]:
    """Return the client's frame as a dict, or raise ``ProtocolError``."""
    if text is None or isinstance(text, bytes):
        raise ProtocolError("malformed", _("frames are JSON text; binary frames are refused"))
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        said = _("frame of {size} bytes (at most {most})").format(size=size, most=max_bytes)
        raise ProtocolError("too_large", said)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("malformed", _("not JSON: {error}").format(error=exc)) from None
    if not isinstance(data, dict):
        said = _("a frame must be a JSON object, got {type}").format(type=type(data).__name__)
        raise ProtocolError("malformed", said)
    odd = odd_string(data)
    if odd is not None:  # (a token, a tile ... that no database or encoder takes)
        where, why = odd
        if where:
            said = _("{field} holds {what}").format(field=where, what=why)
        else:
            said = _("the frame holds {what}").format(what=why)
        raise ProtocolError("malformed", said, _ref(data))
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        said = _("unknown frame type {kind!r} (expected {types})")
        types = listing(CLIENT_TYPES, "or")
        raise ProtocolError("unknown_type", said.format(kind=kind, types=types), _ref(data))
    return data


def frame_ref(data: dict[str, Any]) -> Any:
    """Return the ``id`` a client gave its frame (echoed in the answer), or None."""
    return _ref(data)


@dataclass
class RateLimit:
    """A token bucket: ``rate`` frames a second on average, bursts up to ``burst``; besides,
    each decision offered (``grant``) lets one ``action`` frame through uncounted, so that
    answering every decision at once is never refused however fast the game goes.

    >>> r = RateLimit(rate=1.0, burst=2)
    >>> [r.allow(now=0.0) for _ in range(3)], r.allow(now=1.0)
    ([True, True, False], True)
    >>> r.grant()
    >>> r.allow(now=1.0), r.allow(now=1.0, answer=True), r.allow(now=1.0, answer=True)
    (False, True, False)
    """

    rate: float
    burst: int
    tokens: float = field(default=-1.0)
    stamp: float = field(default=-1.0)
    refused: int = 0
    #: frames allowed by the decisions offered and not yet answered (at most ``burst``)
    granted: int = 0

    def grant(self) -> None:
        """Allow one more frame: a decision was offered, whose answer must pass."""
        self.granted = min(self.burst, self.granted + 1)

    def allow(self, now: float | None = None, answer: bool = False) -> bool:
        """Return whether one more frame may pass now (and count it); ``answer``: the frame is
        an ``action``, which a decision granted first."""
        if answer and self.granted > 0:
            self.granted -= 1
            return True
        now = time.monotonic() if now is None else now
        if self.stamp < 0:
            self.tokens, self.stamp = float(self.burst), now
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused += 1
        return False

    def wait(self, now: float | None = None) -> float:
        """Return the seconds until ``allow`` would pass (0: now).

        >>> r = RateLimit(rate=0.5, burst=1)
        >>> r.allow(now=0.0), r.wait(now=0.0), r.wait(now=1.0), r.wait(now=2.0)
        (True, 2.0, 1.0, 0.0)
        """
        if self.stamp < 0:
            return 0.0
        now = time.monotonic() if now is None else now
        tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

"""A player's finished games and their replays: the pages ``/history`` and ``/replay/<game>``
and the replay's API.

| route | what |
|---|---|
| ``/history`` | your finished games (``static/history.js`` asks ``GET /api/players/me/games``) |
| ``/replay/<game>`` | the replay viewer (``static/replay.js``) |
| ``GET /api/games/{game}/replay`` | the game's seats, hands (label, frames, outcome), final scores |
| ``GET /api/games/{game}/replay/{hand}`` | that hand's frames: the first whole, then what changed |

Who may see a replay is who may read the record (``server.rooms.finished_record``): the game's
players, or anyone when the room is public; and only once the game is over (409 before: a game
in play publishes no hidden tile). Frames come from ``replay.py`` (the record re-run on the
engine) and are kept for the last few games asked for, since a finished record never changes.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from html import escape
from typing import Annotated, Any

from fastapi import Cookie, FastAPI, Header, HTTPException
from sqlalchemy.orm import Session, sessionmaker

from majiang.i18n import _
from majiang.records import GameRecord
from majiang.rules import VARIANTS
from majiang.server.rooms import finished_record
from majiang.web.play import LENGTH_LABELS, VARIANT_NAMES, table_view_data
from majiang.web.replay import Replay, labelled, replay
from majiang.web.words import seat_names

__all__ = ["ReplayCache", "history_body", "mount_history", "replay_body"]


class ReplayCache:
    """The replays made last (a finished record never changes), at most ``size`` of them.

    >>> cache = ReplayCache(size=1)
    >>> cache.get("a") is None
    True
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._items: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Replay | None:
        """Return the kept replay of ``game_id``, or None."""
        with self._lock:
            found = self._items.get(game_id)
            if found is not None:
                self._items.move_to_end(game_id)
            return found

    def put(self, game_id: str, made: Replay) -> None:
        """Keep ``made``, forgetting the oldest beyond ``size``."""
        with self._lock:
            self._items[game_id] = made
            self._items.move_to_end(game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def mount_history(app: FastAPI) -> None:
    """Add the replay API to ``app`` (it needs the server's database sessions)."""
    sessions: sessionmaker[Session] = app.state.sessions
    cache = ReplayCache()

    def load(
        game_id: str, authorization: str | None, cookie: str | None
    ) -> tuple[Replay, int | None]:
        with sessions() as session:
            record, seat = finished_record(session, game_id, authorization, cookie)
        made = cache.get(game_id)
        if made is None:
            made = replay(GameRecord.from_dict(record))
            cache.put(game_id, made)
        return made, seat

    @app.get("/api/games/{game_id}/replay", tags=["records"])
    async def replay_summary(
        game_id: str,
        authorization: Annotated[str | None, Header()] = None,
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> dict[str, Any]:
        """Return a finished game's replay: seats, hands (label, frames, outcome), final scores;
        ``your_seat`` is the asker's seat (None: not a player of it). The frames of a hand are
        at ``/replay/{hand}``. Who may see it: as the record."""
        made, seat = await asyncio.to_thread(load, game_id, authorization, majiang_signin)
        summary = made.summary()
        return {
            "game_id": game_id,
            **summary,
            "hands": [labelled(made.variant, h) for h in summary["hands"]],
            "variant_name": _(VARIANT_NAMES[made.variant]),
            "length_label": _(LENGTH_LABELS.get(made.length, made.length)),
            "names": seat_names(made.seats),
            "your_seat": seat,
            "formats": ["native", "mjai"] if made.variant == "riichi" else ["native"],
        }

    @app.get("/api/games/{game_id}/replay/{hand}", tags=["records"])
    async def replay_hand(
        game_id: str,
        hand: int,
        authorization: Annotated[str | None, Header()] = None,
        majiang_signin: Annotated[str | None, Cookie()] = None,
    ) -> dict[str, Any]:
        """Return the frames of hand ``hand`` (0 first) of a finished game: the first frame
        whole, each later one what changed (docs/web.md, "History and replays")."""
        made, _seat = await asyncio.to_thread(load, game_id, authorization, majiang_signin)
        if not 0 <= hand < len(made.hands):
            said = _("the game has hands 0-{last}").format(last=len(made.hands) - 1)
            raise HTTPException(404, said)
        return {
            "hand": hand,
            **labelled(made.variant, made.hands[hand]),
            "frames": made.hand_frames(hand),
        }


def history_body() -> str:
    """Return the body of ``/history`` (``static/history.js`` fills the table), in the language
    of the moment; the words history.js needs come in its meta.

    >>> 'id="history-table"' in history_body()
    True
    """
    names = {
        "variants": {v: _(VARIANT_NAMES[v]) for v in VARIANTS},
        # the words of web.words are translated here once its catalogs hold them
        "lengths": {k: _(label) for k, label in LENGTH_LABELS.items()},
    }
    data = escape(json.dumps(names), quote=False)
    w = {key: escape(text) for key, text in _history_words().items()}
    return f"""
<script type="application/json" id="history-meta">{data}</script>
<h1>{w["title"]}</h1>
<p id="history-status" class="status" role="status" aria-live="polite">{w["loading"]}</p>
<div class="table-wrap"><table id="history-table" class="history" hidden>
<caption class="muted">{w["caption"]}</caption>
<thead><tr><th scope="col">{w["finished"]}</th><th scope="col">{w["variant"]}</th>
<th scope="col">{w["length"]}</th><th scope="col">{w["place"]}</th>
<th scope="col">{w["points"]}</th><th scope="col">{w["players"]}</th>
<th scope="col">{w["replay"]}</th></tr></thead><tbody></tbody></table></div>
"""


def _history_words() -> dict[str, str]:
    return {
        "title": _("Your games"),
        "loading": _("Loading your games…"),
        "caption": _("Finished games played in this browser, newest first"),
        "finished": _("Finished"),
        "variant": _("Variant"),
        "length": _("Length"),
        "place": _("Place"),
        "points": _("Points"),
        "players": _("Players"),
        "replay": _("Replay"),
    }


def replay_body(game_id: str) -> str:
    """Return the body of ``/replay/<game>`` (``static/replay.js`` fills it), in the language of
    the moment.

    >>> 'data-game="g&lt;1"' in replay_body("g<1")
    True
    """
    game = escape(game_id)
    w = {  # the page's words in the language of the moment
        "replay": _("Replay"),
        "loading": _("Loading the game…"),
        "controls": _("Replay controls"),
        "first_title": _("The first event (Home)"),
        "first": _("« First"),
        "back_title": _("One event back (←)"),
        "back": _("◀ Back"),
        "play_title": _("Play the events one after another (Space)"),
        "play": _("▶ Play"),
        "forward_title": _("One event forward (→)"),
        "forward": _("Forward ▶"),
        "last_title": _("The last event (End)"),
        "last": _("Last »"),
        "speed": _("Speed"),
        "slow": _("Slow (1.6 s)"),
        "normal": _("Normal (0.8 s)"),
        "fast": _("Fast (0.35 s)"),
        "very_fast": _("Very fast (0.12 s)"),
        "hand_seat": _("Hand and seat"),
        "hand": _("Hand"),
        "watch": _("Watch from"),
        "show_all": _("Show every hand"),
        "table": _("The table"),
        "hands": _("Hands"),
        "after": _("Each player's score after the hand"),
        "final": _("Final scores"),
        "place": _("Place"),
        "player": _("Player"),
        "points": _("Points"),
        "download": _("Download the record"),
        "keys": _(
            "Keys: Space play / pause, ← → one event, Home / End the first / last event, "
            "Page Up / Page Down the previous / next hand."
        ),
    }
    w = {k: escape(v) for k, v in w.items()}
    return f"""{table_view_data()}
<div id="replay-app" class="replay-app" data-game="{game}" data-state="loading">
<h1 id="replay-h">{w["replay"]}</h1>
<p id="replay-facts" class="muted"></p>
<p id="status" class="status" role="status" aria-live="polite">{w["loading"]}</p>
<div id="replay-main" hidden>
<nav class="replay-controls" aria-label="{w["controls"]}">
<button type="button" id="rp-first" title="{w["first_title"]}">{w["first"]}</button>
<button type="button" id="rp-back" title="{w["back_title"]}">{w["back"]}</button>
<button type="button" id="rp-play" class="primary" aria-pressed="false" title="{w["play_title"]}">{w["play"]}</button>
<button type="button" id="rp-forward" title="{w["forward_title"]}">{w["forward"]}</button>
<button type="button" id="rp-last" title="{w["last_title"]}">{w["last"]}</button>
<label for="rp-speed">{w["speed"]}</label><select id="rp-speed">
<option value="1600">{w["slow"]}</option><option value="800" selected>{w["normal"]}</option>
<option value="350">{w["fast"]}</option><option value="120">{w["very_fast"]}</option></select>
</nav>
<nav class="replay-controls" aria-label="{w["hand_seat"]}">
<label for="rp-hand">{w["hand"]}</label><select id="rp-hand"></select>
<label for="rp-seat">{w["watch"]}</label><select id="rp-seat"></select>
<label class="check"><input type="checkbox" id="rp-show-all" checked> {w["show_all"]}</label>
<span id="rp-position" class="muted"></span>
</nav>
<p id="rp-event" class="replay-event" aria-live="polite"></p>
<section id="rp-board" class="table" aria-label="{w["table"]}"></section>
<section id="rp-result" class="result-panel" hidden aria-labelledby="result-h"></section>
<div class="replay-side">
<section aria-labelledby="rp-hands-h"><h2 id="rp-hands-h">{w["hands"]}</h2>
<div class="table-wrap"><table id="rp-hands" class="replay-hands"><caption class="muted">{w["after"]}</caption><thead></thead><tbody></tbody></table></div></section>
<section aria-labelledby="rp-final-h"><h2 id="rp-final-h">{w["final"]}</h2>
<table id="rp-final" class="standings"><thead><tr><th scope="col">{w["place"]}</th><th scope="col">{w["player"]}</th>
<th scope="col">{w["points"]}</th></tr></thead><tbody></tbody></table></section>
<section aria-labelledby="rp-dl-h"><h2 id="rp-dl-h">{w["download"]}</h2>
<div class="buttons" id="rp-downloads"></div></section>
</div>
<p class="muted keys">{w["keys"]}</p>
</div>
</div>
"""

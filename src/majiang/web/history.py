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

from majiang.i18n import N_, _
from majiang.records import GameRecord
from majiang.rules import VARIANTS, get_ruleset
from majiang.server.rooms import finished_record
from majiang.web.play import LENGTH_LABELS, VARIANT_NAMES
from majiang.web.replay import Replay, replay

__all__ = ["ReplayCache", "display_names", "history_body", "mount_history", "replay_body"]


def display_names(seats: list[str]) -> list[str]:
    """Return the seats' names as the replay shows them: a bot seat ``bot:normal`` becomes
    ``Bot 2 (normal)``.

    >>> display_names(["Lan", "bot:normal", "", "bot:expert"])
    ['Lan', 'Bot 2 (normal)', 'Seat 3', 'Bot 4 (expert)']
    """
    out = []
    for i, name in enumerate(seats):
        if name.startswith("bot:"):
            out.append(f"Bot {i + 1} ({name[4:]})")
        else:
            out.append(name or f"Seat {i + 1}")
    return out


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
        return {
            "game_id": game_id,
            **made.summary(),
            "variant_name": get_ruleset(made.variant).name,
            "length_label": LENGTH_LABELS.get(made.length, made.length),
            "names": display_names(made.seats),
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
        whole, each later one what changed (docs/web.md, "Replays")."""
        made, _seat = await asyncio.to_thread(load, game_id, authorization, majiang_signin)
        if not 0 <= hand < len(made.hands):
            raise HTTPException(404, f"the game has hands 0-{len(made.hands) - 1}")
        return {"hand": hand, **made.hands[hand], "frames": made.hand_frames(hand)}


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
        "bots": {level: _(word) for level, word in BOT_LEVEL_WORDS.items()},
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


#: the bots' levels as a seat's name shows them: "Bot 2 (normal)"
BOT_LEVEL_WORDS = {
    "beginner": N_("beginner"),
    "normal": N_("normal"),
    "expert": N_("expert"),
    "master": N_("master"),
}


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
    """Return the body of ``/replay/<game>`` (``static/replay.js`` fills it).

    >>> 'data-game="g&lt;1"' in replay_body("g<1")
    True
    """
    game = escape(game_id)
    return f"""
<div id="replay-app" class="replay-app" data-game="{game}" data-state="loading">
<h1 id="replay-h">Replay</h1>
<p id="replay-facts" class="muted"></p>
<p id="status" class="status" role="status" aria-live="polite">Loading the game…</p>
<div id="replay-main" hidden>
<nav class="replay-controls" aria-label="Replay controls">
<button type="button" id="rp-first" title="The first event (Home)">« First</button>
<button type="button" id="rp-back" title="One event back (←)">◀ Back</button>
<button type="button" id="rp-play" class="primary" aria-pressed="false" title="Play the events one after another (Space)">▶ Play</button>
<button type="button" id="rp-forward" title="One event forward (→)">Forward ▶</button>
<button type="button" id="rp-last" title="The last event (End)">Last »</button>
<label for="rp-speed">Speed</label><select id="rp-speed">
<option value="1600">Slow (1.6 s)</option><option value="800" selected>Normal (0.8 s)</option>
<option value="350">Fast (0.35 s)</option><option value="120">Very fast (0.12 s)</option></select>
</nav>
<nav class="replay-controls" aria-label="Hand and seat">
<label for="rp-hand">Hand</label><select id="rp-hand"></select>
<label for="rp-seat">Watch from</label><select id="rp-seat"></select>
<label class="check"><input type="checkbox" id="rp-show-all" checked> Show every hand</label>
<span id="rp-position" class="muted"></span>
</nav>
<p id="rp-event" class="replay-event" aria-live="polite"></p>
<section id="rp-board" class="table" aria-label="The table"></section>
<section id="rp-result" class="result-panel" hidden aria-labelledby="result-h"></section>
<div class="replay-side">
<section aria-labelledby="rp-hands-h"><h2 id="rp-hands-h">Hands</h2>
<div class="table-wrap"><table id="rp-hands" class="replay-hands"><caption class="muted">Each player's
score after the hand</caption><thead></thead><tbody></tbody></table></div></section>
<section aria-labelledby="rp-final-h"><h2 id="rp-final-h">Final scores</h2>
<table id="rp-final" class="standings"><thead><tr><th scope="col">Place</th><th scope="col">Player</th>
<th scope="col">Points</th></tr></thead><tbody></tbody></table></section>
<section aria-labelledby="rp-dl-h"><h2 id="rp-dl-h">Download the record</h2>
<div class="buttons" id="rp-downloads"></div></section>
</div>
<p class="muted keys">Keys: Space play / pause, ← → one event, Home / End the first / last
event, Page Up / Page Down the previous / next hand.</p>
</div>
</div>
"""

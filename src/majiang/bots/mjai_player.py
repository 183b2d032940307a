"""One of our bots as an mjai player: mjai events in, one reaction out, per line (riichi).

``MjaiPlayer(level).react(events)`` takes the events of one input line (one JSON object or an
array of them) and returns the one reaction due: ``dahai``, ``reach``, ``chi``, ``pon``,
``daiminkan``, ``ankan``, ``kakan``, ``hora``, ``ryukyoku`` (nine terminals) or ``none``.

It keeps its own state as a *shadow game* run by our engine: each ``start_kyoku`` deals a hand
whose wall holds the player's own tiles and the dora marker; the other seats' concealed tiles
are placeholders (a flower, which no claim, wait or count reads), replaced by the real tile
each time that seat shows one (a discard, the tiles of a call). Every event is applied with
``step`` (the other seats' moves forced, since the shadow cannot check hands it cannot see),
so the engine itself tracks what makes the player's own moves legal: its hand, furiten of every
kind, kuikae, riichi's conditions, the walls left, ippatsu, the first go-around, dora. The
player's options are ``legal_actions`` of the shadow, and the bot sees ``player_view`` of it.

The seat is ``start_game``'s ``id``, or else the one hand without ``?`` in ``start_kyoku``.
A discard by another seat is kept pending until the next event shows whether it was claimed
(mjai announces a call after the discard), then replayed with that seat holding the call's
tiles. The shadow never ends a hand on its own (abortive draws off): the referee says when.

>>> player = MjaiPlayer("beginner", seed=1)
>>> player.react([{"type": "start_game", "id": 0}])
{'type': 'none'}
>>> hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "P"]
>>> start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
...          "oya": 0, "scores": [25000] * 4, "dora_marker": "1s",
...          "tehais": [hand] + [["?"] * 13] * 3}
>>> player.react([start, {"type": "tsumo", "actor": 0, "pai": "9m"}])["type"] in ("dahai", "reach")
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from majiang.actions import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
    listed_form,
)
from majiang.bots.base import Bot
from majiang.bots.levels import make_bot
from majiang.bots.mjai import mjai_tile, tile_from_mjai
from majiang.engine import hand_copy_refusal, legal_actions, new_game, step
from majiang.errors import MajiangError
from majiang.rules import get_ruleset
from majiang.state import GameState
from majiang.tiles import Tile, kind, sort_key
from majiang.view import player_view

__all__ = ["PLACEHOLDER", "MjaiPlayer"]

#: the tile standing for a concealed tile of another seat (a flower: never a wait or a set)
PLACEHOLDER: Tile = 34
_NONE: dict[str, Any] = {"type": "none"}
#: the shadow game's table rules: the referee ends hands, so nothing aborts one by itself
_SHADOW = {
    "aka": 1,
    "bust": False,
    "abort_nine_terminals": True,
    "abort_four_winds": False,
    "abort_four_riichi": False,
    "abort_four_kongs": False,
    "triple_ron_draw": False,
}


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


class Desync(MajiangError):
    """The events do not fit the shadow game (the player then answers ``none`` until the next
    hand)."""


class MjaiPlayer:
    """A bot of our levels playing riichi through the mjai protocol."""

    def __init__(self, level: str = "expert", seed: int = 0, bot: Bot | None = None) -> None:
        self.rules = get_ruleset("riichi")
        self.bot = bot if bot is not None else make_bot(level, "riichi", seed, {"aka": 1})
        self.seat: int | None = None
        self.state: GameState | None = None
        #: the state before another seat's discard, the seat and the discard (until resolved)
        self.pending: tuple[GameState, int, Discard] | None = None
        self.markers: list[Tile] = []
        self.reaching: set[int] = set()
        self.planned: Tile | None = None
        self.hands = 0
        self.log: list[str] = []

    # ------------------------------------------------------------ the protocol

    def react(self, events: Sequence[dict[str, Any]] | dict[str, Any]) -> dict[str, Any]:
        """Return the reaction to one line of events (``{"type": "none"}`` when none is due)."""
        if isinstance(events, dict):
            events = [events]
        for e in events:
            try:
                self.apply(e)
            except (Desync, MajiangError, KeyError, ValueError, TypeError, IndexError) as err:
                self.log.append(f"{e.get('type')}: {err}")
                self.state = None
                self.pending = None
        if self.state is None or self.seat is None:
            return dict(_NONE)
        try:
            return self.decide()
        except (MajiangError, KeyError, ValueError, IndexError) as err:
            self.log.append(f"decide: {err}")
            return dict(_NONE)

    def apply(self, e: dict[str, Any]) -> None:
        """Apply one mjai event to the shadow game."""
        kind_ = e.get("type")
        if kind_ == "start_game":
            if isinstance(e.get("id"), int):
                self.seat = int(e["id"])
            return
        if kind_ == "start_kyoku":
            self.start_kyoku(e)
            return
        if kind_ in ("hora", "ryukyoku", "end_kyoku", "end_game"):
            self.state = None
            self.pending = None
            return
        if self.state is None:
            return
        actor = e.get("actor")
        if kind_ == "dora":
            self.reveal(tile_from_mjai(str(e["dora_marker"])))
        elif kind_ == "tsumo":
            self.commit()
            self.tsumo(int(e["actor"]), str(e["pai"]))
        elif kind_ == "dahai":
            self.commit()
            self.dahai(int(e["actor"]), tile_from_mjai(str(e["pai"])), bool(e.get("tsumogiri")))
        elif kind_ == "reach":
            self.commit()
            self.reaching.add(int(e["actor"]))
        elif kind_ == "reach_accepted":
            pass  # the shadow accepts the riichi itself once its discard passes (a referee may
            # announce it before a call on that discard)
        elif kind_ in ("chi", "pon", "daiminkan"):
            self.call(str(kind_), int(e["actor"]), [tile_from_mjai(str(t)) for t in e["consumed"]])
        elif kind_ == "ankan":
            self.commit()
            tiles = [tile_from_mjai(str(t)) for t in e["consumed"]]
            self.forced(int(e["actor"]), Ankan(tuple(sorted(tiles, key=sort_key))), tiles)
        elif kind_ == "kakan":
            self.commit()
            tile = tile_from_mjai(str(e["pai"]))
            self.forced(int(e["actor"]), Kakan(tile), [tile])
        elif actor is not None and kind_ not in ("none",):
            self.log.append(f"ignored {kind_}")

    # ------------------------------------------------------------ the shadow game

    def start_kyoku(self, e: dict[str, Any]) -> None:
        """Deal the shadow hand: the player's tiles and the dora marker in place, the rest
        placeholders."""
        tehais = [list(t) for t in e["tehais"]]
        if self.seat is None:
            visible = [s for s, t in enumerate(tehais) if t and "?" not in t]
            if len(visible) != 1:
                raise Desync("start_kyoku shows no single hand to tell the seat by")
            self.seat = visible[0]
        me = self.seat
        rules = self.rules
        dealer = int(e["oya"])
        wall: list[Tile] = [0] * 136
        pos = 0
        for seat, count in rules.deal_order(_SHADOW, 4, dealer):
            if seat == me:
                for i, t in enumerate(tehais[me][:count]):
                    wall[pos + i] = tile_from_mjai(str(t))
            pos += count
        first = rules.indicator_position(136, 0, False)
        marker = tile_from_mjai(str(e["dora_marker"]))
        if first is not None:
            wall[first] = marker
        state, _ = new_game(
            rules,
            _SHADOW,
            0,
            "one_hand",
            walls=(tuple(wall),),
            scores=[int(x) for x in e["scores"]],
            dealer=dealer,
            round_wind="ESWN".index(str(e["bakaze"])),
            honba=int(e.get("honba", 0)),
            sticks=int(e.get("kyotaku", 0)),
        )
        st = state.copy()
        st.hand_index = self.hands
        self.hands += 1
        for s in range(4):
            if s != me:
                st.concealed = _set(st.concealed, s, (PLACEHOLDER,) * len(st.concealed[s]))
                st.waits = _set(st.waits, s, ())
        if st.turn != me and st.drawn is not None:
            st.drawn = PLACEHOLDER
        self.state = st
        self.pending = None
        self.markers = [marker]
        self.reaching = set()
        self.planned = None

    def tsumo(self, actor: int, pai: str) -> None:
        """Put the drawn tile (the real one for the player, a placeholder for the others) in
        place of what the shadow's wall gave."""
        st = self._state()
        drawn = st.drawn
        if st.phase != "turn" or st.turn != actor or drawn is None:
            raise Desync(f"tsumo for seat {actor} but the shadow is at {st.phase} of {st.turn}")
        tile = tile_from_mjai(pai) if actor == self.seat else PLACEHOLDER
        st = st.copy()
        held = list(st.concealed[actor])
        held.remove(drawn)
        held.append(tile)
        st.concealed = _set(st.concealed, actor, tuple(held))
        st.drawn = tile
        self.state = st

    def _show(
        self, st: GameState, seat: int, tiles: Sequence[Tile], drawn: Tile | None = None
    ) -> GameState:
        """Return ``st`` with another seat's placeholders turned into ``tiles`` it reveals
        (``drawn``: the one that replaces the drawn tile)."""
        if seat == self.seat:
            return st
        st = st.copy()
        held = list(st.concealed[seat])
        for t in tiles:
            if t == drawn and st.drawn is not None and st.drawn in held:
                held.remove(st.drawn)
                st.drawn = t
            elif PLACEHOLDER in held:
                held.remove(PLACEHOLDER)
            elif held:
                held.pop()
            held.append(t)
        st.concealed = _set(st.concealed, seat, tuple(held))
        return st

    def dahai(self, actor: int, tile: Tile, tsumogiri: bool) -> None:
        """Make a discard; another seat's stays pending until the next event."""
        st = self._state()
        if st.phase != "turn" or st.turn != actor:
            raise Desync(f"dahai by seat {actor} but the shadow is at {st.phase} of {st.turn}")
        riichi = actor in self.reaching
        self.reaching.discard(actor)
        st = self._show(st, actor, [tile], tile if tsumogiri else None)
        if actor != self.seat and not tsumogiri and st.drawn == tile:
            st.drawn = PLACEHOLDER if PLACEHOLDER in st.concealed[actor] else None
        action = Discard(tile, riichi=riichi)
        tedashi = Discard(tile, riichi, from_hand=True)
        if not tsumogiri and actor == self.seat and hand_copy_refusal(st, actor, tedashi) is None:
            action = tedashi  # our own hand copy of the drawn tile: the drawn one stays
        if actor == self.seat:
            self.planned = None
        self.pending = (st, actor, action)
        self.state = self._force(st, actor, action)

    def commit(self) -> None:
        """Let the pending discard (or kong) pass: every seat that may claim it passes."""
        self.pending = None
        st = self.state
        while st is not None and st.phase == "claim":
            seat = st.waiting_seats()[0]
            st, _ = step(self.rules, st, seat, Pass())
        self.state = st

    def call(self, name: str, actor: int, consumed: list[Tile]) -> None:
        """Replay the pending discard with the caller holding the call's tiles, and make it."""
        if self.pending is None:
            raise Desync(f"{name} by seat {actor} with no discard pending")
        pre, source, discard = self.pending
        self.pending = None
        pre = self._show(pre, actor, consumed)
        st = self._force(pre, source, discard)
        own = sorted(consumed)
        cls = {"chi": Chi, "pon": Pon, "daiminkan": Kan}[name]
        if st.phase != "claim" or actor not in st.waiting_seats():
            raise Desync(f"the shadow offers seat {actor} no {name}")
        offer = next(
            (a for a in st.claim_options[actor] if isinstance(a, cls) and sorted(a.tiles) == own),
            None,
        )
        if offer is None:
            raise Desync(f"the shadow offers seat {actor} no {name} of {consumed}")
        while st.phase == "claim":
            seat = st.waiting_seats()[0]
            st, _ = step(self.rules, st, seat, offer if seat == actor else Pass())
        self.state = st

    def forced(self, actor: int, action: Action, shown: Sequence[Tile]) -> None:
        """Make a concealed or added kong of ``actor`` (its tiles shown first)."""
        st = self._show(self._state(), actor, shown)
        self.state = self._force(st, actor, action)

    def _force(self, st: GameState, seat: int, action: Action) -> GameState:
        """Return the state after ``action`` (taken as legal: the referee has accepted it)."""
        st = st.copy()
        st.cache[seat] = (listed_form(action),)
        after, _ = step(self.rules, st, seat, action)
        return after

    def reveal(self, marker: Tile) -> None:
        """Put a new dora marker where the shadow turns (or has turned) its next indicator."""
        j = len(self.markers)
        self.markers.append(marker)
        pos = self.rules.indicator_position(136, j, False)

        def patch(st: GameState) -> GameState:
            st = st.copy()
            if pos is not None:
                st.wall = _set(st.wall, pos, marker)
            if st.indicators > j:
                st.dora_indicators = _set(st.dora_indicators, j, marker)
            return st

        if self.state is not None:
            self.state = patch(self.state)
        if self.pending is not None:
            pre, source, discard = self.pending
            self.pending = (patch(pre), source, discard)

    def _state(self) -> GameState:
        if self.state is None:
            raise Desync("no hand in play")
        return self.state

    # ------------------------------------------------------------ deciding

    def decide(self) -> dict[str, Any]:
        """Return the reaction due now: the bot's choice when the shadow waits for the player."""
        st = self._state()
        me = self.seat
        assert me is not None
        if me not in st.waiting_seats():
            return dict(_NONE)
        legal = legal_actions(self.rules, st, me)
        if me in self.reaching:  # our reach was announced: now its discard
            tile = self.planned
            riichi = [a for a in legal if isinstance(a, Discard) and a.riichi]
            if tile is None or Discard(tile, riichi=True) not in riichi:
                if not riichi:
                    return dict(_NONE)
                tile = riichi[0].tile
            return self._dahai(st, tile)
        action = self.bot.choose(player_view(self.rules, st, me), legal)
        return self.reaction(st, action)

    def _dahai(self, st: GameState, tile: Tile, from_hand: bool = False) -> dict[str, Any]:
        return {
            "type": "dahai",
            "actor": self.seat,
            "pai": mjai_tile(tile),
            "tsumogiri": tile == st.drawn and not st.called_this_turn and not from_hand,
        }

    def reaction(self, st: GameState, action: Action) -> dict[str, Any]:
        """Return the mjai reaction for one of our actions."""
        me = self.seat
        if isinstance(action, Discard):
            if action.riichi:
                self.planned = action.tile
                return {"type": "reach", "actor": me}
            return self._dahai(st, action.tile, action.from_hand)
        if isinstance(action, Tsumo):
            return {"type": "hora", "actor": me, "target": me, "pai": mjai_tile(st.drawn)}
        if isinstance(action, Ron):
            return {"type": "hora", "actor": me, "target": st.turn, "pai": mjai_tile(st.claim_tile)}
        if isinstance(action, Chi | Pon | Kan):
            name = "daiminkan" if isinstance(action, Kan) else action.kind
            return {
                "type": name,
                "actor": me,
                "target": st.turn,
                "pai": mjai_tile(st.claim_tile),
                "consumed": [mjai_tile(t) for t in action.tiles],
            }
        if isinstance(action, Ankan):
            return {"type": "ankan", "actor": me, "consumed": [mjai_tile(t) for t in action.tiles]}
        if isinstance(action, Kakan):
            k = kind(action.tile)
            assert me is not None
            pon = next(m for m in st.melds[me] if m.kind == "pon" and m.first == k)
            return {
                "type": "kakan",
                "actor": me,
                "pai": mjai_tile(action.tile),
                "consumed": [mjai_tile(t) for t in pon.tiles],
            }
        if isinstance(action, NineTerminals):
            return {"type": "ryukyoku", "actor": me}
        return dict(_NONE)


def serve(player: MjaiPlayer, lines: Any, out: Any, debug: bool = False) -> int:
    """Answer every line of ``lines`` (JSON events) with one reaction line on ``out``; return
    the number of lines answered."""
    import json

    answered = 0
    for line in lines:
        text = line.strip()
        if not text:
            continue
        try:
            events = json.loads(text)
        except json.JSONDecodeError as err:
            player.log.append(f"not JSON: {err}")
            events = []
        if not isinstance(events, list | dict):
            events = []
        reply = player.react(events)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()
        answered += 1
        if debug and player.log:
            for entry in player.log:
                print(f"majiang bot: {entry}", file=sys.stderr)
            player.log.clear()
    return answered

"""``majiang replay FILE [--verify]``: print a recorded game hand by hand, or check it.

Without ``--verify`` the stored events are printed: each hand's start, calls, riichi, wins with
their patterns and points, draws, the scores after each hand and the final placements.
``--verify`` re-runs the engine from the seed and the actions and fails (exit code 1) at the
first event that differs from the record.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from functools import partial
from typing import Any

from rich.console import Console

from majiang.commands.language import (
    add_lang_option,
    command_description,
    in_chosen_language,
    length_name,
    web_words,
)
from majiang.i18n import N_, _, current
from majiang.i18n.patterns import localized_item
from majiang.keep import ENDED_WORDS
from majiang.records import RecordMismatch, load_record, verify
from majiang.rules import get_ruleset

WINDS = "ESWN"

#: how a hand ended and the calls, as the replay page says them (``static/replay.js``)
OUTCOME_WORDS = {
    "win": N_("Win"),
    "exhaustive_draw": N_("Draw: the wall is empty"),
    "abortive_draw": N_("Abortive draw"),
}
MELD_WORDS = {"chi": N_("Chi"), "pon": N_("Pon"), "kan": N_("Kan"), "minkan": N_("Kan")}


def register(sub: Any) -> None:
    """Add the ``replay`` subcommand."""
    summary = _("print or verify a game record")
    p = sub.add_parser("replay", help=summary, description=command_description(__doc__, summary))
    p.add_argument("file", help=_("a native record (JSON)"))
    p.add_argument(
        "--verify", action="store_true", help=_("re-run the engine and compare every event")
    )
    add_lang_option(p, N_("the game told and the errors"))
    p.set_defaults(run=in_chosen_language("replay", run))


def _word(table: dict[str, str], key: str) -> str:
    """Return a key's word in the language of the moment, or the key in words (``a_b``: a b)."""
    return _(table[key]) if key in table else key.replace("_", " ")


def seat_names(seats: Sequence[str]) -> list[str]:
    """Return the record's seats named as the table and the replay page name them
    (``web.words.seat_names``: ``Bot 2 (normal)``), or as the record holds them when the
    ``server`` extra, which holds the words, is not installed."""
    try:
        from majiang.web import words
    except ImportError:  # the command line alone: no FastAPI
        return list(seats)
    return words.seat_names(seats)


def _seat(seat: int, names: Sequence[str] | None) -> str:
    """Return a seat by its name in ``names``, else as the score sheet names it: ``Seat 1`` is
    the record's seat 0, the first dealer."""
    return names[seat] if names else _("Seat {n}").format(n=seat + 1)


def _line(
    event: dict[str, Any], variant: str | None = None, names: Sequence[str] | None = None
) -> str | None:
    """Return one event told in the language of the moment, or ``None`` for an event not told
    (draws, discards); with ``variant`` the patterns are named in that language too, with
    ``names`` the seats."""
    named = partial(_seat, names=names)
    kind = event.get("type")
    if kind == "hand_started":
        hand = _("hand {n}").format(n=event["hand"] + 1)
        label = f"{hand} ({WINDS[event['round_wind'] % 4]}{event['dealer'] + 1})"
        parts = [_("A new hand: {name} deals").format(name=named(event["dealer"]))]
        if event["honba"]:
            parts.append(_("honba {n}").format(n=event["honba"]))
        if event["sticks"]:
            parts.append(_("{n} riichi sticks on the table").format(n=event["sticks"]))
        scores = _("Scores: {scores}").format(scores=" ".join(str(s) for s in event["scores"]))
        return f"\n[bold]{label}[/] {', '.join(parts)}. {scores}"
    who = named(event["seat"]) if "seat" in event else ""
    if kind == "called":
        if event["meld"] == "ankan":
            said = _("{who} declares a concealed kong: {tiles}.")
        elif event["meld"] == "kakan":
            said = _("{who} adds {tile} to a pon: {tiles}.")
        else:
            said = _("{who} calls {meld} {tiles}, taking {tile} from {from}.")
        return "  " + said.format(
            who=who,
            meld=_word(MELD_WORDS, event["meld"]),
            tiles=event["tiles"],
            tile=event.get("claimed"),
            **{"from": "" if event.get("source") is None else named(event["source"])},
        )
    if kind == "riichi_declared":
        if event.get("double"):
            return "  " + _("{who}'s double riichi stands.").format(who=who)
        return "  " + _("{who}'s riichi stands.").format(who=who)
    if kind == "won":
        return _won(event, who, named(event.get("source") or 0), variant)
    if kind == "points_moved" and event.get("reason") not in ("win", "riichi"):
        deltas = " ".join(f"{d:+d}" for d in event["deltas"])
        said = _("Points move ({reason}): {deltas}.")
        return "  " + said.format(
            reason=_word(web_words("PAYMENT_WORDS"), event["reason"]), deltas=deltas
        )
    if kind == "hand_ended":
        scores = " ".join(str(s) for s in event["scores"])
        what = _word(OUTCOME_WORDS, event["outcome"])
        if event.get("reason") and event["outcome"] == "abortive_draw":
            what += f" ({_word(web_words('ABORTIVE_WORDS'), event['reason'])})"
        if event["outcome"] == "exhaustive_draw":
            ready = ", ".join(named(s) for s in event.get("ready") or []) or _("nobody")
            what += ", " + _("ready: {players}").format(players=ready)
        ends = _("The hand ends: {outcome}.").format(outcome=what)
        return f"  {ends} " + _("Scores: {scores}").format(scores=scores)
    if kind == "game_ended":
        return _game_over(event, [named(s) for s in range(len(event["scores"]))])
    return None


def _game_over(event: dict[str, Any], names: Sequence[str]) -> str:
    """Return the end of the game told: each seat's place and score, and why it ended."""
    final = event.get("final_points") or event["scores"]
    places = ", ".join(
        f"{names[s]}: {p} ({event['scores'][s]}"
        + (f", {final[s] / 1000:+.1f}" if final != event["scores"] else "")
        + ")"
        for s, p in enumerate(event["placements"])
    )
    over = _("The game is over: {standings}.").format(standings=places)
    reason = _word(ENDED_WORDS, event.get("reason", ""))
    return f"\n[bold]{over}[/] ({reason})"


def _won(event: dict[str, Any], who: str, source: str, variant: str | None) -> str:
    """Return a win told: who won how (``source``: the discarder), the hand, the patterns and
    the points."""
    if event.get("source") is None:
        said = _("{who} wins by self-draw with {tile}{total}.")
    else:
        said = _("{who} wins on {name}'s discard with {tile}{total}.")
    line = said.format(who=who, name=source, tile=event["tile"], total="")
    if event.get("robbed_kong"):
        robbing = _("Robbing a kong")
        line += f" ({robbing})"
    result = event.get("result") or {}
    items = ", ".join(f"{_item_name(variant, i)} {i['value']}" for i in result.get("items", []))
    unit = result.get("unit", "")
    fu_word = _("Fu")
    fu = f" {result['fu']} {fu_word}" if result.get("fu") else ""
    total = (result.get("points") or {}).get("total", 0)
    return (
        f"  [green]{line}[/]\n    {event['hand']} {' '.join(event.get('melds', []))}\n"
        f"    {items}; {result.get('total', 0)} {_word(UNIT_WORDS, unit)}{fu} = {total}"
    )


#: the units of a result (``majiang.keep``'s words)
UNIT_WORDS = {"han": N_("han"), "fan": N_("fan"), "tai": N_("tai")}


def _item_name(variant: str | None, item: dict[str, Any]) -> str:
    """Return a pattern's name in the language of the moment (its translation and traditional
    name), or as the record holds it."""
    if variant is None or current() == "en" or "id" not in item:
        return str(item["name"])
    try:
        return str(localized_item(variant, item, current())["name"])
    except KeyError:  # a pattern the tables do not know: its own name
        return str(item["name"])


def run(args: argparse.Namespace) -> int:
    """Print or verify the record; return the exit code."""
    console = Console(highlight=False)
    record = load_record(args.file)
    if args.verify:
        try:
            checked = verify(record)
        except RecordMismatch as exc:
            failed = _("verify failed")
            console.print(f"[red]{failed}[/]: {exc}", markup=True)
            return 1
        ok = _("ok: {actions} actions re-run, {events} events identical ({variant}, seed {seed})")
        console.print(
            ok.format(
                actions=len(record.actions),
                events=checked,
                variant=record.variant,
                seed=record.seed,
            )
        )
        return 0
    names = seat_names(record.seats)
    header = _("{variant} game, seed {seed}, length {length}, seats {seats}")
    console.print(
        header.format(
            variant=_(get_ruleset(record.variant).name),
            seed=record.seed,
            length=length_name(record.length),
            seats=", ".join(names),
        )
    )
    for event in record.events:
        line = _line(event, record.variant, names)
        if line is not None:
            console.print(line)
    return 0

"""``majiang keep``: a whole game's score sheet in a JSON file, for a table playing real tiles.

    majiang keep new --variant riichi --players Ann,Bob,Cy,Dee game.json
    majiang keep add game.json win --winner Ann --from Bob --han 3 --fu 40 --riichi Cy
    majiang keep add game.json draw --ready Ann,Cy
    majiang keep show game.json [--json | --csv]
    majiang keep edit game.json 1 win --winner Bob --tsumo --han 2 --fu 30
    majiang keep undo game.json

Players are named as on the sheet (or by seat number, 0 = the first dealer). A win takes the
hand's value (``--han``/``--fu`` or ``--yakuman`` in riichi, ``--fan`` in Hong Kong and
Sichuan, ``--tai`` in Taiwan) or a calculator request (``--request`` with the JSON of
``majiang score``); several winners on one discard repeat ``--winner`` and the values, in the
same order. ``--riichi`` enters the declarations that stood before the hand's end. See
docs/keep.md.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from majiang.commands.language import (
    add_lang_option,
    command_description,
    in_chosen_language,
    length_name,
)
from majiang.errors import MajiangError
from majiang.i18n import N_, _
from majiang.keep import ENDED_WORDS, Sheet
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS

STEP_KINDS = ("win", "draw", "riichi", "kong", "abortive")


def register(sub: Any) -> None:
    """Add the ``keep`` subcommand and its actions."""
    summary = _("keep a whole game's score sheet for a table playing real tiles")
    p = sub.add_parser(
        "keep",
        help=summary,
        description=command_description(__doc__, summary),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    new = actions.add_parser("new", help=_("start a sheet"))
    new.add_argument("--variant", choices=VARIANTS, default="riichi")
    new.add_argument("--players", required=True, help=_("names by seat, the first dealer first"))
    new.add_argument("--length", choices=LENGTHS, default="east")
    new.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a table option, e.g. start_points=30000 (VALUE read as JSON)"),
    )
    new.add_argument("--force", action="store_true", help=_("replace an existing file"))
    new.add_argument("sheet", type=Path)
    add_lang_option(new, N_("the sheet and its errors"))
    new.set_defaults(run=in_chosen_language("keep", run_new))

    add = actions.add_parser("add", help=_("enter what happened next"))
    add.add_argument("sheet", type=Path)
    _step_parsers(add)
    add_lang_option(add, N_("the sheet and its errors"))
    add.set_defaults(run=in_chosen_language("keep", run_add))

    edit = actions.add_parser("edit", help=_("replace an earlier hand (all after it recomputed)"))
    edit.add_argument("sheet", type=Path)
    edit.add_argument("hand", type=int, help=_("the hand's number on the sheet (1 = the first)"))
    _step_parsers(edit)
    add_lang_option(edit, N_("the sheet and its errors"))
    edit.set_defaults(run=in_chosen_language("keep", run_edit))

    undo = actions.add_parser("undo", help=_("remove the last entry"))
    undo.add_argument("sheet", type=Path)
    add_lang_option(undo, N_("the sheet and its errors"))
    undo.set_defaults(run=in_chosen_language("keep", run_undo))

    show = actions.add_parser("show", help=_("print the running totals"))
    show.add_argument("sheet", type=Path)
    fmt = show.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=_("the sheet and its standing as JSON"))
    fmt.add_argument("--csv", action="store_true", help=_("one row per hand, as CSV"))
    add_lang_option(show, N_("the sheet and its errors"))
    show.set_defaults(run=in_chosen_language("keep", run_show))


def _step_parsers(parent: argparse.ArgumentParser) -> None:
    kinds = parent.add_subparsers(dest="kind", metavar="STEP", required=True)
    win = kinds.add_parser("win", help=_("a win (several winners: repeat --winner and values)"))
    win.add_argument("--winner", action="append", required=True)
    how = win.add_mutually_exclusive_group(required=True)
    how.add_argument("--from", dest="source", help=_("the discarder"))
    how.add_argument("--tsumo", action="store_true", help=_("self-drawn"))
    for name in ("han", "fu", "yakuman", "fan", "tai"):
        win.add_argument(f"--{name}", action="append", type=int, default=[])
    win.add_argument(
        "--request", action="append", default=[], help=_("a calculator request (JSON)")
    )
    win.add_argument("--pao", action="append", default=[], help=_("the liable player, per winner"))
    win.add_argument(
        "--after-kong", action="store_true", help=_("the discard came right after its maker's kong")
    )
    draw = kinds.add_parser("draw", help=_("an exhaustive draw"))
    draw.add_argument("--ready", default="", help=_("the ready players"))
    draw.add_argument("--nagashi", default="", help=_("riichi: nagashi mangan"))
    draw.add_argument("--ready-fan", default="", help=_("sichuan: NAME=FAN of each ready player"))
    draw.add_argument("--three-suits", default="", help=_("sichuan: players holding three suits"))
    riichi = kinds.add_parser("riichi", help=_("a riichi declaration that stood"))
    riichi.add_argument("--player", required=True)
    kong = kinds.add_parser("kong", help=_("a kong where kongs pay (sichuan)"))
    kong.add_argument("--player", required=True)
    kong.add_argument(
        "--kind", dest="kong_kind", choices=("kan", "kakan", "ankan"), default="ankan"
    )
    kong.add_argument("--from", dest="source", help=_("the discarder of a kan"))
    abortive = kinds.add_parser("abortive", help=_("an abortive draw (riichi)"))
    abortive.add_argument("--reason", required=True)
    for sub in (win, draw, abortive):
        sub.add_argument("--riichi", default="", help=_("players whose riichi stood this hand"))
    for sub in (win, draw, riichi, kong, abortive):
        add_lang_option(sub, N_("the sheet and its errors"), nested=True)


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def _steps(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Return the steps the command line describes (riichi declarations first)."""
    steps: list[dict[str, Any]] = [
        {"type": "riichi", "player": p} for p in _names(getattr(args, "riichi", ""))
    ]
    if args.kind == "riichi":
        steps.append({"type": "riichi", "player": args.player})
    elif args.kind == "kong":
        steps.append(
            {"type": "kong", "player": args.player, "kind": args.kong_kind, "from": args.source}
        )
    elif args.kind == "abortive":
        steps.append({"type": "abortive", "reason": args.reason})
    elif args.kind == "draw":
        fans: dict[str, int] = {}
        for pair in _names(args.ready_fan):
            name, sep, fan = pair.partition("=")
            if not sep or not fan.strip().isdigit():
                raise MajiangError(
                    _("--ready-fan wants NAME=FAN, got {pair!r}").format(pair=pair),
                    field="ready_fan",
                )
            fans[name.strip()] = int(fan)
        step: dict[str, Any] = {
            "type": "draw",
            "ready": _names(args.ready),
            "nagashi": _names(args.nagashi),
            "three_suits": _names(args.three_suits),
        }
        if fans:
            step["ready_fan"] = fans
        steps.append(step)
    else:
        steps.append(_win(args))
    return steps


def _win(args: argparse.Namespace) -> dict[str, Any]:
    winners: list[str] = args.winner
    values = {k: getattr(args, k) for k in ("han", "fu", "yakuman", "fan", "tai")}
    wins: list[dict[str, Any]] = []
    for i, name in enumerate(winners):
        one: dict[str, Any] = {"player": name}
        for key, given in values.items():
            if given:
                if len(given) != len(winners):
                    raise MajiangError(
                        _(
                            "--{key} was given {times} times for {count} winners "
                            "(one each, in the order of --winner)"
                        ).format(key=key, times=len(given), count=len(winners)),
                        field=key,
                    )
                one[key] = given[i]
        for key, given in (("request", args.request), ("pao", args.pao)):
            if given:
                if len(given) != len(winners):
                    raise MajiangError(
                        _("--{key} was given {times} times for {count} winners").format(
                            key=key, times=len(given), count=len(winners)
                        ),
                        field=key,
                    )
                one[key] = _json(given[i]) if key == "request" else given[i]
        wins.append(one)
    step: dict[str, Any] = {
        "type": "win",
        "from": None if args.tsumo else args.source,
        "wins": wins,
    }
    if args.after_kong:
        step["after_kong"] = True
    return step


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MajiangError(
            _("--request is not JSON: {error}").format(error=exc), field="request"
        ) from exc


def _load(path: Path) -> Sheet:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise MajiangError(
            _("no sheet at {path} (start one with 'majiang keep new')").format(path=path)
        ) from exc
    except json.JSONDecodeError as exc:
        raise MajiangError(_("{path} is not JSON: {error}").format(path=path, error=exc)) from exc
    return Sheet.from_dict(data)


def _save(sheet: Sheet, path: Path) -> None:
    path.write_text(json.dumps(sheet.to_dict(), indent=1) + "\n", encoding="utf-8")


def _rules(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise MajiangError(
                _("--rule wants NAME=VALUE, got {pair!r}").format(pair=pair), field="rules"
            )
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


def run_new(args: argparse.Namespace) -> int:
    """Write a new empty sheet."""
    if args.sheet.exists() and not args.force:
        raise MajiangError(_("{path} exists (--force replaces it)").format(path=args.sheet))
    sheet = Sheet.new(args.variant, _names(args.players), _rules(args.rule), args.length)
    _save(sheet, args.sheet)
    _print(sheet)
    return 0


def run_add(args: argparse.Namespace) -> int:
    """Enter the next steps and print the standing."""
    sheet = _load(args.sheet)
    for step in _steps(args):
        sheet.add(step)
    _save(sheet, args.sheet)
    _print(sheet)
    return 0


def run_edit(args: argparse.Namespace) -> int:
    """Replace hand N and print the standing."""
    sheet = _load(args.sheet)
    sheet.edit(args.hand - 1, _steps(args))
    _save(sheet, args.sheet)
    _print(sheet)
    return 0


def run_undo(args: argparse.Namespace) -> int:
    """Remove the last step and print the standing."""
    sheet = _load(args.sheet)
    sheet.undo()
    _save(sheet, args.sheet)
    _print(sheet)
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Print the sheet: a table, JSON or CSV."""
    sheet = _load(args.sheet)
    if args.json:
        print(json.dumps({"sheet": sheet.to_dict(), "standing": sheet.standing().to_dict()}))
    elif args.csv:
        print(sheet.to_csv(), end="")
    else:
        _print(sheet)
    return 0


def _print(sheet: Sheet) -> None:
    """Print the sheet as the /keep page shows it, in the language of the moment."""
    s = sheet.standing()
    table = Table(title=f"{_(get_ruleset(sheet.variant).name)} · {length_name(sheet.length)}")
    table.add_column(_("Hand"))
    table.add_column(_("What happened"))
    for name in sheet.players:
        table.add_column(name, justify="right")
    table.add_column(_("Sticks"), justify="right")
    for row in s.rows:
        cells = [f"{c:+d}\n{t}" for c, t in zip(row.deltas, row.scores, strict=True)]
        table.add_row(row.label, row.text or "…", *cells, str(row.sticks))
    console = Console(highlight=False)
    console.print(table)
    if s.ended:
        reason = _(ENDED_WORDS[s.ended]) if s.ended in ENDED_WORDS else s.ended
        order = sorted(range(len(s.scores)), key=lambda seat: s.placements[seat])
        shown = ", ".join(f"{s.placements[i]}. {sheet.players[i]} {s.scores[i]}" for i in order)
        over = _("Game over ({reason})").format(reason=reason)
        console.print(f"{over}: {shown}")
        return
    being_entered = _("{hand} (being entered)").format(hand=s.next_label)
    parts = [
        _("Next: {hand}").format(hand=being_entered if s.hand_open else s.next_label),
        _("{name} deals").format(name=sheet.players[s.dealer]),
    ]
    if s.sticks == 1:
        parts.append(_("1 riichi stick"))
    elif s.sticks:
        parts.append(_("{n} riichi sticks").format(n=s.sticks))
    console.print(" · ".join(parts))

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

from majiang.errors import MajiangError
from majiang.keep import Sheet
from majiang.rules import VARIANTS
from majiang.rules.game import LENGTHS

STEP_KINDS = ("win", "draw", "riichi", "kong", "abortive")


def register(sub: Any) -> None:
    """Add the ``keep`` subcommand and its actions."""
    p = sub.add_parser(
        "keep",
        help="keep a whole game's score sheet for a table playing real tiles",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    new = actions.add_parser("new", help="start a sheet")
    new.add_argument("--variant", choices=VARIANTS, default="riichi")
    new.add_argument("--players", required=True, help="names by seat, the first dealer first")
    new.add_argument("--length", choices=LENGTHS, default="east")
    new.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. start_points=30000 (VALUE read as JSON)",
    )
    new.add_argument("--force", action="store_true", help="replace an existing file")
    new.add_argument("sheet", type=Path)
    new.set_defaults(run=run_new)

    add = actions.add_parser("add", help="enter what happened next")
    add.add_argument("sheet", type=Path)
    _step_parsers(add)
    add.set_defaults(run=run_add)

    edit = actions.add_parser("edit", help="replace an earlier hand (all after it recomputed)")
    edit.add_argument("sheet", type=Path)
    edit.add_argument("hand", type=int, help="the hand's number on the sheet (1 = the first)")
    _step_parsers(edit)
    edit.set_defaults(run=run_edit)

    undo = actions.add_parser("undo", help="remove the last entry")
    undo.add_argument("sheet", type=Path)
    undo.set_defaults(run=run_undo)

    show = actions.add_parser("show", help="print the running totals")
    show.add_argument("sheet", type=Path)
    fmt = show.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="the sheet and its standing as JSON")
    fmt.add_argument("--csv", action="store_true", help="one row per hand, as CSV")
    show.set_defaults(run=run_show)


def _step_parsers(parent: argparse.ArgumentParser) -> None:
    kinds = parent.add_subparsers(dest="kind", metavar="STEP", required=True)
    win = kinds.add_parser("win", help="a win (several winners: repeat --winner and values)")
    win.add_argument("--winner", action="append", required=True)
    how = win.add_mutually_exclusive_group(required=True)
    how.add_argument("--from", dest="source", help="the discarder")
    how.add_argument("--tsumo", action="store_true", help="self-drawn")
    for name in ("han", "fu", "yakuman", "fan", "tai"):
        win.add_argument(f"--{name}", action="append", type=int, default=[])
    win.add_argument("--request", action="append", default=[], help="a calculator request (JSON)")
    win.add_argument("--pao", action="append", default=[], help="the liable player, per winner")
    win.add_argument(
        "--after-kong", action="store_true", help="the discard came right after its maker's kong"
    )
    draw = kinds.add_parser("draw", help="an exhaustive draw")
    draw.add_argument("--ready", default="", help="the ready players")
    draw.add_argument("--nagashi", default="", help="riichi: nagashi mangan")
    draw.add_argument("--ready-fan", default="", help="sichuan: NAME=FAN of each ready player")
    draw.add_argument("--three-suits", default="", help="sichuan: players holding three suits")
    riichi = kinds.add_parser("riichi", help="a riichi declaration that stood")
    riichi.add_argument("--player", required=True)
    kong = kinds.add_parser("kong", help="a kong where kongs pay (sichuan)")
    kong.add_argument("--player", required=True)
    kong.add_argument(
        "--kind", dest="kong_kind", choices=("kan", "kakan", "ankan"), default="ankan"
    )
    kong.add_argument("--from", dest="source", help="the discarder of a kan")
    abortive = kinds.add_parser("abortive", help="an abortive draw (riichi)")
    abortive.add_argument("--reason", required=True)
    for sub in (win, draw, abortive):
        sub.add_argument("--riichi", default="", help="players whose riichi stood this hand")


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
                raise MajiangError(f"--ready-fan wants NAME=FAN, got {pair!r}", field="ready_fan")
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
                        f"--{key} was given {len(given)} times for {len(winners)} winners "
                        "(one each, in the order of --winner)",
                        field=key,
                    )
                one[key] = given[i]
        for key, given in (("request", args.request), ("pao", args.pao)):
            if given:
                if len(given) != len(winners):
                    raise MajiangError(
                        f"--{key} was given {len(given)} times for {len(winners)} winners",
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
        raise MajiangError(f"--request is not JSON: {exc}", field="request") from exc


def _load(path: Path) -> Sheet:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise MajiangError(f"no sheet at {path} (start one with 'majiang keep new')") from exc
    except json.JSONDecodeError as exc:
        raise MajiangError(f"{path} is not JSON: {exc}") from exc
    return Sheet.from_dict(data)


def _save(sheet: Sheet, path: Path) -> None:
    path.write_text(json.dumps(sheet.to_dict(), indent=1) + "\n", encoding="utf-8")


def _rules(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise MajiangError(f"--rule wants NAME=VALUE, got {pair!r}", field="rules")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


def run_new(args: argparse.Namespace) -> int:
    """Write a new empty sheet."""
    if args.sheet.exists() and not args.force:
        raise MajiangError(f"{args.sheet} exists (--force replaces it)")
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
    s = sheet.standing()
    table = Table(title=f"{sheet.variant}, {sheet.length}")
    table.add_column("hand")
    table.add_column("result")
    for name in sheet.players:
        table.add_column(name, justify="right")
    table.add_column("sticks", justify="right")
    for row in s.rows:
        cells = [f"{c:+d}\n{t}" for c, t in zip(row.deltas, row.scores, strict=True)]
        table.add_row(row.label, row.text or "(being entered)", *cells, str(row.sticks))
    console = Console(highlight=False)
    console.print(table)
    if s.ended:
        order = sorted(range(len(s.scores)), key=lambda seat: s.placements[seat])
        shown = ", ".join(f"{s.placements[i]}. {sheet.players[i]} {s.scores[i]}" for i in order)
        console.print(f"game over ({s.ended}): {shown}")
    else:
        extra = f", {s.sticks} sticks on the table" if s.sticks else ""
        console.print(f"next: {s.next_label}, {sheet.players[s.dealer]} deals{extra}")

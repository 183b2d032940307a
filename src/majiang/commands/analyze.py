"""``majiang analyze``: shanten, waits and the discard table of a hand.

With a HAND argument the analysis is printed as a table (or one JSON object with ``--json``).
Without one, hands are read from standard input, one per line, and one JSON object is written
per line; a line that cannot be read gets an error object, and the exit code is then 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from majiang.commands.language import add_lang_option, command_description, in_chosen_language
from majiang.errors import MajiangError
from majiang.hand import parse_hand
from majiang.i18n import N_, _
from majiang.rules import VARIANTS
from majiang.shanten import FORMS, acceptance, prepare, shanten, waits
from majiang.tiles import tile_name


def register(sub: Any) -> None:
    """Add the ``analyze`` subcommand."""
    summary = _("shanten, waits and discard table of a hand")
    p = sub.add_parser("analyze", help=summary, description=command_description(__doc__, summary))
    p.add_argument(
        "hand",
        nargs="?",
        help=_("e.g. '123m456p789s11223z' or '1123m, pon 777z' (stdin if absent)"),
    )
    p.add_argument("--variant", choices=VARIANTS, default=None, help=_("forms of that variant"))
    p.add_argument("--form", choices=FORMS, default=None, help=_("one form alone"))
    p.add_argument("--visible", default="", help=_("tiles already seen (discards, melds, dora)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_lang_option(p, N_("the table and the errors"))
    p.set_defaults(run=in_chosen_language("analyze", run))


def analyze(
    text: str, variant: str | None = None, form: str | None = None, visible: str = ""
) -> dict[str, Any]:
    """Return the analysis of one hand as a JSON-ready dict.

    >>> a = analyze("123m456p789s1122z")
    >>> a["shanten"], a["waits"], a["acceptance"][0]["tiles"]
    (0, ['1z', '2z'], {'1z': 2, '2z': 2})
    """
    hand = parse_hand(text.strip(), variant)
    h = prepare(hand, variant)
    value = shanten(h, variant, form)
    table = acceptance(h, variant, visible or None, form)
    ready = h.size % 3 == 1 and value == 0
    return {
        "hand": str(hand),
        "variant": variant,
        "tiles": h.size,
        "shanten": value,
        "waits": [tile_name(k) for k in waits(h, variant, form)] if ready else [],
        "acceptance": [entry.to_dict() for entry in table],
    }


def _describe(value: int) -> str:
    """Return a shanten number in words, as the table's hint says it."""
    if value < 0:
        return _("complete")
    if value == 0:
        return _("ready (tenpai)")
    return _("{n} from ready").format(n=value)


def print_analysis(result: dict[str, Any], console: Console) -> None:
    """Print an analysis: shanten, waits and one row per discard, in the language of the
    moment."""
    tiles = _("{n} concealed tiles").format(n=result["tiles"])
    console.print(f"[bold]{result['hand']}[/]  ({tiles})")
    shanten_word = _("Shanten:")
    console.print(f"{shanten_word} [bold]{result['shanten']}[/] · {_describe(result['shanten'])}")
    if result["waits"]:
        waits_word = _("Waits:")
        console.print(f"{waits_word} [bold]{' '.join(result['waits'])}[/]")
    table = Table(show_header=True, header_style="bold")
    discarding = result["tiles"] % 3 == 2
    if discarding:
        table.add_column(_("Discard"))
    table.add_column(_("Shanten"), justify="right")
    table.add_column(_("Tiles that improve (unseen)"))
    table.add_column(_("Unseen"), justify="right")
    for entry in result["acceptance"]:
        tiles = " ".join(f"{name}({n})" for name, n in entry["tiles"].items()) or "-"
        row = [str(entry["shanten"]), tiles, str(entry["unseen"])]
        table.add_row(*([entry["discard"], *row] if discarding else row))
    console.print(table)


def run(args: argparse.Namespace) -> int:
    """Analyze the HAND argument, or every line of standard input as JSON lines."""
    if args.hand is not None:
        result = analyze(args.hand, args.variant, args.form, args.visible)
        if args.json:
            print(json.dumps(result, ensure_ascii=False))
        else:
            print_analysis(result, Console())
        return 0
    status = 0
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            out = analyze(line, args.variant, args.form, args.visible)
        except MajiangError as exc:
            out = {"error": str(exc), "token": exc.token, "field": exc.field, "line": number}
            status = 2
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return status

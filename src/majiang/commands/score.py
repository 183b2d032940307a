"""``majiang score``: the scoring contract on the command line.

``--json`` reads one request per line on standard input and writes one result (or error
object) per line; otherwise the flags build one request and the breakdown is printed, in the
language of ``--lang`` or of the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
each pattern with its traditional name beside the translation (docs/i18n.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from majiang.commands.language import (
    add_lang_option,
    chosen_language,
    command_description,
    error_line,
    in_chosen_language,
)
from majiang.errors import InvalidRequest, MajiangError
from majiang.i18n import N_, _, use
from majiang.rules import VARIANTS
from majiang.scoring import error_object, score

#: the words of a breakdown that come from the result: units and who pays
RESULT_WORDS = {
    "han": N_("han"),
    "fan": N_("fan"),
    "tai": N_("tai"),
    "discarder": N_("discarder"),
    "dealer": N_("dealer"),
    "non_dealer": N_("non-dealer"),
    "each": N_("each"),
    "liable": N_("liable"),
}


#: riichi's fu items by id (``rules/riichi/fu.py``), as the calculator names them
FU_WORDS = {
    "base": N_("Base"),
    "closed_ron": N_("Concealed hand won on a discard"),
    "tsumo": N_("Self-drawn"),
    "open_pinfu": N_("Open hand without fu"),
    "rounding": N_("Rounding up"),
    "seven_pairs": N_("Seven pairs"),
    "dragon_pair": N_("Dragon pair"),
    "double_wind_pair": N_("Double wind pair"),
    "seat_wind_pair": N_("Seat wind pair"),
    "round_wind_pair": N_("Round wind pair"),
    "edge_wait": N_("Edge wait"),
    "closed_wait": N_("Closed wait"),
    "single_wait": N_("Single wait"),
    "open_simple_pung": N_("Open pung of simples"),
    "open_terminal_pung": N_("Open pung of terminals"),
    "open_honor_pung": N_("Open pung of honors"),
    "concealed_simple_pung": N_("Concealed pung of simples"),
    "concealed_terminal_pung": N_("Concealed pung of terminals"),
    "concealed_honor_pung": N_("Concealed pung of honors"),
    "open_simple_kong": N_("Open kong of simples"),
    "open_terminal_kong": N_("Open kong of terminals"),
    "open_honor_kong": N_("Open kong of honors"),
    "concealed_simple_kong": N_("Concealed kong of simples"),
    "concealed_terminal_kong": N_("Concealed kong of terminals"),
    "concealed_honor_kong": N_("Concealed kong of honors"),
}


def _listing(items: list[str]) -> str:
    """Return the items joined as the language of the moment joins a list (Babel's CLDR data,
    with the ``server`` extra; without it, with commas)."""
    try:
        from majiang.server.lists import listing
    except ImportError:  # the command line alone: no Babel
        return ", ".join(items)
    return listing(items)


def _word(value: str) -> str:
    """Return a unit or payer role of a result in the language of the moment (a seat letter
    as it is)."""
    return _(RESULT_WORDS[value]) if value in RESULT_WORDS else value


def register(sub: Any) -> None:
    """Add the ``score`` subcommand."""
    summary = _("score a winning hand (any variant)")
    p = sub.add_parser("score", help=summary, description=command_description(__doc__, summary))
    p.add_argument(
        "--json", action="store_true", help=_("read JSON requests from stdin, one per line")
    )
    p.add_argument("--variant", choices=VARIANTS, default="riichi")
    p.add_argument(
        "--hand", help=_("concealed tiles including the winning tile, e.g. 234567m234p55p777z")
    )
    p.add_argument(
        "--melds", action="append", default=[], help=_("a meld such as 'pon 777z' (repeat)")
    )
    p.add_argument("--win-tile", dest="win_tile")
    p.add_argument("--tsumo", action="store_true", help=_("self-drawn win (default: ron)"))
    p.add_argument("--riichi", action="store_true", help=_("riichi declared"))
    p.add_argument(
        "--situation", action="append", default=[], help=_("e.g. ippatsu, last_tile (repeat)")
    )
    p.add_argument("--seat", dest="seat_wind", default="E", help=_("seat wind E S W N"))
    p.add_argument("--round", dest="round_wind", default="E", help=_("round wind E S W N"))
    p.add_argument("--discarder", help=_("seat wind of the discarder"))
    p.add_argument("--liable", help=_("seat wind of a liable player (pao)"))
    p.add_argument("--flowers", default="", help=_("flowers and seasons, e.g. 15f"))
    p.add_argument("--dora", dest="dora_indicators", default="", help=_("dora indicators"))
    p.add_argument("--ura", dest="ura_indicators", default="", help=_("ura dora indicators"))
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", dest="riichi_sticks", type=int, default=0)
    p.add_argument("--dealer-streak", dest="dealer_streak", type=int, default=0)
    p.add_argument("--players-in-hand", dest="players_in_hand", type=int, default=None)
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a table option, e.g. kiriage=true, min_fan=1 (VALUE read as JSON)"),
    )
    add_lang_option(p, N_("the breakdown"))
    p.set_defaults(run=run)


def _request_from_args(args: argparse.Namespace) -> dict[str, Any]:
    if not args.hand or not args.win_tile:
        raise InvalidRequest(_("--hand and --win-tile are required (or use --json)"), field="hand")
    rules: dict[str, Any] = {}
    for item in args.rule:
        name, sep, value = item.partition("=")
        if not sep:
            raise InvalidRequest(
                _("--rule expects NAME=VALUE, got {value!r}").format(value=item), field="rules"
            )
        try:
            rules[name] = json.loads(value)
        except json.JSONDecodeError:
            rules[name] = value
    situation = list(args.situation)
    if args.riichi:
        situation.insert(0, "riichi")
    req: dict[str, Any] = {
        "variant": args.variant,
        "rules": rules,
        "hand": args.hand,
        "melds": args.melds,
        "win_tile": args.win_tile,
        "win": "tsumo" if args.tsumo else "ron",
        "seat_wind": args.seat_wind,
        "round_wind": args.round_wind,
        "flowers": args.flowers,
        "situation": situation,
        "dora_indicators": args.dora_indicators,
        "ura_indicators": args.ura_indicators,
        "honba": args.honba,
        "riichi_sticks": args.riichi_sticks,
        "dealer_streak": args.dealer_streak,
    }
    for key in ("discarder", "liable", "players_in_hand"):
        if getattr(args, key) is not None:
            req[key] = getattr(args, key)
    return req


def print_breakdown(result: dict[str, Any], console: Console) -> None:
    """Print a result as a table: every item, fu, the limit and the payments."""
    if not result["valid"]:
        not_valid = _("Not a valid win:")
        console.print(f"[bold red]{not_valid}[/] {result['reason']}")
    unit = result["unit"]
    table = Table(title=None, show_header=True, header_style="bold")
    table.add_column(_("item"))
    table.add_column(_word(unit), justify="right")
    for item in result["items"]:
        table.add_row(item["name"], str(item["value"]))
    total = _("total")
    table.add_row(f"[bold]{total}[/]", f"[bold]{result['total']}[/]")
    console.print(table)
    if result.get("fu") is not None:
        fu_text = " + ".join(
            f"{_(FU_WORDS[f['id']]) if f['id'] in FU_WORDS else f['id']} {f['value']}"
            for f in result["fu_items"]
        )
        console.print(f"fu: {result['fu']}  ({fu_text})")
    if result.get("limit"):
        console.print(_("limit: {limit}").format(limit=result["limit"]))
    if result["valid"]:
        pts = result["points"]
        payers = _listing(
            [
                _("{payer} pays {amount}").format(payer=_word(p["from"]), amount=p["amount"])
                for p in pts["payers"]
            ]
        )
        points = _("points: {total}").format(total=f"[bold]{pts['total']}[/]")
        console.print(f"{points}  ({payers})")


def _score_flags(args: argparse.Namespace) -> int:
    """Print the breakdown of the request the flags make, in the language of the moment (the
    request names it, for the items' names, when one was chosen)."""
    request = _request_from_args(args)
    lang = chosen_language(args.lang)
    if lang is not None:
        request["lang"] = lang
    print_breakdown(score(request), Console())
    return 0


def run(args: argparse.Namespace) -> int:
    """Score from flags or from JSON lines; exit 2 on a malformed request."""
    if not args.json:
        # the breakdown and an error are both in the language chosen
        return in_chosen_language("score", _score_flags)(args)
    # each request is scored in its own ``lang``; what is no request (a line that is not
    # JSON) is said in the language of ``--lang`` or of the locale
    try:
        said_in = chosen_language(args.lang) or "en"
    except MajiangError as exc:
        print(error_line("score", exc), file=sys.stderr)
        return 2
    status = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            out = score(request)
        except json.JSONDecodeError as exc:
            with use(said_in):
                said = _("not JSON: {error} at column {column}")
            # the parser's own words (Expecting value ...) are quoted as it says them
            out = {"error": said.format(error=exc.msg, column=exc.colno), "field": None}
            status = 2
        except MajiangError as exc:
            out = error_object(exc)
            status = 2
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return status

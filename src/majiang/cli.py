"""The ``majiang`` command. Each subcommand lives in ``majiang.commands.<name>`` with a
``register(subparsers)`` function; add a module name to ``COMMANDS`` to add one.

Exit codes: 0 success, 1 a check failed (verify, import differences), 2 bad input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from majiang import __version__
from majiang.commands.language import argparse_words, error_line, help_language
from majiang.errors import MajiangError
from majiang.i18n import _, use

COMMANDS = (
    "majiang.commands.analyze",
    "majiang.commands.score",
    "majiang.commands.replay",
    "majiang.commands.simulate",
    "majiang.commands.records",
    "majiang.commands.arena",
    "majiang.commands.bot",
    "majiang.commands.serve",
    "majiang.commands.worker",
    "majiang.commands.keep",
    "majiang.commands.admin",
)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="majiang",
        description=_("One mahjong engine: Hong Kong, Taiwan 16-tile, Japanese Riichi, Sichuan."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"majiang {__version__}",
        help=_("show program's version number and exit"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a command whose module is not written yet
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    # the help of the player's commands in the language of --lang or of the locale
    with use(help_language(argv)), argparse_words():
        parser = build_parser()
        args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        code: int = args.run(args)
    except MajiangError as exc:
        print(error_line(args.command, exc), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

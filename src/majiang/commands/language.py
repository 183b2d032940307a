"""The language of a command's human output: ``--lang``, else the locale's (docs/i18n.md).

``majiang score``, ``keep``, ``replay`` and ``analyze`` print for a player or a scorekeeper, so
they speak the catalogs' languages; their ``--json`` output keeps its ids and stays as it is. So does their ``--help``: its texts
are marked ``_()`` and the parser is built in the language chosen (``majiang.cli.main``), with
argparse's own words (``usage:``, ``options`` ...) from our catalogs (``argparse_words``).
The developer commands (serve, worker, admin, arena, simulate, records, bot) stay English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from majiang.errors import InvalidRequest, MajiangError
from majiang.i18n import LANGUAGES, N_, SOURCE, _, current, match, use

#: the player's commands: their ``--help`` speaks the language chosen, the others' English
PLAYER_COMMANDS = ("score", "keep", "replay", "analyze")

#: argparse's own words in a help text, which it asks gettext's ``argparse`` domain for
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    # its refusals of a command line (printed by ``parser.error`` before a command runs)
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
)


@contextmanager
def argparse_words() -> Iterator[None]:
    """Give argparse its own words (``usage:``, ``options`` ...) in the language of the moment
    inside the ``with`` block: they are looked up through its module's ``_`` when a parser is
    built and when its help is written."""
    module = vars(argparse)  # its ``_`` is gettext's, and typeshed does not declare it
    saved = module["_"]
    module["_"] = _
    try:
        yield
    finally:
        module["_"] = saved


def help_language(argv: list[str]) -> str:
    """Return the language of ``majiang ARGV``'s help texts: ``--lang`` when the line has it
    and names a language (else the error comes when the command runs), else the locale's, for
    ``majiang`` alone and the player's commands; English for the others.

    >>> help_language(["score", "--help", "--lang", "es"]), help_language(["serve", "--lang=de"])
    ('es', 'en')
    """
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False, exit_on_error=False)
    pre.add_argument("--lang")
    pre.add_argument("command", nargs="?")
    try:
        known, _rest = pre.parse_known_args(argv)
    except argparse.ArgumentError:  # ``--lang`` without its value: the command line says so
        return locale_language() or SOURCE
    if known.command is not None and known.command not in PLAYER_COMMANDS:
        return SOURCE
    flag: str | None = known.lang
    return (match(flag) if flag else None) or locale_language() or SOURCE


def command_description(doc: str | None, summary: str) -> str | None:
    """Return a player's command's ``--help`` description: its module's docstring in English,
    its one-line summary (already translated) in another language."""
    return doc if current() == SOURCE else summary


def add_lang_option(parser: argparse.ArgumentParser, what: str, *, nested: bool = False) -> None:
    """Add ``--lang`` to a command's parser; ``what`` names the output it chooses the language
    of (``N_("the breakdown")``), translated with the help. ``nested``: the parser is a subcommand's own subcommand (``keep add
    FILE win``), whose ``--lang`` leaves its parent's alone unless it is given."""
    parser.add_argument(
        "--lang",
        default=argparse.SUPPRESS if nested else None,
        help=_("language of {what}: {languages} (default: the locale's)").format(
            what=_(what), languages=", ".join(LANGUAGES)
        ),
    )


def web_words(table: str) -> dict[str, str]:
    """Return one of ``web/words.py``'s tables of words by key (``LENGTH_WORDS``,
    ``PAYMENT_WORDS`` ...), marked for the catalogs, or an empty one when the ``server`` extra,
    which holds them, is not installed (the keys are then shown as they are)."""
    try:
        from majiang.web import words
    except ImportError:  # the command line alone: no FastAPI
        return {}
    found: dict[str, str] = getattr(words, table)
    return found


def length_name(length: str) -> str:
    """Return a game length as players say it, in the language of the moment."""
    lengths = web_words("LENGTH_WORDS")
    return _(lengths[length]) if length in lengths else length


def locale_language(environ: dict[str, str] | os._Environ[str] = os.environ) -> str | None:
    """Return the language of the locale, as gettext looks for it, or ``None`` (C, POSIX, or a
    language without a catalog).

    >>> locale_language({"LANG": "de_DE.UTF-8"}), locale_language({"LANG": "C.UTF-8"})
    ('de', None)
    >>> locale_language({"LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"})
    'es'
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for tag in value.split(":") if name == "LANGUAGE" else [value]:
            found = match(tag.split(".")[0].split("@")[0])
            if found:
                return found
        if value and name != "LANGUAGE":
            return None  # the first locale variable set decides, as in gettext
    return None


def chosen_language(flag: str | None) -> str | None:
    """Return the language of ``--lang`` (an error names an unknown one), else the locale's."""
    if flag is None:
        return locale_language()
    found = match(flag)
    if found is None:
        raise InvalidRequest(
            _("--lang must be one of {languages}, got {value!r}").format(
                languages=", ".join(LANGUAGES), value=flag
            ),
            field="lang",
        )
    return found


def error_line(command: str, error: Exception) -> str:
    """Return the line a command prints for an error, in the language of the moment."""
    return _("majiang {command}: error: {error}").format(command=command, error=error)


def in_chosen_language(
    command: str, run: Callable[[argparse.Namespace], int]
) -> Callable[[argparse.Namespace], int]:
    """Return ``run`` made to speak the language of ``--lang`` or of the locale: its output and
    its errors (``majiang keep: Fehler: ...``, exit code 2)."""

    def in_language(args: argparse.Namespace) -> int:
        try:
            lang = chosen_language(args.lang)
        except MajiangError as exc:
            print(error_line(command, exc), file=sys.stderr)
            return 2
        with use(lang or "en"):
            try:
                return run(args)
            except MajiangError as exc:
                print(error_line(command, exc), file=sys.stderr)
                return 2

    return in_language

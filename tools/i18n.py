"""Keep the language catalogs (src/majiang/i18n/catalogs/*.po) in step with the code.

    python tools/i18n.py update      extract the marked strings, add new ones to every catalog
                                     (untranslated) and drop the ones no longer used
    python tools/i18n.py new LANG    start the catalog of a new language (then translate it)
    python tools/i18n.py check       list what each catalog lacks, holds unused, or leaves
                                     untranslated; exit 1 if anything

Extraction is Babel's, over the mapping in babel.cfg, with our keywords (``KEYWORDS``). This is
developer tooling: the runtime (majiang.i18n) reads the .po files with the standard library.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = ROOT / "src" / "majiang" / "i18n" / "catalogs"
SOURCE = "en"
#: the marking functions: Babel's defaults, the pattern rows and the browser's ``t`` and ``pt``
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "_p": ((1, "c"), 4),
    "t": None,
    "pt": ((1, "c"), 2),
}
#: a fixed date, so that an update that changes no message changes no file
DATE = datetime(2026, 1, 1, tzinfo=UTC)


def template() -> Catalog:
    """Return every message the code marks, as a catalog without translations."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog(project="majiang", creation_date=DATE, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _key(message: object) -> tuple[str | None, str]:
    msgid = message.id  # type: ignore[attr-defined]
    return message.context, msgid if isinstance(msgid, str) else msgid[0]  # type: ignore[attr-defined]


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    """Return (context, id) of every message of a catalog but its header."""
    return {_key(m) for m in catalog if m.id}


def load(lang: str) -> Catalog:
    """Return one language's catalog as Babel reads it."""
    with (CATALOGS / f"{lang}.po").open("rb") as f:
        return read_po(f, locale=lang.replace("-", "_"))


def save(catalog: Catalog, lang: str) -> None:
    with (CATALOGS / f"{lang}.po").open("wb") as f:
        write_po(f, catalog, width=100, include_lineno=False, omit_header=False)


def problems(lang: str, used: set[tuple[str | None, str]]) -> list[str]:
    """Return what is wrong with one catalog against the messages the code uses."""
    catalog = load(lang)
    held = keys(catalog)
    out = [f"{lang}: lacks {k}" for k in sorted(used - held, key=str)]
    out += [f"{lang}: holds unused {k}" for k in sorted(held - used, key=str)]
    if lang != SOURCE:
        for m in catalog:
            if m.id and _key(m) in used:
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                if m.fuzzy or not all(strings):
                    out.append(f"{lang}: untranslated {_key(m)}")
    return out


def languages() -> list[str]:
    return sorted(p.stem for p in CATALOGS.glob("*.po"))


def update() -> None:
    pot = template()
    for lang in languages():
        catalog = load(lang)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        save(catalog, lang)
        print(f"{lang}: {len(keys(catalog))} messages")


def new(lang: str) -> None:
    path = CATALOGS / f"{lang}.po"
    if path.exists():
        sys.exit(f"{path} exists already")
    catalog = Catalog(
        locale=lang.replace("-", "_"), project="majiang", creation_date=DATE, fuzzy=False
    )
    catalog.update(template(), no_fuzzy_matching=True)
    save(catalog, lang)
    print(f"wrote {path.relative_to(ROOT)}: translate its msgstr lines")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["update", "new", "check"])
    parser.add_argument("lang", nargs="?")
    args = parser.parse_args()
    if args.command == "update":
        update()
    elif args.command == "new":
        if not args.lang:
            parser.error("new needs a language tag, e.g. ja")
        new(args.lang)
    else:
        used = keys(template())
        found = [p for lang in languages() for p in problems(lang, used)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

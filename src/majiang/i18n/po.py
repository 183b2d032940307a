"""Read a gettext ``.po`` catalog and compile it, in memory, to what ``gettext`` loads.

The catalogs are kept as ``.po`` text in the repository and compiled when first used: no build
step, and nothing compiled can go stale. ``read_po`` returns the entries; ``compile_mo`` writes
the GNU ``.mo`` bytes (the format of GNU ``msgfmt``) that ``gettext.GNUTranslations`` reads,
so plural forms, contexts and fallbacks are the standard library's.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field

from majiang.errors import MajiangError

#: what gettext puts between a context and its message id in a compiled catalog
CONTEXT_SEPARATOR = "\x04"


class CatalogError(MajiangError):
    """A ``.po`` catalog that cannot be read; the message names the file and line."""


@dataclass
class Entry:
    """One message of a catalog: its context, id (and plural id), translations and flags."""

    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """Return the id as a compiled catalog stores it (``context\\x04id``)."""
        if self.msgctxt is None:
            return self.msgid
        return self.msgctxt + CONTEXT_SEPARATOR + self.msgid

    @property
    def translated(self) -> bool:
        """Return whether every form has a translation and none is marked fuzzy."""
        return "fuzzy" not in self.flags and bool(self.msgstr) and all(self.msgstr.values())


def _string(text: str, where: str) -> str:
    """Return the value of one quoted .po string (C escapes, as Python's)."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as exc:
        raise CatalogError(f"{where}: bad string {text!r}") from exc
    assert isinstance(value, str)
    return value


def read_po(text: str, name: str = "<po>") -> list[Entry]:
    """Return the entries of a .po text (the header is the entry whose id is empty).

    >>> e = read_po('msgctxt "a"\\nmsgid "One"\\nmsgstr ""\\n"Eins"\\n')[0]
    >>> e.key.split("\\x04"), e.msgstr, e.translated
    (['a', 'One'], {0: 'Eins'}, True)
    """
    entries: list[Entry] = []
    entry = Entry()
    started = False  # the current entry has a msgid
    last: tuple[str, int] | None = None  # the keyword a continuation line adds to

    def finish() -> None:
        nonlocal entry, started, last
        if started:
            entries.append(entry)
        entry, started, last = Entry(), False, None

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):  # an obsolete entry: not part of the catalog
            continue
        if line.startswith("#"):
            if started and last is not None and last[0] == "msgstr":
                finish()
            if line.startswith("#,"):
                entry.flags.update(f.strip() for f in line[2:].split(","))
            elif line.startswith("#:"):
                entry.references.extend(line[2:].split())
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(f"{where}: a string continues nothing")
            keyword, index = last
            value = _string(line, where)
            if keyword == "msgstr":
                entry.msgstr[index] += value
            else:
                setattr(entry, keyword, (getattr(entry, keyword) or "") + value)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and started and last and last[0] == "msgstr":
            finish()
        last = _set_field(entry, keyword, rest, where)
        started = started or keyword == "msgid"
    finish()
    return entries


def _set_field(entry: Entry, keyword: str, rest: str, where: str) -> tuple[str, int]:
    """Set the field of ``entry`` a keyword line (``msgid "..."``) gives; return that field and
    its plural index (what a continuation line adds to)."""
    if keyword in ("msgctxt", "msgid", "msgid_plural"):
        setattr(entry, keyword, _string(rest, where))
        return keyword, 0
    if keyword == "msgstr" or keyword.startswith("msgstr["):
        index = int(keyword[7:-1]) if keyword != "msgstr" else 0
        entry.msgstr[index] = _string(rest, where)
        return "msgstr", index
    raise CatalogError(f"{where}: unknown keyword {keyword!r}")


def compile_mo(entries: list[Entry]) -> bytes:
    """Return the GNU .mo bytes of the translated entries (and the header), ids sorted.

    >>> import gettext, io
    >>> po = 'msgid ""\\nmsgstr "Language: de\\\\n"\\n\\nmsgid "Yes"\\nmsgstr "Ja"\\n'
    >>> gettext.GNUTranslations(io.BytesIO(compile_mo(read_po(po)))).gettext("Yes")
    'Ja'
    """
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if e.msgid and not e.translated:
            continue
        key = e.key
        if e.msgid_plural is not None:
            key += "\x00" + e.msgid_plural
        forms = [e.msgstr[i] for i in sorted(e.msgstr)]
        pairs[key.encode()] = "\x00".join(forms).encode()
    ids = sorted(pairs)
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + 8 * len(ids)
    data_start = strs_table + 8 * len(ids)
    id_offsets: list[int] = []
    str_offsets: list[int] = []
    blob = b""
    for raw in ids:
        id_offsets += [len(raw), data_start + len(blob)]
        blob += raw + b"\x00"
    for raw in ids:
        value = pairs[raw]
        str_offsets += [len(value), data_start + len(blob)]
        blob += value + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, len(ids), ids_table, strs_table, 0, 0)
    tables = struct.pack(f"<{len(id_offsets)}I", *id_offsets)
    tables += struct.pack(f"<{len(str_offsets)}I", *str_offsets)
    return head + tables + blob

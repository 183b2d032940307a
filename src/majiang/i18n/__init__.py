"""The languages of majiang: gettext catalogs, the language of the moment, and choosing one.

Every string a person reads is written in English in the code, marked ``_("...")`` (Python) or
``t("...")`` (``static/*.js``), and translated in a catalog ``catalogs/<lang>.po``: the
languages are the catalog files there, so adding one is adding a file (docs/i18n.md). The
catalogs are compiled when first used (``po.compile_mo``) and read by the standard library's
``gettext``; this package imports nothing else, so the core may use it.

The language of the moment is a context variable: the server sets it for each request, the
command line for the run (``use``); ``_``, ``ngettext`` and ``pgettext`` translate into it.

>>> with use("de"):
...     _("Home")
'Startseite'
>>> _("Home")
'Home'
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from majiang.i18n.po import Entry, compile_mo, read_po

CATALOGS = Path(__file__).parent / "catalogs"
#: the language the code is written in (its catalog holds the ids and no translations)
SOURCE = "en"


def _discover() -> tuple[str, ...]:
    names = sorted(p.stem for p in CATALOGS.glob("*.po"))
    return (SOURCE, *(n for n in names if n != SOURCE))


#: every language that has a catalog, English first
LANGUAGES: tuple[str, ...] = _discover()

_current: ContextVar[str] = ContextVar("majiang_language", default=SOURCE)


@cache
def _entries(lang: str) -> tuple[Entry, ...]:
    if lang not in LANGUAGES:
        raise KeyError(f"no catalog for language {lang!r} (have {', '.join(LANGUAGES)})")
    path = CATALOGS / f"{lang}.po"
    return tuple(read_po(path.read_text(encoding="utf-8"), path.name))


@cache
def translations(lang: str) -> _gettext.GNUTranslations:
    """Return the compiled catalog of one of ``LANGUAGES``."""
    return _gettext.GNUTranslations(io.BytesIO(compile_mo(list(_entries(lang)))))


@cache
def messages(lang: str) -> dict[str, str]:
    """Return a language's translated messages without plural forms, id -> translation (the
    id of a message with a context is ``context\x04id``): what the browser gets.

    >>> messages("de")["Home"], messages("en")
    ('Startseite', {})
    """
    return {
        e.key: e.msgstr[0]
        for e in _entries(lang)
        if e.msgid and e.msgid_plural is None and e.translated
    }


def current() -> str:
    """Return the language of the moment (``SOURCE`` unless ``use`` set another)."""
    return _current.get()


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Translate into ``lang`` (one of ``LANGUAGES``) inside the ``with`` block."""
    translations(lang)  # an unknown language fails here, not at the first string
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """Return ``message`` in the language of the moment."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Return the singular or plural form for ``n`` in the language of the moment."""
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Return ``message`` as translated for ``context`` in the language of the moment."""
    return translations(current()).pgettext(context, message)


def N_(message: str) -> str:
    """Return ``message`` unchanged: marks a string for the catalogs, translated later."""
    return message


def language_name(lang: str) -> str:
    """Return a language's name in that language, as its catalog gives it.

    >>> language_name("de"), language_name("en")
    ('Deutsch', 'English')
    """
    return translations(lang).pgettext("language name", "English")


#: a script that a region writes Chinese in, for a catalog named ``zh-Hant`` or ``zh-Hans``
_CHINESE_SCRIPT = {"tw": "hant", "hk": "hant", "mo": "hant", "cn": "hans", "sg": "hans"}


def match(tag: str) -> str | None:
    """Return the language of ``LANGUAGES`` that serves a BCP 47 tag, or ``None``.

    The whole tag first (``zh-Hant``), then language and script (``zh-TW`` -> ``zh-Hant``
    when that catalog exists), then the language alone (``de-AT`` -> ``de``).

    >>> match("de-AT"), match("ES"), match("zh-Hant-TW"), match("fr")
    ('de', 'es', 'zh', None)
    """
    parts = [p.lower() for p in re.split(r"[-_]", tag.strip()) if p]
    if not parts:
        return None
    wanted = ["-".join(parts)]
    script = next((p for p in parts[1:] if len(p) == 4), None)
    region = next((p for p in parts[1:] if len(p) == 2), None)
    if parts[0] == "zh" and script is None and region in _CHINESE_SCRIPT:
        script = _CHINESE_SCRIPT[region]
    if script:
        wanted.append(f"{parts[0]}-{script}")
    wanted.append(parts[0])
    by_lower = {lang.lower(): lang for lang in LANGUAGES}
    return next((by_lower[w] for w in wanted if w in by_lower), None)


def negotiate(accept_language: str | None) -> str | None:
    """Return the best of ``LANGUAGES`` for an ``Accept-Language`` header, or ``None``.

    >>> negotiate("fr-CH, fr;q=0.9, de;q=0.7, en;q=0.5")
    'de'
    >>> negotiate("es;q=0.2, zh-TW;q=0.8"), negotiate("fr"), negotiate(None)
    ('zh', None, None)
    """
    if not accept_language:
        return None
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _sep, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and tag != "*" and quality > 0:
            ranked.append((-quality, position, tag))
    for _q, _p, tag in sorted(ranked):
        found = match(tag)
        if found:
            return found
    return None

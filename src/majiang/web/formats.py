"""Numbers and dates on the server's pages, written as the language of the moment writes them
(Babel's CLDR data: the ``server`` extra). The browser does the same with ``Intl``
(``static/i18n.js``: ``formatNumber``, ``formatDate``).

>>> from majiang.i18n import use
>>> with use("de"):
...     number(12000), number(-1.5, 2), percent(0.25), date("2026-03-04T10:00:00")
('12.000', '-1,50', '25,0\\xa0%', '04.03.2026')
>>> number(12000), date("2026-03-04T10:00:00+00:00"), date("not a date"), date(None)
('12,000', 'Mar 4, 2026', 'not a date', '')
"""

from __future__ import annotations

from datetime import datetime

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from majiang.i18n import current


def _locale() -> str:
    return current().replace("-", "_")


def number(value: float, decimals: int = 0) -> str:
    """Return ``value`` with the language's digit grouping, and exactly ``decimals`` decimals."""
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_locale())


def percent(rate: float) -> str:
    """Return a rate (0.25) as a percentage with one decimal (``25.0%``)."""
    # the language's own pattern ("#,##0 %" in German), with one decimal
    pattern = Locale.parse(_locale()).percent_formats[None].pattern.replace("0", "0.0", 1)
    return format_percent(rate, format=pattern, locale=_locale())


def date(iso: str | None) -> str:
    """Return the day of an ISO 8601 timestamp in the language's medium form; the text as it
    is when it is not a timestamp, and an empty string for none."""
    if not iso:
        return ""
    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return format_date(when, format="medium", locale=_locale())

"""Lists in the server's sentences, joined as the language of the moment joins them (Babel's
CLDR data, like ``majiang.web.formats``; the browser uses ``Intl.ListFormat``).

>>> from majiang.i18n import use
>>> listing(["pon", "chi", "pass"]), listing(["a", "b"], "or")
('pon, chi, and pass', 'a or b')
>>> with use("de"):
...     listing(["pon", "chi", "pass"]), listing(["a", "b"], "or")
('pon, chi und pass', 'a oder b')
>>> with use("zh"):
...     listing(["pon", "chi", "pass"]), listing([])
('pon、chi和pass', '')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from babel.lists import format_list

from majiang.i18n import current


def listing(items: Iterable[str], style: Literal["and", "or"] = "and") -> str:
    """Return the items joined as the language of the moment joins them (``"or"``: a choice)."""
    return format_list(
        list(items),
        style="standard" if style == "and" else "or",
        locale=current().replace("-", "_"),
    )

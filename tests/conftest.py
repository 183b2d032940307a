"""Set-up shared by every test: the tests read English output whatever the machine's locale
(``majiang score`` follows the locale's language, docs/i18n.md); a test of another language
sets it itself. Subprocesses started by tests inherit this environment."""

from __future__ import annotations

import os

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

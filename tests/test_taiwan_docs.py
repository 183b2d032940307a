"""docs/taiwan.md documents every tai id and option, and its example runs."""

from __future__ import annotations

import doctest
from pathlib import Path

from majiang.rules.taiwan import RULESETS
from majiang.rules.taiwan.tai import PATTERNS

DOC = Path(__file__).resolve().parent.parent / "docs" / "taiwan.md"


def test_every_id_and_option_is_documented() -> None:
    text = DOC.read_text()
    missing = [t.id for t in PATTERNS if f"`{t.id}`" not in text]
    missing += [o for o in RULESETS["taiwan"].options if f"`{o}`" not in text]
    assert missing == []


def test_doc_example_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0

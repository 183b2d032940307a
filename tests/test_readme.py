"""The Python examples in the README and in docs/*.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", [p for p in PAGES if ">>>" in p.read_text()], ids=lambda p: p.name)
def test_examples_run(page: Path) -> None:
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_has_examples() -> None:
    assert ">>>" in (ROOT / "README.md").read_text()

"""A pytest plugin for mutation runs (tools/mutation.py loads it with ``-p``): the tests that
reach a mutant run fastest first, by the durations mutmut measured, so that a killed mutant is
found by its quickest failing test rather than after the conformance games. Order only: which
tests run, and the verdict, stay mutmut's.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

#: written by mutmut after its first run over the tests; the tests run inside mutants/
STATS = Path("mutmut-stats.json")
_durations: dict[str, float] = {}


def pytest_collection_modifyitems(items: list[Any]) -> None:
    if not _durations and STATS.exists():
        _durations.update(json.loads(STATS.read_text(encoding="utf-8"))["duration_by_test"])
    items.sort(key=lambda item: _durations.get(item.nodeid, math.inf))

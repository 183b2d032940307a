"""docs/hongkong.md stays true: every pattern and option is documented, its example holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from majiang.rules import get_ruleset
from majiang.rules.hongkong.fan import HKOS_PATTERNS
from majiang.scoring import score

DOC = (Path(__file__).parent.parent / "docs" / "hongkong.md").read_text()


@pytest.mark.parametrize("pattern_id", [p.id for p in HKOS_PATTERNS])
def test_every_pattern_id_is_documented(pattern_id: str) -> None:
    assert f"`{pattern_id}`" in DOC


@pytest.mark.parametrize(
    "option", sorted({name for v in ("hk", "hk2", "hkos") for name in get_ruleset(v).options})
)
def test_every_option_is_documented(option: str) -> None:
    assert f"`{option}`" in DOC


def test_the_example_of_the_doc() -> None:
    r = score(
        {
            "variant": "hk",
            "hand": "666z77z123m456m",
            "melds": ["pon 555z"],
            "win_tile": "7z",
            "win": "ron",
            "discarder": "W",
        }
    )
    shown = re.search(r"\(\[\('white_dragon_pung'.*\n", DOC)
    assert shown is not None
    items = [(i["id"], i["value"]) for i in r["items"]]
    assert shown.group(0).strip() == f"({items}, {r['total']}, {r['points']['total']})"
    assert f'`"{r["decomposition"]}"`' in DOC

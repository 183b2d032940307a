"""The pattern tables the rules pages show, read from the rulesets' own tables (never copied).

Each variant keeps its patterns as data (``YAKU`` in riichi, ``HK_PATTERNS`` in Hong Kong,
``PATTERNS`` in Taiwan and Sichuan); ``pattern_table(variant)`` turns them into rows a player
reads: a group, the stable id, the display name and the value as a player says it
("2 / 1 open", "limit", "1 each"). A description is taken from the variant's documentation table
(``docs/<variant>.md``) when the source tree is at hand, else from the predicate's docstring.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from majiang.rules import get_ruleset

#: docs/<file>.md of each variant, when the package runs from the source tree
DOC_FILES = {
    "riichi": "riichi.md",
    "hk": "hongkong.md",
    "hk2": "hongkong.md",
    "hkos": "hongkong.md",
    "taiwan": "taiwan.md",
    "sichuan": "sichuan.md",
}


@dataclass(frozen=True)
class Row:
    """One row of a pattern table as players read it."""

    group: str
    id: str
    name: str
    value: str
    description: str = ""


def docs_dir() -> Path | None:
    """Return the repository's ``docs/`` folder when the package runs from a source tree."""
    here = Path(__file__).resolve().parents[3] / "docs"
    return here if here.is_dir() else None


def doc_text(variant: str) -> str | None:
    """Return the Markdown of the variant's documentation page, or ``None`` when not at hand."""
    folder = docs_dir()
    name = DOC_FILES.get(variant)
    if folder is None or name is None:
        return None
    path = folder / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


_ROW = re.compile(r"^\|\s*(`[a-z0-9_]+`(?:\s*,\s*`[a-z0-9_]+`)*)\s*\|(.*)\|\s*$")


def doc_descriptions(markdown: str) -> dict[str, str]:
    """Return id -> description from the Markdown tables whose first cell names ids in backticks.

    The description is the last cell holding words (not a bare value like ``2`` or ``-``).

    >>> doc_descriptions("| `all_pungs` | 3 | four pungs and a pair |")
    {'all_pungs': 'four pungs and a pair'}
    >>> doc_descriptions("| `tanyao` | Tanyao (open with `open_tanyao`) | 1 | 1 |")
    {'tanyao': 'Tanyao (open with `open_tanyao`)'}
    """
    out: dict[str, str] = {}
    for line in markdown.splitlines():
        m = _ROW.match(line.strip())
        if not m:
            continue
        cells = [c.strip() for c in m.group(2).split("|")]
        worded = [c for c in cells if len(re.findall(r"[A-Za-z]", c)) >= 3]
        description = worded[-1] if worded else ""
        for ident in re.findall(r"`([a-z0-9_]+)`", m.group(1)):
            out.setdefault(ident, description)
    return out


def _doc_of(fn: Callable[..., Any]) -> str:
    doc = fn.__doc__
    if not doc or getattr(fn, "__name__", "") == "<lambda>":
        return ""
    return doc.strip().splitlines()[0].rstrip(".")


#: what a Japanese yaku name means, for players who do not know it (used where the docs say nothing)
RIICHI_GLOSS = {
    "riichi": "declared ready with a closed hand",
    "ippatsu": "won within one go-around after riichi, no call in between",
    "menzen_tsumo": "closed hand, self-drawn",
    "pinfu": "closed, four chows, a pair that is no value tile, won on a two-sided wait",
    "iipeikou": "two identical chows, closed hand",
    "rinshan": "won on a kong's replacement tile",
    "chankan": "won on a tile robbed from an added kong",
    "sanshoku": "the same chow in all three suits",
    "ittsu": "1-9 straight in one suit",
    "chanta": "every set and the pair hold a terminal or honor",
    "toitoi": "four pungs (or kongs) and a pair",
    "sanankou": "three concealed pungs",
    "sanshoku_doukou": "the same pung in all three suits",
    "sankantsu": "three kongs",
    "honroutou": "terminals and honors only",
    "honitsu": "one suit plus honors",
    "junchan": "every set and the pair hold a terminal, no honors",
    "ryanpeikou": "two pairs of identical chows",
    "chinitsu": "one suit only",
    "aka_dora": "each red five (0m 0p 0s)",
    "kokushi": "thirteen orphans",
    "kokushi_13_wait": "thirteen orphans waiting on all thirteen",
    "suuankou": "four concealed pungs",
    "suuankou_tanki": "four concealed pungs, won on the pair",
    "daisangen": "three dragon pungs",
    "shousuushii": "three wind pungs and a wind pair",
    "daisuushii": "four wind pungs",
    "tsuuiisou": "honors only",
    "chinroutou": "terminals only",
    "ryuuiisou": "2 3 4 6 8 bamboo and green dragon only",
    "chuuren_poutou": "nine gates: 1112345678999 of one suit plus one",
    "suukantsu": "four kongs",
    "tenhou": "dealer complete on the deal",
    "chiihou": "non-dealer complete on the first draw",
}


def _riichi_rows() -> list[Row]:
    from majiang.rules.riichi.yaku import YAKU, YAKUMAN

    rows: list[Row] = []
    for y in YAKU:
        if y.open == 0:
            value = f"{y.closed} (closed only)"
        elif y.open == y.closed:
            value = str(y.closed)
        else:
            value = f"{y.closed} / {y.open} open"
        rows.append(Row("Yaku (han)", y.id, y.name, value, RIICHI_GLOSS.get(y.id, "")))
    rows.append(Row("Dora (han, never a yaku)", "dora", "Dora", "1 each"))
    rows.append(Row("Dora (han, never a yaku)", "ura_dora", "Ura dora (with riichi)", "1 each"))
    rows.append(
        Row("Dora (han, never a yaku)", "aka_dora", "Red fives", "1 each", RIICHI_GLOSS["aka_dora"])
    )
    for ym in YAKUMAN:
        value = "double yakuman" if ym.multiple == 2 else "yakuman"
        rows.append(Row("Yakuman", ym.id, ym.name, value, RIICHI_GLOSS.get(ym.id, "")))
    return rows


def _hongkong_rows(variant: str) -> list[Row]:
    from majiang.rules.hongkong.fan import BONUS_PATTERNS, HK_PATTERNS, at_cap

    defaults = get_ruleset(variant).resolve_options({})
    ctx: Any = SimpleNamespace(options=defaults)
    rows: list[Row] = []
    for p in HK_PATTERNS:
        value = f"limit ({defaults['max_fan']})" if p.value is at_cap else str(p.value_of(ctx))
        rows.append(Row("Fan", p.id, p.name, value, _doc_of(p.applies)))
    if variant == "hkos":
        for p in BONUS_PATTERNS:
            rows.append(Row("Flowers and seasons", p.id, p.name, str(p.value_of(ctx))))
    return rows


def _taiwan_rows() -> list[Row]:
    from majiang.rules.taiwan.tai import PATTERNS, REPLACES

    rows: list[Row] = []
    for t in PATTERNS:
        note = ""
        if t.id in REPLACES:
            note = "includes " + ", ".join(REPLACES[t.id])
        rows.append(Row("Tai", t.id, t.name, str(t.value), note))
    return rows


def _sichuan_rows() -> list[Row]:
    from majiang.rules.sichuan.fan import BONUSES, LIMIT_HANDS, PATTERNS, PLAIN_HAND, ROOT_FAN

    rows = [Row("Hand patterns (fan)", PLAIN_HAND.id, PLAIN_HAND.name, str(PLAIN_HAND.value))]
    rows += [
        Row("Hand patterns (fan)", p.id, p.name, str(p.value), _doc_of(p.applies)) for p in PATTERNS
    ]
    rows.append(Row("Hand patterns (fan)", "root", "Root (all four of a tile)", f"{ROOT_FAN} each"))
    rows += [Row("Bonus fan", p.id, p.name, str(p.value)) for p in BONUSES]
    rows += [Row("Limit hands", p.id, p.name, "limit") for p in LIMIT_HANDS]
    return rows


@cache
def pattern_table(variant: str) -> tuple[Row, ...]:
    """Return the variant's pattern table, in the order of its rule page.

    >>> rows = pattern_table("hk")
    >>> (rows[0].id, rows[0].value), [r.value for r in rows if r.id == "full_flush"]
    (('all_chows', '1'), ['7'])
    """
    get_ruleset(variant)  # an unknown variant is an error naming it
    if variant == "riichi":
        rows = _riichi_rows()
    elif variant in ("hk", "hk2", "hkos"):
        rows = _hongkong_rows(variant)
    elif variant == "taiwan":
        rows = _taiwan_rows()
    else:
        rows = _sichuan_rows()
    text = doc_text(variant)
    described = doc_descriptions(text) if text else {}
    out = []
    for r in rows:
        doc = described.get(r.id, "")
        if r.name.lower().startswith(doc.lower()):
            doc = ""  # the docs give only the name again
        if r.id in RIICHI_GLOSS and variant == "riichi":
            description = "; ".join(x for x in (r.description, doc) if x)
        else:
            description = doc or r.description
        out.append(Row(r.group, r.id, r.name, r.value, description))
    return tuple(out)

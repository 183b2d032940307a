"""The rules pages: what a player reads to learn a variant, owned by the web package.

Every word of a page is in one Markdown file here (``riichi.md``; ``hongkong.md`` for ``hk``,
``hk2`` and ``hkos``; ``taiwan.md``; ``sichuan.md``), so a translation has one file per page to
work on; the few words the drawings share (who pays, how a hand was won) are ``WORDS`` below.
The developers' documentation (``docs/``) is never read.

Fenced blocks draw what words cannot:

- ``hand``: an example hand, drawn in tiles with the values the page states for it (``counts``:
  each pattern and its value; ``total``; ``fu``; ``points``; ``pays``). The tests score every
  one with the scorer and check that it agrees (tests/test_web_rules_pages.py).
- ``pattern``: the same, the example of one pattern (``id``), with ``when`` (what the pattern
  asks for, in a line); the page lists every pattern of the ruleset with its example.
- ``tiles``: a picture of groups of tiles (``back3`` draws three face down), with a ``caption``.
- ``patterns``, ``options``, ``points-table``: the generated parts: the pattern list, the house
  rules (``web.words``), riichi's han and fu table.

A key may be given for one variant only (``total@hkos: 6``; ``also@hkos: no_bonus_tiles=1`` adds
a count there), and ``::: only hk hk2`` ... ``:::`` keeps a passage to those pages.

>>> [e.pattern for e in examples("sichuan")][:3]
[None, 'plain_hand', 'all_pungs']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from majiang.render import svg_hand, svg_tiles
from majiang.rules import get_ruleset
from majiang.tiles import parse_tile, tile_label
from majiang.web.meta import SITUATION_LABELS, WIND_NAMES, option_meta
from majiang.web.patterns import pattern_table
from majiang.web.words import option_words, value_words

HERE = Path(__file__).parent

#: the page file of each variant
PAGE_FILES = {
    "riichi": "riichi.md",
    "hk": "hongkong.md",
    "hk2": "hongkong.md",
    "hkos": "hongkong.md",
    "taiwan": "taiwan.md",
    "sichuan": "sichuan.md",
}

#: the words the drawings share, for every page
WORDS = {
    "discarder": "the discarder",
    "dealer": "the dealer",
    "non_dealer": "each other player",
    "each": "each of the others",
    "liable": "the liable player",
    "riichi_sticks": "the riichi sticks on the table",
    "ron": "Wins on the discard of {tile}.",
    "tsumo": "Draws {tile} and wins.",
    "seat": "Seat {seat}, round {round}.",
    "seat_only": "Seat {seat}.",
    "dealer_seat": "Seat {seat} (the dealer), round {round}.",
    "dora": "Dora indicator: {tiles}.",
    "ura": "Ura dora indicator: {tiles}.",
    "flowers": "Flowers and seasons: {tiles}.",
    "situation": "Also: {what}.",
    "streak": "The dealer has kept the seat {n} times.",
    "honba": "Honba on the table: {n}.",
    "sticks": "Riichi sticks on the table: {n}.",
    "players": "Opponents still in the hand: {n}.",
    "house_rule": "With the house rule “{label}”: {value}.",
    "total": "{total} {unit}",
    "yakuman": "yakuman",
    "double_yakuman": "double yakuman",
    "limit": "{total} {unit}, the limit",
    "fu": "{fu} fu",
    "paid": "Paid: {who}.",
    "paid_one": "{amount} by {payer}",
    "in_all": "{total} in all",
    "at_a_glance": "Pattern",
    "when": "When",
    "example": "Example",
    "contents": "On this page",
    "die": "A die showing {n}",
    "wall_label": "The four walls seen from above, East at the bottom",
    "wall_caption": (
        "The dice show {dice} = {total}: counting East as 1 and on round the table, {total} "
        "picks {seat}'s wall. From its right end {total} stacks are counted, and the wall "
        "opens after the darker one; the stacks of that wall are shaded."
    ),
}

#: keys a hand block may carry
KEYS = frozenset(
    {
        "id",
        "when",
        "hand",
        "win",
        "melds",
        "seat",
        "round",
        "discarder",
        "situation",
        "dora",
        "ura",
        "flowers",
        "honba",
        "sticks",
        "streak",
        "players",
        "liable",
        "rules",
        "counts",
        "also",
        "total",
        "fu",
        "points",
        "pays",
        "note",
        "how",
        "only",
    }
)


class PageError(ValueError):
    """A rules page's source is wrong: an unknown key, a bad value, a pattern without example."""


@dataclass(frozen=True)
class Example:
    """An example hand as a page shows it: the request it stands for and the values stated."""

    variant: str
    request: dict[str, Any]
    counts: dict[str, int]
    total: int | None = None
    fu: int | None = None
    points: int | None = None
    pays: dict[str, int] = field(default_factory=dict)
    pattern: str | None = None
    when: str = ""
    note: str = ""
    #: how the hand was won, in words, when the winning tile is no tile of the hand (a bonus
    #: tile robbed): the hand is then drawn whole
    how: str = ""


def _pairs(text: str, where: str) -> dict[str, Any]:
    """Return ``a=1 b=true`` as ``{"a": 1, "b": True}`` (values read as JSON, else text).

    >>> _pairs("pinfu=1 aka=0 preset=tenhou", "x")
    {'pinfu': 1, 'aka': 0, 'preset': 'tenhou'}
    """
    out: dict[str, Any] = {}
    for part in text.split():
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise PageError(f"{where}: expected key=value, got {part!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def _fields(body: str, variant: str) -> dict[str, str]:
    """Return a block's keys for ``variant``: ``key@variant`` wins over ``key``."""
    plain: dict[str, str] = {}
    mine: dict[str, str] = {}
    for line in body.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        name, _, only = key.partition("@")
        if not sep or name not in KEYS:
            raise PageError(f"unknown line in a hand block: {line!r}")
        if not only:
            plain[name] = value
        elif only == variant:
            mine[name] = value
    return plain | mine


def parse_example(body: str, variant: str) -> Example:
    """Return the example a ``hand`` or ``pattern`` block describes, for ``variant``.

    >>> e = parse_example("hand: 123m 456p 789s 11z 222z\\nwin: tsumo 2z\\ncounts: a=1", "hk")
    >>> e.request["hand"], e.request["win_tile"], e.request["win"], e.counts
    ('123m456p789s11z222z', '2z', 'tsumo', {'a': 1})
    """
    f = _fields(body, variant)
    if "hand" not in f or "win" not in f:
        raise PageError(f"a hand block needs a hand and a win: {body.strip()!r}")
    how, _, tile = f["win"].partition(" ")
    if how not in ("ron", "tsumo") or not tile:
        raise PageError(f"win is 'ron <tile>' or 'tsumo <tile>', got {f['win']!r}")
    request: dict[str, Any] = {
        "variant": variant,
        "hand": "".join(f["hand"].split()),
        "win_tile": tile.strip(),
        "win": how,
        "seat_wind": f.get("seat", "S"),
        "round_wind": f.get("round", "E"),
    }
    if f.get("melds"):
        request["melds"] = [m.strip() for m in f["melds"].split(";") if m.strip()]
    for key, name in (
        ("discarder", "discarder"),
        ("dora", "dora_indicators"),
        ("ura", "ura_indicators"),
        ("flowers", "flowers"),
        ("liable", "liable"),
    ):
        if f.get(key):
            request[name] = f[key]
    for key, name in (
        ("honba", "honba"),
        ("sticks", "riichi_sticks"),
        ("streak", "dealer_streak"),
        ("players", "players_in_hand"),
    ):
        if f.get(key):
            request[name] = int(f[key])
    if f.get("situation"):
        request["situation"] = f["situation"].split()
    if f.get("rules"):
        request["rules"] = _pairs(f["rules"], "rules")
    counts = {k: int(v) for k, v in _pairs(f.get("counts", ""), "counts").items()}
    counts |= {k: int(v) for k, v in _pairs(f.get("also", ""), "also").items()}

    def number(key: str) -> int | None:
        return int(f[key]) if f.get(key) else None

    return Example(
        variant=variant,
        request=request,
        counts=counts,
        total=number("total"),
        fu=number("fu"),
        points=number("points"),
        pays={k: int(v) for k, v in _pairs(f.get("pays", ""), "pays").items()},
        pattern=f.get("id") or None,
        when=f.get("when", ""),
        note=f.get("note", ""),
        how=f.get("how", ""),
    )


_ONLY = re.compile(r"^::: only ([a-z0-9 ]+)\n(.*?)^:::\n", re.MULTILINE | re.DOTALL)


@cache
def page_source(variant: str) -> str:
    """Return the Markdown of ``variant``'s page, its ``::: only`` passages for it kept."""
    get_ruleset(variant)  # an unknown variant is an error naming it
    text = (HERE / PAGE_FILES[variant]).read_text(encoding="utf-8")

    def keep(m: re.Match[str]) -> str:
        return m[2] if variant in m[1].split() else ""

    return _ONLY.sub(keep, text)


def _blocks(variant: str) -> list[tuple[str, str]]:
    """Return the (kind, body) of every fenced block of the page that is on ``variant``'s."""
    tokens = _markdown.parse(page_source(variant))
    out = []
    for t in tokens:
        if t.type == "fence" and t.info.strip() in ("hand", "pattern"):
            only = _fields(t.content, variant).get("only")
            if only is None or variant in only.split():
                out.append((t.info.strip(), t.content))
    return out


@cache
def examples(variant: str) -> tuple[Example, ...]:
    """Return every example hand on ``variant``'s page, the patterns' included, in page order."""
    return tuple(parse_example(body, variant) for _, body in _blocks(variant))


def pattern_examples(variant: str) -> dict[str, Example]:
    """Return the example of each pattern on ``variant``'s page, by pattern."""
    return {e.pattern: e for e in examples(variant) if e.pattern}


# ---------------------------------------------------------------------------------------------
# drawing

SPRITE = "/tiles.svg"


def _tile_names(text: str) -> str:
    from majiang.tiles import parse_tiles

    return ", ".join(tile_label(t) for t in parse_tiles(text))


def _value_words(variant: str, value: int) -> str:
    unit = get_ruleset(variant).unit
    if variant == "riichi" and value >= 13 and value % 13 == 0:
        return WORDS["yakuman"] if value == 13 else WORDS["double_yakuman"]
    return f"{value} {unit}"


def hand_figure(e: Example) -> str:
    """Return the figure of an example: the hand in tiles, how it was won, the values stated."""
    r = e.request
    hand = r["hand"]
    win = r["win_tile"]
    from majiang.tiles import format_tiles, parse_tiles

    tiles = parse_tiles(hand)
    if not e.how:
        tiles.remove(parse_tile(win))
    picture = svg_hand(
        format_tiles(tiles),
        drawn_tile=None if e.how else win,
        melds=r.get("melds", ()),
        bonus=parse_tiles(r.get("flowers", "")),
        sprite=SPRITE,
        size=30,
    )
    names = {row.id: row.name for row in pattern_table(e.variant)}
    ruleset = get_ruleset(e.variant)
    lines = []
    seat = WIND_NAMES[r["seat_wind"]]
    if e.variant == "sichuan":
        lines.append(WORDS["seat_only"].format(seat=seat))
    else:
        key = "dealer_seat" if r["seat_wind"] == "E" else "seat"
        lines.append(WORDS[key].format(seat=seat, round=WIND_NAMES[r["round_wind"]]))
    lines.append(e.how or WORDS[r["win"]].format(tile=tile_label(parse_tile(win))))
    if r.get("situation"):
        what = ", ".join(SITUATION_LABELS[s].lower() for s in r["situation"])
        lines.append(WORDS["situation"].format(what=what))
    for key, name in (("dora_indicators", "dora"), ("ura_indicators", "ura")):
        if r.get(key):
            lines.append(WORDS[name].format(tiles=_tile_names(r[key])))
    for key, name in (
        ("dealer_streak", "streak"),
        ("honba", "honba"),
        ("riichi_sticks", "sticks"),
        ("players_in_hand", "players"),
    ):
        if r.get(key):
            lines.append(WORDS[name].format(n=r[key]))
    for option, value in r.get("rules", {}).items():
        label = option_words(option)[0]
        lines.append(WORDS["house_rule"].format(label=label, value=value_words(option, value)))
    counted = " + ".join(
        f"{escape(names[i])} {escape(_value_words(e.variant, v))}" for i, v in e.counts.items()
    )
    if e.total is not None:
        total = _value_words(e.variant, e.total)
        if ruleset.unit == "fan" and e.variant != "sichuan" and e.total >= _cap(e.variant):
            total = WORDS["limit"].format(total=e.total, unit=ruleset.unit)
        counted += f" = <strong>{escape(total)}</strong>" if counted else escape(total)
    money = []
    if e.fu is not None:
        money.append(WORDS["fu"].format(fu=e.fu))
    if e.pays:
        paid = ", ".join(
            WORDS["paid_one"].format(amount=a, payer=WORDS.get(who) or WIND_NAMES[who])
            for who, a in e.pays.items()
        )
        money.append(WORDS["paid"].format(who=paid))
    if e.points is not None:
        money.append(WORDS["in_all"].format(total=e.points))
    said = "".join(f"<span>{escape(line)}</span> " for line in lines)
    caption = f'<p class="how">{said}</p><p class="count">{counted}</p>'
    if money:
        caption += f'<p class="paid">{escape(" · ".join(money))}</p>'
    if e.note:
        caption += f'<p class="note">{escape(e.note)}</p>'
    return (
        f'<figure class="example"><div class="hand-pic">{picture}</div>'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _cap(variant: str) -> int:
    return int(get_ruleset(variant).resolve_options({}).get("max_fan", 10**6))


def tiles_figure(body: str) -> str:
    """Return a picture of groups of tiles (``tiles: 123m back4 1f``) with its caption."""
    f: dict[str, str] = {}
    for line in body.strip().splitlines():
        key, _, value = line.partition(":")
        f[key.strip()] = value.strip()
    groups = []
    for group in f.get("tiles", "").split():
        if group.startswith("back"):
            n = int(group[4:] or 1)
            svg = svg_tiles([None] * n, size=30, sprite=SPRITE, label=f"{n} face-down tiles")
        else:
            svg = svg_tiles(group, size=30, sprite=SPRITE)
        groups.append(f'<span class="group">{svg}</span>')
    caption = f"<figcaption>{escape(f['caption'])}</figcaption>" if f.get("caption") else ""
    return (
        f'<figure class="tiles-pic"><div class="groups">{"".join(groups)}</div>{caption}</figure>'
    )


#: where the pips of a die's faces 1-6 lie, on a 3 x 3 grid (0-8, row by row)
PIPS = {
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}
#: the seats in turn from East, and where each one's wall lies in the drawing
SEATS = ("East", "South", "West", "North")


def die_svg(n: int) -> str:
    """Return one die showing ``n`` as an inline SVG.

    >>> die_svg(5).count("<circle")
    5
    """
    if n not in PIPS:
        raise PageError(f"a die shows 1 to 6, got {n}")
    pips = "".join(
        f'<circle cx="{10 + 10 * (i % 3)}" cy="{10 + 10 * (i // 3)}" r="3.2"/>' for i in PIPS[n]
    )
    return (
        f'<svg class="die" viewBox="0 0 40 40" width="40" height="40" role="img" '
        f'aria-label="{WORDS["die"].format(n=n)}"><rect x="1" y="1" width="38" height="38" rx="7" '
        f'fill="#fffdf7" stroke="#5d665f" stroke-width="2"/><g transform="translate(0 0)" '
        f'fill="#b3261e">{pips}</g></svg>'
    )


def wall_figure(body: str) -> str:
    """Return the dice East throws and the square of walls with the break they make.

    The walls lie as seen from above with East at the bottom: South right, West top, North
    left (turns go counter-clockwise). The dice total counts the seats from East; in the wall it
    picks, stacks are counted from its owner's right end, clockwise, and the wall opens there.

    >>> html = wall_figure("dice: 3 4 4")
    >>> html.count('class="die"'), "West" in html, html.count('class="stack broken"')
    (3, True, 1)
    """
    f = dict(line.split(":", 1) for line in body.strip().splitlines())
    dice = [int(d) for d in f["dice"].split()]
    total = sum(dice)
    seat = (total - 1) % 4
    stacks, size = 18, 12
    side = stacks * size
    pad = 66
    # each wall's stacks from its owner's right end on, which is clockwise seen from above
    # (East at the bottom facing up has their right end on the right, South on the right edge
    # at the top, West at the top on the left, North on the left edge at the bottom)
    lines = {
        0: [(pad + side - size * (i + 1), pad + side + 4) for i in range(stacks)],
        1: [(pad + side + 4, pad + size * i) for i in range(stacks)],
        2: [(pad + size * i, pad - size - 4) for i in range(stacks)],
        3: [(pad - size - 4, pad + side - size * (i + 1)) for i in range(stacks)],
    }
    rects = []
    for s_, cells in lines.items():
        for i, (x, y) in enumerate(cells):
            cls = "stack"
            if s_ == seat and i == total - 1:
                cls += " broken"
            elif s_ == seat:
                cls += " picked"
            rects.append(
                f'<rect class="{cls}" x="{x}" y="{y}" width="{size - 1}" height="{size - 1}"/>'
            )
    mid = pad + side / 2
    labels = {
        0: (mid, pad + side + 34),
        1: (pad + side + 36, mid + 4),
        2: (mid, pad - 22),
        3: (pad - 36, mid + 4),
    }
    texts = "".join(
        f'<text x="{x}" y="{y}" text-anchor="middle">{SEATS[s_]}</text>'
        for s_, (x, y) in labels.items()
    )
    box = side + 2 * pad
    square = (
        f'<svg class="wall-square" viewBox="0 0 {box} {box}" width="{box}" height="{box}" role="img" '
        f'aria-label="{escape(WORDS["wall_label"])}">{"".join(rects)}{texts}</svg>'
    )
    words = WORDS["wall_caption"].format(
        dice=" + ".join(str(d) for d in dice), total=total, seat=SEATS[seat]
    )
    return (
        f'<figure class="tiles-pic wall-pic"><div class="groups"><span class="dice">'
        f"{''.join(die_svg(d) for d in dice)}</span>{square}</div>"
        f"<figcaption>{escape(words)}</figcaption></figure>"
    )


def patterns_html(variant: str) -> str:
    """Return every pattern of the ruleset: a table at a glance, then each with its example."""
    rows = pattern_table(variant)
    found = pattern_examples(variant)
    missing = [r.id for r in rows if r.id not in found]
    if missing:
        raise PageError(f"the {variant} page has no example of {', '.join(missing)}")
    unit = get_ruleset(variant).unit
    groups: dict[str, list[str]] = {}
    cards: dict[str, list[str]] = {}
    for r in rows:
        e = found[r.id]
        groups.setdefault(r.group, []).append(
            f'<tr id="p-{r.id}"><th scope="row"><a href="#x-{r.id}">{escape(r.name)}</a></th>'
            f'<td class="value">{escape(r.value)}</td><td>{escape(e.when)}</td></tr>'
        )
        cards.setdefault(r.group, []).append(
            f'<article class="pattern" id="x-{r.id}"><h4>{escape(r.name)} '
            f'<span class="value">{escape(r.value)}</span></h4><p>{escape(e.when)}</p>'
            f"{hand_figure(e)}</article>"
        )
    out = []
    for group, trs in groups.items():
        out.append(
            f'<h3>{escape(group)}</h3><div class="table-wrap"><table class="patterns">'
            f"<thead><tr><th>{WORDS['at_a_glance']}</th><th>{escape(unit)}</th>"
            f"<th>{WORDS['when']}</th></tr></thead><tbody>{''.join(trs)}</tbody></table></div>"
            f'<div class="pattern-cards">{"".join(cards[group])}</div>'
        )
    return "".join(out)


def options_html(variant: str) -> str:
    """Return the house rules in player words: label, default, what it changes, the choices."""
    items = []
    for o in option_meta(variant):
        choices = ""
        if o["control"] == "choice":
            labels = ", ".join(str(c) for c in o["choice_labels"])
            choices = f'<span class="choices">Choices: {escape(labels)}.</span>'
        items.append(
            f'<tr data-option="{escape(o["name"])}"><th scope=row>{escape(o["label"])}</th>'
            f"<td>{escape(value_words(o['name'], o['default']))}</td>"
            f"<td>{escape(o['help'])} {choices}</td></tr>"
        )
    return (
        '<div class="table-wrap"><table class="options"><thead><tr><th>House rule</th>'
        f"<th>Default</th><th>What it changes</th></tr></thead><tbody>{''.join(items)}"
        "</tbody></table></div>"
    )


def points_table_html() -> str:
    """Return riichi's points table: a non-dealer's and a dealer's win on a discard by han and
    fu, worked with the rule page's arithmetic (``riichi_points``)."""
    fus = [25, 30, 40, 50, 60, 70, 80, 90, 100, 110]  # a win on a discard is never 20 fu
    head = "".join(f"<th scope=col>{h} han</th>" for h in (1, 2, 3, 4))
    rows = []
    for fu in fus:
        cells = []
        for han in (1, 2, 3, 4):
            if fu == 25 and han == 1:  # 25 fu is seven pairs, 2 han at least
                cells.append("<td>-</td>")
                continue
            child, dealer = (
                riichi_points(han, fu, dealer=False),
                riichi_points(han, fu, dealer=True),
            )
            cells.append(f"<td>{child}<br><span class=muted>{dealer}</span></td>")
        rows.append(f"<tr><th scope=row>{fu} fu</th>{''.join(cells)}</tr>")
    limits = "".join(
        f"<tr><th scope=row>{name}</th><td>{han}</td><td>{base * 4}</td><td>{base * 6}</td></tr>"
        for name, han, base in LIMITS
    )
    return (
        '<div class="table-wrap"><table class="hanfu"><thead><tr><th>Fu</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        '<p class="muted">Each cell: a non-dealer’s win on a discard, and below it the '
        "dealer’s. A win on a discard is never 20 fu; 25 fu is seven pairs, 2 han at least."
        "</p>"
        '<div class="table-wrap"><table class="limits"><thead><tr><th>Limit</th><th>Han</th>'
        f"<th>Non-dealer</th><th>Dealer</th></tr></thead><tbody>{limits}</tbody></table></div>"
    )


#: riichi's limit hands: name, the han that reach it, base points (rule page, "Points")
LIMITS = (
    ("Mangan", "5 (or 4 han 40 fu, 3 han 70 fu)", 2000),
    ("Haneman", "6-7", 3000),
    ("Baiman", "8-10", 4000),
    ("Sanbaiman", "11-12", 6000),
    ("Yakuman", "13 or more (counted), or a yakuman hand", 8000),
)


def riichi_points(han: int, fu: int, *, dealer: bool) -> int:
    """Return a win on a discard by the rule page's arithmetic: base = fu x 2^(han + 2), at most
    a mangan's 2000; 4 times the base (6 for the dealer), rounded up to a hundred.

    >>> riichi_points(3, 30, dealer=False), riichi_points(4, 30, dealer=True)
    (3900, 11600)
    """
    base: int = min(fu * 2 ** (han + 2), 2000)
    pay = base * (6 if dealer else 4)
    return -(-pay // 100) * 100


# ---------------------------------------------------------------------------------------------
# the page


def _fence(variant: str) -> Any:
    def render(_self: Any, tokens: list[Token], idx: int, _options: Any, _env: Any) -> str:
        t = tokens[idx]
        kind = t.info.strip()
        if kind == "hand":
            only = _fields(t.content, variant).get("only")
            if only is not None and variant not in only.split():
                return ""
            return hand_figure(parse_example(t.content, variant))
        if kind == "pattern":
            return ""  # shown in the pattern list
        if kind == "tiles":
            return tiles_figure(t.content)
        if kind == "patterns":
            return patterns_html(variant)
        if kind == "options":
            return options_html(variant)
        if kind == "wall":
            return wall_figure(t.content)
        if kind == "points-table":
            return points_table_html()
        raise PageError(f"unknown block {kind!r} on the {variant} page")

    return render


_markdown = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(
    ["table", "replacements", "smartquotes"]
)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@cache
def page_html(variant: str) -> str:
    """Return the body of ``variant``'s rules page: contents, then the page's sections."""
    md = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(
        ["table", "replacements", "smartquotes"]
    )
    md.add_render_rule("fence", _fence(variant))
    html: str = md.render(page_source(variant))
    heads: list[tuple[str, str]] = []

    def anchor(m: re.Match[str]) -> str:
        level, text = m[1], m[2]
        slug = _slug(re.sub(r"<[^>]+>", "", text))
        if level == "2":
            heads.append((slug, text))
        return f'<h{level} id="{slug}">{text}</h{level}>'

    html = re.sub(r"<h([23])>(.*?)</h\1>", anchor, html)
    toc = "".join(f'<li><a href="#{slug}">{text}</a></li>' for slug, text in heads)
    return (
        f'<nav class="contents" aria-label="{WORDS["contents"]}"><h2>{WORDS["contents"]}</h2>'
        f"<ol>{toc}</ol></nav>{html}"
    )

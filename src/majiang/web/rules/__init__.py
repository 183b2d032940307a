"""The rules pages: what a player reads to learn a variant, owned by the web package.

Every word of a page is in one Markdown file here (``riichi.md``; ``hongkong.md`` for ``hk``,
``hk2`` and ``hkos``; ``taiwan.md``; ``sichuan.md``), so a translation has one file per page to
work on; the few words the drawings share (who pays, how a hand was won) are ``WORDS`` below.
The developers' documentation (``docs/``) is never read.

**Languages.** A page's translation is a whole document, ``<lang>/<page>.md`` beside the English
one (``de/riichi.md``), with the same headings and the same blocks in the same order. Its
``hand`` and ``pattern`` blocks hold only their words (``when``, ``note``, ``how``; a pattern's
``id`` may be repeated to keep one's place): the tiles and the values are written once, on the
English page, and read from the block at the same place there (``merge_examples``), so every
language shows the same hands with the same values. A page with no translation in the reader's
language is the English one, with a note saying so in the reader's language. The words the
renderer writes itself (``WORDS``, seats, tiles, headings, pattern names) come from the catalogs
(``majiang.i18n``).

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
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from majiang.i18n import N_, SOURCE, current, use
from majiang.i18n import _ as _catalog
from majiang.i18n.patterns import display, pattern_name, translated
from majiang.render import svg_hand, svg_tiles
from majiang.rules import get_ruleset
from majiang.rules.riichi.fu import FU_VALUES
from majiang.rules.riichi.options import RiichiOptions
from majiang.rules.riichi.payments import LIMIT_BASE, base_points, hand_value
from majiang.tiles import parse_tile, tile_name
from majiang.web import formats
from majiang.web.meta import option_meta
from majiang.web.patterns import pattern_table
from majiang.web.words import SITUATION_WORDS, option_words, value_words
from majiang.web.words import tile_words as named_tile

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

#: the words the drawings share, for every page (English: ``_()`` translates them when shown)
WORDS = {
    "discarder": N_("the discarder"),
    "dealer": N_("the dealer"),
    "non_dealer": N_("each other player"),
    "each": N_("each of the others"),
    "liable": N_("the liable player"),
    "riichi_sticks": N_("the riichi sticks on the table"),
    "ron": N_("Wins on the discard of {tile}."),
    "tsumo": N_("Draws {tile} and wins."),
    "seat": N_("Seat {seat}, round {round}."),
    "seat_only": N_("Seat {seat}."),
    "dealer_seat": N_("Seat {seat} (the dealer), round {round}."),
    "dora": N_("Dora indicator: {tiles}."),
    "ura": N_("Ura dora indicator: {tiles}."),
    "flowers": N_("Flowers and seasons: {tiles}."),
    "situation": N_("Also: {what}."),
    "streak": N_("The dealer has kept the seat {n} times."),
    "honba": N_("Honba on the table: {n}."),
    "sticks": N_("Riichi sticks on the table: {n}."),
    "players": N_("Opponents still in the hand: {n}."),
    "house_rule": N_("With the house rule “{label}”: {value}."),
    "total": N_("{total} {unit}"),
    "yakuman": N_("yakuman"),
    "double_yakuman": N_("double yakuman"),
    "limit": N_("{total} {unit}, the limit"),
    "fu": N_("{fu} fu"),
    "paid": N_("Paid: {who}."),
    "paid_one": N_("{amount} by {payer}"),
    "in_all": N_("{total} in all"),
    "at_a_glance": N_("Pattern"),
    "when": N_("When"),
    "example": N_("Example"),
    "contents": N_("On this page"),
    "die": N_("A die showing {n}"),
    "wall_label": N_("The four walls seen from above, East at the bottom"),
    "wall_caption": N_(
        "The dice show {dice} = {total}: counting East as 1 and on round the table, {total} "
        "picks {seat}'s wall. From its right end {total} stacks are counted, and the wall "
        "opens after the darker one; the stacks of that wall are shaded."
    ),
}

#: the seats, as the drawings name them
SEAT_WORDS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
#: the units of the rule families, as the pages write them after a number
UNIT_WORDS = {"han": N_("han"), "fan": N_("fan"), "tai": N_("tai")}
#: the groups of the pattern tables (``web.patterns``)
GROUP_WORDS = {
    "Yaku (han)": N_("Yaku (han)"),
    "Dora (han, never a yaku)": N_("Dora (han, never a yaku)"),
    "Yakuman": N_("Yakuman"),
    "Fan": N_("Fan"),
    "Flowers and seasons": N_("Flowers and seasons"),
    "Tai": N_("Tai"),
    "Hand patterns (fan)": N_("Hand patterns (fan)"),
    "Bonus fan": N_("Bonus fan"),
    "Limit hands": N_("Limit hands"),
}
#: a pattern's value as the table writes it (``web.patterns``), and its words
VALUE_WORDS = (
    (re.compile(r"(\d+) \(closed only\)"), N_("{0} (closed only)")),
    (re.compile(r"(\d+) / (\d+) open"), N_("{0} / {1} open")),
    (re.compile(r"limit \((\d+)\)"), N_("limit ({0})")),
    (re.compile(r"(\d+) each"), N_("{0} each")),
    (re.compile(r"limit"), N_("limit")),
    (re.compile(r"yakuman"), N_("yakuman")),
    (re.compile(r"double yakuman"), N_("double yakuman")),
    (re.compile(r"(\d+)"), "{0}"),
)
#: the pages written in traditional characters in a language whose catalog is in simplified ones:
#: Chinese for Hong Kong and Taiwan, as their players write (docs/i18n.md)
TRADITIONAL_PAGES = {"zh": frozenset({"hk", "hk2", "hkos", "taiwan"})}
#: simplified characters and their traditional forms, for the catalog's words on those pages:
#: every character of the ``zh`` messages the renderer writes there (a test checks that those
#: pages hold none of the simplified ones)
SIMPLIFIED = (
    "别来采决万与东两个为于仅从们优会价余内则双发后听响国场墙宝对将并庄张抢换掷数无时杠条枪满湾点独画种笔红组结绕继续规览计认让设译该"
    "财贯轮较边过这连选里钱铳锁门闲阴页顶颜额风黄齐荣补属开着带气单绿龙钩实总几还说样错处图块区简称级据构显录历随亲间问关应头"
    "丢买卖观现经网线终给统细纯岭尽证评试语读谁请轻进运远适难预领题马鸣杂战击执扑担择损摊敌断旧暂权极标树桥检欢毕汇没涨渐灵烦"
    "热牵状犹环电码确离积稳穷竞筑签类紧约纪练维缩罚职联胜脑节范荐药虽号蚀装视觉触誉订记讲许论识词诉误课调贝负败账货质购费资赛"
    "赢赶跃车转软输辑达迁释钟铁银链长闭闻队阶际险静须顺顾饭驱验鸡麦齿"
)
TRADITIONAL = (
    "別來採決萬與東兩個為於僅從們優會價餘內則雙發後聽響國場牆寶對將並莊張搶換擲數無時槓條槍滿灣點獨畫種筆紅組結繞繼續規覽計認讓設譯該"
    "財貫輪較邊過這連選裡錢銃鎖門閒陰頁頂顏額風黃齊榮補屬開著帶氣單綠龍鉤實總幾還說樣錯處圖塊區簡稱級據構顯錄歷隨親間問關應頭"
    "丟買賣觀現經網線終給統細純嶺盡證評試語讀誰請輕進運遠適難預領題馬鳴雜戰擊執撲擔擇損攤敵斷舊暫權極標樹橋檢歡畢匯沒漲漸靈煩"
    "熱牽狀猶環電碼確離積穩窮競築簽類緊約紀練維縮罰職聯勝腦節範薦藥雖號蝕裝視覺觸譽訂記講許論識詞訴誤課調貝負敗賬貨質購費資賽"
    "贏趕躍車轉軟輸輯達遷釋鐘鐵銀鏈長閉聞隊階際險靜須順顧飯驅驗雞麥齒"
)
HANT = str.maketrans(SIMPLIFIED, TRADITIONAL)
_traditional: ContextVar[bool] = ContextVar("majiang_rules_traditional", default=False)


def in_page_script(variant: str, text: str, lang: str | None = None) -> str:
    """Return catalog words in the script of ``variant``'s page in ``lang`` (the language of
    the moment): the ``zh`` catalog's simplified characters become traditional on the Hong Kong
    and Taiwan pages.

    >>> in_page_script("taiwan", "庄家台", "zh"), in_page_script("sichuan", "庄家", "zh")
    ('莊家台', '庄家')
    """
    if variant in TRADITIONAL_PAGES.get(lang or current(), ()):
        return text.translate(HANT)
    return text


def _(message: str) -> str:
    """Return ``message`` from the catalog, in the page's script (``in_page_script``)."""
    text = _catalog(message)
    return text.translate(HANT) if _traditional.get() else text


#: a note on a page shown in English because it has no translation in the reader's language
UNTRANSLATED = N_(
    "This page has not been translated into your language yet: here it is in English."
)


def w(key: str) -> str:
    """Return one of ``WORDS`` in the language of the moment."""
    return _(WORDS[key])


def unit_words(variant: str) -> str:
    """Return the unit of ``variant``'s values (han, fan, tai) in the language of the moment."""
    return _(UNIT_WORDS[get_ruleset(variant).unit])


def table_value(value: str) -> str:
    """Return a pattern table's value ("2 / 1 open") in the language of the moment.

    >>> with use("de"):
    ...     table_value("3 / 2 open"), table_value("limit (10)")
    ('3 / 2 offen', 'Limit (10)')
    """
    for pattern, words in VALUE_WORDS:
        m = pattern.fullmatch(value)
        if m:
            return _(words).format(*m.groups()) if words != "{0}" else value
    raise PageError(f"no words for the pattern value {value!r}")


def pattern_words(variant: str, pattern_id: str) -> str:
    """Return a pattern's name as the pages show it: the translation with the name players use.

    >>> with use("de"):
    ...     pattern_words("hk", "all_pungs")
    'Nur Drillinge (對對糊)'
    """
    names = pattern_name(variant, pattern_id)
    return display(translated(variant, pattern_id, current()), names.traditional)


def tile_words(text: str) -> str:
    """Return a tile's name in the language of the moment (``5p``: "5 of dots"), in the
    page's characters (``words.tile_words``).

    >>> tile_words("0s"), tile_words("6z"), tile_words("6f")
    ('red 5 of bamboo', 'Green dragon', 'Season 2')
    """
    return named_tile(parse_tile(text), _)


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
        name, _at, only = key.partition("@")
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
    request = _example_request(f, variant)
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


def _example_request(f: dict[str, str], variant: str) -> dict[str, Any]:
    """Return the scoring request of an example's fields (``win: tsumo 2z``, ``dora: 1m``...)."""
    how, _sep, tile = f["win"].partition(" ")
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
    return request


_ONLY = re.compile(r"^::: only ([a-z0-9 ]+)\n(.*?)^:::\n", re.MULTILINE | re.DOTALL)
#: an example's block in a page's source: its kind and its body
_EXAMPLE = re.compile(r"^```(hand|pattern)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
#: the keys of an example that are words, which a translation gives (the rest is the English's)
WORD_KEYS = frozenset({"when", "note", "how"})


def translation_path(variant: str, lang: str) -> Path:
    """Return where ``variant``'s page in ``lang`` is written (English: the page itself)."""
    if lang == SOURCE:
        return HERE / PAGE_FILES[variant]
    return HERE / lang / PAGE_FILES[variant]


def is_translated(variant: str, lang: str) -> bool:
    """Return whether ``variant``'s page has its own text in ``lang``."""
    return translation_path(variant, lang).is_file()


def _key(line: str) -> str:
    return line.partition(":")[0].strip()


def merge_examples(text: str, english: str, where: str) -> str:
    r"""Return a translated page's source with each example block completed from the English
    page's block at the same place: the translation gives the words (``WORD_KEYS``), the English
    page the tiles and values. A translation with another set of examples, an example giving
    tiles or values, or an example missing words the English one has is a ``PageError``.

    >>> en = "A\n```hand\nhand: 11m\nwin: ron 1m\nnote: Two\n```\n"
    >>> merge_examples("B\n```hand\nnote: Zwei\n```\n", en, "de")
    'B\n```hand\nhand: 11m\nwin: ron 1m\nnote: Zwei\n```\n'
    """
    mine, theirs = list(_EXAMPLE.finditer(text)), list(_EXAMPLE.finditer(english))
    kinds = [(m[1], _pattern_id(m[2])) for m in theirs]
    if [m[1] for m in mine] != [k for k, _i in kinds]:
        raise PageError(
            f"{where}: {len(mine)} example blocks where the English page has {len(theirs)}: a "
            "translation has the same examples in the same order"
        )
    out, at = [], 0
    for m, e in zip(mine, theirs, strict=True):
        words: dict[str, str] = {}
        for line in m[2].splitlines():
            if not line.strip():
                continue
            key = _key(line)
            if key == "id":
                if line.partition(":")[2].strip() != _pattern_id(e[2]):
                    raise PageError(
                        f"{where}: {line!r} stands where the English page has "
                        f"the example of {_pattern_id(e[2])!r}"
                    )
                continue
            if key.partition("@")[0] not in WORD_KEYS:
                raise PageError(
                    f"{where}: {line.strip()!r}: an example's tiles and values are written once, "
                    f"on the English page; a translation gives only {', '.join(sorted(WORD_KEYS))}"
                )
            words[key] = line.strip()
        english_lines = [line for line in e[2].splitlines() if line.strip()]
        english_words = {_key(x) for x in english_lines if _key(x).partition("@")[0] in WORD_KEYS}
        if english_words != set(words):
            raise PageError(
                f"{where}: the example of {_pattern_id(e[2]) or 'a hand'} gives "
                f"{sorted(words)} where the English page has {sorted(english_words)}"
            )
        kept = [x for x in english_lines if _key(x).partition("@")[0] not in WORD_KEYS]
        out.append(text[at : m.start(2)] + "\n".join([*kept, *words.values()]) + "\n")
        at = m.end(2)
    out.append(text[at:])
    return "".join(out)


def _pattern_id(body: str) -> str:
    for line in body.splitlines():
        if _key(line) == "id":
            return line.partition(":")[2].strip()
    return ""


@cache
def page_source(variant: str, lang: str = SOURCE) -> str:
    """Return the Markdown of ``variant``'s page in ``lang`` (English when it has no
    translation), its ``::: only`` passages for it kept."""
    get_ruleset(variant)  # an unknown variant is an error naming it
    english = translation_path(variant, SOURCE).read_text(encoding="utf-8")
    text = english
    if lang != SOURCE and is_translated(variant, lang):
        where = f"{lang}/{PAGE_FILES[variant]}"
        text = merge_examples(translation_path(variant, lang).read_text("utf-8"), english, where)

    def keep(m: re.Match[str]) -> str:
        return m[2] if variant in m[1].split() else ""

    return _ONLY.sub(keep, text)


def _blocks(variant: str, lang: str = SOURCE) -> list[tuple[str, str]]:
    """Return the (kind, body) of every fenced block of the page that is on ``variant``'s."""
    tokens = _markdown.parse(page_source(variant, lang))
    out = []
    for t in tokens:
        if t.type == "fence" and t.info.strip() in ("hand", "pattern"):
            only = _fields(t.content, variant).get("only")
            if only is None or variant in only.split():
                out.append((t.info.strip(), t.content))
    return out


@cache
def examples(variant: str, lang: str = SOURCE) -> tuple[Example, ...]:
    """Return every example hand on ``variant``'s page in ``lang``, the patterns' included, in
    page order."""
    return tuple(parse_example(body, variant) for _kind, body in _blocks(variant, lang))


def pattern_examples(variant: str, lang: str = SOURCE) -> dict[str, Example]:
    """Return the example of each pattern on ``variant``'s page in ``lang``, by pattern."""
    return {e.pattern: e for e in examples(variant, lang) if e.pattern}


# ---------------------------------------------------------------------------------------------
# drawing

SPRITE = "/tiles.svg"


def _tile_names(text: str) -> str:
    from majiang.tiles import parse_tiles

    return ", ".join(tile_words(tile_name(t)) for t in parse_tiles(text))


def _value_words(variant: str, value: int) -> str:
    if variant == "riichi" and value >= 13 and value % 13 == 0:
        return w("yakuman") if value == 13 else w("double_yakuman")
    return w("total").format(total=value, unit=unit_words(variant))


def hand_figure(e: Example) -> str:
    """Return the figure of an example: the hand in tiles, how it was won, the values stated."""
    r = e.request
    win = r["win_tile"]
    from majiang.tiles import format_tiles, parse_tiles

    tiles = parse_tiles(r["hand"])
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
    said = "".join(f"<span>{escape(line)}</span> " for line in _how_won(e))
    said += "".join(f'<span class="house-rule">{escape(line)}</span> ' for line in _house(r))
    caption = f'<p class="how">{said}</p><p class="count">{_counted(e)}</p>'
    money = _money(e)
    if money:
        caption += f'<p class="paid">{escape(" · ".join(money))}</p>'
    if e.note:
        caption += f'<p class="note">{escape(e.note)}</p>'
    return (
        f'<figure class="example"><div class="hand-pic">{picture}</div>'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _how_won(e: Example) -> list[str]:
    """Return the lines of an example's setting: the seats, the win, the situation, the dora
    and the counters."""
    r = e.request
    seat_wind, round_wind = r["seat_wind"], r["round_wind"]
    seat = _(SEAT_WORDS[seat_wind])
    if e.variant == "sichuan":
        lines = [w("seat_only").format(seat=seat)]
    else:
        key = "dealer_seat" if seat_wind == "E" else "seat"
        lines = [w(key).format(seat=seat, round=_(SEAT_WORDS[round_wind]))]
    lines.append(e.how or w(r["win"]).format(tile=tile_words(r["win_tile"])))
    if r.get("situation"):
        what = ", ".join(_(SITUATION_WORDS[s]) for s in r["situation"])
        lines.append(w("situation").format(what=what))
    for key, name in (("dora_indicators", "dora"), ("ura_indicators", "ura")):
        if r.get(key):
            lines.append(w(name).format(tiles=_tile_names(r[key])))
    for key, name in (
        ("dealer_streak", "streak"),
        ("honba", "honba"),
        ("riichi_sticks", "sticks"),
        ("players_in_hand", "players"),
    ):
        if r.get(key):
            lines.append(w(name).format(n=r[key]))
    return lines


def _house(request: dict[str, Any]) -> list[str]:
    """Return a line per house rule of an example's request."""
    house = []
    for option, value in request.get("rules", {}).items():
        # the option words are the table's (``web.words``), translated there when they are
        label, said = _(option_words(option)[0]), _(value_words(option, value))
        house.append(w("house_rule").format(label=label, value=said))
    return house


def _counted(e: Example) -> str:
    """Return the example's count as HTML: each pattern and its value, then the total."""
    counted = " + ".join(
        f"{escape(pattern_words(e.variant, i))} {escape(_value_words(e.variant, v))}"
        for i, v in e.counts.items()
    )
    if e.total is not None:
        total = _value_words(e.variant, e.total)
        unit = get_ruleset(e.variant).unit
        if unit == "fan" and e.variant != "sichuan" and e.total >= _cap(e.variant):
            total = w("limit").format(total=e.total, unit=unit_words(e.variant))
        counted += f" = <strong>{escape(total)}</strong>" if counted else escape(total)
    return counted


def _money(e: Example) -> list[str]:
    """Return the example's fu and what is paid, by whom and in all."""
    money = []
    if e.fu is not None:
        money.append(w("fu").format(fu=e.fu))
    if e.pays:
        paid = ", ".join(
            w("paid_one").format(
                amount=formats.number(a), payer=w(who) if who in WORDS else _(SEAT_WORDS[who])
            )
            for who, a in e.pays.items()
        )
        money.append(w("paid").format(who=paid))
    if e.points is not None:
        money.append(w("in_all").format(total=formats.number(e.points)))
    return money


def _cap(variant: str) -> int:
    return int(get_ruleset(variant).resolve_options({}).get("max_fan", 10**6))


def tiles_figure(body: str) -> str:
    """Return a picture of groups of tiles (``tiles: 123m back4 1f``) with its caption."""
    f: dict[str, str] = {}
    for line in body.strip().splitlines():
        key, _sep, value = line.partition(":")
        f[key.strip()] = value.strip()
    groups = []
    for group in f.get("tiles", "").split():
        if group.startswith("back"):
            n = int(group[4:] or 1)
            label = _("{n} face-down tiles").format(n=n)
            svg = svg_tiles([None] * n, size=30, sprite=SPRITE, label=label)
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
SEATS = ("E", "S", "W", "N")


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
        f'aria-label="{escape(w("die").format(n=n))}"><rect x="1" y="1" width="38" height="38" rx="7" '
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
    words = w("wall_caption").format(
        dice=" + ".join(str(d) for d in dice), total=total, seat=_(SEAT_WORDS[SEATS[seat]])
    )
    return (
        f'<figure class="tiles-pic wall-pic"><div class="groups"><span class="dice">'
        f"{''.join(die_svg(d) for d in dice)}</span>{_wall_square(seat, total)}</div>"
        f"<figcaption>{escape(words)}</figcaption></figure>"
    )


def _wall_square(seat: int, total: int) -> str:
    """Return the square of the four walls as an SVG, the wall of ``seat`` picked and broken
    at its ``total``-th stack."""
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
        f'<text x="{x}" y="{y}" text-anchor="middle">{escape(_(SEAT_WORDS[SEATS[s_]]))}</text>'
        for s_, (x, y) in labels.items()
    )
    box = side + 2 * pad
    return (
        f'<svg class="wall-square" viewBox="0 0 {box} {box}" width="{box}" height="{box}" role="img" '
        f'aria-label="{escape(w("wall_label"))}">{"".join(rects)}{texts}</svg>'
    )


def patterns_html(variant: str, lang: str = SOURCE) -> str:
    """Return every pattern of the ruleset: a table at a glance, then each with its example."""
    rows = pattern_table(variant)
    found = pattern_examples(variant, lang)
    missing = [r.id for r in rows if r.id not in found]
    if missing:
        raise PageError(f"the {variant} page has no example of {', '.join(missing)}")
    unit = unit_words(variant)
    groups: dict[str, list[str]] = {}
    cards: dict[str, list[str]] = {}
    for r in rows:
        e = found[r.id]
        name, value = pattern_words(variant, r.id), table_value(r.value)
        groups.setdefault(r.group, []).append(
            f'<tr id="p-{r.id}"><th scope="row"><a href="#x-{r.id}">{escape(name)}</a></th>'
            f'<td class="value">{escape(value)}</td><td>{escape(e.when)}</td></tr>'
        )
        cards.setdefault(r.group, []).append(
            f'<article class="pattern" id="x-{r.id}"><h4>{escape(name)} '
            f'<span class="value">{escape(value)}</span></h4><p>{escape(e.when)}</p>'
            f"{hand_figure(e)}</article>"
        )
    out = []
    for group, trs in groups.items():
        out.append(
            f'<h3>{escape(_(GROUP_WORDS[group]))}</h3><div class="table-wrap">'
            f'<table class="patterns"><thead><tr><th>{escape(w("at_a_glance"))}</th>'
            f"<th>{escape(unit)}</th><th>{escape(w('when'))}</th></tr></thead>"
            f"<tbody>{''.join(trs)}</tbody></table></div>"
            f'<div class="pattern-cards">{"".join(cards[group])}</div>'
        )
    return "".join(out)


def options_html(variant: str) -> str:
    """Return the house rules in player words: label, default, what it changes, the choices."""
    items = []
    for o in option_meta(variant):
        # the option words come translated from ``web.words``, in the catalog's script
        label, help_, default = (
            in_page_script(variant, text)
            for text in (o["label"], o["help"], value_words(o["name"], o["default"]))
        )
        choices = ""
        if o["control"] in ("choice", "table"):
            labels = in_page_script(variant, ", ".join(str(c) for c in o["choice_labels"]))
            said = _("Choices: {labels}.").format(labels=labels)
            choices = f'<span class="choices">{escape(said)}</span>'
        items.append(
            f'<tr data-option="{escape(o["name"])}"><th scope=row>{escape(label)}</th>'
            f"<td>{escape(default)}</td><td>{escape(help_)} {choices}</td></tr>"
        )
    heads = "".join(
        f"<th>{escape(h)}</th>" for h in (_("House rule"), _("Default"), _("What it changes"))
    )
    return (
        f'<div class="table-wrap"><table class="options"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{''.join(items)}</tbody></table></div>"
    )


def points_table_html() -> str:
    """Return riichi's points table: a non-dealer's and a dealer's win on a discard by han and
    fu, worked with the rule page's arithmetic (``riichi_points``), the points written as the
    language of the moment writes them (12,000; 12.000 in German)."""
    fus = [fu for fu in FU_VALUES if fu != 20]  # a win on a discard is never 20 fu
    per_han = _("{n} han")
    head = "".join(f"<th scope=col>{escape(per_han.format(n=h))}</th>" for h in (1, 2, 3, 4))
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
            cells.append(
                f"<td>{formats.number(child)}<br>"
                f"<span class=muted>{formats.number(dealer)}</span></td>"
            )
        rows.append(f"<tr><th scope=row>{escape(w('fu').format(fu=fu))}</th>{''.join(cells)}</tr>")
    limits = "".join(
        f"<tr><th scope=row>{name}</th><td>{escape(_(han))}</td>"
        f"<td>{formats.number(hand_value(LIMIT_BASE[limit], False, False))}</td>"
        f"<td>{formats.number(hand_value(LIMIT_BASE[limit], True, False))}</td></tr>"
        for name, han, limit in LIMITS
    )
    fu_word = _("Fu")
    note = _(
        "Each cell: a non-dealer’s win on a discard, and below it the dealer’s. A win on a "
        "discard is never 20 fu; 25 fu is seven pairs, 2 han at least."
    )
    limit_heads = "".join(
        f"<th>{escape(h)}</th>" for h in (_("Limit"), _("Han"), _("Non-dealer"), _("Dealer"))
    )
    return (
        f'<div class="table-wrap"><table class="hanfu"><thead><tr><th>{escape(fu_word)}</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        f'<p class="muted">{escape(note)}</p>'
        f'<div class="table-wrap"><table class="limits"><thead><tr>{limit_heads}</tr></thead>'
        f"<tbody>{limits}</tbody></table></div>"
    )


#: riichi's limit hands: name, the han that reach it (rule page, "Points"), the limit's id
#: (its base points are the scorer's, ``rules.riichi.payments.LIMIT_BASE``)
LIMITS = (
    ("満貫 mangan", N_("5 (or 4 han 40 fu, 3 han 70 fu)"), "mangan"),
    ("跳満 haneman", "6-7", "haneman"),
    ("倍満 baiman", "8-10", "baiman"),
    ("三倍満 sanbaiman", "11-12", "sanbaiman"),
    ("役満 yakuman", N_("13 or more (counted), or a yakuman hand"), "yakuman"),
)


def riichi_points(han: int, fu: int, *, dealer: bool) -> int:
    """Return a win on a discard as the scorer pays it under the default options
    (``rules.riichi.payments``, the rule page's arithmetic): base = fu x 2^(han + 2), at most a
    mangan's 2000; 4 times the base (6 for the dealer), rounded up to a hundred.

    >>> riichi_points(3, 30, dealer=False), riichi_points(4, 30, dealer=True)
    (3900, 11600)
    """
    base, _limit = base_points(han, fu, 0, RiichiOptions())
    return hand_value(base, dealer, tsumo=False)


# ---------------------------------------------------------------------------------------------
# the page


def _fence(variant: str, lang: str) -> Any:
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
            return patterns_html(variant, lang)
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
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


def page_html(variant: str) -> str:
    """Return the body of ``variant``'s rules page in the language of the moment: contents,
    then the page's sections (in English, with a note, when it has no translation)."""
    return _page_html(variant, current())


@cache
def _page_html(variant: str, lang: str) -> str:
    token = _traditional.set(variant in TRADITIONAL_PAGES.get(lang, ()))
    try:
        with use(lang):
            return _render_page(variant, lang)
    finally:
        _traditional.reset(token)


#: the typographer's quotes of each language (German „…“, Spanish «…», Chinese “…”)
QUOTES = {"de": "„“‚‘", "es": "«»“”", "zh": "“”‘’"}


def _render_page(variant: str, lang: str) -> str:
    translated_here = is_translated(variant, lang)
    options: dict[str, Any] = {"html": False, "typographer": True}
    if translated_here and lang in QUOTES:
        options["quotes"] = QUOTES[lang]
    md = MarkdownIt("commonmark", options).enable(["table", "replacements", "smartquotes"])
    md.add_render_rule("fence", _fence(variant, lang))
    html: str = md.render(page_source(variant, lang))
    heads: list[tuple[str, str]] = []

    def anchor(m: re.Match[str]) -> str:
        level, text = m[1], m[2]
        slug = _slug(re.sub(r"<[^>]+>", "", text))
        if level == "2":
            heads.append((slug, text))
        return f'<h{level} id="{slug}">{text}</h{level}>'

    html = re.sub(r"<h([23])>(.*?)</h\1>", anchor, html)
    toc = "".join(f'<li><a href="#{slug}">{text}</a></li>' for slug, text in heads)
    contents = escape(w("contents"))
    nav = f'<nav class="contents" aria-label="{contents}"><h2>{contents}</h2><ol>{toc}</ol></nav>'
    if translated_here:
        return nav + html
    note = _(UNTRANSLATED)
    return (
        f'<p class="untranslated" role="note">{escape(note)}</p>'
        f'<div lang="{SOURCE}">{nav}{html}</div>'
    )

"""The HTML of the pages: one layout, the home page, the calculators and the rules pages.

Plain strings with every dynamic value escaped; the browser side is ``static/*.js`` (ES modules,
no build step). A page is usable before its script runs: forms, links and tables are HTML.
"""

from __future__ import annotations

import json
from html import escape

from majiang.i18n import N_, _, current
from majiang.rules import VARIANTS
from majiang.server.tutorial import LESSONS
from majiang.web.language import switcher
from majiang.web.meta import WIND_NAMES, calculator_meta, option_meta
from majiang.web.play import (
    VARIANT_NAMES,
    learn_index_body,
    learn_page_body,
    play_section,
    table_page_body,
)
from majiang.web.summaries import summary

#: the variants in the order the pages list them, with a one-line description
BLURBS = {
    "riichi": N_("Japanese riichi: yaku, dora, han and fu."),
    "hk": N_("Hong Kong, 4 players: fan, 3-fan minimum, 10-fan cap."),
    "hk2": N_("Hong Kong for two players: 80 tiles, the golden table."),
    "hkos": N_("Hong Kong Old Style: with flowers and seasons."),
    "taiwan": N_("Taiwan 16-tile: tai, flowers, dealer tai."),
    "sichuan": N_("Sichuan bloody battle: three suits, roots, the missing suit."),
}


def layout(
    title: str,
    body: str,
    *,
    script: str | None = None,
    active: str = "",
    styles: tuple[str, ...] = (),
    main_class: str = "",
) -> str:
    """Return a whole page: head, the site's navigation, ``body`` in <main>, optional module
    and extra stylesheets from ``static/``; in the language of the moment (``majiang.i18n``),
    with the language switcher in the header."""
    nav = [
        ("/", N_("Home"), "home"),
        ("/calc", N_("Calculators"), "calc"),
        ("/rules", N_("Rules"), "rules"),
        ("/history", N_("Your games"), "history"),
        ("/leaderboard", N_("Leaderboard"), "leaderboard"),
        ("/account", N_("Account"), "account"),
    ]
    here = ' aria-current="page"'
    links = "".join(
        f'<a href="{href}"{here if key == active else ""}>{escape(_(label))}</a>'
        for href, label, key in nav
    )
    site_nav, skip, report = _("Site"), _("Skip to content"), _("Report a problem")
    footer = escape(_("majiang · mahjong to play, score and learn"))
    tag = f'<script type="module" src="/static/{script}"></script>' if script else ""
    tag += "".join(f'<link rel="stylesheet" href="/static/{css}">' for css in styles)
    main_attr = f' class="{escape(main_class)}"' if main_class else ""
    return f"""<!doctype html>
<html lang="{current()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · majiang</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/site.css">
{tag}
</head>
<body>
<a class="skip" href="#main">{escape(skip)}</a>
<header class="site"><a class="brand" href="/">majiang</a><nav aria-label="{escape(site_nav)}">{links}</nav>{switcher()}</header>
<main id="main"{main_attr}>
{body}
</main>
<footer class="site">{footer} · <a href="/report">{escape(report)}</a></footer>
</body>
</html>
"""


def tile_svg(name: str, label: str = "", cls: str = "tile") -> str:
    """Return an inline <svg> showing one tile of the sprite served at /tiles.svg."""
    title = f"<title>{escape(label)}</title>" if label else ""
    return (
        f'<svg class="{cls}" viewBox="0 0 60 80" role="img" aria-label="{escape(label or name)}">'
        f'{title}<use href="/tiles.svg#mj-{escape(name)}"/></svg>'
    )


def home_page() -> str:
    """Return the landing page: play (a place kept for the table), calculators, rules."""
    calculator, rules = escape(_("Calculator")), escape(_("Rules"))
    cards = "".join(
        f'<li class="card"><h3>{escape(_(VARIANT_NAMES[v]))}</h3><p>{escape(_(BLURBS[v]))}</p>'
        f'<p class="links"><a href="/calc/{v}">{calculator}</a> <a href="/rules/{v}">{rules}</a></p></li>'
        for v in VARIANTS
    )
    sample = "".join(tile_svg(t) for t in ("1m", "5p", "0s", "1z", "7z", "1f"))
    tagline = _("Mahjong in six rule sets: play, score a hand, read the rules.")
    play, variants_h = _("Play"), _("Score a hand, read the rules")
    finished = _("Your finished games")
    learn = _("New to mahjong? Play a first game with a guide")
    lesson_names = {v: escape(_(VARIANT_NAMES[v])) for v in LESSONS}
    lessons = " · ".join(f'<a href="/learn/{v}">{name}</a>' for v, name in lesson_names.items())
    history = _("{link}: replay them move by move, every hand shown, and download their records.")
    history = escape(history).format(
        link=f'<a href="/history" id="home-history">{escape(finished)}</a>'
    )
    body = f"""
<section class="hero"><h1>majiang</h1>
<p>{escape(tagline)}</p>
<p class="tiles-row" aria-hidden="true">{sample}</p></section>
<section id="play" class="play" aria-labelledby="play-h">
<h2 id="play-h">{escape(play)}</h2>
<p class="learn-note"><a href="/learn" id="home-learn">{escape(learn)}</a>: {lessons}</p>
<div id="play-slot" data-slot="play">{play_section()}</div>
<p class="history-note">{history}</p>
</section>
<section aria-labelledby="variants-h"><h2 id="variants-h">{escape(variants_h)}</h2>
<ul class="cards">{cards}</ul></section>
"""
    return layout(_("Home"), body, active="home", script="home.js", styles=("play.css",))


def index_page(kind: str) -> str:
    """Return the list of calculators (``kind="calc"``) or of rules pages (``"rules"``)."""
    title = _("Calculators") if kind == "calc" else _("Rules")
    items = "".join(
        f'<li><a href="/{kind}/{v}">{escape(_(VARIANT_NAMES[v]))}</a> '
        f"<span class=muted>{escape(_(BLURBS[v]))}</span></li>"
        for v in VARIANTS
    )
    return layout(title, f"<h1>{escape(title)}</h1><ul class=plain>{items}</ul>", active=kind)


def _error_slot(field: str) -> str:
    return f'<p class="error" id="err-{field}" data-error-for="{field}" role="alert" hidden></p>'


def _wind_select(name: str, label: str, seats: list[str], *, blank: str = "") -> str:
    opts = f'<option value="">{escape(blank)}</option>' if blank else ""
    opts += "".join(f'<option value="{w}">{escape(_(WIND_NAMES[w]))} ({w})</option>' for w in seats)
    return (
        f'<div class="field"><label for="f-{name}">{escape(label)}</label>'
        f'<select id="f-{name}" name="{name}" aria-describedby="err-{name}">{opts}</select>'
        f"{_error_slot(name)}</div>"
    )


def _number(name: str, label: str, value: int, lo: int = 0, hi: int | None = None) -> str:
    top = f' max="{hi}"' if hi is not None else ""
    return (
        f'<div class="field"><label for="f-{name}">{escape(label)}</label>'
        f'<input id="f-{name}" name="{name}" type="number" inputmode="numeric" min="{lo}"{top} '
        f'value="{value}" aria-describedby="err-{name}">{_error_slot(name)}</div>'
    )


def _tiles_input(name: str, label: str, placeholder: str = "", hint: str = "") -> str:
    hint_html = f'<span class="hint">{escape(hint)}</span>' if hint else ""
    return (
        f'<div class="field"><label for="f-{name}">{escape(label)}</label>{hint_html}'
        f'<input id="f-{name}" name="{name}" autocomplete="off" autocapitalize="off" '
        f'spellcheck="false" placeholder="{escape(placeholder)}" aria-describedby="err-{name}">'
        f'<div class="preview" data-preview-for="{name}" aria-hidden="true"></div>'
        f"{_error_slot(name)}</div>"
    )


def _option_control(opt: dict[str, object]) -> str:
    """One house rule's control, labelled in player words (``web.words``), its help below."""
    name = str(opt["name"])
    fid = f"o-{name}"
    # the words of web.words, translated here once its catalogs hold them
    label = escape(_(str(opt["label"])))
    help_ = escape(_(str(opt["help"]))) if opt["help"] else ""
    doc = f'<span class="hint" id="{fid}-help">{help_}</span>'
    described = f'data-option="{name}" aria-describedby="{fid}-help"'
    default = opt["default"]
    if opt["control"] == "bool":
        checked = " checked" if default else ""
        return (
            f'<div class="field check"><input type="checkbox" id="{fid}" {described}'
            f'{checked}><label for="{fid}">{label}</label>{doc}</div>'
        )
    if opt["control"] == "choice":
        choices, labels = opt["choices"], opt["choice_labels"]
        assert isinstance(choices, list) and isinstance(labels, list)
        options = "".join(
            f'<option value="{escape(json.dumps(c))}"{" selected" if c == default else ""}>'
            f"{escape(text)}</option>"
            for c, text in zip(choices, [_(str(x)) for x in labels], strict=True)
        )
        return (
            f'<div class="field"><label for="{fid}">{label}</label>{doc}'
            f'<select id="{fid}" {described}>{options}</select></div>'
        )
    if opt["control"] == "table":
        return _table_control(opt, fid, label, doc, described)
    if opt["control"] == "int":
        return (
            f'<div class="field"><label for="{fid}">{label}</label>{doc}'
            f'<input id="{fid}" type="number" {described} value="{default}"'
            f' min="{opt["minimum"] if opt["minimum"] is not None else ""}"'
            f' max="{opt["maximum"] if opt["maximum"] is not None else ""}"></div>'
        )
    shown = "" if default is None else json.dumps(default) if isinstance(default, dict) else default
    return (
        f'<div class="field"><label for="{fid}">{label}</label>{doc}'
        f'<input id="{fid}" {described} data-default="{escape(json.dumps(default))}"'
        f' value="{escape(str(shown))}" spellcheck="false"></div>'
    )


def _table_control(opt: dict[str, object], fid: str, label: str, doc: str, described: str) -> str:
    """A point table's control: a select of the named tables in player words and *Custom
    table*, and a field for one's own table as JSON (``{"3": 8, "4": 16}``); typing a table
    chooses *Custom table*, choosing a named one empties the field (static/options.js)."""
    choices, labels = opt["choices"], opt["choice_labels"]
    assert isinstance(choices, list) and isinstance(labels, list)
    default = opt["default"]
    options = "".join(
        f'<option value="{escape(str(c))}"{" selected" if c == default else ""}>'
        f"{escape(_(str(text)))}</option>"
        for c, text in zip(choices, labels, strict=True)
    )
    options += f'<option value="">{escape(str(opt["custom_label"]))}</option>'
    own = escape(str(opt["own_label"]))
    return (
        f'<div class="field"><label for="{fid}">{label}</label>{doc}'
        f'<select id="{fid}" {described}>{options}</select>'
        f'<input id="{fid}-own" data-own-table="{opt["name"]}" aria-label="{own}" title="{own}"'
        f' placeholder="{escape(str(opt["own_example"]))}" autocomplete="off" spellcheck="false"></div>'
    )


def calc_page(variant: str) -> str:
    """Return the calculator of one variant (the form; static/calc.js does the rest), in the
    language of the moment."""
    meta = calculator_meta(variant)
    seats: list[str] = meta["seats"]
    fields: list[str] = meta["fields"]
    palette_rows: dict[str, list[str]] = {}
    for t in meta["tiles"]:
        palette_rows.setdefault(t[-1], []).append(t)
    palette = "".join(
        '<div class="palette-row">'
        + "".join(
            f'<button type="button" class="tile-btn" data-tile="{t}" tabindex="-1" '
            f'aria-label="{escape(meta["labels"][t])}">{tile_svg(t, cls="tile")}</button>'
            for t in row
        )
        + "</div>"
        for row in palette_rows.values()
    )
    targets = [("hand", _("Hand")), ("win_tile", _("Winning tile")), ("meld", _("Meld"))]
    if "flowers" in fields:
        targets.append(("flowers", _("Flowers")))
    if "dora_indicators" in fields:
        targets += [("dora_indicators", _("Dora")), ("ura_indicators", _("Ura"))]
    target_html = "".join(
        f'<label class="pill"><input type="radio" name="target" value="{v}"'
        f"{' checked' if v == 'hand' else ''}> {escape(label)}</label>"
        for v, label in targets
    )
    situations = "".join(
        f'<label class="check"><input type="checkbox" name="situation" value="{s["id"]}"> '
        f"{escape(s['label'])}</label>"
        for s in meta["situations"]
    )
    example = _("e.g. {example}")
    extra = []
    if "flowers" in fields:
        extra.append(
            _tiles_input("flowers", _("Flowers and seasons"), example.format(example="1f6f"))
        )
    if "dora_indicators" in fields:
        extra.append(
            _tiles_input("dora_indicators", _("Dora indicators"), example.format(example="4p"))
        )
        extra.append(_tiles_input("ura_indicators", _("Ura dora indicators"), _("with riichi")))
    numbers = []
    if "honba" in fields:
        numbers.append(_number("honba", _("Honba"), 0))
    if "riichi_sticks" in fields:
        numbers.append(_number("riichi_sticks", _("Riichi sticks on the table"), 0))
    if "dealer_streak" in fields:
        numbers.append(_number("dealer_streak", _("Dealer streak (hands kept)"), 0))
    if "players_in_hand" in fields:
        numbers.append(_number("players_in_hand", _("Opponents still in the hand"), 3, 1, 3))
    liable = (
        _wind_select("liable", _("Liable player (pao)"), seats, blank=_("nobody"))
        if "liable" in fields
        else ""
    )
    options = "".join(_option_control(o) for o in option_meta(variant))
    # Sichuan has no winds: the seat only says who deals (East)
    round_wind = (
        ""
        if variant == "sichuan"
        else _wind_select("round_wind", _("Round wind"), ["E", "S", "W", "N"])
    )
    seat_label = _("Seat (East deals)") if variant == "sichuan" else _("Seat wind")
    meta_json = json.dumps(meta).replace("</", "<\\/")
    notation_word, rules_word = escape(_("notation")), escape(_("rules"))
    notation_link = f'<a href="#notation-help">{notation_word}</a>'
    intro = escape(
        _(
            "Click tiles or type {notation} ({example}); add melds and the situation; "
            "the score appears below."
        )
    ).format(notation=notation_link, example="<code>123m456p789s11z</code>")
    rules_link = escape(_("Rules of {name}").format(name=_(VARIANT_NAMES[variant])))
    noscript = escape(_("The calculator needs JavaScript; the {rules} do not.")).format(
        rules=f'<a href="/rules/{variant}">{rules_word}</a>'
    )
    notation = escape(
        _(
            "Digits before their suit: {m} characters, {p} dots, {s} bamboo, {z} honors "
            "(1-4 East South West North, 5-7 white green red dragon), {f} flowers 1-4 and "
            "seasons 5-8, {red} red fives. Melds: a kind and its tiles, {from_} = 1 left, "
            "2 across, 3 right."
        )
    ).format(
        m="<code>m</code>",
        p="<code>p</code>",
        s="<code>s</code>",
        z="<code>z</code>",
        f="<code>f</code>",
        red="<code>0m 0p 0s</code>",
        from_="<code>from</code>",
    )
    meld_kinds = "".join(
        f'<option value="{kind}">{kind} ({escape(words)})</option>'
        for kind, words in (
            ("chi", _("chow")),
            ("pon", _("pung")),
            ("kan", _("open kong")),
            ("ankan", _("concealed kong")),
            ("kakan", _("added kong")),
        )
    )
    meld_from = "".join(
        f'<option value="{v}">{escape(words)}</option>'
        for v, words in (
            ("", _("not said")),
            ("1", _("left (1)")),
            ("2", _("across (2)")),
            ("3", _("right (3)")),
        )
    )
    hand_input = _tiles_input(
        "hand",
        _("Concealed tiles, with the winning tile"),
        example.format(example="234567m234p55p777z"),
    )
    win_input = _tiles_input(
        "win_tile",
        _("Winning tile"),
        _("the last tile of the hand"),
        _("empty: the last tile entered"),
    )
    discarder = _wind_select("discarder", _("Discarder"), seats, blank=_("a non-dealer"))
    meld_example = escape(example.format(example="777z"))
    title = _("{name} calculator").format(name=_(VARIANT_NAMES[variant]))
    w = {k: escape(v) for k, v in _calc_words().items()}
    body = f"""
<h1>{escape(title)}</h1>
<p class="muted">{intro}
<a href="/rules/{variant}">{rules_link}</a>.</p>
<noscript><p class="invalid">{noscript}</p></noscript>
<form id="calc" class="calc" novalidate data-variant="{variant}">
<script type="application/json" id="meta">{meta_json}</script>
<p class="error" id="err-form" data-error-for="" role="alert" hidden></p>
<fieldset class="tiles-entry"><legend>{w["tiles"]}</legend>
<div class="targets" role="radiogroup" aria-label="{w["goes_to"]}">
<span class="muted">{w["goes_to_colon"]}</span> {target_html}</div>
<div class="palette" role="toolbar" aria-label="{w["palette"]}"
 aria-keyshortcuts="Enter Backspace">{palette}</div>
<p class="hint">{w["keyboard"]}</p>
<p class="buttons"><button type="button" id="undo">{w["undo"]}</button>
<button type="button" id="clear">{w["clear"]}</button></p>
{hand_input}
<p class="hint count" id="hand-count" aria-live="polite"></p>
{win_input}
</fieldset>
<fieldset class="melds"><legend>{w["melds"]}</legend>
<div class="meld-builder">
<div class="field"><label for="meld-kind">{w["kind"]}</label><select id="meld-kind">{meld_kinds}</select></div>
<div class="field"><label for="meld-tiles">{w["tiles"]}</label><input id="meld-tiles"
 autocomplete="off" spellcheck="false" placeholder="{meld_example}"></div>
<div class="field"><label for="meld-from">{w["from"]}</label><select id="meld-from">{meld_from}</select></div>
<button type="button" id="add-meld">{w["add_meld"]}</button></div>
<ul id="meld-list" class="meld-list" aria-live="polite"></ul>
{_error_slot("melds")}
</fieldset>
<fieldset class="situation"><legend>{w["situation"]}</legend>
<div class="field win-kind" role="radiogroup" aria-label="{w["win"]}">
<label class="pill"><input type="radio" name="win" value="ron" checked> {w["ron"]}</label>
<label class="pill"><input type="radio" name="win" value="tsumo"> {w["tsumo"]}</label>
{_error_slot("win")}</div>
<div class="grid">
{_wind_select("seat_wind", seat_label, seats)}
{round_wind}
{discarder}
{liable}
{"".join(numbers)}
</div>
{"".join(extra)}
<div class="situations">{situations}</div>
{_error_slot("situation")}
</fieldset>
<details class="options"><summary>{w["house_rules"]}</summary>
<div class="grid">{options}</div>
{_error_slot("rules")}
</details>
<p class="buttons"><button type="submit" class="primary" id="score">{w["score"]}</button>
<a id="share" href="#" hidden>{w["link"]}</a>
<button type="button" id="copy-link" hidden>{w["copy_link"]}</button></p>
</form>
<section id="result" class="result" aria-live="polite" aria-label="{w["result"]}"></section>
<details id="notation-help"><summary>{w["notation"]}</summary>
<p>{notation}</p></details>
"""
    return layout(title, body, script="calc.js", active="calc")


def _calc_words() -> dict[str, str]:
    """Return the calculator form's fixed words in the language of the moment."""
    return {
        "tiles": _("Tiles"),
        "goes_to": _("Clicked tiles go to"),
        "goes_to_colon": _("Clicked tiles go to:"),
        "palette": _("Tile palette: arrow keys move, Enter adds"),
        "keyboard": _(
            "Keyboard: Tab to the palette, arrow keys move, Enter adds the tile, "
            "Backspace removes the last one."
        ),
        "undo": _("Remove last tile"),
        "clear": _("Clear all"),
        "melds": _("Melds (claimed sets, concealed kongs)"),
        "kind": _("Kind"),
        "from": _("From"),
        "add_meld": _("Add meld"),
        "situation": _("Situation"),
        "win": _("Win"),
        "ron": _("Ron (on a discard)"),
        "tsumo": _("Tsumo (self-drawn)"),
        "house_rules": _("House rules"),
        "score": _("Score"),
        "link": _("Link to this hand"),
        "copy_link": _("Copy link"),
        "result": _("Result"),
        "notation": _("Notation"),
    }


def rules_page(variant: str) -> str:
    """Return the rules of one variant for players: the rules in short, then the page's own
    words (``web/rules/<variant>.md``: how a game goes, every pattern with an example hand, how
    a hand is paid, the house rules)."""
    from majiang.web.rules import TRADITIONAL_PAGES, in_page_script, page_html

    def said(text: str) -> str:  # in the page's script (traditional Chinese for HK, Taiwan)
        return in_page_script(variant, text)

    name = said(_(VARIANT_NAMES[variant]))
    short = "".join(f"<li>{escape(said(line))}</li>" for line in summary(variant))
    title = said(_("{name}: rules")).format(name=name)
    calc = escape(said(_("Open the {name} calculator")).format(name=name))
    to_score = escape(said(_("to score a hand of your own.")))
    in_short = escape(said(_("The rules in short")))
    # a page in traditional characters says so, for screen readers and the fonts' glyphs
    script = ' lang="zh-Hant"' if variant in TRADITIONAL_PAGES.get(current(), ()) else ""
    link = f'<a href="/calc/{variant}">{calc}</a> {to_score}'
    body = f"""
<div class="rules-page"{script}>
<h1>{escape(title)}</h1>
<p>{link}</p>
<section><h2 id="in-short">{in_short}</h2><ul>{short}</ul></section>
{page_html(variant)}
</div>
"""
    return layout(title, body, active="rules", styles=("rules.css",))


def learn_page(lesson: str) -> str:
    """Return the start page of a tutorial (``static/learn.js`` starts it)."""
    body = learn_page_body(lesson)
    return layout(_("First game"), body, script="learn.js", styles=("play.css",))


def learn_index_page() -> str:
    """Return the list of the tutorials (``majiang.server.tutorial.LESSONS``)."""
    return layout(_("Learn to play"), learn_index_body(list(LESSONS)), styles=("play.css",))


def table_page(code: str) -> str:
    """Return the table page of a room (``static/table.js`` plays the game in it)."""
    return layout(
        "Table",
        table_page_body(code),
        script="table.js",
        active="home",
        styles=("play.css",),
        main_class="at-table",
    )

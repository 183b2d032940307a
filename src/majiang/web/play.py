"""The playing side of the pages: the home page's *Play* form and the table page ``/play/<code>``.

Plain HTML with the facts the scripts need as JSON (``play_meta``); ``static/home.js`` turns the
form into ``POST /api/tables`` or ``POST /api/rooms`` and ``static/table.js`` plays the game over
the websocket (docs/protocol.md). Nothing here knows a tile of any game: the page is the same for
every room, and the table is drawn from what the server sends to this player.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from majiang.i18n import N_, SOURCE, _, current
from majiang.i18n.patterns import FAMILY, NAMES, localized_item
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS
from majiang.web.formats import number
from majiang.web.meta import described, option_field, option_meta
from majiang.web.words import (
    BOT_WORDS,
    LENGTH_WORDS,
    NEXT_HAND_HELP,
    NEXT_HAND_WORDS,
    table_words,
)

#: the variants' names to translate (the rulesets' own ``name``, which a test keeps equal)
VARIANT_NAMES = {
    "riichi": N_("Japanese Riichi"),
    "hk": N_("Hong Kong"),
    "hk2": N_("Hong Kong, two players"),
    "hkos": N_("Hong Kong Old Style"),
    "taiwan": N_("Taiwan 16-tile"),
    "sichuan": N_("Sichuan bloody battle"),
}
#: game lengths as a player reads them
LENGTH_LABELS = LENGTH_WORDS
#: the bot strengths a table may ask for (the server's ``TableOptions.bot_level``): label, help
BOT_LEVELS = BOT_WORDS
#: timers offered on the home page: label, turn seconds, claim seconds
TIMERS = (
    (N_("Normal (20 s / 8 s)"), 20, 8),
    (N_("Relaxed (60 s / 20 s)"), 60, 20),
    (N_("Off"), 0, 0),
)
#: bot pace: label, pause before each bot action in milliseconds
PACES = ((N_("Steady"), 700), (N_("Quick"), 250), (N_("Instant"), 0))


def table_options(variant: str) -> list[dict[str, Any]]:
    """Return every option a table of ``variant`` is set up with, as the forms read them: the
    scoring options, the game's (start points, length rules, uma ...) and, where the variant
    has named rule sets, the ``preset`` that picks one."""
    rules = get_ruleset(variant)
    options = option_meta(variant)
    options.extend(option_field(name, opt) for name, opt in rules.game_options.items())
    if rules.presets:  # a named rule set; the options changed beside it override it
        options.append(
            described(
                {
                    "name": "preset",
                    "default": None,
                    "doc": "a named rule set (docs/riichi.md); options changed here override it",
                    "control": "choice",
                    "choices": [None, *sorted(rules.presets)],
                    "minimum": None,
                    "maximum": None,
                }
            )
        )
    return options


def play_meta() -> dict[str, Any]:
    """Return what the home page's form needs: each variant's players and options, the lengths.

    >>> m = play_meta()
    >>> m["variants"]["hk2"]["players"], "start_points" in [o["name"] for o in m["variants"]["riichi"]["options"]]
    (2, True)
    """
    variants: dict[str, Any] = {}
    for v in VARIANTS:
        rules = get_ruleset(v)
        options = table_options(v)
        variants[v] = {"name": rules.name, "players": rules.players, "options": options}
    return {
        "variants": variants,
        "lengths": [{"id": x, "label": _(LENGTH_LABELS.get(x, x))} for x in LENGTHS],
        "bot_levels": [
            {"id": x, "label": _(label), "help": _(help_)}
            for x, (label, help_) in BOT_LEVELS.items()
        ],
    }


def _select(
    fid: str, label: str, options: list[tuple[str, str]], selected: str, help_: str = ""
) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == selected else ""}>{escape(t)}</option>'
        for v, t in options
    )
    hint = f'<span class="hint" id="{fid}-help">{escape(help_)}</span>' if help_ else ""
    described = f' aria-describedby="{fid}-help"' if help_ else ""
    return (
        f'<div class="field"><label for="{fid}">{label}</label>'
        f'<select id="{fid}" name="{fid}"{described}>{opts}</select>{hint}</div>'
    )


def seconds(ms: int) -> str:
    """Return ``ms`` milliseconds in seconds, written as the language of the moment writes a
    number, with the decimals it needs.

    >>> from majiang.i18n import use
    >>> seconds(700), seconds(250), seconds(2000)
    ('0.7', '0.25', '2')
    >>> with use("de"):
    ...     seconds(700)
    '0,7'
    """
    decimals = len(f"{ms / 1000:g}".partition(".")[2])
    return number(ms / 1000, decimals)


def play_section() -> str:
    """Return the *Play* form of the home page (``static/home.js`` drives it).

    >>> 'id="play-bots"' in play_section() and 'id="join-code"' in play_section()
    True
    """
    meta = play_meta()
    variants = [(v, _(VARIANT_NAMES[v])) for v in VARIANTS]
    lengths = [(x["id"], x["label"]) for x in meta["lengths"]]
    levels = [(x, _(label)) for x, (label, _help) in BOT_LEVELS.items()]
    timers = [(f"{t}/{c}", _(label)) for label, t, c in TIMERS]
    paces = [(str(ms), f"{_(label)} ({seconds(ms)} s)" if ms else _(label)) for label, ms in PACES]
    w = {  # the form's words in the language of the moment
        "name": _("Your name"),
        "guest": _("Guest"),
        "variant": _("Variant"),
        "length": _("Length"),
        "bots": _("Bots"),
        "timers": _("Timers (turn / claim)"),
        "pace": _("Bot pace"),
        "between": _("Between hands"),
        "rules": _("House rules"),
        "play": _("Play against bots"),
        "room": _("Create a private room"),
        "join": _("Join a room: its code or link"),
        "code": _("room code or https://…/play/…"),
        "go": _("Join"),
    }
    w = {k: escape(v) for k, v in w.items()}
    waits = [(str(seconds), _(label)) for label, seconds in NEXT_HAND_WORDS]
    data = escape(json.dumps(meta), quote=False)
    return f"""
<form id="play-form" class="play-form" autocomplete="off" novalidate>
<div class="grid">
<div class="field"><label for="p-name">{w["name"]}</label>
<input id="p-name" name="name" maxlength="40" placeholder="{w["guest"]}" autocomplete="nickname"></div>
{_select("p-variant", w["variant"], variants, "riichi")}
{_select("p-length", w["length"], lengths, "east")}
{_select("p-level", w["bots"], levels, "normal", _(BOT_LEVELS["normal"][1]))}
{_select("p-timers", w["timers"], timers, "20/8")}
{_select("p-pace", w["pace"], paces, "700")}
{_select("p-next", w["between"], waits, "60", _(NEXT_HAND_HELP))}
</div>
<details class="options" id="p-options"><summary>{w["rules"]}</summary>
<div class="grid" id="p-option-fields"></div></details>
<p class="error" id="play-error" role="alert" hidden></p>
<div class="buttons">
<button type="submit" class="primary" id="play-bots">{w["play"]}</button>
<button type="button" id="make-room">{w["room"]}</button>
</div>
</form>
<form id="join-form" class="join-form" autocomplete="off">
<div class="field"><label for="join-code">{w["join"]}</label>
<div class="buttons"><input id="join-code" name="code" spellcheck="false" autocapitalize="off"
placeholder="{w["code"]}"><button type="submit" id="join-go">{w["go"]}</button></div></div>
</form>
<div id="play-resume"></div>
<script type="application/json" id="play-meta">{data}</script>
"""


#: the table's settings (``static/table.js`` keeps them per player in localStorage): id, label,
#: help, on by default, the variants where it acts (empty: all), and help that replaces the
#: general one for a variant (Sichuan has no chi)
TABLE_SETTINGS: tuple[tuple[str, str, str, bool, tuple[str, ...], dict[str, str]], ...] = (
    (
        "sort",
        N_("Sort my hand"),
        N_("Off: a tile you draw stays at the right end of your hand."),
        True,
        (),
        {},
    ),
    (
        "autoRiichi",
        N_("Discard the drawn tile after riichi"),
        N_("Once you have declared riichi, a tile you cannot win with is discarded for you."),
        False,
        ("riichi",),
        {},
    ),
    (
        "autoWin",
        N_("Win automatically"),
        N_("Take every win offered (ron and tsumo) at once."),
        False,
        (),
        {},
    ),
    (
        "noCalls",
        N_("No calls"),
        N_("Pass on every pon, chi and kan offered on a discard (wins are still offered)."),
        False,
        (),
        {"sichuan": N_("Pass on every pon and kan offered on a discard (wins are still offered).")},
    ),
    (
        "waits",
        N_("Show my waits"),
        N_("When your hand is ready: its waits, and a furiten mark."),
        True,
        (),
        {},
    ),
    (
        "marks",
        N_("Mark dora and red fives"),
        N_("A coloured bar under those tiles in your hand."),
        True,
        ("riichi",),
        {},
    ),
    ("sound", N_("Sounds"), N_("Short sounds for discards, calls and wins."), False, (), {}),
)


def table_rules() -> dict[str, dict[str, list[str]]]:
    """Return what the table computes waits and furiten with, per variant: the special winning
    forms and the kinds of furiten (``Ruleset.win_forms``, ``Ruleset.furiten``).

    >>> table_rules()["riichi"]["furiten"]
    ['discard', 'riichi', 'temporary']
    """
    out = {}
    for v in VARIANTS:
        rules = get_ruleset(v)
        out[v] = {"forms": list(rules.win_forms), "furiten": sorted(rules.furiten)}
    return out


def _settings_fields() -> str:
    """The settings' checkboxes: a setting that acts in some variants only says which
    (``data-variants``; the table hides it elsewhere), a help of its own for a variant rides
    in ``data-help-<variant>`` (the table shows it there)."""
    fields = []
    for key, label, help_, on, variants, variant_help in TABLE_SETTINGS:
        where = f' data-variants="{" ".join(variants)}"' if variants else ""
        helps = "".join(f' data-help-{v}="{escape(_(text))}"' for v, text in variant_help.items())
        fields.append(
            f'<div class="setting"{where}><label><input type="checkbox" id="set-{key}"'
            f' data-setting="{key}"{" checked" if on else ""} aria-describedby="set-{key}-help">'
            f" {escape(_(label))}</label>"
            f'<span class="hint" id="set-{key}-help" data-help="{escape(_(help_))}"{helps}>'
            f"{escape(_(help_))}</span></div>"
        )
    return "".join(fields)


def pattern_names(lang: str) -> dict[str, dict[str, str]]:
    """Return every pattern's name as a result shows it in ``lang``, per variant and id: the
    translation with the traditional name beside it (``majiang.i18n.patterns``); empty for
    English, where the table shows the names the scoring contract gives.

    >>> pattern_names("de")["hk"]["half_flush"], pattern_names("en")
    ('Halbreine Hand (混一色)', {})
    """
    if lang == SOURCE:
        return {}
    out: dict[str, dict[str, str]] = {}
    for v in VARIANTS:
        family = FAMILY[v]
        out[v] = {
            pid: localized_item(v, {"id": pid, "name": row.english}, lang)["name"]
            for (fam, pid), row in NAMES.items()
            if fam == family
        }
    return out


def table_view_data() -> str:
    """Return the data a page drawing the table's views carries for ``static/table_view.js``
    (the table and the replay): the table's words and the patterns' names, in the language of
    the moment, as JSON script elements."""
    words = escape(json.dumps(table_words()), quote=False)
    names = escape(json.dumps(pattern_names(current())), quote=False)
    return (
        f'<script type="application/json" id="table-words">{words}</script>\n'
        f'<script type="application/json" id="pattern-names">{names}</script>'
    )


def table_page_body(code: str) -> str:
    """Return the body of the table page of room ``code`` (``static/table.js`` fills it), in the
    language of the moment.

    >>> 'data-room="abc"' in table_page_body("abc")
    True
    """
    room = escape(code)
    facts = escape(json.dumps(table_rules()), quote=False)
    w = {  # the page's words in the language of the moment
        "connecting": _("Connecting…"),
        "join": _("Join the table"),
        "name": _("Your name"),
        "sit": _("Take a seat"),
        "settings": _("Settings"),
        "kept": _("At this table (kept in this browser for you)"),
        "rules_open": _("Rules and patterns"),
        "lesson": _("Lesson"),
        "table": _("The table"),
        "rules": _("Rules"),
        "page": _("Open as a page"),
        "close": _("Close"),
        "loading": _("Loading…"),
    }
    w = {k: escape(v) for k, v in w.items()}
    return f"""{table_view_data()}
<script type="application/json" id="table-rules">{facts}</script>
<div id="table-app" class="table-app" data-room="{room}" data-state="loading">
<p id="status" class="status" role="status" aria-live="polite">{w["connecting"]}</p>
<section id="identity" class="identity" hidden aria-labelledby="id-h">
<h1 id="id-h">{w["join"]}</h1>
<div id="invitation"></div>
<form id="identity-form"><div class="field"><label for="id-name">{w["name"]}</label>
<input id="id-name" maxlength="40" required autocomplete="nickname"></div>
<div class="buttons"><button type="submit" class="primary">{w["sit"]}</button></div></form>
</section>
<section id="lobby" class="lobby" hidden aria-labelledby="lobby-h"></section>
<div id="table-tools" class="table-tools" hidden>
<details id="table-settings" class="table-settings"><summary>{w["settings"]}</summary>
<fieldset><legend>{w["kept"]}</legend>
{_settings_fields()}
</fieldset></details>
<button type="button" id="rules-open" class="rules-open" aria-haspopup="dialog">{w["rules_open"]}</button>
</div>
<section id="lesson" class="lesson" hidden aria-label="{w["lesson"]}" aria-live="polite">
<p class="lesson-count"></p><p class="lesson-text"></p></section>
<section id="table" class="table" hidden aria-label="{w["table"]}"></section>
<dialog id="rules-dialog" class="rules-dialog" aria-labelledby="rules-dialog-h">
<div class="rules-dialog-head"><h2 id="rules-dialog-h">{w["rules"]}</h2>
<a id="rules-page-link" href="/rules" target="_blank" rel="noopener">{w["page"]}</a>
<button type="button" id="rules-close" class="primary">{w["close"]}</button></div>
<div id="rules-dialog-body" class="rules-dialog-body"><p class="muted">{w["loading"]}</p></div>
</dialog>
<section id="result" class="result-panel" hidden aria-labelledby="result-h" tabindex="-1"></section>
<section id="final" class="final-panel" hidden aria-labelledby="final-h" tabindex="-1"></section>
</div>
"""


#: what each tutorial teaches, one sentence (majiang.server.tutorial has the hands)
LESSON_SUMMARIES = {
    "riichi": N_("You discard, call a pon, make your hand ready and win by self-draw (tsumo)."),
    "hk": N_(
        "You call a pung and a chow, make a hand worth the 3 fan the table needs, win on a "
        "discard, and see the fan and the payment worked out."
    ),
}


def learn_page_body(lesson: str) -> str:
    """Return the start page of the tutorial ``lesson`` (``static/learn.js`` drives it).

    >>> 'data-lesson="riichi"' in learn_page_body("riichi")
    True
    """
    name = escape(_(VARIANT_NAMES[lesson]))
    heading = escape(_("Your first game: {name}")).format(name=name)
    about = _(
        "A short lesson at a real table, on one hand dealt for it. The three others are bots "
        "that discard the tile they draw. A box above the table says what to do, and the tile "
        "or button to press is marked."
    )
    rules = escape(_("The rules of {name}")).format(name=name)
    summary = escape(_(LESSON_SUMMARIES[lesson]))
    others = escape(_("Other lessons"))
    your_name, guest, start = _("Your name"), _("Guest"), _("Start the lesson")
    return f"""
<div class="learn-page">
<h1>{heading}</h1>
<p>{escape(about)} {summary}</p>
<form id="learn-form" class="play-form" data-lesson="{escape(lesson)}" autocomplete="off">
<div class="field"><label for="learn-name">{escape(your_name)}</label>
<input id="learn-name" name="name" maxlength="40" placeholder="{escape(guest)}" autocomplete="nickname"></div>
<p class="error" id="learn-error" role="alert" hidden></p>
<div class="buttons"><button type="submit" class="primary" id="learn-start">{escape(start)}</button></div>
</form>
<p><a href="/rules/{escape(lesson)}">{rules}</a> · <a href="/learn">{others}</a></p>
</div>
"""


def learn_index_body(lessons: list[str]) -> str:
    """Return the list of the tutorials ``lessons``, each with what it teaches.

    >>> 'href="/learn/hk"' in learn_index_body(["riichi", "hk"])
    True
    """
    title = escape(_("Learn to play"))
    intro = escape(_("Each lesson is one hand at a real table, with a guide at every step."))
    names = {lesson: escape(_(VARIANT_NAMES[lesson])) for lesson in lessons}
    summaries = {lesson: escape(_(LESSON_SUMMARIES[lesson])) for lesson in lessons}
    items = "".join(
        f'<li><a href="/learn/{escape(lesson)}">{names[lesson]}</a> '
        f'<span class="muted">{summaries[lesson]}</span></li>'
        for lesson in lessons
    )
    return f"""
<div class="learn-page">
<h1>{title}</h1>
<p>{intro}</p>
<ul class="plain" id="lessons">{items}</ul>
</div>
"""

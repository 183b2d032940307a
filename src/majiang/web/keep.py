"""The page ``/keep``: the score sheet of a table playing real tiles, on a phone lying on the
table. ``static/keep.js`` talks to the sheets API (``server/sheets.py``); the sheet lives on the
server, so a reload or another player's phone opening the link (``/keep?s=<id>``) shows it as
it is, and the page polls it to follow live. The edit key stays in the browser that created the
sheet (and in the "share to enter hands" link); the read link shows the sheet only.

The payment tables (riichi's han/fu table, Hong Kong's fan table, Taiwan's and Sichuan's) are
worked out here from the variants' own payment functions.

>>> "han" in riichi_table() and "12,000" in riichi_table()
True
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from majiang.i18n import N_, _
from majiang.keep import ENDED_WORDS
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS
from majiang.rules.hongkong.payments import HALF_SPICY
from majiang.rules.riichi.fu import FU_VALUES
from majiang.rules.riichi.options import RiichiOptions
from majiang.rules.riichi.payments import LIMIT_BASE, base_points, hand_value, tsumo_share
from majiang.web.formats import number
from majiang.web.meta import calculator_meta
from majiang.web.play import LENGTH_LABELS, VARIANT_NAMES, table_options
from majiang.web.words import ABORTIVE_WORDS

__all__ = ["keep_body", "mount_keep", "payment_tables", "riichi_table"]

#: the calculator's fields a hand entered by its tiles takes beside the tiles, per variant
HAND_FIELDS = {
    "riichi": [
        ["dora_indicators", N_("Dora indicators")],
        ["ura_indicators", N_("Ura dora indicators")],
    ],
    "hkos": [["flowers", N_("Flowers and seasons")]],
    "taiwan": [["flowers", N_("Flowers and seasons")]],
}
#: riichi's limits as the han/fu table names them, with their ids (the base points are the
#: scorer's, ``rules.riichi.payments.LIMIT_BASE``)
LIMITS = (
    (N_("Mangan (5 han)"), "mangan"),
    (N_("Haneman (6-7)"), "haneman"),
    (N_("Baiman (8-10)"), "baiman"),
    (N_("Sanbaiman (11-12)"), "sanbaiman"),
    (N_("Yakuman"), "yakuman"),
)


def _cell(han: int, fu: int) -> str:
    """Return a table cell: child ron / dealer ron, then the tsumo shares."""
    if (fu == 20 and han == 1) or (fu == 25 and han == 1):
        return "<td>-</td>"
    base, _cap = base_points(han, fu, 0, RiichiOptions())
    child_ron, dealer_ron = hand_value(base, False, False), hand_value(base, True, False)
    double, single = tsumo_share(base, True), tsumo_share(base, False)
    tsumo = f"{number(single)}/{number(double)}"
    if fu == 20:
        return f"<td>{tsumo}<br>{number(double)}∀</td>"
    return (
        f"<td>{number(child_ron)}<br>{number(dealer_ron)}<br>"
        f"<small>{tsumo} · {number(double)}∀</small></td>"
    )


def riichi_table() -> str:
    """Return riichi's han/fu table: each cell a child's ron, the dealer's ron, and the tsumo
    payments (child/dealer, and ∀ each to a dealer), then the limits."""
    head = "".join(f"<th scope=col>{fu}</th>" for fu in FU_VALUES)
    han_words = _("{han} han")
    rows = "".join(
        f"<tr><th scope=row>{escape(han_words.format(han=han))}</th>"
        f"{''.join(_cell(han, fu) for fu in FU_VALUES)}</tr>"
        for han in (1, 2, 3, 4)
    )
    limits = "".join(
        f"<tr><th scope=row>{escape(_(name))}</th>"
        f"<td>{number(hand_value(LIMIT_BASE[limit], False, False))}</td>"
        f"<td>{number(hand_value(LIMIT_BASE[limit], True, False))}</td></tr>"
        for name, limit in LIMITS
    )
    caption = _(
        "Han/fu: a child's ron, the dealer's ron, the tsumo (child/dealer, or ∀ each to a "
        "dealer); honba add 300"
    )
    limit, child, dealer = _("Limit"), _("Child ron"), _("Dealer ron")
    return (
        f'<div class="keep-scroll"><table class="keep-table hanfu"><caption>{escape(caption)}'
        f"</caption><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        f'<table class="keep-table"><thead><tr><th>{escape(limit)}</th><th>{escape(child)}</th>'
        f"<th>{escape(dealer)}</th></tr></thead><tbody>{limits}</tbody></table>"
    )


def _table(caption: str, heads: list[str], rows: list[list[int]]) -> str:
    """Return a payment table: its caption and column heads translated, its figures written
    as the language writes them."""
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    body = "".join("<tr>" + "".join(f"<td>{number(v)}</td>" for v in row) + "</tr>" for row in rows)
    return (
        f'<table class="keep-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def payment_tables() -> dict[str, str]:
    """Return each variant's payment table as HTML (riichi's han/fu table, the fan and tai
    tables of the others), in the language of the moment."""
    fan, tai, paid = _("Fan"), _("Tai"), _("Paid")
    discarder, each = _("Discarder pays"), _("Each pays (self-drawn)")
    hk_table = _table(
        _("Hong Kong, half spicy (default table)"),
        [fan, discarder, each],
        [[f, 2 * p, p] for f, p in enumerate(HALF_SPICY)],
    )
    return {
        "riichi": riichi_table(),
        "hk": hk_table,
        "hkos": hk_table,
        "hk2": _table(
            _("Hong Kong 2 players: the golden value 2^fan, paid by the opponent"),
            [fan, paid],
            [[f, 2**f] for f in range(0, 11)],
        ),
        "taiwan": _table(
            _(
                "Taiwan: 3 + tai (the discarder, or each on a self-draw); the dealer adds "
                "1 + 2 × streak tai wherever they pay or win"
            ),
            [tai, paid],
            [[t, 3 + t] for t in range(0, 11)],
        ),
        "sichuan": _table(
            _("Sichuan: 2^fan (capped at 4 fan), +1 from each on a self-draw"),
            [fan, discarder, each],
            [[f, 2**f, 2**f + 1] for f in range(5)],
        ),
    }


def keep_body() -> str:
    """Return the page's HTML in the language of the moment: the new-sheet form, and the
    sheet's places that keep.js fills (its words come in the page's meta)."""
    variant_names = {v: _(VARIANT_NAMES[v]) for v in VARIANTS}
    # the words of web.words are translated here once its catalogs hold them
    length_names = {k: _(LENGTH_LABELS.get(k, k)) for k in LENGTHS}
    meta = {
        "variants": variant_names,
        "players": {v: get_ruleset(v).players for v in VARIANTS},
        "units": {v: get_ruleset(v).unit for v in VARIANTS},
        "lengths": length_names,
        "abortive": {v: list(get_ruleset(v).abortive_draws) for v in VARIANTS},
        "reasons": {k: _(text) for k, text in ABORTIVE_WORDS.items()},
        "game_ends": {k: _(text) for k, text in ENDED_WORDS.items()},
        "unit_words": {"han": _("han"), "fan": _("fan"), "tai": _("tai")},
        # the same units heading a field, beside "Fu" (the field read "han" beside "Fu")
        "unit_labels": {"han": _("Han"), "fan": _("Fan"), "tai": _("Tai")},
        "options": {v: _translated_options(table_options(v)) for v in VARIANTS},
        "hand_fields": {
            v: [[name, _(label)] for name, label in HAND_FIELDS.get(v, [])] for v in VARIANTS
        },
        # the situations a winner's hand may have (a draw's nagashi mangan is entered at the draw)
        "situations": {
            v: [s for s in calculator_meta(v)["situations"] if s["id"] != "nagashi_mangan"]
            for v in VARIANTS
        },
        "tables": payment_tables(),
    }
    meta_json = json.dumps(meta).replace("</", "<\\/")  # safe inside <script>
    variants = "".join(f'<option value="{v}">{escape(variant_names[v])}</option>' for v in VARIANTS)
    lengths = "".join(
        f'<option value="{k}"{" selected" if k == "east" else ""}>'
        f"{escape(length_names[k])}</option>"
        for k in LENGTHS
    )
    seat, first = _("Seat {n}"), _("Seat {n} (first dealer)")
    names = "".join(
        f'<label class="keep-name">{escape((first if i == 0 else seat).format(n=i + 1))}'
        f'<input name="player{i}" autocomplete="off" maxlength="40" required></label>'
        for i in range(4)
    )
    w = {key: escape(text) for key, text in _keep_words().items()}
    return f"""<h1>{w["title"]}</h1>
<script type="application/json" id="keep-meta">{meta_json}</script>
<p id="keep-status" class="keep-status" role="status" hidden></p>
<form id="keep-new" class="keep-new" hidden>
<p class="muted">{w["intro"]}</p>
<label>{w["variant"]} <select name="variant">{variants}</select></label>
<label>{w["length"]} <select name="game_length">{lengths}</select></label>
<fieldset><legend>{w["players"]}</legend>{names}</fieldset>
<details class="keep-rules"><summary>{w["house_rules"]}</summary>
<div class="grid" id="keep-option-fields"></div></details>
<p class="error" id="keep-new-error" role="alert"></p>
<button class="primary big" type="submit">{w["start"]}</button>
</form>
<section id="keep-sheet" hidden>
<div class="keep-head"><h2 id="keep-title"></h2><p id="keep-next" class="keep-next"></p></div>
<div id="keep-scores" class="keep-scores"></div>
<div id="keep-entry" class="keep-entry" hidden></div>
<div class="buttons keep-tools">
<button type="button" id="keep-undo" class="big" hidden>{w["undo"]}</button>
<button type="button" id="keep-share" class="big">{w["copy"]}</button>
<button type="button" id="keep-share-edit" class="big" hidden>{w["copy_edit"]}</button>
<a id="keep-csv" class="big-link" href="#">CSV</a>
</div>
<details id="keep-payments"><summary>{w["payments"]}</summary><div id="keep-payments-body"></div></details>
<div class="keep-scroll"><table class="keep-table keep-hands" id="keep-hands"><thead></thead><tbody></tbody></table></div>
</section>
"""


def _keep_words() -> dict[str, str]:
    """Return the page's fixed words in the language of the moment."""
    return {
        "title": _("Score sheet"),
        "intro": _(
            "For a table playing with real tiles: enter each hand as it ends; the sheet pays "
            "it, moves the deal, counts honba, streak and sticks, and ends the game. Everyone "
            "can follow it on their own phone by its link."
        ),
        "variant": _("Variant"),
        "length": _("Length"),
        "players": _("Players, by seat"),
        "house_rules": _("House rules"),
        "start": _("Start the sheet"),
        "undo": _("Undo last"),
        "copy": _("Copy link"),
        "copy_edit": _("Copy link to enter hands"),
        "payments": _("Payment table"),
    }


def _translated_options(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return a variant's options with their words (``web.words``) in the language of the
    moment, once its catalogs hold them."""
    return [
        {
            **o,
            "label": _(str(o["label"])),
            "help": _(str(o["help"])) if o.get("help") else o.get("help"),
            "choice_labels": [_(str(c)) for c in o["choice_labels"]]
            if o.get("choice_labels")
            else o.get("choice_labels"),
        }
        for o in options
    ]


def mount_keep(app: FastAPI) -> None:
    """Add the page ``/keep`` to ``app``."""
    from majiang.web.pages import layout

    @app.get("/keep", response_class=HTMLResponse, include_in_schema=False)
    def keep_page() -> str:
        return layout(_("Score sheet"), keep_body(), script="keep.js", styles=("keep.css",))

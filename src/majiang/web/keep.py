"""The page ``/keep``: the score sheet of a table playing real tiles, on a phone lying on the
table. ``static/keep.js`` talks to the sheets API (``server/sheets.py``); the sheet lives on the
server, so a reload or another player's phone opening the link (``/keep?s=<id>``) shows it as
it is, and the page polls it to follow live. The edit key stays in the browser that created the
sheet (and in the "share to enter hands" link); the read link shows the sheet only.

The payment tables (riichi's han/fu table, Hong Kong's fan table, Taiwan's and Sichuan's) are
worked out here from the variants' own payment functions.

>>> "Han" in riichi_table() and "12000" in riichi_table()
True
"""

from __future__ import annotations

import json
from html import escape

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.game import LENGTHS
from majiang.rules.hongkong.payments import HALF_SPICY
from majiang.rules.riichi.options import RiichiOptions
from majiang.rules.riichi.payments import base_points, hand_value, up100
from majiang.web.meta import calculator_meta
from majiang.web.play import LENGTH_LABELS, table_options
from majiang.web.words import ABORTIVE_WORDS

__all__ = ["keep_body", "mount_keep", "payment_tables", "riichi_table"]

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)

#: the calculator's fields a hand entered by its tiles takes beside the tiles, per variant
HAND_FIELDS = {
    "riichi": [["dora_indicators", "Dora indicators"], ["ura_indicators", "Ura dora indicators"]],
    "hkos": [["flowers", "Flowers and seasons"]],
    "taiwan": [["flowers", "Flowers and seasons"]],
}


def _cell(han: int, fu: int) -> str:
    """Return a table cell: child ron / dealer ron, then the tsumo shares."""
    if (fu == 20 and han == 1) or (fu == 25 and han == 1):
        return "<td>-</td>"
    base, _ = base_points(han, fu, 0, RiichiOptions())
    child_ron, dealer_ron = hand_value(base, False, False), hand_value(base, True, False)
    double, single = up100(2 * base), up100(base)
    tsumo = f"{single}/{double}"
    if fu == 20:
        return f"<td>{tsumo}<br>{double}∀</td>"
    return f"<td>{child_ron}<br>{dealer_ron}<br><small>{tsumo} · {double}∀</small></td>"


def riichi_table() -> str:
    """Return riichi's han/fu table: each cell a child's ron, the dealer's ron, and the tsumo
    payments (child/dealer, and ∀ each to a dealer), then the limits."""
    head = "".join(f"<th scope=col>{fu}</th>" for fu in FU)
    rows = "".join(
        f"<tr><th scope=row>{han} han</th>{''.join(_cell(han, fu) for fu in FU)}</tr>"
        for han in (1, 2, 3, 4)
    )
    limits = "".join(
        f"<tr><th scope=row>{name}</th><td>{hand_value(base, False, False)}</td>"
        f"<td>{hand_value(base, True, False)}</td></tr>"
        for name, base in (
            ("Mangan (5 han)", 2000),
            ("Haneman (6-7)", 3000),
            ("Baiman (8-10)", 4000),
            ("Sanbaiman (11-12)", 6000),
            ("Yakuman", 8000),
        )
    )
    return (
        '<div class="keep-scroll"><table class="keep-table hanfu"><caption>Han/fu: a child\'s ron, '
        "the dealer's ron, the tsumo (child/dealer, or ∀ each to a dealer); honba add 300"
        f"</caption><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        '<table class="keep-table"><thead><tr><th>Limit</th><th>Child ron</th>'
        f"<th>Dealer ron</th></tr></thead><tbody>{limits}</tbody></table>"
    )


def payment_tables() -> dict[str, str]:
    """Return each variant's payment table as HTML (riichi's han/fu table, the fan and tai
    tables of the others)."""
    hk = "".join(
        f"<tr><td>{fan}</td><td>{2 * p}</td><td>{p}</td></tr>" for fan, p in enumerate(HALF_SPICY)
    )
    hk_table = (
        '<table class="keep-table"><caption>Hong Kong, half spicy (default table)</caption>'
        "<thead><tr><th>Fan</th><th>Discarder pays</th><th>Each pays (self-drawn)</th></tr>"
        f"</thead><tbody>{hk}</tbody></table>"
    )
    two = "".join(f"<tr><td>{fan}</td><td>{2**fan}</td></tr>" for fan in range(0, 11))
    tw = "".join(f"<tr><td>{tai}</td><td>{3 + tai}</td></tr>" for tai in range(0, 11))
    sc = "".join(
        f"<tr><td>{fan}</td><td>{2**fan}</td><td>{2**fan + 1}</td></tr>" for fan in range(5)
    )
    return {
        "riichi": riichi_table(),
        "hk": hk_table,
        "hkos": hk_table,
        "hk2": '<table class="keep-table"><caption>Hong Kong 2 players: the golden value '
        "2^fan, paid by the opponent</caption><thead><tr><th>Fan</th><th>Paid</th></tr></thead>"
        f"<tbody>{two}</tbody></table>",
        "taiwan": '<table class="keep-table"><caption>Taiwan: 3 + tai (the discarder, or each '
        "on a self-draw); the dealer adds 1 + 2 × streak tai wherever they pay or win"
        f"</caption><thead><tr><th>Tai</th><th>Paid</th></tr></thead><tbody>{tw}</tbody></table>",
        "sichuan": '<table class="keep-table"><caption>Sichuan: 2^fan (capped at 4 fan), +1 from '
        "each on a self-draw</caption><thead><tr><th>Fan</th><th>Discarder pays</th>"
        f"<th>Each pays (self-drawn)</th></tr></thead><tbody>{sc}</tbody></table>",
    }


def keep_body() -> str:
    """Return the page's HTML: the new-sheet form, and the sheet's places that keep.js fills."""
    meta = {
        "variants": {v: get_ruleset(v).name for v in VARIANTS},
        "players": {v: get_ruleset(v).players for v in VARIANTS},
        "units": {v: get_ruleset(v).unit for v in VARIANTS},
        "lengths": {k: LENGTH_LABELS.get(k, k) for k in LENGTHS},
        "abortive": {v: list(get_ruleset(v).abortive_draws) for v in VARIANTS},
        "reasons": ABORTIVE_WORDS,
        "unit_words": {"han": "Han", "fan": "Fan", "tai": "Tai"},
        "options": {v: table_options(v) for v in VARIANTS},
        "hand_fields": {v: HAND_FIELDS.get(v, []) for v in VARIANTS},
        # the situations a winner's hand may have (a draw's nagashi mangan is entered at the draw)
        "situations": {
            v: [s for s in calculator_meta(v)["situations"] if s["id"] != "nagashi_mangan"]
            for v in VARIANTS
        },
        "tables": payment_tables(),
    }
    meta_json = json.dumps(meta).replace("</", "<\\/")  # safe inside <script>
    variants = "".join(
        f'<option value="{v}">{escape(get_ruleset(v).name)}</option>' for v in VARIANTS
    )
    lengths = "".join(
        f'<option value="{k}"{" selected" if k == "east" else ""}>{escape(LENGTH_LABELS.get(k, k))}'
        "</option>"
        for k in LENGTHS
    )
    names = "".join(
        f'<label class="keep-name">Seat {i + 1}{" (first dealer)" if i == 0 else ""}'
        f'<input name="player{i}" autocomplete="off" maxlength="40" required></label>'
        for i in range(4)
    )
    return f"""<h1>Score sheet</h1>
<script type="application/json" id="keep-meta">{meta_json}</script>
<p id="keep-status" class="keep-status" role="status" hidden></p>
<form id="keep-new" class="keep-new" hidden>
<p class="muted">For a table playing with real tiles: enter each hand as it ends; the sheet pays
it, moves the deal, counts honba, streak and sticks, and ends the game. Everyone can follow it
on their own phone by its link.</p>
<label>Variant <select name="variant">{variants}</select></label>
<label>Length <select name="game_length">{lengths}</select></label>
<fieldset><legend>Players, by seat</legend>{names}</fieldset>
<details class="keep-rules"><summary>House rules</summary>
<div class="grid" id="keep-option-fields"></div></details>
<p class="error" id="keep-new-error" role="alert"></p>
<button class="primary big" type="submit">Start the sheet</button>
</form>
<section id="keep-sheet" hidden>
<div class="keep-head"><h2 id="keep-title"></h2><p id="keep-next" class="keep-next"></p></div>
<div id="keep-scores" class="keep-scores"></div>
<div id="keep-entry" class="keep-entry" hidden></div>
<div class="buttons keep-tools">
<button type="button" id="keep-undo" class="big" hidden>Undo last</button>
<button type="button" id="keep-share" class="big">Copy link</button>
<button type="button" id="keep-share-edit" class="big" hidden>Copy link to enter hands</button>
<a id="keep-csv" class="big-link" href="#">CSV</a>
</div>
<details id="keep-payments"><summary>Payment table</summary><div id="keep-payments-body"></div></details>
<div class="keep-scroll"><table class="keep-table keep-hands" id="keep-hands"><thead></thead><tbody></tbody></table></div>
</section>
"""


def mount_keep(app: FastAPI) -> None:
    """Add the page ``/keep`` to ``app``."""
    from majiang.web.pages import layout

    @app.get("/keep", response_class=HTMLResponse, include_in_schema=False)
    def keep_page() -> str:
        return layout("Score sheet", keep_body(), script="keep.js", styles=("keep.css",))

"""What a variant's calculator shows: its tiles, fields, situations and table options.

The calculator page embeds ``calculator_meta(variant)`` as JSON; the browser builds requests of
the scoring contract (shared/rules/README.md) from it and never guesses a rule of its own.

>>> meta = calculator_meta("hk2")
>>> meta["seats"], "2m" in meta["tiles"], meta["fields"]
(['E', 'S'], False, [])
"""

from __future__ import annotations

from typing import Any

from majiang.i18n import N_, _
from majiang.rules import VARIANTS, get_ruleset
from majiang.rules.base import Option
from majiang.tiles import (
    NUM_TILE_IDS,
    sort_key,
    tile_name,
    tile_set,
)
from majiang.web.words import SITUATION_WORDS, choice_label, option_words, tile_words

#: the situations of the shared vocabulary each variant scores (the others it accepts or rejects
#: but they change nothing, so the calculator does not offer them); ``extra_situations`` are added
SITUATIONS: dict[str, tuple[str, ...]] = {
    "riichi": (
        "riichi",
        "double_riichi",
        "ippatsu",
        "last_tile",
        "last_discard",
        "kong_replacement",
        "robbing_kong",
        "heavenly",
        "earthly",
        "human",
    ),
    "hk": (
        "robbing_kong",
        "kong_replacement",
        "last_tile",
        "consecutive_kongs",
        "heavenly",
        "earthly",
    ),
    "taiwan": (
        "last_tile",
        "last_discard",
        "kong_replacement",
        "robbing_kong",
        "heavenly",
        "earthly",
        "human",
    ),
    "sichuan": (
        "kong_replacement",
        "kong_discard",
        "robbing_kong",
        "last_tile",
        "last_discard",
        "heavenly",
        "earthly",
    ),
}
SITUATIONS["hk2"] = SITUATIONS["hkos"] = SITUATIONS["hk"]


#: request fields beyond the common ones that each variant reads
FIELDS: dict[str, list[str]] = {
    "riichi": ["dora_indicators", "ura_indicators", "honba", "riichi_sticks", "liable"],
    "hk": ["liable"],
    "hk2": [],
    "hkos": ["flowers", "liable"],
    "taiwan": ["flowers", "dealer_streak"],
    "sichuan": ["players_in_hand"],
}

WIND_NAMES = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}


#: the example of one's own point table: fan to points (notation, the same in every language)
OWN_TABLE_EXAMPLE = '{"3": 8, "4": 16}'


def option_meta(variant: str) -> list[dict[str, Any]]:
    """Return the variant's table options: name, default, doc, the control that edits it, and
    the words a player reads (``label``, ``help``, ``choice_labels``: ``web.words``).

    >>> [o for o in option_meta("sichuan") if o["name"] == "self_draw"][0]["control"]
    'choice'
    """
    return [option_field(name, opt) for name, opt in get_ruleset(variant).options.items()]


def option_field(name: str, opt: Option) -> dict[str, Any]:
    """Return one option as the forms read it: its default, doc, bounds, the control that edits
    it (``choice``, ``bool``, ``int``, ``list``, ``text``, or ``table``: a select of the named
    point tables, ``choices``, beside a field for one's own table) and its player words.

    >>> option_field("aka", get_ruleset("riichi").options["aka"])["choice_labels"]
    ['None', 'One per suit']
    """
    names = tuple(getattr(opt, "names", ()))  # a point table: a named one or the player's own
    if opt.choices is not None:
        control = "choice"
    elif names:
        control = "table"
    elif isinstance(opt.default, bool):
        control = "bool"
    elif isinstance(opt.default, int):
        control = "int"
    elif isinstance(opt.default, tuple):
        control = "list"
    else:
        control = "text"  # a name or a JSON object (custom point tables)
    own = {
        "own_label": _("Or your own table (JSON)"),
        "own_example": OWN_TABLE_EXAMPLE,
        "custom_label": _("Custom table"),  # the select's choice while one's own table is typed
    }
    return described(
        {
            **(own if control == "table" else {}),
            "name": name,
            "default": opt.default,
            "doc": opt.doc,
            "control": control,
            "choices": list(opt.choices) if opt.choices is not None else list(names) or None,
            "minimum": opt.minimum,
            "maximum": opt.maximum,
        }
    )


def described(option: dict[str, Any]) -> dict[str, Any]:
    """Return ``option`` (as ``option_meta`` gives it) with its player words added.

    >>> described({"name": "aka", "choices": [0, 1]})["choice_labels"]
    ['None', 'One per suit']
    """
    label, help_ = option_words(option["name"])
    choices = option.get("choices")
    labels = [choice_label(option["name"], c) for c in choices] if choices else None
    return {**option, "label": label, "help": help_, "choice_labels": labels}


def calculator_meta(variant: str) -> dict[str, Any]:
    """Return what the calculator of one variant needs, ready for JSON, its words in the
    language of the moment."""
    ruleset = get_ruleset(variant)
    tiles = tile_set(variant, ruleset.resolve_options({}))
    ids = sorted((t for t in range(NUM_TILE_IDS) if tiles.allows(t)), key=sort_key)
    situations = list(SITUATIONS[variant]) + sorted(ruleset.extra_situations)
    return {
        "variant": variant,
        "name": ruleset.name,
        "unit": ruleset.unit,
        "players": ruleset.players,
        "hand_size": ruleset.hand_size,
        "seats": list(WIND_NAMES)[: ruleset.players],
        "tiles": [tile_name(t) for t in ids],
        "labels": {tile_name(t): tile_words(t) for t in ids},
        "situations": [{"id": s, "label": _(SITUATION_WORDS.get(s, s))} for s in situations],
        "fields": FIELDS[variant],
        "options": option_meta(variant),
    }


def all_variants() -> list[dict[str, str]]:
    """Return every variant's id, display name and unit, in the registry's order."""
    return [{"id": v, "name": get_ruleset(v).name, "unit": get_ruleset(v).unit} for v in VARIANTS]

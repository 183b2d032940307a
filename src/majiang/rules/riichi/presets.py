"""Named riichi rule sets: ``rules: {"preset": "tenhou"}`` takes a site's or a rule book's
option values; options given beside it override them (docs/riichi.md "Named rule sets").

Each preset lists only what differs from our defaults or what its page states; an option it
does not name keeps its default; Mahjong Soul is written as Tenhou's table and EMA as WRC's,
each with what differs. ``SOURCES`` names the page each follows.

>>> PRESETS["mleague"]["uma"], PRESETS["wrc"]["agari_yame"]
((30, 10, -10, -30), False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PRESETS", "SOURCES"]

#: the rule page each preset follows
SOURCES: Mapping[str, str] = {
    "tenhou": "https://tenhou.net/man/ (Tenhou's rules; the ranked rooms' 25,000/30,000, uma 10-20)",
    "mahjong_soul": "https://riichi.wiki/Mahjong_Soul (its 'Rules' section: Mahjong Soul's own ruleset)",
    "wrc": "World Riichi Championship Rules 2015 (rule book by S. Malbec), sections 4.1, 5.7.3, 5.9",
    "ema": "EMA Riichi Competition Rules 2016 (http://mahjong-europe.org, 'Revised EMA Riichi rules')",
    "mleague": "https://m-league.jp/about/ (M.League official rules)",
}

_NO_ABORTS: Mapping[str, Any] = {
    "abort_nine_terminals": False,
    "abort_four_winds": False,
    "abort_four_riichi": False,
    "abort_four_kongs": False,
    "triple_ron_draw": False,
}

#: tenhou.net/man: red fives (one per suit in 赤 rooms), open tanyao (喰), no kiriage, no renhou;
#: double ron and triple-ron draw; 30,000 returned (oka 20,000); South (West) entry in sudden
#: death while nobody holds 30,000; the last dealer's agari-yame, no tenpai-yame.
TENHOU: Mapping[str, Any] = {
    "aka": 1,
    "open_tanyao": True,
    "kiriage": False,
    "renhou": "off",
    "nagashi_mangan": True,
    "double_ron": True,
    "triple_ron_draw": True,
    "start_points": 25000,
    "target_points": 30000,
    "extra_rounds": "sudden_death",
    "extra_round_limit": 1,
    "bust": "below_zero",
    "agari_yame": True,
    "tenpai_yame": False,
    "uma": (20, 10, -10, -20),
    "oka": 20000,
    "leftover_sticks": "to_first",
}

#: WRC 2015: no red fives, 4-30 and 3-60 rounded to mangan, no kazoe yakuman, single yakuman
#: only; head bump (one winner), no abortive draw; 30,000 start and return, no oka; sticks left
#: at the end are lost; tied players share the uma of their places ("modified for ties").
WRC: Mapping[str, Any] = {
    "aka": 0,
    "open_tanyao": True,
    "kiriage": True,
    "kazoe": False,
    "double_yakuman": False,
    "renhou": "mangan",
    "nagashi_mangan": False,
    "kuikae": True,
    "double_ron": False,
    **_NO_ABORTS,
    "start_points": 30000,
    "target_points": 30000,
    "extra_rounds": "none",
    "bust": "below_zero",
    "agari_yame": False,
    "tenpai_yame": False,
    "uma": (15, 5, -5, -15),
    "oka": 0,
    "tied_places": "share",
    "leftover_sticks": "lost",
}

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "tenhou": TENHOU,
    # Mahjong Soul: Tenhou's table, but no triple-ron draw; the last dealer in first place also
    # stops when ready; uma 15/5/-5/-15 without oka (friendly rooms' points).
    "mahjong_soul": {
        **TENHOU,
        "double_yakuman": True,
        "triple_ron_draw": False,
        "tenpai_yame": True,
        "uma": (15, 5, -5, -15),
        "oka": 0,
    },
    "wrc": WRC,
    # EMA 2016: WRC's rules, but several winners on one discard, 4-30 not rounded to mangan,
    # play goes on below zero, sticks left at the end to the winner.
    "ema": {
        **WRC,
        "kiriage": False,
        "double_ron": True,
        "bust": "off",
        "leftover_sticks": "to_first",
    },
    # M.League: red fives (three), 7,700 rounded to mangan, no kazoe yakuman; head bump, no
    # abortive draw; uma 10-30 (with the oka: +50/+10/-10/-30), split evenly between tied
    # players; no busting, no agari-yame.
    "mleague": {
        "aka": 1,
        "open_tanyao": True,
        "kiriage": True,
        "kazoe": False,
        "double_ron": False,
        **_NO_ABORTS,
        "start_points": 25000,
        "target_points": 30000,
        "extra_rounds": "none",
        "bust": "off",
        "agari_yame": False,
        "tenpai_yame": False,
        "uma": (30, 10, -10, -30),
        "oka": 20000,
        "tied_places": "share",
        "leftover_sticks": "to_first",
    },
}

"""Named riichi rule sets: ``rules: {"preset": "tenhou"}`` takes a site's or a rule book's
option values; options given beside it override them (docs/riichi.md "Named rule sets").

Each preset lists only what differs from our defaults or what its page states; an option it
does not name keeps its default. ``SOURCES`` names the page each follows.

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

PRESETS: Mapping[str, Mapping[str, Any]] = {
    # tenhou.net/man: red fives (one per suit in 赤 rooms), open tanyao (喰), no kiriage, no
    # renhou, nagashi mangan; double ron, triple ron and the other abortive draws; 25,000 start,
    # 30,000 returned (oka 20,000), uma 10-20; below zero ends the game; South (West) entry in
    # sudden death while nobody holds 30,000; the last dealer's agari-yame, no tenpai-yame.
    "tenhou": {
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
    },
    # Mahjong Soul: red fives, open tanyao, no kiriage, double yakuman; multiple ron but no
    # triple-ron draw; the other abortive draws; 25,000 start and 30,000 to end, West entry in
    # sudden death; bankruptcy below zero (not at zero); the last dealer in first place stops on
    # a win or when ready; uma 15/5/-5/-15 without oka (friendly rooms' points).
    "mahjong_soul": {
        "aka": 1,
        "open_tanyao": True,
        "kiriage": False,
        "double_yakuman": True,
        "renhou": "off",
        "double_ron": True,
        "triple_ron_draw": False,
        "start_points": 25000,
        "target_points": 30000,
        "extra_rounds": "sudden_death",
        "extra_round_limit": 1,
        "bust": "below_zero",
        "agari_yame": True,
        "tenpai_yame": True,
        "uma": (15, 5, -5, -15),
        "oka": 0,
        "leftover_sticks": "to_first",
    },
    # WRC 2015: no red fives, 4-30 and 3-60 rounded to mangan, no kazoe yakuman, single
    # yakuman only, renhou a mangan, no nagashi mangan; head bump (one winner), no abortive
    # draw; 30,000 start and return, no oka, uma 15/5/-5/-15; a negative score ends the game;
    # no agari-yame; sticks left at the end are not given to anyone; tied players share the uma
    # of their places (the uma is "modified for ties").
    "wrc": {
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
    },
    # EMA 2016: WRC's rules but multiple winners allowed, 4-30 not rounded to mangan, sticks
    # left at the end to the winner; no red fives, no abortive draw, no nagashi mangan, single
    # yakuman, 13+ han a sanbaiman, renhou a mangan; uma 15/5/-5/-15, no oka; play goes on
    # below zero (no bankruptcy); tied players share their places' uma, as in WRC.
    "ema": {
        "aka": 0,
        "open_tanyao": True,
        "kiriage": False,
        "kazoe": False,
        "double_yakuman": False,
        "renhou": "mangan",
        "nagashi_mangan": False,
        "kuikae": True,
        "double_ron": True,
        **_NO_ABORTS,
        "start_points": 30000,
        "target_points": 30000,
        "extra_rounds": "none",
        "bust": "off",
        "agari_yame": False,
        "tenpai_yame": False,
        "uma": (15, 5, -5, -15),
        "oka": 0,
        "tied_places": "share",
        "leftover_sticks": "to_first",
    },
    # M.League: red fives (three), open tanyao, 7,700 rounded to mangan, no kazoe yakuman;
    # head bump (no double or triple ron), no abortive draw; 25,000 start, 30,000 returned,
    # uma 10-30 (with the oka: +50/+10/-10/-30), split evenly between tied players; no busting;
    # no agari-yame.
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

"""The one allow-list of the language tests: texts that read the same in a language as in
English, so that a test finding English left on a page, or a word of ``web/words.py`` left
untranslated, passes over them.

``EVERYWHERE`` holds what every language writes as English does; ``SAME_IN`` what one language
(or a few) borrows as it is: German and Spanish keep the Japanese terms of riichi (Riichi, Ron,
Dora, Fu ...), the names of sites and events, "Normal"; Chinese writes all of those in its own
characters (立直, 天凤, 普通), so its own list is empty. A text belongs to a language's list only
when that language's catalog keeps it as it is, or when the page composes it from such words
(``West (W)``, ``Haneman (6-7)``). Used by test_table_language.py (words.py's words),
test_table_language_browser.py (the table and replays) and test_forms_language_browser.py (the
calculators, the sheet and the other forms).
"""

from __future__ import annotations

#: the same in every language
EVERYWHERE = frozenset({"M.League"})

#: the riichi limits as the calculators' limit table writes them
_LIMITS = {"Haneman (6-7)", "Baiman (8-10)", "Sanbaiman (11-12)"}
#: the names of sites and events of riichi, kept by German and Spanish
_SITES = {"Tenhou", "Mahjong Soul", "World Riichi Championship", "European Mahjong Association"}
#: riichi's own words, kept by German and Spanish players (Chinese says 立直 荣和 自摸 ...)
_RIICHI_WORDS = {
    "Riichi",
    "Ron",
    "Tsumo",
    "Pon",
    "Chi",
    "Kan",
    "Honba",
    "Furiten",
    "Dora",
    "Ura",
    "Ippatsu",
    "Yakuman",
    "Fan",
    "Tai",
    "Fu",
    "Kong",
    "fu",
}

#: each language's own: the same as English in that language only (or in some)
SAME_IN: dict[str, frozenset[str]] = {
    "de": frozenset(
        _SITES
        | _RIICHI_WORDS
        | _LIMITS
        | {
            "Normal",
            "normal",
            "Standard",
            "West",
            "West (W)",
            "Bots: {bots}",
            "Bot {n} ({level})",
            "Bot 2 (normal)",
            "Hand",
            "Limit",
            "Situation",
            "Notation",
            "Name",
            "Mangan",
            "Haneman",
            "Baiman",
            "Sanbaiman",
            "Nagashi Mangan",
            "Chow",
            "Pung",
            "han",
            "fan",
            "tai",
        }
    ),
    "es": frozenset(
        _SITES
        | _RIICHI_WORDS
        | _LIMITS
        | {
            "Normal",
            "normal",
            "Total",
            "Base",
            "Bots: {bots}",
            "Bot {n} ({level})",
            "4 fu",
            "2 fu",
            "Nagashi mangan",
            "Mangan (5 han)",
            "Hong Kong",
            "Error 404",
            "Doble riichi",
            "yakuman",
            "mangan",
            "haneman",
            "baiman",
            "sanbaiman",
            "chow",
            "pung",
            "han",
            "fan",
            "tai",
        }
    ),
    "zh": frozenset(),
}


def same_in(lang: str) -> frozenset[str]:
    """Return every text that may read the same in ``lang`` as in English."""
    return EVERYWHERE | SAME_IN.get(lang, frozenset())

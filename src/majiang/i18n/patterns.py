"""Every pattern's name as players say it, and its translation into each language.

One row per pattern id of each rule family: ``_p(family, id, traditional, english)``. The
traditional name is the game's own, the same in every language: Japanese kanji and romaji for
riichi, traditional Chinese for Hong Kong and Taiwan, simplified Chinese for Sichuan. The
English name is the catalog's message id (context: the family), translated in each catalog.

``localized_item(variant, item, lang)`` is what the scoring contract's ``lang`` adds to a
result's item: ``translation``, ``traditional`` and a ``name`` that shows both.

>>> localized_item("hk", {"id": "all_pungs", "name": "All pungs", "value": 3}, "de")
{'id': 'all_pungs', 'name': 'Nur Drillinge (對對糊)', 'value': 3, 'translation': 'Nur Drillinge', 'traditional': '對對糊'}
>>> localized_item("riichi", {"id": "pinfu", "name": "Pinfu", "value": 1}, "zh")["name"]
'平和 pinfu'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from majiang.errors import MajiangError
from majiang.i18n import translations

#: the rule family whose names each variant uses
FAMILY = {
    "riichi": "riichi",
    "hk": "hongkong",
    "hk2": "hongkong",
    "hkos": "hongkong",
    "taiwan": "taiwan",
    "sichuan": "sichuan",
}


@dataclass(frozen=True)
class PatternName:
    """A pattern's traditional name and its English name (the catalogs' message id)."""

    family: str
    id: str
    traditional: str
    english: str


NAMES: dict[tuple[str, str], PatternName] = {}


def _p(family: str, pattern_id: str, traditional: str, english: str) -> None:
    """Add one row (the catalogs' extraction reads ``english`` with ``family`` as context)."""
    NAMES[family, pattern_id] = PatternName(family, pattern_id, traditional, english)


# -- Riichi: kanji and romaji ----------------------------------------------------------------
_p("riichi", "riichi", "立直 riichi", "Ready declaration")
_p("riichi", "double_riichi", "両立直 daburu riichi", "Double ready declaration")
_p("riichi", "ippatsu", "一発 ippatsu", "One shot")
_p("riichi", "menzen_tsumo", "門前清自摸和 menzen tsumo", "Closed self-draw")
_p("riichi", "pinfu", "平和 pinfu", "No-points hand")
_p("riichi", "iipeikou", "一盃口 iipeikou", "Pure double sequence")
_p("riichi", "tanyao", "断幺九 tanyao", "All simples")
_p("riichi", "yakuhai_seat_wind", "自風牌 jikaze", "Seat wind")
_p("riichi", "yakuhai_round_wind", "場風牌 bakaze", "Round wind")
_p("riichi", "yakuhai_white", "白 haku", "White dragon")
_p("riichi", "yakuhai_green", "發 hatsu", "Green dragon")
_p("riichi", "yakuhai_red", "中 chun", "Red dragon")
_p("riichi", "haitei", "海底摸月 haitei raoyue", "Last tile from the wall")
_p("riichi", "houtei", "河底撈魚 houtei raoyui", "Last discard")
_p("riichi", "rinshan", "嶺上開花 rinshan kaihou", "Win after a kong")
_p("riichi", "chankan", "搶槓 chankan", "Robbing a kong")
_p("riichi", "chiitoitsu", "七対子 chiitoitsu", "Seven pairs")
_p("riichi", "sanshoku", "三色同順 sanshoku doujun", "Mixed triple sequence")
_p("riichi", "ittsu", "一気通貫 ittsu", "Pure straight")
_p("riichi", "chanta", "混全帯幺九 chanta", "Half outside hand")
_p("riichi", "toitoi", "対々和 toitoi", "All triplets")
_p("riichi", "sanankou", "三暗刻 sanankou", "Three concealed triplets")
_p("riichi", "sanshoku_doukou", "三色同刻 sanshoku doukou", "Triple triplets")
_p("riichi", "sankantsu", "三槓子 sankantsu", "Three kongs")
_p("riichi", "honroutou", "混老頭 honroutou", "All terminals and honors")
_p("riichi", "shousangen", "小三元 shousangen", "Little three dragons")
_p("riichi", "honitsu", "混一色 honitsu", "Half flush")
_p("riichi", "junchan", "純全帯幺九 junchan", "Fully outside hand")
_p("riichi", "ryanpeikou", "二盃口 ryanpeikou", "Twice pure double sequence")
_p("riichi", "chinitsu", "清一色 chinitsu", "Full flush")
_p("riichi", "renhou", "人和 renhou", "Blessing of man (mangan)")
_p("riichi", "dora", "ドラ dora", "Bonus tiles")
_p("riichi", "ura_dora", "裏ドラ ura dora", "Hidden bonus tiles")
_p("riichi", "aka_dora", "赤ドラ aka dora", "Red fives")
_p("riichi", "nagashi_mangan", "流し満貫 nagashi mangan", "Terminal and honor discards")
_p("riichi", "kokushi", "国士無双 kokushi musou", "Thirteen orphans")
_p(
    "riichi",
    "kokushi_13_wait",
    "国士無双十三面 kokushi juusanmen",
    "Thirteen orphans, 13-sided wait",
)
_p("riichi", "suuankou", "四暗刻 suuankou", "Four concealed triplets")
_p("riichi", "suuankou_tanki", "四暗刻単騎 suuankou tanki", "Four concealed triplets, single wait")
_p("riichi", "daisangen", "大三元 daisangen", "Big three dragons")
_p("riichi", "shousuushii", "小四喜 shousuushii", "Little four winds")
_p("riichi", "daisuushii", "大四喜 daisuushii", "Big four winds")
_p("riichi", "tsuuiisou", "字一色 tsuuiisou", "All honors")
_p("riichi", "chinroutou", "清老頭 chinroutou", "All terminals")
_p("riichi", "ryuuiisou", "緑一色 ryuuiisou", "All green")
_p("riichi", "chuuren_poutou", "九蓮宝燈 chuuren poutou", "Nine gates")
_p("riichi", "junsei_chuuren_poutou", "純正九蓮宝燈 junsei chuuren poutou", "True nine gates")
_p("riichi", "suukantsu", "四槓子 suukantsu", "Four kongs")
_p("riichi", "tenhou", "天和 tenhou", "Blessing of heaven")
_p("riichi", "chiihou", "地和 chiihou", "Blessing of earth")
_p("riichi", "renhou_yakuman", "人和 renhou", "Blessing of man (yakuman)")

# -- Hong Kong (hk, hk2, hkos): traditional Chinese -----------------------------------------
_p("hongkong", "all_chows", "平糊", "All chows")
_p("hongkong", "concealed_hand", "門前清", "Concealed hand")
_p("hongkong", "self_drawn", "自摸", "Self-drawn")
_p("hongkong", "white_dragon_pung", "白板", "White dragon pung")
_p("hongkong", "green_dragon_pung", "發財", "Green dragon pung")
_p("hongkong", "red_dragon_pung", "紅中", "Red dragon pung")
_p("hongkong", "seat_wind_pung", "門風", "Seat wind pung")
_p("hongkong", "round_wind_pung", "圈風", "Round wind pung")
_p("hongkong", "terminals_and_honors", "混么九", "Terminals and honors")
_p("hongkong", "robbing_kong", "搶槓", "Robbing a kong")
_p("hongkong", "kong_replacement", "槓上開花", "Win on a kong replacement")
_p("hongkong", "last_tile", "海底撈月", "Win on the last tile")
_p("hongkong", "half_flush", "混一色", "Half flush")
_p("hongkong", "all_pungs", "對對糊", "All pungs")
_p("hongkong", "small_three_dragons", "小三元", "Small three dragons")
_p("hongkong", "big_three_dragons", "大三元", "Big three dragons")
_p("hongkong", "full_flush", "清一色", "Full flush")
_p("hongkong", "all_honors", "字一色", "All honors")
_p("hongkong", "small_four_winds", "小四喜", "Small four winds")
_p("hongkong", "big_four_winds", "大四喜", "Big four winds")
_p("hongkong", "four_concealed_pungs", "坎坎糊", "Four concealed pungs")
_p("hongkong", "four_kongs", "十八羅漢", "Four kongs")
_p("hongkong", "all_terminals", "清么九", "All terminals")
_p("hongkong", "heavenly_hand", "天糊", "Heavenly hand")
_p("hongkong", "earthly_hand", "地糊", "Earthly hand")
_p("hongkong", "thirteen_orphans", "十三么", "Thirteen orphans")
_p("hongkong", "consecutive_kongs", "槓上槓", "Kong on kong")
_p("hongkong", "nine_gates", "九子連環", "Nine gates")
_p("hongkong", "seat_flower", "正花", "Seat flower")
_p("hongkong", "seat_season", "正季", "Seat season")
_p("hongkong", "four_flowers", "梅蘭菊竹", "Four flowers")
_p("hongkong", "four_seasons", "春夏秋冬", "Four seasons")
_p("hongkong", "all_bonus_tiles", "八仙過海", "All eight flowers and seasons")
_p("hongkong", "no_bonus_tiles", "無花", "No flowers")

# -- Taiwan: traditional Chinese --------------------------------------------------------------
_p("taiwan", "closed_hand", "門清", "Closed hand")
_p("taiwan", "closed_self_draw", "門清自摸", "Closed self-draw")
_p("taiwan", "self_draw", "自摸", "Self-drawn")
_p("taiwan", "all_chows", "平胡", "All chows")
_p("taiwan", "fully_open_hand", "全求人", "Fully open hand")
_p("taiwan", "all_pungs", "碰碰胡", "All pungs")
_p("taiwan", "three_concealed_pungs", "三暗刻", "Three concealed pungs")
_p("taiwan", "four_concealed_pungs", "四暗刻", "Four concealed pungs")
_p("taiwan", "five_concealed_pungs", "五暗刻", "Five concealed pungs")
_p("taiwan", "dragon_white", "白板", "White dragon pung")
_p("taiwan", "dragon_green", "青發", "Green dragon pung")
_p("taiwan", "dragon_red", "紅中", "Red dragon pung")
_p("taiwan", "little_three_dragons", "小三元", "Little three dragons")
_p("taiwan", "big_three_dragons", "大三元", "Big three dragons")
_p("taiwan", "round_wind", "圈風", "Round wind pung")
_p("taiwan", "seat_wind", "門風", "Seat wind pung")
_p("taiwan", "little_four_winds", "小四喜", "Little four winds")
_p("taiwan", "big_four_winds", "大四喜", "Big four winds")
_p("taiwan", "half_flush", "混一色", "Half flush")
_p("taiwan", "full_flush", "清一色", "Full flush")
_p("taiwan", "all_honors", "字一色", "All honors")
_p("taiwan", "seat_flower", "正花", "Own flower")
_p("taiwan", "seat_season", "正花", "Own season")
_p("taiwan", "flower_set", "花槓", "Four flowers")
_p("taiwan", "season_set", "花槓", "Four seasons")
_p("taiwan", "single_wait", "獨聽", "Single wait")
_p("taiwan", "last_tile", "海底撈月", "Self-drawn last tile")
_p("taiwan", "last_discard", "河底撈魚", "Won on the last discard")
_p("taiwan", "kong_replacement", "槓上開花", "Won on a kong replacement")
_p("taiwan", "robbing_kong", "搶槓", "Robbing a kong")
_p("taiwan", "lik_gu_lik_gu", "嚦咕嚦咕", "Seven pairs and a pung")
_p("taiwan", "heavenly_hand", "天胡", "Heavenly hand")
_p("taiwan", "earthly_hand", "地胡", "Earthly hand")
_p("taiwan", "human_hand", "人胡", "Human hand")
_p("taiwan", "eight_flowers", "八仙過海", "Eight bonus tiles")
_p("taiwan", "seven_rob_eighth", "七搶一", "Seven bonus tiles robbing the eighth")
_p("taiwan", "flower_replacement", "花上開花", "Won on a bonus tile's replacement")

# -- Sichuan: simplified Chinese ----------------------------------------------------------------
_p("sichuan", "plain_hand", "平胡", "Plain hand")
_p("sichuan", "all_pungs", "对对胡", "All pungs")
_p("sichuan", "pure_suit", "清一色", "Pure suit")
_p("sichuan", "terminals_in_every_set", "全带幺", "Terminals in every set")
_p("sichuan", "seven_pairs", "七对", "Seven pairs")
_p("sichuan", "dragon_seven_pairs", "龙七对", "Dragon seven pairs")
_p("sichuan", "pungs_258", "将对", "2-5-8 pungs")
_p("sichuan", "golden_hook", "金钩钓", "Golden hook")
_p("sichuan", "root", "根", "Root")
_p("sichuan", "kong_replacement", "杠上开花", "Win on a kong replacement tile")
_p("sichuan", "kong_discard", "杠上炮", "Win on the discard after a kong")
_p("sichuan", "robbing_kong", "抢杠胡", "Robbing a kong")
_p("sichuan", "last_tile", "海底捞月", "Self-drawn last tile")
_p("sichuan", "last_discard", "海底炮", "Win on the last discard")
_p("sichuan", "self_draw", "自摸加番", "Self-draw bonus")
_p("sichuan", "heavenly", "天胡", "Heavenly hand")
_p("sichuan", "earthly", "地胡", "Earthly hand")


def pattern_name(variant: str, pattern_id: str) -> PatternName:
    """Return the names of one pattern of a variant, or raise ``MajiangError`` naming it."""
    family = FAMILY.get(variant)
    if family is None:
        raise MajiangError(f"unknown variant {variant!r}")
    try:
        return NAMES[family, pattern_id]
    except KeyError:
        raise MajiangError(f"no name for pattern {pattern_id!r} of {variant}") from None


def translated(variant: str, pattern_id: str, lang: str) -> str:
    """Return a pattern's name translated into ``lang``.

    >>> translated("sichuan", "golden_hook", "de"), translated("sichuan", "golden_hook", "zh")
    ('Goldener Haken', '金钩钓')
    """
    names = pattern_name(variant, pattern_id)
    return translations(lang).pgettext(names.family, names.english)


def display(translation: str, traditional: str) -> str:
    """Return the translation with the traditional name beside it, once when they agree.

    >>> display("Reine Farbe", "清一色"), display("清一色", "清一色"), display("Dora", "ドラ dora")
    ('Reine Farbe (清一色)', '清一色', 'ドラ dora')
    """
    if translation.casefold() in traditional.casefold():
        return traditional
    return f"{translation} ({traditional})"


def localized_item(variant: str, item: dict[str, Any], lang: str) -> dict[str, Any]:
    """Return a result item with its name in ``lang``: ``translation``, ``traditional`` and a
    ``name`` showing both (the id and value as they were)."""
    names = pattern_name(variant, item["id"])
    translation = translated(variant, item["id"], lang)
    name = display(translation, names.traditional)
    # Sichuan's root names the tiles it counts ("Roots (5m, 3p)"): the name keeps them
    tiles = re.fullmatch(r"Roots? \((.*)\)", item["name"]) if item["id"] == "root" else None
    if tiles:
        name = f"{name}: {tiles.group(1)}"
    return {
        **item,
        "name": name,
        "translation": translation,
        "traditional": names.traditional,
    }

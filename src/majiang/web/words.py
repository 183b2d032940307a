"""Words for players: the labels and one-line helps of every option a page offers, and the full
names of lengths, so no page shows an option's key (``kiriage``) or a variant's id (``hk``).

One table per kind of thing, next to nothing else: a later change translates these strings
(gettext), and the pages take them from here only (``meta.option_meta`` adds them to each
option; the home form and the calculators draw them; the table page gets them in the room).

>>> option_words("kiriage")
('Round up to mangan (kiriage)', '4 han 30 fu and 3 han 60 fu pay as a mangan.')
>>> choice_label("renhou", "off")
'Off'
"""

from __future__ import annotations

from typing import Any

from majiang.rules import VARIANTS, get_ruleset

#: option key -> (label, one-line help), for every option of every variant (a test holds it)
OPTION_WORDS: dict[str, tuple[str, str]] = {
    # riichi
    "kiriage": ("Round up to mangan (kiriage)", "4 han 30 fu and 3 han 60 fu pay as a mangan."),
    "double_yakuman": (
        "Double yakuman",
        "Several yakuman in one hand add up, and the double forms count twice.",
    ),
    "kazoe": ("Counted yakuman (kazoe)", "13 han or more pay as a yakuman (off: as sanbaiman)."),
    "open_tanyao": ("Open all simples (kuitan)", "All simples (tanyao) also counts after a call."),
    "aka": ("Red fives", "How many red fives each suit has; each is worth a dora."),
    "renhou": (
        "Win before your first draw (renhou)",
        "What a non-dealer's win on a discard before their first draw is worth.",
    ),
    "double_wind_pair_fu": (
        "Fu for a double wind pair",
        "Fu for a pair that is both the seat wind and the round wind.",
    ),
    "nagashi_mangan": (
        "Mangan at a draw for all terminal discards (nagashi)",
        "At an exhaustive draw, a player who discarded only terminals and honours, none "
        "called, is paid a mangan.",
    ),
    "pao": (
        "Liability (pao)",
        "A player who fed the last set of big dragons or big winds pays for that win.",
    ),
    "start_points": ("Starting points", "Each player's points at the start of the game."),
    "bust": ("Busting", "When a player's points run out, the game ends at once."),
    "target_points": (
        "Points to finish",
        "Someone must hold this many after the last round, or the game plays on.",
    ),
    "extra_rounds": (
        "When nobody has the points to finish",
        "What happens if nobody reached the points to finish after the last round.",
    ),
    "extra_round_limit": (
        "Extra rounds at most",
        "How many extra rounds of winds may be played before the game ends anyway.",
    ),
    "agari_yame": (
        "Dealer may stop after winning the last hand",
        "A dealer in first place who wins the game's last hand ends the game there.",
    ),
    "tenpai_yame": (
        "Dealer may stop when ready at the last draw",
        "A dealer in first place who is ready when the last hand runs out ends the game.",
    ),
    "uma": (
        "Placement bonus (uma)",
        "Thousands of points added for 1st, 2nd, 3rd and 4th place in the final standings.",
    ),
    "oka": (
        "First place bonus (oka)",
        "Points the winner of the game takes from everyone's starting stack at the end.",
    ),
    "tied_places": (
        "Players tied at the end",
        "Who places higher when two players finish on the same points.",
    ),
    "leftover_sticks": (
        "Riichi sticks left at the end",
        "Who gets the riichi sticks still on the table when the game ends.",
    ),
    "preset": (
        "Rule set",
        "Start from the rules of a well-known site or tournament; options you change here "
        "override it.",
    ),
    "double_ron": (
        "Two winners on one discard",
        "Two players may win on the same discard (off: the first in turn wins alone).",
    ),
    "triple_ron_draw": (
        "Three winners abort the hand",
        "Three players winning on one discard end the hand as a draw.",
    ),
    "kuikae": (
        "No swap after a call (kuikae)",
        "After a chi or pon, the tile called (or the one it replaces) may not be discarded.",
    ),
    "abort_nine_terminals": (
        "Draw on nine terminals",
        "A player with nine different terminals and honours on the first draw may end the hand.",
    ),
    "abort_four_winds": (
        "Draw on four same winds",
        "The hand ends when all four discard the same wind on the first go-around.",
    ),
    "abort_four_riichi": (
        "Draw on four riichi",
        "The hand ends when all four players have declared riichi.",
    ),
    "abort_four_kongs": (
        "Draw on four kongs",
        "The hand ends when four kongs are made by more than one player.",
    ),
    "noten_payment": (
        "Payment at a draw",
        "Points the players not ready pay to those ready at an exhaustive draw; a multiple of "
        "6, so that it splits evenly between one, two or three players.",
    ),
    # Hong Kong
    "min_fan": ("Minimum fan", "The fewest fan a hand needs to win."),
    "max_fan": ("Fan limit", "The most fan a hand is paid for; bigger hands pay the limit."),
    "table": (
        "Point table",
        "Half spicy or full spicy (doubling each fan), or your own {fan: points} table.",
    ),
    "discard_pays": (
        "Who pays a win on a discard",
        "The discarder pays for all, or half the payment and the other two a quarter each.",
    ),
    "stake": ("Stake", "Every payment is multiplied by this."),
    "golden_table": (
        "Golden point table",
        "Your own {fan: points} table; by default each fan doubles, paid by the opponent.",
    ),
    "seat_flower_fan": ("Fan for your own flower", "Fan for each flower or season of your seat."),
    "flower_set_fan": (
        "Fan for a set of flowers",
        "Fan for all four flowers (or all four seasons), instead of the seat tile's.",
    ),
    "all_flowers_fan": ("Fan for all eight flowers", "Fan for all eight flowers and seasons."),
    "no_flower_fan": ("Fan for no flowers", "1 fan for a hand with no flower or season."),
    # Taiwan and Sichuan
    "base": ("Base points", "What every win is worth before its tai or fan."),
    "tai_value": ("Points per tai", "Points each tai is worth, the dealer's tai included."),
    "stack_dragon_tai": (
        "Dragon sets add up",
        "Little or big three dragons also count each dragon set's 1 tai.",
    ),
    "stack_wind_tai": (
        "Wind sets add up",
        "Little or big four winds also count each wind set's tai.",
    ),
    "eight_flowers": ("Eight flowers win", "All eight bonus tiles: 8 tai and an instant win."),
    "seven_rob_eighth": (
        "Seven flowers rob the eighth",
        "Holding seven bonus tiles, winning on the eighth: 8 tai.",
    ),
    "flower_replacement_win": (
        "Win on a flower's replacement",
        "A win on a bonus tile's replacement counts 1 tai, like a kong's replacement.",
    ),
    "self_draw": ("Self-draw bonus", "What winning on your own draw adds."),
    "kong_flower_from_discard": (
        "Win after a kong called from a discard",
        "Paid as a self-draw, or by the player who discarded the kong's tile.",
    ),
    "missing_suit": (
        "Missing suit",
        "A player holding tiles of all three suits cannot win.",
    ),
    "exchange_three": ("Exchange three tiles", "Pass three tiles of one suit after the deal."),
    "exchange_direction": ("Exchange direction", "Where the three tiles go."),
}

#: option key -> {choice: label}, for choices that are not words already
CHOICE_WORDS: dict[str, dict[Any, str]] = {
    "aka": {0: "None", 1: "One per suit"},
    "bust": {"below_zero": "Below zero", "at_zero": "At zero", "off": "Never"},
    "extra_rounds": {
        "none": "The game ends",
        "west": "A whole West round",
        "sudden_death": "Play on until someone has them",
    },
    "tied_places": {
        "seat": "The seat nearer the first dealer",
        "share": "They share their places' bonuses",
    },
    "leftover_sticks": {"to_first": "To first place", "lost": "Nobody"},
    "preset": {
        None: "None: the options below",
        "tenhou": "Tenhou",
        "mahjong_soul": "Mahjong Soul",
        "wrc": "World Riichi Championship",
        "ema": "European Mahjong Association",
        "mleague": "M.League",
    },
    "renhou": {"off": "Off", "mangan": "A mangan", "yakuman": "A yakuman"},
    "double_wind_pair_fu": {4: "4 fu", 2: "2 fu"},
    "discard_pays": {"all": "The discarder pays all", "half": "Half, the others a quarter each"},
    "self_draw": {
        "plus_one_base": "Each payer adds one base",
        "plus_one_fan": "One fan more",
        "none": "Nothing",
    },
    "kong_flower_from_discard": {
        "self_draw": "As a self-draw",
        "discarder_pays": "The discarder pays",
    },
    "exchange_direction": {
        "dice": "By the dice",
        "next": "To the next player",
        "across": "Across",
        "previous": "To the previous player",
    },
}

#: private rooms: how long the next hand waits for everyone to press *Next hand* (label,
#: seconds; 0: no countdown), and its help
#: how a player reads the reason of an abortive draw (a score sheet's entry, a table's result)
ABORTIVE_WORDS = {
    "nine_terminals": "Nine different terminals and honours",
    "four_winds": "Four of the same wind discarded",
    "four_riichi": "Four riichi",
    "four_kongs": "Four kongs by more than one player",
    "triple_ron": "Three players winning on one discard",
}

NEXT_HAND_WORDS = (("1 minute", 60), ("2 minutes", 120), ("Until everyone is ready", 0))
NEXT_HAND_HELP = (
    "Private rooms: after a hand, how long the next one waits for everyone to press Next hand."
    " Practice tables wait for you."
)

#: game lengths as players say them
LENGTH_WORDS = {
    "one_hand": "One hand",
    "east": "East round",
    "south": "East and South (hanchan)",
    "full": "Full game (four rounds)",
}


#: the bot strengths a table may ask for (the server's ``TableOptions.bot_level``), as players
#: read them: label and one line of help. The thinking times were measured on a loaded 2-core
#: machine, each bot playing whole hands of every variant (docs/web.md, "Decisions")
BOT_WORDS: dict[str, tuple[str, str]] = {
    "beginner": ("Beginner", "Plays loosely and misses chances. Moves at once."),
    "normal": ("Normal", "A sound player. Moves at once."),
    "expert": ("Expert", "Reads the table and defends. Moves at once (under 0.05 s)."),
    "master": (
        "Master (thinks up to 1 s)",
        "The strongest: looks ahead on hard choices, about 1 s on one move in ten.",
    ),
}


def table_words() -> dict[str, Any]:
    """Return the words the table page needs (variants, lengths, bots), ready for JSON.

    >>> table_words()["variants"]["hkos"]
    'Hong Kong Old Style'
    """
    return {
        "variants": {v: get_ruleset(v).name for v in VARIANTS},
        "lengths": LENGTH_WORDS,
        "bots": {level: label for level, (label, _) in BOT_WORDS.items()},
    }


def option_words(name: str) -> tuple[str, str]:
    """Return the label and the help of option ``name`` (its key, made readable, if unknown)."""
    return OPTION_WORDS.get(name, (name.replace("_", " ").capitalize(), ""))


def choice_label(name: str, choice: Any) -> str:
    """Return how a choice of option ``name`` reads."""
    return CHOICE_WORDS.get(name, {}).get(choice, str(choice).replace("_", " ").capitalize())


def value_words(name: str, value: Any) -> str:
    """Return how a value of option ``name`` reads: On / Off, a choice's label, a number.

    >>> value_words("kiriage", False), value_words("aka", 1), value_words("golden_table", None)
    ('Off', 'One per suit', 'Standard')
    """
    if isinstance(value, bool):
        return "On" if value else "Off"
    if name in CHOICE_WORDS:
        return choice_label(name, value)
    if value is None:
        return "Standard"
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)

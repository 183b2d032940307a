"""Words for players: the labels and one-line helps of every option a page offers, the full
names of lengths, and the tiles, suits and situations in words, so no page shows an option's key
(``kiriage``), a variant's id (``hk``) or a situation's (``robbing_kong``).

One table per kind of thing, next to nothing else. The tables hold the English words marked
``N_`` for the catalogs; the functions below return them in the language of the moment
(``majiang.i18n``), so the pages take them from the functions (``meta.option_meta`` adds them to
each option; the home form and the calculators draw them; the table page gets them in the room).

>>> option_words("kiriage")
('Round up to mangan (kiriage)', '4 han 30 fu and 3 han 60 fu pay as a mangan.')
>>> choice_label("renhou", "off")
'Off'
>>> from majiang.i18n import use
>>> with use("de"):
...     choice_label("renhou", "off"), option_words("kiriage")[0]
('Aus', 'Aufrunden auf Mangan (Kiriage)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from majiang.i18n import N_, _
from majiang.rules import VARIANTS, get_ruleset
from majiang.tiles import (
    FLOWER_BASE,
    Tile,
    is_bonus,
    is_honor,
    is_red,
    number,
    parse_tile,
    suit,
    tile_name,
)

#: option key -> (label, one-line help), for every option of every variant (a test holds it)
OPTION_WORDS: dict[str, tuple[str, str]] = {
    # riichi
    "kiriage": (
        N_("Round up to mangan (kiriage)"),
        N_("4 han 30 fu and 3 han 60 fu pay as a mangan."),
    ),
    "double_yakuman": (
        N_("Double yakuman"),
        N_("Several yakuman in one hand add up, and the double forms count twice."),
    ),
    "kazoe": (
        N_("Counted yakuman (kazoe)"),
        N_("13 han or more pay as a yakuman (off: as sanbaiman)."),
    ),
    "open_tanyao": (
        N_("Open all simples (kuitan)"),
        N_("All simples (tanyao) also counts after a call."),
    ),
    "aka": (N_("Red fives"), N_("How many red fives each suit has; each is worth a dora.")),
    "renhou": (
        N_("Win before your first draw (renhou)"),
        N_("What a non-dealer's win on a discard before their first draw is worth."),
    ),
    "double_wind_pair_fu": (
        N_("Fu for a double wind pair"),
        N_("Fu for a pair that is both the seat wind and the round wind."),
    ),
    "nagashi_mangan": (
        N_("Mangan at a draw for all terminal discards (nagashi)"),
        N_(
            "At an exhaustive draw, a player who discarded only terminals and honours, none "
            "called, is paid a mangan."
        ),
    ),
    "pao": (
        N_("Liability (pao)"),
        N_("A player who fed the last set of big dragons or big winds pays for that win."),
    ),
    "start_points": (N_("Starting points"), N_("Each player's points at the start of the game.")),
    "bust": (N_("Busting"), N_("When a player's points run out, the game ends at once.")),
    "target_points": (
        N_("Points to finish"),
        N_("Someone must hold this many after the last round, or the game plays on."),
    ),
    "extra_rounds": (
        N_("When nobody has the points to finish"),
        N_("What happens if nobody reached the points to finish after the last round."),
    ),
    "extra_round_limit": (
        N_("Extra rounds at most"),
        N_("How many extra rounds of winds may be played before the game ends anyway."),
    ),
    "agari_yame": (
        N_("Dealer may stop after winning the last hand"),
        N_("A dealer in first place who wins the game's last hand ends the game there."),
    ),
    "tenpai_yame": (
        N_("Dealer may stop when ready at the last draw"),
        N_("A dealer in first place who is ready when the last hand runs out ends the game."),
    ),
    "uma": (
        N_("Placement bonus (uma)"),
        N_("Thousands of points added for 1st, 2nd, 3rd and 4th place in the final standings."),
    ),
    "oka": (
        N_("First place bonus (oka)"),
        N_("Points the winner of the game takes from everyone's starting stack at the end."),
    ),
    "tied_places": (
        N_("Players tied at the end"),
        N_("Who places higher when two players finish on the same points."),
    ),
    "leftover_sticks": (
        N_("Riichi sticks left at the end"),
        N_("Who gets the riichi sticks still on the table when the game ends."),
    ),
    "preset": (
        N_("Rule set"),
        N_(
            "Start from the rules of a well-known site or tournament; options you change here "
            "override it."
        ),
    ),
    "double_ron": (
        N_("Two winners on one discard"),
        N_("Two players may win on the same discard (off: the first in turn wins alone)."),
    ),
    "triple_ron_draw": (
        N_("Three winners abort the hand"),
        N_("Three players winning on one discard end the hand as a draw."),
    ),
    "kuikae": (
        N_("No swap after a call (kuikae)"),
        N_("After a chi or pon, the tile called (or the one it replaces) may not be discarded."),
    ),
    "abort_nine_terminals": (
        N_("Draw on nine terminals"),
        N_(
            "A player with nine different terminals and honours on the first draw may end the hand."
        ),
    ),
    "abort_four_winds": (
        N_("Draw on four same winds"),
        N_("The hand ends when all four discard the same wind on the first go-around."),
    ),
    "abort_four_riichi": (
        N_("Draw on four riichi"),
        N_("The hand ends when all four players have declared riichi."),
    ),
    "abort_four_kongs": (
        N_("Draw on four kongs"),
        N_("The hand ends when four kongs are made by more than one player."),
    ),
    "noten_payment": (
        N_("Payment at a draw"),
        N_(
            "Points the players not ready pay to those ready at an exhaustive draw; a multiple of "
            "6, so that it splits evenly between one, two or three players."
        ),
    ),
    # Hong Kong
    "min_fan": (N_("Minimum fan"), N_("The fewest fan a hand needs to win.")),
    "max_fan": (
        N_("Fan limit"),
        N_("The most fan a hand is paid for; bigger hands pay the limit."),
    ),
    "table": (
        N_("Point table"),
        N_("Half spicy or full spicy (doubling each fan), or your own {fan: points} table."),
    ),
    "discard_pays": (
        N_("Who pays a win on a discard"),
        N_("The discarder pays for all, or half the payment and the other two a quarter each."),
    ),
    "stake": (N_("Stake"), N_("Every payment is multiplied by this.")),
    "golden_table": (
        N_("Golden point table"),
        N_("Your own {fan: points} table; by default each fan doubles, paid by the opponent."),
    ),
    "seat_flower_fan": (
        N_("Fan for your own flower"),
        N_("Fan for each flower or season of your seat."),
    ),
    "flower_set_fan": (
        N_("Fan for a set of flowers"),
        N_("Fan for all four flowers (or all four seasons), instead of the seat tile's."),
    ),
    "all_flowers_fan": (
        N_("Fan for all eight flowers"),
        N_("Fan for all eight flowers and seasons."),
    ),
    "no_flower_fan": (N_("Fan for no flowers"), N_("1 fan for a hand with no flower or season.")),
    # Taiwan and Sichuan
    "base": (N_("Base points"), N_("What every win is worth before its tai or fan.")),
    "tai_value": (N_("Points per tai"), N_("Points each tai is worth, the dealer's tai included.")),
    "stack_dragon_tai": (
        N_("Dragon sets add up"),
        N_("Little or big three dragons also count each dragon set's 1 tai."),
    ),
    "stack_wind_tai": (
        N_("Wind sets add up"),
        N_("Little or big four winds also count each wind set's tai."),
    ),
    "eight_flowers": (
        N_("Eight flowers win"),
        N_("All eight bonus tiles: 8 tai and an instant win."),
    ),
    "seven_rob_eighth": (
        N_("Seven flowers rob the eighth"),
        N_("Holding seven bonus tiles, winning on the eighth: 8 tai."),
    ),
    "flower_replacement_win": (
        N_("Win on a flower's replacement"),
        N_("A win on a bonus tile's replacement counts 1 tai, like a kong's replacement."),
    ),
    "self_draw": (N_("Self-draw bonus"), N_("What winning on your own draw adds.")),
    "kong_flower_from_discard": (
        N_("Win after a kong called from a discard"),
        N_("Paid as a self-draw, or by the player who discarded the kong's tile."),
    ),
    "missing_suit": (
        N_("Missing suit"),
        N_("A player holding tiles of all three suits cannot win."),
    ),
    "exchange_three": (
        N_("Exchange three tiles"),
        N_("Pass three tiles of one suit after the deal."),
    ),
    "exchange_direction": (N_("Exchange direction"), N_("Where the three tiles go.")),
}

#: option key -> {choice: label}, for choices that are not words already
CHOICE_WORDS: dict[str, dict[Any, str]] = {
    "aka": {0: N_("None"), 1: N_("One per suit")},
    "bust": {"below_zero": N_("Below zero"), "at_zero": N_("At zero"), "off": N_("Never")},
    "extra_rounds": {
        "none": N_("The game ends"),
        "west": N_("A whole West round"),
        "sudden_death": N_("Play on until someone has them"),
    },
    "tied_places": {
        "seat": N_("The seat nearer the first dealer"),
        "share": N_("They share their places' bonuses"),
    },
    "table": {"half_spicy": N_("Half spicy"), "full_spicy": N_("Full spicy")},
    "leftover_sticks": {"to_first": N_("To first place"), "lost": N_("Nobody")},
    "preset": {
        None: N_("None: the options below"),
        "tenhou": N_("Tenhou"),
        "mahjong_soul": N_("Mahjong Soul"),
        "wrc": N_("World Riichi Championship"),
        "ema": N_("European Mahjong Association"),
        "mleague": N_("M.League"),
    },
    "renhou": {"off": N_("Off"), "mangan": N_("A mangan"), "yakuman": N_("A yakuman")},
    "double_wind_pair_fu": {4: N_("4 fu"), 2: N_("2 fu")},
    "discard_pays": {
        "all": N_("The discarder pays all"),
        "half": N_("Half, the others a quarter each"),
    },
    "self_draw": {
        "plus_one_base": N_("Each payer adds one base"),
        "plus_one_fan": N_("One fan more"),
        "none": N_("Nothing"),
    },
    "kong_flower_from_discard": {
        "self_draw": N_("As a self-draw"),
        "discarder_pays": N_("The discarder pays"),
    },
    "exchange_direction": {
        "dice": N_("By the dice"),
        "next": N_("To the next player"),
        "across": N_("Across"),
        "previous": N_("To the previous player"),
    },
}

#: private rooms: how long the next hand waits for everyone to press *Next hand* (label,
#: seconds; 0: no countdown), and its help
#: how a player reads the reason of an abortive draw (a score sheet's entry, a table's result)
ABORTIVE_WORDS = {
    "nine_terminals": N_("Nine different terminals and honours"),
    "four_winds": N_("Four of the same wind discarded"),
    "four_riichi": N_("Four riichi"),
    "four_kongs": N_("Four kongs by more than one player"),
    "triple_ron": N_("Three players winning on one discard"),
}

#: why points moved (the engine's ``points_moved`` reasons), as a result or a replay names it
PAYMENT_WORDS = {
    "win": N_("Win"),
    "riichi": N_("Riichi stick"),
    "noten": N_("Payments at the draw (ready / not ready)"),
    "nagashi_mangan": N_("Nagashi mangan"),
    "heavenly": N_("Heavenly hand"),
    "earthly": N_("Earthly hand"),
    "kong": N_("Kong payments"),
    "kong_passed_on": N_("Kong payment passed on to the winner"),
    "not_ready": N_("Not ready at the draw"),
    "kong_returned": N_("Kong payments returned"),
    "final_sticks": N_("Riichi sticks left at the end, to the first"),
    "three_suits": N_("Still holding three suits at the draw"),
}

NEXT_HAND_WORDS = ((N_("1 minute"), 60), (N_("2 minutes"), 120), (N_("Until everyone is ready"), 0))
NEXT_HAND_HELP = N_(
    "Private rooms: after a hand, how long the next one waits for everyone to press Next hand."
    " Practice tables wait for you."
)

#: the tiles in words, as a page names one (the calculators' palette for a screen reader, the
#: rules pages' captions; ``tile_words``): the honours, a suit's numbers, the red fives
HONOR_WORDS = {
    "1z": N_("East wind"),
    "2z": N_("South wind"),
    "3z": N_("West wind"),
    "4z": N_("North wind"),
    "5z": N_("White dragon"),
    "6z": N_("Green dragon"),
    "7z": N_("Red dragon"),
}
NUMBER_WORDS = {"m": N_("{n} of characters"), "p": N_("{n} of dots"), "s": N_("{n} of bamboo")}
RED_WORDS = {
    "m": N_("red 5 of characters"),
    "p": N_("red 5 of dots"),
    "s": N_("red 5 of bamboo"),
}
#: the suits by themselves (a suit declared void, a missing suit: the table and replays)
SUIT_WORDS = {"m": N_("characters"), "p": N_("dots"), "s": N_("bamboo")}
#: the scoring contract's situations: the calculators' boxes, what the rules pages' examples
#: also came with
SITUATION_WORDS = {
    "riichi": N_("Riichi"),
    "double_riichi": N_("Double riichi"),
    "ippatsu": N_("Ippatsu"),
    "last_tile": N_("Won on the last wall tile"),
    "last_discard": N_("Won on the last discard"),
    "kong_replacement": N_("Won on a kong replacement"),
    "kong_discard": N_("Won on the discard after a kong"),
    "robbing_kong": N_("Robbing a kong"),
    "consecutive_kongs": N_("Kong on kong"),
    "heavenly": N_("Heavenly hand (dealer, on the deal)"),
    "earthly": N_("Earthly hand (first draw)"),
    "human": N_("Human hand (before the first draw)"),
    "nagashi_mangan": N_("Nagashi mangan (at a draw)"),
    "robbing_flower": N_("Seven bonus tiles robbing the eighth"),
    "flower_replacement": N_("Won on a bonus tile's replacement"),
}


def tile_words(t: Tile, say: Callable[[str], str] = _) -> str:
    """Return a tile's name in words, each word through ``say`` (the language of the moment;
    the rules pages pass theirs, which also writes Hong Kong's and Taiwan's characters).

    >>> from majiang.tiles import parse_tile
    >>> [tile_words(parse_tile(t)) for t in ("3p", "0s", "6z", "6f")]
    ['3 of dots', 'red 5 of bamboo', 'Green dragon', 'Season 2']
    """
    if is_honor(t):
        return say(HONOR_WORDS[tile_name(t)])
    if is_bonus(t):
        n = t - FLOWER_BASE
        if n < 4:
            return say(N_("Flower {n}")).format(n=n + 1)
        return say(N_("Season {n}")).format(n=n - 3)
    if is_red(t):
        return say(RED_WORDS[suit(t)])
    return say(NUMBER_WORDS[suit(t)]).format(n=number(t))


#: game lengths as players say them
LENGTH_WORDS = {
    "one_hand": N_("One hand"),
    "east": N_("East round"),
    "south": N_("East and South (hanchan)"),
    "full": N_("Full game (four rounds)"),
}


#: the bot strengths a table may ask for (the server's ``TableOptions.bot_level``), as players
#: read them: label and one line of help. The thinking times were measured on a loaded 2-core
#: machine, each bot playing whole hands of every variant (docs/web.md, "Decisions")
BOT_WORDS: dict[str, tuple[str, str]] = {
    "beginner": (N_("Beginner"), N_("Plays loosely and misses chances. Moves at once.")),
    "normal": (N_("Normal"), N_("A sound player. Moves at once.")),
    "expert": (N_("Expert"), N_("Reads the table and defends. Moves at once (under 0.05 s).")),
    "master": (
        N_("Master (thinks up to 1 s)"),
        N_("The strongest: looks ahead on hard choices, about 1 s on one move in ten."),
    ),
}

#: the bot strengths as a seat's name says them: ``Bot 2 (normal)``
BOT_NAMES = {
    "beginner": N_("beginner"),
    "normal": N_("normal"),
    "expert": N_("expert"),
    "master": N_("master"),
    "simple": N_("simple"),  # the instant bots a room may ask for (docs/server.md)
    "tutorial": N_("tutorial"),  # the tutorials' bots (server.tables.BOT_LEVELS)
    "random": N_("random"),  # the command line's bots (majiang simulate)
}

#: the bot a record names (the server writes ``bot:<bot>``, server.tables.BOT_LEVELS;
#: ``majiang simulate`` the bare name) -> the strength a player chose (BOT_NAMES' key)
RECORD_BOTS = {
    "beginner": "beginner",
    "normal": "normal",
    "expert": "expert",
    "master": "master",
    "eager": "simple",
    "tsumogiri": "tutorial",
    "random": "random",
}


def seat_names(seats: Sequence[str]) -> list[str]:
    """Return a record's seats named as the table names them, in the language of the moment: a
    bot ``Bot 2 (normal)`` by the strength a player chose (the tutorial's ``tsumogiri`` is
    ``Bot 2 (tutorial)``), an empty seat ``Seat 3``, a person by their name. A bot's seat is
    ``bot:<bot>`` (the server's records); in a record of bots alone (``majiang simulate``) the
    bare names are bots too.

    >>> seat_names(["Lan", "bot:normal", "", "bot:tsumogiri"])
    ['Lan', 'Bot 2 (normal)', 'Seat 3', 'Bot 4 (tutorial)']
    >>> seat_names(["normal", "eager", "random", "expert"])[1:3]
    ['Bot 2 (simple)', 'Bot 3 (random)']
    """
    bots_alone = all(name in RECORD_BOTS for name in seats)
    out = []
    for i, name in enumerate(seats):
        bot = name.removeprefix("bot:") if name.startswith("bot:") or bots_alone else None
        if bot is not None:
            level = RECORD_BOTS.get(bot, bot)
            word = _(BOT_NAMES[level]) if level in BOT_NAMES else level
            out.append(_("Bot {n} ({level})").format(n=i + 1, level=word))
        else:
            out.append(name or _("Seat {n}").format(n=i + 1))
    return out


#: every tile's notation: the suits' numbers with the red fives (0), the honours, the bonus tiles
TILE_NAMES = (
    [f"{n}{s}" for s in "mps" for n in range(10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
)


def table_words() -> dict[str, Any]:
    """Return the words the table page needs (variants, lengths, bots, the reasons of an
    abortive draw and of payments, the suits, each tile by its notation: a replay's line says
    "draws the 9 of bamboo", not "9s") in the language of the moment, ready for JSON.

    >>> table_words()["variants"]["hkos"]
    'Hong Kong Old Style'
    """
    return {
        "variants": {v: _(get_ruleset(v).name) for v in VARIANTS},
        "lengths": {k: _(label) for k, label in LENGTH_WORDS.items()},
        "bots": {level: _(label) for level, (label, _help) in BOT_WORDS.items()},
        "bot_names": {level: _(name) for level, name in BOT_NAMES.items()},
        "abortive": {k: _(label) for k, label in ABORTIVE_WORDS.items()},
        "payments": {k: _(label) for k, label in PAYMENT_WORDS.items()},
        "suits": {k: _(label) for k, label in SUIT_WORDS.items()},
        "tiles": {name: tile_words(parse_tile(name)) for name in TILE_NAMES},
    }


def option_words(name: str) -> tuple[str, str]:
    """Return the label and the help of option ``name`` in the language of the moment (its key,
    made readable, if unknown)."""
    if name not in OPTION_WORDS:
        return name.replace("_", " ").capitalize(), ""
    label, help_ = OPTION_WORDS[name]
    return _(label), _(help_)


def choice_label(name: str, choice: Any) -> str:
    """Return how a choice of option ``name`` reads, in the language of the moment."""
    # a custom point table (a dict) is nobody's choice: it reads as its JSON
    label = CHOICE_WORDS.get(name, {}).get(choice) if not isinstance(choice, dict) else None
    return _(label) if label is not None else str(choice).replace("_", " ").capitalize()


def value_words(name: str, value: Any) -> str:
    """Return how a value of option ``name`` reads: On / Off, a choice's label, a number.

    >>> value_words("kiriage", False), value_words("aka", 1), value_words("golden_table", None)
    ('Off', 'One per suit', 'Standard')
    """
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    if name in CHOICE_WORDS and not isinstance(value, dict):
        return choice_label(name, value)
    if value is None:
        return _("Standard")
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)

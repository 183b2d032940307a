"""The base of every ruleset: a variant is data (options, sizes) plus hooks with neutral defaults.

A rule family subclasses ``Ruleset``, sets its data and overrides the hooks it needs:
``score`` for the scoring contract now, the engine's hooks as the engine grows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Self, dataclass_transform

from majiang.errors import InvalidRequest
from majiang.i18n import _
from majiang.rules.game import GameRules

if TYPE_CHECKING:
    from majiang.scoring import ScoreRequest, ScoreResult, WinValue

#: the most fan an option may count (HK's and Sichuan's caps, minimums and flower fan, a custom
#: table's keys): far above any real table's cap (HK 10 or 13, Sichuan 3 to 6), and small
#: enough that 2^fan times any stake stays an ordinary number
MOST_FAN = 64


@dataclass(frozen=True)
class Option:
    """A named table option: its default and what it accepts, declared with it: one of
    ``choices``, true or false (a yes/no default), a whole number from ``minimum`` to
    ``maximum`` (both required: no option takes a number without bounds), or a list of as many
    whole numbers as the default (a tuple), each within the bounds, adding up to ``total`` when
    given; a whole number may have to be a multiple of ``multiple_of``. ``aliases`` maps old
    values still accepted to the value they now mean.

    >>> Option(3, "minimum fan to win", minimum=0, maximum=64).check("min_fan", 5)
    5
    >>> Option(3, "minimum fan to win", minimum=0, maximum=64).check("min_fan", 65)
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'min_fan' must be a whole number from 0 to 64, got 65
    >>> Option(3000, "noten", minimum=0, maximum=9000, multiple_of=6).check("noten", 1000)
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'noten' must be a whole number from 0 to 9000 and a multiple of 6, got 1000
    >>> Option(True, "kiriage").check("kiriage", "yes")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'kiriage' must be true or false, got 'yes'
    >>> uma = Option((30, 10, -10, -30), "uma", minimum=-100, maximum=100, total=0)
    >>> uma.check("uma", [20, 10, -10, -20])
    (20, 10, -10, -20)
    >>> uma.check("uma", [20, 10, -10])
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'uma' must be a list of 4 whole numbers from -100 to 100 adding up to 0, got [20, 10, -10]
    >>> Option("below_zero", "bust", choices=("below_zero", "off"), aliases=((True, "below_zero"),)).check("bust", True)
    'below_zero'
    """

    default: Any
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    total: int | None = None
    aliases: tuple[tuple[Any, Any], ...] = ()
    multiple_of: int | None = None

    def __post_init__(self) -> None:
        if self.choices is not None or isinstance(self.default, bool):
            return
        if isinstance(self.default, tuple):
            if self.minimum is None or self.maximum is None:
                raise TypeError(f"option {self.doc!r}: a list needs a minimum and a maximum")
            if self._list_error(self.default):
                raise TypeError(f"option {self.doc!r}: default {self.default} is out of bounds")
            return
        if not isinstance(self.default, int) or self.minimum is None or self.maximum is None:
            raise TypeError(
                f"option {self.doc!r}: give choices, a true/false default, or a whole-number "
                "default with a minimum and a maximum"
            )
        if not self.minimum <= self.default <= self.maximum:
            raise TypeError(f"option {self.doc!r}: default {self.default} is out of its bounds")
        if self.multiple_of is not None and self.default % self.multiple_of:
            raise TypeError(f"option {self.doc!r}: default {self.default} is not a multiple")

    def check(self, name: str, value: Any) -> Any:
        """Return the value if this option accepts it, else raise ``InvalidRequest`` (field
        ``rules``) naming the option, what it accepts and the value given."""
        for old, new in self.aliases:
            if value == old and type(value) is type(old):
                return new
        if isinstance(self.default, tuple):
            if isinstance(value, list | tuple) and not self._list_error(value):
                return tuple(value)
            raise self._list_refusal(name, value)
        if self.choices is not None:
            if any(value == c and type(value) is type(c) for c in self.choices):
                return value
            shown = ", ".join(repr(c) for c in self.choices)
            raise InvalidRequest(
                _("rule {name!r} must be one of {choices}, got {value}").format(
                    name=name, choices=shown, value=quote_value(value)
                ),
                field="rules",
            )
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            raise InvalidRequest(
                _("rule {name!r} must be true or false, got {value}").format(
                    name=name, value=quote_value(value)
                ),
                field="rules",
            )
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.minimum is not None
            and self.maximum is not None
            and self.minimum <= value <= self.maximum
            and (self.multiple_of is None or value % self.multiple_of == 0)
        ):
            return value
        raise self._number_refusal(name, value)

    def _list_refusal(self, name: str, value: Any) -> InvalidRequest:
        """Return the error for a value this list option does not accept."""
        if self.total is None:
            message = _(
                "rule {name!r} must be a list of {count} whole numbers from {lo} to {hi}, "
                "got {value}"
            )
        else:
            message = _(
                "rule {name!r} must be a list of {count} whole numbers from {lo} to {hi} "
                "adding up to {total}, got {value}"
            )
        return InvalidRequest(
            message.format(
                name=name,
                count=len(self.default),
                lo=self.minimum,
                hi=self.maximum,
                total=self.total,
                value=quote_value(value),
            ),
            field="rules",
        )

    def _number_refusal(self, name: str, value: Any) -> InvalidRequest:
        """Return the error for a value this number option does not accept."""
        if self.multiple_of is None:
            message = _("rule {name!r} must be a whole number from {lo} to {hi}, got {value}")
        else:
            message = _(
                "rule {name!r} must be a whole number from {lo} to {hi} and a multiple of "
                "{multiple}, got {value}"
            )
        return InvalidRequest(
            message.format(
                name=name,
                lo=self.minimum,
                hi=self.maximum,
                multiple=self.multiple_of,
                value=quote_value(value),
            ),
            field="rules",
        )

    def _list_error(self, value: list[Any] | tuple[Any, ...]) -> bool:
        """Return whether a list value breaks this option's length, bounds or total."""
        assert self.minimum is not None and self.maximum is not None
        return (
            len(value) != len(self.default)
            or not all(
                isinstance(x, int) and not isinstance(x, bool) and self.minimum <= x <= self.maximum
                for x in value
            )
            or (self.total is not None and sum(value) != self.total)
        )


def quote_value(value: Any) -> str:
    """Return ``repr(value)`` for an error message, cut short when long: the message quotes
    the input, not all of a number of 4,300 digits.

    >>> quote_value(10**80), quote_value(10**5000), quote_value("on")
    ('a number of 81 digits', 'a number of over 4,300 digits', "'on'")
    """
    if isinstance(value, int) and value.bit_length() > 128:
        try:
            return _("a number of {count} digits").format(count=len(str(abs(value))))
        except ValueError:  # str() refuses numbers past 4,300 digits
            return _("a number of over 4,300 digits")
    shown = repr(value)
    return shown if len(shown) <= 80 else shown[:80] + "…"


def option(default: Any, doc: str, *, kind: type[Option] = Option, **checks: Any) -> Any:
    """Return the field of one option in a ``RuleOptions`` class: its default, and in its
    metadata the ``Option`` (``kind``, built with ``doc`` and the ``checks`` it takes:
    ``choices``, ``minimum``, ``maximum`` ...) that documents and checks it.

    >>> class Table(RuleOptions):
    ...     kiriage: bool = option(False, "4 han 30 fu count as mangan")
    >>> Table.declared["kiriage"].default, Table().kiriage, dict(Table(kiriage=True))
    (False, False, {'kiriage': True})
    """
    return field(default=default, metadata={"option": kind(default, doc, **checks)})


@dataclass_transform(frozen_default=True)
class RuleOptions(Mapping[str, Any]):
    """A family's options, declared once and read as a typed value: a subclass is a frozen
    dataclass whose every field is an ``option(...)`` (its default, doc and checks);
    ``declared`` is the ``Mapping[str, Option]`` derived from those fields (web forms, meta,
    checks). A value also reads as a read-only mapping of each option's name to its value
    (records, JSON with ``dict(...)``, a request's ``rules``), equal to a dict of the same
    items.

    >>> class Table(RuleOptions):
    ...     aka: int = option(1, "red fives per suit", choices=(0, 1))
    >>> Table.resolve({"aka": 0}, "riichi").aka, Table() == {"aka": 1}
    (0, True)
    >>> Table.resolve({"akka": 0}, "riichi")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: unknown rule 'akka' for riichi (known: aka)
    """

    #: every option of the class by its name, in the order of the fields
    declared: ClassVar[Mapping[str, Option]] = MappingProxyType({})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, eq=False)(cls)
        missing = [f.name for f in fields(cls) if "option" not in f.metadata]  # type: ignore[arg-type]
        if missing:
            raise TypeError(f"{cls.__name__}: declare {missing[0]!r} with option(...)")
        cls.declared = MappingProxyType(
            {f.name: f.metadata["option"] for f in fields(cls)}  # type: ignore[arg-type]
        )

    @classmethod
    def resolve(cls, given: Mapping[str, Any], variant: str) -> Self:
        """Return the value of ``given`` options, each checked, the defaults for the rest; an
        unknown option name is an error naming it and the known ones."""
        for name in given:
            if name not in cls.declared:
                known = ", ".join(sorted(cls.declared)) or _("none")
                raise InvalidRequest(
                    _("unknown rule {name} for {variant} (known: {known})").format(
                        name=quote_value(name), variant=variant, known=known
                    ),
                    field="rules",
                )
        return cls(**{name: cls.declared[name].check(name, v) for name, v in given.items()})

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Self:
        """Return ``values`` when they are already this class (or a subclass: a game's options
        hold the scoring options), else the value of these checked values, a missing one
        taking its default."""
        if isinstance(values, cls):
            return values
        return cls(**{name: values[name] for name in cls.declared if name in values})

    def __getitem__(self, name: str) -> Any:
        if name not in self.declared:
            raise KeyError(name)
        return getattr(self, name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.declared)

    def __len__(self) -> int:
        return len(self.declared)


def check_hand_size(req: ScoreRequest) -> None:
    """Raise ``InvalidRequest`` (field ``hand``) unless the hand has 14 tiles, a kong counting
    as three, in at most four melds (riichi's and Hong Kong's winning hand)."""
    hand = req.hand
    size = len(hand.concealed) + 3 * len(hand.melds)
    if len(hand.melds) > 4 or size != 14:
        raise InvalidRequest(
            _(
                "a winning hand has 14 tiles (a kong counts 3); this one has {size} "
                "({concealed} concealed and {melds} melds)"
            ).format(size=size, concealed=len(hand.concealed), melds=len(hand.melds)),
            field="hand",
        )


class Ruleset(GameRules):
    """A rule family's data and hooks. Subclasses set the class attributes and override hooks;
    the game hooks and their neutral defaults come from ``GameRules`` (rules/game.py)."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: the unit of ``items`` values: "han", "fan" or "tai"
    unit: ClassVar[str] = "fan"
    players: ClassVar[int] = 4
    hand_size: ClassVar[int] = 13
    #: the typed value of the options that change a score (a ``RuleOptions`` class); the
    #: named ``options`` (each with its default and checks) are derived from it
    scoring_options: ClassVar[type[RuleOptions]] = RuleOptions
    #: named table options with their defaults, derived from ``scoring_options``
    options: ClassVar[Mapping[str, Option]] = {}
    #: situation names this variant accepts beyond the shared vocabulary
    extra_situations: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Derive ``options`` and ``game_options`` from the family's option classes: a game's
        ``table_options`` (when play has options of its own) extend the scoring options."""
        super().__init_subclass__(**kwargs)
        written = {"options", "game_options"} & set(vars(cls))
        if written:
            raise TypeError(
                f"{cls.__name__}: declare {sorted(written)[0]} in a RuleOptions class "
                "(scoring_options, table_options), not by name"
            )
        table = cls.table_options or cls.scoring_options
        if not issubclass(table, cls.scoring_options):
            raise TypeError(f"{cls.__name__}: table_options must extend scoring_options")
        cls.options = cls.scoring_options.declared
        cls.game_options = MappingProxyType(
            {n: o for n, o in table.declared.items() if n not in cls.options}
        )

    def resolve_options(self, given: Mapping[str, Any]) -> RuleOptions:
        """Return the typed value of the scoring options: the defaults overridden by
        ``given``, each checked. An unknown option name is an error naming it."""
        return self.scoring_options.resolve(given, self.id)

    def new_table(self, scoring: RuleOptions, play: Mapping[str, Any]) -> RuleOptions:
        """Return a game's options: the resolved ``scoring`` options and the checked options
        of ``play`` (``game_options``), in ``table_options`` (or the scoring class)."""
        table = self.table_options or self.scoring_options
        return table(**dict(scoring), **play)

    def check_request(self, req: ScoreRequest) -> None:
        """Raise ``InvalidRequest`` for a request that contradicts itself in this variant."""

    def score(self, req: ScoreRequest) -> ScoreResult:
        """Return the score of a win (the scoring contract's result)."""
        raise NotImplementedError(f"scoring for {self.id} is not written yet")

    def score_value(self, req: ScoreRequest, value: WinValue) -> ScoreResult:
        """Return the result of a win known only by its value (``req.hand`` is not read): the
        variant's payments of a hand of that value in this setting, no items; raise
        ``InvalidRequest`` (field ``value``) for a value the table cannot pay."""
        raise NotImplementedError(f"values of {self.id} wins are not paid yet")

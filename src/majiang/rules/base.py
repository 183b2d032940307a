"""The base of every ruleset: a variant is data (options, sizes) plus hooks with neutral defaults.

A rule family subclasses ``Ruleset``, sets its data and overrides the hooks it needs:
``score`` for the scoring contract now, the engine's hooks as the engine grows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.errors import InvalidRequest
from majiang.rules.game import GameRules

if TYPE_CHECKING:
    from majiang.scoring import ScoreRequest, ScoreResult, WinValue


@dataclass(frozen=True)
class Option:
    """A named table option: its default, and the values it accepts (``choices``) or its type.

    >>> Option(3, "minimum fan to win").check("min_fan", 5)
    5
    >>> Option(True, "kiriage").check("kiriage", "yes")
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidRequest: rule 'kiriage' must be true or false, got 'yes'
    """

    default: Any
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None

    def check(self, name: str, value: Any) -> Any:
        """Return the value if this option accepts it, else raise ``InvalidRequest``."""
        if self.choices is not None:
            if any(value == c and type(value) is type(c) for c in self.choices):
                return value
            shown = ", ".join(repr(c) for c in self.choices)
            raise InvalidRequest(
                f"rule {name!r} must be one of {shown}, got {value!r}", field="rules"
            )
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            raise InvalidRequest(
                f"rule {name!r} must be true or false, got {value!r}", field="rules"
            )
        if isinstance(self.default, int):
            if isinstance(value, int) and not isinstance(value, bool):
                if self.minimum is not None and value < self.minimum:
                    raise InvalidRequest(
                        f"rule {name!r} must be at least {self.minimum}, got {value!r}",
                        field="rules",
                    )
                return value
            raise InvalidRequest(
                f"rule {name!r} must be a whole number, got {value!r}", field="rules"
            )
        if isinstance(self.default, dict | type(None)):
            if value is None or isinstance(value, dict):
                return value
            raise InvalidRequest(f"rule {name!r} must be an object, got {value!r}", field="rules")
        if isinstance(value, type(self.default)):
            return value
        raise InvalidRequest(
            f"rule {name!r} must be a {type(self.default).__name__}, got {value!r}", field="rules"
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
    #: named table options with their defaults
    options: ClassVar[Mapping[str, Option]] = {}
    #: situation names this variant accepts beyond the shared vocabulary
    extra_situations: ClassVar[frozenset[str]] = frozenset()

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Return every option's value: the defaults overridden by ``given``, each checked.

        An unknown option name is an error naming it.
        """
        out = {name: opt.default for name, opt in self.options.items()}
        for name, value in given.items():
            opt = self.options.get(name)
            if opt is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise InvalidRequest(
                    f"unknown rule {name!r} for {self.id} (known: {known})", field="rules"
                )
            out[name] = opt.check(name, value)
        return out

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

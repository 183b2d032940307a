"""The one exception tree: every error majiang raises on bad input is a ``MajiangError``.

``MajiangError`` subclasses ``ValueError``, so callers that already catch ``ValueError`` keep
working. Each error may name the offending ``field`` (of a request) or ``token`` (of notation).
"""

from __future__ import annotations


class MajiangError(ValueError):
    """Bad input anywhere in majiang; the message quotes what was wrong."""

    def __init__(self, message: str, *, field: str | None = None, token: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.token = token


class InvalidNotation(MajiangError):
    """Tile, meld or hand notation that cannot be read, or tiles a variant does not use."""


class InvalidRequest(MajiangError):
    """A scoring or analysis request with a missing, unknown or contradictory field."""


class IllegalAction(MajiangError):
    """An action that is not among the legal actions of that seat at that moment."""

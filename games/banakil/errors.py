"""Errors a player (or a client) can cause: typed, with a stable code and a message fit to show."""

from __future__ import annotations


class BanakilError(ValueError):
    """Base of every refusal the engine raises. ``code`` is stable; ``message`` is English."""

    code: str = "invalid"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (type(self), (self.code, self.message))


class InvalidCard(BanakilError):
    """A card code that does not exist."""


class InvalidMeld(BanakilError):
    """A meld or a lay-off that breaks the meld rules."""


class IllegalAction(BanakilError):
    """An action the rules do not allow now; the round is unchanged."""


class InvalidOptions(BanakilError):
    """A table option with a bad value."""

"""Errors a player (or a client) can cause: typed, with a stable code and a message fit to show."""

from __future__ import annotations


class PinochleError(ValueError):
    """Base of every refusal the engine raises. ``code`` is stable; ``message`` is English."""

    code: str = "invalid"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (type(self), (self.code, self.message))


class IllegalAction(PinochleError):
    """An action the rules do not allow now (or a bad deal); the round is unchanged."""


class InvalidOptions(PinochleError):
    """A table option that does not exist (``unknown_option``) or has a bad value
    (``bad_option``)."""

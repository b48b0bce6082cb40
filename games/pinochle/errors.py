"""Errors a player (or a client) can cause: typed, with a stable code and a message fit to show."""

from __future__ import annotations

from games.errors import GameError


class PinochleError(GameError):
    """Base of every refusal the engine raises. ``code`` is stable; ``message`` is English."""


class IllegalAction(PinochleError):
    """An action the rules do not allow now (or a bad deal); the round is unchanged."""


class InvalidOptions(PinochleError):
    """A table option that does not exist (``unknown_option``) or has a bad value
    (``bad_option``)."""

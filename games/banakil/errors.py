"""Errors a player (or a client) can cause: typed, with a stable code and a message fit to show."""

from __future__ import annotations

from games.errors import GameError


class BanakilError(GameError):
    """Base of every refusal the engine raises. ``code`` is stable; ``message`` is English."""


class InvalidCard(BanakilError):
    """A card code that does not exist."""


class InvalidMeld(BanakilError):
    """A meld or a lay-off that breaks the meld rules."""


class IllegalAction(BanakilError):
    """An action the rules do not allow now; the round is unchanged."""


class InvalidOptions(BanakilError):
    """A table option with a bad value."""

"""The one shape of every refusal a game's engine (or the fair shuffle) raises: a ``ValueError``
with a stable ``code`` for clients and an English ``message``; the platform shows its own
translated message for the code. Pure Python, shared by every engine."""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Marks a reason the site shows a player (a table option that does not go with another) for
    the translation catalogue: ``makemessages`` finds it by this name, the engine stays free of
    Django, and the site translates the message when it shows it."""
    return message


class GameError(ValueError):
    """Base of every engine refusal. ``code`` is stable; ``message`` is English."""

    code: str = "invalid"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (type(self), (self.code, self.message))

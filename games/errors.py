"""The one shape of every refusal a game's engine (or the fair shuffle) raises: a ``ValueError``
with a stable ``code`` for clients and an English ``message``; the platform shows its own
translated message for the code. Pure Python, shared by every engine."""

from __future__ import annotations


class GameError(ValueError):
    """Base of every engine refusal. ``code`` is stable; ``message`` is English."""

    code: str = "invalid"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (type(self), (self.code, self.message))

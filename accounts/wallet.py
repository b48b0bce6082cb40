"""The coin wallet as pages and the lobby see it: the balance comes from the ledger
(``accounts.coins``)."""

from __future__ import annotations

from typing import Any

from .coins import coin_balance

__all__ = ["coin_balance", "recent_matches"]


def recent_matches(user: Any, limit: int = 10) -> list[Any]:
    """The user's latest matches, newest first, as match history shows them."""
    from games.history import history

    return history(user)[:limit]

"""The coin wallet. The ledger lands with the coins work; until then every balance is 0."""

from __future__ import annotations

from typing import Any


def coin_balance(user: Any) -> int:
    """The user's spendable coins (0 until the ledger exists)."""
    return 0


def recent_matches(user: Any, limit: int = 10) -> list[Any]:
    """The user's latest finished matches, newest first (none until matches exist)."""
    return []

"""What every page's navigation needs of the player: the wallet's balance, read only when the
page shows it (one query)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.http import HttpRequest

from .coins import coin_balance


def wallet(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # a callable: the template calls it where it shows the balance, and nowhere else
    return {"nav_coins": partial(coin_balance, user)}

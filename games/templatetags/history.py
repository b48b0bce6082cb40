"""Match history where other apps' pages show it (the profile): ``{% recent_matches user %}``.

The accounts app knows no game; its templates ask the games app through this tag."""

from __future__ import annotations

from typing import Any

from django import template

from games.history import Outcome, history

register = template.Library()


@register.simple_tag
def recent_matches(user: Any, limit: int = 10) -> list[Outcome]:
    """The user's latest matches, newest first, as match history shows them."""
    return history(user)[:limit]

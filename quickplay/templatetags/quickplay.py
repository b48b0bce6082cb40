"""The lobby's «العب الآن» panel (``{% play_now_panel %}``): the lobby knows nothing of quick
play; its template asks for the panel here."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from accounts.coins import stake_levels
from games import registry
from quickplay.models import QueueEntry
from quickplay.services import modes

register = template.Library()


@register.inclusion_tag("quickplay/_play_now.html", takes_context=True)
def play_now_panel(context: Any) -> dict[str, Any]:
    """The panel; for a player already waiting, the way back to the waiting page instead."""
    user = context["request"].user
    waiting = QueueEntry.objects.filter(user_id=user.pk, state=QueueEntry.State.WAITING)
    return {
        "waiting": user.is_authenticated and waiting.exists(),
        "quick_modes": [
            (f"{game.id}:{mode.key}", f"{_(game.title)} · {_(mode.label)}")
            for game in registry.GAMES.values()
            for mode in modes(game)
        ],
        "stakes": stake_levels(),
    }

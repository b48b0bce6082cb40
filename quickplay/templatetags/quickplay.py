"""The lobby's «العب الآن» panel (``{% play_now_panel %}``): the lobby knows nothing of quick
play; its template asks for the panel here."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from accounts.coins import stake_levels
from games import registry
from quickplay.services import modes

register = template.Library()


@register.inclusion_tag("quickplay/_play_now.html")
def play_now_panel() -> dict[str, Any]:
    return {
        "quick_modes": [
            (f"{game.id}:{mode.key}", f"{_(game.title)} · {_(mode.label)}")
            for game in registry.GAMES.values()
            for mode in modes(game)
        ],
        "stakes": stake_levels(),
    }

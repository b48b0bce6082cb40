"""Match history and statistics where other apps' pages show them (the profile):
``{% recent_matches user %}``, ``{% player_stats user %}``; and a game's replay words on the
match page (``{% game_word game key %}``).

The accounts app knows no game; its templates ask the games app through this tag."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

from games import registry
from games.history import Outcome, history
from games.stats import Stats
from games.stats import player_stats as stats_of

register = template.Library()


@register.simple_tag
def recent_matches(user: Any, limit: int = 10) -> list[Outcome]:
    """The user's latest matches, newest first, as match history shows them."""
    return history(user)[:limit]


@register.simple_tag
def player_stats(user: Any) -> list[Stats]:
    """The user's statistics per game and mode (matches, wins, rounds gone out, nazlas, coins)."""
    return stats_of(user)


@register.simple_tag
def game_word(game: str, key: str) -> str:
    """A word of the game's replay board in the reader's language (``Game.replay_words``; the
    key itself when the game has no such word)."""
    word = registry.get(game).replay_words.get(key)
    return gettext(word) if word else key

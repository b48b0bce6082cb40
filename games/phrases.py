"""Table talk without abuse: a fixed list of quick phrases and emotes, never free text.

A seated player sends one by key; every seat and the spectators see it on that seat for a few
seconds (in their own language: the table page gets the words with its strings). A player may
send a few at a time, then one every few seconds; each player may mute others on their own page.
"""

from __future__ import annotations

from django.core.cache import cache

from .registry import gettext_noop

#: key: the English words, translated on each reader's page
PHRASES: dict[str, str] = {
    "salam": gettext_noop("Peace be upon you"),
    "good_luck": gettext_noop("Good luck!"),
    "well_played": gettext_noop("Well played!"),
    "nice_partner": gettext_noop("Nice one, partner!"),
    "hurry": gettext_noop("Come on, play!"),
    "thinking": gettext_noop("Let me think…"),
    "sorry": gettext_noop("Sorry!"),
    "thanks": gettext_noop("Thanks!"),
    "good_game": gettext_noop("Good game!"),
    "again": gettext_noop("Another one?"),
}
EMOTES: tuple[str, ...] = ("👍", "😄", "😮", "😢", "🔥", "👏", "🤝", "☕")

#: a player may send this many in a window of this many seconds (across their tabs)
BURST = 3
WINDOW_SECONDS = 10


def known(key: object) -> bool:
    return isinstance(key, str) and (key in PHRASES or key in EMOTES)


def take(table_id: int, user_id: int) -> bool:
    """Count one phrase for this player at this table: False once over the limit."""
    key = f"phrases:{table_id}:{user_id}"
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        return int(cache.incr(key)) <= BURST
    except ValueError:  # the window ended between add and incr: a new one starts
        cache.add(key, 1, WINDOW_SECONDS)
        return True

"""Who has a tournament's page open, counted in Redis (through Django's cache) so every daphne
process sees the same count (a player may have several tabs: the count, not a flag). At the
start of an event (and of each Swiss round) a side none of whose players is here, on the
event's page or at one of its tables, is absent: a Swiss loss for the round, or, in an arena,
not paired until the player opens the page again."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache

from games import presence as table_presence

_TTL = 6 * 3600
#: the keys' prefix (tests give each test its own, as the cache is shared)
PREFIX = "tpresence"


def _key(tournament_id: int, user_id: int) -> str:
    return f"{PREFIX}:{tournament_id}:{user_id}"


def connected(tournament_id: int, user_id: int) -> int:
    key = _key(tournament_id, user_id)
    cache.add(key, 0, _TTL)
    return int(cache.incr(key))


def disconnected(tournament_id: int, user_id: int) -> int:
    key = _key(tournament_id, user_id)
    cache.add(key, 1, _TTL)
    left = int(cache.decr(key))
    if left < 0:
        cache.set(key, 0, _TTL)
        left = 0
    return left


def is_here(tournament_id: int, user_id: int, table_ids: Iterable[int] = ()) -> bool:
    """On the event's page, or connected to one of ``table_ids`` (the event's tables)."""
    if int(cache.get(_key(tournament_id, user_id), 0) or 0) > 0:
        return True
    return any(table_presence.is_connected(t, user_id) for t in table_ids)

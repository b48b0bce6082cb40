"""Who has a page open, counted in Redis (through Django's cache) so every daphne process sees
the same count. A player may have several tabs: the count, not a flag. Tables count their
sockets here; a tournament counts its page's (``tournaments.presence``) with a counter of its
own."""

from __future__ import annotations

from django.core.cache import cache

_TTL = 6 * 3600


class Counter:
    """Open sockets per place (a table, an event) and user: keys ``<prefix>:<place>:<user>``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def _key(self, place_id: int, user_id: int) -> str:
        return f"{self.prefix}:{place_id}:{user_id}"

    def connected(self, place_id: int, user_id: int) -> int:
        key = self._key(place_id, user_id)
        cache.add(key, 0, _TTL)
        return int(cache.incr(key))

    def disconnected(self, place_id: int, user_id: int) -> int:
        key = self._key(place_id, user_id)
        cache.add(key, 1, _TTL)
        left = int(cache.decr(key))
        if left < 0:
            cache.set(key, 0, _TTL)
            left = 0
        return left

    def is_open(self, place_id: int, user_id: int) -> bool:
        return int(cache.get(self._key(place_id, user_id), 0) or 0) > 0


TABLES = Counter("presence")


def connected(table_id: int, user_id: int) -> int:
    return TABLES.connected(table_id, user_id)


def disconnected(table_id: int, user_id: int) -> int:
    return TABLES.disconnected(table_id, user_id)


def is_connected(table_id: int, user_id: int) -> bool:
    return TABLES.is_open(table_id, user_id)

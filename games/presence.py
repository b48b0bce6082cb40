"""Who is connected to a table, counted in Redis (through Django's cache) so every daphne
process sees the same count. A player may have several tabs: the count, not a flag."""

from __future__ import annotations

from django.core.cache import cache

_TTL = 6 * 3600


def _key(table_id: int, user_id: int) -> str:
    return f"presence:{table_id}:{user_id}"


def connected(table_id: int, user_id: int) -> int:
    key = _key(table_id, user_id)
    cache.add(key, 0, _TTL)
    return int(cache.incr(key))


def disconnected(table_id: int, user_id: int) -> int:
    key = _key(table_id, user_id)
    cache.add(key, 1, _TTL)
    left = int(cache.decr(key))
    if left < 0:
        cache.set(key, 0, _TTL)
        left = 0
    return left


def is_connected(table_id: int, user_id: int) -> bool:
    return int(cache.get(_key(table_id, user_id), 0) or 0) > 0

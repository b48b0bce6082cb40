"""Who has a page open, counted in Redis (through Django's cache) so every daphne process sees
the same count. A player may have several tabs: the count, not a flag. Tables count their
sockets here; a tournament counts its page's (``tournaments.presence``) with a counter of its
own.

When a player's last socket at a table closes, the time is kept in a sorted set of departures;
the sweep reads those past the grace period in batches (``departed_before``), so a thousand
sockets closing at once cost the worker one read a sweep, not a thousand delayed tasks falling
due together (decision 130)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from django.core.cache import cache

from sahrat.cache_redis import client_for

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

    def none_open(self, pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """Those (place, user) of ``pairs`` with no socket open, in one read."""
        pairs = list(pairs)
        counts = cache.get_many([self._key(p, u) for p, u in pairs])
        return [(p, u) for p, u in pairs if int(counts.get(self._key(p, u)) or 0) <= 0]


TABLES = Counter("presence")


def connected(table_id: int, user_id: int) -> int:
    return TABLES.connected(table_id, user_id)


def disconnected(table_id: int, user_id: int, at: float | None = None) -> int:
    """A seat's socket closed: the sockets the player still has open at the table. With none
    left, the departure is kept (``at``, by default now), the grace period counting from it."""
    left = TABLES.disconnected(table_id, user_id)
    if left == 0:
        client, key = _departures()
        client.zadd(key, {f"{table_id}:{user_id}": time.time() if at is None else at})
    return left


def is_connected(table_id: int, user_id: int) -> bool:
    return TABLES.is_open(table_id, user_id)


#: (table id, user id)
Departure = tuple[int, int]

# Forget the departures read, unless one left again since (its time is then past the cutoff).
_FORGET = """
local n = 0
for i = 2, #ARGV do
  local at = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if at and tonumber(at) <= tonumber(ARGV[1]) then n = n + redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return n
"""


def _departures() -> tuple[Any, str]:
    return client_for("presence:departed")


def departed_before(cutoff: float, limit: int) -> list[Departure]:
    """Up to ``limit`` departures older than ``cutoff`` (seconds since the epoch), the oldest
    first, whether or not the player has come back since (``still_away`` tells)."""
    client, key = _departures()
    members = client.zrangebyscore(key, "-inf", cutoff, start=0, num=limit)
    pairs = (m.decode() if isinstance(m, bytes) else str(m) for m in members)
    return [(int(t), int(u)) for t, u in (p.split(":") for p in pairs)]


def still_away(departures: Iterable[Departure]) -> list[Departure]:
    """Those of ``departures`` with no socket open at their table now."""
    return TABLES.none_open(departures)


def forget_departures(departures: Iterable[Departure], cutoff: float) -> None:
    """Dealt with: drop ``departures`` from the set, except any that left again after
    ``cutoff`` (a new grace period runs for those)."""
    members = [f"{t}:{u}" for t, u in departures]
    if members:
        client, key = _departures()
        client.eval(_FORGET, 1, key, repr(cutoff), *members)

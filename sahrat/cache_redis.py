"""The Redis behind Django's cache: one connection pool per server and process, and, for the
structures the cache has no call for (sorted sets, scripts), the client that holds a cache key
and the key with the cache's prefix.

Django keeps a cache object per async context, not per thread: under daphne every request,
every socket's consumer and every health check (HAProxy's, each second on each daphne) made
its own, with a connection pool of its own, so each opened, introduced (redis-py's ``CLIENT
SETINFO``) and later dropped a Redis connection of its own. ``SharedConnectionPool`` (the
cache's ``pool_class``) gives every cache object of a process the same pool for a server,
as the channel layer and Celery keep theirs (decision 150). redis-py's pool is thread-safe,
and after a fork (Celery's pool) it starts afresh in the child.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache import cache
from redis import ConnectionPool


class SharedConnectionPool(ConnectionPool):
    """``from_url`` answers the process's one pool for that server and those options."""

    _shared: dict[str, ConnectionPool] = {}
    _shared_lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> Any:
        key = f"{url} {sorted(kwargs.items())!r}"
        with cls._shared_lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = super().from_url(url, **kwargs)
            return pool


def client_for(name: str) -> tuple[Any, str]:
    """The Redis client that holds the cache key ``name`` (written to), and the full key."""
    key = cache.make_key(name)
    return cache._cache.get_client(key, write=True), key  # type: ignore[attr-defined]

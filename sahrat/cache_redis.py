"""The Redis behind Django's cache, for the structures the cache has no call for (sorted sets,
scripts): the client that holds a cache key, and the key with the cache's prefix."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache


def client_for(name: str) -> tuple[Any, str]:
    """The Redis client that holds the cache key ``name`` (written to), and the full key."""
    key = cache.make_key(name)
    return cache._cache.get_client(key, write=True), key  # type: ignore[attr-defined]

"""Who still looks at the waiting page: a Redis sorted set, user id → last seen (seconds).
The waiting page refreshes it; the matcher seats only those seen within ``GRACE`` seconds and
cancels the others (leaving the page leaves the queue)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from sahrat.cache_redis import client_for

GRACE = 10.0


def _redis() -> tuple[Any, str]:
    return client_for("quickplay:seen")


def seen(user_id: int, at: float | None = None) -> None:
    client, key = _redis()
    client.zadd(key, {str(user_id): time.time() if at is None else at})


def forget(user_ids: Iterable[int]) -> None:
    members = [str(u) for u in user_ids]
    if members:
        client, key = _redis()
        client.zrem(key, *members)


def last_seen(user_ids: Iterable[int]) -> dict[int, float]:
    """When each was last seen (absent: never since joining)."""
    ids = list(user_ids)
    if not ids:
        return {}
    client, key = _redis()
    scores = client.zmscore(key, [str(u) for u in ids])
    return {u: float(s) for u, s in zip(ids, scores, strict=True) if s is not None}

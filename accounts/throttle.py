"""Rate-limit counters in the cache (Redis): one fixed window per subject, one INCR per event.

The subject (an e-mail address, a client address) is hashed into the key, so the cache holds
no address in clear. If the cache cannot be reached the limits do not apply (logged): a
Redis hiccup must not lock every player out of logging in.
"""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

PREFIX = "throttle"
HOUR = 3600
#: every counter's scope: failed log-ins per client address, reset mails per client address
#: and per e-mail address
SCOPES = ("login-failures", "reset-client", "reset-address")


def _key(scope: str, subject: str) -> str:
    digest = hashlib.sha256(subject.encode()).hexdigest()[:32]
    return f"{PREFIX}:{scope}:{digest}"


def count(scope: str, subject: str, window: int = HOUR) -> int:
    """Count one event; how many this subject has had in the current window, this one included."""
    key = _key(scope, subject)
    try:
        if cache.add(key, 1, timeout=window):
            return 1
        try:
            return int(cache.incr(key))
        except ValueError:  # the window ended between the two calls
            cache.add(key, 1, timeout=window)
            return 1
    except (RedisError, OSError):
        log.exception("rate limit %s: the cache is unreachable, not counting", scope)
        return 0


def clear(scope: str, subject: str) -> bool:
    """Forget this subject's count (an operator lifting a limit early); whether there was one."""
    return bool(cache.delete(_key(scope, subject)))


def seen(scope: str, subject: str) -> int:
    """How many events this subject has had in the current window (without counting one)."""
    try:
        return int(cache.get(_key(scope, subject)) or 0)
    except (RedisError, OSError):
        log.exception("rate limit %s: the cache is unreachable, not checking", scope)
        return 0

"""HAProxy asks every daphne ``/health/ready/`` every second. Django keeps a cache object per
async context, and each check (a request, a task of its own) made its own with a connection
pool of its own: it opened, introduced and dropped a Redis connection (5 in 5 checks,
measured). Every cache object of a process now shares one pool per server
(``sahrat.cache_redis.SharedConnectionPool``), as the pages and the sockets' consumers do too
(decision 150)."""

import pytest

from sahrat.cache_redis import SharedConnectionPool
from sahrat.health import HealthChecks, stamp_sweep

from .asgi_requests import ask, django_must_not_answer

pytestmark = pytest.mark.django_db(transaction=True)


def opened() -> int:
    """The Redis connections the process's cache pools have opened so far."""
    return sum(pool._created_connections for pool in SharedConnectionPool._shared.values())


async def test_ten_checks_in_a_row_open_no_redis_connection_after_the_first():
    stamp_sweep()
    checks = HealthChecks(django_must_not_answer)
    status, _, body = await ask(checks, "/health/ready/")
    assert status == 200, body
    before = opened()
    assert before >= 1
    for _ in range(10):
        status, _, body = await ask(checks, "/health/ready/")
        assert status == 200, body
    assert opened() == before

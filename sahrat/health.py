"""Readiness for a load balancer or a monitor: ``GET /health/ready/``.

``/health/`` only says the process answers. This says whether it can serve a table: the
database and Redis answer, and Celery's table work is running (the beat's sweep, every
``SAHRAT_SWEEP_SECONDS``, stamps the time it last ran). A silent sweep means no worker or no
beat: clocks and bots stop, so it fails readiness too, after a few missed sweeps.

A daphne process that is full (``sahrat.admission``: too many sockets, or its event loop lags)
answers 503 at once, with ``Retry-After``, without asking the database or Redis: the proxy
sends new sockets elsewhere while the ones it holds keep playing.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from .admission import capacity, retry_seconds

LAST_SWEEP_KEY = "health:last-sweep"
MISSED_SWEEPS = 5  # sweeps missed before the table work counts as stopped


def stamp_sweep() -> None:
    """Called by each sweep: the table work is alive now."""
    cache.set(LAST_SWEEP_KEY, time.time(), timeout=None)


def _database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:
        return False


def _redis() -> tuple[bool, float | None]:
    """Whether Redis answers, and how long ago the last sweep ran (None: never, or no Redis)."""
    try:
        last = cache.get(LAST_SWEEP_KEY)
    except Exception:
        return False, None
    return True, (time.time() - float(last)) if last is not None else None


@require_GET
def ready(request: HttpRequest) -> JsonResponse:
    busy = capacity.busy()
    if busy is not None:
        full = JsonResponse({"capacity": "busy", "reason": busy}, status=503)
        full["Retry-After"] = str(retry_seconds())
        return full
    database = _database()
    redis, sweep_age = _redis()
    limit = settings.SAHRAT_SWEEP_SECONDS * MISSED_SWEEPS
    tasks = sweep_age is not None and sweep_age <= limit
    body = {
        "database": "ok" if database else "down",
        "redis": "ok" if redis else "down",
        "tasks": "ok" if tasks else "stopped",
        "last_sweep_seconds_ago": None if sweep_age is None else round(sweep_age, 1),
    }
    return JsonResponse(body, status=200 if database and redis and tasks else 503)

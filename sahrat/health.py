"""Readiness for a load balancer, and the table work for a monitor.

``/health/`` only says the process answers. ``GET /health/ready/`` says whether this process
can serve: the database and Redis answer (and it has room, below). ``GET /health/tasks/`` says
whether Celery's table work is running: the beat's sweep, every ``SAHRAT_SWEEP_SECONDS``,
stamps the time it last ran, and a silent sweep (no worker or no beat: clocks and bots stop)
fails it after a few missed sweeps. ``ready`` reports the table work too but does not fail on
it: the sweep is the whole site's, so a proxy that took it for each daphne's readiness would
take every daphne out at once and answer 503 for the whole site, pages and history included,
where tables only pause until a worker is back (decision 121).

A daphne process that is full (``sahrat.admission``: too many sockets, or its event loop lags)
answers 503 at once, with ``Retry-After``, without asking the database or Redis: the proxy
sends new sockets elsewhere while the ones it holds keep playing.

Both views are async and ask the database and Redis from one thread of their own, kept for the
life of the process. A sync view under ASGI runs in a new thread for each request, and Django's
connections are the thread's: each check (HAProxy's, every second on every daphne) opened,
authenticated and dropped a database connection and a Redis one. Through PgBouncer that was
most of its idle spending and much of daphne's (decision 133).

Under daphne both checks are answered before Django's middleware (``HealthChecks``, in front
of the ASGI application): the stack has sync-only middleware (WhiteNoise's, the locale's), so
every request crosses between the event loop and a thread several times, and a check cost
daphne 6.4 ms of CPU where its answer costs well under one (decision 145). Nothing the
middleware does (the session, the language, CSRF, the security headers of an HTML page)
concerns a JSON answer to a proxy; the views stay for Django's own handlers (tests, WSGI).
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connection
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


def _report() -> tuple[dict[str, object], bool, bool]:
    """The body both checks answer, whether this process can serve (database and Redis), and
    whether the table work runs."""
    database = _database()
    redis, sweep_age = _redis()
    limit = settings.SAHRAT_SWEEP_SECONDS * MISSED_SWEEPS
    tasks = sweep_age is not None and sweep_age <= limit
    body: dict[str, object] = {
        "database": "ok" if database else "down",
        "redis": "ok" if redis else "down",
        "tasks": "ok" if tasks else "stopped",
        "last_sweep_seconds_ago": None if sweep_age is None else round(sweep_age, 1),
    }
    return body, database and redis, tasks


#: the checks' thread: its database connection and cache client live from check to check
_checks = ThreadPoolExecutor(max_workers=1, thread_name_prefix="health")


def _checked() -> tuple[dict[str, object], bool, bool]:
    """``_report`` on the checks' thread, its connection kept as a request's would be: closed
    first if it failed or outlived ``CONN_MAX_AGE``."""
    close_old_connections()
    try:
        return _report()
    finally:
        close_old_connections()


async def _report_once() -> tuple[dict[str, object], bool, bool]:
    return await sync_to_async(_checked, thread_sensitive=False, executor=_checks)()


#: a check's answer: its status, its JSON body, and its extra headers
Answer = tuple[int, dict[str, object], dict[str, str]]


async def ready_answer() -> Answer:
    """The proxy's check: 200 when this process can serve, 503 when it is full (at once, with
    the retry hint) or its database or Redis does not answer."""
    busy = capacity.busy()
    if busy is not None:
        return 503, {"capacity": "busy", "reason": busy}, {"Retry-After": str(retry_seconds())}
    body, serves, _ = await _report_once()
    return (200 if serves else 503), body, {}


async def tasks_answer() -> Answer:
    """The monitor's check of the site's table work: 503 when the sweep stopped (or this
    process cannot reach the database or Redis to tell)."""
    body, serves, running = await _report_once()
    return (200 if serves and running else 503), body, {}


def _response(answer: Answer) -> JsonResponse:
    status, body, headers = answer
    response = JsonResponse(body, status=status)
    for name, value in headers.items():
        response[name] = value
    return response


@require_GET
async def ready(request: HttpRequest) -> JsonResponse:
    return _response(await ready_answer())


@require_GET
async def tasks(request: HttpRequest) -> JsonResponse:
    return _response(await tasks_answer())


#: the checks answered in front of Django's middleware, by path
CHECKS: dict[str, Callable[[], Awaitable[Answer]]] = {
    "/health/ready/": ready_answer,
    "/health/tasks/": tasks_answer,
}


class HealthChecks:
    """ASGI middleware: a ``GET`` of a check's path answered here, the rest handed to
    ``application`` (another method to a check's path too: Django refuses it, 403 from the CSRF
    check for an unsafe method, 405 from the view for the others)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        check = CHECKS.get(scope.get("path", "")) if scope["type"] == "http" else None
        if check is None or scope.get("method") != "GET":
            return await self.application(scope, receive, send)
        status, body, extra = await check()
        content = json.dumps(body).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(content)).encode()),
            (b"cache-control", b"no-store"),
            (b"x-content-type-options", b"nosniff"),
            *((name.lower().encode(), value.encode()) for name, value in extra.items()),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})
        return None

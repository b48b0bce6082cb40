"""HAProxy asks every daphne ``/health/ready/`` every second. A sync view under ASGI runs in a
thread of its own request, and Django's connections belong to the thread: each check opened,
authenticated and dropped a database connection (through PgBouncer, a SCRAM exchange a second
per daphne). The checks now ask from one thread that keeps its connection (decision 133)."""

import json
import threading

import pytest
from django.core.asgi import get_asgi_application
from django.db.backends.signals import connection_created

from .asgi_requests import ask

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def opened():
    """The database connections opened while the test runs, by thread name."""
    threads: list[str] = []

    def note(sender, connection, **kwargs):
        threads.append(threading.current_thread().name)

    connection_created.connect(note)
    yield threads
    connection_created.disconnect(note)


async def check(application) -> tuple[int, dict]:
    """One ``GET /health/ready/`` through Django's ASGI handler, as daphne hands it over."""
    status, _, body = await ask(application, "/health/ready/")
    return status, json.loads(body)


async def test_ten_checks_through_asgi_open_at_most_one_connection(opened):
    application = get_asgi_application()
    for _ in range(10):
        status, body = await check(application)
        assert status == 200 and body["database"] == "ok", body
    assert len(opened) <= 1, opened

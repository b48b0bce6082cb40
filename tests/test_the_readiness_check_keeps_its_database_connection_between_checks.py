"""HAProxy asks every daphne ``/health/ready/`` every second. A sync view under ASGI runs in a
thread of its own request, and Django's connections belong to the thread: each check opened,
authenticated and dropped a database connection (through PgBouncer, a SCRAM exchange a second
per daphne). The checks now ask from one thread that keeps its connection (decision 133)."""

import json
import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.asgi import get_asgi_application
from django.db.backends.signals import connection_created

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
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/health/ready/",
        "raw_path": b"/health/ready/",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }
    talk = ApplicationCommunicator(application, scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(10)
    body = await talk.receive_output(10)
    await talk.wait(10)
    return start["status"], json.loads(body["body"])


async def test_ten_checks_through_asgi_open_at_most_one_connection(opened):
    application = get_asgi_application()
    for _ in range(10):
        status, body = await check(application)
        assert status == 200 and body["database"] == "ok", body
    assert len(opened) <= 1, opened

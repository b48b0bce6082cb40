"""One HTTP request through an ASGI application, as daphne hands it over (the health checks'
tests)."""

from __future__ import annotations

from typing import Any

from asgiref.testing import ApplicationCommunicator


def http_scope(path: str, method: str = "GET") -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }


async def ask(app: Any, path: str, method: str = "GET") -> tuple[int, dict[bytes, bytes], bytes]:
    """The status, headers and body of one request (each in a task of its own, as daphne's)."""
    talk = ApplicationCommunicator(app, http_scope(path, method))
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(10)
    body = await talk.receive_output(10)
    await talk.wait(10)
    return start["status"], dict(start["headers"]), body["body"]


async def django_must_not_answer(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An application behind the checks that fails the test if it is asked anything."""
    raise AssertionError(f"Django was asked for {scope['path']}")

"""Issue #35, item 22: docs/protocol.md says a handshake from a foreign Origin is refused with
HTTP 403, but a real daphne answered ``Origin: null`` and ``http://<host>:<port>.evil.example``
(a port that is not a number) with 400: autobahn refused them before the application's check.
Both are 403 now on both sockets, and our own origin still gets in."""

import asyncio

import pytest
from websockets.exceptions import InvalidStatus

from .sockets import close_code, open_socket


async def status_of(site, path, cookie, origin):
    """The handshake's HTTP status (101: it became a websocket)."""
    try:
        async with open_socket(site, path, cookie, origin=origin) as ws:
            await ws.close()
            await close_code(ws)
            return 101
    except InvalidStatus as refused:
        return refused.response.status_code


@pytest.mark.parametrize("path", ["/ws/lobby/", "/ws/table/{table}/"])
def test_null_and_unreadable_origins_get_403_like_any_foreign_one(shared_site, path):
    table = shared_site.start_table(["uma", "umar"], {"players": 2})
    uma = shared_site.session("uma")
    path = path.format(table=table)
    ours = shared_site.url
    for origin in ("null", f"{ours}.evil.example", f"{ours}x", "https://evil.example"):
        assert asyncio.run(status_of(shared_site, path, uma, origin)) == 403, origin
    assert asyncio.run(status_of(shared_site, path, uma, ours)) == 101

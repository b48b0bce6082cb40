"""Both websockets (the lobby's and a table's) refuse a handshake whose Origin is another site, a
look-alike of ours, ``null`` or missing, even with a valid session; our own origin gets in."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from tests.games.conftest import session_cookie, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

REFUSED = [
    b"https://evil.example",
    b"http://127.0.0.1.evil.example",
    b"http://evil.example:8000",
    b"null",
    None,  # no Origin header at all
]


async def handshake(path: str, origin: bytes | None, cookie: bytes) -> bool:
    from sahrat.asgi import application

    headers = [(b"cookie", cookie)]
    if origin is not None:
        headers.append((b"origin", origin))
    ws = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await ws.connect()
    if connected:
        await ws.disconnect()
    return connected


@pytest.fixture
def paths(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    return ["/ws/lobby/", f"/ws/table/{table.pk}/"]


@pytest.mark.parametrize("origin", REFUSED)
async def test_a_foreign_or_missing_origin_is_refused(alice, paths, origin):
    cookie = await sync_to_async(session_cookie)(alice)
    for path in paths:
        assert not await handshake(path, origin, cookie), (path, origin)


async def test_our_own_origin_gets_in(alice, paths):
    cookie = await sync_to_async(session_cookie)(alice)
    for path in paths:
        assert await handshake(path, b"http://127.0.0.1:8000", cookie), path

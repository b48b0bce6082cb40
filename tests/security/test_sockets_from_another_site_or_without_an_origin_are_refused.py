"""Both websockets (the lobby's and a table's) accept a handshake only from the site's own
origin, matched exactly (scheme, host and port): the origin the page was served from, which is
what Django's CSRF check accepts for a form. That is ``http(s)://<Host header>`` (the Host must
be one of ``ALLOWED_HOSTS``; https when the socket is ``wss`` or the trusted proxy says so), or
an exact entry of ``CSRF_TRUSTED_ORIGINS``. Another site, a look-alike, another port or scheme
of our own host, ``null`` and a missing Origin are refused, even with a valid session.
"""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from tests.games.conftest import session_cookie, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HOST = b"127.0.0.1:8000"  # what the browser connected to, as in the page's own address

REFUSED = [
    b"https://evil.example",
    b"http://127.0.0.1.evil.example",
    b"http://evil.example:8000",
    b"http://localhost:9999",  # an allowed host name, but another origin
    b"http://localhost:8000",  # same port, another host name
    b"http://127.0.0.1:9999",  # our host, another port
    b"http://127.0.0.1",  # our host, the default port
    b"https://127.0.0.1:8000",  # our host and port, another scheme
    b"ws://127.0.0.1:8000",
    b"http://127.0.0.1:8000.evil.example",
    b"http://user@127.0.0.1:8000",
    b"http://127.0.0.1:8000/path",
    b"null",
    b"",
    None,  # no Origin header at all
]


async def handshake(
    path: str, origin: bytes | None, cookie: bytes, host: bytes | None = HOST, extra=()
) -> bool:
    from sahrat.asgi import application

    headers = [(b"cookie", cookie), *extra]
    if host is not None:
        headers.append((b"host", host))
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
        assert await handshake(path, b"HTTP://LOCALHOST:8000", cookie, host=b"localhost:8000")
        assert await handshake(path, b"http://localhost", cookie, host=b"localhost:80")


async def test_a_host_that_is_not_ours_or_no_host_is_refused(alice, paths):
    cookie = await sync_to_async(session_cookie)(alice)
    for path in paths:
        # DNS rebinding: evil.example resolves to us; its page's origin matches its own Host
        assert not await handshake(path, b"http://evil.example:8000", cookie, b"evil.example:8000")
        assert not await handshake(path, b"http://127.0.0.1:8000", cookie, host=None)


async def test_behind_the_tls_proxy_the_origin_is_https_or_a_trusted_one(alice, paths, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["sahrat.example"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.sahrat.example:8443"]
    cookie = await sync_to_async(session_cookie)(alice)
    proxied = [(b"x-forwarded-proto", b"https")]
    host = b"sahrat.example"
    for path in paths:
        assert await handshake(path, b"https://sahrat.example", cookie, host, proxied)
        assert not await handshake(path, b"http://sahrat.example", cookie, host, proxied)
        assert not await handshake(path, b"https://sahrat.example", cookie, host)  # no header
        assert await handshake(path, b"https://play.sahrat.example:8443", cookie, host, proxied)
        assert not await handshake(path, b"https://play.sahrat.example", cookie, host, proxied)
        assert not await handshake(path, b"http://play.sahrat.example:8443", cookie, host)

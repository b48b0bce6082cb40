"""A websocket's user comes from its session cookie, checked as a page request checks it (the
session's user, its password hash), once at the handshake; the socket's frames then go to the
server as the consumer sends them, with no session layer in between."""

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser

from sahrat.socket_auth import SocketAuthStack
from tests.games.conftest import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


class Seen:
    """An ASGI app that keeps the scope and the send it was called with."""

    async def __call__(self, scope, receive, send):
        self.scope, self.send = scope, send


async def handshake(cookie: bytes | None):
    headers = [(b"cookie", cookie)] if cookie is not None else []
    seen = Seen()

    async def server_send(message):  # daphne's own send
        pass

    await SocketAuthStack(seen)({"type": "websocket", "headers": headers}, None, server_send)
    return seen, server_send


async def test_a_logged_in_players_cookie_names_the_player(alice):
    seen, _ = await handshake(await sync_to_async(session_cookie)(alice))
    assert seen.scope["user"] == alice


async def test_no_cookie_or_an_unknown_session_is_an_anonymous_visitor():
    for cookie in (None, b"sessionid=not-a-session-anyone-has"):
        seen, _ = await handshake(cookie)
        assert isinstance(seen.scope["user"], AnonymousUser)


async def test_a_session_from_before_a_password_change_names_nobody(alice):
    cookie = await sync_to_async(session_cookie)(alice)
    alice.set_password("a-new-password-after-the-old-leaked")
    await sync_to_async(alice.save)()
    seen, _ = await handshake(cookie)
    assert isinstance(seen.scope["user"], AnonymousUser)


async def test_the_socket_sends_straight_to_the_server(alice):
    seen, server_send = await handshake(await sync_to_async(session_cookie)(alice))
    assert seen.send is server_send

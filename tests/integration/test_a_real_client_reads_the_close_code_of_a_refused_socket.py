"""A refused socket is accepted and then closed with the documented code, so a real client
(the ``websockets`` library against daphne, as a browser) reads 4401, 4403 or 4404. A close
before the accept was an HTTP 403 at the handshake, and browsers show no code for it. A
foreign Origin is still refused at the handshake (HTTP 403) on both sockets."""

import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .sockets import close_code, open_socket

PRIVATE_TABLE = (
    "from django.contrib.auth import get_user_model\n"
    "from games import live\n"
    "from lobby import services\n"
    "U = get_user_model()\n"
    "a, b = [U.objects.get_or_create(username=n, defaults={'display_name': n})[0]"
    " for n in ('pia', 'pavel')]\n"
    "t = services.create_table(a, {'players': 2, 'private': True})\n"
    "services.sit(b, t, token=t.invite_token)\n"
    "live.start(a, t.pk)\n"
    "result = t.pk\n"
)
WAITING_TABLE = (
    "from django.contrib.auth import get_user_model\n"
    "from lobby import services\n"
    "u = get_user_model().objects.get_or_create(username='wes')[0]\n"
    "result = services.create_table(u, {'players': 2}).pk\n"
)


async def refused_with(site, path, cookie=None):
    """The close code of a socket the server accepts and then refuses (nothing before it)."""
    async with open_socket(site, path, cookie) as ws:
        try:
            first = await asyncio.wait_for(ws.recv(), 10)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None
        raise AssertionError(f"{path}: a refused socket sent {first!r}")


def test_refused_table_sockets_close_with_their_codes(shared_site):
    table = shared_site.start_table(["ana", "ben"], {"players": 2})
    private = shared_site.query(PRIVATE_TABLE)
    waiting = shared_site.query(WAITING_TABLE)  # a table with no match yet
    olga = shared_site.session("olga")
    cases = [
        (f"/ws/table/{table}/", None, 4401),  # anonymous
        (f"/ws/table/{private}/", olga, 4403),  # private, and not one of its players
        (f"/ws/table/{waiting}/", olga, 4404),  # no match at that table
        ("/ws/table/-1/", olga, 4404),
        ("/ws/table/99999999999999999999/", olga, 4404),
        ("/ws/nothing/", olga, 4404),
    ]
    for path, cookie, code in cases:
        assert asyncio.run(refused_with(shared_site, path, cookie)) == code, path


def test_a_spectator_and_a_visitor_in_the_lobby_get_in(shared_site):
    table = shared_site.start_table(["cy", "dee"], {"players": 2})
    olga = shared_site.session("olga")

    async def run():
        async with open_socket(shared_site, f"/ws/table/{table}/", olga) as ws:
            state = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert state["type"] == "state" and state["you"] is None
        async with open_socket(shared_site, "/ws/lobby/") as ws:  # no session: the lobby is public
            await ws.send("{}")
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == "read_only"

    asyncio.run(run())


@pytest.mark.parametrize("path", ["/ws/lobby/", "/ws/table/1/"])
def test_a_foreign_origin_is_refused_at_the_handshake(shared_site, path):
    olga = shared_site.session("olga")

    async def run():
        with pytest.raises(InvalidStatus) as refused:
            async with open_socket(shared_site, path, olga, origin="https://evil.example") as ws:
                await close_code(ws)
        return refused.value.response.status_code

    assert asyncio.run(run()) == 403

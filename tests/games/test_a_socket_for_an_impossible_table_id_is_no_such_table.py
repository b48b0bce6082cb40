"""``/ws/table/-1/`` matched no route and ``/ws/table/99999999999999999999/`` overflowed the
database's integer: both were tracebacks in the handshake. Any table path whose id is not a
plain number of a table is refused as no such table (accepted, then closed with 4404)."""

import pytest
from channels.testing import WebsocketCommunicator

from sahrat.asgi import application
from tests.games.conftest import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.mark.parametrize(
    "table_id", ["-1", "99999999999999999999", "abc", "²", "١", "1.5", "0", "123456"]
)
async def test_a_table_id_that_names_no_table_is_closed_with_4404(alice, table_id):
    from asgiref.sync import sync_to_async

    cookie = await sync_to_async(session_cookie)(alice)
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    ws = WebsocketCommunicator(application, f"/ws/table/{table_id}/", headers=headers)
    connected, _ = await ws.connect(timeout=5)
    assert connected
    closed = await ws.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}


@pytest.mark.parametrize("path", ["/ws/table/12", "/ws/table/", "/ws/nothing/", "/ws/lobby/x/"])
async def test_a_socket_path_that_names_nothing_is_closed_with_4404(path):
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    ws = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await ws.connect(timeout=5)
    assert connected
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}

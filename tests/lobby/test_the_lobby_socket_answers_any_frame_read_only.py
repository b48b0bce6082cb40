"""The lobby socket is server to client only: whatever a client sends (JSON, not JSON, a frame
nested 1,000 deep that broke ``json.loads``, a large one) gets ``read_only`` and the socket
stays open."""

import pytest
from channels.testing import WebsocketCommunicator

from sahrat.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]


@pytest.mark.parametrize(
    "frame",
    ['{"type": "table"}', "not json", "[" * 1000 + "]" * 1000, "x" * 60_000],
    ids=["json", "not-json", "nested", "large"],
)
async def test_any_frame_gets_read_only_and_the_socket_stays(frame):
    ws = WebsocketCommunicator(application, "/ws/lobby/", headers=ORIGIN)
    assert (await ws.connect())[0]
    await ws.send_to(text_data=frame)
    assert await ws.receive_json_from(timeout=5) == {"type": "error", "code": "read_only"}
    await ws.send_to(bytes_data=b"\x00\xff")
    assert await ws.receive_json_from(timeout=5) == {"type": "error", "code": "read_only"}
    await ws.disconnect()

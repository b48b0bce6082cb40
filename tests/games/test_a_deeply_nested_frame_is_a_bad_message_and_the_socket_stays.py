"""A 2 KB frame of 1,000 nested arrays made ``json.loads`` raise RecursionError: the socket was
closed with 1011. The protocol promises ``bad_message`` and an open socket."""

import pytest
from asgiref.sync import sync_to_async

from .conftest import deal_now, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

NESTED = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize(
    "frame",
    [
        NESTED,
        '{"type": "ping", "id": ' + NESTED + "}",
        '{"type": "action", "turn_no": 1, "action": ' + NESTED + "}",
    ],
)
async def test_a_deeply_nested_frame_gets_bad_message_and_the_socket_stays_open(
    socket, alice, bob, frame
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws = await socket(alice, table)
    assert (await ws.connect())[0]
    assert (await ws.receive_json_from(timeout=5))["type"] == "state"
    assert len(frame.encode()) < 4096
    await ws.send_to(text_data=frame)
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "bad_message"
    await ws.send_json_to({"type": "ping", "id": 2})
    assert await ws.receive_json_from(timeout=5) == {"type": "pong", "id": 2}
    await ws.disconnect()

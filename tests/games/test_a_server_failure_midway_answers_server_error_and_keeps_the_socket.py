"""A move that fails on the server's side (the database gone midway) gets a coded error, not a
dropped socket: the player's client resyncs and plays on."""

import pytest
from asgiref.sync import sync_to_async
from django.db import OperationalError

from games import live

from .conftest import deal_now, start_table
from .test_the_table_socket import connect, next_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_failed_move_answers_server_error_and_the_socket_stays_up(
    socket, alice, bob, monkeypatch
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    ws, state = await connect(socket, [alice, bob][rnd.turn_seat], table)

    def database_gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(live, "play", database_gone)
    draw = {"type": "draw", "from": "stock"}
    await ws.send_json_to({"type": "action", "action": draw, "turn_no": rnd.turn_no, "id": 7})
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "server_error" and error["id"] == 7
    assert error["message"]

    monkeypatch.undo()  # the database is back: the socket still answers
    await ws.send_json_to({"type": "resync"})
    again = await next_state(ws)
    assert again["event"] == state["event"] and again["view"]["hand"] == state["view"]["hand"]
    await ws.disconnect()

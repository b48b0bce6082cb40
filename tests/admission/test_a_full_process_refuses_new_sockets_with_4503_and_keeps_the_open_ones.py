"""A daphne process at its socket limit refuses a new socket (accepted, closed 4503 with the
retry hint) and reports 503 on /health/ready/; the sockets it holds keep playing; once one
closes, a newcomer gets in (channels' communicator through the whole ASGI application)."""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.test.utils import override_settings

from games.banakil import bots
from sahrat.admission import capacity
from sahrat.health import stamp_sweep

from ..games.conftest import deal_now, start_table

pytestmark = pytest.mark.django_db(transaction=True)


async def open_seat(socket, user, table):
    ws = await socket(user, table)
    connected, _ = await ws.connect()
    assert connected
    state = await ws.receive_json_from(timeout=5)
    assert state["type"] == "state"
    return ws, state


def ready() -> tuple[int, dict, str | None]:
    stamp_sweep()  # the table work runs (no beat here): readiness is about capacity
    response = Client().get("/health/ready/")
    return response.status_code, response.json(), response.headers.get("Retry-After")


async def test_the_third_socket_is_refused_busy_and_the_first_two_play_on(
    socket, alice, bob, outsider
):
    # room for two more than this process holds (an earlier test may have left a socket open)
    base = capacity.open
    with override_settings(SAHRAT_SOCKETS_MAX_PER_PROCESS=base + 2, SAHRAT_BUSY_RETRY_SECONDS=7):
        await play_at_the_limit(socket, alice, bob, outsider, base)


async def play_at_the_limit(socket, alice, bob, outsider, base):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    assert (await sync_to_async(ready)())[0] == 200
    opened = [await open_seat(socket, alice, table), await open_seat(socket, bob, table)]

    newcomer = await socket(outsider, table)
    connected, _ = await newcomer.connect()
    assert connected  # accepted, so a browser can read the code
    closing = await newcomer.receive_output(timeout=5)
    assert closing == {"type": "websocket.close", "code": 4503, "reason": "busy; retry after 7 s"}
    status, body, retry_after = await sync_to_async(ready)()
    assert (status, body, retry_after) == (503, {"capacity": "busy", "reason": "sockets"}, "7")

    mover, state = opened[rnd.turn_seat]
    action = bots.next_action(state["view"])
    await mover.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no})
    while (message := await mover.receive_json_from(timeout=5))["type"] != "ok":
        assert message["type"] == "state", message
    other, _state = opened[1 - rnd.turn_seat]
    assert (await other.receive_json_from(timeout=5))["view"]["turn_no"] >= rnd.turn_no

    await other.disconnect()
    assert capacity.open == base + 1
    assert (await sync_to_async(ready)())[0] == 200
    again, spectated = await open_seat(socket, outsider, table)
    assert spectated["you"] is None
    await again.disconnect()
    await mover.disconnect()
    assert capacity.open == base

"""A player who stands up at a playing table but keeps the page open is a spectator from then
on: the socket gets the public state, never again the seat's hand, which a bot now plays (and
a partner at the table must not learn through a friend who left)."""

import pytest
from asgiref.sync import sync_to_async

from games import live

from .conftest import deal_now, start_table, step

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def states(ws, count, timeout=5):
    got = []
    while len(got) < count:
        message = await ws.receive_json_from(timeout=timeout)
        if message["type"] == "state":
            got.append(message)
    return got


async def test_a_player_who_stands_up_gets_the_public_state_and_no_hand_after(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws = await socket(alice, table)
    assert (await ws.connect())[0]
    first = (await states(ws, 1))[0]
    assert first["you"] == 0 and "hand" in first["view"]

    await sync_to_async(live.leave)(alice, table.pk)
    after = (await states(ws, 1))[0]
    assert after["you"] is None and "hand" not in after["view"]
    assert after["seats"][0]["bot"]  # a bot plays the seat she left

    for _ in range(6):  # the game goes on: every state the socket gets is the public one
        await sync_to_async(step)(table)
    for state in await states(ws, 3):
        assert state["you"] is None and "hand" not in state["view"]
    await ws.disconnect()

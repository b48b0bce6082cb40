"""A table's sockets take its states straight from the channel layer's receiver, one task for
all of a process's sockets at the table, not each through its channel's queue and channels'
loop; a socket busy with another message gets the state after it, through its queue, so its
handlers still run one at a time and in order (decision 132)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async

from sahrat import channel_layer

from .conftest import deal_now, start_table
from .test_a_socket_sends_its_tables_states_in_event_order import publish, received

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def deliveries(monkeypatch):
    """The channel names each direct delivery went to, in order."""
    went: list[list[str]] = []
    deliver = channel_layer._deliver

    async def counted(layer, names, data):
        went.append(list(names))
        await deliver(layer, names, data)

    monkeypatch.setattr(channel_layer, "_deliver", counted)
    return went


async def opened(socket, user, table):
    ws = await socket(user, table)
    assert (await ws.connect())[0]
    first = await ws.receive_json_from(timeout=5)
    return ws, (first["round_no"], first["event"])


async def test_every_socket_of_the_table_gets_the_state_in_one_direct_delivery(
    socket, alice, bob, deliveries
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    (a, (r, e)), (b, _) = [await opened(socket, u, table) for u in (alice, bob)]
    await publish(table.pk, [alice.pk, bob.pk], r, e + 1)
    assert await received(a) == (r, e + 1) and await received(b) == (r, e + 1)
    assert len(deliveries) == 1 and len(deliveries[0]) == 2  # both sockets, one task
    await a.disconnect()
    await b.disconnect()
    assert not any(name in channel_layer._direct for name in deliveries[0])


async def test_a_socket_busy_with_a_message_gets_the_states_after_it_in_order(
    socket, alice, bob, deliveries
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws, (r, e) = await opened(socket, alice, table)
    (consumer,) = channel_layer._direct.values()
    seated = [alice.pk, bob.pk]
    async with consumer.handling:  # a handler of its own runs (a move, a resync)
        await publish(table.pk, seated, r, e + 1)
        await publish(table.pk, seated, r, e + 2)
        assert await ws.receive_nothing(timeout=0.3)
        assert len(deliveries) == 2  # they came the direct way and went to its queue
    assert [await received(ws), await received(ws)] == [(r, e + 1), (r, e + 2)]
    await publish(table.pk, seated, r, e + 3)  # idle again: straight to it
    assert await received(ws) == (r, e + 3)
    await ws.disconnect()


async def test_a_handler_that_fails_on_a_direct_message_closes_only_its_socket(
    socket, alice, bob, monkeypatch
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    (a, (r, e)), (b, _) = [await opened(socket, u, table) for u in (alice, bob)]
    broken = next(c for c in channel_layer._direct.values() if c.user.pk == alice.pk)

    async def fails(_event):
        raise RuntimeError("a bug in one socket's handler")

    monkeypatch.setattr(broken, "table_state", fails)
    await publish(table.pk, [alice.pk, bob.pk], r, e + 1)
    assert await received(b) == (r, e + 1)  # the other socket, after it, still gets it
    closed = await a.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 1011}
    await asyncio.sleep(0)
    await b.disconnect()

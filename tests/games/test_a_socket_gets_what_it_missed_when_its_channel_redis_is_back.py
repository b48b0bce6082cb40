"""Redis's publish/subscribe keeps nothing: states published while a channel-layer shard's
connection is lost never come. When the connection is back, every socket that listens through
it gets what it missed: a table socket the table's current state, a lobby socket a ``resync``
(the page reads the list again). The connection is dropped on the client's side here; the
cluster test stops a real shard (tests/integration/test_the_cluster.py)."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games import live, registry
from lobby.services import LOBBY_GROUP
from sahrat.asgi import application

from .conftest import deal_now, start_table
from .test_the_table_socket import connect, next_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def drop_the_connection_of(group: str) -> None:
    """The connection this process listens on ``group``'s shard through breaks (as when the
    shard goes away); it connects again on its own."""
    layer = get_channel_layer()._get_layer()
    shard = layer._get_shard(layer._get_group_channel_name(group))
    await shard._pubsub.connection.disconnect()


def move_with_its_states_lost(table, user, turn_no):
    """The baseline bot's move for ``user``, made and committed, whose states are never
    published (lost on the way)."""
    view = live.snapshot(table.pk, user)["view"]
    with live.deferred_broadcasts():
        live.play(table.pk, user, registry.get("banakil").bot(view), turn_no)


async def test_a_table_socket_gets_the_current_state_once_its_shard_is_back(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    mover, watcher = [alice, bob][rnd.turn_seat], [alice, bob][1 - rnd.turn_seat]
    ws, before = await connect(socket, watcher, table)

    await sync_to_async(move_with_its_states_lost)(table, mover, rnd.turn_no)
    assert await ws.receive_nothing(timeout=0.3)  # the move's state never came

    await drop_the_connection_of(live.table_group(table.pk))
    after = await next_state(ws)
    assert after["event"] > before["event"]
    assert after["last"]["seat"] == rnd.turn_seat
    await ws.disconnect()


async def test_a_lobby_socket_is_told_to_read_the_list_again(alice):
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    ws = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    connected, _ = await ws.connect()
    assert connected

    await drop_the_connection_of(LOBBY_GROUP)
    assert await ws.receive_json_from(timeout=5) == {"type": "resync"}
    await ws.disconnect()


async def test_a_move_whose_broadcast_fails_counts_and_the_mover_sees_it(
    socket, alice, bob, monkeypatch
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    mover = [alice, bob][rnd.turn_seat]
    ws, before = await connect(socket, mover, table)

    async def shard_down(sends):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(live, "send_all", shard_down)
    action = registry.get("banakil").bot(before["view"])
    await ws.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no, "id": 3})
    mine = await next_state(ws)  # from the move at hand, not through the layer
    assert mine["event"] > before["event"] and mine["last"]["seat"] == rnd.turn_seat
    assert await ws.receive_json_from(timeout=5) == {"type": "ok", "id": 3}
    await ws.disconnect()

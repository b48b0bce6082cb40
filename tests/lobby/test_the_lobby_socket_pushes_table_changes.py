"""The lobby socket against the real Redis channel layer, broadcasts sent after commit."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import live
from lobby import services
from sahrat.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.smoke]

ORIGIN = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]


async def connect():
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=ORIGIN)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def test_a_new_table_reaches_every_lobby_socket(alice):
    communicator = await connect()
    table = await database_sync_to_async(services.create_table)(alice, {"players": 2})
    message = await communicator.receive_json_from(timeout=5)
    assert message["type"] == "table"
    assert message["table"]["id"] == table.pk
    assert message["table"]["status"] == "waiting"
    assert message["table"]["open_seats"] == 1
    assert "invite_token" not in message["table"]
    await communicator.disconnect()


async def test_a_table_filling_and_starting_is_pushed(alice, bob):
    table = await database_sync_to_async(services.create_table)(alice, {"players": 2})
    communicator = await connect()
    await database_sync_to_async(services.sit)(bob, table)
    filled = await communicator.receive_json_from(timeout=5)
    assert filled["table"]["open_seats"] == 0
    assert [s["name"] for s in filled["table"]["seats"]] == ["Alice", "Bob"]
    await database_sync_to_async(live.start)(alice, table.pk)
    started = await communicator.receive_json_from(timeout=5)
    assert started["table"]["status"] == "playing"
    await communicator.disconnect()


async def test_a_private_table_is_not_pushed_to_strangers(alice):
    communicator = await connect()
    await database_sync_to_async(services.create_table)(alice, {"private": True})
    assert await communicator.receive_nothing(timeout=0.5)
    await communicator.disconnect()


async def test_a_socket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected

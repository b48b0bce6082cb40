"""Standings pushed while the channel layer's shard of a tournament's group was lost never
came: once the connection is back, each tournament page is sent the standings again."""

import pytest
from asgiref.sync import sync_to_async

from tests.games.test_a_socket_gets_what_it_missed_when_its_channel_redis_is_back import (
    drop_the_connection_of,
)
from tournaments import live, services

from .test_the_tournament_socket_pushes_standings_and_takes_each_player_to_their_table import (
    open_socket,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_the_standings_come_again_once_the_shard_is_back(make_tournament, alice, bob):
    event = await sync_to_async(make_tournament)(rounds=1)
    await sync_to_async(services.register)(event.pk, alice)
    ws = await open_socket(alice, event.pk)
    first = await ws.receive_json_from()
    assert first["type"] == "standings" and len(first["rows"]) == 1

    await sync_to_async(services.register)(event.pk, bob)  # its push is not sent here
    await drop_the_connection_of(live.group(event.pk))
    again = await ws.receive_json_from(timeout=5)
    assert again["type"] == "standings" and len(again["rows"]) == 2
    await ws.disconnect()

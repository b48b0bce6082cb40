"""The consumer checks a message's shape (docs/protocol.md) before any service is called: a
missing or non-integer ``turn_no`` was answered ``stale_turn``, as if the move had come late.
Every malformed message is ``bad_message``, nothing changes and the socket stays open."""

import pytest
from asgiref.sync import sync_to_async

from .conftest import deal_now, latest_round, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

THROW = {"type": "throw", "card": "AS"}
MALFORMED = [
    {"type": "action", "action": THROW},  # no turn_no
    {"type": "action", "action": THROW, "turn_no": "1"},
    {"type": "action", "action": THROW, "turn_no": None},
    {"type": "action", "action": THROW, "turn_no": True},
    {"type": "action", "action": THROW, "turn_no": 1.0},
    {"type": "action", "turn_no": 1},  # no action
    {"type": "action", "action": ["throw", "AS"], "turn_no": 1},
    {"type": "action", "action": "throw AS", "turn_no": 1},
    {"type": "ping", "id": [1]},
    {"type": "ping", "id": {"a": 1}},
    {"type": "ping", "id": "x" * 65},
    {"type": "dance"},
    {"type": 7},
    {"id": 3},
    [],
    "action",
    7,
    None,
]


@pytest.mark.parametrize("message", MALFORMED)
async def test_a_malformed_message_is_a_bad_message_and_nothing_changes(
    socket, alice, bob, message
):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    mover = [alice, bob][rnd.turn_seat]
    ws = await socket(mover, table)
    assert (await ws.connect())[0]
    assert (await ws.receive_json_from(timeout=5))["type"] == "state"
    await ws.send_json_to(message)
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "bad_message", error
    assert error["message"] and error["detail"]
    await ws.send_json_to({"type": "ping", "id": 9})
    assert await ws.receive_json_from(timeout=5) == {"type": "pong", "id": 9}
    after = await sync_to_async(latest_round)(table)
    assert (after.event_no, after.action_count) == (rnd.event_no, 0)
    await ws.disconnect()


async def test_the_id_of_a_well_formed_bad_message_comes_back(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws = await socket(alice, table)
    assert (await ws.connect())[0]
    await ws.receive_json_from(timeout=5)
    await ws.send_json_to({"type": "action", "action": THROW, "id": "m-1"})
    error = await ws.receive_json_from(timeout=5)
    assert (error["code"], error["id"]) == ("bad_message", "m-1")
    await ws.disconnect()

"""A ``ready`` that arrives after the deal (the seed wait ran out first: a normal race) is not
used and gets no answer, as a ``ready`` in time gets none of its own: the round's published
``client_seed`` and ``seeds_in`` show which seeds went into the deal (docs/protocol.md)."""

import pytest
from asgiref.sync import sync_to_async

from .conftest import deal_now, latest_round, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_late_seed_is_not_used_and_not_answered(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    ws = await socket(alice, table)
    assert (await ws.connect())[0]
    state = await ws.receive_json_from(timeout=5)
    assert state["round"]["status"] == "playing"
    await ws.send_json_to({"type": "ready", "seed": "too-late"})
    await ws.send_json_to({"type": "ping", "id": 1})
    assert await ws.receive_json_from(timeout=5) == {"type": "pong", "id": 1}  # nothing before
    after = await sync_to_async(latest_round)(table)
    assert (after.event_no, after.seeds, after.client_seed) == (
        rnd.event_no,
        rnd.seeds,
        rnd.client_seed,
    )
    assert "too-late" not in after.client_seed
    await ws.disconnect()

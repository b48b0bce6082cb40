"""The lag probe: an event loop blocked past ``SAHRAT_LOOP_LAG_MAX_MS`` makes the process busy
(new sockets closed 4503, readiness 503) for ``LAG_HOLD_SECONDS``, and then free again. A table
the process already serves takes its players' sockets meanwhile."""

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.test.utils import override_settings

from sahrat import admission
from sahrat.admission import capacity
from sahrat.health import stamp_sweep

from ..games.conftest import deal_now, start_table

pytestmark = pytest.mark.django_db(transaction=True)


def ready_status() -> int:
    stamp_sweep()  # the table work runs (no beat here): readiness is about capacity
    return Client().get("/health/ready/").status_code


@override_settings(SAHRAT_LOOP_LAG_MAX_MS=100)
async def test_a_blocked_loop_is_busy_for_a_while_then_takes_sockets_again(
    socket, alice, bob, carol, dave, monkeypatch
):
    monkeypatch.setattr(admission, "LAG_HOLD_SECONDS", 1.0)
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    other = await sync_to_async(start_table)([carol, dave], {"players": 2})  # none here yet
    first = await socket(alice, table)
    assert (await first.connect())[0]  # the gate starts the probe on this loop
    await first.receive_json_from(timeout=5)
    await asyncio.sleep(admission.PROBE_SECONDS * 3)
    assert capacity.busy() is None

    time.sleep(0.4)  # a move's worth of CPU gone wrong: nothing else runs on the loop
    await asyncio.sleep(admission.PROBE_SECONDS * 2)  # the probe wakes late and says so
    assert capacity.lag >= 0.1
    assert capacity.busy() == "loop_lag"
    assert await sync_to_async(ready_status)() == 503
    refused = await socket(carol, other)
    assert (await refused.connect())[0]
    closing = await refused.receive_output(timeout=5)
    assert closing["code"] == 4503
    back = await socket(bob, table)  # a table served here: its player is not new load
    assert (await back.connect())[0]
    assert (await back.receive_json_from(timeout=5))["type"] == "state"
    await back.disconnect()

    deadline = time.monotonic() + 10
    while capacity.busy() is not None:  # no more lag: free after the hold
        assert time.monotonic() < deadline
        await asyncio.sleep(0.1)
    assert await sync_to_async(ready_status)() == 200
    admitted = await socket(carol, other)
    assert (await admitted.connect())[0]
    assert (await admitted.receive_json_from(timeout=5))["type"] == "state"
    await admitted.disconnect()
    await first.disconnect()

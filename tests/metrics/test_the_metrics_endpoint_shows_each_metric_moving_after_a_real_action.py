"""``/metrics`` after a real move through the table socket (channels' communicator, the real
Redis channel layer, the real Celery task for the clock): each metric moves."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from games import tasks
from games.banakil import bots
from games.live import schedule
from quickplay import services as quickplay
from sahrat.health import stamp_sweep

from ..games.conftest import deal_now, latest_round, start_table
from .conftest import value

pytestmark = pytest.mark.django_db(transaction=True)


async def open_seat(socket, user, table):
    ws = await socket(user, table)
    connected, _ = await ws.connect()
    assert connected
    state = await ws.receive_json_from(timeout=5)
    assert state["type"] == "state"
    return ws, state


async def test_a_move_counts_its_game_its_latency_and_the_open_sockets(socket, scrape, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    before = await sync_to_async(scrape)()
    opened = [await open_seat(socket, alice, table), await open_seat(socket, bob, table)]
    sockets = [ws for ws, _state in opened]
    during = await sync_to_async(scrape)()
    assert value(during, "sahrat_open_sockets") == value(before, "sahrat_open_sockets") + 2
    assert value(during, "sahrat_tables_playing", game="banakil") >= 1

    mover, state = opened[rnd.turn_seat]
    action = bots.next_action(state["view"])
    await mover.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no})
    while (message := await mover.receive_json_from(timeout=5))["type"] != "ok":
        assert message["type"] == "state", message
    after = await sync_to_async(scrape)()
    moved = ("sahrat_moves_total", {"game": "banakil", "actor": "player"})
    assert value(after, moved[0], **moved[1]) == value(before, moved[0], **moved[1]) + 1
    sent = "sahrat_action_to_sent_seconds_count"
    assert value(after, sent) == value(before, sent) + 1
    assert value(after, "sahrat_action_to_sent_seconds_sum") > value(
        before, "sahrat_action_to_sent_seconds_sum"
    )

    for ws in sockets:
        await ws.disconnect()
    closed = await sync_to_async(scrape)()
    assert value(closed, "sahrat_open_sockets") == value(before, "sahrat_open_sockets")


def test_a_clock_task_run_after_its_deadline_is_counted_late(scrape, alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    before = scrape()
    # the worker's request for a task sent with eta = a deadline 1.5 s ago
    due = (timezone.now() - timedelta(seconds=1.5)).isoformat()
    tasks.turn_timeout.push_request(eta=due)
    try:
        tasks.turn_timeout.run(rnd.pk, rnd.turn_no)
    finally:
        tasks.turn_timeout.pop_request()
    after = scrape()
    late = "sahrat_clock_lateness_seconds"
    assert value(after, late + "_count") == value(before, late + "_count") + 1
    grew = value(after, late + "_sum") - value(before, late + "_sum")
    assert 1.5 <= grew < 10
    # between 1 and 2.5 s late: counted in the 2.5 s bucket, not the 1 s one
    assert value(after, late + "_bucket", le="2.5") == value(before, late + "_bucket", le="2.5") + 1
    assert value(after, late + "_bucket", le="1.0") == value(before, late + "_bucket", le="1.0")
    assert latest_round(table).turn_no == rnd.turn_no  # the deadline was not really past


def test_the_queues_and_the_sweep_are_read_at_the_scrape(scrape, alice, coin_rules):
    before = scrape()
    quickplay.join(alice, "banakil", "1v1")
    schedule.send(schedule.CLOSE_TABLE, (1,))  # a task due now, no worker to take it
    stamp_sweep()
    after = scrape()
    assert value(after, "sahrat_quickplay_waiting", game="banakil") == (
        value(before, "sahrat_quickplay_waiting", game="banakil") + 1
    )
    assert (
        value(after, "sahrat_celery_queue_length")
        >= value(before, "sahrat_celery_queue_length") + 1
    )
    assert 0 <= value(after, "sahrat_sweep_lag_seconds") < 5
    assert value(after, "sahrat_scrape_source_up", source="database") == 1
    assert value(after, "sahrat_scrape_source_up", source="redis") == 1

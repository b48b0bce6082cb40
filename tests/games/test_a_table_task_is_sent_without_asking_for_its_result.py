"""A table task is sent by name, so Celery cannot read the task's own ``ignore_result``: the
live layer says it when it sends, or every clock and bot task would subscribe to its result
channel on Redis and unsubscribe again, two round trips for a result nobody reads."""

import pytest

from games.live import schedule
from sahrat.celery import app

NOBODY = "sahrat-test-nobody-reads-this-queue"  # no worker takes it: the task runs nowhere


@pytest.fixture
def queue_of_its_own():
    yield NOBODY
    with app.connection_for_write() as connection:
        connection.default_channel.queue_delete(NOBODY)


def test_sending_a_table_task_subscribes_to_no_result(monkeypatch, queue_of_its_own):
    subscribed: list[str] = []
    monkeypatch.setattr(
        app.backend, "on_task_call", lambda _producer, task: subscribed.append(task)
    )
    schedule.send(schedule.TURN_TIMEOUT, (0, 0), countdown=3600, queue=queue_of_its_own)
    assert subscribed == []

"""Celery's Django fixup closed every database connection before and after each task, so each
clock, bot turn and sweep opened a new one (a PostgreSQL server process; through PgBouncer a
SCRAM exchange on both ends). A worker now keeps a sound connection from task to task, as
Django keeps one from request to request, and still drops one that failed (decision 134)."""

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import connection
from django.db.backends.signals import connection_created

from sahrat.celery import app

pytestmark = pytest.mark.django_db(transaction=True)


@app.task(name="tests.query_once")
def query_once(fail: bool = False) -> None:
    """One query; with ``fail``, the connection is left as a server gone mid-task leaves it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    if fail:
        connection.errors_occurred = True
        connection.connection.close()


@pytest.fixture(scope="module")
def worker():
    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING") as w:
        yield w


@pytest.fixture
def opened():
    """How many database connections were opened while the test ran."""
    count = [0]

    def note(**kwargs):
        count[0] += 1

    connection_created.connect(note, weak=False)
    yield count
    connection_created.disconnect(note)


def run(**kwargs) -> None:
    query_once.apply_async(kwargs=kwargs).get(timeout=20)


def test_five_tasks_in_a_row_open_at_most_one_connection(worker, opened):
    for _ in range(5):
        run()
    assert opened[0] <= 1


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="an SQLite file's connection does not go away"
)
def test_a_connection_that_failed_is_replaced_for_the_next_task(worker, opened):
    run()
    run(fail=True)
    before = opened[0]
    run()
    assert opened[0] == before + 1

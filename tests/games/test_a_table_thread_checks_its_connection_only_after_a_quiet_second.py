"""The table socket's database calls skip Django's health check (a ``SELECT 1`` before the first
statement of every call) while their thread's connection answered within the last second, and
check it again once it has been quiet longer: a connection the server dropped meanwhile is
replaced before the next call uses it."""

import asyncio
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper

from games import consumers

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="Django checks connections' health on PostgreSQL here (CONN_HEALTH_CHECKS)",
    ),
]


def backend_pid() -> int:
    """The server process of the calling thread's connection, after one statement on it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


#: one table thread (the socket's pool has several: a call may land on any of them)
table_thread = ThreadPoolExecutor(max_workers=1)


def in_a_table_thread(func):  # type: ignore[no-untyped-def]
    call = consumers.TableDatabase(func, thread_sensitive=False, executor=table_thread)
    return asyncio.run(call())


@pytest.fixture
def health_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Each health check Django makes, by the server process it checked; the table thread's
    connection is closed afterwards (so the test database can be dropped)."""
    checked: list[int] = []
    is_usable = DatabaseWrapper.is_usable

    def counted(self: DatabaseWrapper) -> bool:
        checked.append(self.connection.info.backend_pid)
        return is_usable(self)

    monkeypatch.setattr(DatabaseWrapper, "is_usable", counted)
    yield checked
    in_a_table_thread(lambda: connection.close())


def test_calls_within_a_second_of_each_other_make_no_health_check(health_checks):
    first = in_a_table_thread(backend_pid)  # a new connection: nothing to check yet
    checks_before = len(health_checks)

    again = [in_a_table_thread(backend_pid) for _ in range(5)]

    assert again == [first] * 5, "the thread keeps its connection"
    assert len(health_checks) == checks_before


def test_a_connection_quiet_for_over_a_second_is_checked_and_a_dropped_one_replaced(
    health_checks,
):
    first = in_a_table_thread(backend_pid)
    with connection.cursor() as cursor:  # the server drops the table thread's connection
        cursor.execute("SELECT pg_terminate_backend(%s)", [first])
    time.sleep(consumers.FRESH_SECONDS + 0.2)

    replaced = in_a_table_thread(backend_pid)

    assert first in health_checks, "the quiet connection was checked"
    assert replaced != first, "and, found dropped, replaced before the call's statement"

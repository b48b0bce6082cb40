"""Check-then-act under a lock: players racing for the last seat, from separate connections."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections

from lobby import services
from lobby.models import Seat
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the in-memory SQLite test database shares one cache between threads (no real race)",
)
def test_only_one_of_many_racers_gets_the_last_seat(alice, make_user):
    table = services.create_table(alice, {"players": 2})
    racers = [make_user(f"racer{i}") for i in range(6)]

    def race(user):
        try:
            services.sit(user, table, 1)
            return "seated"
        except LobbyRefusal as refusal:
            return refusal.code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(len(racers)) as pool:
        results = list(pool.map(race, racers))
    assert results.count("seated") == 1
    assert set(results) - {"seated"} <= {"seat_taken", "table_full"}
    assert Seat.objects.filter(table=table).count() == 2

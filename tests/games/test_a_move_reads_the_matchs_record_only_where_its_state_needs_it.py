"""The match's record (every round's result so far, the largest column of a match) is left
unread by a move in the middle of a round: the lock defers it, and the state sent to every seat
asks for it only when the game shows something from it (check Pinochle's checks). It once cost
every move of every game a query of its own (5% of daphne's CPU in benchmarks/live.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import live, registry

from .conftest import deal_now, start_table

pytestmark = pytest.mark.django_db


def test_a_move_in_the_middle_of_a_round_reads_no_record(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    mover = [alice, bob][rnd.turn_seat]
    view = live.snapshot(table.pk, mover)["view"]
    with CaptureQueriesContext(connection) as queries:
        live.play(table.pk, mover, registry.get("banakil").bot(view), rnd.turn_no)
    assert live.snapshot(table.pk, mover)["last"]["seat"] == rnd.turn_seat  # the move was made
    # (the move's own statements are prepared ones, whose text PostgreSQL's capture leaves out;
    # a read of the record goes through the ORM and shows)
    sql = [q["sql"] or "" for q in queries.captured_queries]
    assert not [s for s in sql if '"games_match"."record"' in s], sql

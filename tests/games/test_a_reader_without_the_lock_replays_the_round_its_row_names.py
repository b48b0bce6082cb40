"""A reader without the lock (a bot planning, a reconnect) replays the round as the row it
read names it: the actions logged after that read are not mixed in, so the engine it gets is at
the row's turn (on PostgreSQL each statement sees the latest commits)."""

import pytest

from games import live
from games.banakil import bots
from games.models import Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db


def test_a_row_read_before_a_move_replays_to_that_rows_turn(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    before = Round.objects.select_related("match").get(pk=latest_round(table).pk)
    seat = before.turn_seat
    user = alice if seat == 0 else bob
    view = live.snapshot(table.pk, user)["view"]
    live.play(table.pk, user, bots.next_action(view), before.turn_no)  # logged after the read
    engine = before.engine()
    assert len(engine.actions) == before.action_count
    assert engine.turn == before.turn_seat and engine.turn_no == before.turn_no
    assert len(latest_round(table).engine().actions) == before.action_count + 1

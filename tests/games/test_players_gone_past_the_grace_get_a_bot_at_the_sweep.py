"""A player whose last socket at a table closed keeps the seat for the grace period; the sweep
then seats a bot for each one still away, reading every departure in one batch (no delayed
task per disconnect) and spending a bounded time on them, the rest left for the next sweep."""

import time

import pytest
from django.core.cache import cache
from django.test.utils import override_settings

from games import live, presence
from games.live import seating
from games.models import Match

from .conftest import deal_now, start_table

pytestmark = pytest.mark.django_db

GRACE = 30.0


@pytest.fixture(autouse=True)
def no_departures_of_other_tests():
    cache.delete("presence:departed")
    with override_settings(SAHRAT_AWAY_GRACE_SECONDS=GRACE):
        yield
    cache.delete("presence:departed")


def leave_socket(table_id: int, user_id: int, ago: float) -> None:
    """The player's one socket at the table closed ``ago`` seconds before now."""
    presence.connected(table_id, user_id)
    presence.disconnected(table_id, user_id, at=time.time() - ago)


def bots(table_id: int) -> list[bool]:
    return [s["bot"] for s in Match.objects.get(table_id=table_id).seats]


def test_a_player_away_past_the_grace_gets_a_bot_and_is_read_only_once(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    leave_socket(table.pk, carol.pk, ago=GRACE + 1)
    assert live.stand_in_for_the_departed() == 1
    assert bots(table.pk) == [False, False, True, False]
    assert presence.departed_before(time.time(), 10) == []  # dealt with, gone from the set
    assert live.stand_in_for_the_departed() == 0


def test_a_player_still_within_the_grace_keeps_the_seat_until_it_runs_out(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    leave_socket(table.pk, bob.pk, ago=GRACE - 5)
    assert live.stand_in_for_the_departed() == 0
    assert not any(bots(table.pk))
    assert live.stand_in_for_the_departed(now=time.time() + 6) == 1
    assert bots(table.pk)[1]


def test_a_player_back_before_the_sweep_keeps_the_seat_and_the_departure_is_dropped(
    alice, bob, carol, dave
):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    leave_socket(table.pk, dave.pk, ago=GRACE + 1)
    presence.connected(table.pk, dave.pk)  # a new page opened
    assert live.stand_in_for_the_departed() == 0
    assert not any(bots(table.pk))
    assert presence.departed_before(time.time(), 10) == []


def test_a_player_who_leaves_again_after_the_cutoff_gets_a_new_grace_period(
    alice, bob, carol, dave
):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    leave_socket(table.pk, alice.pk, ago=GRACE + 1)
    cutoff = time.time() - GRACE
    read = presence.departed_before(cutoff, 10)
    assert read == [(table.pk, alice.pk)]
    leave_socket(table.pk, alice.pk, ago=0)  # back and gone again while the sweep worked
    presence.forget_departures(read, cutoff)
    assert presence.departed_before(time.time(), 10) == [(table.pk, alice.pk)]


def test_departures_from_tables_no_longer_playing_are_dropped_without_a_bot(
    alice, bob, carol, dave
):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    Match.objects.filter(table=table).update(status=Match.Status.ABANDONED)
    for user in (alice, bob, carol, dave):
        leave_socket(table.pk, user.pk, ago=GRACE + 1)
    assert live.stand_in_for_the_departed() == 0
    assert presence.departed_before(time.time(), 10) == []


def test_a_sweep_past_its_time_budget_leaves_the_rest_for_the_next_one(
    alice, bob, carol, dave, monkeypatch
):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    for n, user in enumerate((alice, bob, carol)):
        leave_socket(table.pk, user.pk, ago=GRACE + 10 - n)  # alice first, then bob, then carol
    monkeypatch.setattr(seating, "STAND_IN_SECONDS", 0.0)  # every bot seated is over the budget
    assert live.stand_in_for_the_departed() == 1
    assert bots(table.pk) == [True, False, False, False]  # the oldest departure first
    assert live.stand_in_for_the_departed() == 1
    assert live.stand_in_for_the_departed() == 1
    assert bots(table.pk) == [True, True, True, False]
    assert live.stand_in_for_the_departed() == 0

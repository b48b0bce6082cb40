"""A round has one clock task pending at a time (decision 63): a turn played within its time
sends no broker message; the pending task, when it wakes on a turn already played, re-arms for
the turn then running, once; a time-out move arms the next turn's clock."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import live
from games.banakil import bots
from games.live import schedule
from games.models import Action, Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def clocks(monkeypatch):
    """The clock tasks handed to Celery: (round, turn, due)."""
    sent: list[tuple[int, int, object]] = []

    def record(name, args, **options):
        if name == schedule.TURN_TIMEOUT:
            sent.append((*args, options.get("eta")))

    monkeypatch.setattr(schedule, "send", record)
    return sent


def play_turn(table, users):
    """The seat on turn plays its whole turn (as the baseline bot would). Nothing once the
    round is over: a rare deal lets a player go out within the test's first turns."""
    rnd = latest_round(table)
    seat = rnd.turn_seat
    while seat is not None and latest_round(table).turn_seat == seat:
        view = live.snapshot(table.pk, users[seat])["view"]
        live.play(table.pk, users[seat], bots.next_action(view), latest_round(table).turn_no)


def test_turns_played_in_time_leave_the_deals_clock_task_the_only_one(
    alice, bob, clocks, django_capture_on_commit_callbacks
):
    table = start_table([alice, bob], {"players": 2})
    with django_capture_on_commit_callbacks(execute=True):
        rnd = deal_now(table)
    assert clocks == [(rnd.pk, rnd.turn_no, rnd.deadline)]
    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True):
            play_turn(table, [alice, bob])
    assert len(clocks) == 1
    assert latest_round(table).clock_at == rnd.deadline


def test_the_pending_clock_wakes_on_a_played_turn_and_re_arms_once_for_the_turn_running(
    alice, bob, clocks, django_capture_on_commit_callbacks
):
    table = start_table([alice, bob], {"players": 2})
    with django_capture_on_commit_callbacks(execute=True):
        first = deal_now(table)
        play_turn(table, [alice, bob])
    # the first turn's task wakes at its due time: that turn is long over
    Round.objects.filter(pk=first.pk).update(clock_at=timezone.now() - timedelta(seconds=0.01))
    with django_capture_on_commit_callbacks(execute=True):
        assert not live.turn_timed_out(first.pk, first.turn_no)
        assert not live.turn_timed_out(first.pk, first.turn_no)  # the same task again
    now = latest_round(table)
    assert clocks[1:] == [(first.pk, now.turn_no, now.deadline)]
    assert now.clock_at == now.deadline
    assert not Action.objects.filter(round=first, actor="timeout").exists()


def test_a_time_out_move_arms_the_clock_of_the_next_turn(
    alice, bob, clocks, django_capture_on_commit_callbacks
):
    table = start_table([alice, bob], {"players": 2})
    with django_capture_on_commit_callbacks(execute=True):
        rnd = deal_now(table)
    past = timezone.now() - timedelta(seconds=1)
    Round.objects.filter(pk=rnd.pk).update(deadline=past, clock_at=past)
    with django_capture_on_commit_callbacks(execute=True):
        assert live.turn_timed_out(rnd.pk, rnd.turn_no)
    now = latest_round(table)
    assert now.turn_no == rnd.turn_no + 1
    assert clocks[-1] == (rnd.pk, now.turn_no, now.deadline)
    assert now.clock_at == now.deadline

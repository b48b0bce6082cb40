"""A killed worker or a restarted Redis can lose a pending task; the beat's sweeper issues the
work again (and every task is idempotent, so issuing twice is harmless)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import live
from games.live import schedule
from games.models import Match, Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """What the sweeper hands to Celery, by task name."""
    calls: list[tuple[str, tuple]] = []
    monkeypatch.setattr(schedule, "send", lambda name, args, **_: calls.append((name, args)))
    return calls


def test_an_overdue_clock_is_issued_again_and_plays_once(alice, bob, sent):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(seconds=5))
    live.sweep()
    assert sent == [("games.turn_timeout", (rnd.pk, rnd.turn_no))]
    for _name, args in sent + sent:  # the lost task and the sweeper's both run: one move
        live.turn_timed_out(*args)
    assert latest_round(table).turn_no == rnd.turn_no + 1


def test_a_running_clock_is_left_alone(alice, bob, sent):
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    live.sweep()
    assert sent == []


def test_a_deal_past_the_seed_wait_is_issued_again(alice, bob, sent):
    table = start_table([alice, bob], {"players": 2})
    rnd = latest_round(table)
    Round.objects.filter(pk=rnd.pk).update(created_at=timezone.now() - timedelta(seconds=30))
    live.sweep()
    assert sent == [("games.deal_round", (rnd.pk,))]


def test_a_stalled_bot_turn_is_issued_again(alice, sent):
    table = start_table([alice], bots_fill=True)
    rnd = deal_now(table)
    while latest_round(table).turn_seat == 0:  # let alice's first turn pass by a time-out
        r = latest_round(table)
        Round.objects.filter(pk=r.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        live.turn_timed_out(r.pk, r.turn_no)
    rnd = latest_round(table)
    Round.objects.filter(pk=rnd.pk).update(updated_at=timezone.now() - timedelta(seconds=30))
    sent.clear()
    live.sweep()
    assert ("games.bot_turn", (rnd.pk, rnd.turn_no, rnd.event_no)) in sent


def test_a_next_round_past_the_break_is_issued_again(alice, bob, sent):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    Round.objects.filter(pk=rnd.pk).update(
        status=Round.Status.FINISHED, finished_at=timezone.now() - timedelta(seconds=60)
    )
    live.sweep()
    match = Match.objects.get(table=table)
    assert ("games.open_next_round", (match.pk, 2)) in sent

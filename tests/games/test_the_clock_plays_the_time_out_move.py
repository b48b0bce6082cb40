from datetime import timedelta

import pytest
from django.utils import timezone

from games import live
from games.models import Action, Match, Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db


def expire(rnd: Round) -> None:
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_a_time_out_plays_the_rules_move_for_the_seat_on_turn(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    seat, turn_no = rnd.turn_seat, rnd.turn_no
    expected = rnd.engine().timeout_actions()
    expire(rnd)
    assert live.turn_timed_out(rnd.pk, turn_no)
    logged = list(Action.objects.filter(round=rnd).order_by("seq"))
    assert [a.payload for a in logged] == expected
    assert {a.actor for a in logged} == {"timeout"} and {a.seat for a in logged} == {seat}
    assert latest_round(table).turn_no == turn_no + 1


def test_a_time_out_task_that_runs_late_or_twice_does_nothing_more(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    turn_no = rnd.turn_no
    expire(rnd)
    assert live.turn_timed_out(rnd.pk, turn_no)
    count = Action.objects.filter(round=rnd).count()
    assert not live.turn_timed_out(rnd.pk, turn_no)
    assert Action.objects.filter(round=rnd).count() == count


def test_a_time_out_that_wakes_before_the_deadline_waits(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    assert not live.turn_timed_out(rnd.pk, rnd.turn_no)
    assert not Action.objects.filter(round=rnd).exists()


def test_three_time_outs_in_a_row_mark_a_seat_away_and_a_bot_takes_it_at_a_free_table(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    for _ in range(6):
        rnd = latest_round(table)
        expire(rnd)
        live.turn_timed_out(rnd.pk, rnd.turn_no)
    match = Match.objects.get(table=table)
    # both humans timed out three times in a row: every human is away, the match is abandoned
    assert all(s["away"] for s in match.seats)
    assert match.status == Match.Status.ABANDONED


def test_a_move_resets_the_time_out_count(alice, bob):
    from games.banakil import bots

    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    users = {alice.pk: alice, bob.pk: bob}
    for _ in range(4):  # two time-outs for each seat
        rnd = latest_round(table)
        expire(rnd)
        live.turn_timed_out(rnd.pk, rnd.turn_no)
    rnd = latest_round(table)
    match = Match.objects.get(table=table)
    seat = rnd.turn_seat
    assert match.seats[seat]["timeouts"] == 2
    user = users[match.seats[seat]["user"]]
    while latest_round(table).turn_seat == seat:
        rnd = latest_round(table)
        view = live.snapshot(table.pk, user)["view"]
        live.play(table.pk, user, bots.next_action(view), rnd.turn_no)
    assert Match.objects.get(table=table).seats[seat]["timeouts"] == 0


def test_at_a_coin_table_no_bot_takes_an_away_seat(alice, bob, carol):
    table = start_table([alice, bob], {"players": 2})
    match = Match.objects.get(table=table)
    match.options = {**match.options, "stake": 10, "bots": False}
    match.save()
    deal_now(table)
    for _ in range(5):
        rnd = latest_round(table)
        expire(rnd)
        live.turn_timed_out(rnd.pk, rnd.turn_no)
    match.refresh_from_db()
    away = [s for s in match.seats if s["away"]]
    assert away and not any(s["bot"] for s in match.seats)

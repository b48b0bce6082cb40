"""At a bots table (one player, bots in every other seat) missed turns never end the match: after
the away threshold a bot stands in for the player, the table state says why (the turns missed),
and the player takes the seat back (at once off turn, from the next turn on it). A people's table
keeps its rule: when every player is away the match is abandoned, and it says why."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import live
from games.models import Action, Match, Round
from games.seats import AWAY_AFTER_TIMEOUTS

from .conftest import deal_now, latest_round, start_table, step

pytestmark = pytest.mark.django_db


def run_out(table) -> None:
    """The seat on turn lets its time run out (the clock task's job)."""
    rnd = latest_round(table)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    live.turn_timed_out(rnd.pk, rnd.turn_no)


def miss_turns(table, seat: int, turns: int) -> None:
    """Bots play their turns; each turn of ``seat`` runs out, ``turns`` times."""
    missed = 0
    for _ in range(2000):
        rnd = latest_round(table)
        match = Match.objects.get(table=table)
        if missed == turns or match.status != Match.Status.PLAYING:
            return
        if rnd.status == Round.Status.PLAYING and rnd.turn_seat == seat:
            run_out(table)
            missed += 1
        else:
            step(table)
    raise AssertionError("the seat never came to its turn")


def test_a_player_who_misses_turns_at_a_bots_table_gets_a_bot_and_the_match_goes_on(alice):
    table = start_table([alice], {"players": 4}, bots_fill=True)
    deal_now(table)
    miss_turns(table, 0, AWAY_AFTER_TIMEOUTS)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.PLAYING and match.abandoned_why == ""
    seat = match.seat_states[0]
    assert seat.bot and seat.away and seat.timeouts == AWAY_AFTER_TIMEOUTS
    state = live.snapshot(table.pk, alice)
    assert state["match"]["against_bots"] is True
    assert state["seats"][0]["bot"] and state["seats"][0]["missed"] == AWAY_AFTER_TIMEOUTS
    # the bot plays the player's next turn; the match never stops
    by_bot = Action.objects.filter(round__match=match, seat=0, actor=Action.Actor.BOT)
    for _ in range(400):
        if by_bot.exists():
            break
        step(table)
    assert by_bot.exists()
    assert Match.objects.get(table=table).status == Match.Status.PLAYING


def test_the_player_takes_the_seat_back_at_once_when_it_is_not_their_turn(alice):
    table = start_table([alice], {"players": 4}, bots_fill=True)
    deal_now(table)
    miss_turns(table, 0, AWAY_AFTER_TIMEOUTS)
    while latest_round(table).turn_seat == 0:
        step(table)
    live.came_back(table.pk, alice)
    seat = Match.objects.get(table=table).seat_states[0]
    assert not seat.bot and not seat.away and seat.timeouts == 0
    assert live.snapshot(table.pk, alice)["seats"][0]["missed"] == 0


def test_the_player_who_asks_back_on_the_bots_turn_for_them_gets_the_next_turn(alice):
    table = start_table([alice], {"players": 4}, bots_fill=True)
    deal_now(table)
    miss_turns(table, 0, AWAY_AFTER_TIMEOUTS)
    for _ in range(400):
        if latest_round(table).turn_seat == 0:
            break
        step(table)
    live.came_back(table.pk, alice)
    state = live.snapshot(table.pk, alice)
    assert state["seats"][0]["bot"] and state["seats"][0]["returning"]
    began = latest_round(table)
    while True:  # the bot ends the turn it began; the next turn may be the next round's
        rnd = latest_round(table)
        if rnd.status == Round.Status.PLAYING and (rnd.number, rnd.turn_no) != (
            began.number,
            began.turn_no,
        ):
            break
        step(table)
    seat = Match.objects.get(table=table).seat_states[0]
    assert not seat.bot and not seat.returning


def test_at_a_peoples_table_every_player_away_still_abandons_and_says_why(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    for _ in range(2 * AWAY_AFTER_TIMEOUTS):
        run_out(table)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.ABANDONED
    assert match.abandoned_why == Match.Abandoned.AWAY
    assert live.snapshot(table.pk, alice)["match"]["abandoned_why"] == "away"

"""Every ``state`` carries ``last``: the round's last applied action, its seat, and whether a
player, a bot standing in or the clock made it (the table says what was played for a seat)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import live
from games.banakil import bots
from games.live import broadcast, moves, state
from games.models import Match, Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db


def test_a_new_round_has_no_last_action(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    assert live.snapshot(table.pk, alice)["last"] is None


def test_a_players_move_is_named_as_the_players(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    seat = rnd.turn_seat
    user = alice if seat == 0 else bob
    view = live.snapshot(table.pk, user)["view"]
    action = bots.next_action(view)
    live.play(table.pk, user, action, rnd.turn_no)
    last = live.snapshot(table.pk, bob if user is alice else alice)["last"]
    assert last == {"seat": seat, "action": action, "actor": "player"}


def test_a_time_out_is_named_as_the_clocks_and_a_stock_draw_names_no_card(alice, bob, monkeypatch):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    # the starter's first turn has no draw: play it, so the time-out falls on a drawing turn
    seat = rnd.turn_seat
    user = alice if seat == 0 else bob
    while latest_round(table).turn_seat == seat:
        view = live.snapshot(table.pk, user)["view"]
        live.play(table.pk, user, bots.next_action(view), latest_round(table).turn_no)
    rnd = latest_round(table)
    timed_out = rnd.turn_seat
    expected = rnd.engine().timeout_actions()
    assert expected[0] == {"type": "draw", "from": "stock"}
    sent: list[dict] = []
    original = broadcast.encode

    def spy(content):
        sent.append(content)  # each recipient's message, as it is encoded to be sent
        return original(content)

    monkeypatch.setattr(broadcast, "encode", spy)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert live.turn_timed_out(rnd.pk, rnd.turn_no)
    lasts = [m["last"] for m in sent]
    # every state after each time-out move names it, for every seat and the spectators alike
    assert {"seat": timed_out, "action": expected[0], "actor": "timeout"} in lasts
    assert lasts[-1] == {"seat": timed_out, "action": expected[-1], "actor": "timeout"}
    assert all(
        "card" not in m["last"]["action"] for m in sent if m["last"]["action"]["type"] == "draw"
    )


def test_a_bot_standing_in_is_named_as_the_bots(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    match = Match.objects.get(table=table)
    seat = rnd.turn_seat
    states = match.seat_states
    states[seat] = states[seat].go_away()
    match.set_seats(states)
    match.save()
    assert live.bot_moves(rnd.pk, rnd.turn_no, rnd.event_no)
    last = live.snapshot(table.pk, alice)["last"]
    assert last["seat"] == seat and last["actor"] == "bot"


def test_the_states_of_one_move_read_the_actor_without_a_query(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    match = Match.objects.get(table=table)
    seat = rnd.turn_seat
    engine = rnd.engine()
    action = bots.next_action(engine.view(seat))
    moves.apply(match, rnd, seat, action, "player")
    found = rnd.engine()  # the round after the move (its replay reads the action rows)
    with CaptureQueriesContext(connection) as queries:
        last = state.message(match, rnd, found, None, "player")["last"]
    assert last["actor"] == "player"
    assert not [q for q in queries.captured_queries if "games_action" in q["sql"]]

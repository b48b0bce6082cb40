import pytest

from games import live
from games.banakil import bots
from games.models import Match
from games.refusals import GameRefusal

from .conftest import deal_now, latest_round, start_table, step

pytestmark = pytest.mark.django_db


def test_a_player_who_leaves_a_free_table_is_played_by_a_bot_with_the_same_hand(
    alice, bob, carol, dave
):
    table = start_table([alice, bob, carol, dave])
    rnd = deal_now(table)
    hand_before = live.snapshot(table.pk, bob)["view"]["hand"]
    live.leave(bob, table.pk)
    match = Match.objects.get(table=table)
    assert match.seats[1]["bot"] and match.status == "playing"
    rnd = latest_round(table)
    engine = rnd.engine()
    assert sorted(engine.view(1)["hand"]) == sorted(hand_before)  # leaving never re-deals
    public = live.snapshot(table.pk, dave)
    assert public["seats"][1]["bot"] is True


def test_a_disconnected_player_gets_the_seat_back_at_the_next_turn(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    live.went_away(table.pk, carol.pk)
    assert Match.objects.get(table=table).seats[2]["bot"]
    # play until it is carol's turn, then carol comes back during it
    for _ in range(200):
        if latest_round(table).turn_seat == 2:
            break
        step(table)
    rnd = latest_round(table)
    assert rnd.turn_seat == 2
    live.came_back(table.pk, carol)
    match = Match.objects.get(table=table)
    assert match.seats[2]["bot"] and match.seats[2]["returning"]
    with pytest.raises(GameRefusal) as refusal:
        view = live.snapshot(table.pk, carol)["view"]
        live.play(table.pk, carol, bots.next_action(view), rnd.turn_no)
    assert refusal.value.code == "bot_has_seat"
    while latest_round(table).turn_seat == 2:
        step(table)  # the bot finishes carol's turn
    match = Match.objects.get(table=table)
    assert not match.seats[2]["bot"] and not match.seats[2]["away"]


def test_coming_back_when_it_is_not_your_turn_takes_the_seat_at_once(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    rnd = deal_now(table)
    absent = next(u for n, u in enumerate([alice, bob, carol, dave]) if n != rnd.turn_seat)
    live.went_away(table.pk, absent.pk)
    live.came_back(table.pk, absent)
    assert not any(s["bot"] for s in Match.objects.get(table=table).seats)


def test_when_the_last_human_leaves_the_match_is_abandoned(alice):
    table = start_table([alice], bots_fill=True)
    deal_now(table)
    live.leave(alice, table.pk)
    assert Match.objects.get(table=table).status == Match.Status.ABANDONED


def test_a_player_who_left_watches_as_a_spectator_and_cannot_move(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    rnd = deal_now(table)
    leaver = [alice, bob, carol, dave][rnd.turn_seat]
    live.leave(leaver, table.pk)
    state = live.snapshot(table.pk, leaver)
    assert state["you"] is None and "hand" not in state["view"]
    with pytest.raises(GameRefusal) as refusal:
        live.play(table.pk, leaver, {"type": "throw", "card": "AS"}, rnd.turn_no)
    assert refusal.value.code == "not_seated"

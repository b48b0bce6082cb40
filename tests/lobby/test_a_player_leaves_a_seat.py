import pytest

from games import live
from games.models import Match
from lobby import services
from lobby.models import Seat, Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_leaving_empties_the_seat(client_for, free_table, bob):
    services.sit(bob, free_table, 1)
    response = client_for(bob).post(f"/tables/{free_table.pk}/leave/")
    assert response.status_code == 302
    assert not Seat.objects.filter(user=bob).exists()
    free_table.refresh_from_db()
    assert free_table.status == "waiting"


def test_a_table_closes_when_its_last_player_leaves(free_table, alice):
    services.fill_with_bots(alice, free_table)
    live.leave(alice, free_table.pk)
    free_table.refresh_from_db()
    assert free_table.status == Table.Status.FINISHED
    assert not free_table.seats.exists()


def test_a_bot_takes_the_seat_of_a_player_who_leaves_a_playing_free_table(one_on_one, alice, bob):
    services.sit(bob, one_on_one)
    live.start(alice, one_on_one.pk)
    live.leave(bob, one_on_one.pk)
    seat = Match.objects.get(table=one_on_one).seat_states[1]
    assert seat.bot and seat.left and seat.user == bob.pk
    assert not Seat.objects.filter(user=bob).exists()  # free to sit at another table


def test_leaving_a_table_you_are_not_at_is_refused(free_table, bob):
    with pytest.raises(LobbyRefusal) as refusal:
        live.leave(bob, free_table.pk)
    assert refusal.value.code == "not_seated"

import pytest
from django.db import IntegrityError, transaction

from games import live
from lobby import services
from lobby.models import Seat
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_a_seated_player_cannot_sit_at_a_second_table(free_table, bob, carol):
    other = services.create_table(carol, {"players": 2})
    services.sit(bob, free_table)
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(bob, other)
    assert refusal.value.code == "already_seated"


def test_a_seated_player_cannot_open_another_table(free_table, alice):
    with pytest.raises(LobbyRefusal) as refusal:
        services.create_table(alice, {})
    assert refusal.value.code == "already_seated"


def test_a_player_cannot_take_a_second_seat_at_the_same_table(free_table, alice):
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(alice, free_table, 1)
    assert refusal.value.code == "already_seated"


def test_the_database_itself_refuses_a_second_seat(free_table, alice, bob):
    other = services.create_table(bob, {"players": 2})
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=other, number=1, user=alice)


def test_after_leaving_the_player_may_sit_elsewhere(free_table, bob, carol):
    other = services.create_table(carol, {"players": 2})
    services.sit(bob, free_table)
    live.leave(bob, free_table.pk)
    assert services.sit(bob, other).table == other

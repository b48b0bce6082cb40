import pytest

from lobby import services
from lobby.models import Seat, Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_bots_fill_every_empty_seat(client_for, free_table, alice):
    response = client_for(alice).post(f"/tables/{free_table.pk}/bots/")
    assert response.status_code == 302
    seats = list(Seat.objects.filter(table=free_table).order_by("number"))
    assert [s.is_bot for s in seats] == [False, True, True, True]


def test_a_table_with_bots_off_refuses_them(alice):
    table = services.create_table(alice, {"bots": False})
    with pytest.raises(LobbyRefusal) as refusal:
        services.fill_with_bots(alice, table)
    assert refusal.value.code == "bots_not_allowed"


def test_a_coin_table_refuses_bots(alice, bob):
    table = Table.objects.create(
        players=2, stake=50, options={"players": 2, "stake": 50, "bots": False}
    )
    Seat.objects.create(table=table, number=0, user=bob)
    with pytest.raises(LobbyRefusal) as refusal:
        services.fill_with_bots(bob, table)
    assert refusal.value.code == "bots_not_allowed"


def test_only_a_seated_player_calls_the_bots(free_table, outsider):
    with pytest.raises(LobbyRefusal) as refusal:
        services.fill_with_bots(outsider, free_table)
    assert refusal.value.code == "not_seated"


def test_a_full_table_has_no_seat_for_a_bot(one_on_one, alice, bob):
    services.sit(bob, one_on_one)
    with pytest.raises(LobbyRefusal) as refusal:
        services.fill_with_bots(alice, one_on_one)
    assert refusal.value.code == "no_empty_seat"

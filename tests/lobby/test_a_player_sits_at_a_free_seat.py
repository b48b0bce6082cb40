import pytest

from lobby import services
from lobby.models import Seat
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_a_player_sits_at_the_seat_they_choose(client_for, free_table, bob):
    response = client_for(bob).post(f"/tables/{free_table.pk}/sit/", {"seat": "2"})
    assert response.status_code == 302
    assert Seat.objects.get(user=bob).number == 2


def test_without_a_seat_number_the_first_empty_seat_is_taken(free_table, bob):
    assert services.sit(bob, free_table).number == 1


def test_a_taken_seat_is_refused(free_table, bob):
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(bob, free_table, 0)
    assert refusal.value.code == "seat_taken"


def test_a_full_table_is_refused(one_on_one, bob, carol):
    services.sit(bob, one_on_one)
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(carol, one_on_one)
    assert refusal.value.code == "table_full"


def test_a_seat_that_does_not_exist_is_refused(one_on_one, bob):
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(bob, one_on_one, 3)
    assert refusal.value.code == "no_such_seat"


def test_a_refused_sit_shows_the_message_in_the_readers_language(client_for, free_table, bob):
    page = client_for(bob, "ar").post(f"/tables/{free_table.pk}/sit/", {"seat": "0"}, follow=True)
    assert "هالمقعد محجوز." in page.content.decode()
    assert not Seat.objects.filter(user=bob).exists()


def test_sitting_needs_a_post_and_a_login(client, free_table):
    assert client.get(f"/tables/{free_table.pk}/sit/").status_code in (302, 405)
    response = client.post(f"/tables/{free_table.pk}/sit/", {"seat": "1"})
    assert response["Location"].startswith("/accounts/login/")

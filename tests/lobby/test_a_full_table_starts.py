import pytest

from games import live
from lobby import services
from lobby.models import Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_a_full_table_starts_and_shows_its_seats(client_for, one_on_one, alice, bob):
    services.sit(bob, one_on_one)
    client = client_for(alice)
    response = client.post(f"/tables/{one_on_one.pk}/start/")
    assert response.status_code == 302
    one_on_one.refresh_from_db()
    assert one_on_one.status == Table.Status.PLAYING
    assert one_on_one.started_at is not None
    client.cookies["django_language"] = "en"
    page = client.get(f"/tables/{one_on_one.pk}/").content.decode()
    assert "The match has started" in page
    assert "Alice" in page and "Bob" in page


def test_a_table_with_an_empty_seat_does_not_start(free_table, alice):
    with pytest.raises(LobbyRefusal) as refusal:
        live.start(alice, free_table.pk)
    assert refusal.value.code == "table_not_full"


def test_only_a_seated_player_starts_the_table(one_on_one, bob, outsider):
    services.sit(bob, one_on_one)
    with pytest.raises(LobbyRefusal) as refusal:
        live.start(outsider, one_on_one.pk)
    assert refusal.value.code == "not_seated"


def test_a_started_table_takes_no_more_players(one_on_one, alice, bob, carol):
    services.fill_with_bots(alice, one_on_one)
    live.start(alice, one_on_one.pk)
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(carol, one_on_one)
    assert refusal.value.code == "table_not_open"

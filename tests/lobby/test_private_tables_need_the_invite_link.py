import pytest

from lobby import services
from lobby.models import Seat
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_table(alice):
    return services.create_table(alice, {"private": True, "players": 2})


def test_a_private_table_is_not_in_the_lobby(client, private_table):
    assert private_table.pk not in [t.pk for t in client.get("/").context["tables"]]


def test_sitting_without_the_token_is_refused(private_table, bob):
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(bob, private_table)
    assert refusal.value.code == "invite_needed"


def test_the_invite_link_lets_a_player_sit(client_for, private_table, bob):
    client = client_for(bob)
    link = private_table.get_invite_url()
    assert client.get(link).status_code == 200
    response = client.post(
        f"/tables/{private_table.pk}/sit/", {"seat": "1", "token": private_table.invite_token}
    )
    assert response.status_code == 302
    assert Seat.objects.get(user=bob).table == private_table


def test_the_table_page_hides_from_outsiders_and_shows_the_link_to_players(
    client_for, private_table, alice, outsider
):
    assert client_for(outsider).get(f"/tables/{private_table.pk}/").status_code == 403
    page = client_for(alice).get(f"/tables/{private_table.pk}/").content.decode()
    assert private_table.invite_token in page

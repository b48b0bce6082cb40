import pytest

from accounts.models import StakeLevel
from lobby import services as lobby
from lobby.models import Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db

FORM = {
    "players": "2",
    "turn_seconds": "20",
    "out_bonus": "20",
    "nazla_bonus": "51",
    "nazla_bonus_no_melds": "102",
}


def test_a_stake_that_is_not_a_level_is_refused_by_the_service(player):
    alice = player("alice", 1000)
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.create_table(alice, {"players": 2, "stake": 150})
    assert refusal.value.code == "bad_stake"
    assert "100, 500, 1000" in refusal.value.message
    assert not Table.objects.exists()


def test_the_form_offers_free_and_each_stake_level(client_for, player):
    alice = player("alice", 1000)
    StakeLevel.objects.filter(amount=1000).update(active=False)
    form = client_for(alice, "en").get("/tables/new/").context["form"]
    assert [value for value, _label in form.fields["stake"].choices] == [0, 100, 500]


def test_the_form_refuses_another_stake_in_english(client_for, player):
    alice = player("alice", 1000)
    response = client_for(alice, "en").post("/tables/new/", {**FORM, "stake": "150"})
    assert response.status_code == 200
    assert "must be one of the stake levels" in str(response.context["form"].errors["stake"])
    assert not Table.objects.exists()


def test_the_form_refuses_another_stake_in_arabic(client_for, player):
    alice = player("alice", 1000)
    response = client_for(alice, "ar").post("/tables/new/", {**FORM, "stake": "150"})
    assert "مستويات الرهان" in str(response.context["form"].errors["stake"])


def test_the_form_opens_a_coin_table_at_a_level(client_for, player):
    alice = player("alice", 1000)
    response = client_for(alice, "en").post("/tables/new/", {**FORM, "stake": "500"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.stake == 500 and table.options["bots"] is False


def test_the_api_refuses_another_stake_with_400_in_both_languages(client_for, player):
    alice = player("alice", 1000)
    response = client_for(alice, "en").post(
        "/api/tables/", {"options": {"stake": 150}}, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["code"] == "bad_stake"
    response = client_for(alice, "ar").post(
        "/api/tables/", {"options": {"stake": 150}}, content_type="application/json"
    )
    assert "مستويات الرهان" in response.json()["message"]
    response = client_for(alice, "en").post(
        "/api/tables/", {"options": {"stake": 100}}, content_type="application/json"
    )
    assert response.status_code == 201 and response.json()["stake"] == 100


def test_bots_never_sit_at_a_coin_table(player):
    alice = player("alice", 1000)
    table = lobby.create_table(alice, {"players": 2, "stake": 100, "bots": True})
    assert table.options["bots"] is False
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.fill_with_bots(alice, table)
    assert refusal.value.code == "bots_not_allowed"

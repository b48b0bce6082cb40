import pytest

from lobby import services
from lobby.models import Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db

GOOD = {
    "players": "4",
    "turn_seconds": "20",
    "out_bonus": "20",
    "nazla_bonus": "51",
    "nazla_bonus_no_melds": "102",
    "stake": "0",
}


def test_a_too_short_turn_time_is_refused_in_english(client_for, alice):
    response = client_for(alice, "en").post("/tables/new/", {**GOOD, "turn_seconds": "2"})
    assert response.status_code == 200
    assert "greater than or equal to 5" in str(response.context["form"].errors["turn_seconds"])
    assert not Table.objects.exists()


def test_a_too_short_turn_time_is_refused_in_arabic(client_for, alice):
    response = client_for(alice, "ar").post("/tables/new/", {**GOOD, "turn_seconds": "2"})
    html = response.content.decode()
    assert 'class="error"' in html
    assert "5" in str(response.context["form"].errors["turn_seconds"])
    assert "تحقق" in str(response.context["form"].errors["turn_seconds"])


def test_a_mode_that_does_not_exist_is_refused(client_for, alice):
    response = client_for(alice).post("/tables/new/", {**GOOD, "players": "3"})
    assert "players" in response.context["form"].errors
    assert not Table.objects.exists()


def test_the_service_refuses_unknown_and_bad_options_with_stable_codes(alice):
    with pytest.raises(LobbyRefusal) as bad:
        services.create_table(alice, {"target": 5})
    assert bad.value.code == "bad_option"
    with pytest.raises(LobbyRefusal) as unknown:
        services.create_table(alice, {"jokers": 3})
    assert unknown.value.code == "unknown_option"
    assert not Table.objects.exists()

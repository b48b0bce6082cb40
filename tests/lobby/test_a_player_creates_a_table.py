import pytest

from lobby.models import Seat, Table

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]


def test_the_form_is_pre_filled_with_every_default(client_for, alice):
    form = client_for(alice).get("/tables/new/").context["form"]
    assert form["players"].initial == 4
    assert form["turn_seconds"].initial == 20
    assert form["nazla_bonus"].initial == 51
    assert form["nazla_bonus_no_melds"].initial == 102
    assert form["bots"].initial is True
    assert form["private"].initial is False
    assert set(form.fields) >= {
        "players",
        "target",
        "turn_seconds",
        "out_bonus",
        "nazla_bonus",
        "nazla_bonus_no_melds",
        "nazla_final_throw",
        "pile_card_must_be_used",
        "partner_layoff_needs_own_meld",
        "bots",
        "private",
        "stake",
    }


def test_a_player_opens_a_one_against_one_table_and_sits_at_seat_0(client_for, alice):
    response = client_for(alice).post(
        "/tables/new/",
        {
            "players": "2",
            "turn_seconds": "30",
            "out_bonus": "20",
            "nazla_bonus": "51",
            "nazla_bonus_no_melds": "102",
            "stake": "0",
            "bots": "on",
            "nazla_final_throw": "on",
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tables/{table.pk}/"
    assert (table.players, table.target, table.status) == (2, 150, "waiting")
    assert table.options["turn_seconds"] == 30
    assert table.options["pile_card_must_be_used"] is False  # unticked box
    assert Seat.objects.get(table=table).user == alice


def test_creating_a_table_needs_a_login(client):
    response = client.get("/tables/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")

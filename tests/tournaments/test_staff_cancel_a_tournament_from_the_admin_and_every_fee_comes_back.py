import pytest

from accounts import coins
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_admins_cancel_action_refunds_every_entry_fee_once(
    client_for, make_tournament, make_user, alice, bob
):
    event = make_tournament()
    services.register(event.pk, alice)
    services.register(event.pk, bob)
    boss = make_user("chief", is_staff=True, is_superuser=True)
    client = client_for(boss, "en")
    form = {"action": "cancel_and_refund", "_selected_action": [event.pk]}
    page = client.post("/admin/tournaments/tournament/", form, follow=True)
    assert "2 entry fees given back." in page.content.decode()
    again = client.post("/admin/tournaments/tournament/", form, follow=True)
    assert "0 entry fees given back." in again.content.decode()
    assert (coins.coin_balance(alice), coins.coin_balance(bob)) == (500, 500)
    event.refresh_from_db()
    assert event.state == "cancelled"

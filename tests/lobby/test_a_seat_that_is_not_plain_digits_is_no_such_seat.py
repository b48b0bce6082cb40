"""The sit form's seat is plain ASCII digits or empty (the first empty seat). ``²`` passed
``str.isdigit()`` and broke ``int()`` (a 500); now anything else is refused as no such seat."""

import pytest
from django.contrib.messages import get_messages

from lobby.models import Seat
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seat", ["²", "١", "1²", "-1", "one", "99999999999999999999"])
def test_a_seat_that_is_not_a_plain_number_is_refused(client_for, free_table, bob, seat):
    response = client_for(bob).post(f"/tables/{free_table.pk}/sit/", {"seat": seat})
    assert response.status_code == 302
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert shown == [str(LobbyRefusal("no_such_seat").message)]
    assert not Seat.objects.filter(user=bob).exists()


def test_an_empty_seat_takes_the_first_empty_one(client_for, free_table, bob):
    response = client_for(bob).post(f"/tables/{free_table.pk}/sit/", {"seat": ""})
    assert response.status_code == 302
    assert Seat.objects.get(user=bob).number == 1

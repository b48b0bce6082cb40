"""A private table is closed to a logged-in player who is not seated at it and has no invite:
the table page (403), sitting (page and API), the table's API record, its history and its live
table socket (closed 4403: an outsider who guesses the id can't even watch). With the invite the
page opens and the player sits.
"""

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import live
from lobby import services
from lobby.models import Seat, Table
from tests.games.conftest import deal_now

from .test_the_table_socket_lets_no_one_in_where_they_dont_belong import open_socket


def private_table(alice, bob, started=False) -> Table:
    table = services.create_table(alice, {"players": 2, "private": True})
    if started:
        services.sit(bob, table, token=table.invite_token)
        live.start(alice, table.pk)
        deal_now(table)
    return Table.objects.get(pk=table.pk)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.django_db
def test_pages_and_the_api_stay_closed_without_the_invite(alice, bob, outsider):
    table = private_table(alice, bob)
    client = logged_in(outsider)
    assert client.get(f"/tables/{table.pk}/").status_code == 403
    assert client.post(f"/tables/{table.pk}/sit/", {"seat": "1"}).status_code == 302
    assert client.get(f"/api/tables/{table.pk}/").json()["code"] == "invite_needed"
    api = client.post(f"/api/tables/{table.pk}/join/", {}, content_type="application/json")
    assert api.status_code == 403 and api.json()["code"] == "invite_needed"
    assert table.pk not in [t["id"] for t in client.get("/api/tables/").json()["results"]]
    assert not Seat.objects.filter(user=outsider).exists()
    assert client.get(table.get_invite_url()).status_code == 200
    client.post(f"/tables/{table.pk}/sit/", {"seat": "1", "token": table.invite_token})
    assert Seat.objects.get(user=outsider).table_id == table.pk


@pytest.mark.django_db
def test_a_wrong_invite_opens_nothing(alice, bob, outsider):
    table = private_table(alice, bob)
    client = logged_in(outsider)
    assert client.get("/t/not-the-invite-token/").status_code == 404
    bad = client.post(
        f"/api/tables/{table.pk}/join/", {"token": "x" * 20}, content_type="application/json"
    )
    assert bad.status_code == 403 and not Seat.objects.filter(user=outsider).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_live_socket_of_a_private_table_refuses_an_outsider(alice, bob, outsider):
    table = await sync_to_async(private_table)(alice, bob, started=True)
    ws = await open_socket(outsider, table)
    connected, _ = await ws.connect()
    assert connected  # accepted only to be closed with the code a client can read
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4403}

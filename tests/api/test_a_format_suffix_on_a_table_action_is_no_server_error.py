"""The router's ``.json`` suffix (``/api/tables.json``, ``/api/tables/1/join.json``) reaches the
same actions as the plain paths (the actions did not take ``format``: a 500)."""

import pytest

from lobby.models import Seat

pytestmark = pytest.mark.django_db


def test_a_table_is_created_through_the_json_suffix(client_for, bob):
    response = client_for(bob).post("/api/tables.json", {}, content_type="application/json")
    assert response.status_code == 201
    assert Seat.objects.get(user=bob).table_id == response.json()["id"]


@pytest.mark.parametrize("action", ["join", "leave", "fill-bots", "start"])
def test_every_table_action_answers_through_the_json_suffix(client_for, free_table, bob, action):
    response = client_for(bob).post(f"/api/tables/{free_table.pk}/{action}.json")
    assert response.status_code in (200, 403, 409), response.content
    assert "code" in response.json() or response.json()["id"] == free_table.pk

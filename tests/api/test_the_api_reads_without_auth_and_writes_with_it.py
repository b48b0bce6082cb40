import pytest
from rest_framework.test import APIClient

from lobby import services
from lobby.models import Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def api_for():
    def make(user):
        client = APIClient()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        return client

    return make


def test_anyone_lists_open_tables(api, free_table):
    response = api.get("/api/tables/")
    assert response.status_code == 200
    [row] = response.json()["results"]
    assert row["id"] == free_table.pk
    assert row["open_seats"] == 3
    assert row["options"]["target"] == 222
    assert "invite_token" not in row


def test_the_list_filters_by_mode(api, free_table, bob):
    services.create_table(bob, {"players": 2})
    assert [t["players"] for t in api.get("/api/tables/?mode=2").json()["results"]] == [2]


def test_anyone_reads_a_table(api, free_table):
    response = api.get(f"/api/tables/{free_table.pk}/")
    assert response.status_code == 200
    assert response.json()["seats"][0]["name"] == "Alice"


def test_a_visitor_cannot_create_join_or_leave(api, free_table):
    assert api.post("/api/tables/", {}, format="json").status_code == 403
    assert api.post(f"/api/tables/{free_table.pk}/join/").status_code == 403
    assert api.post(f"/api/tables/{free_table.pk}/leave/").status_code == 403


def test_a_player_creates_a_table(api_for, bob):
    response = api_for(bob).post(
        "/api/tables/", {"options": {"players": 2, "turn_seconds": 15}}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["players"], body["target"], body["options"]["turn_seconds"]) == (2, 150, 15)
    assert Seat.objects.get(user=bob).table_id == body["id"]


def test_a_bad_option_is_a_400_with_a_stable_code(api_for, bob):
    response = api_for(bob).post("/api/tables/", {"options": {"turn_seconds": 1}}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_option"
    assert not Table.objects.exists()


def test_a_player_joins_and_leaves(api_for, free_table, bob):
    client = api_for(bob)
    joined = client.post(f"/api/tables/{free_table.pk}/join/", {"seat": 3}, format="json")
    assert joined.status_code == 200
    assert [s["number"] for s in joined.json()["seats"]] == [0, 3]
    left = client.post(f"/api/tables/{free_table.pk}/leave/")
    assert left.status_code == 200
    assert [s["number"] for s in left.json()["seats"]] == [0]


def test_a_taken_seat_is_a_409_with_a_stable_code(api_for, free_table, bob):
    response = api_for(bob).post(f"/api/tables/{free_table.pk}/join/", {"seat": 0}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "seat_taken"


def test_bots_and_start_through_the_api(api_for, one_on_one, alice):
    client = api_for(alice)
    assert client.post(f"/api/tables/{one_on_one.pk}/fill-bots/").status_code == 200
    started = client.post(f"/api/tables/{one_on_one.pk}/start/")
    assert started.json()["status"] == "playing"


def test_a_private_table_needs_its_token(api_for, alice, bob):
    table = services.create_table(alice, {"private": True, "players": 2})
    client = api_for(bob)
    refused = client.post(f"/api/tables/{table.pk}/join/", {}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "invite_needed"
    ok = client.post(f"/api/tables/{table.pk}/join/", {"token": table.invite_token}, format="json")
    assert ok.status_code == 200


def test_session_writes_need_the_csrf_token(free_table, bob):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(bob, backend="django.contrib.auth.backends.ModelBackend")
    assert client.post(f"/api/tables/{free_table.pk}/join/").status_code == 403

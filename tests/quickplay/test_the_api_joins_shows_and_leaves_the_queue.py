import pytest

from quickplay import services

pytestmark = pytest.mark.django_db


def test_the_api_joins_shows_the_wait_and_leaves(client_for, alice):
    client = client_for(alice, "en")
    response = client.post("/api/quickplay/", {"game": "banakil", "mode": "1v1"})
    assert response.status_code == 201 and response.json()["state"] == "waiting"
    again = client.post("/api/quickplay/", {"game": "banakil", "mode": "1v1"})
    assert again.status_code == 409 and again.json()["code"] == "already_queued"
    assert client.get("/api/quickplay/").json()["window"] == 100
    assert client.delete("/api/quickplay/").status_code == 204
    assert client.delete("/api/quickplay/").json()["code"] == "not_queued"
    bad = client.post("/api/quickplay/", {"game": "banakil", "mode": "5v5"})
    assert bad.status_code == 400 and bad.json()["code"] == "unknown_mode"


def test_the_api_gives_the_table_once_seated(client_for, alice, bob):
    client = client_for(alice)
    client.post("/api/quickplay/", {"game": "banakil", "mode": "1v1"})
    services.join(bob, "banakil", "1v1")
    table_id = services.match_pass().table_ids[0]
    assert client.get("/api/quickplay/").json()["table"] == table_id


def test_the_schema_describes_quick_play(client):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/quickplay/" in schema

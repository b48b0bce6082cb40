"""A JSON body nested deeper than Python's parser recurses (100,000 ``[``) raised RecursionError
through DRF's parser: a 500. It is a 400 with a code, as malformed JSON is."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/tables/", "/api/tables/{table}/join/"])
def test_a_deeply_nested_body_is_refused_as_bad_json(client_for, alice, bob, free_table, path):
    client = client_for(bob)
    body = "[" * 100_000
    response = client.post(path.format(table=free_table.pk), body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_json"
    assert response.json()["message"]


def test_a_body_that_is_not_json_is_refused_as_bad_json(client_for, bob):
    response = client_for(bob).post("/api/tables/", "{nope", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_json"


def test_the_message_is_in_the_readers_language(client_for, bob):
    client = client_for(bob, "ar")
    response = client.post("/api/tables/", "[" * 100_000, content_type="application/json")
    assert response.status_code == 400
    assert any("\u0600" <= ch <= "\u06ff" for ch in response.json()["message"])

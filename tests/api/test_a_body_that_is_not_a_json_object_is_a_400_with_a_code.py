"""Issue #35, item 19: a logged-in user not at a private table posted ``[1]`` to
``/api/tables/<id>/start/``; ``table_for`` called ``.get("token")`` on the list: a 500 (and
Django's traceback page with ``DEBUG`` on). Every write of the API's schema answers a body that
is not a JSON object with a 400 and a code, whatever the table and whoever asks."""

from __future__ import annotations

import pytest

from lobby import services

pytestmark = pytest.mark.django_db

BODIES = ["[1]", '"x"', "1", "null", "[]", "true"]


def writes(client) -> list[tuple[str, str]]:
    """(method, path) of every POST, PUT and PATCH in the served OpenAPI schema."""
    paths = client.get("/api/schema/?format=json").json()["paths"]
    return [
        (method, path)
        for path, operations in paths.items()
        for method in operations
        if method in ("post", "put", "patch")
    ]


def test_every_write_of_the_schema_refuses_a_body_that_is_not_an_object(client_for, alice, bob):
    private = services.create_table(alice, {"private": True, "players": 2})
    waiting = services.create_table(bob, {"players": 2})
    client = client_for(bob)
    found = writes(client)
    assert {path for _m, path in found} >= {
        "/api/tables/",
        "/api/tables/{id}/join/",
        "/api/tables/{id}/fill-bots/",
        "/api/tables/{id}/start/",
        "/api/tables/{id}/leave/",
        "/api/tables/{id}/rematch/",
    }
    for method, path in found:
        for table in (private, waiting):
            url = path.replace("{id}", str(table.pk))
            for body in BODIES:
                send = getattr(client, method)
                response = send(url, body, content_type="application/json")
                where = (method, url, body)
                assert response.status_code == 400, (where, response.content[:300])
                assert response["Content-Type"] == "application/json", where
                answer = response.json()
                assert answer["code"] == "body_not_object", (where, answer)
                assert answer["message"], where


def test_the_message_is_in_the_readers_language(client_for, alice, bob):
    private = services.create_table(alice, {"private": True, "players": 2})
    for language, letters in (("ar", ("\u0600", "\u06ff")), ("en", ("a", "z"))):
        client = client_for(bob, language)
        response = client.post(
            f"/api/tables/{private.pk}/start/", "[1]", content_type="application/json"
        )
        message = response.json()["message"]
        assert any(letters[0] <= ch <= letters[1] for ch in message), (language, message)


def test_an_object_body_still_reaches_the_table(client_for, alice, bob):
    private = services.create_table(alice, {"private": True, "players": 2})
    client = client_for(bob)
    body = {"token": private.invite_token}
    response = client.post(f"/api/tables/{private.pk}/join/", body, content_type="application/json")
    assert response.status_code == 200, response.content
    assert private.has_player(bob)

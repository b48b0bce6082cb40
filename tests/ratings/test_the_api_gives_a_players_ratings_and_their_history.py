"""``/api/players/<username>/ratings/``: a player's rating per game and mode with its history,
public like the player's page, in the OpenAPI schema; an unknown player is a 404."""

import pytest
from rest_framework.test import APIClient

from games import archive

from .conftest import finish, rated_match

pytestmark = pytest.mark.django_db


def test_a_players_ratings_after_two_rated_matches(alice, bob):
    archive.archive_match(finish(rated_match([alice, bob], players=2), winner=0).pk)
    archive.archive_match(finish(rated_match([alice, bob], players=2), winner=0).pk)
    answer = APIClient().get(f"/api/players/{alice.username}/ratings/")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["username"], body["name"]) == ("alice", "Alice")
    [line] = body["ratings"]
    assert (line["game"], line["mode"], line["matches"], line["provisional"]) == (
        "banakil",
        "1v1",
        2,
        True,
    )
    figures = [point["figure"] for point in line["history"]]
    assert len(figures) == 2 and figures[-1] == line["figure"] and figures[0] < figures[1]
    assert all("match" not in point for point in line["history"])  # never a match's id


def test_a_player_who_never_played_rated_has_no_ratings(alice):
    assert APIClient().get("/api/players/alice/ratings/").json()["ratings"] == []


@pytest.mark.parametrize("username", ["nobody", "al%00ice"])
def test_an_unknown_player_is_a_404(username, alice):
    assert APIClient().get(f"/api/players/{username}/ratings/").status_code == 404


def test_the_endpoint_is_in_the_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/players/{username}/ratings/"]["get"]
    assert "200" in operation["responses"]

"""Only matches between people count: a table with bots is never rated, asking for a rated table
with bots is refused (the API, the form), and a rated table's default follows the table."""

import pytest

from games import archive
from games.models import Match
from lobby import services as lobby
from lobby.refusals import LobbyRefusal
from ratings.models import Rating, RatingChange
from tests.games.conftest import play_to_the_end, start_table

pytestmark = pytest.mark.django_db


def test_a_match_with_bots_moves_no_rating(alice, bob):
    table = start_table([alice, bob], {"target": 30}, bots_fill=True)
    match = play_to_the_end(table)
    assert match.options["rated"] is False and match.status == Match.Status.FINISHED
    archive.archive_match(match.pk)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_play_against_bots_is_not_rated(client_for, alice):
    client_for(alice).post("/tables/play-bots/", {"mode": "banakil:1v1"})
    assert Match.objects.get().options["rated"] is False


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_a_rated_table_with_bots_is_refused_in_every_game(alice, game):
    with pytest.raises(LobbyRefusal) as refused:
        lobby.create_table(alice, {"rated": True, "bots": True}, game)
    assert refused.value.code == "bad_option"
    assert refused.value.detail == "rated: a rated table seats no bots"
    with pytest.raises(LobbyRefusal) as refused:
        lobby.create_table(alice, {"rated": True, "bots": False, "turn_seconds": None}, game)
    assert refused.value.detail == "rated: a rated table needs a turn clock"


def test_the_api_refuses_a_rated_table_with_bots(client_for, alice):
    answer = client_for(alice).post(
        "/api/tables/",
        {"game": "banakil", "options": {"rated": True, "bots": True}},
        content_type="application/json",
    )
    assert answer.status_code == 400 and answer.json()["code"] == "bad_option"


@pytest.mark.parametrize("language,words", [("en", "seats no bots"), ("ar", "آلي")])
def test_the_form_says_why_in_the_readers_language(client_for, alice, language, words):
    page = client_for(alice, language).post(
        "/tables/new/", {"game": "banakil", "players": "4", "rated": "yes", "bots": "on"}
    )
    assert page.status_code == 200 and words in page.content.decode()


def test_the_default_is_rated_for_public_tables_without_bots_only(alice):
    def rated(**options):
        table = lobby.create_table(alice, options)
        lobby.leave_locked(alice, table)
        return table.options["rated"]

    assert rated(bots=False) is True
    assert rated() is False  # bots may fill its seats
    assert rated(bots=False, private=True) is False  # a private table decides for itself
    assert rated(bots=False, private=True, rated=True) is True
    assert rated(bots=False, turn_seconds=None) is False
    assert rated(rated=False, bots=False) is False

"""Standing up at a bots table ends the match (no player is left to play it): it is abandoned
with its reason kept (``left``), the lobby says so in the player's language, and the match's
page shows why."""

import pytest

from games import live
from games.models import Match

from .conftest import deal_now, start_table

pytestmark = pytest.mark.django_db


def test_leaving_a_bots_table_abandons_the_match_because_the_player_left(alice):
    table = start_table([alice], {"players": 4}, bots_fill=True)
    deal_now(table)
    live.leave(alice, table.pk)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.ABANDONED
    assert match.abandoned_why == Match.Abandoned.LEFT


@pytest.mark.parametrize(
    ("language", "said", "shown"),
    [
        ("en", "no player was left at the table", "Every player left the table."),
        ("ar", "ما بقى لاعب على الطاولة", "كل اللاعبين طلعوا من الطاولة."),
    ],
)
def test_the_lobby_and_the_match_page_say_why_in_both_languages(
    alice, client_for, language, said, shown
):
    table = start_table([alice], {"players": 4}, bots_fill=True)
    deal_now(table)
    client = client_for(alice, language)
    response = client.post(f"/tables/{table.pk}/leave/", follow=True)
    assert said in response.content.decode()
    match = Match.objects.get(table=table)
    page = client.get(f"/history/matches/{match.pk}/").content.decode()
    assert 'data-testid="abandoned-why"' in page and shown in page


def test_leaving_a_peoples_table_lets_the_match_go_on_without_a_word(alice, bob, client_for):
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    response = client_for(alice, "en").post(f"/tables/{table.pk}/leave/", follow=True)
    assert "no player was left" not in response.content.decode()
    assert Match.objects.get(table=table).status == Match.Status.PLAYING

"""«Play against bots» offers the turn clock: 45 s a turn by default (relaxed, for a learner),
20 s, or no clock for practice; the table opens with the chosen clock."""

import pytest

from lobby.models import Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "relaxed", "practice"),
    [("en", "45 s a turn (relaxed)", "No clock (practice)"), ("ar", "45 ث للدور", "بدون وقت")],
)
def test_the_lobby_offers_the_clocks_with_the_relaxed_one_chosen(
    client_for, alice, language, relaxed, practice
):
    page = client_for(alice, language=language).get("/").content.decode()
    assert 'name="clock"' in page and 'data-testid="play-bots-clock"' in page
    assert '<option value="45" selected>' in page
    assert relaxed in page and practice in page


@pytest.mark.parametrize(
    ("chosen", "seconds"), [(None, 45), ("45", 45), ("20", 20), ("off", None), ("7", 45)]
)
def test_the_table_opens_with_the_chosen_clock(client_for, alice, chosen, seconds):
    form = {"mode": "banakil:partners"} | ({"clock": chosen} if chosen else {})
    response = client_for(alice).post("/tables/play-bots/", form)
    table = Table.objects.get()
    assert response.status_code == 302 and table.status == Table.Status.PLAYING
    assert table.options["turn_seconds"] == seconds

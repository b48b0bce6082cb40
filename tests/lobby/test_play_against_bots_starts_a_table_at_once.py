"""«العب ضد لاعبين آليين»: one click opens a free four-player table, seats three bots, starts."""

import json

import pytest

from games.models import Match
from lobby.models import Seat, Table

pytestmark = pytest.mark.django_db


def test_play_against_bots_starts_a_full_table_and_shows_the_live_table(client_for, alice):
    client = client_for(alice, language="ar")
    response = client.post("/tables/play-bots/")
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert table.status == Table.Status.PLAYING and table.players == 4 and table.stake == 0
    seats = list(Seat.objects.filter(table=table).order_by("number"))
    assert [(s.user_id, s.is_bot) for s in seats] == [(alice.pk, False)] + [(None, True)] * 3
    assert Match.objects.filter(table=table).exists()
    page = client.get(response["Location"]).content.decode()
    assert 'id="table-app"' in page and 'id="table-strings"' in page
    # the page's words come in the reader's language (json_script escapes them)
    assert json.dumps("كومة الأوراق")[1:-1] in page


def test_a_player_already_at_a_table_is_sent_back_to_it(client_for, free_table, alice):
    response = client_for(alice, language="en").post("/tables/play-bots/", follow=True)
    assert response.redirect_chain[-1][0] == f"/tables/{free_table.pk}/"
    assert "You are already sitting at a table" in response.content.decode()
    assert Table.objects.count() == 1


def test_play_against_bots_needs_a_login_and_a_post(client):
    assert client.get("/tables/play-bots/").status_code in (302, 405)
    response = client.post("/tables/play-bots/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Table.objects.exists()


def test_the_lobby_offers_play_against_bots_to_a_logged_in_player(client_for, alice):
    page = client_for(alice, language="en").get("/").content.decode()
    assert 'data-action="play-bots"' in page and "Play against bots" in page

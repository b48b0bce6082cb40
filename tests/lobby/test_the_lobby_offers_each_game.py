"""The lobby offers both games: «Play against bots» opens a table of the chosen game and mode,
the list shows each table's game and variant and filters by game, and a new table starts by
choosing its game, then that game's options."""

import pytest

from games.models import Match
from lobby import services
from lobby.models import Seat, Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("mode", "game", "players", "variant"),
    [
        ("pinochle:single", "pinochle", 4, "single"),
        ("pinochle:double", "pinochle", 4, "double"),
        ("pinochle:three", "pinochle", 3, "three"),
        ("banakil:1v1", "banakil", 2, None),
    ],
)
def test_play_against_bots_opens_a_started_table_of_the_chosen_game_and_mode(
    client_for, alice, mode, game, players, variant
):
    response = client_for(alice, language="en").post("/tables/play-bots/", {"mode": mode})
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/"
    assert table.game == game and table.players == players and table.status == "playing"
    assert variant is None or table.options["variant"] == variant
    seats = Seat.objects.filter(table=table).order_by("number")
    assert [s.is_bot for s in seats] == [False] + [True] * (players - 1)
    assert Match.objects.get(table=table).game == game


def test_an_unknown_mode_plays_banakil_with_partners(client_for, alice):
    client_for(alice, language="en").post("/tables/play-bots/", {"mode": "chess:blitz"})
    table = Table.objects.get()
    assert table.game == "banakil" and table.players == 4


def test_the_lobby_offers_every_game_and_mode_against_bots_in_both_languages(client_for, alice):
    en = client_for(alice, language="en").get("/").content.decode()
    for value, label in [
        ("banakil:2v2", "Banakil · Partners"),
        ("pinochle:single", "Pinochle · Partners, one deck"),
        ("pinochle:double", "Pinochle · Partners, double deck"),
        ("pinochle:three", "Pinochle · Three-handed"),
    ]:
        assert f'<option value="{value}">{label}</option>' in en
    ar = client_for(alice, language="ar").get("/").content.decode()
    assert "بينوكل" in ar and "كل الألعاب" in ar


def test_the_list_shows_each_tables_game_and_variant_and_filters_by_game(client_for, alice, bob):
    banakil = services.create_table(alice, {"players": 4})
    pinochle = services.create_table(bob, {"variant": "three"}, "pinochle")
    client = client_for(alice, language="en")
    page = client.get("/").content.decode()
    assert f'id="table-{banakil.pk}"' in page and f'id="table-{pinochle.pk}"' in page
    assert 'data-testid="table-game">Pinochle<' in page
    assert 'data-testid="table-mode">Three-handed<' in page
    assert 'data-testid="table-game">Banakil<' in page
    only = client.get("/?game=pinochle").content.decode()
    assert f'id="table-{pinochle.pk}"' in only and f'id="table-{banakil.pk}"' not in only
    assert '<a href="?game=pinochle" data-game="pinochle" aria-current="page">' in only
    three = client.get("/?mode=3").content.decode()
    assert f'id="table-{pinochle.pk}"' in three and f'id="table-{banakil.pk}"' not in three


def test_a_new_table_chooses_its_game_first_then_that_games_options(client_for, alice):
    client = client_for(alice, language="en")
    page = client.get("/tables/new/?game=pinochle").content.decode()
    assert 'data-game="banakil"' in page and 'data-game="pinochle" aria-current="page"' in page
    assert 'name="variant"' in page and 'name="game" value="pinochle"' in page
    banakil = client.get("/tables/new/").content.decode()
    assert 'data-game="banakil" aria-current="page"' in banakil and 'name="variant"' not in banakil


def test_a_three_handed_waiting_room_has_three_seats_each_for_themselves(client_for, alice):
    table = services.create_table(alice, {"variant": "three"}, "pinochle")
    page = client_for(alice, language="en").get(f"/tables/{table.pk}/").content.decode()
    assert page.count('class="felt-seat') == 3
    assert "Three-handed" in page and "Each plays for themselves" in page

"""The lobby's table cards say a table is rated and give its seated players' average rating in
its game and mode; the lobby socket's table summary says whether it is rated."""

import pytest

from lobby import services as lobby
from lobby.services import table_summary

from .conftest import set_rating

pytestmark = pytest.mark.django_db


def test_a_rated_cards_tag_and_average(client, alice, bob):
    set_rating(alice, 30.0, 2.0)  # 2076
    table = lobby.create_table(alice, {"bots": False})
    lobby.sit(bob, table)  # new: 1500
    client.cookies["django_language"] = "en"
    page = client.get("/").content.decode()
    card = page[page.index(f'id="table-{table.pk}"') :]
    card = card[: card.index("</article>")]
    assert 'data-testid="table-rated">Rated<' in card
    assert '<dd data-testid="table-rating"><bdi dir="ltr">1788</bdi></dd>' in card
    assert table_summary(table)["rated"] is True
    single = client.get(f"/tables/{table.pk}/card/").content.decode()
    assert "1788" in single and "table-rated" in single


def test_an_unrated_card_has_no_tag_but_still_an_average(client, alice):
    table = lobby.create_table(alice, {})
    page = client.get("/").content.decode()
    card = page[page.index(f'id="table-{table.pk}"') :]
    card = card[: card.index("</article>")]
    assert "table-rated" not in card and "1500" in card
    assert table_summary(table)["rated"] is False

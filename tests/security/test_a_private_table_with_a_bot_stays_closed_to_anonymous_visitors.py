"""A bot's seat has no user (NULL), and an anonymous visitor has no id (None): "is this visitor
seated here" must never match the one to the other. The repro of the outside test: a private
four-player table with bots, fetched anonymously by its (sequential) id, answered 200 with the
names and options. Now the page is 403 and the API refuses ``invite_needed``; the live table's
seat check and the history's "my matches" likewise find nothing for an anonymous visitor.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from games import history, live
from games.refusals import GameRefusal
from lobby import services
from lobby.models import Table
from tests.games.conftest import deal_now


def private_table_with_bots(alice) -> Table:
    table = services.create_table(alice, {"players": 4, "private": True, "bots": True})
    services.fill_with_bots(alice, table)
    return Table.objects.get(pk=table.pk)


@pytest.mark.django_db
def test_the_page_and_the_api_refuse_an_anonymous_visitor(alice, client_for):
    owner = client_for(alice)
    made = owner.post(
        "/api/tables/",
        {"options": {"players": 4, "private": True, "bots": True}},
        content_type="application/json",
    )
    table_id = made.json()["id"]
    assert owner.post(f"/api/tables/{table_id}/fill-bots/").status_code == 200

    visitor = Client()
    page = visitor.get(f"/tables/{table_id}/")
    assert page.status_code == 403
    assert "Alice" not in page.content.decode()
    api = visitor.get(f"/api/tables/{table_id}/")
    assert api.status_code == 403 and api.json()["code"] == "invite_needed"
    assert "options" not in api.json()
    # the player seated there still sees it
    assert owner.get(f"/tables/{table_id}/").status_code == 200
    assert owner.get(f"/api/tables/{table_id}/").status_code == 200


@pytest.mark.django_db
def test_no_seat_check_matches_an_anonymous_visitor_to_a_bot(alice):
    table = private_table_with_bots(alice)
    anonymous = AnonymousUser()
    assert not table.has_player(anonymous)
    assert table.has_player(alice)
    live.start(alice, table.pk)
    deal_now(table)
    with pytest.raises(GameRefusal) as refused:
        live.seat_at(table.pk, anonymous)
    assert refused.value.code == "private_table"
    assert not history.matches_of(anonymous).exists()
    assert history.seat_of_user(table.matches.get(), anonymous) is None

"""The secret (and anything derived from it) is in no page or API response before the round
ends and its secret is revealed; after the reveal it is there. (The websocket messages are
scanned in tests/games/test_no_seat_ever_sees_another_seats_cards.py.)"""

import pytest

from games import live
from games.models import Match, Round
from tests.games.conftest import deal_now, start_table, step

pytestmark = pytest.mark.django_db


def responses(client, match, rnd):
    urls = [
        "/history/",
        f"/history/matches/{match.pk}/",
        f"/verify/{rnd.pk}/",
        f"/verify/{rnd.pk}/round.json",
        "/api/matches/",
        f"/api/matches/{match.pk}/",
        f"/api/rounds/{rnd.pk}/verify",
        f"/history/rounds/{rnd.pk}/replay/",
    ]
    return {url: client.get(url) for url in urls}


def test_no_page_or_api_shows_the_secret_while_the_round_is_played(
    alice, bob, carol, dave, outsider, client_for
):
    table = start_table([alice, bob, carol, dave], {"target": 30})
    rnd = Round.objects.get(match__table=table)
    match = Match.objects.get(table=table)
    seen_playing = False
    for user in (alice, outsider):  # before the deal
        for url, page in responses(client_for(user), match, rnd).items():
            assert rnd.secret not in page.content.decode(), url
    deal_now(table)
    while Round.objects.get(pk=rnd.pk).status != Round.Status.FINISHED:
        step(table)
        rnd.refresh_from_db()
        if rnd.action_count % 15 == 1:
            seen_playing = True
            for user in (alice, outsider):
                for url, page in responses(client_for(user), match, rnd).items():
                    text = page.content.decode()
                    assert rnd.secret not in text, url
                    assert '"deck"' not in text, url
                    if url.endswith("/replay/") and rnd.status != Round.Status.FINISHED:
                        assert page.status_code == 404
    assert seen_playing
    # over but not yet revealed: still hidden
    for url, page in responses(client_for(alice), match, rnd).items():
        assert rnd.secret not in page.content.decode(), url
    live.reveal(rnd.pk)
    found = {
        url
        for url, page in responses(client_for(alice), match, rnd).items()
        if rnd.secret in page.content.decode()
    }
    assert {
        f"/verify/{rnd.pk}/",
        f"/verify/{rnd.pk}/round.json",
        f"/api/rounds/{rnd.pk}/verify",
    } <= found


def test_the_verify_page_says_the_secret_comes_at_the_round_end(alice, bob, client_for):
    table = start_table([alice, bob], {"players": 2})
    rnd = deal_now(table)
    page = client_for(alice, "en").get(f"/verify/{rnd.pk}/").content.decode()
    assert rnd.commitment in page and rnd.client_seed in page
    assert "revealed here at the end of the round" in page
    api = client_for(alice).get(f"/api/rounds/{rnd.pk}/verify").json()
    assert api["secret"] is None and api["commitment"] == rnd.commitment
    assert api["client_seed"] == rnd.client_seed and api["dealer"] == rnd.dealer

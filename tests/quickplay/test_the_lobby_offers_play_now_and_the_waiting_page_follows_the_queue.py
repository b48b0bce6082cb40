import pytest

from quickplay import services
from quickplay.models import QueueEntry

pytestmark = pytest.mark.django_db


def test_the_lobby_shows_the_play_now_panel_in_arabic_and_english(client_for, alice):
    assert "العب الآن" in client_for(alice, "ar").get("/").content.decode()
    page = client_for(alice, "en").get("/").content.decode()
    assert "Play now" in page and 'value="banakil:2v2"' in page


def test_pressing_play_now_joins_and_the_waiting_page_shows_the_wait(client_for, alice):
    client = client_for(alice, "en")
    response = client.post("/play-now/", {"mode": "banakil:2v2", "stake": "0"})
    assert response.headers["Location"] == "/play-now/wait/"
    page = client.get("/play-now/wait/").content.decode()
    assert "Looking for players" in page and "1500 ±" in page
    status = client.get("/play-now/status/").json()
    assert (status["state"], status["window"], status["found"], status["players"]) == (
        "waiting",
        100,
        1,
        4,
    )


def test_a_refused_join_says_why_on_the_lobby(client_for, alice):
    client = client_for(alice, "en")
    client.post("/play-now/", {"mode": "banakil:2v2"})
    response = client.post("/play-now/", {"mode": "banakil:2v2"}, follow=True)
    assert "already waiting for a table" in response.content.decode()
    response = client.post("/play-now/", {"mode": "chess:x"}, follow=True)
    assert QueueEntry.objects.filter(user=alice).count() == 1


def test_cancel_leaves_the_queue_and_a_seated_player_is_sent_to_the_table(client_for, alice, bob):
    client = client_for(alice, "en")
    client.post("/play-now/", {"mode": "banakil:1v1"})
    client.post("/play-now/cancel/")
    assert services.status(alice)["state"] == "cancelled"
    client.post("/play-now/", {"mode": "banakil:1v1"})
    services.join(bob, "banakil", "1v1")
    table_id = services.match_pass().table_ids[0]
    assert client.get("/play-now/wait/").headers["Location"] == f"/tables/{table_id}/"
    assert client.get("/play-now/status/").json()["url"] == f"/tables/{table_id}/"


def test_a_waiting_player_sees_the_way_back_to_the_queue_on_the_lobby(client_for, alice):
    client = client_for(alice, "en")
    client.post("/play-now/", {"mode": "banakil:2v2"})
    page = client.get("/").content.decode()
    assert "Back to the queue" in page and 'data-action="play-now"' not in page


def test_a_player_the_matcher_let_go_is_told_why(client_for, alice, bob, coin_rules):
    from accounts import coins
    from accounts.models import CoinAccount

    client = client_for(alice, "en")
    services.join(alice, "banakil", "1v1", 100)
    services.join(bob, "banakil", "1v1", 100)
    CoinAccount.objects.filter(pk=coins.wallet(alice.pk).pk).update(balance=0)
    services.match_pass()
    page = client.get("/play-now/wait/", follow=True).content.decode()
    assert "You do not have enough coins for this stake." in page

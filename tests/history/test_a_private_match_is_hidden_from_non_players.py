import pytest

pytestmark = pytest.mark.django_db


def urls(match):
    rnd = match.rounds.order_by("number").first()
    return [
        f"/history/matches/{match.pk}/",
        f"/history/rounds/{rnd.pk}/replay/",
        f"/verify/{rnd.pk}/",
        f"/verify/{rnd.pk}/round.json",
        f"/api/matches/{match.pk}/",
        f"/api/rounds/{rnd.pk}/verify",
    ]


def test_a_player_opens_every_page_of_their_private_match(private_match, client_for, dave):
    client = client_for(dave)
    for url in urls(private_match):
        assert client.get(url).status_code == 200, url


def test_someone_who_did_not_play_gets_404_everywhere(private_match, client_for, outsider):
    client = client_for(outsider)
    for url in urls(private_match):
        assert client.get(url).status_code == 404, url


def test_a_public_match_is_open_to_anyone_logged_in(played_match, client_for, outsider):
    client = client_for(outsider)
    for url in urls(played_match):
        assert client.get(url).status_code == 200, url


def test_a_visitor_who_is_not_logged_in_is_sent_to_log_in(played_match, client):
    page = client.get(f"/history/matches/{played_match.pk}/")
    assert page.status_code == 302 and "/accounts/login/" in page["Location"]
    assert client.get(f"/api/matches/{played_match.pk}/").status_code in (401, 403)


def test_the_table_links_a_round_by_match_and_number(private_match, client_for, alice, outsider):
    rnd = private_match.rounds.order_by("number").first()
    url = f"/verify/matches/{private_match.pk}/rounds/{rnd.number}/"
    page = client_for(alice).get(url)
    assert page.status_code == 302 and page["Location"] == f"/verify/{rnd.pk}/"
    assert client_for(outsider).get(url).status_code == 404
    missing = f"/verify/matches/{private_match.pk}/rounds/99/"
    assert client_for(alice).get(missing).status_code == 404

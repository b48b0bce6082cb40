import pytest

pytestmark = pytest.mark.django_db

LTR = '<bdi dir="ltr">'  # numbers are isolated left-to-right (decisions.md 28)


def test_the_profile_shows_the_ledger_balance_and_no_matches(client_for, alice):
    page = client_for(alice, "en").get("/accounts/profile/")
    html = page.content.decode()
    assert 'data-testid="coins">500<' in html  # the sign-up grant
    assert 'href="/accounts/wallet/"' in html
    assert "recent-matches" not in page.content.decode()


def test_a_player_changes_display_name_and_language(client_for, alice):
    client = client_for(alice)
    response = client.post(
        "/accounts/profile/", {"display_name": "Abu Ali", "preferred_language": "en"}
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.preferred_language) == ("Abu Ali", "en")
    assert response.cookies["django_language"].value == "en"


def test_the_profile_needs_a_login(client):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_profile_lists_a_played_match_with_its_result_and_score(alice, client_for):
    from games.models import Match
    from tests.games.conftest import play_to_the_end, start_table

    table = start_table([alice], {"target": 20}, bots_fill=True)
    match = play_to_the_end(table)
    page = client_for(alice).get("/accounts/profile/").content.decode()
    assert f'data-match="{match.pk}"' in page
    assert f"/history/matches/{match.pk}/" in page
    assert Match.objects.get(pk=match.pk).status == "finished"
    mine, theirs = match.totals
    assert f"{LTR}{mine}</bdi> – {LTR}{theirs}</bdi>" in page  # alice sits with team A

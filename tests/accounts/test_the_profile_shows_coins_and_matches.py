import pytest

pytestmark = pytest.mark.django_db


def test_the_profile_shows_the_ledger_balance_and_no_matches(client_for, alice):
    page = client_for(alice, "en").get("/accounts/profile/")
    html = page.content.decode()
    assert 'data-testid="coins">500<' in html  # the sign-up grant
    assert 'href="/accounts/wallet/"' in html
    assert page.context["matches"] == []


def test_a_player_changes_display_name_and_language(client_for, alice):
    client = client_for(alice)
    response = client.post("/accounts/profile/", {"display_name": "Abu Ali",
                                                  "preferred_language": "en"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.preferred_language) == ("Abu Ali", "en")
    assert response.cookies["django_language"].value == "en"


def test_the_profile_needs_a_login(client):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")

import pytest

pytestmark = pytest.mark.django_db


def test_a_new_visitor_gets_arabic_right_to_left(client):
    html = client.get("/").content.decode()
    assert '<html lang="ar" dir="rtl">' in html
    assert "الديوانية" in html


def test_a_browser_that_asks_for_english_still_gets_arabic_until_the_switch(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert '<html lang="ar" dir="rtl">' in html


def test_the_english_switch_flips_to_left_to_right(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    html = client.get("/").content.decode()
    assert '<html lang="en" dir="ltr">' in html
    assert "Lobby" in html


def test_a_signed_in_player_sees_the_preferred_language(client_for, make_user):
    english = make_user("sam", preferred_language="en")
    html = client_for(english).get("/").content.decode()
    assert '<html lang="en" dir="ltr">' in html


def test_the_arabic_pages_use_the_players_own_words(client_for, alice):
    html = client_for(alice).get("/tables/new/").content.decode()
    for word in ("طاولة", "الصكة", "وقت الدور", "نزلة وحدة", "لاعب آلي", "عملات", "شراكة"):
        assert word in html, word

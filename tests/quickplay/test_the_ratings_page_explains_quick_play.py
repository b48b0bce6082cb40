import pytest

pytestmark = pytest.mark.django_db


def test_the_ratings_page_has_a_quick_play_section_in_both_languages(client):
    client.cookies["django_language"] = "en"
    page = client.get("/rules/ratings/").content.decode()
    assert 'id="quick-play"' in page and "grows by 5 points every second" in page
    client.cookies["django_language"] = "ar"
    page = client.get("/rules/ratings/").content.decode()
    assert "النطاق يكبر 5" in page

"""The leaderboard's first tab ranks players by rating per game and mode (among those with a
rated match; provisional ones marked "?"), and the wins of the last 30 days stay a tab."""

import pytest

from ratings import services

from .conftest import set_rating

pytestmark = pytest.mark.django_db


def test_the_best_ratings_first(make_user):
    amal, badr, huda = make_user("amal"), make_user("badr"), make_user("huda")
    set_rating(amal, 28.0, 2.0)
    set_rating(badr, 32.0, 2.0)
    set_rating(huda, 40.0, 7.0)  # provisional
    set_rating(amal, 45.0, 2.0, mode="1v1")  # another board
    board = services.leaderboard("banakil", "2v2")
    assert [(p["username"], p["provisional"]) for p in board] == [
        ("badr", False),
        ("amal", False),
        ("huda", True),
    ]
    assert [p["rank"] for p in board] == [1, 2, 3]


@pytest.mark.parametrize("language,tab", [("en", "By rating"), ("ar", "حسب التصنيف")])
def test_the_page_opens_on_the_rating_tab(client, make_user, language, tab):
    set_rating(make_user("amal"), 28.0, 2.0)
    set_rating(make_user("huda"), 40.0, 7.0)
    client.cookies["django_language"] = language
    page = client.get("/leaderboard/?game=banakil&mode=2v2").content.decode()
    assert f'data-board="rating" aria-current="page">{tab}<' in page
    assert 'id="rating-board"' in page and 'id="leaderboard"' not in page
    assert '<tr data-player="amal">' in page and 'data-stat="rating"><bdi dir="ltr">2028<' in page
    assert 'data-stat="rating"><bdi dir="ltr">1956?<' in page  # huda, provisional
    wins = client.get("/leaderboard/?game=banakil&mode=2v2&board=wins").content.decode()
    assert 'data-board="wins" aria-current="page"' in wins and 'id="rating-board"' not in wins

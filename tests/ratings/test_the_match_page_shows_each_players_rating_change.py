"""A rated match's page says it was rated and shows each player's change (+12, −9); an unrated
match's page shows none."""

import re

import pytest

from games import archive
from ratings.services import changes_of
from tests.history.conftest import play_match

from .conftest import finish, rated_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language,rated", [("en", "Rated"), ("ar", "محسوبة")])
def test_the_changes_on_a_rated_matchs_page(client_for, alice, bob, language, rated):
    match = finish(rated_match([alice, bob], players=2), winner=0)
    archive.archive_match(match.pk)
    page = client_for(bob, language).get(f"/history/matches/{match.pk}/").content.decode()
    assert f'data-testid="match-rated">{rated}<' in page
    changes = changes_of(match.pk)
    shown = re.findall(r'data-testid="rating-change"[^>]*><bdi dir="ltr">([^<]+)<', page)
    assert shown == [changes[alice.pk].change_shown, changes[bob.pk].change_shown]
    assert shown[0].startswith("+") and shown[1].startswith("\u2212")


def test_no_change_on_an_unrated_matchs_page(client_for, alice, bob, carol, dave):
    match = play_match([alice, bob, carol, dave])
    archive.archive_match(match.pk)
    page = client_for(alice).get(f"/history/matches/{match.pk}/").content.decode()
    assert "rating-change" not in page and "match-rated" not in page

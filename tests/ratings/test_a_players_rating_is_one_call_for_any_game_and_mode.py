"""``ratings.services.rating_of(user, game, mode)``: what other parts of the site (quick play's
matching) ask of a player's rating, in one read: the figure, provisional or not, the matches."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ratings.services import Shown, rating_of

from .conftest import set_rating

pytestmark = pytest.mark.django_db


def test_a_rating_a_new_player_and_a_visitor(alice, bob):
    set_rating(alice, 30.0, 2.0, mode="1v1")
    with CaptureQueriesContext(connection) as read:
        shown = rating_of(alice, "banakil", "1v1")
    assert len(read.captured_queries) == 1
    assert (shown.figure, shown.provisional, shown.matches) == (2076, False, 12)
    assert rating_of(alice, "banakil", "2v2") == Shown(1500, True, 0)  # another mode
    assert rating_of(bob, "pinochle", "three") == Shown(1500, True, 0)
    assert rating_of(AnonymousUser(), "banakil", "1v1") == Shown()

"""Rating changes are written once, keyed by the match, with the match's archive: archiving
again (the task and the sweep racing, a retry) or rating the same result again changes nothing."""

import pytest

from games import archive, rated
from games.models import Archive
from ratings import services
from ratings.models import Rating, RatingChange

from .conftest import finish, rated_match

pytestmark = pytest.mark.django_db


def snapshot():
    ratings = sorted(Rating.objects.values_list("user_id", "mu", "sigma", "figure", "matches"))
    changes = sorted(RatingChange.objects.values_list("pk", "user_id", "mu_after", "sigma_after"))
    return ratings, changes


def test_archiving_twice_rates_once(alice, bob):
    match = finish(rated_match([alice, bob], players=2), winner=0)
    assert archive.archive_match(match.pk) is True
    first = snapshot()
    assert len(first[1]) == 2
    assert archive.archive_match(match.pk) is False
    assert archive.archive_pending() == 0
    assert snapshot() == first


def test_rating_the_same_result_again_returns_what_it_did_and_writes_nothing(alice, bob):
    match = finish(rated_match([alice, bob], players=2), winner=1)
    archive.archive_match(match.pk)
    before = snapshot()
    done = services.changes_of(match.pk)
    assert services.rate(rated.result_of(match)) == done
    assert snapshot() == before
    assert done[bob.pk].change > 0 > done[alice.pk].change


def test_the_ratings_roll_back_with_an_archive_that_fails(alice, bob, monkeypatch):
    match = finish(rated_match([alice, bob], players=2), winner=0)

    def broken(**kwargs):
        raise RuntimeError("the archive row could not be written")

    monkeypatch.setattr(Archive.objects, "create", broken)
    with pytest.raises(RuntimeError):
        archive.archive_match(match.pk)
    assert snapshot() == ([], [])  # one transaction: no rating moved without its archive
    monkeypatch.undo()
    assert archive.archive_match(match.pk) is True
    assert len(snapshot()[1]) == 2

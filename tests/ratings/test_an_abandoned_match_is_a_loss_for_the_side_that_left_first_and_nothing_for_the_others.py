"""An abandoned rated match (every player away or gone) counts as a loss for the side whose
player stood up first; the sides that stayed keep their ratings. Nobody standing up (every
player timed out or lost their connection): not rated."""

import pytest
from openskill.models import PlackettLuce

from games import archive, live
from games.models import Match
from ratings.models import Rating, RatingChange
from tests.games.conftest import deal_now

from .conftest import rated_match

pytestmark = pytest.mark.django_db


def test_the_side_that_stood_up_first_loses_and_the_others_keep_theirs(alice, bob, carol, dave):
    match = rated_match([alice, bob, carol, dave])
    deal_now(match.table)
    live.leave(bob, match.table_id)  # team B (seats 1 and 3) is the first to leave
    live.leave(alice, match.table_id)
    live.leave(carol, match.table_id)
    live.leave(dave, match.table_id)  # the last one out: the match is abandoned
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED and match.abandoned_why == "left"
    assert [s.left_order for s in match.seat_states] == [2, 1, 3, 4]
    archive.archive_match(match.pk)

    model = PlackettLuce()
    teams = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    expected = model.rate(teams, ranks=[0, 1])[1][0]  # placed last against the team that stayed
    moved = {c.user_id for c in RatingChange.objects.filter(match=match)}
    assert moved == {bob.pk, dave.pk}
    for user in (bob, dave):
        row = Rating.objects.get(user=user, game="banakil", mode="2v2")
        assert (row.mu, row.sigma) == pytest.approx((expected.mu, expected.sigma))
        assert row.figure < 1500
    assert not Rating.objects.filter(user__in=[alice, carol], matches__gt=0).exists()


def test_in_three_handed_only_the_first_to_leave_loses(alice, bob, carol):
    match = rated_match([alice, bob, carol], game="pinochle", variant="three")
    deal_now(match.table)
    for user in (carol, alice, bob):
        live.leave(user, match.table_id)
    archive.archive_match(match.pk)
    [change] = RatingChange.objects.filter(match=match)
    assert change.user == carol and change.change < 0


def test_nobody_standing_up_is_not_rated(alice, bob):
    match = rated_match([alice, bob], players=2)
    rnd = deal_now(match.table)
    live.rounds.abandon(match, rnd, Match.Abandoned.AWAY, close=False)  # every player away
    archive.archive_match(match.pk)
    assert not RatingChange.objects.exists()


def test_a_side_that_left_and_lost_the_played_out_match_loses_as_usual(alice, bob):
    match = rated_match([alice, bob], players=2)
    deal_now(match.table)
    live.leave(alice, match.table_id)  # the clock plays her seat; bob plays the match out
    match.refresh_from_db()
    match.status, match.winner, match.finished_at = Match.Status.FINISHED, 1, match.started_at
    match.save()
    archive.archive_match(match.pk)
    changes = {c.user_id: c.change for c in RatingChange.objects.filter(match=match)}
    assert changes[bob.pk] > 0 > changes[alice.pk]

"""Partners rate as their team: a played 2v2 Banakil match moves both winners up and both losers
down by exactly what openskill's Plackett-Luce model, called directly, says."""

import pytest
from openskill.models import PlackettLuce

from games import archive
from ratings.models import Rating, RatingChange
from ratings.scale import figure
from tests.games.conftest import play_to_the_end

from .conftest import rated_match, set_rating

pytestmark = pytest.mark.django_db


def test_a_played_partners_match_moves_each_player_by_the_models_amount(alice, bob, carol, dave):
    set_rating(alice, 31.0, 3.5)  # alice has played before; the others are new
    match = play_to_the_end(rated_match([alice, bob, carol, dave], target=30).table)
    assert match.status == "finished" and match.mode == "2v2"
    archive.archive_match(match.pk)

    model = PlackettLuce()
    teams = [
        [model.rating(mu=31.0, sigma=3.5), model.rating()],  # seats 0 and 2: alice, carol
        [model.rating(), model.rating()],  # seats 1 and 3: bob, dave
    ]
    ranks = [0, 1] if match.winner == 0 else [1, 0]
    expected = model.rate(teams, ranks=ranks)
    by_seat = {0: expected[0][0], 2: expected[0][1], 1: expected[1][0], 3: expected[1][1]}
    players = {0: alice, 1: bob, 2: carol, 3: dave}
    for seat, user in players.items():
        row = Rating.objects.get(user=user, game="banakil", mode="2v2")
        want = by_seat[seat]
        assert (row.mu, row.sigma) == pytest.approx((want.mu, want.sigma), abs=1e-12)
        assert row.figure == figure(want.mu, want.sigma) and row.matches == (13 if seat == 0 else 1)
        change = RatingChange.objects.get(match=match, user=user)
        assert change.seat == seat and change.figure_after == row.figure
        won = seat % 2 == match.winner
        assert (change.mu_after > change.mu_before) == won
        assert (change.figure_after > change.figure_before) == won  # up for both, down for both
    assert RatingChange.objects.filter(match=match).count() == 4

"""Three-handed Pinochle rates three sides, each player for themselves, ranked by the match's
result: the winner first, then the others by their totals (equal totals tie)."""

import pytest
from openskill.models import PlackettLuce

from games import archive
from games.rated import finishing_order
from ratings.models import Rating, RatingChange

from .conftest import finish, rated_match, set_rating

pytestmark = pytest.mark.django_db


def mus(users, mode="three"):
    return [Rating.objects.get(user=u, game="pinochle", mode=mode).mu for u in users]


def test_the_winner_first_then_the_higher_total(alice, bob, carol):
    set_rating(bob, 28.0, 4.0, game="pinochle", mode="three")
    match = rated_match([alice, bob, carol], game="pinochle", variant="three")
    # carol (seat 2) wins; alice's 80 places her above bob's -20
    archive.archive_match(finish(match, winner=2, totals=["80", "-20", "104"]).pk)

    model = PlackettLuce()
    expected = model.rate(
        [[model.rating()], [model.rating(mu=28.0, sigma=4.0)], [model.rating()]], ranks=[1, 2, 0]
    )
    assert mus([alice, bob, carol]) == pytest.approx([side[0].mu for side in expected])
    assert mus([carol])[0] > 25 and mus([bob])[0] < 28  # alice, second, beat the stronger bob
    changes = {c.user_id: c for c in RatingChange.objects.filter(match=match)}
    assert changes[carol.pk].change > 0 > changes[bob.pk].change


def test_a_cutthroat_tie_for_second_shares_the_place(alice, bob, carol):
    match = rated_match([alice, bob, carol], game="pinochle", variant="cutthroat")
    archive.archive_match(finish(match, winner=0, totals=["101", "40", "40"]).pk)
    bob_mu, carol_mu = mus([bob, carol], mode="cutthroat")
    assert bob_mu == pytest.approx(carol_mu) and bob_mu < 25


def test_the_finishing_order_is_the_winner_then_the_totals():
    assert finishing_order(2, ["80", "-20", "104"]) == (1, 2, 0)
    assert finishing_order(0, ["95", "120", "40"]) == (0, 1, 2)  # the winner need not lead
    assert finishing_order(1, ["10.5", "200", "10.5"]) == (1, 0, 1)
    assert finishing_order(1, ["0", "150"]) == (1, 0)

import pytest

from accounts.coins import coin_balance
from games import live, settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_the_leaver_forfeits_nothing_more_and_shares_the_win(player):
    alice, bob, carol, dave = (player(name, 500) for name in ("alice", "bob", "carol", "dave"))
    match = start_coin_match([alice, bob, carol, dave], 100)
    live.leave(carol, match.table.pk)  # seat 2, alice's partner: time-outs play it from now
    match.refresh_from_db()
    assert match.seats[2]["left"] and not match.seats[2]["bot"]
    assert coin_balance(carol) == 400
    settlement.settle(end(match, winner=0))
    assert coin_balance(carol) == coin_balance(alice) == 580


def test_the_leaver_loses_the_stake_with_the_team(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = start_coin_match([alice, bob], 500)
    live.leave(bob, match.table.pk)
    settlement.settle(end(match, winner=0))
    assert (coin_balance(alice), coin_balance(bob)) == (900, 0)

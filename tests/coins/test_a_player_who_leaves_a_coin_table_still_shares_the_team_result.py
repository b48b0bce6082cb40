import pytest

from accounts.coins import coin_balance, settle_match
from lobby import services as lobby

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_the_leaver_forfeits_nothing_more_and_shares_the_win(player):
    alice, bob, carol, dave = (player(name, 500) for name in ("alice", "bob", "carol", "dave"))
    match = start_coin_match([alice, bob, carol, dave], 100)
    lobby.leave(carol, match.table)  # seat 2, alice's partner: time-outs play it from now
    match.refresh_from_db()
    assert match.seats[2]["left"] and not match.seats[2]["bot"]
    assert coin_balance(carol) == 400
    settle_match(end(match, winner_team=0))
    assert coin_balance(carol) == coin_balance(alice) == 580


def test_the_leaver_loses_the_stake_with_the_team(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = start_coin_match([alice, bob], 500)
    lobby.leave(bob, match.table)
    settle_match(end(match, winner_team=0))
    assert (coin_balance(alice), coin_balance(bob)) == (900, 0)

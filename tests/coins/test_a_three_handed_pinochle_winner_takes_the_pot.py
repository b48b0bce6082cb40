"""Coin tables work for Pinochle as for Banakil: every seat stakes into the pot when the match
starts; three-handed, each plays for themselves and the winner takes the pot after the fee."""

import pytest

from accounts.coins import coin_balance
from accounts.models import CoinAccount
from games import settlement
from tests.games.conftest import play_to_the_end

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def house() -> int:
    return CoinAccount.objects.get(kind="house").balance


def test_the_three_handed_winner_takes_the_pot_less_the_fee(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol")]
    match = start_coin_match(users, 100, game="pinochle", variant="three")
    assert match.players == 3 and [coin_balance(u) for u in users] == [400] * 3
    coins = settlement.settle(end(match, winner=2))["stakes"]
    # pot 300, fee 10% = 30: carol (seat 3) takes 270
    assert [coin_balance(u) for u in users] == [400, 400, 670]
    assert house() == 30
    assert coins == {users[0].pk: -100, users[1].pk: -100, users[2].pk: 170}


def test_a_played_three_handed_coin_match_pays_its_winner(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol")]
    match = start_coin_match(users, 100, game="pinochle", variant="three", target=30)
    match = play_to_the_end(match.table)
    coins = settlement.settle(match)
    winner = users[match.winner]
    assert coins["stakes"] == {u.pk: 170 if u == winner else -100 for u in users}
    assert coin_balance(winner) == 400 + 270 + coins["earned"][winner.pk]  # and its daily bonus


def test_partners_share_a_pinochle_pot(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol", "dave")]
    match = start_coin_match(users, 100, game="pinochle")
    settlement.settle(end(match, winner=1))
    assert [coin_balance(u) for u in users] == [400, 580, 400, 580]

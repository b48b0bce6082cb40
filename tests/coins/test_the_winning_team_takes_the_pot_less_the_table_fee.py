import pytest

from accounts.coins import coin_balance
from accounts.models import CoinAccount, StakeLevel
from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def house() -> int:
    return CoinAccount.objects.get(kind="house").balance


def test_partners_split_a_four_player_pot_equally(player):
    alice, bob, carol, dave = (player(name, 500) for name in ("alice", "bob", "carol", "dave"))
    match = end(start_coin_match([alice, bob, carol, dave], 100), winner=0)
    coins = settlement.settle(match)["stakes"]
    # pot 400, fee 10% = 40, seats 0 and 2 share 360
    assert [coin_balance(u) for u in (alice, bob, carol, dave)] == [580, 400, 580, 400]
    assert house() == 40
    assert CoinAccount.objects.get(kind="pot", match_id=match.pk).balance == 0
    assert coins == {alice.pk: 80, bob.pk: -100, carol.pk: 80, dave.pk: -100}


def test_one_against_one_the_winner_takes_the_pot_less_the_fee(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=1)
    settlement.settle(match)
    assert (coin_balance(alice), coin_balance(bob), house()) == (0, 900, 100)


def test_an_odd_remainder_goes_to_the_house_with_the_fee(player):
    StakeLevel.objects.create(amount=33)
    users = [player(name, 100) for name in ("alice", "bob", "carol", "dave")]
    match = end(start_coin_match(users, 33), winner=1)
    settlement.settle(match)
    # pot 132: fee 13 (10%, rounded down), 119 left: 59 each, 1 over to the house
    assert [coin_balance(u) for u in users] == [67, 126, 67, 126]
    assert house() == 14


def test_a_match_pays_by_the_fee_in_force_when_its_stakes_went_in(player, admin_client):
    users = [player("alice", 1000), player("bob", 1000)]
    first = start_coin_match(users, 500)
    response = admin_client.post("/admin/accounts/coinsettings/1/change/", {"fee_percent": "20"})
    assert response.status_code == 302
    settlement.settle(end(first, winner=0))
    assert coin_balance(users[0]) == 500 + 900  # 10%: the fee when this match started
    second = start_coin_match(users, 500)
    settlement.settle(end(second, winner=1))
    assert coin_balance(users[1]) == 0 + 800  # 20%: the admin's new fee (bob lost 500 before)
    assert house() == 100 + 200

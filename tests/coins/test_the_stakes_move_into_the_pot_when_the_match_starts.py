import pytest

from accounts.coins import NotEnoughCoins, coin_balance
from accounts.models import CoinAccount, CoinEntry, CoinTransaction
from games import live, settlement
from games.models import Match
from lobby import services as lobby
from lobby.models import Table

from .conftest import start_coin_match

pytestmark = pytest.mark.django_db


def test_every_seat_stakes_into_the_match_pot_under_its_own_key(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol", "dave")]
    match = start_coin_match(users, 100)
    assert [coin_balance(user) for user in users] == [400] * 4
    pot = CoinAccount.objects.get(kind="pot", match_id=match.pk)
    assert pot.balance == 400 and pot.fee_percent == 10
    keys = set(CoinTransaction.objects.filter(kind="stake").values_list("key", flat=True))
    assert keys == {f"stake:{match.pk}:{seat}" for seat in range(4)}


def test_staking_again_moves_nothing(player):
    users = [player("alice", 500), player("bob", 500)]
    match = start_coin_match(users, 500)
    assert settlement.stake(match) == []
    assert CoinAccount.objects.get(kind="pot", match_id=match.pk).balance == 1000
    assert [coin_balance(user) for user in users] == [0, 0]


def test_a_free_table_stakes_nothing(player):
    alice, bob = player("alice", 500), player("bob", 500)
    table = lobby.create_table(alice, {"players": 2})
    lobby.sit(bob, table)
    live.start(alice, table.pk)
    assert not CoinAccount.objects.filter(kind="pot").exists()
    assert coin_balance(alice) == coin_balance(bob) == 500


def test_a_seat_that_can_no_longer_cover_the_stake_stops_the_start_and_nothing_moves(player):
    alice, bob, carol = player("alice", 500), player("bob", 500), player("carol", 500)
    table = lobby.create_table(alice, {"players": 2, "stake": 500})
    lobby.sit(bob, table)
    # bob's coins go into another match's pot before this table starts
    elsewhere = lobby.create_table(carol, {"players": 2})
    drain = Match.objects.create(
        table=elsewhere,
        players=2,
        options={"stake": 500},
        seats=[{"user": bob.pk, "name": "Bob"}, {"user": carol.pk}],
    )
    settlement.stake(drain)
    entries = CoinEntry.objects.count()
    with pytest.raises(NotEnoughCoins) as refusal:
        live.start(alice, table.pk)
    assert refusal.value.code == "not_enough_coins" and "Bob" in refusal.value.message
    assert Table.objects.get(pk=table.pk).status == Table.Status.WAITING
    assert not Match.objects.filter(table=table).exists()
    assert CoinEntry.objects.count() == entries
    assert (coin_balance(alice), coin_balance(bob)) == (500, 0)

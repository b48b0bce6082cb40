import pytest
from django.db import IntegrityError, transaction

from accounts import coins
from accounts.models import CoinAccount

pytestmark = pytest.mark.django_db


def test_the_database_refuses_a_negative_wallet(player):
    alice = player("alice", 100)
    with pytest.raises(IntegrityError), transaction.atomic():
        CoinAccount.objects.filter(user=alice).update(balance=-1)
    assert coins.coin_balance(alice) == 100


def test_the_ledger_refuses_to_overdraw_a_wallet_and_writes_nothing(player):
    alice, bob = player("alice", 100), player("bob", 0)
    a, b = coins.wallet(alice.pk), coins.wallet(bob.pk)
    with transaction.atomic():
        locked = coins._lock([a, b])
        with pytest.raises(coins.NotEnoughCoins) as refusal:
            coins._post("test:overdraw", "stake", locked, [(a.pk, -101), (b.pk, 101)])
        assert refusal.value.code == "not_enough_coins"
    assert (coins.coin_balance(alice), coins.coin_balance(bob)) == (100, 0)
    assert not coins.CoinTransaction.objects.filter(key="test:overdraw").exists()


def test_an_unbalanced_transaction_is_never_written(player):
    alice = player("alice", 100)
    a = coins.wallet(alice.pk)
    with transaction.atomic():
        locked = coins._lock([a, coins.house()])
        with pytest.raises(coins.LedgerError):
            coins._post("test:unbalanced", "payout", locked, [(a.pk, 5)])
    assert coins.coin_balance(alice) == 100

import pytest

from accounts.coins import coin_balance
from accounts.models import CoinEntry, CoinTransaction
from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_a_second_settle_pays_nothing(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=0)
    first = settlement.settle(match)
    entries = CoinEntry.objects.count()
    assert settlement.settle(match) == first
    assert CoinEntry.objects.count() == entries
    assert CoinTransaction.objects.filter(key=f"payout:{match.pk}").count() == 1
    assert coin_balance(alice) == 900


def test_a_second_refund_gives_nothing_back(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=None)
    settlement.settle(match)
    settlement.settle(match)
    assert CoinTransaction.objects.filter(kind="refund").count() == 2
    assert coin_balance(alice) == coin_balance(bob) == 500

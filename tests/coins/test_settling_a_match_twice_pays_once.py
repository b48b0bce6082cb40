import pytest

from accounts.coins import coin_balance, refund_match, settle_match
from accounts.models import CoinEntry, CoinTransaction

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_a_second_settle_pays_nothing(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner_team=0)
    first = settle_match(match)
    entries = CoinEntry.objects.count()
    assert settle_match(match) == first
    assert CoinEntry.objects.count() == entries
    assert CoinTransaction.objects.filter(key=f"payout:{match.pk}").count() == 1
    assert coin_balance(alice) == 900


def test_a_second_refund_gives_nothing_back(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner_team=None)
    refund_match(match)
    refund_match(match)
    assert CoinTransaction.objects.filter(kind="refund").count() == 2
    assert coin_balance(alice) == coin_balance(bob) == 500

import pytest

from accounts.coins import LedgerError, coin_balance
from accounts.models import CoinAccount, CoinTransaction
from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_each_seat_gets_its_stake_back_once(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol", "dave")]
    match = end(start_coin_match(users, 500), winner=None)
    assert settlement.settle(match)["stakes"] == {user.pk: 0 for user in users}
    settlement.settle(match)
    assert [coin_balance(u) for u in users] == [500] * 4
    assert CoinAccount.objects.get(kind="pot", match_id=match.pk).balance == 0
    keys = set(CoinTransaction.objects.filter(kind="refund").values_list("key", flat=True))
    assert keys == {f"refund:{match.pk}:{seat}" for seat in range(4)}
    assert not CoinAccount.objects.filter(kind="house", balance__gt=0).exists()


def test_an_abandoned_match_is_never_paid_out_and_a_finished_one_never_refunded(player):
    users = [player("alice", 500), player("bob", 500)]
    abandoned = end(start_coin_match(users, 100), winner=None)
    settlement.settle(abandoned)
    finished = end(start_coin_match(users, 100), winner=0)
    settlement.settle(finished)
    assert CoinTransaction.objects.filter(kind="refund").count() == 2
    assert not CoinTransaction.objects.filter(kind="payout", match_id=abandoned.pk).exists()
    assert not CoinTransaction.objects.filter(kind="refund", match_id=finished.pk).exists()


def test_a_match_still_playing_is_never_settled(player):
    match = start_coin_match([player("alice", 500), player("bob", 500)], 100)
    with pytest.raises(LedgerError):
        settlement.settle(match)
    assert not CoinTransaction.objects.exclude(kind__in=["stake", "earn"]).exists()

import pytest

from accounts.coins import LedgerError, coin_balance, refund_match, settle_match
from accounts.models import CoinAccount, CoinTransaction

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_each_seat_gets_its_stake_back_once(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol", "dave")]
    match = end(start_coin_match(users, 500), winner_team=None)
    assert refund_match(match) == {user.pk: 0 for user in users}
    refund_match(match)
    assert [coin_balance(u) for u in users] == [500] * 4
    assert CoinAccount.objects.get(kind="pot", match=match).balance == 0
    keys = set(CoinTransaction.objects.filter(kind="refund").values_list("key", flat=True))
    assert keys == {f"refund:{match.pk}:{seat}" for seat in range(4)}
    assert not CoinAccount.objects.filter(kind="house", balance__gt=0).exists()


def test_an_abandoned_match_is_never_paid_out_and_a_finished_one_never_refunded(player):
    users = [player("alice", 500), player("bob", 500)]
    abandoned = end(start_coin_match(users, 100), winner_team=None)
    with pytest.raises(LedgerError):
        settle_match(abandoned)
    refund_match(abandoned)
    finished = end(start_coin_match(users, 100), winner_team=0)
    with pytest.raises(LedgerError):
        refund_match(finished)
    assert CoinTransaction.objects.filter(kind="refund").count() == 2

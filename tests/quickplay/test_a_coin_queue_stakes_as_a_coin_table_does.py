import pytest

from accounts import coins
from accounts.models import CoinAccount, EarningRule
from games.models import Match
from quickplay import services
from quickplay.models import QueueEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def rich(coin_rules, make_user):
    EarningRule.objects.update_or_create(kind="signup", defaults={"amount": 300})
    return make_user("rich1"), make_user("rich2")


def test_a_coin_pair_is_seated_and_both_stake(rich):
    for user in rich:
        services.join(user, "banakil", "1v1", 100)
    assert services.match_pass().tables == 1
    assert [coins.coin_balance(u) for u in rich] == [200, 200]
    assert Match.objects.get().table.stake == 100


def test_one_short_of_coins_at_seating_is_cancelled_and_the_other_waits(rich):
    first, second = rich
    services.join(first, "banakil", "1v1", 100)
    services.join(second, "banakil", "1v1", 100)
    CoinAccount.objects.filter(pk=coins.wallet(first.pk).pk).update(balance=0)
    assert services.match_pass().tables == 0
    assert QueueEntry.objects.get(user=first).reason == "not_enough_coins"
    assert QueueEntry.objects.get(user=second).state == "waiting"
    assert coins.coin_balance(second) == 300
    assert not Match.objects.exists()

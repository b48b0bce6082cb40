import pytest

from accounts.coins import coin_balance
from accounts.models import EarningRule, StakeLevel
from lobby import services
from lobby.models import Seat, Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def stake_levels():
    for amount in (100, 500, 1000):
        StakeLevel.objects.get_or_create(amount=amount)


@pytest.fixture
def poor(make_user):
    """A player whose whole wallet is a 50-coin sign-up grant."""
    EarningRule.objects.update_or_create(kind="signup", defaults={"amount": 50})
    user = make_user("poor")
    assert coin_balance(user) == 50
    return user


def test_opening_a_coin_table_without_the_stake_is_refused(poor):
    with pytest.raises(LobbyRefusal) as refusal:
        services.create_table(poor, {"stake": 100})
    assert refusal.value.code == "not_enough_coins"
    assert not Table.objects.exists()


def test_sitting_at_a_coin_table_without_the_stake_is_refused(poor):
    table = Table.objects.create(players=2, stake=100, options={"players": 2, "stake": 100})
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(poor, table)
    assert refusal.value.code == "not_enough_coins"
    assert not Seat.objects.filter(user=poor).exists()


def test_a_player_with_enough_coins_sits(bob):
    assert coin_balance(bob) == 500  # the default sign-up grant
    table = Table.objects.create(players=2, stake=500, options={"players": 2, "stake": 500})
    assert services.sit(bob, table).number == 0
    assert Seat.objects.filter(user=bob).exists()


def test_a_player_with_exactly_the_stake_opens_a_coin_table(alice):
    table = services.create_table(alice, {"players": 2, "stake": 500})
    assert table.stake == 500 and table.is_coin_table
    assert coin_balance(alice) == 500  # nothing moves until the match starts

import pytest

from accounts import wallet
from lobby import services
from lobby.models import Seat, Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_opening_a_coin_table_without_the_stake_is_refused(alice):
    with pytest.raises(LobbyRefusal) as refusal:
        services.create_table(alice, {"stake": 100})
    assert refusal.value.code == "not_enough_coins"
    assert not Table.objects.exists()


def test_sitting_at_a_coin_table_without_the_stake_is_refused(bob):
    table = Table.objects.create(players=2, stake=100, options={"players": 2, "stake": 100})
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(bob, table)
    assert refusal.value.code == "not_enough_coins"


def test_a_player_with_enough_coins_sits(bob, monkeypatch):
    monkeypatch.setattr("lobby.services.coin_balance", lambda user: 500)
    table = Table.objects.create(players=2, stake=100, options={"players": 2, "stake": 100})
    assert services.sit(bob, table).number == 0
    assert Seat.objects.filter(user=bob).exists()


def test_every_balance_is_zero_until_the_ledger_lands(bob):
    assert wallet.coin_balance(bob) == 0

import pytest

from accounts.coins import coin_balance
from games import live
from lobby import services as lobby
from lobby.models import Seat, Table
from lobby.refusals import LobbyRefusal

from .conftest import start_coin_match

pytestmark = pytest.mark.django_db


def test_opening_a_coin_table_with_too_few_coins_is_refused(player):
    poor = player("poor", 99)
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.create_table(poor, {"players": 2, "stake": 100})
    assert refusal.value.code == "not_enough_coins"
    assert not Table.objects.exists()


def test_sitting_at_a_coin_table_with_too_few_coins_is_refused(player):
    rich, poor = player("rich", 1000), player("poor", 499)
    table = lobby.create_table(rich, {"players": 2, "stake": 500})
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.sit(poor, table)
    assert refusal.value.code == "not_enough_coins"
    assert not Seat.objects.filter(user=poor).exists()


def test_a_player_sits_at_one_coin_table_at_a_time(player):
    rich, other = player("rich", 1000), player("other", 1000)
    lobby.create_table(rich, {"players": 2, "stake": 500})
    second = lobby.create_table(other, {"players": 2, "stake": 500})
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.sit(rich, second)
    assert refusal.value.code == "already_seated"
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.create_table(rich, {"players": 2, "stake": 100})
    assert refusal.value.code == "already_seated"
    assert coin_balance(rich) == 1000


def test_coins_staked_at_a_playing_table_cannot_be_staked_again(player):
    """A player who leaves a playing coin table may sit elsewhere, but only with what is left."""
    alice, bob, carol = player("alice", 500), player("bob", 500), player("carol", 500)
    match = start_coin_match([alice, bob], 500)
    live.leave(alice, match.table.pk)
    assert coin_balance(alice) == 0
    with pytest.raises(LobbyRefusal) as refusal:
        lobby.sit(alice, lobby.create_table(carol, {"players": 2, "stake": 100}))
    assert refusal.value.code == "not_enough_coins"

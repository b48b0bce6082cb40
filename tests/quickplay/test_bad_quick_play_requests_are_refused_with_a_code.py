import pytest
from django.utils import translation

from accounts import coins
from lobby import services as lobby
from quickplay import services
from quickplay.refusals import QuickPlayRefusal

pytestmark = pytest.mark.django_db


def code_of(call, *args):
    with pytest.raises(QuickPlayRefusal) as refusal:
        call(*args)
    return refusal.value


def test_joining_twice_is_refused(alice):
    services.join(alice, "banakil", "2v2")
    assert code_of(services.join, alice, "pinochle", "three").code == "already_queued"


def test_a_game_or_mode_that_does_not_exist_is_refused(alice):
    assert code_of(services.join, alice, "chess", "2v2").code == "unknown_game"
    assert code_of(services.join, alice, "banakil", "3v3").code == "unknown_mode"


def test_a_stake_above_the_balance_is_refused(alice, coin_rules):
    assert coins.coin_balance(alice) < 1000
    refusal = code_of(services.join, alice, "banakil", "1v1", 1000)
    assert refusal.code == "not_enough_coins"
    assert code_of(services.join, alice, "banakil", "1v1", 7).code == "bad_stake"


def test_quick_play_while_seated_at_a_table_is_refused(alice, bob):
    table = lobby.create_table(alice, {"players": 2})
    lobby.sit(bob, table)
    refusal = code_of(services.join, alice, "banakil", "1v1")
    assert refusal.code == "already_playing"
    with translation.override("ar"):
        assert refusal.message != "You are sitting at a table. Leave it before quick play."
    with translation.override("en"):
        assert refusal.message == "You are sitting at a table. Leave it before quick play."

"""Five players pay 100 each: a pot of 500. The house takes 10%: 50; the prize pool is 450,
split 50/30/20: 225, 135, 90 (all whole, so the house keeps just its 50)."""

import pytest

from accounts import coins
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_pot_less_the_house_fee_goes_to_the_first_three_and_a_second_run_pays_nothing(
    make_tournament, alice, bob, carol, dave, make_user
):
    erin = make_user("erin")
    event = make_tournament()
    entrants = {user: services.register(event.pk, user) for user in (alice, bob, carol, dave, erin)}
    house_before = coins.house().balance
    order = [entrants[u].pk for u in (carol, alice, bob, dave, erin)]
    assert services.pay_out(event.pk, order) is True
    balances = {u.username: coins.coin_balance(u) for u in (alice, bob, carol, dave, erin)}
    assert balances == {"carol": 625, "alice": 535, "bob": 490, "dave": 400, "erin": 400}
    assert coins.house().balance - house_before == 50
    assert coins.event_pot(event.pk).balance == 0
    assert services.pay_out(event.pk, order) is False
    assert {u.username: coins.coin_balance(u) for u in (alice, bob, carol, dave, erin)} == balances
    event.refresh_from_db()
    assert event.state == "finished"
    assert coins.audit().ok


def test_with_two_entrants_the_unclaimed_third_place_goes_to_the_first_two(
    make_tournament, alice, bob
):
    # pot 200, house 20, pool 180; the split 50/30 of 80 becomes 62/37 (+1 to first: 63/37):
    # 180 × 63 // 100 = 113, 180 × 37 // 100 = 66; the house keeps 20 + 1.
    event = make_tournament()
    first, second = services.register(event.pk, alice), services.register(event.pk, bob)
    house_before = coins.house().balance
    services.pay_out(event.pk, [first.pk, second.pk])
    assert (coins.coin_balance(alice), coins.coin_balance(bob)) == (513, 466)
    assert coins.house().balance - house_before == 21
    assert coins.audit().ok

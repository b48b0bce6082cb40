import pytest

from accounts import coins
from tournaments import services
from tournaments.refusals import TournamentRefusal

pytestmark = pytest.mark.django_db


def test_cancelling_gives_every_fee_back_and_cancelling_again_moves_nothing(
    make_tournament, alice, bob
):
    event = make_tournament()
    services.register(event.pk, alice)
    services.register(event.pk, bob)
    assert services.cancel(event.pk) == 2
    assert (coins.coin_balance(alice), coins.coin_balance(bob)) == (500, 500)
    assert coins.event_pot(event.pk).balance == 0
    assert services.cancel(event.pk) == 0
    assert (coins.coin_balance(alice), coins.coin_balance(bob)) == (500, 500)
    assert coins.audit().ok
    with pytest.raises(TournamentRefusal) as caught:
        services.pay_out(event.pk, [])
    assert caught.value.code == "not_cancellable"

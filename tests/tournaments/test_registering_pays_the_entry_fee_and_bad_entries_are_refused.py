import datetime

import pytest
from django.utils import timezone

from accounts import coins
from tournaments import services
from tournaments.models import Registration, Tournament
from tournaments.refusals import TournamentRefusal

pytestmark = pytest.mark.django_db


def refused(code, work):
    with pytest.raises(TournamentRefusal) as caught:
        work()
    assert caught.value.code == code
    assert caught.value.message and caught.value.message != "That is not allowed."
    return caught.value


def test_registering_moves_the_fee_from_the_wallet_into_the_events_pot(make_tournament, alice):
    event = make_tournament()
    assert coins.coin_balance(alice) == 500  # the sign-up grant
    services.register(event.pk, alice)
    assert coins.coin_balance(alice) == 400
    assert coins.event_pot(event.pk).balance == 100
    assert coins.audit().ok


def test_registering_twice_is_refused_and_pays_nothing_more(make_tournament, alice):
    event = make_tournament()
    services.register(event.pk, alice)
    refused("already_registered", lambda: services.register(event.pk, alice))
    assert coins.coin_balance(alice) == 400
    assert Registration.objects.filter(tournament=event).count() == 1


def test_registering_after_the_start_is_refused(make_tournament, alice):
    event = make_tournament(starts_at=timezone.now() - datetime.timedelta(minutes=1))
    refused("registration_closed", lambda: services.register(event.pk, alice))
    assert coins.coin_balance(alice) == 500


def test_registering_without_the_fee_is_refused_and_registers_nobody(make_tournament, alice):
    event = make_tournament(entry_fee=600)
    refused("entry_fee_unpaid", lambda: services.register(event.pk, alice))
    assert not Registration.objects.exists()
    assert coins.coin_balance(alice) == 500


def test_registering_at_full_capacity_is_refused(make_tournament, alice, bob, carol):
    event = make_tournament(capacity=2)
    services.register(event.pk, alice)
    services.register(event.pk, bob)
    refused("tournament_full", lambda: services.register(event.pk, carol))
    assert coins.coin_balance(carol) == 500


def test_an_unknown_tournament_id_is_refused(coin_rules, alice):
    refused("no_such_tournament", lambda: services.register(987654, alice))
    refused("no_such_tournament", lambda: services.register("not-a-number", alice))


def test_a_private_tournament_needs_its_join_code(make_tournament, alice):
    event = make_tournament(private=True)
    refused("join_code_needed", lambda: services.register(event.pk, alice, "guess"))
    services.register(event.pk, alice, event.join_code)


def test_a_player_who_is_not_an_admin_cannot_create_one(coin_rules, alice):
    refusal = refused(
        "admins_only",
        lambda: services.create(alice, name="x", mode="1v1", format="swiss", rounds=3),
    )
    assert refusal.as_message()["code"] == "admins_only"
    assert not Tournament.objects.exists()

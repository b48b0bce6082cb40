"""In a partnership event a side is a pair registered together: the first player registers and
gets a pair code, the partner registers with it. Each pays their own fee. A wrong code, a third
player, or a code in a one-against-one event is refused; a pair still alone at the start is
withdrawn and its player's fee comes back once."""

import datetime

import pytest
from django.utils import timezone

from accounts import coins
from tournaments import progress, services
from tournaments.models import Entrant, Tournament
from tournaments.refusals import TournamentRefusal

pytestmark = pytest.mark.django_db


def refused(code, work):
    with pytest.raises(TournamentRefusal) as caught:
        work()
    assert caught.value.code == code


def test_the_partner_joins_the_pair_with_its_code_and_both_pay(make_tournament, alice, bob, carol):
    event = make_tournament(mode="2v2")
    pair = services.register(event.pk, alice)
    assert len(pair.pair_code) == 8
    joined = services.register(event.pk, bob, pair_code=pair.pair_code)
    assert joined.pk == pair.pk
    assert Entrant.objects.get(pk=pair.pk).name == "Alice & Bob"
    assert [coins.coin_balance(u) for u in (alice, bob)] == [400, 400]
    assert coins.event_pot(event.pk).balance == 200
    refused("pair_full", lambda: services.register(event.pk, carol, pair_code=pair.pair_code))
    refused("no_such_pair", lambda: services.register(event.pk, carol, pair_code="nothere"))
    assert coins.coin_balance(carol) == 500


def test_a_pair_code_in_a_one_against_one_event_is_refused(make_tournament, alice):
    event = make_tournament(mode="1v1")
    refused("pairs_only", lambda: services.register(event.pk, alice, pair_code="abcd1234"))
    assert coins.coin_balance(alice) == 500


def test_a_pair_without_its_partner_at_the_start_is_withdrawn_and_refunded_once(
    make_tournament, alice, bob, carol, dave, make_user
):
    event = make_tournament(mode="2v2", rounds=1)
    first = services.register(event.pk, alice)
    services.register(event.pk, bob, pair_code=first.pair_code)
    second = services.register(event.pk, carol)
    services.register(event.pk, dave, pair_code=second.pair_code)
    alone = services.register(event.pk, make_user("erin"))
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert progress.advance_due() == {event.pk: "started"}
    assert Entrant.objects.get(pk=alone.pk).withdrawn
    erin = alone.players.get().user
    assert coins.coin_balance(erin) == 500  # fee back
    services.cancel(event.pk)  # the others get theirs back; erin's is not paid twice
    assert coins.coin_balance(erin) == 500
    assert coins.audit().ok

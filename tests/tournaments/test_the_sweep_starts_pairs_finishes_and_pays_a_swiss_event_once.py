"""The sweep moves a due Swiss event on a step at a time and each step only once: 4 players,
2 rounds, fee 100 (pot 400, house 40, pool 360: 180 / 108 / 72)."""

import datetime

import pytest
from django.utils import timezone

from accounts import coins
from tournaments import progress, services, swiss_rounds, tasks
from tournaments.models import Pairing, Tournament
from tournaments.swiss import WIN

pytestmark = pytest.mark.django_db


def test_the_sweep_starts_the_event_pairs_each_round_once_and_pays_at_the_end(
    make_tournament, here, alice, bob, carol, dave
):
    event = make_tournament(rounds=2)
    for user in (alice, bob, carol, dave):
        services.register(event.pk, user)
    here(event, alice, bob, carol, dave)
    assert progress.advance_due() == {}  # not yet due
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert progress.advance_due() == {event.pk: "started"}
    assert progress.advance_due() == {}  # round 1 in play: nothing to do
    tasks.sweep()  # the Celery task itself, run in-process: nothing either
    assert Pairing.objects.filter(tournament=event).count() == 2
    for pairing in Pairing.objects.filter(tournament=event):
        swiss_rounds.record(pairing.pk, WIN)  # alice beats bob, carol beats dave
    assert progress.advance_due() == {event.pk: "paired"}  # alice-carol, bob-dave
    for pairing in Pairing.objects.filter(tournament=event, round__number=2):
        swiss_rounds.record(pairing.pk, WIN)  # alice and bob win
    assert progress.advance_due() == {event.pk: "finished"}
    assert progress.advance_due() == {}
    # alice 2 wins; carol and bob 1 each, carol's Buchholz (alice 2 + dave 0 = 2) equals bob's
    # (alice 2 + dave 0): Sonneborn-Berger carol beat dave (0), bob beat dave (0): the seed puts
    # bob (registered second) second, carol third.
    assert [coins.coin_balance(u) for u in (alice, bob, carol, dave)] == [580, 508, 472, 400]
    assert coins.audit().ok

import datetime

import pytest
from django.utils import timezone

from tournaments import progress, services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "pinochle", "mode": "three"},  # three-handed: no three-seat table yet
        {"format": "arena", "minutes": 30, "rounds": None, "game": "pinochle", "mode": "cutthroat"},
    ],
)
def test_a_due_event_the_sweep_cannot_seat_is_not_started(make_tournament, alice, bob, fields):
    event = make_tournament(**fields)
    services.register(event.pk, alice)
    services.register(event.pk, bob)
    type(event).objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert progress.advance_due() == {}
    assert not Round.objects.exists()

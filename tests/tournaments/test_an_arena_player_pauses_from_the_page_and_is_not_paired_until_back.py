"""An arena player pauses from the tournament page and is left out of the pairings until they
come back; pausing a Swiss event, or one you are not in, is refused in your language."""

import datetime

import pytest
from django.utils import timezone

from tournaments import progress, services
from tournaments.models import Entrant, Pairing, Tournament
from tournaments.refusals import TournamentRefusal

pytestmark = pytest.mark.django_db


def test_a_paused_player_waits_and_is_paired_once_back(
    make_tournament, client_for, here, alice, bob, carol
):
    event = make_tournament(format="arena", minutes=30, rounds=None)
    for user in (alice, bob, carol):
        services.register(event.pk, user)
    here(event, alice, bob, carol)
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    page = client_for(carol, "en")
    response = page.post(f"/tournaments/{event.pk}/pause/")
    assert response.status_code == 302
    assert Entrant.objects.get(players__user=carol).paused
    assert progress.advance_due() == {event.pk: "started"}
    playing = Pairing.objects.get(tournament=event)
    assert {playing.side_a.name, playing.side_b.name} == {"Alice", "Bob"}
    body = page.get(f"/tournaments/{event.pk}/").content.decode()
    assert 'data-testid="return"' in body
    page.post(f"/tournaments/{event.pk}/return/")
    assert not Entrant.objects.get(players__user=carol).paused
    assert progress.advance_due() == {}  # Alice and Bob still play: one free player waits


def test_pausing_a_swiss_or_an_event_you_are_not_in_is_refused(make_tournament, alice, bob):
    swiss = make_tournament()
    with pytest.raises(TournamentRefusal) as caught:
        services.pause(swiss.pk, alice)
    assert caught.value.code == "arena_only"
    arena = make_tournament(format="arena", minutes=30, rounds=None)
    with pytest.raises(TournamentRefusal) as caught:
        services.pause(arena.pk, bob)
    assert caught.value.code == "not_registered"

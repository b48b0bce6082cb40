"""A player with neither the event's page nor one of its tables open at the start is absent:
in a Swiss that round is a loss (not a bye); in an arena they are not paired until they open
the event's page again (its socket marks them back)."""

import datetime

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from tests.games.conftest import session_cookie
from tournaments import progress, services
from tournaments.models import Entrant, Pairing, Result, Tournament


def due(event):
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )


@pytest.mark.django_db
def test_an_absent_swiss_player_scores_a_loss_for_the_round(
    make_tournament, here, alice, bob, carol
):
    event = make_tournament(rounds=2)
    for user in (alice, bob, carol):
        services.register(event.pk, user)
    here(event, alice, bob)
    due(event)
    assert progress.advance_due() == {event.pk: "started"}
    away = Entrant.objects.get(players__user=carol)
    assert away.absent
    alone = Pairing.objects.get(tournament=event, side_a=away)
    assert alone.side_b is None and alone.key.endswith(":absent")
    assert Result.objects.get(pairing=alone).points == 0  # a loss, not a bye
    table = Pairing.objects.get(tournament=event, side_b__isnull=False)
    assert {table.side_a.name, table.side_b.name} == {"Alice", "Bob"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_absent_arena_player_is_paired_once_they_open_the_page(
    make_tournament, here, alice, bob, carol, dave
):
    from sahrat.asgi import application

    event = await sync_to_async(make_tournament)(format="arena", minutes=30, rounds=None)
    for user in (alice, bob, carol, dave):
        await sync_to_async(services.register)(event.pk, user)
    await sync_to_async(here)(event, alice, bob, carol)
    await sync_to_async(due)(event)
    assert await sync_to_async(progress.advance_due)() == {event.pk: "started"}
    assert await sync_to_async(Pairing.objects.filter(tournament=event).count)() == 1
    assert await sync_to_async(lambda: Entrant.objects.get(players__user=dave).absent)()

    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", await sync_to_async(session_cookie)(dave)),
    ]
    ws = WebsocketCommunicator(application, f"/ws/tournament/{event.pk}/", headers=headers)
    assert (await ws.connect())[0]
    await ws.receive_json_from()
    assert not await sync_to_async(lambda: Entrant.objects.get(players__user=dave).absent)()
    assert await sync_to_async(progress.advance_due)() == {event.pk: "paired"}
    pairing = await sync_to_async(
        lambda: Pairing.objects.select_related("side_a", "side_b").order_by("-pk").first()
    )()
    assert "Dave" in (pairing.side_a.name, pairing.side_b.name)
    got = [await ws.receive_json_from(), await ws.receive_json_from()]
    assert any(m["type"] == "table" for m in got)  # and his page is taken to it
    await ws.disconnect()

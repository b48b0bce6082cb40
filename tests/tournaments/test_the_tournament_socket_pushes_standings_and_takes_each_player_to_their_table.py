"""The tournament page's socket: on opening it gets the standings; at the start each registered
player's page is sent its table's URL (and nobody else's); when a result lands every page
watching gets the new standings; a private event's socket is refused to an outsider (4404)
and the socket takes no messages."""

import datetime

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from tests.games.conftest import session_cookie
from tournaments import progress, services, swiss_rounds
from tournaments.models import Pairing, Tournament
from tournaments.swiss import WIN

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def open_socket(user, event_id):
    from sahrat.asgi import application

    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    ws = WebsocketCommunicator(application, f"/ws/tournament/{event_id}/", headers=headers)
    connected, _ = await ws.connect()
    assert connected
    return ws


async def test_standings_on_open_a_table_url_at_the_start_and_standings_as_results_land(
    make_tournament, alice, bob, outsider
):
    event = await sync_to_async(make_tournament)(rounds=1)
    for user in (alice, bob):
        await sync_to_async(services.register)(event.pk, user)
    pages = [await open_socket(u, event.pk) for u in (alice, bob)]
    watcher = await open_socket(outsider, event.pk)
    for ws in (*pages, watcher):
        first = await ws.receive_json_from()
        assert first["type"] == "standings" and first["state"] == "upcoming"
        assert [r["points"] for r in first["rows"]] == [0, 0]

    await sync_to_async(Tournament.objects.filter(pk=event.pk).update)(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert await sync_to_async(progress.advance_due)() == {event.pk: "started"}
    pairing = await sync_to_async(Pairing.objects.get)(tournament=event)
    for ws in pages:
        got = [await ws.receive_json_from(), await ws.receive_json_from()]
        table = next(m for m in got if m["type"] == "table")
        assert table == {
            "type": "table",
            "tournament": event.pk,
            "table": pairing.table_id,
            "url": f"/tables/{pairing.table_id}/",
        }
        assert any(m["type"] == "standings" and m["state"] == "running" for m in got)
    standings = await watcher.receive_json_from()
    assert standings["type"] == "standings" and standings["round"] == 1
    assert await watcher.receive_nothing(timeout=0.3)  # no table for one who does not play

    await sync_to_async(swiss_rounds.record)(pairing.pk, WIN)  # alice beats bob
    assert await sync_to_async(progress.advance_due)() == {event.pk: "finished"}
    last = await watcher.receive_json_from()
    assert last["state"] == "finished"
    assert [(r["name"], r["points"]) for r in last["rows"]] == [("Alice", 1.0), ("Bob", 0.0)]
    await watcher.send_json_to({"type": "anything"})
    assert await watcher.receive_json_from() == {"type": "error", "code": "read_only"}
    for ws in (*pages, watcher):
        await ws.disconnect()


async def test_a_private_events_socket_is_refused_to_an_outsider(make_tournament, outsider):
    event = await sync_to_async(make_tournament)(private=True)
    ws = await open_socket(outsider, event.pk)
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}
    ws = await open_socket(outsider, "x1")
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}

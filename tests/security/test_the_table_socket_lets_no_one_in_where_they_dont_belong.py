"""Who may open a table socket and act there."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.banakil import bots
from games.models import Round
from tests.games.conftest import deal_now, session_cookie, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def open_socket(user, table, origin=b"http://127.0.0.1"):
    from sahrat.asgi import application

    headers = [(b"origin", origin), (b"host", b"127.0.0.1")]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    return WebsocketCommunicator(application, f"/ws/table/{table.pk}/", headers=headers)


async def test_a_socket_from_another_site_is_refused(alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    ws = await open_socket(alice, table, origin=b"https://evil.example")
    connected, _ = await ws.connect()
    assert not connected


async def test_a_socket_without_a_session_is_refused(alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    ws = await open_socket(None, table)
    connected, _ = await ws.connect()
    assert connected  # accepted only to be closed with the code a client can read
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4401}


async def test_a_player_cannot_act_at_a_table_where_they_do_not_sit(alice, bob, carol, dave):
    ours = await sync_to_async(start_table)([alice, bob], {"players": 2})
    theirs = await sync_to_async(start_table)([carol, dave], {"players": 2})
    rnd = await sync_to_async(deal_now)(theirs)
    await sync_to_async(deal_now)(ours)
    ws = await open_socket(alice, theirs)
    assert (await ws.connect())[0]
    state = await ws.receive_json_from(timeout=5)
    assert state["you"] is None and "hand" not in state["view"]
    action = bots.next_action(rnd.engine().view(rnd.turn_seat))
    await ws.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no})
    reply = await ws.receive_json_from(timeout=5)
    assert reply["type"] == "error" and reply["code"] == "not_seated"
    await ws.send_json_to({"type": "hints"})
    assert (await ws.receive_json_from(timeout=5))["code"] == "not_seated"
    after = await sync_to_async(Round.objects.get)(pk=rnd.pk)
    assert after.action_count == 0
    await ws.disconnect()


async def test_a_socket_for_a_table_with_no_match_is_closed(alice):
    from lobby import services as lobby

    table = await sync_to_async(lobby.create_table)(alice, {})
    ws = await open_socket(alice, table)
    connected, _ = await ws.connect()
    assert connected  # accepted only to be closed with the code a client can read
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}

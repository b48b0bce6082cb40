"""The table socket: views on connect, moves, refusals, reconnects (channels' communicator
against the real Redis channel layer)."""

import pytest
from asgiref.sync import sync_to_async

from games import live
from games.banakil import bots
from games.models import Round

from .conftest import deal_now, latest_round, start_table
from .test_the_clock_plays_the_time_out_move import expire

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(socket, user, table):
    ws = await socket(user, table)
    connected, _ = await ws.connect()
    assert connected
    first = await ws.receive_json_from(timeout=5)
    assert first["type"] == "state"
    return ws, first


async def next_state(ws, timeout=5):
    while True:
        msg = await ws.receive_json_from(timeout=timeout)
        if msg["type"] == "state":
            return msg


async def test_a_seated_player_gets_their_own_view_on_connect(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws, state = await connect(socket, alice, table)
    assert state["you"] == 0
    assert len(state["view"]["hand"]) in (18, 19)
    assert state["round"]["secret"] is None
    assert state["clock"]["turn_seconds"] == 20 and state["clock"]["remaining_ms"] > 0
    await ws.disconnect()


async def test_a_spectator_gets_the_public_view_without_any_hand(socket, alice, bob, outsider):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws, state = await connect(socket, outsider, table)
    assert state["you"] is None and "hand" not in state["view"]
    await ws.disconnect()


async def test_an_anonymous_visitor_is_refused(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    ws = await socket(None, table)
    connected, _ = await ws.connect()
    assert connected  # accepted only to be closed with the code a client can read
    assert await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4401}


async def test_a_move_reaches_every_seat_with_its_own_view(socket, alice, bob, outsider):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    users = [alice, bob]
    sockets = [(await connect(socket, u, table))[0] for u in users]
    spectator, _ = await connect(socket, outsider, table)
    mover = users[rnd.turn_seat]
    ws = sockets[rnd.turn_seat]
    view = (await sync_to_async(live.snapshot)(table.pk, mover))["view"]
    action = bots.next_action(view)
    await ws.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no, "id": 7})
    replies = []
    while True:
        msg = await ws.receive_json_from(timeout=5)
        replies.append(msg)
        if msg["type"] == "ok":
            break
    assert replies[-1] == {"type": "ok", "id": 7}
    for seat, other in enumerate(sockets):
        state = await next_state(other)
        assert state["you"] == seat and state["event"] > rnd.event_no
    public = await next_state(spectator)
    assert "hand" not in public["view"]
    for s in [*sockets, spectator]:
        await s.disconnect()


async def test_a_stale_turn_number_is_refused_and_nothing_changes(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    mover = [alice, bob][rnd.turn_seat]
    ws, state = await connect(socket, mover, table)
    action = {"type": "throw", "card": state["view"]["hand"][0]}
    await ws.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no - 1})
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "stale_turn" and error["message"]
    after = await sync_to_async(latest_round)(table)
    assert after.event_no == rnd.event_no and after.action_count == 0
    await ws.disconnect()


async def test_bad_messages_get_a_coded_error_and_the_socket_stays_up(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    waiting = [alice, bob][1 - rnd.turn_seat]
    ws, state = await connect(socket, waiting, table)
    await ws.send_to(text_data="{not json")
    assert (await ws.receive_json_from())["code"] == "bad_message"
    await ws.send_json_to({"type": "dance"})
    assert (await ws.receive_json_from())["code"] == "bad_message"
    await ws.send_json_to(["a", "list"])
    assert (await ws.receive_json_from())["code"] == "bad_message"
    await ws.send_to(text_data='{"type": "ping", "pad": "' + "x" * 5000 + '"}')
    assert (await ws.receive_json_from())["code"] == "message_too_large"
    action = {"type": "throw", "card": state["view"]["hand"][0]}
    await ws.send_json_to({"type": "action", "action": action, "turn_no": rnd.turn_no})
    assert (await ws.receive_json_from())["code"] == "not_your_turn"
    await ws.send_json_to({"type": "action", "action": {"type": "fly"}, "turn_no": rnd.turn_no})
    assert (await ws.receive_json_from())["code"] in ("not_your_turn", "bad_action")
    await ws.send_json_to({"type": "ping", "id": 1})
    assert await ws.receive_json_from() == {"type": "pong", "id": 1}
    after = await sync_to_async(latest_round)(table)
    assert after.action_count == 0
    await ws.disconnect()


async def test_an_engine_refusal_comes_back_in_the_players_language(socket, make_user, bob):
    arabic = await sync_to_async(make_user)("salem", preferred_language="ar")
    table = await sync_to_async(start_table)([arabic, bob], {"players": 2})
    rnd = await sync_to_async(deal_now)(table)
    if rnd.turn_seat != 0:  # make it salem's turn: bob's turn times out
        await sync_to_async(expire)(rnd)
        await sync_to_async(live.turn_timed_out)(rnd.pk, rnd.turn_no)
    ws, state = await connect(socket, arabic, table)
    rnd = await sync_to_async(latest_round)(table)
    await ws.send_json_to(
        {"type": "action", "action": {"type": "meld", "cards": ["AS"]}, "turn_no": rnd.turn_no}
    )
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error"
    assert error["code"] in ("draw_first", "card_not_in_hand", "too_few_cards")
    assert any("\u0600" <= ch <= "\u06ff" for ch in error["message"]), error
    await ws.disconnect()


async def test_a_reconnect_resumes_with_the_same_view(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws, first = await connect(socket, alice, table)
    await ws.disconnect()
    again, second = await connect(socket, alice, table)
    first["clock"].pop("remaining_ms")
    second["clock"].pop("remaining_ms")
    assert first == second
    await again.disconnect()


async def test_hints_come_for_the_players_own_hand(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws, state = await connect(socket, alice, table)
    await ws.send_json_to({"type": "hints"})
    msg = await ws.receive_json_from(timeout=5)
    assert msg["type"] == "hints" and set(msg["hints"]) >= {"melds", "layoffs", "swaps", "pile"}
    hand = list(state["view"]["hand"])
    for meld in msg["hints"]["melds"]:
        for card in meld:
            hand.remove(card)  # every hinted card is in alice's own hand
    await ws.disconnect()


async def test_ready_sends_the_players_seed(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    ws, state = await connect(socket, alice, table)
    assert state["round"]["status"] == "seeding" and state["view"] is None
    await ws.send_json_to({"type": "ready", "seed": "alice-seed"})
    msg = await next_state(ws)
    assert msg["round"]["seeds_in"] == [True, False]
    rnd = await sync_to_async(Round.objects.get)(pk=(await sync_to_async(latest_round)(table)).pk)
    assert rnd.seeds == ["alice-seed", None]
    await ws.disconnect()

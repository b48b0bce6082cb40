"""At a four-player table the partner and both opponents each send the turn seat's own legal
move, naming that seat in the message and in the move: each is refused and the round is exactly
as it was. The seat comes from the session, never from the message: the turn seat's player then
plays the same move. (Acting at another table: the table socket test next to this one.)"""

import json

import pytest
from asgiref.sync import sync_to_async

from games.banakil import bots
from games.models import Round
from tests.games.conftest import deal_now, start_table

from .test_the_table_socket_lets_no_one_in_where_they_dont_belong import open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def snapshot(rnd: Round) -> tuple:
    rnd.refresh_from_db()
    return rnd.event_no, rnd.action_count, json.dumps(rnd.state, sort_keys=True)


async def first_reply(ws) -> dict:
    """The first answer that is not a state broadcast."""
    while True:
        msg = await ws.receive_json_from(timeout=5)
        if msg["type"] != "state":
            return msg


async def test_the_partner_and_the_opponents_cannot_play_the_turn_seats_move(
    alice, bob, carol, dave
):
    users = [alice, bob, carol, dave]
    table = await sync_to_async(start_table)(users)
    rnd = await sync_to_async(deal_now)(table)
    turn = rnd.turn_seat
    move = bots.next_action(await sync_to_async(lambda: rnd.engine().view(turn))())
    spoofed = {
        "type": "action",
        "action": {**move, "seat": turn},
        "turn_no": rnd.turn_no,
        "seat": turn,
        "user": users[turn].pk,
    }
    before = await sync_to_async(snapshot)(rnd)

    sockets = []
    for user in users:
        ws = await open_socket(user, table)
        assert (await ws.connect())[0]
        assert (await ws.receive_json_from(timeout=5))["you"] == users.index(user)
        sockets.append(ws)

    others = [seat for seat in range(4) if seat != turn]
    assert (turn + 2) % 4 in others  # the partner is among them
    for seat in others:
        await sockets[seat].send_json_to(spoofed)
        reply = await first_reply(sockets[seat])
        assert reply["type"] == "error" and reply["code"] == "not_your_turn", (seat, reply)
        assert await sync_to_async(snapshot)(rnd) == before

    await sockets[turn].send_json_to({"type": "action", "action": move, "turn_no": rnd.turn_no})
    assert (await first_reply(sockets[turn]))["type"] == "ok"
    after = await sync_to_async(snapshot)(rnd)
    assert after[1] == before[1] + 1
    for ws in sockets:
        await ws.disconnect()

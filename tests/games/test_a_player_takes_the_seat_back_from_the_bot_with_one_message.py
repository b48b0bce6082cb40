"""The table page's «Take my seat back» is one socket message, ``back``: the seat a bot plays
for its player (turns missed) is the player's again (at once off turn, from the next turn on
it), every seat gets the new state; a spectator is refused ``not_seated``."""

import pytest
from asgiref.sync import sync_to_async

from games.models import Match
from games.seats import AWAY_AFTER_TIMEOUTS

from .conftest import deal_now, start_table
from .test_missed_turns_at_a_bots_table_never_end_the_match import miss_turns
from .test_the_table_socket import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_back_gives_the_seat_to_its_player_and_says_ok(socket, alice):
    table = await sync_to_async(start_table)([alice], {"players": 4}, bots_fill=True)
    await sync_to_async(deal_now)(table)
    ws, _state = await connect(socket, alice, table)
    await sync_to_async(miss_turns)(table, 0, AWAY_AFTER_TIMEOUTS)
    seat = (await Match.objects.aget(table=table)).seat_states[0]
    assert seat.bot and seat.timeouts == AWAY_AFTER_TIMEOUTS
    await ws.send_json_to({"type": "back", "id": 7})
    answered, back = False, None
    while not (answered and back):  # the ok comes straight back, the states through Redis
        message = await ws.receive_json_from(timeout=5)
        answered = answered or message == {"type": "ok", "id": 7}
        you = message["seats"][0] if message["type"] == "state" else None
        if you is not None and (not you["bot"] or you["returning"]):  # at once, or next turn
            back = you
    seat = (await Match.objects.aget(table=table)).seat_states[0]
    assert not seat.bot or seat.returning
    await ws.disconnect()


async def test_a_spectator_cannot_take_a_seat_back(socket, alice, outsider):
    table = await sync_to_async(start_table)([alice], {"players": 4}, bots_fill=True)
    await sync_to_async(deal_now)(table)
    ws, _state = await connect(socket, outsider, table)
    await ws.send_json_to({"type": "back", "id": 1})
    answer = await ws.receive_json_from(timeout=5)
    assert answer["type"] == "error" and answer["code"] == "not_seated" and answer["id"] == 1
    await ws.disconnect()

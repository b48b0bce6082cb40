"""Table talk without abuse: a seated player sends one of the table's fixed phrases or emotes,
every seat and the spectators get it on that seat; free text and spectators are refused, and a
player who sends too many in a short time is told to slow down."""

import pytest
from asgiref.sync import sync_to_async

from games import phrases

from .conftest import deal_now, start_table
from .test_the_table_socket import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def next_phrase(ws, timeout=5):
    while True:
        msg = await ws.receive_json_from(timeout=timeout)
        if msg["type"] in ("phrase", "error"):
            return msg


async def test_a_phrase_reaches_every_seat_and_the_spectators(socket, alice, bob, outsider):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    a, _ = await connect(socket, alice, table)
    b, _ = await connect(socket, bob, table)
    watcher, _ = await connect(socket, outsider, table)
    await b.send_json_to({"type": "phrase", "phrase": "well_played"})
    for ws in (a, b, watcher):
        assert await next_phrase(ws) == {"type": "phrase", "seat": 1, "phrase": "well_played"}
    await a.send_json_to({"type": "phrase", "phrase": "👍"})
    assert await next_phrase(b) == {"type": "phrase", "seat": 0, "phrase": "👍"}
    for ws in (a, b, watcher):
        await ws.disconnect()


async def test_free_text_and_spectators_are_refused(socket, alice, bob, outsider):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    a, _ = await connect(socket, alice, table)
    watcher, _ = await connect(socket, outsider, table)
    await a.send_json_to({"type": "phrase", "phrase": "you are bad at this"})
    assert (await next_phrase(a))["code"] == "bad_phrase"
    await a.send_json_to({"type": "phrase", "phrase": 7})
    assert (await next_phrase(a))["code"] == "bad_message"
    await watcher.send_json_to({"type": "phrase", "phrase": "hurry"})
    assert (await next_phrase(watcher))["code"] == "not_seated"
    for ws in (a, watcher):
        await ws.disconnect()


async def test_too_many_phrases_in_a_short_time_are_refused(socket, alice, bob):
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    a, _ = await connect(socket, alice, table)
    b, _ = await connect(socket, bob, table)
    for _ in range(phrases.BURST):
        await a.send_json_to({"type": "phrase", "phrase": "thanks"})
        assert (await next_phrase(b))["phrase"] == "thanks"
    await a.send_json_to({"type": "phrase", "phrase": "thanks"})
    refusal = await next_phrase(a)
    while refusal["type"] == "phrase":  # her own earlier phrases come back to her too
        refusal = await next_phrase(a)
    assert refusal["code"] == "too_many_phrases"
    assert await b.receive_nothing(timeout=0.5)  # the fourth never reached the table
    for ws in (a, b):
        await ws.disconnect()

"""A table's states can reach Redis out of order (each process publishes after its own commit);
the socket sends them in event order with no gap: a state that comes early waits for the ones
before it, an older one than the socket has sent is dropped, and one whose predecessor was lost
goes out after a short wait (docs/protocol.md, "Server → client: state")."""

import json

import pytest
from asgiref.sync import sync_to_async

from games import consumers, live
from games.consumers import StateOrder
from games.live.broadcast import state_message

from .conftest import deal_now, start_table


def text(round_no: int, event: int) -> str:
    return json.dumps({"type": "state", "round_no": round_no, "event": event})


def test_an_early_state_waits_for_the_one_before_it():
    order = StateOrder((1, 61), text(1, 61))
    assert order.arrive((1, 63), text(1, 63)) == []
    assert order.arrive((1, 62), text(1, 62)) == [text(1, 62), text(1, 63)]
    assert order.held == {}


def test_a_state_no_newer_than_the_one_sent_is_dropped():
    order = StateOrder((1, 10), text(1, 10))
    assert order.arrive((1, 10), text(1, 10)) == []
    assert order.arrive((1, 9), text(1, 9)) == []
    assert order.arrive((1, 11), text(1, 11)) == [text(1, 11)]


def test_the_next_rounds_first_event_follows_any_event_of_the_round_before():
    order = StateOrder((2, 55), text(2, 55))
    assert order.arrive((3, 2), text(3, 2)) == []  # the new round's second event, first
    assert order.arrive((3, 1), text(3, 1)) == [text(3, 1), text(3, 2)]
    assert order.arrive((2, 56), text(2, 56)) == []  # the old round's late change


def test_states_whose_predecessor_was_lost_go_out_in_order_over_the_gap():
    order = StateOrder((1, 5), text(1, 5))
    order.arrive((1, 8), text(1, 8))
    order.arrive((1, 7), text(1, 7))
    assert order.give_up() == [text(1, 7), text(1, 8)]
    assert order.arrive((1, 9), text(1, 9)) == [text(1, 9)]


def test_a_resync_answer_is_the_current_state_then_the_held_ones_after_it():
    order = StateOrder((1, 5), text(1, 5))
    order.arrive((1, 8), text(1, 8))
    order.arrive((1, 9), text(1, 9))
    assert order.current((1, 7), text(1, 7)) == [text(1, 7), text(1, 8), text(1, 9)]
    # read before a state that has gone out since: that newer state again, never an older one
    assert order.current((1, 6), text(1, 6)) == [text(1, 9)]


async def publish(table_id: int, holders: list[int], round_no: int, event: int) -> None:
    """A state of the table, the same text for every seat and the spectators."""
    texts = [text(round_no, event)] * len(holders)
    message = state_message(texts, text(round_no, event), round_no, event, holders)
    await live.send_all([(live.table_group(table_id), message)])


async def received(ws) -> tuple[int, int]:
    message = await ws.receive_json_from(timeout=5)
    return message["round_no"], message["event"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_puts_states_published_out_of_order_back_in_order(
    socket, alice, bob, monkeypatch
):
    monkeypatch.setattr(consumers, "HOLD_SECONDS", 0.3)
    table = await sync_to_async(start_table)([alice, bob], {"players": 2})
    await sync_to_async(deal_now)(table)
    ws = await socket(alice, table)
    assert (await ws.connect())[0]
    first = await ws.receive_json_from(timeout=5)
    r, e = first["round_no"], first["event"]
    seated = [alice.pk, bob.pk]

    await publish(table.pk, seated, r, e + 2)  # the bot's answer, published first
    await publish(table.pk, seated, r, e + 1)  # the move it answered
    assert [await received(ws), await received(ws)] == [(r, e + 1), (r, e + 2)]

    await publish(table.pk, seated, r, e)  # older than what the socket has sent
    await publish(table.pk, seated, r, e + 4)  # e + 3 is lost on its way
    assert await received(ws) == (r, e + 4)  # after the wait, over the gap
    assert await ws.receive_nothing(timeout=0.5)
    await ws.disconnect()

"""Sending every seat its new state, after commit.

``publish`` is called once for each change anyone can see, inside the transaction that makes it:
it numbers the change (the round's event number), builds every seat's message from exactly that
state, and on commit sends them and hands the clock and the bots their next work.

Every socket of a table, seated or not, listens to the table's one group, and a change is one
group message holding every seat's text and the public one: Redis publishes it once and each
daphne process receives and decodes it once, however many of the table's sockets it holds. Each
socket sends its page its own seat's text, or the public one (``TableConsumer.table_state``).
Private views stay on the server: the channel layer is the server's own (decision 127).

Each group message carries its state's ``round_no`` and ``event`` beside the texts: states of
one table are published by several processes (daphne for a player's move, Celery for the
clock, the bots, a round's secret, the archive), each after its own commit, so they can reach
Redis in another order than the lock gave them. The socket puts them back in event order
(``games.consumers.StateOrder``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from channels.layers import get_channel_layer
from django.db import transaction

from games import registry
from games.models import Action, Match, Round
from sahrat.channel_layer import send_from_sync

from . import schedule
from .locks import engine, latest_round, lock_match_by_id
from .state import Messages

logger = logging.getLogger(__name__)

#: (group, group message) pairs: a table's ``table.state`` message, every seat's JSON text
#: encoded once, here (each socket sends its text as it is), with its ``round_no`` and ``event``
Sends = list[tuple[str, dict[str, Any]]]
_deferred = threading.local()


def table_group(table_id: int) -> str:
    """The group every socket of the table listens to, seated or not."""
    return f"table.{table_id}"


def publish(
    match: Match,
    rnd: Round,
    engine: registry.Round | None,
    *,
    new_turn: bool = False,
    actor: str | None = None,
) -> None:
    """A new event on ``rnd`` (the caller saves the round afterwards, in this transaction):
    every seat's message built now, sent after commit with the clock and the bots' work.
    ``actor``: who made the action just applied (a move's publish knows it)."""
    rnd.event_no += 1
    table_id = match.table_id
    *texts, public = [encode(message) for message in Messages(match, rnd, engine, actor).every()]
    holders = [state.user if not state.left else None for state in match.seat_states]
    playing = rnd.status == Round.Status.PLAYING and match.status == Match.Status.PLAYING
    seat = rnd.turn_seat
    bot_turn = playing and seat is not None and match.seat_states[seat].bot
    round_id, turn_no, event_no, deadline = rnd.pk, rnd.turn_no, rnd.event_no, rnd.deadline
    round_no = rnd.number
    clock = playing and new_turn and deadline is not None and schedule.arm_clock(rnd)
    # a bot's own action that kept the turn: its next one follows quickly, not after a think
    first = new_turn or actor != Action.Actor.BOT

    def send() -> None:
        if clock and deadline is not None:
            schedule.turn_timeout(round_id, turn_no, deadline)
        if bot_turn:
            schedule.bot_turn(round_id, turn_no, event_no, first=first)
        broadcast(table_id, state_message(texts, public, round_no, event_no, holders))

    transaction.on_commit(send)


def new_event(match: Match, rnd: Round) -> None:
    """A change outside a move (seats, coins, a revealed secret) on the locked latest round:
    saved, and every seat's state sent again after commit."""
    publish(match, rnd, engine(match, rnd) if rnd.state else None)
    rnd.save(update_fields=["event_no"])


def announce(match_id: int) -> None:
    """Send every seat the current state again after a change made outside the live layer (the
    archive settling a finished match's coins): a new event through the usual path."""
    with transaction.atomic():
        match = lock_match_by_id(match_id)
        if match is None:
            return
        rnd = latest_round(match, lock=True)
        if rnd is not None:
            new_event(match, rnd)


@contextmanager
def deferred_broadcasts() -> Iterator[Sends]:
    """Collect the broadcasts of the work done inside instead of sending them: a socket's
    consumer sends them itself from its event loop, without a thread hop back onto it."""
    sends: Sends = []
    _deferred.sends = sends
    try:
        yield sends
    finally:
        del _deferred.sends


async def send_phrase(table_id: int, seat: int, key: str) -> None:
    """A quick phrase or emote from ``seat`` to every seat and the spectators (nothing is
    stored: it is shown for a few seconds and gone)."""
    layer = get_channel_layer()
    if layer is None:
        return
    payload = {"type": "phrase", "seat": seat, "phrase": key}
    await layer.group_send(table_group(table_id), {"type": "table.phrase", "payload": payload})


def encode(content: Any) -> str:
    """A message's JSON text (orjson: several times faster than the standard library's)."""
    return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS).decode()


async def send_all(sends: Sends) -> None:
    layer = get_channel_layer()
    if layer is None or not sends:
        return
    await layer.group_send_many(sends)


def state_message(
    texts: list[str],
    public: str,
    round_no: int,
    event: int,
    holders: list[int | None],
) -> dict[str, Any]:
    """A ``state``'s group message: each seat's JSON text (``texts[seat]``) and the public one,
    where the state stands in the table's order, and who holds each seat now (``holders``: None
    once its player stood up). A socket whose user no longer holds its seat stops getting that
    seat's view."""
    return {
        "type": "table.state",
        "texts": texts,
        "public": public,
        "round_no": round_no,
        "event": event,
        "holders": holders,
    }


def broadcast(table_id: int, message: dict[str, Any]) -> None:
    """A table's ``state_message`` to its group: handed to the socket collecting it
    (``deferred_broadcasts``), else sent now."""
    sends = [(table_group(table_id), message)]
    deferred = getattr(_deferred, "sends", None)
    if deferred is not None:
        deferred.extend(sends)
        return
    try:
        send_from_sync(send_all, sends)
    except Exception:  # committed already; clients resync on their next message or reconnect
        logger.exception("table broadcast failed for table %s", table_id)

"""The table socket, ``/ws/table/<id>/``: the full view on connect, moves in, views out.

Seated players join their seat's own group and receive only their seat's view; everyone else
joins the public group. Every message is documented in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, cast

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import translation

from sahrat import admission, metrics
from sahrat.channel_layer import stop_taking_directly, take_directly
from sahrat.numbers import plain_int
from sahrat.refusals import Refusal

from . import live, phrases, presence
from .live.broadcast import Sends
from .refusals import GameRefusal

T = TypeVar("T")
logger = logging.getLogger(__name__)

#: The table's database work runs on a pool of threads, each with its own connection:
#: channels' default runs every consumer's database call in one thread per process, so one
#: slow move would hold up every table served by the process.
#: ``SAHRAT_DB_THREADS=1`` keeps channels' default (one shared thread).
_DB_THREADS = (
    ThreadPoolExecutor(max_workers=settings.SAHRAT_DB_THREADS, thread_name_prefix="table-db")
    if settings.SAHRAT_DB_THREADS > 1
    else None
)


#: a table thread's database connection counts as sound this long after its last clean use
#: (Django's health check, a ``SELECT 1`` of its own, is skipped within it)
FRESH_SECONDS = 1.0
_fresh = threading.local()


class TableDatabase(DatabaseSyncToAsync):  # type: ignore[misc]
    """Channels' ``database_sync_to_async`` for the table socket, less the health check of a
    connection that answered within the last second. Django checks a connection with a
    ``SELECT 1`` before its first statement of every call when ``CONN_HEALTH_CHECKS`` is on
    (on PostgreSQL it is): a round trip of its own on every move. A connection idle for longer
    is checked as before, and one that failed is checked and closed after the call
    (``close_old_connections``), so what is left unchecked is a server gone within the last
    second: that call fails with an error and the next reconnects."""

    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        close_old_connections()
        if connection.connection is not None and time.monotonic() - _last_use() < FRESH_SECONDS:
            connection.health_check_done = True  # type: ignore[attr-defined]
        try:
            return SyncToAsync.thread_handler(self, loop, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            close_old_connections()
            if connection.connection is not None and not connection.errors_occurred:
                _fresh.at = time.monotonic()


def _last_use() -> float:
    return float(getattr(_fresh, "at", -math.inf))


def database_sync_to_async(func: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    if _DB_THREADS is None:
        return cast(Callable[..., Awaitable[T]], TableDatabase(func))
    threaded = TableDatabase(func, thread_sensitive=False, executor=_DB_THREADS)
    return cast(Callable[..., Awaitable[T]], threaded)


MAX_MESSAGE_BYTES = 4096
#: a person sends a few messages a second at most; a burst covers a quick meld-and-throw
MESSAGES_PER_SECOND = 10.0
MESSAGE_BURST = 30
FLOOD_CLOSE_AFTER = 50  # refused messages before the socket is closed (code 4429)


class TokenBucket:
    """Messages a connection may send: ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _play(table_id: int, user: Any, action: Any, turn_no: Any) -> Sends:
    """A move, in a database thread; its broadcasts come back to be sent from the loop."""
    with live.deferred_broadcasts() as sends:
        live.play(table_id, user, action, turn_no)
    return list(sends)


def _back(table_id: int, user: Any) -> Sends:
    """The player takes their seat back from the bot playing it, in a database thread."""
    with live.deferred_broadcasts() as sends:
        live.came_back(table_id, user)
    return list(sends)


def _arrive(table_id: int, user: Any) -> dict[str, Any]:
    """A socket opens: the user's current state; a seated player counts as connected, and takes
    the seat back from a bot that stood in (the new state follows through the group). A
    private table's match is shown to its own players only (``seat_at`` refuses the others)."""
    live.seat_at(table_id, user)
    state = live.snapshot(table_id, user)
    seat = state["you"]
    if seat is not None:
        presence.connected(table_id, user.pk)
        if state["seats"][seat]["bot"]:
            live.came_back(table_id, user)
    return state


#: (round_no, event): where a state stands in its table's order
Order = tuple[int, int]

#: how long a socket waits for a state it lacks while it holds a later one
HOLD_SECONDS = 2.0


def follows(shown: Order, order: Order) -> bool:
    """Whether a state at ``order`` comes right after one at ``shown``: the round's next
    event, or the first event of a later round."""
    return order == (shown[0], shown[1] + 1) or (order[0] > shown[0] and order[1] == 1)


class StateOrder:
    """The states one socket sends, kept in event order with no gap.

    A table's states are numbered under its lock but published after commit by whichever
    process made them (daphne for a player's move; Celery for the clock, the bots, a round's
    secret, the archive), so two of them can reach Redis the other way round: a move's state
    from daphne after the bot's answer to it, a hand's last card after its revealed secret.
    Every state is complete, but a client also reads the step from one to the next (the last
    action, its sound, the "played for you" notice, a card's flight), so none is dropped: a
    state that comes early is held until the ones before it are in, or until none of them has
    come for ``HOLD_SECONDS`` (lost on the way: Redis delivers at most once).
    Only a state older than the one shown is dropped: the socket's first state (read after it
    joined its group) or a ``resync`` answer already included it."""

    def __init__(self, order: Order, text: str) -> None:
        self.shown, self.text = order, text
        self.held: dict[Order, str] = {}

    def arrive(self, order: Order, text: str) -> list[str]:
        """A published state: what to send now, in order (nothing while one before it is
        missing, or when it is older than the state shown)."""
        if order <= self.shown:
            return []
        self.held[order] = text
        return self._ready()

    def current(self, order: Order, text: str) -> list[str]:
        """The table's current state, read for the socket (a ``resync``): it, then any held
        state after it; or, when a newer state went out while it was read, that one again."""
        if order < self.shown:
            return [self.text]
        self.held = {o: t for o, t in self.held.items() if o > order}
        self.shown, self.text = order, text
        return [text, *self._ready()]

    def give_up(self) -> list[str]:
        """Held states whose predecessors never came (lost in transit): sent in order, over
        the gap."""
        out = [self.held[o] for o in sorted(self.held)]
        if out:
            self.shown = max(self.held)
            self.text = out[-1]
        self.held = {}
        return out

    def _ready(self) -> list[str]:
        out: list[str] = []
        while True:
            order = next((o for o in self.held if follows(self.shown, o)), None)
            if order is None:
                return out
            self.shown, self.text = order, self.held.pop(order)
            out.append(self.text)


MESSAGE_TYPES = ("action", "hints", "ready", "resync", "ping", "phrase", "rematch", "back")
MAX_ID_CHARS = 64


def _echoable(reply_to: Any) -> Any:
    """The client's ``id`` when it can be echoed back: a number, a short string, true/false."""
    if reply_to is None or isinstance(reply_to, bool | int):
        return reply_to
    if isinstance(reply_to, float) and math.isfinite(reply_to):
        return reply_to
    if isinstance(reply_to, str) and len(reply_to) <= MAX_ID_CHARS:
        return reply_to
    return None


def message_problem(content: Any) -> str | None:
    """What is wrong with a client message's shape (docs/protocol.md), or ``None``: checked
    here, before any service is called, so every malformed message is ``bad_message``."""
    if not isinstance(content, dict):
        return "a message is a JSON object"
    kind = content.get("type")
    if kind not in MESSAGE_TYPES:
        return f"unknown type {kind!r}" if isinstance(kind, str) else "a message has a type"
    if "id" in content and _echoable(content["id"]) != content["id"]:
        return f"id is a number or a string of at most {MAX_ID_CHARS} characters"
    if kind == "action":
        turn_no = content.get("turn_no")
        if not isinstance(turn_no, int) or isinstance(turn_no, bool):
            return "an action carries turn_no, a whole number (the state's view.turn_no)"
        if not isinstance(content.get("action"), dict):
            return "an action carries action, an object"
    if kind == "phrase" and not isinstance(content.get("phrase"), str):
        return "a phrase carries phrase, the key of one of the table's phrases or emotes"
    return None


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: held while a handler runs: the table's messages come straight from the channel
        #: layer's receiver as well as through channels' loop (``take_directly``), one at a time
        self.handling = asyncio.Lock()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' own dispatch less its ``aclose_old_connections()`` before every message: a
        hop to the one shared sync thread and back, made for each seat's copy of every new
        state. This consumer reaches the database only through ``database_sync_to_async``,
        which closes stale connections in the thread that runs the query (``channels.db``), so
        the hop guarded nothing here (decision 64)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        async with self.handling:
            await handler(message)

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._shut(4401)
            return
        table_id = plain_int(self.scope["url_route"]["kwargs"]["table_id"])
        if table_id is None:  # ``-1``, ``abc``, 20 digits: no table has that id
            await self._shut(4404)
            return
        self.table_id = table_id
        self.user = user
        self.bucket = TokenBucket(rate=MESSAGES_PER_SECOND, burst=MESSAGE_BURST)
        self.flooded = 0
        self.language = self._language()
        # Join the table's group before reading the state, so no change can slip in between:
        # one published meanwhile arrives after this state, or is older and ignored.
        self.group = live.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        try:
            state = await database_sync_to_async(_arrive)(self.table_id, user)
        except GameRefusal as refusal:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            del self.group  # never joined as far as disconnect() is concerned
            await self._shut(4403 if refusal.code == "private_table" else 4404)
            return
        self.seat: int | None = state["you"]  # whose view this socket sends; None: a spectator
        await self.accept()
        text = live.encode(state)
        self.order = StateOrder((state["round_no"], state["event"]), text)
        self.sending = asyncio.Lock()
        self.holding: asyncio.Task[None] | None = None
        self.standing: list[tuple[Order, str]] | None = None  # see _stand_up
        await self.send(text_data=text)
        take_directly(self)  # the table's states from now on, without channels' queue

    async def _shut(self, code: int) -> None:
        """Refuse the socket with a close code the client can read: accepted, then closed.
        (A close before the accept is an HTTP 403 at the handshake, and browsers show no
        code for it.)"""
        await self.accept()
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        stop_taking_directly(self)
        holding = getattr(self, "holding", None)
        if holding is not None:
            holding.cancel()
        group = getattr(self, "group", None)
        if group is None:
            return
        await self.channel_layer.group_discard(group, self.channel_name)
        if getattr(self, "seat", None) is not None:
            await database_sync_to_async(presence.disconnected)(self.table_id, self.user.pk)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        self.received_at = time.monotonic()
        if not self.bucket.take():
            self.flooded += 1
            if self.flooded > FLOOD_CLOSE_AFTER:
                await self.close(code=4429)  # a client that keeps flooding is cut off
                return
            await self._refuse(GameRefusal("too_many_messages"))
            return
        raw = text_data if text_data is not None else (bytes_data or b"").decode("utf-8", "replace")
        if len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
            await self._refuse(GameRefusal("message_too_large"))
            return
        try:
            content = json.loads(raw)
        except ValueError:
            await self._refuse(GameRefusal("bad_message", "not JSON"))
            return
        except RecursionError:  # ``[[[[…`` a thousand deep fits in 2 KB
            await self._refuse(GameRefusal("bad_message", "nested too deeply"))
            return
        await self.receive_json(content)

    async def _refuse(self, refusal: Refusal, reply_to: Any = None) -> None:
        with translation.override(self.language):
            error = refusal.as_message()
        if reply_to is not None:
            error["id"] = reply_to
        await self.send_json(error)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        problem = message_problem(content)
        if problem is not None:
            reply_to = content.get("id") if isinstance(content, dict) else None
            await self._refuse(GameRefusal("bad_message", problem), _echoable(reply_to))
            return
        kind = content["type"]
        reply_to = content.get("id")
        try:
            if kind == "action":
                sends = await database_sync_to_async(_play)(
                    self.table_id, self.user, content["action"], content["turn_no"]
                )
                await self._broadcast(sends)  # every seat's new state, from this loop
                took = time.monotonic() - self.received_at
                metrics.ACTION_TO_SENT.observe(took)
                admission.capacity.moved(took)
                await self.send_json({"type": "ok", "id": reply_to})
            elif kind == "hints":
                await self.send_json(
                    await database_sync_to_async(live.hints_for)(self.table_id, self.user)
                )
            elif kind == "ready":
                await database_sync_to_async(live.submit_seed)(
                    self.table_id, self.user, content.get("seed", "")
                )
            elif kind == "resync":
                await self._resync()
            elif kind == "ping":
                await self.send_json({"type": "pong", "id": reply_to})
            elif kind == "phrase":
                await self._phrase(content["phrase"])
            elif kind == "back":
                if self.seat is None:
                    raise GameRefusal("not_seated")
                await self._broadcast(await database_sync_to_async(_back)(self.table_id, self.user))
                await self.send_json({"type": "ok", "id": reply_to})
            elif kind == "rematch":
                table = await database_sync_to_async(live.rematch)(self.user, self.table_id)
                url = table.get_absolute_url()
                await self.send_json({"type": "rematch", "table": table.pk, "url": url})
        except Refusal as refusal:  # the table's, the lobby's or the ledger's
            await self._refuse(refusal, reply_to)
        except Exception:  # the database or Redis failed: say so, keep the socket, resync
            logger.exception("table %s: %r failed", self.table_id, kind)
            await self._refuse(GameRefusal("server_error"), reply_to)

    async def _broadcast(self, sends: Sends) -> None:
        """Every seat's new state through the channel layer. Committed already: when a shard
        of the layer is down, this socket still gets its own state from here, the others get
        theirs when the shard is back (``layer_back``), and the player's move counts."""
        try:
            await live.send_all(sends)
        except Exception:
            logger.exception("table %s: broadcast failed", self.table_id)
            for group, message in sends:
                if group == self.group:
                    await self.table_state(message)

    async def _resync(self) -> None:
        """Send the table's current state, read now (and any newer one held)."""
        state = await database_sync_to_async(live.snapshot)(self.table_id, self.user)
        order = (state["round_no"], state["event"])
        await self._send_states(self.order.current(order, live.encode(state)))

    async def layer_back(self, event: dict[str, Any]) -> None:
        """The channel layer's shard this socket listens through is back after a loss: the
        states published meanwhile never came, so the page gets the current one now."""
        if not hasattr(self, "order"):  # refused at connect, before its first state
            return
        try:
            await self._resync()
        except Exception:  # the database is away too: the page resyncs on its next message
            logger.exception(
                "table %s: resync after the channel layer came back failed", self.table_id
            )

    async def _phrase(self, key: str) -> None:
        """A seated player's quick phrase or emote, to every seat and the spectators."""
        if self.seat is None:
            raise GameRefusal("not_seated")
        if not phrases.known(key):
            raise GameRefusal("bad_phrase")
        if not await database_sync_to_async(phrases.take)(self.table_id, self.user.pk):
            raise GameRefusal("too_many_phrases")
        await live.send_phrase(self.table_id, self.seat, key)

    async def table_phrase(self, event: dict[str, Any]) -> None:
        await self.send_json(event["payload"])

    def _language(self) -> str:
        """The language chosen on the site (its cookie), else the player's preferred one."""
        cookies = self.scope.get("cookies", {})
        chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
        codes = {code for code, _name in settings.LANGUAGES}
        if chosen in codes:
            return str(chosen)
        preferred = getattr(self.user, "preferred_language", None)
        return preferred if preferred in codes else settings.LANGUAGE_CODE

    async def table_state(self, event: dict[str, Any]) -> None:
        """A published state (every seat's text encoded once by the broadcast): this socket's
        seat's text, or the public one, sent in the table's order. A state that says another
        holds the seat now (this user stood up) is not sent: the socket becomes a spectator's
        and gets the public state instead."""
        if not hasattr(self, "order"):  # refused at connect, before its first state
            return
        seat = self.seat
        if seat is not None and event["holders"][seat] != self.user.pk:
            await self._stand_up()
            return
        text = event["texts"][seat] if seat is not None else event["public"]
        order = (event["round_no"], event["event"])
        if self.standing is not None:  # the public state is being read: these follow it
            self.standing.append((order, text))
            return
        await self._send_states(self.order.arrive(order, text))

    async def _stand_up(self) -> None:
        """This user no longer holds the seat whose view the socket sent (they stood up): from
        now on it sends the public view, starting from the public state; public states that
        arrive while it is read are sent after it, in order."""
        self.standing = []
        self.seat = None
        try:
            state = await database_sync_to_async(live.snapshot)(self.table_id, self.user)
        except GameRefusal:
            await self.close(code=4404)
            return
        text = live.encode(state)
        arrived, self.standing = self.standing or [], None
        async with self.sending:
            self.order = StateOrder((state["round_no"], state["event"]), text)
            await self.send(text_data=text)
        for order, later in arrived:
            await self._send_states(self.order.arrive(order, later))

    async def _send_states(self, texts: list[str]) -> None:
        """Send states in the order ``self.order`` gave them (a held state's wait runs beside
        the socket's handlers: the lock keeps its sends and theirs apart, first come first
        sent). While a state is held, the wait for the ones before it runs ``HOLD_SECONDS``
        from the last state sent."""
        async with self.sending:
            for text in texts:
                await self.send(text_data=text)
        if self.holding is not None and (texts or not self.order.held):
            self.holding.cancel()
            self.holding = None
        if self.order.held and self.holding is None:
            self.holding = asyncio.create_task(self._hold())

    async def _hold(self) -> None:
        """A state came early: wait for the ones before it, then send what is held anyway
        (the ones missing were lost on their way)."""
        await asyncio.sleep(HOLD_SECONDS)
        self.holding = None
        lost = self.order.give_up()
        if lost:
            logger.warning("table %s: %d state(s) sent over a gap", self.table_id, len(lost))
            await self._send_states(lost)

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return live.encode(content)

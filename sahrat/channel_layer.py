"""The channel layer: channels_redis's publish/subscribe layer, plus one call that publishes
several group messages in a single Redis command, and one event loop per process from which
synchronous code (Celery's tasks, the site's views) sends its messages.

A move sends five messages (each seat's state and the spectators'). The stock ``group_send``
publishes each on the process's one shared connection, one round trip at a time behind a lock,
so under load the moves queue there (measured: 100-270 ms median at 50 moves a second).
``group_send_many`` hands them to each shard in one command instead: a short Lua script that
publishes them in order (one command costs the client about half what a pipeline of five
``PUBLISH`` does; decision 70). Redis runs a script whole, so the order and the messages are
those of the five ``PUBLISH`` commands.

A shard that goes away loses what is published while it is down (Redis's publish/subscribe
keeps nothing). The subscriptions come back by themselves (redis-py subscribes again when its
connection reconnects); then every socket of this process that listens through that shard gets
a ``layer.back`` message and sends its page what it missed, read from the database (decision
126).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import weakref
from collections import defaultdict, deque
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)

logger = logging.getLogger(__name__)

#: PUBLISH ARGV[i] on channel KEYS[i], for every i, in order
PUBLISH_ALL = "for i = 1, #KEYS do redis.call('PUBLISH', KEYS[i], ARGV[i]) end return #KEYS"


#: the message a socket's consumer gets when the shard it listens through is back after a loss
#: (each consumer's ``layer_back``): what was published meanwhile never came
LAYER_BACK = {"type": "layer.back"}


class ShardConnection(RedisSingleShardConnection):  # type: ignore[misc]
    """One shard's connection that tells this process's sockets when it is back: its
    subscriptions' connection calls ``_back`` each time it connects again, after redis-py has
    subscribed it again to every channel (its own connect callback, registered first)."""

    _watched: Any = None  # the subscriptions' connection ``_back`` is registered on

    async def subscribe(self, channel: str) -> None:
        await super().subscribe(channel)
        connection = self._pubsub.connection if self._pubsub is not None else None
        if connection is not None and connection is not self._watched:
            self._watched = connection  # a new one after a flush
            connection.register_connect_callback(self._back)

    def _back(self, _connection: Any) -> None:
        """Connected again: a ``layer.back`` to each socket whose channel or groups live here."""
        layer = self.channel_layer  # this event loop's layer
        names = {name for name in layer.channels if layer._get_shard(name) is self}
        for group, members in layer.groups.items():
            if layer._get_shard(group) is self:
                names |= members
        data = layer.channel_layer.serialize(LAYER_BACK)
        for name in names:
            queue = layer.channels.get(name)
            if queue is not None:
                queue.put_nowait(data)
        shard = layer._shards.index(self)
        logger.warning("channel layer shard %d is back: %d socket(s) resync", shard, len(names))

    def _receive_message(self, message: Any) -> None:
        """A message from the shard: a group's goes straight to the handlers of its members
        that take theirs directly (``take_directly``), in one task for them all; to the
        others, and every channel's own message, through their channel's queue as before."""
        if message is None:
            return
        name = message["channel"]
        if isinstance(name, bytes):
            name = name.decode()
        layer = self.channel_layer
        members = layer.groups.get(name)
        if not members or name in layer.channels or not _direct:
            super()._receive_message(message)
            return
        data = message["data"]
        names = []
        for channel_name in members:
            queue = layer.channels.get(channel_name)
            if queue is None:
                continue
            if channel_name in _direct:
                names.append(channel_name)
            else:
                queue.put_nowait(data)
        if names:
            task = asyncio.get_running_loop().create_task(_deliver(layer, names, data))
            _delivering.add(task)
            task.add_done_callback(_delivering.discard)


class DirectReceiver(Protocol):
    """A consumer that takes its groups' messages directly: its handlers run one at a time
    under ``handling`` (its ``dispatch`` takes it too)."""

    channel_name: str
    handling: asyncio.Lock

    async def dispatch(self, message: dict[str, Any]) -> None: ...

    async def close(self, code: int | None = None) -> None: ...


#: this process's consumers that take their groups' messages directly, by channel name
_direct: weakref.WeakValueDictionary[str, DirectReceiver] = weakref.WeakValueDictionary()
#: the deliveries under way (a task nobody holds may be collected before it ends)
_delivering: set[asyncio.Task[None]] = set()


def take_directly(consumer: DirectReceiver) -> None:
    """From now on ``consumer`` takes its groups' messages straight from the shard's receiver
    (decision 132). Channels hands a socket each message through its channel's queue, a task
    that waits on it and a new task for the next: most of the cost of one more socket at a
    table. A message still goes through the queue while the consumer is handling another or
    has some queued, so its handlers keep channels' order: one at a time, in arrival order."""
    _direct[consumer.channel_name] = consumer


def stop_taking_directly(consumer: DirectReceiver) -> None:
    _direct.pop(consumer.channel_name, None)


async def _deliver(layer: RedisPubSubLoopLayer, names: list[str], data: bytes) -> None:
    """One group message to each of ``names``'s consumers, in turn."""
    for name in names:
        consumer, queue = _direct.get(name), layer.channels.get(name)
        if queue is None:
            continue  # gone meanwhile
        if consumer is None or consumer.handling.locked() or not queue.empty():
            queue.put_nowait(data)  # after what it handles or holds now, by its own loop
            continue
        try:
            await consumer.dispatch(layer.channel_layer.deserialize(data))  # takes ``handling``
        except Exception:
            # what channels does with a handler's error: that socket ends, the others go on
            logger.exception("a socket's handler failed on a group message; it is closed")
            stop_taking_directly(consumer)
            with contextlib.suppress(Exception):
                await consumer.close(code=1011)


#: how many of the last group messages received keep their decoded form (see ``deserialize``)
DECODED_KEPT = 8


class TableChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._decoded: deque[tuple[bytes, dict[str, Any]]] = deque(maxlen=DECODED_KEPT)

    def deserialize(self, message: bytes) -> dict[str, Any]:
        """A received message, decoded once however many of this process's sockets it goes to.
        channels_redis hands each member of a group the same bytes and each decodes them on its
        own: a table's state (every seat's text) went through msgpack once per socket of the
        table, 4% of daphne's CPU at 60 eight-handed tables (py-spy). Each socket gets its own
        copy of the message's dict; the texts inside are shared, and nothing changes them."""
        for raw, decoded in tuple(self._decoded):
            if raw is message:
                return dict(decoded)
        decoded = super().deserialize(message)
        self._decoded.append((message, decoded))  # holds ``message``: its id is not reused
        return dict(decoded)

    def _get_layer(self) -> RedisPubSubLoopLayer:
        """This event loop's layer, its shards' connections ``ShardConnection`` (made before
        any of them connects: the loop's layer is new)."""
        layer = super()._get_layer()
        if not isinstance(layer._shards[0], ShardConnection):
            layer._shards = [ShardConnection(shard.host, layer) for shard in layer._shards]
        return layer

    async def group_send_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """``group_send`` of each ``(group, message)``, in order, one command per shard. A
        shard that fails does not keep the others' messages back: its error is raised after
        every shard was tried."""
        layer = self._get_layer()  # this event loop's layer: its shards and their connections
        by_shard: dict[Any, tuple[list[str], list[bytes]]] = defaultdict(lambda: ([], []))
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            channels, data = by_shard[layer._get_shard(channel)]
            channels.append(channel)
            data.append(self.serialize(message))
        failed: Exception | None = None
        for shard, (channels, data) in by_shard.items():
            shard._ensure_redis()  # the shard's client; its pool lends the command a connection
            script = getattr(shard, "publish_all", None)
            if script is None or script.registered_client is not shard._redis:
                script = shard.publish_all = shard._redis.register_script(PUBLISH_ALL)
            try:
                await script(keys=channels, args=data)
            except Exception as error:
                failed = failed or error
        if failed is not None:
            raise failed


#: how long synchronous code waits for its messages to be handed to Redis
SEND_TIMEOUT_SECONDS = 10.0


class SenderLoop:
    """One event loop per process, on a thread of its own, for messages sent from synchronous
    code (decision 73). ``async_to_sync`` runs each call on a new event loop, and the channel
    layer keeps its Redis connections per event loop, so every broadcast from a Celery task
    connected to Redis, loaded the publish script and closed again: 6.5 ms of CPU a call,
    measured, against a fraction of a millisecond here. The loop is started on first use in
    each process (a Celery worker's processes are forked: a parent's thread does not follow)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid = 0

    def run(self, send: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> Any:
        """``await send(*args)`` on the sender loop, from synchronous code; its result (or its
        exception) once done."""
        future = asyncio.run_coroutine_threadsafe(send(*args), self._running())
        return future.result(timeout=SEND_TIMEOUT_SECONDS)

    def _running(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._pid != os.getpid():
                loop = asyncio.new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="channel-sender", daemon=True
                )
                thread.start()
                self._loop, self._pid = loop, os.getpid()
            return self._loop


send_from_sync = SenderLoop().run

"""The channel layer: channels_redis's publish/subscribe layer, plus one call that publishes
several group messages in a single Redis round trip.

A move sends five messages (each seat's state and the spectators'). The stock ``group_send``
publishes each on the process's one shared connection, one round trip at a time behind a lock,
so under load the moves queue there (measured: 100-270 ms median at 50 moves a second).
``group_send_many`` pipelines them on a pooled connection instead.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer


class TableChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    async def group_send_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """``group_send`` of each ``(group, message)``, in order, one pipeline per shard."""
        layer = self._get_layer()  # this event loop's layer: its shards and their connections
        by_shard: dict[Any, list[tuple[str, bytes]]] = defaultdict(list)
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            by_shard[layer._get_shard(channel)].append((channel, self.serialize(message)))
        for shard, items in by_shard.items():
            shard._ensure_redis()  # the shard's client; its pool lends the pipeline a connection
            async with shard._redis.pipeline(transaction=False) as pipe:
                for channel, data in items:
                    pipe.publish(channel, data)
                await pipe.execute()

"""Websocket paths that name nothing: refused as not found (close code 4404), cleanly.

Channels' router raises for a path no route matches, a traceback in daphne's log for every
stray client; this consumer is the last route instead.
"""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer


class NoSuchSocket(AsyncWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        await self.accept()  # accepted, so the client can read the close code
        await self.close(code=4404)

    async def layer_back(self, event: dict[str, object]) -> None:
        """Nothing to send again (the channel layer's shard is back): this socket only closes."""

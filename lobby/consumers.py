"""The lobby socket: pushes table changes (opened, seats filled, started, closed), and asks the
page to read the list again when pushes may have been lost."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from accounts.models import player_id

from .services import LOBBY_GROUP


class LobbyConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """Server to client only. Messages: ``{"type": "table", "table": {...}}`` and
    ``{"type": "resync"}`` (docs/protocol.md)."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Whatever a client sends, unread: JSON or not, nested however deep, text or bytes."""
        await self.send_json({"type": "error", "code": "read_only"})

    async def lobby_table(self, event: dict[str, Any]) -> None:
        table = event["table"]
        if table["private"]:
            user = self.scope.get("user")
            user_id = player_id(user)
            if user_id is None or user_id not in {s["user_id"] for s in table["seats"]}:
                return  # a private table is news only to the players at it
        await self.send_json({"type": "table", "table": table})

    async def layer_back(self, event: dict[str, Any]) -> None:
        """The channel layer's shard of the lobby's group is back after a loss: the pushes
        published meanwhile never came, so the page reads the list again."""
        await self.send_json({"type": "resync"})

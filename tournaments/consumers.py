"""The tournament page's socket: server to client only. Joins the event's group (standings)
and, for a registered player, their own group (their table opening); counts the player as
here (``presence``) while it is open, and an arena player marked absent at the start is
back (paired again) when it opens."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from accounts.models import player_id

from . import live, presence, services
from .models import Registration, Tournament


def _arrive(tournament_id: int, user_id: int | None) -> tuple[dict[str, Any], bool] | None:
    """The standings now and whether the reader is registered; None if they may not watch."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    registered = (
        user_id is not None
        and Registration.objects.filter(tournament=tournament, user_id=user_id).exists()
    )
    if tournament.private and not registered:
        return None
    if registered and user_id is not None:
        presence.connected(tournament.pk, user_id)
        services.mark_back(tournament.pk, user_id)
    return live.standings_message(tournament), registered


def _standings(tournament_id: int) -> dict[str, Any] | None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    return None if tournament is None else live.standings_message(tournament)


class TournamentConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        raw = str(self.scope["url_route"]["kwargs"]["tournament_id"])
        self.groups_joined: list[str] = []
        self.counted = False
        if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
            await self.accept()
            await self.close(code=4404)
            return
        self.tournament_id = int(raw)
        self.user_id = player_id(self.scope.get("user"))
        arrived = await database_sync_to_async(_arrive)(self.tournament_id, self.user_id)
        await self.accept()
        if arrived is None:
            await self.close(code=4404)
            return
        message, registered = arrived
        self.counted = registered
        names = [live.group(self.tournament_id)]
        if registered and self.user_id is not None:
            names.append(live.user_group(self.tournament_id, self.user_id))
        for name in names:
            await self.channel_layer.group_add(name, self.channel_name)
        self.groups_joined = names
        await self.send_json(message)

    async def disconnect(self, code: int) -> None:
        for name in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(name, self.channel_name)
        if getattr(self, "counted", False) and self.user_id is not None:
            await database_sync_to_async(presence.disconnected)(self.tournament_id, self.user_id)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send_json({"type": "error", "code": "read_only"})

    async def tournament_message(self, event: dict[str, Any]) -> None:
        await self.send_json(event["message"])

    async def layer_back(self, event: dict[str, Any]) -> None:
        """The channel layer's shard of this socket's groups is back after a loss: the
        standings now, read again (what was pushed meanwhile never came)."""
        if not getattr(self, "groups_joined", None):
            return
        message = await database_sync_to_async(_standings)(self.tournament_id)
        if message is not None:
            await self.send_json(message)

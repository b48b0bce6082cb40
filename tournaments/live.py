"""What a tournament's page hears over its socket (docs/protocol.md, "Tournament socket"):
``standings`` to everyone watching the event when results land, a round is paired or the
event ends, and ``table`` to a player's own pages when their table opens (the page goes
there). Sent after the commit that made the change, never inside it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from games import live
from sahrat.channel_layer import send_from_sync

from . import standings
from .models import Tournament


def group(tournament_id: int) -> str:
    return f"tournament.{int(tournament_id)}"


def user_group(tournament_id: int, user_id: int) -> str:
    return f"tournament.{int(tournament_id)}.user.{int(user_id)}"


def standings_message(tournament: Tournament) -> dict[str, Any]:
    current = tournament.round_set.order_by("-number").first()
    return {
        "type": "standings",
        "tournament": tournament.pk,
        "format": tournament.format,
        "state": tournament.state,
        "round": current.number if current else None,
        "rows": standings.rows(tournament),
    }


def table_message(tournament_id: int, table_id: int) -> dict[str, Any]:
    return {
        "type": "table",
        "tournament": int(tournament_id),
        "table": int(table_id),
        "url": reverse("games:table", args=[table_id]),
    }


def _send(groups: Iterable[str], message: dict[str, Any]) -> None:
    """``message`` to every group, in one command per channel-layer shard, from the process's
    sender loop as the tables' states go (decision 73): ``async_to_sync`` would start an event
    loop, connect to Redis and load the publish script again for every call."""
    sends = [(name, {"type": "tournament.message", "message": message}) for name in groups]
    send_from_sync(live.send_all, sends)


def push_standings(tournament_id: int) -> None:
    tournament = Tournament.objects.get(pk=tournament_id)
    _send([group(tournament_id)], standings_message(tournament))


def push_table(tournament_id: int, user_ids: Iterable[int], table_id: int) -> None:
    message = table_message(tournament_id, table_id)
    _send([user_group(tournament_id, u) for u in user_ids], message)

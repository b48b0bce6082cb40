"""The lobby's tournaments card (``{% tournaments_card %}``): the lobby knows nothing of
tournaments; its template asks for the card here."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Tournament

register = template.Library()


@register.inclusion_tag("tournaments/_lobby_card.html")
def tournaments_card() -> dict[str, Any]:
    """The public events running now and the next ones to join (three at most)."""
    public = Tournament.objects.filter(private=False)
    running = list(public.filter(state=Tournament.State.RUNNING).order_by("starts_at")[:3])
    upcoming = list(
        public.filter(state=Tournament.State.UPCOMING).order_by("starts_at")[: 3 - len(running)]
    )
    return {"events": running + upcoming}

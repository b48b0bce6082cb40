"""Helpers for the fault tests: what the live database says about a table."""

from __future__ import annotations

from typing import Any

from sahrat.testing.live import LiveSite


def round_facts(site: LiveSite, table: int) -> dict[str, Any]:
    """The current round of a table: turn, event, actions and every seat's hand."""
    return site.query(
        "from games.models import Round, Action\n"
        f"r = Round.objects.filter(match__table_id={table}).latest('number')\n"
        "e = r.engine() if r.state else None\n"
        "result = {'id': r.pk, 'number': r.number, 'status': r.status, 'turn_no': r.turn_no,\n"
        "  'event': r.event_no, 'actions': list(Action.objects.filter(round=r)"
        ".order_by('seq').values_list('seat', 'actor', 'payload')),\n"
        "  'hands': [e.view(s)['hand'] for s in range(e.players)] if e else None}\n"
    )

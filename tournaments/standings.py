"""An event's standings as rows for its page and its socket (the same rows: the page renders
them, the ``standings`` message carries them), by format."""

from __future__ import annotations

from typing import Any

from . import arena_runs, duplicate_runs, swiss_rounds
from .models import Tournament


def rows(tournament: Tournament) -> list[dict[str, Any]]:
    names = dict(tournament.entrants.values_list("pk", "name"))
    if tournament.format == Tournament.Format.SWISS:
        return [
            {
                "place": s.place,
                "entrant": s.side,
                "name": names[s.side],
                "points": s.points / 2,
                "buchholz": s.buchholz / 2,
            }
            for s in swiss_rounds.standings(tournament)
        ]
    if tournament.format == Tournament.Format.ARENA:
        return [
            {
                "place": s.place,
                "entrant": s.side,
                "name": names[s.side],
                "points": s.points,
                "matches": s.matches,
                "on_fire": s.on_fire,
            }
            for s in arena_runs.standings(tournament)
        ]
    return [
        {
            "place": s.place,
            "entrant": s.side,
            "name": names[s.side],
            "percent": s.percent,
            "matchpoints": s.matchpoints,
            "top": s.top,
            "imps": s.imps,
        }
        for s in duplicate_runs.standings(tournament)
    ]

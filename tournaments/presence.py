"""Who has a tournament's page open, counted in Redis (through Django's cache) so every daphne
process sees the same count (a player may have several tabs: the count, not a flag). At the
start of an event (and of each Swiss or duplicate round) a side with a player who is not here,
on the event's page or at one of its tables, is absent: a Swiss loss for the round, or, in an arena,
not paired until the player opens the page again."""

from __future__ import annotations

from collections.abc import Iterable

from games import presence as table_presence

#: the event pages' counter (tests give each test a prefix of its own, as the cache is shared)
PAGES = table_presence.Counter("tpresence")


def connected(tournament_id: int, user_id: int) -> int:
    return PAGES.connected(tournament_id, user_id)


def disconnected(tournament_id: int, user_id: int) -> int:
    return PAGES.disconnected(tournament_id, user_id)


def is_here(tournament_id: int, user_id: int, table_ids: Iterable[int] = ()) -> bool:
    """On the event's page, or connected to one of ``table_ids`` (the event's tables)."""
    if PAGES.is_open(tournament_id, user_id):
        return True
    return any(table_presence.is_connected(t, user_id) for t in table_ids)

"""Locks of the live layer, and the cache of engines it plays on.

The one lock order of the whole site, for every change that takes more than one lock:

    user → table → match → round → wallet accounts

The lobby locks users and tables (``lobby.services``), the live layer matches and rounds (here),
the ledger its accounts (``accounts.coins``, always last, in id order). No function takes a lock
that comes earlier in this order than one it already holds. A change that must touch an earlier
row afterwards (a match-ending move closing its table) does it after commit, in a transaction of
its own (see ``rounds.close_table``).

On SQLite every atomic block is IMMEDIATE (one writer at a time), so order cannot deadlock
there; on PostgreSQL it is what keeps two changes from waiting on each other in a circle.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.db.models import QuerySet

from games import registry
from games.models import Match, Round

from ..refusals import GameRefusal
from .rows import FirstRow

_CACHE_SIZE = 512
#: engines of rounds recently played in this process, checked against the row's action_count
#: under the row lock before use (a cache, never the authority)
_engines: OrderedDict[int, registry.Round] = OrderedDict()
_engines_lock = threading.Lock()


def engine(match: Match, rnd: Round) -> registry.Round:
    """The round's engine, for a caller that holds the round's row lock (so no other thread
    changes this round): from this process's cache when current, else a replay."""
    with _engines_lock:
        cached = _engines.get(rnd.pk)
        if cached is not None and len(cached.actions) == rnd.action_count:
            _engines.move_to_end(rnd.pk)
            return cached
    found = engine_to_read(match, rnd)
    remember(rnd.pk, found)
    return found


def remember(round_id: int, found: registry.Round) -> None:
    with _engines_lock:
        _engines[round_id] = found
        _engines.move_to_end(round_id)
        while len(_engines) > _CACHE_SIZE:
            _engines.popitem(last=False)


def engine_to_read(match: Match, rnd: Round) -> registry.Round:
    """An engine for a reader without the row lock: its own replay of the row it read, never
    the cached object a locked writer may be changing in another thread."""
    return match.game_entry.round_from_json(rnd.engine_state())


def current_match(table_id: int) -> Match | None:
    return _match_of_table_to_read.get(table_id)


def playing_match(table_id: int) -> Match:
    """The table's current match; refused (``not_playing``) when it has none."""
    match = current_match(table_id)
    if match is None:
        raise GameRefusal("not_playing")
    return match


def latest_round(match: Match, *, lock: bool) -> Round | None:
    if lock:
        return _latest_round_locked.get(match.pk)
    return _latest_round_to_read.get(match.pk)


def locked_matches() -> QuerySet[Match]:
    """Matches locked for a change; the match's record (every round's result so far) is read
    only where a round ends."""
    return Match.objects.select_for_update().defer("record")


def locked_rounds() -> QuerySet[Round]:
    """Rounds locked for a change; the round's JSON is read only when the engine is not in
    this process's cache."""
    return Round.objects.select_for_update().defer("state")


#: the statements of every move and of every socket's arrival, compiled once (``rows``)
_match_of_table_to_read = FirstRow(
    lambda table_id: Match.objects.filter(table_id=table_id).order_by("-pk")
)
_latest_round_to_read = FirstRow(
    lambda match_id: Round.objects.filter(match_id=match_id).order_by("-number")
)
_match_of_table = FirstRow(
    lambda table_id: locked_matches().filter(table_id=table_id).order_by("-pk")
)
_match_by_id = FirstRow(lambda match_id: locked_matches().filter(pk=match_id))
_round_by_id = FirstRow(lambda round_id: locked_rounds().filter(pk=round_id))
_latest_round_locked = FirstRow(
    lambda match_id: locked_rounds().filter(match_id=match_id).order_by("-number")
)


def lock_match(table_id: int) -> Match | None:
    """Lock the table's current match (the first lock of every live change that holds none)."""
    return _match_of_table.get(table_id)


def lock(table_id: int) -> tuple[Match, Round]:
    """Lock the table's current match and its latest round, in that order."""
    match = lock_match(table_id)
    if match is None:
        raise GameRefusal("not_playing")
    rnd = latest_round(match, lock=True)
    if rnd is None:
        raise GameRefusal("not_playing")
    return match, rnd


def lock_match_by_id(match_id: int) -> Match | None:
    return _match_by_id.get(match_id)


def lock_round(round_id: int) -> tuple[Match, Round] | None:
    """Lock a round's match, then the round (a Celery job knows the round, not the table)."""
    match_id = Round.objects.filter(pk=round_id).values_list("match_id", flat=True).first()
    if match_id is None:
        return None
    match = _match_by_id.get(match_id)
    rnd = _round_by_id.get(round_id)
    assert match is not None and rnd is not None, "a round and its match are deleted together"
    return match, rnd

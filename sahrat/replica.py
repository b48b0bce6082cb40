"""Reads of the read-only pages from a streaming replica (``DATABASE_REPLICA_URL``, issue #33).

- **Which reads.** Only a view decorated with ``@reads_from_replica`` (history, a match, a
  replay, Verify, the leaderboard, a player's page), only for GET and HEAD, reads from the
  ``replica`` alias; everything else, every write and every read of the session and log-in
  tables, goes to the primary (``ReplicaRouter``). The response says which one served it:
  ``X-Sahrat-Read-From: replica`` or ``primary``.
- **Read-your-writes.** A replica is behind by the time its WAL takes to arrive (milliseconds
  here, more under load). A player who has just written reads the primary for
  ``SAHRAT_REPLICA_PIN_SECONDS``: a key per user in the cache (``replica:pin:<user id>``),
  set after each of their own unsafe requests (``ReplicaMiddleware``), and for every
  player of a match when one of its rounds reveals its secret and when it is archived (those
  writes happen in Celery's workers, where no response could carry a cookie; the cache key
  also follows the player to every device).
- **A replica that is down.** The connection is checked before the view runs (a refused
  connection fails at once, an unreachable host after ``SAHRAT_REPLICA_CONNECT_SECONDS``); a
  failure sends this request to the primary, and the next ones too for
  ``SAHRAT_REPLICA_RETRY_SECONDS`` (this process only). A replica lost in the middle of the
  view (a database error while the replica's connection is broken) runs the view again on the
  primary: these views only read, so running one twice changes nothing.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

log = logging.getLogger(__name__)

REPLICA = "replica"
HEADER = "X-Sahrat-Read-From"
PIN_KEY = "replica:pin:{}"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")
#: always read on the primary: a session or a log-in made a moment ago must be found
PRIMARY_ONLY_APPS = frozenset({"sessions", "axes", "auth", "contenttypes"})

_reading: ContextVar[bool] = ContextVar("sahrat_replica_reading", default=False)


class _Health:
    """When this process may try the replica again after it failed (monotonic seconds)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.down_until = 0.0

    def down(self) -> bool:
        return time.monotonic() < self.down_until

    def failed(self, error: BaseException) -> None:
        with self.lock:
            if not self.down():
                log.warning("replica unavailable, reading from the primary: %s", error)
            self.down_until = time.monotonic() + settings.SAHRAT_REPLICA_RETRY_SECONDS
        try:
            connections[REPLICA].close()
        except Exception:  # noqa: BLE001  (a broken connection may fail to close; it is dropped)
            pass


health = _Health()


def configured() -> bool:
    return REPLICA in settings.DATABASES


class ReplicaRouter:
    """The ``replica`` alias for reads inside ``@reads_from_replica``, the primary for the rest;
    never a write, never a migration on the replica."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str:
        if _reading.get() and model._meta.app_label not in PRIMARY_ONLY_APPS:
            return REPLICA
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model: type[Model], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool:
        return True  # the replica holds the primary's rows

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS


def pin_to_primary(user_ids: Iterable[int | None]) -> None:
    """These users read the primary for ``SAHRAT_REPLICA_PIN_SECONDS`` (they just wrote)."""
    seconds = settings.SAHRAT_REPLICA_PIN_SECONDS
    if not configured() or seconds <= 0:
        return
    keys = {PIN_KEY.format(uid): 1 for uid in user_ids if uid is not None}
    if keys:
        cache.set_many(keys, timeout=math.ceil(seconds))


def pinned(user_id: int) -> bool:
    """Whether the user reads the primary now (also when the cache cannot say: the safe side)."""
    try:
        return cache.get(PIN_KEY.format(user_id)) is not None
    except Exception:  # noqa: BLE001  (Redis down: the primary is always right)
        return True


def _replica_answers() -> bool:
    if health.down():
        return False
    replica = connections[REPLICA]
    try:
        replica.close_if_health_check_failed()
        replica.ensure_connection()
    except (OperationalError, InterfaceError) as error:
        health.failed(error)
        return False
    return True


def _replica_broken() -> bool:
    """After a database error: whether the replica's connection is the one that broke."""
    replica = connections[REPLICA]
    return replica.connection is None or not replica.is_usable()


View = Callable[..., HttpResponse]


def reads_from_replica(view: View) -> View:
    """Run a read-only view's reads on the replica (see the module's docstring)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not configured() or request.method not in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        user = request.user  # loaded now, from the primary: a session made a moment ago
        if (user.is_authenticated and pinned(user.pk)) or not _replica_answers():
            _served_by(request, "primary")
            return view(request, *args, **kwargs)
        _served_by(request, "replica")
        token = _reading.set(True)
        try:
            response = view(request, *args, **kwargs)
            render = getattr(response, "render", None)
            if render is not None and not getattr(response, "is_rendered", True):
                render()  # a template's queries run here, while the replica is chosen
        except (OperationalError, InterfaceError) as error:
            _reading.reset(token)
            if not _replica_broken():
                raise
            health.failed(error)
            _served_by(request, "primary")
            return view(request, *args, **kwargs)
        except BaseException:
            _reading.reset(token)
            raise
        _reading.reset(token)
        return response

    return wrapper


def _served_by(request: HttpRequest, which: str) -> None:
    request.sahrat_read_from = which  # type: ignore[attr-defined]  # the header, below


class ReplicaMiddleware(MiddlewareMixin):
    """Says which database served a page's reads (``X-Sahrat-Read-From``, also on a 404 the
    view raised); after a signed-in player's own write (any unsafe request), they read the
    primary for a while: the page they go to next shows what they just did."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        which = getattr(request, "sahrat_read_from", None)
        if which is not None:
            response[HEADER] = which
        if request.method not in SAFE_METHODS:
            user = getattr(request, "user", None)
            if user is not None and user.is_authenticated:
                pin_to_primary([user.pk])
        return response

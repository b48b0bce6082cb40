"""A ``replica`` alias for the router's tests: the test database itself (as ``TEST: MIRROR``
makes it in a real run), reached on a connection of its own, so what it reads is what was
committed (the tests run with ``transaction=True``)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connections
from django.db.utils import load_backend

from sahrat.replica import REPLICA


@pytest.fixture
def with_replica(settings: Any) -> Iterator[Callable[..., None]]:
    def configure(**overrides: Any) -> None:
        warnings.filterwarnings("ignore", "Overriding setting DATABASES")
        entry = {**connections["default"].settings_dict, **overrides}
        # a connection made here, not listed in connections.settings: Django's test case lets
        # such a dynamically made connection connect (it forbids listed aliases not declared)
        connections[REPLICA] = load_backend(entry["ENGINE"]).DatabaseWrapper(entry, REPLICA)
        settings.DATABASES = {**settings.DATABASES, REPLICA: entry}
        settings.DATABASE_ROUTERS = ["sahrat.replica.ReplicaRouter"]
        settings.MIDDLEWARE = [*settings.MIDDLEWARE, "sahrat.replica.ReplicaMiddleware"]
        settings.SAHRAT_REPLICA_RETRY_SECONDS = 5.0

    yield configure
    replica = getattr(connections._connections, REPLICA, None)
    if replica is not None:
        replica.close()
        del connections[REPLICA]
    from sahrat.replica import health

    health.down_until = 0.0

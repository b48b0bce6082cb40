"""Shared fixtures: named players (four who sit, one outsider) and logged-in clients.

Redis (embedded or REDIS_URL) is started by ``sahrat.testing.pytest_plugin`` before Django
reads its settings; the database is pytest-django's test database (SQLite or DATABASE_URL).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.test.utils import override_settings

from accounts.models import CoinSettings, EarningRule, StakeLevel, User
from lobby import services
from lobby.models import Table

#: Tests that run real servers (daphne, Celery, Chromium) and wait on real clocks: under
#: pytest-xdist (``make test``) their modules go out first, one module at a time to each free
#: worker, and the in-process modules fill the workers after them. ``make test`` starts one
#: worker per core (decision 125: one more overloaded the machine). (They
#: were once one unit on one worker, to run one site at a time: that worker alone took over 18
#: of CI's 20 minutes while the other idled half of it.)
LIVE = ("browser", "integration", "ops", "test_make_run_serves_the_embedded_default.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The live modules first (the browser's before the servers'), each module's tests together,
    the rest in their collected order: xdist hands modules out in this order."""
    rank = {name: n for n, name in enumerate(LIVE)}

    def place(item: pytest.Item) -> int:
        return rank.get(item.nodeid.split("/")[1].split("::")[0], len(LIVE))  # tests/<top>/...

    items.sort(key=place)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's per-module scheduling, in the collected order (live modules first) rather than
    largest module first."""
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False
    return LoadScopeScheduling(config, log)


@pytest.fixture(autouse=True, scope="session")
def test_settings() -> Iterator[None]:
    """Pages render without a collectstatic manifest; passwords hash fast."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    fast = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # tests only: hashing is not the test
    with override_settings(STORAGES=storages, PASSWORD_HASHERS=fast):
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database, and at the end of the run no session left on it. Socket
    tests query from worker threads (the table threads, asgiref's), each with its own
    connection, which the run never closes: PostgreSQL would refuse to drop the test database
    while they are open. Their sessions end before pytest-django drops it."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def coin_rules(db: None) -> None:
    """Sahrat's default coin rules, as the migration seeds them. A transactional test's flush
    empties every table, the migration's rows too, and the tests after it on the same worker
    would find no stake levels or earning rules: tests that read them ask for this."""
    CoinSettings.objects.update_or_create(pk=1, defaults={"fee_percent": 10})
    for amount in (100, 500, 1000):
        StakeLevel.objects.update_or_create(amount=amount, defaults={"active": True})
    for kind, values in EarningRule.DEFAULTS.items():
        EarningRule.objects.update_or_create(kind=kind, defaults={**values, "active": True})


@pytest.fixture(autouse=True)
def fresh_rate_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test counts its own rate limits: the counters live in the (shared) Redis cache."""
    from uuid import uuid4

    from accounts import throttle

    monkeypatch.setattr(throttle, "PREFIX", f"throttle-test-{uuid4().hex}")


@pytest.fixture
def make_user(db: None) -> Callable[..., User]:
    def make(username: str, **extra: Any) -> User:
        extra.setdefault("display_name", username.capitalize())
        extra.setdefault("email", f"{username}@example.com")
        return User.objects.create_user(username=username, password="a-long-secret-42", **extra)

    return make


@pytest.fixture
def alice(make_user: Callable[..., User]) -> User:
    return make_user("alice")


@pytest.fixture
def bob(make_user: Callable[..., User]) -> User:
    return make_user("bob")


@pytest.fixture
def carol(make_user: Callable[..., User]) -> User:
    return make_user("carol")


@pytest.fixture
def dave(make_user: Callable[..., User]) -> User:
    return make_user("dave")


@pytest.fixture
def outsider(make_user: Callable[..., User]) -> User:
    return make_user("outsider")


@pytest.fixture
def client_for() -> Callable[..., Client]:
    """A logged-in client; ``language`` sets the language cookie (it beats the profile's)."""

    def make(user: User, language: str | None = None) -> Client:
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        if language:
            client.cookies["django_language"] = language
        return client

    return make


@pytest.fixture
def free_table(alice: User) -> Table:
    """A waiting free four-player table with alice at seat 0."""
    return services.create_table(alice, {})


@pytest.fixture
def one_on_one(alice: User) -> Table:
    return services.create_table(alice, {"players": 2})

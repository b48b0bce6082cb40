"""``/health/ready/`` (the proxy's check of one process): 200 when the database and Redis
answer, 503 naming what is down otherwise; it reports Celery's table work without failing on
it. ``/health/tasks/`` (the monitor's check of the site's table work): 200 when the sweep ran
lately, 503 when it stopped."""

import time

import pytest
from django.core.cache import cache

from games.tasks import sweep_tables
from sahrat import health


@pytest.fixture(autouse=True)
def no_sweep_yet():
    cache.delete(health.LAST_SWEEP_KEY)
    yield
    cache.delete(health.LAST_SWEEP_KEY)


@pytest.mark.django_db
@pytest.mark.parametrize("check", ["/health/ready/", "/health/tasks/"])
def test_all_is_ready_once_the_sweep_has_run(client, check):
    sweep_tables()  # what beat sends the worker every few seconds
    response = client.get(check)
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == body["redis"] == body["tasks"] == "ok"
    assert 0 <= body["last_sweep_seconds_ago"] < 5


@pytest.mark.django_db
def test_no_sweep_means_the_table_work_stopped(client):
    response = client.get("/health/tasks/")
    assert response.status_code == 503
    assert response.json()["tasks"] == "stopped"


@pytest.mark.django_db
def test_a_sweep_long_ago_means_the_table_work_stopped(client, settings):
    cache.set(health.LAST_SWEEP_KEY, time.time() - settings.SAHRAT_SWEEP_SECONDS * 10)
    response = client.get("/health/tasks/")
    assert response.status_code == 503 and response.json()["tasks"] == "stopped"


@pytest.mark.django_db
def test_a_stopped_sweep_leaves_the_process_ready_and_says_so(client, settings):
    # the sweep is the site's, not this process's: every daphne failing the proxy's check at
    # once would turn the whole site away, where only the tables' clocks and bots pause
    cache.set(health.LAST_SWEEP_KEY, time.time() - settings.SAHRAT_SWEEP_SECONDS * 10)
    response = client.get("/health/ready/")
    assert response.status_code == 200
    assert response.json()["tasks"] == "stopped" and response.json()["database"] == "ok"


@pytest.mark.django_db
def test_redis_down_is_reported(client, monkeypatch):
    def unreachable(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(health.cache, "get", unreachable)
    response = client.get("/health/ready/")
    assert response.status_code == 503
    assert response.json()["redis"] == "down" and response.json()["database"] == "ok"

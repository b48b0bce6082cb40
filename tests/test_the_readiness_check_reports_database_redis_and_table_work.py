"""``/health/ready/``: 200 when the database and Redis answer and Celery's sweep ran lately;
503 naming what is down otherwise."""

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
def test_all_is_ready_once_the_sweep_has_run(client):
    sweep_tables()  # what beat sends the worker every few seconds
    response = client.get("/health/ready/")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == body["redis"] == body["tasks"] == "ok"
    assert 0 <= body["last_sweep_seconds_ago"] < 5


@pytest.mark.django_db
def test_no_sweep_means_the_table_work_stopped(client):
    response = client.get("/health/ready/")
    assert response.status_code == 503
    assert response.json()["tasks"] == "stopped"


@pytest.mark.django_db
def test_a_sweep_long_ago_means_the_table_work_stopped(client, settings):
    cache.set(health.LAST_SWEEP_KEY, time.time() - settings.SAHRAT_SWEEP_SECONDS * 10)
    response = client.get("/health/ready/")
    assert response.status_code == 503 and response.json()["tasks"] == "stopped"


@pytest.mark.django_db
def test_redis_down_is_reported(client, monkeypatch):
    def unreachable(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(health.cache, "get", unreachable)
    response = client.get("/health/ready/")
    assert response.status_code == 503
    assert response.json()["redis"] == "down" and response.json()["database"] == "ok"

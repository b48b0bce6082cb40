import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from sahrat.env import env_redis_urls

ROOT = Path(__file__).resolve().parents[1]


def _settings(**env):
    code = (
        "import json, django.conf as c; s = c.settings; print(json.dumps({"
        "'hosts': [h['address'] for h in s.CHANNEL_LAYERS['default']['CONFIG']['hosts']], "
        "'broker': s.CELERY_BROKER_URL, 'cache': s.CACHES['default']['LOCATION'], "
        "'aliases': sorted(s.DATABASES), 'routers': getattr(s, 'DATABASE_ROUTERS', []), "
        "'options': s.DATABASES['default'].get('OPTIONS', {}), "
        "'cursors': s.DATABASES['default'].get('DISABLE_SERVER_SIDE_CURSORS', False), "
        "'replica': s.DATABASES.get('replica', {}).get('OPTIONS')}))"
    )
    drop = ("CHANNEL_REDIS_URLS", "CELERY_BROKER_URL", "CACHE_REDIS_URL", "DATABASE_POOLED")
    full = {k: v for k, v in os.environ.items() if k not in drop and "REPLICA" not in k}
    full.update(DJANGO_SETTINGS_MODULE="sahrat.settings", REDIS_URL="redis://127.0.0.1:1/0", **env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True
    )


def test_redis_urls_must_be_redis_urls(monkeypatch):
    monkeypatch.setenv("X_REDIS", "redis://a:6379/0, http://b:6379/0")
    with pytest.raises(ImproperlyConfigured, match="X_REDIS must list Redis URLs"):
        env_redis_urls("X_REDIS", [])
    monkeypatch.setenv("X_REDIS", "redis://a:6379/0,redis://b:6379/0")
    assert env_redis_urls("X_REDIS", []) == ["redis://a:6379/0", "redis://b:6379/0"]
    with pytest.raises(ImproperlyConfigured, match="takes one Redis URL"):
        env_redis_urls("X_REDIS", [], single=True)


def test_the_channel_layer_shards_over_every_listed_redis_and_celery_has_its_own():
    result = _settings(
        CHANNEL_REDIS_URLS="redis://127.0.0.1:2/0,redis://127.0.0.1:3/0",
        CELERY_BROKER_URL="redis://127.0.0.1:4/0",
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.splitlines()[-1])
    assert seen["hosts"] == ["redis://127.0.0.1:2/0", "redis://127.0.0.1:3/0"]
    assert seen["broker"] == "redis://127.0.0.1:4/0"
    assert seen["cache"] == "redis://127.0.0.1:1/0"


def test_without_them_everything_stays_on_redis_url_and_one_database():
    seen = json.loads(_settings().stdout.splitlines()[-1])
    assert seen["hosts"] == ["redis://127.0.0.1:1/0"] and seen["broker"] == seen["hosts"][0]
    assert seen["aliases"] == ["default"] and seen["routers"] == []


def test_pooling_and_a_replica_need_postgresql():
    for name in ("DATABASE_POOLED", "DATABASE_REPLICA_URL"):
        value = "true" if name == "DATABASE_POOLED" else "postgres://u@127.0.0.1:1/x"
        result = _settings(DATABASE_URL="", **{name: value})
        assert result.returncode != 0 and "needs a PostgreSQL DATABASE_URL" in result.stderr


def test_pooled_postgresql_prepares_nothing_and_the_replica_is_routed():
    result = _settings(
        DATABASE_URL="postgres://u:p@127.0.0.1:6432/sahrat",
        DATABASE_POOLED="true",
        DATABASE_REPLICA_URL="postgres://u:p@127.0.0.1:5433/sahrat",
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.splitlines()[-1])
    assert seen["options"] == {"prepare_threshold": None} and seen["cursors"] is True
    assert seen["aliases"] == ["default", "replica"]
    assert seen["routers"] == ["sahrat.replica.ReplicaRouter"]
    assert seen["replica"] == {"connect_timeout": 2}

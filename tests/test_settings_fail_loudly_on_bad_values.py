import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from sahrat.embedded_redis import celery_url
from sahrat.env import env_bool, env_choice, env_int, env_list

ROOT = Path(__file__).resolve().parents[1]


def test_booleans_accept_the_usual_words(monkeypatch):
    for word, value in [("true", True), ("1", True), ("on", True), ("no", False), ("0", False)]:
        monkeypatch.setenv("X_FLAG", word)
        assert env_bool("X_FLAG", not value) is value


def test_a_bad_boolean_fails_loudly(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        env_bool("X_FLAG", True)


def test_a_bad_number_fails_loudly(monkeypatch):
    monkeypatch.setenv("X_NUM", "ten")
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int("X_NUM", 1)
    monkeypatch.setenv("X_NUM", "-3")
    with pytest.raises(ImproperlyConfigured, match="at least 0"):
        env_int("X_NUM", 1, minimum=0)


def test_lists_and_choices(monkeypatch):
    monkeypatch.setenv("X_LIST", "a.example, b.example,,")
    assert env_list("X_LIST", []) == ["a.example", "b.example"]
    monkeypatch.setenv("X_LANG", "fr")
    with pytest.raises(ImproperlyConfigured, match="one of ar, en"):
        env_choice("X_LANG", "ar", ["ar", "en"])


def test_celery_spells_a_unix_socket_its_own_way():
    assert celery_url("unix:///srv/var/redis.sock") == "redis+socket:///srv/var/redis.sock"
    assert celery_url("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"


def _settings(**env):
    code = (
        "import django.conf as c; s = c.settings; "
        "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.SECURE_HSTS_SECONDS)"
    )
    full = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    full.update(DJANGO_SETTINGS_MODULE="sahrat.settings", **env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True
    )


def test_without_debug_a_secret_key_is_required():
    result = _settings(DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_without_debug_cookies_are_secure_and_hsts_is_on():
    result = _settings(DEBUG="false", SECRET_KEY="x" * 50)
    assert result.stdout.split() == ["False", "True", "True", "31536000"]
